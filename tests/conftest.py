"""Shared test set-up. The tests run against the installed package (`pip install .`),
never the checkout's unbuilt copas_ai/ folder (it has no compiled _core).

The shared builders and oracles live in tests/support/ (`from support.hands import ...`):
tests/ is on sys.path because pytest's default prepend import mode puts this file's
folder there, for `pytest`, `python -m pytest` and pytest-xdist's workers alike."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

_CHECKOUT = Path(__file__).resolve().parent.parent
# `python -m pytest` puts the working directory first on sys.path; drop the checkout
# root so `import copas_ai` finds the installed package. Plain `pytest` never adds it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _CHECKOUT]

import copas_ai  # noqa: E402

if Path(copas_ai.__file__).resolve().is_relative_to(_CHECKOUT):
    raise ImportError(f"copas_ai was imported from the checkout ({copas_ai.__file__}), not the installed "
                      "package: run `pip install .` and then `pytest` from the checkout")


@pytest.fixture(autouse=True, scope="session")
def _run_from_tests_folder():
    """The tests' child processes (`python -m copas_ai ...`) put their working directory
    first on sys.path too: once collected, the tests run from tests/, which holds no copas_ai."""
    before = os.getcwd()
    os.chdir(Path(__file__).resolve().parent)
    yield
    os.chdir(before)


@pytest.fixture(scope="module")
def solver():
    """One perfect-information solver per test file, its table kept across the file's tests."""
    return copas_ai.Solver(hash_mb=8)
