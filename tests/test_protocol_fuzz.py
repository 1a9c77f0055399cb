"""Robustness of the CEP/1 loop (docs/PROTOCOL.md "Transport"): thousands of random
and mutated lines — garbage, truncated positions, huge numbers, empty and very
long lines, non-UTF-8 bytes — driven through the loop in this process.

After every line: at most one error line, no internal error, every output line
printable, and a refused command leaves the engine's state as it was; after the
whole run `isready` still gets `readyok`. (The same through a real process, with
raw bytes, is in test_protocol_process.py.)
"""

from support.cep.fakes import fake_engine
from support.cep.positions import ALL_HANDS, HANDS, NO_PASS, PASS_LEFT, PASSES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from copas_ai.cep.loop import CepLoop

VALID_LINES = [
    NO_PASS,
    f"{NO_PASS} moves 2C 6C 4C 3C",
    f"{NO_PASS} scores 10 20 30 40 moves 2:2C 3:8C",
    f"{PASS_LEFT} seat 1",
    f"{PASS_LEFT} {PASSES} received 1 4C,JC,AC moves 2:2C 7C 6C 4C",
    f"position variant copas-fora handno 2 dealer 0 {ALL_HANDS}",
    f"position variant american handno 3 hand 1 {HANDS[1]} moves 0:2C",
    f"position variant american hand 1 {HANDS[1]}",
    "legal", "score", "show", "go iterations 3", "go movetime 5", "go infinite", "stop", "solve",
    "isready", "newgame", "copas", "variants",
    "setoption name MultiMove value true", "setoption name Variant value copas-fora",
    "setoption name Threads value 2", "setoption name Seed value 7",
]
FILLER = ["-", "2C", "10h", "q♠", "moves", "hand", "passed", "received", "scores", "seat", "0", "3", "4",
          "-1", "99999999999999999999999999", "9" * 400, "1:2C", "2:x=y", ",", ",,", "2C,", "value", "name"]


@st.composite
def mutated_line(draw):
    tokens = draw(st.sampled_from(VALID_LINES)).split()
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["drop", "duplicate", "swap", "replace", "truncate", "insert", "case"]))
        i = draw(st.integers(0, len(tokens) - 1)) if tokens else 0
        if not tokens:
            tokens = [draw(st.sampled_from(FILLER))]
        elif op == "drop":
            del tokens[i]
        elif op == "duplicate":
            tokens.insert(i, tokens[i])
        elif op == "swap":
            j = draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op == "replace":
            tokens[i] = draw(st.sampled_from(FILLER) | st.text(max_size=12))
        elif op == "truncate":
            tokens = tokens[:i]
        elif op == "insert":
            tokens.insert(i, draw(st.sampled_from(FILLER)))
        else:
            tokens[i] = tokens[i].swapcase()
    return " ".join(tokens)


LINES = st.one_of(
    st.sampled_from(VALID_LINES),
    mutated_line(),
    mutated_line(),
    st.text(max_size=80),  # any unicode, control characters included
    st.binary(max_size=80),  # decoded as UTF-8 with bad bytes replaced
    st.integers(min_value=-(10**60), max_value=10**60).map(lambda n: f"go iterations {n}"),
    st.just(""),
    st.just("A" * 100_000),
    st.just("position " + "hand 0 " * 5000),
)


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(LINES, min_size=10, max_size=30))
def test_random_and_mutated_lines_never_break_the_loop(lines):
    engine = fake_engine()
    out: list[str] = []
    loop = CepLoop(engine, out.append)
    for line in lines:
        before = engine.snapshot()
        start = len(out)
        running = loop.handle(line)
        assert engine.wait(10)
        answer = out[start:]
        refusals = [a for a in answer if a.startswith("error ")]
        assert len(refusals) <= 1, (line, answer)
        assert not any("internal error" in a for a in answer), (line, answer)
        assert all(a.isprintable() for a in answer)
        if refusals:
            assert engine.snapshot() == before, line
        if not running:
            return  # a line that said quit
    loop.handle("isready")
    assert out[-1] == "readyok"
