"""The learned card model (issue 30; csrc/search/card_model.h): its features on `american`
positions built by hand, its softmax, the inference weighing worlds by it, and the model
file that ships with the package (copas_ai/models/card_model.json)."""

from __future__ import annotations

import json
import math

import pytest

import copas_ai as ca
from copas_ai import _core as C
from copas_ai.models import ModelFileError, card_model_weights, parse_card_model

VARIANT = "american"
HOLD_HAND = 3  # american's fourth hand has no pass
NAMES = list(C.card_feature_names())


def rules():
    return ca.find_variant(VARIANT).rules()


def features(pos: ca.Position) -> dict[str, dict[str, float]]:
    return {str(card): dict(zip(NAMES, values)) for card, values in C.card_features(pos)}


def mixed_position() -> ca.Position:
    """Seat 0 holds the A♠, K♠ and Q♠ among its cards; a few tricks played by the policy."""
    deal = [C.CardSet.from_str(h) for h in (
        "2C,9C,KC,3D,8D,QD,4S,9S,KS,AS,2H,7H,AH",
        "3C,5C,TC,4D,9D,KD,2S,5S,QS,3H,8H,JH,KH",
        "4C,6C,JC,AC,5D,TD,AD,3S,6S,TS,4H,9H,QH",
        "7C,8C,QC,2D,6D,7D,JD,7S,8S,JS,5H,6H,TH")]
    return ca.Position(rules(), deal, dealer=3, hand_no=HOLD_HAND)


def test_american_card_features_at_the_opening_lead_and_a_follow():
    pos = mixed_position()
    f = features(pos)  # the 2♣ holder leads it, alone legal
    assert list(f) == ["2C"] and f["2C"]["lead_rank"] == 0.0 and f["2C"]["lowest_of_suit"] == 1.0
    pos.push(C.Card.from_str("2C"))
    f = features(pos)  # seat 1 follows clubs: 3♣ 5♣ T♣; only the 2♣ is on the table
    assert set(f) == {"3C", "5C", "TC"}
    for card, x in f.items():
        assert x["follow_rank"] > 0 and x["lead_rank"] == x["discard_rank"] == 0
        assert x["wins_so_far"] == 1.0 and x["wins_last"] == 0.0 and x["takes_points"] == 0.0
        assert x["policy_pick"] == pytest.approx(C.heuristic_card_probability(pos, C.Card.from_str(card), 0.0))
    assert f["TC"]["highest_of_suit"] == 1.0 and f["3C"]["lowest_of_suit"] == 1.0
    assert f["3C"]["suit_length"] == pytest.approx(3 / 13)
    assert f["TC"]["unseen_above"] == pytest.approx(4 / 12)  # the J♣ Q♣ K♣ A♣: none seat 1's, none played


RANKS = "23456789TJQKA"


def points(cards) -> int:
    """american's card points, from the catalogue: each heart 1, the Q♠ 13."""
    return sum(1 for c in cards if str(c)[1] == "H") + (13 if any(str(c) == "QS" for c in cards) else 0)


@pytest.mark.parametrize("seed", range(4))
def test_american_card_features_against_an_independent_reading_of_each_position(seed):
    """Every legal card of every decision of heuristic-played hands, read again here from
    the position alone (A-high ranks, hearts 1, Q♠ 13): the context products, who wins so
    far, the points taken, the suit's shape, and the Q♠ and its guards while it is out."""
    pos = ca.Position(rules(), ca.deal(rules(), 40 + seed), dealer=seed, hand_no=HOLD_HAND)
    played: list[str] = []
    while not pos.is_over():
        own = [str(c) for c in pos.hand(pos.turn)]
        table = [str(c) for _, c in pos.trick]
        led = table[0][1] if table else None
        for card, x in features(pos).items():
            rank, suit = RANKS.index(card[0]), card[1]
            assert x["card_points"] == pytest.approx(points([card]) / 13)
            context = "lead" if not table else "follow" if suit == led else "discard"
            for name in ("lead", "follow", "discard"):
                assert x[f"{name}_rank"] == pytest.approx(rank / 12 if context == name else 0.0)
            assert x["lead_points"] == pytest.approx(points([card]) / 13 if context == "lead" else 0.0)
            assert x["discard_points"] == pytest.approx(points([card]) / 13 if context == "discard" else 0.0)
            wins = context == "follow" and all(RANKS.index(t[0]) < rank for t in table if t[1] == led)
            assert x["wins_so_far"] == (1.0 if wins else 0.0)
            assert x["wins_last"] == (1.0 if wins and len(table) == 3 else 0.0)
            assert x["takes_points"] == pytest.approx(points(table) / 13 if wins else 0.0)
            mine = [c for c in own if c[1] == suit]
            assert x["suit_length"] == pytest.approx(len(mine) / 13)
            assert x["highest_of_suit"] == (1.0 if all(RANKS.index(c[0]) <= rank for c in mine) else 0.0)
            assert x["lowest_of_suit"] == (1.0 if all(RANKS.index(c[0]) >= rank for c in mine) else 0.0)
            above = [r + suit for r in RANKS[rank + 1:]]
            assert x["unseen_above"] == pytest.approx(sum(1 for c in above if c not in own and c not in played) / 12)
            if "QS" not in played:
                assert x["is_top"] == (1.0 if card == "QS" else 0.0)
                assert x["guards_top"] == (1.0 if card in ("KS", "AS") else 0.0)
        card = C.heuristic_card(pos, len(played), 0.3)
        played.append(str(card))
        pos.push(card)


