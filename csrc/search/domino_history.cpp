#include "domino_history.h"

#include "knowledge.h"

namespace copas {

namespace {

constexpr int kNow = 1 << 20;
constexpr int kMaxCases = 256;
constexpr int kMaxSteps = 1 << 12;  // discards walked over all branches (most may end in no history)
constexpr int kWalkParts = 64;

// A part of another seat's hand: its seat, when it came (a time of the walk) and its
// size; a kept drawn discard (token >= 0) holds that discard's card.
struct WalkPart {
  int seat = 0;
  int came = 0;
  int size = 0;
  int token = -1;
  int left = 0;       // discards made out of it (a regular part) ...
  bool gone = false;  // ... or its one card played or discarded (a kept discard)
};

// A face-down discard's card: known (me's own, or seen since), or not with the suits it lacks.
struct Token {
  int card = -1;
  unsigned lacks = 0;
};

struct Void {
  int time = 0;
  int seat = 0;
  int suit = 0;
};

struct Spent {
  int seat = 0;
  int time = 0;
  Card card;
};

// One case's walk through the history so far.
struct Walk {
  WalkPart part[kWalkParts];
  int parts = 0;
  Token token[kMaxPlays];
  int tokens = 0;
  Void shown[kMaxPlays];
  int voids = 0;
  Spent spent[kMaxPlays];
  int spends = 0;
  bool too_many = false;  // more parts than the walk keeps
  int stock_token = -1;   // the discard lying as the stock
  int forced_token = -1;  // a drawn discard its drawer plays next (-2: a dealt card)
  int forced_seat = -1;

  // The suits `seat` showed it lacked at a time in (from, to).
  unsigned lacked(int seat, int from, int to) const {
    unsigned suits = 0;
    for (int i = 0; i < voids; ++i)
      if (shown[i].seat == seat && from < shown[i].time && shown[i].time < to) suits |= 1u << shown[i].suit;
    return suits;
  }
  bool add_part(int seat, int came, int size, int token) {
    if (parts == kWalkParts) {
      too_many = true;
      return false;
    }
    part[parts++] = WalkPart{seat, came, size, token};
    return true;
  }
};

CardSet suits_set(unsigned suits) {
  CardSet cards = 0;
  for (int s = 0; s < kNumSuits; ++s)
    if ((suits >> s) & 1) cards |= suit_mask(s);
  return cards;
}

bool lacks_card(unsigned suits, Card c) { return (suits >> c.suit()) & 1; }

class CaseWalker {
 public:
  CaseWalker(const Knowledge& k, const std::function<bool(const Knowledge&)>& add) : k_(k), add_(add) {
    mine_ = k.own_hand;
    for (int i = 0; i < k.domino.size; ++i) {
      const DominoItem& it = k.domino.item[i];
      if (it.seat == k.me && (it.flags & (DominoItem::kPlay | DominoEvent::kDiscard))) mine_ |= Card(it.value).bit();
    }
  }

  // False when it gave up (too many cases or parts) or add refused.
  bool walk(int i, Walk w) {
    for (; i < k_.domino.size; ++i) {
      const DominoItem& it = k_.domino.item[i];
      const int t = 2 * i;
      if (it.flags & DominoItem::kPlay) {
        if (!play(w, it, t)) return true;  // no history of this case fits
      } else if (!(it.flags & DominoEvent::kDiscard)) {
        if (!draw(w, it, t)) return !w.too_many;
      } else if (it.seat == k_.me) {
        w.token[w.tokens++] = Token{it.value, 0};
        w.stock_token = w.tokens - 1;
      } else {
        // A case per part the card may have left.
        w.shown[w.voids++] = Void{t, it.seat, it.suit};
        if (++steps_ > kMaxSteps) return false;
        for (int p = 0; p < w.parts; ++p) {
          const WalkPart& from = w.part[p];
          // A dealt or drawn part has a card to give while fewer left it than came.
          if (from.seat != it.seat || from.came >= t || from.gone || (from.token < 0 && from.left >= from.size)) continue;
          Walk branch = w;
          WalkPart& src = branch.part[p];
          const unsigned lacks = branch.lacked(it.seat, src.came, t + 1);
          if (src.token < 0) {
            ++src.left;
            branch.token[branch.tokens++] = Token{-1, lacks};
            branch.stock_token = branch.tokens - 1;
          } else {
            Token& moved = branch.token[src.token];
            if (moved.card >= 0 && lacks_card(lacks, Card(moved.card))) continue;
            moved.lacks |= lacks;
            src.gone = true;
            branch.stock_token = src.token;
          }
          if (!walk(i + 1, branch)) return false;
        }
        return true;
      }
    }
    return finish(w);
  }

 private:
  bool play(Walk& w, const DominoItem& it, int t) {
    const Card c(it.value);
    const bool forced = w.forced_seat == it.seat;
    const int forced_token = w.forced_token;
    w.forced_seat = -1;
    if (it.seat == k_.me) return true;
    if (forced) {
      if (forced_token < 0) return true;  // a dealt card, drawn and played at once
      Token& tk = w.token[forced_token];
      if (tk.card < 0 ? lacks_card(tk.lacks, c) : tk.card != it.value) return false;
      tk.card = it.value;
      return true;
    }
    for (int p = 0; p < w.parts; ++p) {
      WalkPart& part = w.part[p];
      if (part.seat == it.seat && part.token >= 0 && !part.gone && w.token[part.token].card == it.value) {
        part.gone = true;  // me's discard it kept, played now
        return true;
      }
    }
    // A card me held reached another seat only as me's discard, which me follows.
    if (contains(mine_, c)) return false;
    w.spent[w.spends++] = Spent{it.seat, t, c};
    return true;
  }

