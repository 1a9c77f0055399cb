"""Every error the package raises, in one hierarchy under CopasError.

Bad input is a ValueError (a variant id, a position, a record, a results file);
a missing facility or a broken engine is a RuntimeError. The core's own errors
(InvalidCardError, IllegalMoveError, InvalidPositionError, from copas_ai._core)
are ValueErrors too.
"""

from __future__ import annotations


class CopasError(Exception):
    """The base of every copas_ai error."""


class VariantNotFoundError(CopasError, ValueError):
    """An unknown variant id, or an option that does not exist or does not fit it."""


class PositionTextError(CopasError, ValueError):
    """A `position` that cannot be used; the message names the first offending token."""


class PositionStateError(CopasError, ValueError):
    """The loaded position does not allow what was asked (legal, go, solve)."""


class WorldUnavailableError(PositionTextError):
    """A one-hand position whose hidden cards no consistent world can fill."""


class RecordError(CopasError, ValueError):
    """A record that cannot be used: `hand` and `play` (1-based, None when the
    problem is not inside one) and the `reason`."""

    def __init__(self, reason: str, hand: int | None = None, play: int | None = None,
                 where: str | None = None) -> None:
        self.hand, self.play, self.reason = hand, play, reason
        place = [] if hand is None else [f"hand {hand}"]
        if where:
            place.append(where)
        super().__init__(f"{', '.join(place) or 'record'}: {reason}")


class ResultsMismatchError(CopasError, ValueError):
    """An arena results file that belongs to another tournament (other players, variant, seed …)."""


class CommandError(CopasError):
    """A CEP command the engine cannot carry out; str() is the reason (`error <command> <reason>`)."""


class BusyError(CommandError):
    """A command that must wait until the running search has stopped."""

    def __init__(self) -> None:
        super().__init__("busy")


class EngineError(CopasError, RuntimeError):
    """A CEP engine driven by the client answered `error …`, or said something the protocol does not allow."""


class EngineTerminatedError(EngineError):
    """The engine process ended (or closed its output) while an answer was awaited."""


class PlotUnavailableError(CopasError, RuntimeError):
    """matplotlib is not installed."""
