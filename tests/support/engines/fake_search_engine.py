"""Our CEP/1 loop run with the test doubles of tests/support/cep/fakes.py in place of
the search, the solver and the world construction (which land later), so that
the threading, timing and info/bestmove plumbing can be tested in a process."""

import sys
from pathlib import Path

# Run as `python <this file>`, sys.path[0] is this folder: put tests/ first, for `support`.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from support.cep.fakes import FakeSearcher, FakeSolver, naive_world  # noqa: E402

from copas_ai.cep.facade import Engine  # noqa: E402
from copas_ai.cep.loop import serve  # noqa: E402

if __name__ == "__main__":
    engine = Engine(searcher_factory=lambda options: FakeSearcher(step_s=0.002),
                    solver_factory=lambda options: FakeSolver(options.hash_mb),
                    world_builder=naive_world)
    sys.exit(serve(engine=engine))
