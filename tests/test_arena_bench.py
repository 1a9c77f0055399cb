"""`python -m copas_ai bench`: the determinism signature of fixed searches.

If a deliberate change to the search, the sampler or the playout policy moves
the signature, update STORED below with the new values printed by
    python -m copas_ai bench --iterations 300
(and say in the commit message why the search's choices changed)."""

from copas_ai.cli import main
from copas_ai.cli.bench import BENCH_POSITIONS, run_bench

STORED = {"iterations": 2100, "signature": 0x82FEE639}


def test_bench_signature_matches_the_stored_value():
    result = run_bench(iterations=300)
    assert result.positions == len(BENCH_POSITIONS)
    assert {"iterations": result.iterations, "signature": result.signature} == STORED


def test_bench_is_the_same_on_every_run_and_depends_on_the_seed():
    assert run_bench(iterations=100).signature == run_bench(iterations=100).signature
    assert run_bench(iterations=100, seed=2).signature != run_bench(iterations=100).signature


def test_bench_command_prints_totals_and_signature(capsys):
    assert main(["bench", "--iterations", "300"]) == 0
    out = capsys.readouterr().out
    assert "iterations  2100" in out and "signature   82fee639" in out


def test_bench_command_refuses_nonpositive_iterations(capsys):
    assert main(["bench", "--iterations", "0"]) == 2
    assert "must be positive" in capsys.readouterr().err
