"""Shared test set-up. The tests run against the installed package (`pip install .`),
never the checkout's unbuilt copas_ai/ folder (it has no compiled _core).

The shared builders and oracles live in tests/support/ (`from support.hands import ...`):
tests/ is on sys.path because pytest's default prepend import mode puts this file's
folder there, for `pytest`, `python -m pytest` and pytest-xdist's workers alike."""

from __future__ import annotations

from pathlib import Path

import pytest

import copas_ai

# copas_ai/_checkout.py puts the installed build in place of the checkout's source
# folder wherever the checkout's root is on sys.path (`python -m pytest`, the tests'
# `python -m copas_ai` child processes): the tests always run the built package.
if Path(copas_ai.__file__).resolve().is_relative_to(Path(__file__).resolve().parent.parent):
    raise ImportError(f"copas_ai was imported from the checkout ({copas_ai.__file__}), not the installed "
                      "package: run `pip install .` first")


@pytest.fixture(scope="module")
def solver():
    """One perfect-information solver per test file, its table kept across the file's tests."""
    return copas_ai.Solver(hash_mb=8)


@pytest.fixture(scope="module")
def engine():
    """One CEP/1 engine process (`python -m copas_ai engine`) per test file (a file may
    define its own `engine` instead)."""
    from support.cep.process import EngineProcess

    with EngineProcess() as process:
        yield process
