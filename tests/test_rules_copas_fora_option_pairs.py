"""Copas Fora play options that meet on trick 1 (issue 34; docs/RULES.md §2.2, A14b, A20b).

An option that lifts or adds a trick-1 restriction (dealer-lead, hearts-anytime,
points-first-trick) meeting one that assumed R1 (dealer-lead's opening exclusion,
qs-forced's deferral). Settled by the catalogue:
  dealer-lead + points-first-trick   A14b: the opener may lead the Q♠ (hearts: R3/X1)
  dealer-lead + hearts-anytime       L57/A14b: a heart may open; both options: either
  qs-forced + points-first-trick     A20b: the forced Q♠ applies on trick 1
  qs-forced + hearts-anytime         A15: the Q♠ stays barred on trick 1, so A20 defers
  lead-after-heart (+ qs-opens-hearts) + points-first-trick: a Q♠ discarded on trick 1
                                     opens heart leads under B5 only (B4 wants a heart, A17)
  dealer-lead + stuck-lead-ends-hand A18 replaces X1's lead part, so an opener holding
                                     only hearts ends the hand at once (A14's X1 moot)
The other pairs change no legal set. Every pair is then checked against an
independent oracle (independent_legal_copas_fora.py) over many seeded hands: the
core's legal sets come from its one restriction chain, with no case per pair. With
nines-extend (A21) the oracle also cuts the tricks and names their takers.
Seats 0..3 play 0 -> 1 -> 2 -> 3.
"""

from __future__ import annotations

import itertools
import random

import pytest
from support.hands import HEARTS, QS, cards, play, position
from support.independent_legal_copas_fora import Table, split_tricks, taker_index, trigger_face

import copas_ai as ca
from copas_ai.cep.facade import Engine
from copas_ai.variants.play_options import OPTIONS
from copas_ai.cep.loop import run_lines

TWELVE_HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"

# The issue's first position: seat 0 deals and leads under dealer-lead.
ISSUE_HANDS_1 = ("hand 0 AC,QS,2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH hand 1 2C,3C,4C,5C,6C,2D,3D,4D,5D,6D,2S,3S,4S "
                 "hand 2 7C,8C,9C,TC,JC,7D,8D,9D,TD,JD,5S,6S,7S hand 3 QC,KC,QD,KD,AD,8S,9S,TS,JS,KS,AS,KH,AH")
# The issue's second position (its hands rebuilt from the legal set it quotes): seat 1
# holds the Q♠, no club, and is offered 7D 8D 9D TD JD 4S 5S QS under points-first-trick.
ISSUE_HANDS_2 = ("hand 0 2C,3C,4C,5C,6C,7C,8C,2D,3D,4D,5D,6D,2S hand 1 7D,8D,9D,TD,JD,4S,5S,QS,2H,3H,4H,5H,6H "
                 "hand 2 9C,TC,JC,QC,KC,AC,QD,KD,AD,3S,6S,7S,8S hand 3 9S,TS,JS,KS,AS,7H,8H,9H,TH,JH,QH,KH,AH")


def engine_legal(variant: str, hands: str, moves: str = "") -> set[str]:
    """The engine's `legal` answer for a fully known no-pass hand dealt by seat 0."""
    out = run_lines([f"position variant {variant} dealer 0 handno 3 {hands}" + (f" moves {moves}" if moves else ""),
                     "legal"], Engine())
    assert len(out) == 1 and out[0].startswith("legal "), out
    return set(out[0].split()[1:])


ISSUE_1_HEARTS = {f"{f}H" for f in "23456789TJQ"}


# --- 1. dealer-lead + points-first-trick (A14b) ---------------------------------------------------


def test_copas_fora_dealer_lead_points_first_trick_a14b_the_opener_may_lead_the_queen():
    """copas-fora+dealer-lead+points-first-trick, A14b (the issue's position): the
    opener may lead the Q♠; hearts stay barred by R3. It answered `legal AC`."""
    assert engine_legal("copas-fora+dealer-lead+points-first-trick", ISSUE_HANDS_1) == {"AC", "QS"}


