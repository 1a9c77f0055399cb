"""What a tournament is: plain data that travels to worker processes and Ray
tasks and is stored as the first line of the results file (a resume must match it)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from copas_ai.arena.players import PlayerSpec, parse_player


@dataclass(frozen=True)
class ArenaConfig:
    players: tuple[str, ...]  # spec strings, in lineup order
    variant: str = "american"
    seats: int | None = None  # None: the variant's default
    seed: int = 1
    deals: int = 100
    no_pass: bool = False  # every deal is a no-pass hand (american: hand number 3)
    matches: bool = False  # a game is a whole match from the deal's seed, not one hand
    max_hands: int = 200  # guard on a match that does not end
    # Matches that start from these totals (one per seat), deal d from starts[d % len]:
    # a suite of match endings; () starts every match at 0.
    starts: tuple[tuple[int, ...], ...] = ()
    specs: tuple[PlayerSpec, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.players:
            raise ValueError("no players")
        if self.deals < 1 or self.max_hands < 1:
            raise ValueError("--deals and --max-hands must be positive")
        if self.starts and not self.matches:
            raise ValueError("--start-totals starts matches: use it with --matches")
        if self.no_pass and self.matches:
            raise ValueError("--no-pass plays single hands; it cannot be combined with --matches")
        object.__setattr__(self, "specs", tuple(parse_player(p) for p in self.players))
        if any(s.kind == "openspiel" for s in self.specs) and not (self.no_pass and self.variant == "american"):
            raise ValueError("the openspiel player plays american without passing: use --no-pass")

    def identity(self) -> dict:
        """What fixes every game's outcome (not the number of deals: a run may be extended)."""
        data = asdict(self)
        for key in ("deals", "specs"):
            data.pop(key)
        data["players"] = list(self.players)
        data.pop("starts")
        if self.starts:  # files written before --start-totals existed still resume
            data["starts"] = [list(t) for t in self.starts]
        return data

    def labels(self) -> list[str]:
        """The players' names in reports: their spec strings, repeated ones numbered."""
        out: list[str] = []
        for p in self.players:
            n = sum(1 for q in out if q == p or q.startswith(p + "#"))
            out.append(p if n == 0 else f"{p}#{n + 1}")
        return out
