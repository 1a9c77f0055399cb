"""Inference over the other seats' play (issue 30; csrc/search/inference.h), on `american`
played without a pass (hand_no 3, the hold hand).

The model of another seat's play is the playout policy with a share `noise` of random
legal cards. A world's weight is the likelihood of every card the other seats played
this hand in that world. Here the model's card probabilities are checked against the
policy's own sampling, and the pool's weights and draws against the posterior
enumerated in full on small positions: every deal of the unseen cards, kept when the
hand's moves replay legally from it (Position.push), weighted by the model's
likelihood along that replay."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

import copas_ai as ca
from copas_ai import _core as C

VARIANT = "american"
HOLD_HAND = 3  # american's fourth hand has no pass


def rules():
    return ca.find_variant(VARIANT).rules()


def played_to(seed: int, plays: int) -> ca.Position:
    """A no-pass hand after `plays` cards, the seats playing the heuristic with noise."""
    pos = ca.Position(rules(), ca.deal(rules(), seed), dealer=0, hand_no=HOLD_HAND)
    for i in range(plays):
        pos.push(C.heuristic_card(pos, seed * 1000 + i, 0.3))
    return pos


def replayed(pos: ca.Position, hands: list[int], me: int, noise: float) -> float | None:
    """The log-likelihood of the other seats' cards if the seats now hold `hands` (raw
    bits), by replaying the hand's moves from the deal they imply; None when a move is
    illegal there (the world is not consistent with what the table saw)."""
    dealt = [hands[s] for s in range(pos.players)]
    for seat, card in pos.moves:
        dealt[seat] |= C.CardSet([card]).bits
    world = ca.Position(rules(), [C.CardSet.from_bits(bits) for bits in dealt], dealer=pos.dealer, hand_no=HOLD_HAND)
    log_likelihood = 0.0
    for seat, card in pos.moves:
        if not world.is_legal(card):
            return None
        if seat != me:
            log_likelihood += math.log(C.heuristic_card_probability(world, card, noise))
        world.push(card)
    return log_likelihood


def enumerated_posterior(pos: ca.Position, me: int, noise: float) -> dict[tuple[int, ...], float]:
    """Every world `me` cannot tell from the truth, with its posterior probability."""
    others = [s for s in range(pos.players) if s != me]
    hidden = sorted((c for s in others for c in pos.hand(s)), key=int)
    sizes = [len(pos.hand(s)) for s in others]
    weights: dict[tuple[int, ...], float] = {}
    for first in itertools.combinations(hidden, sizes[0]):
        rest = [c for c in hidden if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [c for c in rest if c not in second]
            hands = [0] * pos.players
            hands[me] = pos.hand(me).bits
            for seat, cards in zip(others, (first, second, third)):
                hands[seat] = C.CardSet(list(cards)).bits
            log_likelihood = replayed(pos, hands, me, noise)
            if log_likelihood is not None:
                weights[tuple(hands)] = math.exp(log_likelihood)
    total = sum(weights.values())
    return {world: w / total for world, w in weights.items()}


@pytest.mark.parametrize("seed", range(6))
def test_american_model_probability_is_the_playout_policys_own_frequency(seed):
    """heuristic_card_probability(pos, card, noise) against heuristic_card's choices
    with that noise, at a lead (whose choice is itself random), a follow and a discard."""
    pos = played_to(seed, 0)
    positions = []
    for i in range(40):
        if pos.trick == [] or len(positions) < 3 or i % 7 == 0:
            positions.append(pos.copy())
        pos.push(C.heuristic_card(pos, seed * 77 + i, 0.2))
    noise = 0.3
    for p in positions:
        moves = sorted(p.legal_moves(), key=int)
        probabilities = [C.heuristic_card_probability(p, c, noise) for c in moves]
        assert sum(probabilities) == pytest.approx(1.0)
        if len(moves) == 1:
            continue
        n = 4000
        seen = Counter(C.heuristic_card(p, seed * 100_000 + k, noise) for k in range(n))
        assert set(seen) <= set(moves)
        observed = [seen.get(c, 0) for c in moves]
        assert chisquare(observed, [q * n for q in probabilities]).pvalue > 1e-4


def test_american_model_gives_an_illegal_card_no_chance_and_a_forced_card_all():
    pos = played_to(2, 13)
    legal = set(pos.legal_moves())
    illegal = [c for c in C.CardSet.from_str("2C,AS,QS,AH,2D,KD") if c not in legal]
    assert illegal and all(C.heuristic_card_probability(pos, c, 0.5) == 0.0 for c in illegal)


@pytest.mark.parametrize("seed, plays", [(1, 9), (2, 22), (3, 30), (4, 41)])
def test_american_play_log_likelihood_is_the_model_along_the_hands_replay(seed, plays):
    """The core's likelihood (undo back to the first card, then replay) against the
    Python replay from the deal, in the true world and in sampled ones."""
    pos = played_to(seed, plays)
    me = pos.turn
    assert C.play_log_likelihood(pos, me, 0.5) == pytest.approx(
        replayed(pos, [pos.hand(s).bits for s in range(4)], me, 0.5), abs=1e-9)
    pool = C.inference_pool(pos, me, 32, 0.5, seed)
    log_likelihoods = [replayed(pos, list(world), me, 0.5) for world in pool["worlds"]]
    assert None not in log_likelihoods  # every sampled world replays legally
    top = max(log_likelihoods)
    raw = [math.exp(x - top) for x in log_likelihoods]
    for weight, r in zip(pool["weights"], raw):
        assert weight == pytest.approx(r / sum(raw), rel=1e-9)


@pytest.mark.parametrize("seed, plays", [(6, 42), (7, 43), (8, 43), (9, 42)])
def test_american_inference_pool_tends_to_the_enumerated_posterior(seed, plays):
    """Late in a hand (two tricks or so left) the posterior over every consistent world is
    enumerated; a large pool's weights summed per world come within sampling error of it,
    and the pool's draws follow its weights (chi-square)."""
    pos = played_to(seed, plays)
    me = pos.turn
    posterior = enumerated_posterior(pos, me, 0.5)
    assert len(posterior) >= 3
    assert max(posterior.values()) > 1.5 * min(posterior.values())  # the play told something
    pool = C.inference_pool(pos, me, 65536, 0.5, seed, draws=20000)
    summed: Counter = Counter()
    for world, weight in zip(pool["worlds"], pool["weights"]):
        assert world in posterior  # the sampler gives consistent worlds only
        summed[world] += weight
    total_variation = 0.5 * sum(abs(summed[w] - p) for w, p in posterior.items())
    assert total_variation < 0.03  # sqrt(worlds / pool) ~ 0.01 for these positions
    drawn = Counter(pool["draws"])
    worlds = sorted(posterior)
    assert chisquare([drawn[w] for w in worlds], [summed[w] * 20000 for w in worlds]).pvalue > 1e-4