def test_copas_fora_dealer_lead_points_first_trick_hearts_anytime_a14b_either():
    """copas-fora+dealer-lead+hearts-anytime+points-first-trick, A14b: with both options
    the opener may lead a heart or the Q♠ (the issue's position)."""
    got = engine_legal("copas-fora+dealer-lead+hearts-anytime+points-first-trick", ISSUE_HANDS_1)
    assert got == {"AC", "QS"} | ISSUE_1_HEARTS


def test_copas_fora_dealer_lead_hearts_anytime_alone_a15_keeps_the_queen_barred():
    """copas-fora+dealer-lead+hearts-anytime (L57, A15): hearts may open; the Q♠ may
    not (the issue's position); plain dealer-lead: the A♣ alone."""
    assert engine_legal("copas-fora+dealer-lead+hearts-anytime", ISSUE_HANDS_1) == {"AC"} | ISSUE_1_HEARTS
    assert engine_legal("copas-fora+dealer-lead", ISSUE_HANDS_1) == {"AC"}


@pytest.mark.parametrize("dealer", [0, 3])
def test_copas_fora_dealer_left_points_first_trick_a14b_queen_leads_hearts_x1_only(dealer):
    """copas-fora+dealer-lead=dealer-left+points-first-trick, A14b: the dealer's left
    may lead the Q♠ but no heart (R3) while he holds another card; holding only hearts
    he leads one (X1), holding only hearts + the Q♠ he must lead the Q♠ (X2, A14)."""
    opener = (dealer + 1) % 4
    variant = "copas-fora+dealer-lead=dealer-left+points-first-trick"
    pos = position(variant, {opener: "3C QS AH KD"}, dealer=dealer)
    assert pos.turn == opener
    assert pos.legal_moves() == pos.hand(opener) - HEARTS
    assert pos.illegal_reason("AH") is not None
    assert position(variant, {opener: TWELVE_HEARTS + " AH"}, dealer=dealer).legal_moves() == HEARTS
    assert position(variant, {opener: TWELVE_HEARTS + " QS"}, dealer=dealer).legal_moves() == QS


def test_copas_fora_dealer_lead_points_first_trick_queen_lead_tells_nothing_of_hearts():
    """copas-fora+dealer-lead+points-first-trick, A14b: a Q♠ opening is a free choice
    now, so it no longer tells the others the opener holds only hearts + Q♠."""
    pos = position("copas-fora+dealer-lead+points-first-trick", {3: "3C QS AH KD"}, dealer=3)
    assert not (pos.revealed_absent(ca.Card.from_str("QS")) & cards("3C KD"))
    plain = position("copas-fora+dealer-lead", {3: TWELVE_HEARTS + " QS"}, dealer=3)
    assert cards("3C KD") <= plain.revealed_absent(ca.Card.from_str("QS"))


# --- 2. qs-forced + points-first-trick (A20b) -----------------------------------------------------


def test_copas_fora_qs_forced_points_first_trick_a20b_forced_on_trick_1():
    """copas-fora+qs-forced+points-first-trick, A20b (the issue's position, after 0:2C):
    the Q♠ holder void in clubs must play the Q♠ on trick 1. It was offered 8 cards."""
    assert engine_legal("copas-fora+qs-forced+points-first-trick", ISSUE_HANDS_2, "0:2C") == {"QS"}
    offered = {"7D", "8D", "9D", "TD", "JD", "4S", "5S", "QS"}
    assert engine_legal("copas-fora+points-first-trick", ISSUE_HANDS_2, "0:2C") == offered
    assert engine_legal("copas-fora+qs-forced", ISSUE_HANDS_2, "0:2C") == offered - {"QS"}  # A20: deferred


def test_copas_fora_qs_forced_points_first_trick_a20b_reason_and_what_a_discard_shows():
    """copas-fora+qs-forced+points-first-trick, A20b: another card is refused with the
    forced-queen reason; a void seat's other discard on trick 1 shows no Q♠."""
    pos = position("copas-fora+qs-forced+points-first-trick", {0: "2C", 1: "QS KD 2S", 2: "KC"}, voids={1: "C"})
    pos.push("2C")
    assert pos.legal_moves() == QS
    assert "Q♠" in pos.illegal_reason("KD")
    pos.push("QS")
    assert QS & pos.revealed_absent(ca.Card.from_str("KC")) == ca.CardSet()  # seat 2 follows: tells nothing
    other = position("copas-fora+qs-forced+points-first-trick", {0: "2C", 1: "KD 2S", 2: "QS KC"}, voids={1: "C"})
    other.push("2C")
    assert QS <= other.revealed_absent(ca.Card.from_str("KD"))


