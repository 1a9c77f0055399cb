"""The match state beyond the totals, as words: the `match` group of a CEP
`position`, the `match` field of a copas-game/1 hand and the tail of `score`'s
`state` line (docs/PROTOCOL.md, "The match state").

    match_words(state)                 -> ["tiebreak", "reset", "1,3"]  ([] when nothing is under way)
    parse_match_words(["tiebreak"], 4) -> (True, [], 0)

`tiebreak`: tie-break hands have begun (docs/RULES.md §2.1 A11/A11b), so the match
ends after the first hand that leaves one best total. `reset <seats>`: those seats
dropped to half the target under exact-score (c) and a scoreless next hand takes
them to 0 (§2.3 A26). `pot <chips>`: under chips (§19) the chips the pot carries
into the next hand. `none` says that nothing is under way. The hands played are
the position's `handno`. Nothing here decides a rule: the core's MatchState does.
"""

from __future__ import annotations

from copas_ai._core import EXACT_TARGET_TO_HALF_THEN_ZERO, MatchState, RuleSet, TieRule

WORDS = ("tiebreak", "reset", "pot", "none")


def match_words(state: MatchState) -> list[str]:
    """The state's flags as words; [] when no tie-break or reset is under way."""
    words = ["tiebreak"] if state.tiebreak else []
    if state.reset_pending:
        words += ["reset", ",".join(map(str, state.reset_pending))]
    if state.pot:
        words += ["pot", str(state.pot)]
    return words


def match_text(state: MatchState) -> str:
    """match_words as one string, `none` when empty (a record's per-hand field)."""
    return " ".join(match_words(state)) or "none"


def parse_match_words(words: list[str], players: int) -> tuple[bool, list[int], int]:
    """(tiebreak, reset seats, pot) from the words after `match`; ValueError naming the bad word."""
    tiebreak, reset, pot = False, None, None
    i = 0
    while i < len(words):
        word = words[i].lower()
        if word == "none" and len(words) == 1:
            return False, [], 0
        if word == "tiebreak" and not tiebreak:
            tiebreak = True
        elif word == "reset" and reset is None:
            if i + 1 >= len(words):
                raise ValueError("reset: expected the seats, e.g. reset 1,3")
            reset = _seats(words[i + 1], players)
            i += 1
        elif word == "pot" and pot is None:
            chips = words[i + 1] if i + 1 < len(words) else ""
            if not chips.isdigit() or len(chips) > 9:
                raise ValueError(f"pot {chips}: expected the pot's chips, e.g. pot 3" if chips
                                 else "pot: expected the pot's chips, e.g. pot 3")
            pot = int(chips)
            i += 1
        else:
            raise ValueError(f"{words[i]}: expected tiebreak, reset <seats>, pot <chips> or none (once each)")
        i += 1
    if not words:
        raise ValueError("expected tiebreak, reset <seats>, pot <chips> or none")
    return tiebreak, reset or [], pot or 0


def _seats(text: str, players: int) -> list[int]:
    seats = []
    for part in text.split(","):
        if not part.isdigit() or int(part) >= players:
            raise ValueError(f"reset {text}: {part!r} is not a seat of a {players}-player game")
        if int(part) in seats:
            raise ValueError(f"reset {text}: seat {part} given twice")
        seats.append(int(part))
    return sorted(seats)


def check_match_state(rules: RuleSet, tiebreak: bool, reset: list[int], totals: list[int], pot: int = 0) -> None:
    """Refuses a state the variant cannot reach (ValueError): tie-break hands where
    ties do not play them, a reset without exact-score (c) or at another total, a
    pot where the totals are points."""
    if pot and not rules.start_chips:
        raise ValueError("pot: this variant plays for points, not chips")
    if tiebreak and rules.tie_rule != TieRule.EXTRA_HANDS:
        raise ValueError("tiebreak: this variant plays no tie-break hands")
    if reset and not rules.exact_score & EXACT_TARGET_TO_HALF_THEN_ZERO:
        raise ValueError("reset: this variant has no exact-score (c) reset")
    for seat in reset:
        # (c) drops a seat that lands on the target to half of it: that is its total now.
        if totals[seat] != rules.target // 2:
            raise ValueError(f"reset: seat {seat} has {totals[seat]}, not the {rules.target // 2} "
                             "that exact-score (c) leaves")


def check_chips(rules: RuleSet, totals: list[int]) -> None:
    """Under chips (docs/RULES.md §19) a hand is dealt to the seats holding chips:
    ValueError naming a seat given none."""
    for seat, chips in enumerate(totals):
        if rules.start_chips and chips <= 0:
            raise ValueError(f"seat {seat} has {chips} chips: a seat without chips is out of the game")
