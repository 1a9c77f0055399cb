"""Benchmark options. `--quick` is the CI form: the sizes that take minutes on a
shared machine are deselected (the solver on 10 and 13 tricks left, seconds per
solve; the plain alpha-beta baseline on 6 tricks, 242 s of the 314 s the suite
took under load), every other benchmark runs as it is (about 70 s).

    python -m pytest bench --benchmark-only --quick --benchmark-json=bench-results.json
"""

from __future__ import annotations

import pytest

# Test ids (name[parameters]) left out by --quick.
HEAVY = ("test_bench_solver[10]", "test_bench_solver[13]", "test_bench_plain_baseline[6]")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--quick", action="store_true", help="CI form: leave out the benchmarks listed in HEAVY")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.getoption("--quick"):
        return
    heavy = [item for item in items if item.name in HEAVY]
    if heavy:
        config.hook.pytest_deselected(items=heavy)
        items[:] = [item for item in items if item.name not in HEAVY]
