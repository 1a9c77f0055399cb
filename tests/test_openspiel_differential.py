"""Differential test: variant `american` against OpenSpiel's Hearts.

The peer is `pyspiel.load_game("hearts", {"qs_breaks_hearts": False})` (OpenSpiel
2.0.2, every other parameter at its default: pass_cards, no_pts_on_first_trick,
must_break_hearts on; can_lead_any_club, jd_bonus, avoid_all_tricks_bonus,
can_lead_hearts_instead_of_qs off). Both engines are driven side by side: the same
deal, the same passes, then at every play decision the same seat to act, the same
legal-move set, the same raw points taken so far and, at every lead, the same
hearts-broken flag; one random legal card is played in both; at the end the hand
scores must be equal. At about 5% of the decisions our engine alone (OpenSpiel's
hearts has no undo) takes back 1 to 8 cards with pop(), checking that each earlier
decision is restored exactly, and pushes them again. Everything random comes from a
seeded random.Random.

How the two map (each mapping is checked by the tests below, not assumed):

* Seats: identity. OpenSpiel's players 0..3 are N, E, S, W and play goes 0, 1, 2, 3
  clockwise, as our seats do (turn = seat + 1). Neither engine's first lead depends on
  the dealer (the 2C holder leads the 2C), so our dealer argument is irrelevant.
* Cards: OpenSpiel's action for a card is rank * 4 + suit, rank 0..12 = 2..A, suit
  order C, D, H, S (action 0 = 2C, 1 = 2D, 43 = QS, 51 = AS); ours is suit * 16 + face
  with the same face and suit numbering. So os = face * 4 + suit and
  ours = (os % 4) * 16 + os // 4. Both print cards the same way ("TD", "QS").
* Pass direction: the first chance node picks it, actions 0 "No Pass", 1 "Left",
  2 "Across", 3 "Right"; the value is the receiving seat's offset, a card passed by
  player p goes to (p + action) % 4. Our hand_no 0 passes left (offset +1), 1 right
  (offset 3), 2 across (offset 2), 3 not at all, hence OS_PASS_ACTION below:
  hand_no 0 -> 1 "Left", 1 -> 3 "Right", 2 -> 2 "Across", 3 -> 0 "No Pass".
  test_pass_direction_mapping verifies that exactly this OpenSpiel direction, of the
  three that pass, leaves the same four hands as ours. The chance outcomes of that
  node are always the four directions, even with pass_cards=False (a known quirk),
  so the test applies the action itself rather than sampling.
* Deal: 52 chance actions, the k-th one (0-based) gives that card to player k % 4; we
  deal our four hands interleaved in that order.
* Passes: player 0, then 1, 2, 3, each applies three card actions; the cards move
  once all twelve are down (as in our set_pass, which applies on the last seat).
* Scores: OpenSpiel's returns() are 26 - points (a reward to maximise) and
  state.points(p) is the raw penalty total, with the moon already applied at the end
  (shooter -26 -> 0, the others +26). Ours: score()[s] == 26 - returns()[s] ==
  points(s); before the end points_taken()[s] == points(s).

Rules compared with docs/RULES.md §21 (american as written), read from OpenSpiel's
hearts.cc and then checked here. No rule differs for these parameters, so no state is
skipped or segregated (the count of segregated states is zero):

* Trick 1 with a hand of only penalty cards, void in the led suit: OpenSpiel allows
  any card when no non-point card is held, as §21 does (any heart or the Q♠; AM-2).
  Random deals almost never produce this, so test_targeted_deals deals it on purpose.
* Hearts broken by a led heart: OpenSpiel breaks hearts on any heart played. §21 breaks
  on a heart discarded (B2) and, by A54b (led_heart_breaks=true), on a heart led from
  an all-hearts hand, i.e. on any heart. OpenSpiel flags it at the card, we at the end
  of the trick; only leads are restricted, so the two agree at every lead, which is
  where the test compares the flag. Also dealt on purpose in test_targeted_deals.
* The Q♠ does not break hearts (qs_breaks_hearts=False); a hand of only hearts and
  the Q♠ must lead the Q♠ (can_lead_hearts_instead_of_qs=False; our lead filter bars
  hearts while a non-heart is held). The moon is all 26 penalty points (OpenSpiel:
  every trick with points won by one player, which is the same thing without J♦).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
import pyspiel

import copas_ai as ca

OS_PASS_ACTION = {0: 1, 1: 3, 2: 2, 3: 0}  # our hand_no -> OpenSpiel pass-direction action
TOTAL_POINTS = 26
RULES = ca.find_variant("american").rules()
POINT_CARDS = {c.index for c in RULES.point_cards}
HEARTS = {c.index for c in ca.CardSet.suit(2)}
DECK = [c.index for c in ca.CardSet.full_deck()]


def os_action(card: int) -> int:
    return (card & 15) * 4 + (card >> 4)


def our_card(action: int) -> int:
    return (action % 4) * 16 + action // 4


def peer_game():
    return pyspiel.load_game("hearts", {"qs_breaks_hearts": False})


def random_deal(rng: random.Random) -> list[list[int]]:
    cards = DECK[:]
    rng.shuffle(cards)
    return [sorted(cards[13 * s : 13 * s + 13]) for s in range(4)]


def start_both(game, hands: list[list[int]], hand_no: int, os_pass_action: int | None = None):
    """Our Position and an OpenSpiel state with the same deal, before any pass."""
    pos = ca.Position(RULES, [ca.CardSet([ca.Card(c) for c in h]) for h in hands], dealer=3, hand_no=hand_no)
    state = game.new_initial_state()
    state.apply_action(OS_PASS_ACTION[hand_no] if os_pass_action is None else os_pass_action)
    for k in range(52):
        state.apply_action(os_action(hands[k % 4][k // 4]))
    return pos, state


def pass_both(pos, state, rng: random.Random) -> None:
    """The same random 3-card pass for every seat, seat 0 first."""
    if pos.phase != "passing":
        return
    for seat in range(4):
        assert state.current_player() == seat
        cards = rng.sample(sorted(c.index for c in pos.hand(seat)), 3)
        pos.set_pass(seat, ca.CardSet([ca.Card(c) for c in cards]))
        for c in cards:
            state.apply_action(os_action(c))


def same_hands(pos, state) -> bool:
    theirs = [sorted(h) for h in state.to_struct().hands]
    return theirs == [sorted(str(c) for c in h) for h in pos.hands]


def our_view(pos) -> tuple:
    """What a decision of ours depends on, to check that pop() restores it."""
    return (pos.turn, pos.legal_moves(), pos.hearts_broken, pos.points_taken(), pos.trick, pos.hands)


def take_back_and_replay(pos, views: list, rng: random.Random, context: str) -> None:
    """Our engine only (OpenSpiel's hearts has no undo): pop 1-8 cards, checking each
    earlier decision is restored exactly, then push the same cards again."""
    popped = []
    for _ in range(rng.randint(1, min(8, len(views)))):
        popped.append(pos.pop())
        assert our_view(pos) == views[len(views) - len(popped)], context
    for card in reversed(popped):
        pos.push(card)


def play_both(pos, state, rng: random.Random, tally: Counter, where: str) -> None:
    """Play the hand out with the same random legal card in both, checking each step;
    now and then take some of our cards back and replay them first."""
    views = []
    while not pos.is_over():
        context = f"{where}, moves {[str(c) for _, c in pos.moves]}"
        if views and rng.random() < 0.05:
            take_back_and_replay(pos, views, rng, context)
            tally["take-backs"] += 1
        seat = pos.turn
        hand = {c.index for c in pos.hand(seat)}
        leading = not pos.trick
        assert state.current_player() == seat, context
        assert pos.points_taken() == [state.points(p) for p in range(4)], context
        if leading:
            assert pos.hearts_broken == state.hearts_broken(), context
            if not pos.hearts_broken and hand <= HEARTS:
                tally["heart led before hearts broken"] += 1
        elif pos.tricks_done == 0 and hand <= POINT_CARDS:
            tally["trick 1 discard from a hand of only penalty cards"] += 1
        ours = sorted(os_action(c.index) for c in pos.legal_moves())
        assert ours == sorted(state.legal_actions()), context
        views.append(our_view(pos))
        action = rng.choice(ours)
        pos.push(ca.Card(our_card(action)))
        state.apply_action(action)
        tally["plays"] += 1
    assert state.is_terminal(), where
    returns = state.returns()
    score = pos.score()
    assert score == [TOTAL_POINTS - r for r in returns], where
    assert score == [state.points(p) for p in range(4)], where
    if pos.moon_shooter() is not None:
        tally["moons"] += 1


def run_random_hands(games: int, seed: int) -> Counter:
    game = peer_game()
    rng = random.Random(seed)
    tally: Counter = Counter()
    for g in range(games):
        hand_no = g % 4  # left, right, across, none, repeated
        pos, state = start_both(game, random_deal(rng), hand_no)
        pass_both(pos, state, rng)
        assert same_hands(pos, state), f"seed {seed} game {g}: hands differ after the pass"
        play_both(pos, state, rng, tally, f"seed {seed} game {g} hand_no {hand_no}")
        tally["hands"] += 1
    return tally


def test_american_matches_openspiel_on_1000_random_hands_with_passing():
    tally = run_random_hands(1000, seed=2024)
    assert tally["hands"] == 1000
    assert tally["plays"] == 52 * 1000
    # Random play shoots the moon now and then; the moon scoring is compared too.
    assert tally["moons"] > 0
    assert tally["take-backs"] > 1000


@pytest.mark.slow
def test_american_matches_openspiel_on_10000_random_hands_with_passing():
    tally = run_random_hands(10000, seed=99)
    assert tally["hands"] == 10000


@pytest.mark.parametrize("hand_no", [0, 1, 2])
def test_pass_direction_mapping(hand_no):
    """american hand_no 0/1/2 (left/right/across): of OpenSpiel's three passing
    directions, exactly OS_PASS_ACTION[hand_no] leaves the same hands as ours, and it
    is the one OpenSpiel names alike."""
    game = peer_game()
    name = {0: "Left", 1: "Right", 2: "Across"}[hand_no]
    assert game.new_initial_state().action_to_string(OS_PASS_ACTION[hand_no]) == name
    for deal_seed in range(20):
        hands = random_deal(random.Random(deal_seed))
        matching = []
        for action in (1, 2, 3):
            pos, state = start_both(game, hands, hand_no, os_pass_action=action)
            pass_both(pos, state, random.Random(deal_seed))
            if same_hands(pos, state):
                matching.append(action)
        assert matching == [OS_PASS_ACTION[hand_no]]


def test_no_pass_hand_maps_to_openspiel_no_pass():
    """american hand_no 3 (no pass) and OpenSpiel's "No Pass": play starts at once, with
    the 2C holder, on the dealt hands."""
    game = peer_game()
    assert game.new_initial_state().action_to_string(OS_PASS_ACTION[3]) == "No Pass"
    hands = random_deal(random.Random(5))
    pos, state = start_both(game, hands, hand_no=3)
    assert pos.phase == "playing"
    assert state.current_player() == pos.turn
    assert same_hands(pos, state)


def test_card_mapping_round_trips_and_agrees_on_names():
    state = peer_game().new_initial_state()
    state.apply_action(0)
    for card in DECK:
        assert our_card(os_action(card)) == card
        assert state.action_to_string(os_action(card)) == str(ca.Card(card))


def deal_around(fixed_seat: int, fixed: list[int], rng: random.Random) -> list[list[int]]:
    """`fixed_seat` holds `fixed`; the other 39 cards go at random to the other seats."""
    rest = [c for c in DECK if c not in fixed]
    rng.shuffle(rest)
    hands, k = [], 0
    for seat in range(4):
        if seat == fixed_seat:
            hands.append(sorted(fixed))
        else:
            hands.append(sorted(rest[k : k + 13]))
            k += 13
    return hands


def cards(text: str) -> list[int]:
    return [c.index for c in ca.CardSet.from_str(text)]


ONLY_PENALTY = cards("2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH,KH,QS")  # no club, so void on trick 1
ONLY_HEARTS_AND_AC = cards("AC,2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH,KH")  # wins trick 1, leads hearts


@pytest.mark.parametrize(
    "situation, fixed",
    [
        ("trick 1 discard from a hand of only penalty cards", ONLY_PENALTY),
        ("heart led before hearts broken", ONLY_HEARTS_AND_AC),
    ],
)
def test_targeted_deals(situation, fixed):
    """american, no-pass hands dealt so that the rare rules of §21 come up in every
    hand: seat 1 discards on trick 1 from a hand of only hearts and the Q♠ (any of them
    is legal, AM-2), or seat 1 wins trick 1 with the A♣ and must lead a heart from an
    all-hearts hand, which breaks hearts for later leads (A54b)."""
    game = peer_game()
    rng = random.Random(situation)
    tally: Counter = Counter()
    for g in range(100):
        pos, state = start_both(game, deal_around(1, fixed, rng), hand_no=3)
        play_both(pos, state, rng, tally, f"{situation} game {g}")
    assert tally[situation] >= 100