def test_american_inference_weighs_the_true_world_above_the_uniform_average():
    """Seats that play the model's cards make the true world likelier than a typical
    one: averaged over hands, its log-likelihood beats the sampled worlds' mean."""
    ratios = []
    for seed in range(12):
        pos = played_to(seed, 24)
        me = pos.turn
        truth = C.play_log_likelihood(pos, me, 0.5)
        pool = C.inference_pool(pos, me, 256, 0.5, seed)
        typical = [replayed(pos, list(w), me, 0.5) for w in pool["worlds"][:64]]
        ratios.append(truth - sum(typical) / len(typical))
    assert sum(ratios) / len(ratios) > 0


def test_american_inference_off_is_the_uniform_search_and_on_changes_it():
    """inference_pool=0 (the default) searches as before: the same seed gives the same
    statistics; a pool gives other ones and reports its effective size."""
    pos = played_to(3, 17)
    seat = pos.turn
    limit = ca.search.Limit(iterations=3000)
    plain = ca.search.Searcher(seed=9).search(pos, seat, limit)
    off = ca.search.Searcher(seed=9, inference_pool=0).search(pos, seat, limit)
    on = ca.search.Searcher(seed=9, inference_pool=128).search(pos, seat, limit)
    assert [(m.move, m.visits, m.score) for m in plain.moves] == [(m.move, m.visits, m.score) for m in off.moves]
    assert [(m.move, m.visits, m.score) for m in plain.moves] != [(m.move, m.visits, m.score) for m in on.moves]


@pytest.mark.parametrize("kwargs, words", [
    ({"inference_pool": -1}, "inference_pool"),
    ({"inference_pool": 100_000}, "inference_pool"),
    ({"inference_pool": 8, "inference_noise": 0.0}, "inference_noise"),
    ({"inference_pool": 8, "inference_noise": 1.5}, "inference_noise"),
])
def test_american_inference_options_out_of_range_are_refused_by_name(kwargs, words):
    with pytest.raises(ValueError, match=words):
        C.Searcher(**kwargs)


def test_american_inference_pool_refuses_a_position_not_in_play_and_a_bad_seat():
    pos = ca.Position(rules(), ca.deal(rules(), 1), dealer=0, hand_no=0)  # the pass is due
    with pytest.raises(ValueError, match="not in play"):
        C.inference_pool(pos, 0, 16)
    with pytest.raises(ValueError, match="no seat 7"):
        C.inference_pool(played_to(1, 5), 7, 16)
    with pytest.raises(ValueError, match="noise"):
        C.play_log_likelihood(played_to(1, 5), 0, 0.0)


def test_three_five_into_hand_discard_is_one_card_for_the_model():
    """three-five+kitty+kitty-use (the into-hand kitty): the taker's discard step is the
    policy's planned discard, not a lead: the model gives it all the chance (no noise)
    and the cards' chances sum to 1 at every decision of random hands."""
    r = ca.find_variant("three-five+kitty+kitty-use").rules()
    seen_discard = False
    for seed in range(12):
        rng = random.Random(seed)
        pos = next(p for p in (ca.Position(r, ca.deal(r, seed), dealer=0, hand_no=h) for h in range(12))
                   if p.phase == "playing")  # a hand of the cycle without a pass
        while not pos.is_over():
            legal = sorted(pos.legal_moves(), key=int)
            chances = [C.heuristic_card_probability(pos, c, 0.0) for c in legal]
            assert sum(chances) == pytest.approx(1.0)
            if pos.discarding:
                seen_discard = True
                assert chances[legal.index(C.heuristic_card(pos, 0, 0.0))] == 1.0
            pos.push(rng.choice(legal))
    assert seen_discard
