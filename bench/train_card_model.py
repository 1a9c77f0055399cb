"""Fits the learned card model (csrc/search/card_model.h) to the engine's own choices.

1. Self-play: `american` no-pass hands with the engine (`--player`) at every seat; at
   each choice with more than one legal card, the features of every legal card
   (copas_ai._core.card_features) and the index of the card chosen are kept, in a
   numpy file (`--data`).
2. Fit: a softmax over the legal cards of w · features, by maximum likelihood with an
   L2 penalty (scipy's L-BFGS), on the first hands; the last `--holdout` share of the
   hands scores it: log-likelihood per choice against the uniform model and the
   playout policy with noise (the inference's two other models).
3. Writes the weights, the feature names, the figures and this command to `--out`
   (copas_ai/models/card_model.json, which ships with the package).

    python bench/train_card_model.py --player auto:iterations=2000 --hands 160 --seed 7 \\
        --workers 2 --data bench/results/strength/card_model_data.npz --out copas_ai/models/card_model.json
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from scipy.optimize import minimize

import copas_ai as ca
from copas_ai import _core
from copas_ai.arena.players import build, parse_player
from copas_ai.arena.schedule import NO_PASS_HAND_NO

L2 = 1e-3  # per choice
POLICY_NOISES = (0.5, 0.7, 0.8, 0.9)


def play_hand(args: tuple[str, int]) -> list[tuple[np.ndarray, int, float, list[float]]]:
    """One self-play hand: per choice, (features, chosen index, log(1/n), the policy's chances per noise)."""
    player, seed = args
    rules = ca.find_variant("american").rules()
    bots = [build(parse_player(player), seed * 10 + s, "american") for s in range(4)]
    pos = ca.Position(rules, ca.deal(rules, seed), dealer=seed % 4, hand_no=NO_PASS_HAND_NO)
    out = []
    while not pos.is_over():
        seat = pos.turn
        card = bots[seat].choose_card(pos, seat)
        legal = _core.card_features(pos)
        if len(legal) > 1:
            cards = [c for c, _ in legal]
            policy = [_core.heuristic_card_probability(pos, card, noise) for noise in POLICY_NOISES]
            out.append((np.array([f for _, f in legal], dtype=np.float32), cards.index(card), -math.log(len(cards)), policy))
        pos.push(card)
    return out


def generate(player: str, hands: int, seed: int, workers: int) -> dict[str, np.ndarray]:
    jobs = [(player, seed * 100_000 + h) for h in range(hands)]
    with ProcessPoolExecutor(workers) as pool:
        per_hand = list(pool.map(play_hand, jobs))
    features, chosen, offsets, hand_of, uniform, policy = [], [], [0], [], [], []
    for h, choices in enumerate(per_hand):
        for f, k, u, p in choices:
            features.append(f)
            chosen.append(k)
            offsets.append(offsets[-1] + len(f))
            hand_of.append(h)
            uniform.append(u)
            policy.append(p)
    return {"features": np.concatenate(features), "chosen": np.array(chosen), "offsets": np.array(offsets),
            "hand": np.array(hand_of), "uniform": np.array(uniform), "policy": np.array(policy)}


def log_likelihood(w: np.ndarray, data: dict[str, np.ndarray], rows: np.ndarray) -> tuple[float, np.ndarray]:
    """The summed log-likelihood of the choices `rows` and its gradient."""
    x, offsets, chosen = data["features"], data["offsets"], data["chosen"]
    total, grad = 0.0, np.zeros_like(w)
    for r in rows:
        block = x[offsets[r]:offsets[r + 1]].astype(np.float64)
        scores = block @ w
        scores -= scores.max()
        p = np.exp(scores)
        p /= p.sum()
        total += math.log(p[chosen[r]])
        grad += block[chosen[r]] - p @ block
    return total, grad


def fit(data: dict[str, np.ndarray], train: np.ndarray) -> np.ndarray:
    n = len(train)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        ll, g = log_likelihood(w, data, train)
        return -ll / n + L2 * w @ w, -g / n + 2 * L2 * w

    return minimize(loss, np.zeros(data["features"].shape[1]), jac=True, method="L-BFGS-B").x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="auto:iterations=2000")
    parser.add_argument("--hands", type=int, default=160)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--holdout", type=float, default=0.25)
    parser.add_argument("--data", default="bench/results/strength/card_model_data.npz")
    parser.add_argument("--reuse-data", action="store_true", help="fit the --data file's choices again")
    parser.add_argument("--out", default="copas_ai/models/card_model.json")
    args = parser.parse_args()
    if args.reuse_data:
        data = dict(np.load(args.data))
    else:
        data = generate(args.player, args.hands, args.seed, args.workers)
        np.savez_compressed(args.data, **data)
    cut = int(round(data["hand"].max() * (1 - args.holdout)))
    train = np.flatnonzero(data["hand"] < cut)
    test = np.flatnonzero(data["hand"] >= cut)
    w = fit(data, train)
    per_choice = {
        "learned": log_likelihood(w, data, test)[0] / len(test),
        "uniform": float(data["uniform"][test].mean()),
    }
    for i, noise in enumerate(POLICY_NOISES):
        per_choice[f"policy, noise {noise}"] = float(np.log(data["policy"][test, i]).mean())
    model = {
        "format": "copas-card-model/1",
        "features": list(_core.card_feature_names()),
        "weights": [round(float(v), 6) for v in w],
        "trained_on": {"player": args.player, "variant": "american", "no_pass": True, "hands": int(data["hand"].max()) + 1,
                       "choices": int(len(data["chosen"])), "seed": args.seed, "held_out_hands_share": args.holdout},
        "held_out_log_likelihood_per_choice": {k: round(v, 4) for k, v in per_choice.items()},
        "command": "python " + " ".join(sys.argv),
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
    print(json.dumps(model["held_out_log_likelihood_per_choice"], indent=1))
    print(dict(zip(model["features"], model["weights"])))


if __name__ == "__main__":
    main()
