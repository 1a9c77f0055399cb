"""Run from a checkout of the repository (`python -m copas_ai …` or `import copas_ai`
with the repository root as the working directory), Python finds the source folder
copas_ai/ before the installed package, and the source folder has no compiled core.
`installed_instead` then puts the installed build (`pip install .`) in its place, so
every command and test runs the installed package, never a half-built source tree."""

from __future__ import annotations

import importlib.machinery
import sys
from pathlib import Path
from types import ModuleType


def is_unbuilt(package_dir: Path) -> bool:
    """True for a copas_ai folder without its compiled _core extension."""
    return not any((package_dir / f"_core{suffix}").exists()
                   for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def installed_instead(package_dir: Path) -> ModuleType:
    """The installed copas_ai, imported with the checkout's root off sys.path; it
    replaces the source folder's module in sys.modules. ImportError if none is built."""
    root = package_dir.parent
    source_module = sys.modules.pop("copas_ai")
    saved_path = sys.path[:]
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != root]
    try:
        import copas_ai as installed
    except ImportError:
        sys.modules["copas_ai"] = source_module
        raise ImportError(f"copas_ai is not built: {package_dir} is the source folder, which has no "
                          "compiled core, and no installed copy was found; run `pip install .`") from None
    finally:
        sys.path[:] = saved_path
    sys.modules["copas_ai"] = installed
    return installed
