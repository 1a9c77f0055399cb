"""Fully known endgames for the solver tests, reached from seeded deals by play policies.

Two generators, kept apart because they play differently:
- make_endgame / endgames (american and copas-fora, their point cards fixed below):
  uniformly random play; "hoarding" (nobody plays a point card while it has
  another), which leaves many point cards for the last tricks so every seat can
  still shoot the moon; and "feeding" from a deal stacked in one seat's favour,
  where that seat wins tricks and the others throw point cards on them, so a moon
  is on (or has just been broken) when the endgame starts.
- make_scoring_endgame / scoring_endgames (any id, the rules' own point cards):
  the same kinds plus "lean" (one seat kept clean), built to reach every term of
  the copas-fora scoring options (clean-hand, super-moon, ten-of-death, jd-bonus).
boundary_positions: positions at a trick boundary, for the solver's ceilings.
"""

from __future__ import annotations

import random

import copas_ai as ca

POINT_CARDS = ca.CardSet.from_str(
    "2H,3H,4H,5H,6H,7H,8H,9H,TH,JH,QH,KH,AH,QS"
)


# --- american / copas-fora endgames -----------------------------------------------


def _random_policy(pos, rng):
    return rng.choice(list(pos.legal_moves()))


def _hoarding_policy(pos, rng):
    moves = list(pos.legal_moves())
    clean = [c for c in moves if c not in POINT_CARDS]
    return rng.choice(clean or moves)


def feeding_policy(shooter):
    """The shooter plays its highest card; the others throw points on its tricks."""

    def policy(pos, rng):
        moves = sorted(pos.legal_moves(), key=lambda c: c.index & 15)
        if pos.turn == shooter:
            return moves[-1]
        trick = pos.trick
        if trick and any(seat == shooter for seat, _ in trick):
            points = [c for c in moves if c in POINT_CARDS]
            if points:
                return rng.choice(points)
        return rng.choice(moves)

    return policy


def stacked_deal(rules, rng, shooter):
    """A deal where `shooter` holds the top spades, hearts and minor-suit cards."""
    strong = ca.CardSet.from_str("QS,AS,KS,AH,KH,QH,JH,TH,9H,AC,AD,KC,KD")
    rest = [c for c in rules.deck if c not in strong]
    rng.shuffle(rest)
    hands, k = [], 0
    for seat in range(4):
        if seat == shooter:
            hands.append(strong)
        else:
            hands.append(ca.CardSet(rest[k : k + 13]))
            k += 13
    return hands


def make_endgame(variant: str, seed: int, tricks_left: int, kind: str, min_in_trick: int = 0):
    """A fully known position with `tricks_left` tricks to play, the first of them
    with min_in_trick..3 cards already down (0: possibly a trick boundary)."""
    rules = ca.find_variant(variant).rules()
    rng = random.Random(seed)
    if kind == "feeding":
        shooter = rng.randrange(4)
        hands = stacked_deal(rules, rng, shooter)
        policy = feeding_policy(shooter)
    else:
        hands = ca.deal(rules, seed)
        policy = _hoarding_policy if kind == "hoarding" else _random_policy
    # hand_no 3: no pass, so the deal is the play.
    pos = ca.Position(rules, hands, dealer=3, hand_no=3)
    plays = 52 - 4 * tricks_left + rng.randrange(min_in_trick, 4)
    while len(pos.moves) < plays:
        pos.push(policy(pos, rng))
    return pos


def endgames(variant: str, kind: str, tricks_left: int, count: int, base_seed: int, min_in_trick: int = 0):
    for i in range(count):
        yield make_endgame(variant, base_seed + 7919 * i + 31 * tricks_left, tricks_left, kind, min_in_trick)


# --- any id: endgames that reach every scoring term --------------------------------

STRONG = ca.CardSet.from_str("QS,AS,KS,AH,KH,QH,JH,TH,9H,AC,AD,KC,KD")


def _strength(card) -> int:
    return card.index & 15


