"""`python -m copas_ai play --seat N`: a person plays seat N in the terminal, on the
same table as the browser's (copas_ai.gui.table: the engine seats asked over CEP/1
with their own view, the core as referee) and with the same hints.

At a prompt: cards (`QS`, `10h`; a pass or a discard as several, `QS AH KC`),
`hint`, `undo`, `save FILE`, `quit`.
"""

from __future__ import annotations

from typing import Any, Callable

from copas_ai.gui.table import Table, TableError

HELP = "commands: hint, undo, save FILE, quit"


def _hand_line(s: dict[str, Any]) -> str:
    marks = [card if s["legal"][card] is None else f"({card})" for card in s["hand"]]
    return "  your hand  " + " ".join(marks)


def _trick_line(trick: list) -> str:
    return " ".join(f"{seat}:{card}" for seat, card in trick) or "-"


class TerminalPlay:
    def __init__(self, table: Table, read: Callable[[str], str], write: Callable[[str], None],
                 whole_match: bool = False) -> None:
        self.table = table
        self.read = read
        self.write = write
        self.whole_match = whole_match
        self.tricks_shown = 0

    def _wait_for_person(self) -> dict[str, Any]:
        s = self.table.state()
        while not (s["your_turn"] or s["phase"] in ("handover", "gameover") or s["engine"]["pid"] is None):
            self.table.wait(s["version"], 10.0)
            s = self.table.state()
        return s

    def _news(self, s: dict[str, Any]) -> None:
        if s["tricks_done"] > self.tricks_shown and s["last_trick"]:
            self.write(f"  trick {s['tricks_done']:2d}  {_trick_line(s['last_trick'])}  "
                       f"{_taker(s['last_winner'])}  (points {' '.join(map(str, s['points']))})")
        self.tricks_shown = s["tricks_done"]
        if s["notice"] and s["notice"] != getattr(self, "_notice", None):
            self.write(f"  note: {s['notice']}")
            self._notice = s["notice"]

    def run(self) -> int:
        while True:
            s = self._wait_for_person()
            self._news(s)
            if s["engine"]["pid"] is None:
                self.write("the engine stopped; the table cannot go on")
                return 1
            if s["phase"] in ("handover", "gameover"):
                if not self._hand_over(s):
                    return 0
                continue
            if not self._decide(s):
                return 0

    def _hand_over(self, s: dict[str, Any]) -> bool:
        """Prints the hand's end; True to go on with the next hand."""
        self.write(f"hand {s['hand_no'] + 1} over: score {' '.join(map(str, s['sheet'][-1]))}  "
                   f"totals {' '.join(map(str, s['totals']))}")
        if s["phase"] == "gameover":
            self.write(f"match over: seat {', '.join(map(str, s['winners']))} won")
            return False
        if not self.whole_match:
            return False
        self.tricks_shown = 0
        self.table.next_hand()
        return True

    def _decide(self, s: dict[str, Any]) -> bool:
        if s["phase"] == "passing":
            self.write(f"hand {s['hand_no'] + 1}, dealer {s['dealer']}: {s['pass']['words']}")
            prompt = f"pass {s['pass']['count']} cards> "
        elif s["phase"] == "discarding":
            self.write(f"you took the kitty {s['kitty']['cards']}")
            prompt = f"discard {s['kitty']['discard_count']} cards> "
        else:
            self.write(f"  trick so far  {_trick_line(s['trick'])}")
            prompt = "your card> "
        self.write(_hand_line(s))
        try:
            line = self.read(prompt).strip()
        except EOFError:
            return False
        words = line.replace(",", " ").split()
        if not words:
            self.write(HELP)
            return True
        command = words[0].lower()
        try:
            if command in ("quit", "q"):
                return False
            if command == "hint":
                hint = self.table.hint()
                values = ", ".join(f"{m['move']} {m['score']:.2f}" for m in hint["moves"])
                self.write(f"  engine's choice {hint['best']}; expected hand score: {values}")
            elif command == "undo":
                self.table.undo()
                self.tricks_shown = self.table.state()["tricks_done"]
            elif command == "save" and len(words) == 2:
                with open(words[1], "w", encoding="utf-8") as f:
                    f.write(self.table.record_text())
                self.write(f"  saved {words[1]}")
            elif s["phase"] == "passing":
                self.table.pass_cards(s["seat"], words)
            elif s["phase"] == "discarding":
                self.table.discard(words)
            elif len(words) == 1:
                self.table.play(words[0])
            else:
                self.write(HELP)
        except (TableError, OSError) as exc:
            self.write(f"  refused: {exc}")
        return True


def _taker(winner: int | None) -> str:
    """Who took the last trick; None: carried, pending (cancellation, docs/RULES.md §14)."""
    return "pending, nobody takes it" if winner is None else f"seat {winner} takes it"
