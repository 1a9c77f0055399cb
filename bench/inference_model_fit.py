"""How well the inference model predicts a player's cards (docs/STRENGTH.md, "Inference").

Plays `american` no-pass hands with the given player at every seat and, at each of its
choices with more than one legal card, scores the card it chose under the inference
model (the playout policy with a share `noise` of uniformly random cards) and under
the uniform model. Prints the mean log-likelihood per choice for each noise: a model
only informs the worlds where it predicts the cards better than uniform does.

    python bench/inference_model_fit.py --player auto:movetime=10 --hands 12 --seed 3
"""

from __future__ import annotations

import argparse
import math

import copas_ai as ca
from copas_ai import _core
from copas_ai.arena.players import build, parse_player
from copas_ai.arena.schedule import NO_PASS_HAND_NO

NOISES = (0.3, 0.5, 0.6, 0.7, 0.8, 0.9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="auto:movetime=10")
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rules = ca.find_variant("american").rules()
    spec = parse_player(args.player)
    choices = 0
    agreement = 0.0
    model = dict.fromkeys(NOISES, 0.0)
    uniform = 0.0
    for hand in range(args.hands):
        bots = [build(spec, args.seed * 1000 + hand * 10 + s, "american") for s in range(4)]
        pos = ca.Position(rules, ca.deal(rules, args.seed * 1000 + hand), dealer=hand % 4, hand_no=NO_PASS_HAND_NO)
        while not pos.is_over():
            seat = pos.turn
            card = bots[seat].choose_card(pos, seat)
            legal = len(pos.legal_moves())
            if legal > 1:
                choices += 1
                agreement += _core.heuristic_card_probability(pos, card, 0.0)
                uniform += math.log(1 / legal)
                for noise in NOISES:
                    model[noise] += math.log(_core.heuristic_card_probability(pos, card, noise))
            pos.push(card)
    print(f"{args.player}: {choices} choices in {args.hands} hands; the policy's chance of its card "
          f"(noise 0) {agreement / choices:.3f}")
    print("| model | log-likelihood per choice |")
    print("|---|---|")
    print(f"| uniform | {uniform / choices:.3f} |")
    for noise in NOISES:
        print(f"| policy, noise {noise} | {model[noise] / choices:.3f} |")


if __name__ == "__main__":
    main()
