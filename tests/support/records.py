"""Game records (copas-game/1 data) built from explicit post-pass hands, for the
record and analysis tests.

A record stores the deal before the pass; the tests think in the hands as
played. With `received[s]` the cards seat s got (pass left on hand 1: from seat
s-1), the dealt hand is what is held now, less what came in, plus what went out.
"""

from __future__ import annotations

import copas_ai as ca
from support.hands import cards

# american, hand 1 (pass left). Seat 1 leads 2C, seat 2 takes trick 1 with the A♣
# and leads the A♦; seat 0 is void in diamonds and holds the Q♠ with only A♠ K♠
# beside it, so the Q♠ belongs on seat 2's trick.
QS_DUMP_HANDS = {
    0: "3C 4C 5C 6C 2H 3H 4H 5H 6H 7H QS KS AS",
    1: "2C 7C 8C 2D 3D 4D 5D 8H 9H 2S 3S 4S 5S",
    2: "AC KC QC AD KD QD JD TH JH 6S 7S 8S 9S",
    3: "9C TC JC 6D 7D 8D 9D TD QH KH AH TS JS",
}
QS_DUMP_RECEIVED = {0: "2H 3H 4H", 1: "8H 9H 5S", 2: "TH JH 9S", 3: "QH KH AH"}
QS_DUMP_PREFIX = ["2C", "AC", "9C", "3C", "AD", "6D"]  # seat 0 to play, void in diamonds


def dealt_hands(hands: dict[int, str], received: dict[int, str]) -> tuple[list[list[str]], list[list[str]]]:
    """(deal, passes) of a pass-left hand whose post-pass hands are `hands`."""
    n = len(hands)
    held = [cards(hands[s]) for s in range(n)]
    got = [cards(received[s]) for s in range(n)]
    passes = [got[(s + 1) % n] for s in range(n)]  # seat s passes what seat s+1 receives
    deal = [(held[s] - got[s]) | passes[s] for s in range(n)]
    return [[str(c) for c in d] for d in deal], [[str(c) for c in p] for p in passes]


def qs_dump_record(discard: str, hands: dict[int, str] = QS_DUMP_HANDS) -> dict:
    """The QS-dump hand up to seat 0's discard on the A♦ trick (an unfinished record)."""
    deal, passes = dealt_hands(hands, QS_DUMP_RECEIVED)
    return {"format": "copas-game/1", "variant": "american",
            "hands": [{"dealer": 3, "deal": deal, "passes": passes, "plays": QS_DUMP_PREFIX + [discard]}]}


def played_out(record: dict) -> dict:
    """The record's last hand finished with the lowest legal card each turn, score stated."""
    hand = record["hands"][-1]
    rules = ca.find_variant(record["variant"]).rules(len(hand["deal"]))
    pos = ca.Position(rules, [cards(",".join(d)) for d in hand["deal"]], dealer=hand["dealer"],
                      hand_no=len(record["hands"]) - 1)
    for seat, p in enumerate(hand["passes"] or []):
        pos.set_pass(seat, cards(",".join(p)))
    for token in hand["plays"]:
        pos.push(ca.Card.from_str(token))
    while not pos.is_over():
        pos.push(next(iter(pos.legal_moves())))
    hand["plays"] = [str(card) for _, card in pos.moves]
    hand["score"] = pos.score()
    return record
