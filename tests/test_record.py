"""copas-game/1 records (docs/PROTOCOL.md): written from a match, read back
strictly; every broken kind is refused with the hand, the play and the reason."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import copas_ai as ca
from copas_ai.analysis.record import FORMAT, RecordError, dump_record, read_record, record_from_match, replay
from copas_ai.analysis.selfplay import selfplay
from support.records import QS_DUMP_HANDS, qs_dump_record, played_out


@pytest.fixture(scope="module")
def two_hands() -> dict:
    """american, two hands by the heuristic (hand 1 passes left, hand 2 right)."""
    return selfplay("american", ["heuristic"], hands=2, seed=3)


def test_american_selfplay_record_reads_back_with_the_rules_scores(two_hands):
    record = read_record(dump_record(two_hands))
    assert record.variant.id == "american" and record.players == 4
    assert [h.score for h in record.hands] == [h["score"] for h in two_hands["hands"]]
    for hand in record.hands:
        assert record.finished(hand)
        assert sum(hand.score) in (26, 78)
        assert replay(record, hand).is_over()


def test_american_record_plays_get_their_seats_from_the_rules():
    record = read_record(qs_dump_record("4C"))
    seats = [seat for seat, _ in record.hands[0].plays]
    assert seats == [1, 2, 3, 0, 2, 3, 0]  # the 2C holder leads; the A♣ wins trick 1


def test_american_record_deal_and_passes_give_the_post_pass_hands():
    record = read_record(qs_dump_record("4C"))
    position = replay(record, record.hands[0], 0)
    for seat, text in QS_DUMP_HANDS.items():
        assert position.hand(seat) == ca.CardSet.from_str(text.replace(" ", ","))


def test_record_from_match_round_trips_through_json():
    match = ca.game.Match.new("copas-fora", seed=4)
    bots = [ca.bots.make_bot("random", seed=s) for s in range(4)]
    ca.game.play_match(match, bots, max_hands=1)
    data = record_from_match(match, ["a", "b", "c", "d"])
    assert data["format"] == FORMAT
    again = read_record(json.loads(dump_record(data)))
    assert again.names == ["a", "b", "c", "d"]
    assert again.hands[0].plays == match.hands[0].plays


def test_unfinished_last_hand_is_accepted_and_scored_so_far():
    record = read_record(qs_dump_record("QS"))
    assert not record.finished(record.hands[0])
    assert record.hands[0].score == [0, 0, 0, 0]  # the trick with the Q♠ is not complete


def _broken(base: dict, edit) -> dict:
    data = copy.deepcopy(base)
    edit(data)
    return data


def _set(path: list, value):
    def edit(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return edit


FULL = played_out(qs_dump_record("QS"))
HAND = FULL["hands"][0]
SWAPPED_DEAL = [HAND["deal"][0][:-1] + [HAND["deal"][1][0]], *HAND["deal"][1:]]

# (name, edit of a valid finished record, the message) — docs/ANALYSIS.md lists them.
BROKEN = [
    ("wrong format", _set(["format"], "copas-game/2"),
     "record: format: expected 'copas-game/1', got 'copas-game/2'"),
    ("unknown variant", _set(["variant"], "nope"), "record: variant: unknown variant 'nope'"),
    ("no hands", _set(["hands"], []), "record: hands: expected a list of at least one hand"),
    ("wrong player count", _set(["hands", 0, "deal"], HAND["deal"][:2]),
     "hand 1, deal: variant american is for 4 players, not 2"),
    ("names do not match seats", _set(["players"], ["a", "b"]), "record: players: 2 names for a deal of 4 seats"),
    ("bad dealer", _set(["hands", 0, "dealer"], 4), "hand 1, dealer: expected a seat 0..3, got 4"),
    ("not a card", _set(["hands", 0, "deal", 0, 0], "1X"), "hand 1, deal of seat 0: invalid card '1X'"),
    ("card twice in one hand", _set(["hands", 0, "deal", 0, 1], HAND["deal"][0][0]),
     f"hand 1, deal of seat 0: {HAND['deal'][0][0]} is listed twice"),
    ("card dealt to two seats", _set(["hands", 0, "deal"], SWAPPED_DEAL),
     f"hand 1, deal: impossible deal: card {HAND['deal'][1][0]} is dealt to two seats"),
    ("wrong card count", _set(["hands", 0, "deal", 0], HAND["deal"][0][:12]),
     "hand 1, deal: impossible deal: seat 0 holds 12 cards, not 13"),
    ("pass of a card not held", _set(["hands", 0, "passes", 0], ["2C", "AC", "9C"]),
     "hand 1, passes of seat 0: seat 0 does not hold"),
    ("pass of too few cards", _set(["hands", 0, "passes", 0], HAND["passes"][0][:2]),
     "hand 1, passes of seat 0: a pass is 3 cards, not 2"),
    ("passes missing", _set(["hands", 0, "passes"], None), "hand 1, passes: missing: this hand passes before play"),
    ("illegal play", _set(["hands", 0, "plays", 1], "AD"), "hand 1, play 2 (AD): must follow suit (clubs led)"),
    ("play of a card not held", _set(["hands", 0, "plays", 1], "2D"), "hand 1, play 2 (2D): seat 2 does not hold 2D"),
    ("a play that is not a card", _set(["hands", 0, "plays", 3], "ZZ"), "hand 1, play 4 (ZZ): invalid card 'ZZ'"),
    ("a play after the end", _set(["hands", 0, "plays"], HAND["plays"] + ["2C"]),
     "hand 1, play 53 (2C): the hand is over"),
    ("wrong score", _set(["hands", 0, "score"], [0, 0, 13, 13]),
     f"hand 1, score: stated [0, 0, 13, 13], the rules give {HAND['score']}"),
    ("unfinished hand before the last", lambda d: d["hands"].append(copy.deepcopy(d["hands"][0]))
     or d["hands"][0]["plays"].pop() and d["hands"][0].pop("score"),
     "hand 1: an unfinished hand may only be the last"),
]


@pytest.mark.parametrize("name,edit,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_american_broken_record_is_refused_with_hand_play_and_reason(name, edit, message):
    with pytest.raises(RecordError) as caught:
        read_record(_broken(FULL, edit))
    assert str(caught.value).startswith(message)


def test_american_passes_in_the_fourth_hand_which_has_none_are_refused():
    data = selfplay("american", ["random"], hands=4, seed=1)
    data["hands"][3]["passes"] = data["hands"][2]["passes"]
    with pytest.raises(RecordError, match=r"^hand 4, passes: this hand has no pass$"):
        read_record(data)


def test_not_json_is_a_record_error():
    with pytest.raises(RecordError, match=r"^record: not JSON: "):
        read_record("{'format': 1")


def test_deeply_nested_json_is_a_record_error_not_a_crash():
    with pytest.raises(RecordError, match=r"^record: not JSON: nested too deeply$"):
        read_record("[" * 100_000 + "]" * 100_000)


def test_record_error_carries_hand_and_play_numbers():
    with pytest.raises(RecordError) as caught:
        read_record(_broken(FULL, _set(["hands", 0, "plays", 1], "2D")))
    assert (caught.value.hand, caught.value.play) == (1, 2)
    assert isinstance(caught.value, ValueError)


def test_the_valid_base_record_of_the_broken_cases_reads():
    assert read_record(FULL).hands[0].score == HAND["score"]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["QS", "2C", "AD", "1X", "", "x=1", "10H"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["a", "deal", "plays"]), inner,
                                                                max_size=3),
    max_leaves=8,
)


def _paths(value, prefix=()):
    """Every place in a JSON value (keys and list indexes from the top)."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


FULL_PATHS = [p for p in _paths(FULL) if p]


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(st.lists(st.tuples(st.sampled_from(FULL_PATHS), JSON_VALUES), min_size=1, max_size=3))
def test_mutated_american_record_is_read_or_refused_with_a_record_error_only(edits):
    """Any value put anywhere in a valid record: it reads, or RecordError says why."""
    data = copy.deepcopy(FULL)
    for path, value in edits:
        target = data
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed this place
    try:
        read_record(data)
    except RecordError as exc:
        assert str(exc).startswith(("record: ", "hand "))
