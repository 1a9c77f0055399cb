"""Bad input never reaches the engine as an internal error: for every registered variant
id, position lines (full and one seat's view) of random hands, mutated with a fixed seed
(a token dropped or repeated, a card or a seat changed, a card listed twice), followed by
`legal`, `show` and `go`. Each must be answered, an error naming what is wrong where the
line is bad; `internal error` (an exception the loop caught) fails the test. On main
0ceea41 it fails for two-deck and cancellation (`show` of a one-seat view)."""

from __future__ import annotations

import random

import pytest

from copas_ai.arena.cep_player import seat_view_text
from copas_ai.bots import make_bot
from copas_ai.cep.loop import run_lines
from copas_ai.cep.position_text import position_to_text
from copas_ai.game import Match, play_hand
from copas_ai.variants import variant_ids

CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "CDHS"]


def _mutated(line: str, rng: random.Random) -> str:
    tokens = line.split()
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(1, len(tokens))  # the command word stays
        kind = rng.randrange(5)
        if kind == 0:
            del tokens[i]
        elif kind == 1:
            tokens.insert(i, tokens[rng.randrange(1, len(tokens))])
        elif kind == 2 and "," in tokens[i]:
            cards = tokens[i].split(",")
            cards[rng.randrange(len(cards))] = rng.choice(CARDS + cards)  # another card, or one listed twice
            tokens[i] = ",".join(cards)
        elif kind == 3 and tokens[i].isdigit():
            tokens[i] = str(rng.randrange(-1, 12))
        elif kind == 4 and ":" in tokens[i]:
            seat, card = tokens[i].split(":", 1)
            tokens[i] = f"{rng.randrange(10)}:{card}" if rng.random() < 0.5 else f"{seat}:{rng.choice(CARDS)}"
    return " ".join(tokens)


def _lines(variant: str, seed: int, rng: random.Random) -> list[str]:
    """A full position and the mover's view, somewhere in a random hand of `variant`."""
    position = Match.new(variant, None, seed=seed).deal_next_hand()
    play_hand(position, [make_bot("random", seed=seed + s) for s in range(position.players)])
    keep = rng.randrange(len(position.moves) + 1)
    while len(position.moves) > keep:
        position.pop()
    seat = position.turn if position.turn is not None else 0
    return [position_to_text(position, variant), seat_view_text(position, seat, variant)]


@pytest.mark.parametrize("variant", variant_ids())
def test_mutated_position_lines_get_an_answer_never_an_internal_error(variant):
    rng = random.Random(f"fuzz/{variant}")
    internal = []
    for seed in range(2):
        for line in _lines(variant, seed, rng):
            for text in [line] + [_mutated(line, rng) for _ in range(4)]:
                out = run_lines([text, "legal", "show", "go iterations 30"])
                internal += [(text, answer) for answer in out if "internal error" in answer]
    assert not internal, internal[:3]
