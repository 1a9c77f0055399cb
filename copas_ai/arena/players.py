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

from copas_ai.bots import SEARCH_PHASES, Bot, HeuristicBot, RandomBot, SearchBot

SEARCH_KINDS = ("ismcts", "pimc", "auto")
KINDS = ("random", "heuristic", *SEARCH_KINDS, "openspiel", "cep")
_OPTIONS = {"iterations", "movetime", "threads", "moon", "match", "pimc", "horizon", "mpoints", "infer", "inoise", "imodel", "explore", "hpass", "upass", *SEARCH_PHASES}
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
        if not eq or key not in _OPTIONS or not value.isdigit() or (int(value) <= 0 and key not in ("moon", "match", "imodel", "hpass", "upass")):
            raise ValueError(f"player '{spec}': bad option '{item}' (known: "
                             f"{', '.join(sorted(_OPTIONS))}, each =<positive integer>, moon=0|1, match=0|1, imodel=0|1, hpass=0|1, upass=0|1)")
        options[key] = int(value)
    return options


def parse_player(spec: str) -> PlayerSpec:
    """A PlayerSpec from its text; raises ValueError naming what is wrong."""
    spec = spec.strip()
    cep = _CEP.fullmatch(spec)
    if cep:
        options = _parse_options(cep.group(1) or "", spec)
        if "iterations" not in options and "movetime" not in options:
            options["movetime"] = 100
        return PlayerSpec("cep", options, cep.group(2).strip())
    kind, _, rest = spec.partition(":")
    if kind not in KINDS or kind == "cep":
        raise ValueError(f"unknown player '{spec}'; known: {', '.join(KINDS[:-1])}, cep:<command line>")
    options = _parse_options(rest, spec)
    if (kind == "random" and options) or (kind == "heuristic" and set(options) - {"moon"}):
        raise ValueError(f"player '{spec}': random takes no options, heuristic only moon=0|1")
    if kind != "heuristic" and "moon" in options:
        raise ValueError(f"player '{spec}': only heuristic takes moon")
    if kind not in SEARCH_KINDS and "match" in options:
        raise ValueError(f"player '{spec}': only {', '.join(SEARCH_KINDS)} take match")
    if "horizon" in options and not options.get("match"):
        raise ValueError(f"player '{spec}': horizon=H is the match objective's (match=1)")
    if "mpoints" in options and not (options.get("match") and options["mpoints"] <= 100):
        raise ValueError(f"player '{spec}': mpoints=P (1..100 percent) is the match objective's (match=1)")
    if kind != "auto" and "pimc" in options:
        raise ValueError(f"player '{spec}': only auto takes pimc (the tricks left from which it solves worlds)")
    if kind not in SEARCH_KINDS and {"infer", "inoise"} & set(options):
        raise ValueError(f"player '{spec}': only {', '.join(SEARCH_KINDS)} take infer and inoise")
    if "inoise" in options and not ("infer" in options and options["inoise"] <= 100):
        raise ValueError(f"player '{spec}': inoise=P (1..100 percent) goes with infer=W")
    if "imodel" in options and not ("infer" in options and options["imodel"] <= 1):
        raise ValueError(f"player '{spec}': imodel=0|1 goes with infer=W")
    if kind not in SEARCH_KINDS and "explore" in options:
        raise ValueError(f"player '{spec}': only {', '.join(SEARCH_KINDS)} take explore")
    if "hpass" in options and not (kind in SEARCH_KINDS and options["hpass"] <= 1):
        raise ValueError(f"player '{spec}': hpass=0|1 (the playout policy's pass) is for {', '.join(SEARCH_KINDS)}")
    if "upass" in options and not (kind in SEARCH_KINDS and options["upass"] <= 1 and not options.get("hpass")):
        raise ValueError(f"player '{spec}': upass=0|1 (uno-hearts' searched pass) is for {', '.join(SEARCH_KINDS)}, "
                         "without hpass=1")
    if kind not in SEARCH_KINDS and set(SEARCH_PHASES) & set(options):
        raise ValueError(f"player '{spec}': only {', '.join(SEARCH_KINDS)} take a phase's limit")
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
                         pimc_max_tricks=spec.options.get("pimc", 4), match_horizon=spec.options.get("horizon", 0),
                         inference_pool=spec.options.get("infer", 0),
                         inference_noise=spec.options.get("inoise", 50) / 100,
                         inference_model="learned" if spec.options.get("imodel") else "policy",
                         phase_limits={p: spec.options[p] for p in SEARCH_PHASES if p in spec.options},
                         exploration=spec.options.get("explore", 70) / 100,
                         match_points_weight=spec.options.get("mpoints", 0) / 100,
                         heuristic_pass=bool(spec.options.get("hpass", 0)),
                         uno_pass_search=bool(spec.options.get("upass", 0)))
    if spec.kind == "openspiel":
        from copas_ai.arena.openspiel_player import OpenSpielIsmctsBot

        return OpenSpielIsmctsBot(seed, movetime_ms=spec.movetime_ms, iterations=spec.iterations)
    from copas_ai.arena.cep_player import CepBot

    return CepBot(spec.command, seed, variant, iterations=spec.iterations, movetime_ms=spec.movetime_ms)
