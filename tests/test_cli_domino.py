"""`domino` (docs/RULES.md §17) from the command line: `play` reports each trick (N
led-suit cards from any seats, its winner the seat that took it, who may not lead
next: DO-3) as the independent referee (tests/support/independent_referee_domino.py)
cuts and awards them; `play --match` plays `domino+elimination` to its last seat (the
table, whose engine seats are sent one-seat views: tests/test_view_domino.py)."""

from __future__ import annotations

import pytest
from support.independent_referee_domino import DominoReferee

import copas_ai as ca
from copas_ai.bots import make_bot
from copas_ai.cli import main
from copas_ai.game import Match, play_hand


@pytest.mark.parametrize("players", [3, 4, 8])
def test_domino_play_hand_reports_the_tricks_the_referee_cuts_and_awards(players):
    for seed in range(4):
        match = Match.new(ca.find_variant("domino"), players=players, seed=seed)
        position = match.deal_next_hand()
        dealt, stock = position.hands, position.dealt_stock
        reports = []
        play_hand(position, [make_bot("random", seed=seed * 10 + s) for s in range(players)], on_trick=reports.append)
        ref = DominoReferee([sorted(str(c) for c in h) for h in dealt], [str(c) for c in stock], position.dealer)
        for _, card in position.moves:
            ref.play(str(card))
        assert [([(s, str(c)) for s, c in r.plays], r.winner) for r in reports] == ref.tricks
        assert [r.number for r in reports] == list(range(1, len(reports) + 1))
        assert [r.points for r in reports] == [sum(str(c)[1] == "H" for _, c in r.plays) for r in reports]


def test_domino_play_prints_every_trick_and_the_elimination_match_ends_with_one_winner(capsys):
    assert main(["play", "--variant", "domino", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "trick  1  seat 3 leads:" in out and "  score  " in out  # seat 0 deals: seat 3 leads (A50c)
    assert main(["play", "--variant", "domino+elimination", "--match", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "match over after" in out and "winner seat" in out