  bool draw(Walk& w, const DominoItem& it, int t) {
    const bool found = it.flags & DominoEvent::kFound;
    if (!(it.flags & DominoEvent::kFromDiscard)) {
      if (it.seat == k_.me) return true;
      w.shown[w.voids++] = Void{t + 1, it.seat, it.suit};
      if (found) {
        w.forced_seat = it.seat;
        w.forced_token = -2;
      }
      return it.value - found <= 0 || w.add_part(it.seat, t, it.value - found, -1);
    }
    const int tk = w.stock_token;
    w.stock_token = -1;
    if (it.seat == k_.me) {
      // me sees the card it draws.
      if (tk < 0) return false;
      Token& token = w.token[tk];
      if (token.card < 0 ? lacks_card(token.lacks, Card(it.value)) : token.card != it.value) return false;
      token.card = it.value;
      return true;
    }
    w.shown[w.voids++] = Void{t + 1, it.seat, it.suit};
    if (found) {
      w.forced_seat = it.seat;
      w.forced_token = tk;
      return true;
    }
    return w.add_part(it.seat, t, 1, tk);
  }

  // The case's knowledge: its holders, its spent cards.
  bool finish(const Walk& w) {
    Knowledge one = k_;
    one.domino.size = 0;
    one.parts = 0;
    one.spent = 0;
    int holder_of[kWalkParts];
    auto add_holder = [&](int seat, int room, CardSet absent) {
      if (one.parts == kMaxDominoParts) return false;
      one.part[one.parts++] = DominoPart{static_cast<std::uint8_t>(seat), static_cast<std::uint8_t>(room), absent & k_.deck};
      return true;
    };
    for (int p = 0; p < w.parts; ++p) {
      const WalkPart& part = w.part[p];
      holder_of[p] = -1;
      const unsigned since = w.lacked(part.seat, part.came, kNow);
      if (part.token < 0) {
        const int room = part.size - part.left;
        if (room < 0) return true;  // more discards than it held: no history
        if (room == 0) continue;
        holder_of[p] = one.parts;
        if (!add_holder(part.seat, room, suits_set(since))) return false;
      } else if (!part.gone) {
        const Token& tk = w.token[part.token];
        if (tk.card >= 0) {
          if (lacks_card(since, Card(tk.card))) return true;
          one.must_hold[part.seat] |= Card(tk.card).bit();  // me's discard, kept
          continue;
        }
        holder_of[p] = one.parts;
        if (!add_holder(part.seat, 1, suits_set(since | tk.lacks))) return false;
      }
    }
    if (w.stock_token >= 0 && w.token[w.stock_token].card >= 0) {
      // A discard lying, known to me (its own, or its own drawn and discarded again).
      one.played |= Card(w.token[w.stock_token].card).bit();
      one.undealt = 0;
    }
    if (one.undealt > 0) {
      const CardSet absent = w.stock_token >= 0 ? suits_set(w.token[w.stock_token].lacks) : 0;
      if (!add_holder(k_.players, one.undealt, absent)) return false;
    }
    for (int i = 0; i < w.spends; ++i) {
      const Spent& sp = w.spent[i];
      std::uint16_t holders = 0;
      for (int p = 0; p < w.parts; ++p) {
        const WalkPart& part = w.part[p];
        if (holder_of[p] < 0 || part.seat != sp.seat || part.came >= sp.time) continue;
        unsigned lacks = w.lacked(part.seat, part.came, sp.time);
        if (part.token >= 0) lacks |= w.token[part.token].lacks;
        if (!lacks_card(lacks, sp.card)) holders |= static_cast<std::uint16_t>(1u << holder_of[p]);
      }
      if (!holders) return true;  // no part can have held it: no history
      one.spent |= sp.card.bit();
      one.spent_parts[sp.card.index] = holders;
    }
    if (++cases_ > kMaxCases) return false;
    return add_(one);
  }

  const Knowledge& k_;
  const std::function<bool(const Knowledge&)>& add_;
  CardSet mine_ = 0;  // every card me held this hand
  int cases_ = 0;
  int steps_ = 0;
};

}  // namespace

void add_domino_history(const Position& pos, Knowledge& k) {
  k.domino.size = 0;
  if (!pos.domino_log_complete()) return;
  DominoHistory& h = k.domino;
  h.dealt = pos.rules().hand_size;
  int e = 0;
  for (int i = 0; i <= pos.num_plays(); ++i) {
    for (; e < pos.domino_events() && pos.domino_event(e).at_play == i; ++e) {
      const DominoEvent& ev = pos.domino_event(e);
      h.item[h.size++] = DominoItem{ev.seat, ev.flags, ev.suit, ev.value};
    }
    if (i == pos.num_plays()) break;
    const PlayRecord& rec = pos.play_record(i);
    h.item[h.size++] = DominoItem{rec.seat, DominoItem::kPlay, static_cast<std::uint8_t>(rec.card.suit()), rec.card.index};
  }
}

bool for_each_domino_case(const Knowledge& k, const std::function<bool(const Knowledge&)>& add) {
  Walk start;
  for (int s = 0; s < k.players; ++s)
    if (s != k.me) start.add_part(s, -1, k.domino.dealt, -1);
  return CaseWalker(k, add).walk(0, start);
}

}  // namespace copas
