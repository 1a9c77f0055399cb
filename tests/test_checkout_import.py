"""The repository's source folder copas_ai/ has no compiled core: run from the
checkout's root (`python -m copas_ai …`, `import copas_ai`), the installed build
takes its place (copas_ai/_checkout.py), and without one the error says what to do."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import copas_ai

CHECKOUT = Path(__file__).resolve().parent.parent


def test_the_checkout_root_runs_the_installed_package():
    proc = subprocess.run([sys.executable, "-c", "import copas_ai, copas_ai._core; print(copas_ai.__file__)"],
                          cwd=CHECKOUT, capture_output=True, text=True, timeout=60, check=True)
    assert Path(proc.stdout.strip()).resolve() == Path(copas_ai.__file__).resolve()
    assert not Path(proc.stdout.strip()).resolve().is_relative_to(CHECKOUT)


def test_python_m_copas_ai_from_the_checkout_root_plays_a_hand():
    proc = subprocess.run([sys.executable, "-m", "copas_ai", "play", "--variant", "american", "--seed", "1",
                           "--bots", "random,random,random,random"],
                          cwd=CHECKOUT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Hand 1" in proc.stdout and "totals" in proc.stdout


def test_a_source_folder_with_no_installed_build_says_to_build(tmp_path):
    source = tmp_path / "copas_ai"
    shutil.copytree(CHECKOUT / "copas_ai", source, ignore=shutil.ignore_patterns("__pycache__", "_core*.so"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    # -S: no site-packages, so no installed copy can be found.
    proc = subprocess.run([sys.executable, "-S", "-c", "import copas_ai"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0
    assert "copas_ai is not built" in proc.stderr and "pip install ." in proc.stderr
