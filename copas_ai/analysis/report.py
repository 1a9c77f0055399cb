"""An Analysis as a text table or as the JSON report copas-analysis/1
(documented in docs/ANALYSIS.md; its JSON Schema is docs/copas-analysis-1.schema.json)."""

from __future__ import annotations

from typing import Any, TextIO

from copas_ai.analysis.analyse import Analysis, Decision
from copas_ai.moves.passes import pass_text
from copas_ai.analysis.verdict import VERDICTS, thresholds_for

FORMAT = "copas-analysis/1"


def _score(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _move_text(move: object) -> str:
    # A card, a pass, or a split pass's parts ('QS/AH,KC').
    return pass_text(move) if isinstance(move, tuple) else str(move)


def decision_json(d: Decision) -> dict[str, Any]:
    return {
        "hand": d.hand,
        "trick": d.trick,
        "seat": d.seat,
        "kind": d.kind,
        "played": _move_text(d.played),
        "best": _move_text(d.best),
        "played_score": _score(d.played_score),
        "best_score": _score(d.best_score),
        "played_stderr": _score(d.played_stderr),
        "best_stderr": _score(d.best_stderr),
        "loss": _score(d.loss),
        "loss_stderr": _score(d.loss_stderr),
        "verdict": d.verdict,
        "forced": d.forced,
    }


def report_json(analysis: Analysis) -> dict[str, Any]:
    """The copas-analysis/1 report as JSON-ready data."""
    s = analysis.settings
    record = analysis.record
    return {
        "format": FORMAT,
        "variant": record.variant.id,
        "goal": record.variant.goal,
        "players": list(record.names),
        "settings": {
            "iterations": s.limit.iterations,
            "movetime_ms": s.limit.movetime_ms,
            "pass_scale": s.pass_scale,
            "threads": s.threads,
            "seed": s.seed,
            "algorithm": s.algorithm,
            "objective": s.objective,
            "seats": None if s.seats is None else sorted(s.seats),
            "hands": None if s.hands is None else list(s.hands),
            "double_dummy_trick": s.double_dummy_trick,
            "double_dummy_nodes": s.double_dummy_nodes,
            "thresholds": dict(thresholds_for(s.objective, record.rules)),
        },
        "decisions": [decision_json(d) for d in analysis.decisions],
        "hands": [
            {"hand": h.hand, "dealer": h.dealer, "score": h.score, "finished": h.finished,
             "double_dummy": h.double_dummy,
             "revokes": [{"trick": trick, "seat": seat, "card": str(card)} for trick, seat, card in h.revokes]}
            for h in analysis.hands
        ],
        "summary": [
            {"seat": p.seat, "name": p.name, "decisions": p.decisions, "total_loss": round(p.total_loss, 3),
             "mean_loss": round(p.mean_loss, 3), "verdicts": dict(p.verdicts), "points": p.points}
            for p in analysis.players
        ],
    }


def _value(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def write_text(analysis: Analysis, out: TextIO) -> None:
    """The human report: one line per decision, then the hands and the players."""
    record = analysis.record
    goal = "lower is better" if record.variant.goal == "low" else "higher is better"
    s = analysis.settings
    limit = f"{s.limit.iterations} iterations" if s.limit.iterations else f"{s.limit.movetime_ms} ms"
    if s.objective == "match":
        out.write(f"variant {record.variant.id}  objective match: chances of winning the match "
                  "(higher is better); loss in match-winning chance\n")
    else:
        out.write(f"variant {record.variant.id}  objective points: expected hand scores ({goal}); loss in points\n")
    out.write(f"search {s.algorithm}: {limit} a card, {s.pass_scale}x for a pass; seed {s.seed}, "
              f"{s.threads} thread{'s' if s.threads > 1 else ''}\n")
    header = f"{'hand':>4} {'trick':>5} {'seat':>4}  {'played':<10} {'engine':<10} " \
             f"{'E(played)':>9} {'E(engine)':>9} {'loss':>6}  verdict\n"
    out.write(header)
    for d in analysis.decisions:
        trick = "pass" if d.trick is None else f"{d.trick}+d" if d.discard else str(d.trick)
        note = d.verdict + (" (forced)" if d.forced else "")
        out.write(f"{d.hand:>4} {trick:>5} {d.seat:>4}  {_move_text(d.played):<10} {_move_text(d.best):<10} "
                  f"{_value(d.played_score):>9} {_value(d.best_score):>9} {d.loss:>6.2f}  {note}\n")
    dd_trick = analysis.settings.double_dummy_trick
    out.write("\nhands (actual score; double-dummy value of each seat")
    if analysis.double_dummy_missing:
        out.write(f" not computed: {analysis.double_dummy_missing})\n")
    else:
        out.write(f" from trick {dd_trick})\n" if dd_trick is not None else " not computed)\n")
    for h in analysis.hands:
        actual = " ".join(f"{v:>3}" for v in h.score)
        dd = " ".join(f"{'?' if v is None else v:>3}" for v in h.double_dummy)
        state = "" if h.finished else "  (unfinished)"
        out.write(f"  hand {h.hand:>2}  dealer {h.dealer}  actual {actual}   double-dummy {dd}{state}\n")
        for trick, seat, card in h.revokes:
            out.write(f"           revoke: seat {seat} played {card} at trick {trick} (not judged)\n")
    out.write("\nplayers\n")
    verdicts = " ".join(f"{v:>10}" for v in VERDICTS)
    out.write(f"  {'seat':>4} {'name':<16} {'decisions':>9} {'loss':>7} {'per move':>8} {verdicts} {'points':>6}\n")
    for p in analysis.players:
        counts = " ".join(f"{p.verdicts[v]:>10}" for v in VERDICTS)
        out.write(f"  {p.seat:>4} {p.name:<16} {p.decisions:>9} {p.total_loss:>7.2f} {p.mean_loss:>8.2f} "
                  f"{counts} {p.points:>6}\n")
