"""The review page's data: a copas-game/1 record checked by the record reader and
laid out step by step (the deal, the passes, every card) with the hands held at
each step; with an `analyse` report (copas-analysis/1), each step its decision:
the engine's choice, the loss and the verdict."""

from __future__ import annotations

import json
from typing import Any

from copas_ai.analysis.record import read_record, replay
from copas_ai.analysis.report import FORMAT as REPORT_FORMAT
from copas_ai.errors import RecordError
from copas_ai.moves.passes import pass_text
from copas_ai.moves.twins import held_text


_DECISION_KEYS = {"hand": int, "seat": int, "kind": str, "played": str, "best": str, "verdict": str}


def _report(report: Any) -> dict[str, Any] | None:
    """A copas-analysis/1 report (text or data) with its decisions checked, or None."""
    if report is None or report == "":
        return None
    if isinstance(report, str):
        try:
            report = json.loads(report)
        except (json.JSONDecodeError, RecursionError) as exc:
            raise RecordError(f"the report is not JSON: {exc}") from None
    if not isinstance(report, dict) or report.get("format") != REPORT_FORMAT:
        raise RecordError(f"the report: expected a {REPORT_FORMAT} object (python -m copas_ai analyse --json)")
    decisions = report.get("decisions")
    if not isinstance(decisions, list) or not all(
            isinstance(d, dict) and all(isinstance(d.get(k), t) for k, t in _DECISION_KEYS.items()) for d in decisions):
        raise RecordError("the report: expected a list of decisions, each with its hand, seat, kind, moves and verdict")
    return report


def _decisions(report: dict[str, Any] | None) -> dict[tuple, dict[str, Any]]:
    """The report's decisions by (hand, trick, seat, played)."""
    return {} if report is None else {(d["hand"], d.get("trick"), d["seat"], d["played"]): d for d in report["decisions"]}


def _report_only(report: dict[str, Any]) -> dict[str, Any]:
    """A report without its record: its decisions as steps, with no hands to show."""
    names = report.get("players")
    steps = [{"hand": d["hand"], "kind": "pass" if d["kind"] == "pass" else "play", "seat": d["seat"],
              "move": d["played"], "trick_no": d.get("trick"), "hands": [], "trick": [], "points": [],
              "decision": d} for d in report["decisions"]]
    if not steps:
        raise RecordError("the report judges no decision")
    return {"variant": report.get("variant"), "players": len(names) if isinstance(names, list) else None,
            "names": names if isinstance(names, list) else [], "goal": report.get("goal"),
            "steps": steps, "judged": True}


def review_data(text: Any, report: Any = None) -> dict[str, Any]:
    """The steps of a record (`text`), judged by a report beside it; or of a report alone."""
    if not isinstance(text, str) or not text.strip():
        raise RecordError("open a copas-game/1 record (or an analyse report)")
    try:
        head = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        head = None
    if isinstance(head, dict) and head.get("format") == REPORT_FORMAT:
        return _report_only(_report(head))
    record = read_record(text)
    decisions = _decisions(_report(report))
    n = record.players
    steps: list[dict[str, Any]] = []
    for index, hand in enumerate(record.hands):
        number = index + 1
        start = replay(record, hand, 0)
        steps.append({"hand": number, "kind": "deal", "seat": None, "move": None,
                      "hands": [str(c) for c in hand.deal], "trick": [], "points": [0] * n})
        if hand.passes is not None:
            for seat, value in enumerate(hand.passes):
                steps.append({"hand": number, "kind": "pass", "seat": seat, "move": pass_text(value),
                              "hands": [str(c) for c in hand.deal], "trick": [], "points": [0] * n,
                              "decision": decisions.get((number, None, seat, pass_text(value)))})
            steps.append({"hand": number, "kind": "received", "seat": None, "move": None,
                          "hands": [held_text(start, s) for s in range(n)], "trick": [], "points": [0] * n})
        for k, (seat, card) in enumerate(hand.plays):
            after = replay(record, hand, k + 1)
            # The trick in progress, else the one this card ended (2 cards a seat after nines-extend).
            trick_no = after.tricks_done + (1 if after.trick else 0)
            starts = after.trick_starts
            shown = after.trick if after.trick else after.moves[starts[-2]:starts[-1]]
            steps.append({"hand": number, "kind": "play", "seat": seat, "move": str(card), "trick_no": trick_no,
                          "hands": [held_text(after, s) for s in range(n)],
                          "trick": [[s, str(c)] for s, c in shown],
                          "points": list(after.points_taken()),
                          "decision": decisions.get((number, trick_no, seat, str(card)))})
        steps[-1]["score"] = list(hand.score)
    return {"variant": record.variant.id, "players": n, "names": record.names, "goal": record.variant.goal,
            "steps": steps, "judged": bool(decisions)}