def test_copas_fora_qs_forced_points_first_trick_a20_only_when_void():
    """copas-fora+qs-forced+points-first-trick, A20 (void case only): a holder with a
    club follows suit on trick 1."""
    pos = position("copas-fora+qs-forced+points-first-trick", {0: "2C", 1: "QS 5C 9C"})
    pos.push("2C")
    assert pos.legal_moves() == pos.hand(1) & cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")


def test_copas_fora_qs_forced_hearts_anytime_a15_still_deferred():
    """copas-fora+hearts-anytime+qs-forced, A15 + A20: hearts-anytime frees the hearts
    on trick 1 but not the Q♠, so the forced Q♠ is still deferred: a void holder may
    discard a heart or a diamond there, not the Q♠."""
    pos = position("copas-fora+hearts-anytime+qs-forced", {0: "2C", 1: "QS AH KD"}, voids={1: "C"})
    pos.push("2C")
    assert ca.Card.from_str("QS") not in pos.legal_moves()
    assert pos.legal_moves() == pos.hand(1) - QS


def test_copas_fora_qs_forced_dealer_lead_points_first_trick_a20b_off_a_diamond_opening():
    """copas-fora+dealer-lead+points-first-trick+qs-forced, A14b + A20b: the dealer opens
    with a diamond; the next seat, void in diamonds, must play the Q♠ on trick 1."""
    pos = position("copas-fora+dealer-lead+points-first-trick+qs-forced", {3: "KD", 0: "QS 2S 2C"},
                   voids={0: "D"}, dealer=3)
    pos.push("KD")
    assert pos.legal_moves() == QS


# --- 3. the other pairs that change a legal set --------------------------------------------------


def queen_discarded_on_trick_1(variant):
    """Trick 1: 0 leads the 2♣, 1 (void in clubs) discards the Q♠, 3 wins with the A♣
    and leads trick 2 holding hearts and diamonds (no heart played yet)."""
    pos = position(variant, {0: "2C", 1: "QS", 2: "3C", 3: "AC 2D AH"}, voids={1: "C"})
    play(pos, "2C QS 3C AC")
    assert pos.turn == 3
    return pos


def test_copas_fora_points_first_trick_lead_after_heart_a17_queen_discard_opens_nothing():
    """copas-fora+lead-after-heart+points-first-trick, A17 (B4): the Q♠ discarded on
    trick 1 is no heart: the winner may not lead a heart on trick 2."""
    pos = queen_discarded_on_trick_1("copas-fora+points-first-trick+lead-after-heart")
    assert not (pos.legal_moves() & HEARTS)


def test_copas_fora_points_first_trick_qs_opens_hearts_b5_queen_discard_opens_leads():
    """copas-fora+lead-after-heart+qs-opens-hearts+points-first-trick (L63, B5): a Q♠
    discarded on trick 1, possible only with points-first-trick, opens heart leads."""
    pos = queen_discarded_on_trick_1("copas-fora+points-first-trick+lead-after-heart+qs-opens-hearts")
    assert pos.legal_moves() & HEARTS == pos.hand(3) & HEARTS != ca.CardSet()


def test_copas_fora_dealer_lead_stuck_lead_ends_hand_a18_opener_of_only_hearts():
    """copas-fora+dealer-lead+stuck-lead-ends-hand, A18 over A14's X1: a dealer holding
    only hearts (not open) ends the hand before trick 1, nobody having scored;
    with hearts-anytime as well hearts are open and he leads one."""
    pos = position("copas-fora+dealer-lead+stuck-lead-ends-hand", {3: TWELVE_HEARTS + " AH"}, dealer=3)
    assert pos.is_over() and pos.hand_end == "stuck-lead"
    assert pos.score() == [0, 0, 0, 0]
    free = position("copas-fora+dealer-lead+hearts-anytime+stuck-lead-ends-hand", {3: TWELVE_HEARTS + " AH"},
                    dealer=3)
    assert not free.is_over() and free.legal_moves() == HEARTS