def test_american_card_model_is_a_softmax_over_the_legal_cards():
    pos = mixed_position()
    pos.push(C.Card.from_str("2C"))
    legal = sorted(pos.legal_moves(), key=int)
    zero = [0.0] * len(NAMES)
    assert [C.card_model_probability(pos, c, zero) for c in legal] == pytest.approx([1 / len(legal)] * len(legal))
    # Rank while following weighted strongly up: the highest club takes almost all.
    w = list(zero)
    w[NAMES.index("follow_rank")] = 60.0
    p = {str(c): C.card_model_probability(pos, c, w) for c in legal}
    assert sum(p.values()) == pytest.approx(1.0) and p["TC"] > 0.99
    assert C.card_model_probability(pos, C.Card.from_str("AS"), w) == 0.0  # not legal
    with pytest.raises(ValueError, match=f"needs {len(NAMES)} weights"):
        C.card_model_probability(pos, legal[0], [1.0, 2.0])


def test_american_inference_with_the_learned_model_weighs_worlds_by_its_likelihood():
    """The pool's weights under the learned model are the model's likelihoods (with the
    noise floor) of the other seats' cards, replayed in each world."""
    weights = list(card_model_weights())
    pos = ca.Position(rules(), ca.deal(rules(), 5), dealer=0, hand_no=HOLD_HAND)
    for i in range(23):
        pos.push(C.heuristic_card(pos, i, 0.2))
    me = pos.turn
    pool = C.inference_pool(pos, me, 24, 0.1, 3, model=weights)
    logs = []
    for world in pool["worlds"]:
        dealt = list(world)
        for seat, card in pos.moves:
            dealt[seat] |= C.CardSet([card]).bits
        replay = ca.Position(rules(), [C.CardSet.from_bits(b) for b in dealt], dealer=0, hand_no=HOLD_HAND)
        total = 0.0
        for seat, card in pos.moves:
            if seat != me:
                n = len(replay.legal_moves())
                total += math.log(0.1 / n + 0.9 * C.card_model_probability(replay, card, weights))
            replay.push(card)
        logs.append(total)
    top = max(logs)
    raw = [math.exp(x - top) for x in logs]
    assert pool["weights"] == pytest.approx([r / sum(raw) for r in raw], rel=1e-6)


def test_the_shipped_card_model_matches_the_cores_features_and_says_how_it_was_trained():
    import copas_ai.models as models
    from importlib import resources

    model = json.loads(resources.files(models).joinpath("card_model.json").read_text())
    assert model["features"] == NAMES and len(card_model_weights()) == len(NAMES)
    assert model["command"].startswith("python bench/train_card_model.py")
    held_out = model["held_out_log_likelihood_per_choice"]
    assert held_out["learned"] > held_out["uniform"]  # it predicts the engine's cards better than chance


@pytest.mark.parametrize("text, words", [
    ("{", "not JSON"),
    ('{"format": "other"}', "not a copas-card-model/1 file"),
    ('{"format": "copas-card-model/1", "features": ["x"], "weights": [1]}', "other features"),
])
def test_a_broken_card_model_file_is_refused_by_name(text, words):
    with pytest.raises(ModelFileError, match=words):
        parse_card_model(text, "model.json")


def test_a_card_model_file_with_bad_weights_is_refused():
    text = json.dumps({"format": "copas-card-model/1", "features": NAMES, "weights": [1.0] * (len(NAMES) - 1)})
    with pytest.raises(ModelFileError, match="finite numbers"):
        parse_card_model(text, "model.json")
    text = json.dumps({"format": "copas-card-model/1", "features": NAMES, "weights": ["x"] * len(NAMES)})
    with pytest.raises(ModelFileError, match="finite numbers"):
        parse_card_model(text, "model.json")
