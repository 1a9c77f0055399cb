"""OpenSpiel's ISMCTSBot (random rollouts) as an arena player: american rules,
four players, no passing (the bot crashes in OpenSpiel's pass phase).

Known peer defects worked around here: OpenSpiel ignores pass_cards=False at the
pass-direction chance node, so action 0 ("No Pass") is applied by hand; the bot
keeps only a raw pointer to its evaluator, so the evaluator is kept alive here;
the bot is asked only in the play phase. Mapping: seats are identical, the
OpenSpiel card action is face * 4 + suit, deal action k goes to seat k % 4.
"""

from __future__ import annotations

from copas_ai._core import Card, CardSet, Position


def os_action(card: Card) -> int:
    return card.face * 4 + card.suit


def os_card(action: int) -> Card:
    return Card((action % 4) * 16 + action // 4)


def peer_state(position: Position):
    """(game, state): OpenSpiel's Hearts at the same point as a no-pass `position`."""
    import pyspiel

    if position.pass_plan or position.players != 4:
        raise ValueError("the openspiel player needs four players and no passing (use --no-pass)")
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False, "pass_cards": False})
    state = game.new_initial_state()
    state.apply_action(0)  # "No Pass": pass_cards=False is ignored at this chance node
    dealt = [list(position.hands[s] | CardSet([c for p, c in position.moves if p == s])) for s in range(4)]
    for k in range(52):
        state.apply_action(os_action(dealt[k % 4][k // 4]))
    for _, card in position.moves:
        state.apply_action(os_action(card))
    return game, state


class OpenSpielIsmctsBot:
    name = "openspiel"

    def __init__(self, seed: int, movetime_ms: int | None = None, iterations: int | None = None) -> None:
        import pyspiel

        seed %= 2**31
        self._evaluator = pyspiel.RandomRolloutEvaluator(1, seed)  # the bot does not own it
        # A time limit of 0 means none: an iteration limit alone is reproducible under any load
        # (in 5 ms on a busy core the bot may get no simulation done, and OpenSpiel aborts).
        self._bot = pyspiel.ISMCTSBot(seed, self._evaluator, 2.0, iterations or 10_000_000, -1,
                                      pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False,
                                      (movetime_ms or 0) / 1000)

    def choose_pass(self, position: Position, seat: int, count: int) -> CardSet:
        raise ValueError("the openspiel player cannot pass (use --no-pass)")

    def choose_card(self, position: Position, seat: int) -> Card:
        moves = position.legal_moves()
        if len(moves) == 1:
            return next(iter(moves))
        _, state = peer_state(position)
        return os_card(self._bot.step(state))