# --- every pair (and the triples above) against the independent oracle ------------------------------


def _play_option_ids() -> list[str]:
    return ["dealer-lead=dealer-left" if o.id == "dealer-lead" else o.id for o in OPTIONS] + ["dealer-lead"]


def _pair_ids() -> list[str]:
    ids = []
    for a, b in itertools.combinations(_play_option_ids(), 2):
        if a.split("=")[0] == b.split("=")[0]:
            continue
        tokens = [a, b] + (["lead-after-heart"] if "qs-opens-hearts" in (a, b) and "lead-after-heart" not in (a, b)
                           else [])
        try:
            ids.append(ca.find_variant("copas-fora+" + "+".join(tokens)).id)
        except ca.VariantNotFoundError:  # lead-after-heart (and so qs-opens-hearts) with hearts-anytime
            continue
    return sorted(set(ids))


TRIPLES = [
    "copas-fora+dealer-lead+hearts-anytime+points-first-trick",
    "copas-fora+dealer-lead+points-first-trick+qs-forced",
    "copas-fora+dealer-lead+hearts-anytime+points-first-trick+qs-forced",
    "copas-fora+dealer-lead+points-first-trick+lead-heart-over-qs",
    "copas-fora+points-first-trick+lead-after-heart+qs-opens-hearts+qs-forced",
    "copas-fora+dealer-lead+hearts-anytime+stuck-lead-ends-hand+first-trick-stuck-annul",
]


RANKS = "23456789TJQKA"
SEEDS = 90


def slanted_deal(seed: int) -> list[ca.CardSet]:
    """A random deal where the rare trick-1 cases are common: seed % 3 == 0, seat
    seed % 4 holds the Q♠ and no club or no diamond (a void on the opening trick);
    seed % 3 == 1, it holds 9 or more hearts (X1, X2, stuck leads); else uniform."""
    rng = random.Random(seed)
    deck = [f"{r}{s}" for s in "CDHS" for r in RANKS]
    seat = seed % 4
    if seed % 3 == 0:
        void = rng.choice("CD")
        pool = [c for c in deck if c[1] != void and c != "QS"]
        rng.shuffle(pool)
        mine = ["QS"] + pool[:12]
    elif seed % 3 == 1:
        hearts = [c for c in deck if c[1] == "H"]
        others = [c for c in deck if c[1] != "H"]
        rng.shuffle(hearts)
        rng.shuffle(others)
        k = rng.randrange(9, 14)
        mine = hearts[:k] + others[:13 - k]
    else:
        rng.shuffle(deck)
        mine = deck[:13]
    rest = [c for c in deck if c not in mine]
    rng.shuffle(rest)
    hands = [rest[13 * i:13 * i + 13] for i in range(3)]
    hands.insert(seat, mine)
    return [ca.CardSet.from_str(",".join(h)) for h in hands]


def check_against_oracle(variant_id: str, seed: int, rng: random.Random) -> int:
    """One random hand: at each decision the engine's legal set equals the oracle's, the
    seat to act is the one the rules name, and an early end is the one the oracle sees."""
    variant = ca.find_variant(variant_id)
    tokens = set(variant.options)
    options = {t.split("=")[0] for t in tokens}
    rules = variant.rules()
    pos = ca.Position(rules, slanted_deal(seed), dealer=seed % 4 if seed % 2 else (seed + 1) % 4, hand_no=3)
    hands = {s: {str(c) for c in pos.hand(s)} for s in range(4)}
    if "dealer-lead" in options:
        seat = (pos.dealer + 1) % 4 if "dealer-lead=dealer-left" in tokens else pos.dealer
    else:
        seat = next(s for s in range(4) if "2C" in hands[s])
    moves: list[tuple[int, str]] = []
    decisions = 0
    while True:
        table = Table(options, [c for _, c in moves], hands[seat])
        where = (variant_id, seed, moves)
        if pos.is_over():
            if pos.hand_end == "annulled":
                assert table.first_trick_stuck(), where
            elif pos.hand_end == "stuck-lead":
                assert table.stuck_lead(), where
            else:
                assert len(moves) == 52, where
            return decisions
        assert not table.first_trick_stuck() and not table.stuck_lead(), where
        assert pos.turn == seat, where
        legal = {str(c) for c in pos.legal_moves()}
        assert legal == table.legal(), where
        decisions += 1
        card = rng.choice(sorted(legal))
        pos.push(ca.Card.from_str(card))
        hands[seat].discard(card)
        moves.append((seat, card))
        whole, current = split_tricks([c for _, c in moves], trigger_face(options))
        if current:
            seat = (seat + 1) % 4
        else:  # a whole trick (8 cards after a nines-extend round): its taker leads
            start = len(moves) - len(whole[-1])
            seat = moves[start + taker_index(whole[-1])][0]


