"""Player spec strings and the bots they build.

    random | heuristic[:moon=0]                 the built-in bots (moon=0: no moon play)
    ismcts|pimc|auto[:iterations=N,movetime=MS,threads=T,match=1,horizon=H,mpoints=P,pimc=K,infer=W,inoise=P]
                                                the engine's search
                                                (match=1: the match objective, docs/MATCH_EQUITY.md;
                                                horizon=H: for the hand's points until H hands can end the match;
                                                mpoints=P: the hand points' share of the match reward, in percent;
                                                pimc=K: auto solves worlds from K tricks left, default 4;
                                                infer=W: inference over a pool of W worlds, docs/STRENGTH.md;
                                                inoise=P: the inference model's random cards, in percent, default 50;
                                                imodel=1: the learned card model, not the playout policy;
                                                explore=P: ISMCTS's UCB constant, in hundredths, default 70;
                                                pnoise=P: the playouts' share of random cards, in percent, default 10;
                                                pass=N, early=N, middle=N, late=N: that phase's limit
                                                (bots.search_phase) in the unit of the others' (ms or iterations);
                                                hpass=1: the playout policy's pass, unsearched;
                                                upass=1: uno-hearts' pass searched, not the playout policy's)
    openspiel[:movetime=MS|iterations=N]        OpenSpiel's ISMCTS bot (american, no passing)
    cep:<command line>                          any CEP/1 engine process (default movetime=100)
    cep[iterations=N,movetime=MS]:<command line>

A spec is plain data (picklable, JSON-able) so it can travel to worker
processes and Ray tasks; `build` makes a fresh bot from it for one game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from copas_ai._core import PIMC_MAX_TRICKS
from copas_ai.bots import SEARCH_PHASES, Bot, HeuristicBot, RandomBot, SearchBot

SEARCH_KINDS = ("ismcts", "pimc", "auto")
KINDS = ("random", "heuristic", *SEARCH_KINDS, "openspiel", "cep")


@dataclass(frozen=True)
class _Option:
    """What a player option is: the kinds that take it, an option it goes with, its
    largest value (None: any positive integer; 1 for a 0|1 switch, which may be 0)."""
    kinds: tuple[str, ...]
    needs: str | None = None
    most: int | None = None
    name: str = ""  # how an error names it, when not by its key
    without: str | None = None  # an option it cannot go with


_PHASE = _Option(SEARCH_KINDS, name="a phase's limit")
_OPTION = {
    "iterations": _Option(KINDS), "movetime": _Option(KINDS), "threads": _Option(SEARCH_KINDS),
    "moon": _Option(("heuristic",), most=1),
    "match": _Option(SEARCH_KINDS, most=1),
    "horizon": _Option(SEARCH_KINDS, needs="match", name="horizon=H"),
    "mpoints": _Option(SEARCH_KINDS, needs="match", most=100, name="mpoints=P"),
    "pimc": _Option(("auto",), name="pimc (the tricks left from which it solves worlds)"),
    "infer": _Option(SEARCH_KINDS),
    "inoise": _Option(SEARCH_KINDS, needs="infer", most=100, name="inoise=P"),
    "imodel": _Option(SEARCH_KINDS, needs="infer", most=1, name="imodel=0|1"),
    "explore": _Option(SEARCH_KINDS),
    "pnoise": _Option(SEARCH_KINDS, most=100, name="pnoise=P"),
    "hpass": _Option(SEARCH_KINDS, most=1, name="hpass=0|1 (the playout policy's pass)"),
    "upass": _Option(SEARCH_KINDS, most=1, name="upass=0|1 (uno-hearts' searched pass)", without="hpass"),
    **{phase: _PHASE for phase in SEARCH_PHASES},
}

_CEP = re.compile(r"cep(?:\[([^\]]*)\])?:(.+)", re.S)


@dataclass(frozen=True)
class PlayerSpec:
    kind: str
    options: dict[str, int] = field(default_factory=dict)
    command: str = ""  # the CEP engine's command line

    @property
    def iterations(self) -> int | None:
        return self.options.get("iterations")

    @property
    def movetime_ms(self) -> int | None:
        return self.options.get("movetime")


def _parse_options(text: str, spec: str) -> dict[str, int]:
    options: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, eq, value = item.partition("=")
        rule = _OPTION.get(key)
        if not eq or rule is None or not value.isdigit() or (int(value) <= 0 and rule.most != 1):
            raise ValueError(f"player '{spec}': bad option '{item}' (known: "
                             f"{', '.join(sorted(_OPTION))}, each =<positive integer>, moon=0|1, match=0|1, imodel=0|1, hpass=0|1, upass=0|1)")
        options[key] = int(value)
    return options


def _check_options(kind: str, options: dict[str, int], spec: str) -> None:
    """Each option taken by a kind that takes it, with what it goes with, within its bound."""
    for key, value in options.items():
        rule = _OPTION[key]
        name = rule.name or key
        if kind not in rule.kinds:
            raise ValueError(f"player '{spec}': only {', '.join(rule.kinds)} take{'s' if len(rule.kinds) == 1 else ''} {name}")
        if rule.needs and not options.get(rule.needs):
            raise ValueError(f"player '{spec}': {name} goes with {rule.needs}"
                             + (" (the match objective's)" if rule.needs == "match" else ""))
        if rule.without and options.get(rule.without):
            raise ValueError(f"player '{spec}': {name} only without {rule.without}=1")
        if rule.most is not None and value > rule.most:
            raise ValueError(f"player '{spec}': {name} is at most {rule.most}")


def parse_player(spec: str) -> PlayerSpec:
    """A PlayerSpec from its text; raises ValueError naming what is wrong."""
    spec = spec.strip()
    cep = _CEP.fullmatch(spec)
    if cep:
        options = _parse_options(cep.group(1) or "", spec)
        _check_options("cep", options, spec)
        if "iterations" not in options and "movetime" not in options:
            options["movetime"] = 100
        return PlayerSpec("cep", options, cep.group(2).strip())
    kind, _, rest = spec.partition(":")
    if kind not in KINDS or kind == "cep":
        raise ValueError(f"unknown player '{spec}'; known: {', '.join(KINDS[:-1])}, cep:<command line>")
    options = _parse_options(rest, spec)
    if (kind == "random" and options) or (kind == "heuristic" and set(options) - {"moon"}):
        raise ValueError(f"player '{spec}': random takes no options, heuristic only moon=0|1")
    _check_options(kind, options, spec)
    if kind in SEARCH_KINDS and "iterations" not in options and "movetime" not in options:
        options["iterations"] = 2000  # the default of bots.make_bot
    if kind == "openspiel":
        if set(options) - {"movetime", "iterations"} or len(options) > 1:
            raise ValueError(f"player '{spec}': openspiel takes movetime or iterations, not both")
        if not options:
            options["movetime"] = 100
    return PlayerSpec(kind, options)


def build(spec: PlayerSpec, seed: int, variant: str) -> Bot:
    """A fresh bot for one game, seeded so that the game is reproducible."""
    if spec.kind == "random":
        return RandomBot(seed)
    if spec.kind == "heuristic":
        return HeuristicBot(seed, moon=bool(spec.options.get("moon", 1)))
    if spec.kind in SEARCH_KINDS:
        return SearchBot(seed=seed, iterations=spec.iterations, movetime_ms=spec.movetime_ms,
                         algorithm=spec.kind, threads=spec.options.get("threads", 1),
                         objective="match" if spec.options.get("match") else "points", variant=variant,
                         pimc_max_tricks=spec.options.get("pimc", PIMC_MAX_TRICKS), match_horizon=spec.options.get("horizon", 0),
                         inference_pool=spec.options.get("infer", 0),
                         inference_noise=spec.options.get("inoise", 50) / 100,
                         inference_model="learned" if spec.options.get("imodel") else "policy",
                         phase_limits={p: spec.options[p] for p in SEARCH_PHASES if p in spec.options},
                         exploration=spec.options.get("explore", 70) / 100,
                         playout_noise=spec.options.get("pnoise", 10) / 100,
                         match_points_weight=spec.options.get("mpoints", 0) / 100,
                         heuristic_pass=bool(spec.options.get("hpass", 0)),
                         uno_pass_search=bool(spec.options.get("upass", 0)))
    if spec.kind == "openspiel":
        from copas_ai.arena.openspiel_player import OpenSpielIsmctsBot

        return OpenSpielIsmctsBot(seed, movetime_ms=spec.movetime_ms, iterations=spec.iterations)
    from copas_ai.arena.cep_player import CepBot

    return CepBot(spec.command, seed, variant, iterations=spec.iterations, movetime_ms=spec.movetime_ms)