def _policy(kind: str, focus: int, point_cards):
    """A play policy. random: any card. hoarding: no point card while another is
    legal. feeding: `focus` plays high and the others throw points on its tricks
    (moons, sweeps). lean: `focus` plays low and the others high, so it keeps a
    clean hand into the endgame."""

    def play(pos, rng):
        moves = sorted(pos.legal_moves(), key=_strength)
        if kind == "hoarding":
            clean = [c for c in moves if c not in point_cards]
            return rng.choice(clean or moves)
        if kind == "feeding":
            if pos.turn == focus:
                return moves[-1]
            if any(seat == focus for seat, _ in pos.trick):
                points = [c for c in moves if c in point_cards]
                if points:
                    return rng.choice(points)
            return rng.choice(moves)
        if kind == "lean":
            return moves[0] if pos.turn == focus else moves[-1]
        return rng.choice(moves)

    return play


def make_scoring_endgame(variant: str, seed: int, tricks_left: int, kind: str, at_boundary: bool = False):
    """A fully known position of `variant` with `tricks_left` tricks to play, the
    first of them with 0-3 cards down (none `at_boundary`), reached by the policy `kind`."""
    rules = ca.find_variant(variant).rules()
    rng = random.Random(seed)
    focus = rng.randrange(4)
    if kind == "feeding":  # a deal stacked for `focus`
        rest = [c for c in rules.deck if c not in STRONG]
        rng.shuffle(rest)
        others = iter(range(0, 39, 13))
        hands = [STRONG if s == focus else ca.CardSet(rest[k : k + 13]) for s in range(4)
                 for k in [0 if s == focus else next(others)]]
    else:
        hands = ca.deal(rules, seed)
    pos = ca.Position(rules, hands, dealer=3, hand_no=3)  # hand_no 3: no pass
    play = _policy(kind, focus, rules.point_cards)
    plays = 52 - 4 * tricks_left + (0 if at_boundary else rng.randrange(4))
    while len(pos.moves) < plays and not pos.is_over():
        pos.push(play(pos, rng))
    return pos


def scoring_endgames(variant: str, kinds, count: int, base_seed: int):
    """`count` endgames per kind, two or three tricks left, hands not yet over."""
    for kind in kinds:
        for i in range(count):
            pos = make_scoring_endgame(variant, base_seed + 7919 * i, 2 + i % 2, kind)
            if not pos.is_over():
                yield pos


# --- trick boundaries, for the solver's ceilings ----------------------------------

# Plain-scoring variants (the ceiling's domain): American (hearts may be discarded
# any time), Copas Fora (no heart discard before hearts are broken) and its
# Q♠-forced option (a void holder of the Q♠ must discard it).
CEILING_VARIANTS = ("american", "copas-fora", "copas-fora+qs-forced")


def suit_of(card) -> int:
    return card.index >> 4


def other_moon_candidates(pos, seat: int) -> tuple:
    """The other seats holding every moon card already taken (so they could still shoot)."""
    taken = [won & pos.rules.moon_cards for won in pos.won]
    return tuple(s for s in range(4) if s != seat and all((other & taken[s]) == other for other in taken))


def boundary_positions(variant: str, tricks_left: int, count: int, base_seed: int,
                       kinds=("hoarding", "random", "feeding")):
    """`count` positions at a trick boundary with `tricks_left` tricks to play: a
    trick of an endgame one trick longer (reached by the policies `kinds` in turn)
    finished by the lowest legal cards."""
    found = 0
    for i in range(count * 4):
        pos = make_scoring_endgame(variant, base_seed + 7919 * i, tricks_left + 1, kinds[i % len(kinds)])
        while pos.trick and not pos.is_over():
            pos.push(min(pos.legal_moves(), key=lambda c: c.index))
        if pos.is_over() or len(pos.hands[pos.turn]) != tricks_left:
            continue
        yield pos
        found += 1
        if found == count:
            return
