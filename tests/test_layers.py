"""The packages form layers, and imports run only downwards: a package may import the ones listed before it.

Read from the source (every `import`, also inside functions, and every `import_module("...")` with a literal
name), so a lazy import does not hide an upward dependency.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("schemas", "common", "llm_client", "specs", "engines", "coordinator", "actors", "harness", "evaluation",
          "cli")


def _imported(tree: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            names.add(node.args[0].value)
    return names


@lru_cache(maxsize=None)
def modules() -> dict[str, frozenset[str]]:
    """Every module of the packages (its path from the root) with the names it imports; read once per session."""
    return {str(path.relative_to(ROOT)): frozenset(_imported(ast.parse(path.read_text(), str(path))))
            for package in LAYERS for path in sorted((ROOT / package).rglob("*.py"))}


def imports() -> set[tuple[str, str]]:
    """(importing module, imported module) for every import between two of our packages."""
    found = set()
    for path, names in modules().items():
        module = ".".join(Path(path).with_suffix("").parts).removesuffix(".__init__")
        package = module.split(".")[0]
        found |= {(module, n) for n in names if n.split(".")[0] in LAYERS and n.split(".")[0] != package}
    return found


def upward(edges: set[tuple[str, str]]) -> set[tuple[str, str]]:
    rank = {p: i for i, p in enumerate(LAYERS)}
    return {(a, b) for a, b in edges if rank[b.split(".")[0]] > rank[a.split(".")[0]]}


def test_imports_run_only_downwards():
    assert upward(imports()) == set()


def test_the_check_sees_lazy_and_importlib_imports():
    tree = ast.parse("def f():\n    from cli.app import main\n    import_module('harness.io')\n")
    assert _imported(tree) == {"cli.app", "harness.io"}
    assert upward({("schemas.x", "cli.app"), ("cli.app", "schemas.x")}) == {("schemas.x", "cli.app")}


def test_nothing_below_the_command_line_imports_it():
    assert {(a, b) for a, b in imports() if b.split(".")[0] == "cli"} == set()


def test_ray_is_imported_only_by_the_ray_modules_of_actors():
    importing = {path for path, names in modules().items() if any(n.split(".")[0] == "ray" for n in names)}
    assert importing == {"actors/ray_runtime.py", "actors/ray_services.py", "actors/ray_start.py"}
