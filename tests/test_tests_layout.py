"""The tests' own shape: shared builders and oracles live in tests/support/, behind
conftest.py; no test file imports another (each runs alone, and under
`pytest -n 2 --dist loadfile` on whichever worker gets it); nothing else sits loose
in tests/."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import support
from support.cep.process import FAKE_SEARCH_ENGINE_CMD, HANG_GUARD_S, TINY_ENGINE_CMD

TESTS = Path(__file__).resolve().parent


def imported_test_modules(source: str) -> list[str]:
    """The test_* modules a test file's source imports, at any depth (imports inside
    functions too)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        else:
            continue
        found += [name for name in names if name.split(".")[0].startswith("test_")]
    return found


def test_no_test_file_imports_another_test_file():
    offenders = {path.name: imports for path in sorted(TESTS.glob("test_*.py"))
                 if (imports := imported_test_modules(path.read_text(encoding="utf-8")))}
    assert not offenders, f"move the shared helpers into tests/support/: {offenders}"


def test_the_import_finder_sees_top_level_and_deferred_imports():
    source = ("import test_a\nfrom test_b import x\nfrom support.hands import cards\nimport testing\n"
              "def f():\n    from test_c.sub import y\n    import os, test_d\n")
    assert imported_test_modules(source) == ["test_a", "test_b", "test_c.sub", "test_d"]


def test_no_helper_module_sits_loose_in_tests():
    loose = [p.name for p in TESTS.glob("*.py") if p.name != "conftest.py" and not p.name.startswith("test_")]
    assert not loose, f"shared helpers belong in tests/support/: {loose}"


def test_support_holds_no_test_file():
    """pytest would collect a test_*.py under tests/support/ as tests."""
    stray = [str(p.relative_to(TESTS)) for p in (TESTS / "support").rglob("test_*.py")]
    assert not stray


def test_support_is_the_tests_package():
    """`support` is tests/support/ (tests/ on sys.path), not a namesake installed elsewhere."""
    assert Path(support.__file__).resolve() == TESTS / "support" / "__init__.py"


def test_the_engine_scripts_run_as_a_path_from_anywhere(tmp_path):
    """The scripts of tests/support/engines/ answer `copas` when run as `python <path>`
    from another folder with no PYTHONPATH: the fake search engine finds `support` itself."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    for cmd in (FAKE_SEARCH_ENGINE_CMD, TINY_ENGINE_CMD):
        assert cmd[0] == sys.executable
        proc = subprocess.run(cmd, input=b"copas\nquit\n", capture_output=True, cwd=tmp_path, env=env,
                              timeout=HANG_GUARD_S)
        assert proc.returncode == 0, proc.stderr.decode()
        assert proc.stdout.decode().splitlines()[-1] == "copasok"
