#include "uno_knowledge.h"

namespace copas {

UnoHandKnowledge uno_hand_knowledge(const Position& pos, int seat) {
  UnoHandKnowledge k;
  const int n = pos.players();
  k.whole[seat] = true;
  if (pos.phase() == Phase::kPassing) return k;  // the passes are not exchanged yet
  // token[s]: the hand seat s holds, named by the seat that held it after the pass.
  int token[kMaxPlayers];
  for (int s = 0; s < n; ++s) token[s] = s;
  unsigned seen = 1u << seat;  // the tokens `seat` has held
  const int receiver = ((seat + pos.pass_plan().parts[0].offset) % n + n) % n;
  TwinSet passed = pos.passed_cards(seat);
  // What each token's plays showed it lacked, read from the position as each was made:
  // a replay from the first play (undo takes each trick's draws and swaps back).
  CardSet absent[kMaxPlayers] = {};
  Position replay = pos;
  while (replay.num_plays() > 0) replay.undo();
  for (int t = 0; t <= pos.tricks_done(); ++t) {
    const int from = pos.trick_start(t);
    const int to = t < pos.tricks_done() ? pos.trick_start(t + 1) : pos.num_plays();
    for (int i = from; i < to; ++i) {
      const PlayRecord& r = pos.play_record(i);
      if (token[r.seat] == receiver && (passed.once & r.card.bit())) passed.remove(r.card.bit());
      absent[token[r.seat]] |= replay.revealed_absent(r.card);
      replay.play(r.card);
    }
    int with[kMaxPlayers];
    const int swaps = pos.swaps_after_trick(t, with);
    if (!swaps) continue;
    // Trick t's winner leads trick t + 1 (the one in progress, or done).
    const int winner = t + 1 == pos.tricks_done() ? pos.leader() : pos.play_record(pos.trick_start(t + 1)).seat;
    for (int j = 0; j < swaps; ++j) {
      std::swap(token[winner], token[with[j]]);
      seen |= 1u << token[seat];
    }
  }
  for (int s = 0; s < n; ++s) {
    k.whole[s] = (seen >> token[s]) & 1;
    if (!k.whole[s] && token[s] == receiver) k.part[s] = passed;
    k.absent[s] = absent[token[s]];
  }
  return k;
}

}  // namespace copas
