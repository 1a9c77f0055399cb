"""The package's shape (docs/ARCHITECTURE.md): no import circle among its modules,
the engine process loads no arena, analysis or plotting module, the C++ bindings'
stub matches the bindings, and no tracked file cites the design inputs outside
the repository."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import copas_ai

PACKAGE = Path(copas_ai.__file__).resolve().parent
CHECKOUT = Path(__file__).resolve().parent.parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _load_time_statements(body: list[ast.stmt]):
    """The statements run when the module loads: the top level, into `if`, `try`,
    `with` and class bodies, but not into functions."""
    for node in body:
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for field in ("body", "orelse", "finalbody", "handlers"):
            for child in getattr(node, field, []):
                yield from _load_time_statements([child] if isinstance(child, ast.stmt) else child.body)


def _top_level_imports(path: Path, modules: set[str]) -> set[str]:
    """The copas_ai modules this file imports when it is loaded (imports inside
    functions are deferred on purpose and do not count)."""
    found = set()
    for node in _load_time_statements(ast.parse(path.read_text()).body):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {name for name in found if name in modules}


def import_graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: _top_level_imports(path, set(files)) - {name} for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            # Loading a package's submodule first loads the package: not a circle.
            if node.startswith(nxt + "."):
                continue
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)):
            return cycle
    return None


def test_the_package_has_no_import_circle():
    graph = import_graph()
    assert len(graph) > 30  # the whole package was read
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_import_reader_sees_imports_under_if_but_not_in_functions(tmp_path):
    source = tmp_path / "m.py"
    source.write_text("import copas_ai.a\nif x:\n    import copas_ai.b\nelse:\n    import copas_ai.c\n"
                      "try:\n    import copas_ai.d\nexcept E:\n    pass\ndef f():\n    import copas_ai.e\n")
    modules = {f"copas_ai.{m}" for m in "abcde"}
    assert _top_level_imports(source, modules) == modules - {"copas_ai.e"}


def test_the_cycle_finder_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"p": {"p.x"}, "p.x": {"p"}}) is None  # package and its own submodule


def test_the_engine_process_loads_no_arena_analysis_or_plot_module():
    script = ("import json, sys\nfrom copas_ai.cli import main\nmain(['engine'])\n"
              "print(json.dumps(sorted(sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", script], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60, check=True)
    loaded = set(json.loads(proc.stdout.splitlines()[-1]))
    assert "copas_ai.cep.loop" in loaded and "copas_ai.cep.facade" in loaded
    heavy = sorted(m for m in loaded if m.startswith(("copas_ai.arena", "copas_ai.analysis", "matplotlib", "ray"))
                   or m in ("copas_ai.cli.arena", "copas_ai.cli.analyse", "copas_ai.cli.selfplay", "copas_ai.cli.bench"))
    assert heavy == []


def test_the_core_stub_matches_the_bindings(tmp_path):
    """_core.pyi is what pybind11-stubgen makes of the built module; regenerate it with
    `pybind11-stubgen copas_ai._core -o OUT` and copy OUT/copas_ai/_core.pyi over it."""
    subprocess.run([sys.executable, "-m", "pybind11_stubgen", "copas_ai._core", "-o", str(tmp_path)],
                   capture_output=True, text=True, timeout=120, check=True)
    generated = (tmp_path / "copas_ai" / "_core.pyi").read_text()
    assert generated == (PACKAGE / "_core.pyi").read_text()


def test_no_tracked_file_cites_the_design_inputs_outside_the_repository():
    if not (CHECKOUT / ".git").exists():
        pytest.skip("not a git checkout")
    proc = subprocess.run(["git", "grep", "-nE", r"\.\./shared|VARIANTS\.md"], cwd=CHECKOUT,
                          capture_output=True, text=True)
    assert proc.returncode == 1, proc.stdout  # git grep: 1 = nothing found
    # Outside docs/ every spec is cited by its path in the repository.
    proc = subprocess.run(["git", "grep", "-nP", r"(?<![\w/.-])(PROTOCOL|RULES)\.md", "--", ".", ":!docs"],
                          cwd=CHECKOUT, capture_output=True, text=True)
    assert proc.returncode == 1, proc.stdout