@pytest.mark.parametrize("variant_id", _pair_ids() + TRIPLES)
def test_copas_fora_play_option_pairs_legal_sets_agree_with_the_independent_oracle(variant_id):
    """<variant_id>: over seeded random hands every legal set (and every early end) is
    the one docs/RULES.md gives, read by an oracle written apart from the core."""
    rng = random.Random(variant_id)
    decisions = sum(check_against_oracle(variant_id, seed, rng) for seed in range(SEEDS))
    assert decisions > SEEDS * 20


def test_copas_fora_play_option_pairs_cover_every_pair():
    """Every pair of §2.2's play options the registry accepts is checked above (36 of
    them with dealer-lead's two forms, less the ones lead-after-heart refuses)."""
    ids = _pair_ids()
    assert "copas-fora+dealer-lead+points-first-trick" in ids
    assert "copas-fora+points-first-trick+qs-forced" in ids
    assert not [i for i in ids if "hearts-anytime" in i and "lead-after-heart" in i]
    assert len(ids) >= 30


# --- the solver from trick 1, against brute force ---------------------------------------------------

# 16 cards, 4 a seat: small enough for an independent minimax from the opening lead,
# with clubs (the 2♣ lead), the Q♠ and hearts; short hands make trick-1 voids common.
SMALL_DECK = "2C,3C,4C,5C,2D,3D,4D,5D,QS,2S,3S,AS,2H,3H,4H,5H"
SOLVER_PAIRS = [
    "copas-fora+dealer-lead+points-first-trick",
    "copas-fora+points-first-trick+qs-forced",
    "copas-fora+dealer-lead+points-first-trick+qs-forced",
    "copas-fora+dealer-lead+hearts-anytime+points-first-trick",
    "copas-fora+hearts-anytime+qs-forced",
    "copas-fora+points-first-trick+lead-after-heart+qs-opens-hearts",
]


def small_rules(variant_id: str) -> ca.RuleSet:
    rules = ca.find_variant(variant_id).rules()
    deck = ca.CardSet.from_str(SMALL_DECK)
    rules.deck, rules.hand_size, rules.moon_cards = deck, 4, rules.moon_cards & deck
    return rules


@pytest.mark.parametrize("variant_id", SOLVER_PAIRS)
def test_copas_fora_option_pairs_solver_matches_minimax_from_trick_1(variant_id):
    """<variant_id> on 4-card hands: Solver.solve equals an independent paranoid
    minimax (tests/test_rules_copas_fora_play_options.py) at the opening lead and after
    0-3 cards of trick 1, where these pairs change the legal sets."""
    from support.solver_oracle import minimax

    rules = small_rules(variant_id)
    solver = ca.Solver(hash_mb=4)
    cards_ = list(ca.CardSet.from_str(SMALL_DECK))
    for seed in range(12):
        rng = random.Random(seed)
        rng.shuffle(cards_)
        pos = ca.Position(rules, [ca.CardSet(cards_[4 * i:4 * i + 4]) for i in range(4)], dealer=seed % 4, hand_no=3)
        for _ in range(seed % 4):
            if pos.is_over():
                break
            pos.push(rng.choice(list(pos.legal_moves())))
        if pos.is_over():
            continue
        assert solver.solve(pos) == minimax(pos, pos.turn), (variant_id, seed, pos.hands, pos.moves)
