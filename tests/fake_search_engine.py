"""Our CEP/1 loop run with the test doubles of tests/cep_fakes.py in place of
the search, the solver and the world construction (which land later), so that
the threading, timing and info/bestmove plumbing can be tested in a process."""

import sys

from cep_fakes import FakeSearcher, FakeSolver, naive_world

from copas_ai.cep.facade import Engine
from copas_ai.cep.loop import serve

if __name__ == "__main__":
    engine = Engine(searcher_factory=lambda options: FakeSearcher(step_s=0.002),
                    solver_factory=lambda options: FakeSolver(options.hash_mb),
                    world_builder=naive_world)
    sys.exit(serve(engine=engine))
