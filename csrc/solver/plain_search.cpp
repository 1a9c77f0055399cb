#include "plain_search.h"

#include <algorithm>
#include <climits>

namespace copas::solver {

namespace {

class PlainSearch {
 public:
  explicit PlainSearch(const Position& pos)
      : pos_(pos), side_(side_of(pos.rules(), pos.turn())), sign_(pos.rules().goal == Goal::kLow ? 1 : -1) {}

  // Cost (sign * score) of the root seat, which minimises it.
  int search(int alpha, int beta) {
    ++nodes_;
    if (pos_.phase() == Phase::kOver) {
      std::int32_t scores[kMaxPlayers];
      pos_.hand_scores(scores);
      int side_score = 0;  // with teams, the root's side: its seats' scores summed
      for (std::uint32_t side = side_; side; side &= side - 1) side_score += scores[__builtin_ctz(side)];
      return sign_ * side_score;
    }
    const bool minimising = (side_ >> pos_.turn()) & 1;
    int best = minimising ? INT_MAX : INT_MIN;
    for (CardSet moves = pos_.legal_moves(); moves;) {
      pos_.play(pop_lowest(moves));
      const int v = search(alpha, beta);
      pos_.undo();
      if (minimising) {
        best = std::min(best, v);
        beta = std::min(beta, v);
      } else {
        best = std::max(best, v);
        alpha = std::max(alpha, v);
      }
      if (alpha >= beta) break;
    }
    return best;
  }

  int sign() const { return sign_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  Position pos_;
  std::uint32_t side_;  // the root seat's side (bit per seat)
  int sign_;
  std::uint64_t nodes_ = 0;
};

}  // namespace

PlainResult solve_plain(const Position& pos) {
  PlainSearch search(pos);
  const int cost = search.search(INT_MIN, INT_MAX);
  return {search.sign() * cost, search.nodes()};
}

}  // namespace copas::solver
