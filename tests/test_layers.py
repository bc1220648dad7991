"""The house's structure: arrows run one way (views → services → models → pure rules).

Read statically from the import statements of every module (the lazy ones inside functions
too), so a new import that breaks the layering fails here before anyone notices a cycle.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("scoring", "tournaments")
PURE = ("scoring.rules", "tournaments.movements", "tournaments.rules")
# Layer of a module by its package; lower layers never import higher ones.
LAYERS = {"rules": 0, "models": 1, "services": 2, "documents": 3, "views": 4}


def modules():
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            yield name.removesuffix(".__init__"), path


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def layer(module: str) -> int | None:
    if module.startswith(PURE):
        return LAYERS["rules"]
    parts = module.split(".")
    if len(parts) < 2 or parts[0] not in APPS:
        return None
    if parts[1] == "models":
        return LAYERS["models"]
    return LAYERS.get(parts[1])


@pytest.mark.parametrize("name,path", list(modules()), ids=lambda v: str(v))
def test_pure_rules_import_no_django_and_nothing_of_the_app(name, path):
    if not name.startswith(PURE):
        return
    for module in imports(path):
        assert not module.startswith("django"), f"{name} imports {module}"
        if module.split(".")[0] in APPS:
            assert module.startswith(PURE), f"{name} (pure rules) imports {module}"


def test_arrows_run_one_way():
    """No module imports one of a higher layer (views → documents → services → models →
    rules): services never call views, models never call services."""
    wrong = []
    for name, path in modules():
        here = layer(name)
        if here is None:
            continue
        for module in imports(path):
            there = layer(module)
            if there is not None and there > here:
                wrong.append(f"{name} → {module}")
    assert not wrong, wrong


def test_no_import_cycle_between_modules():
    graph = {name: set() for name, _p in modules()}
    for name, path in modules():
        for module in imports(path):
            if module in graph and module != name:
                graph[name].add(module)
    seen, stack, cycles = set(), [], []

    def visit(node):
        if node in stack:
            cycles.append(stack[stack.index(node) :] + [node])
            return
        if node in seen:
            return
        seen.add(node)
        stack.append(node)
        for nxt in sorted(graph[node]):
            visit(nxt)
        stack.pop()

    for node in sorted(graph):
        visit(node)
    # Package __init__ modules re-export nothing: a cycle is a real one.
    assert not cycles, cycles[:3]


# The app's code (not the tests, not the migrations, not the bench scripts): functions
# readable in one sitting (house rule: under about 80 lines, docstring included).
LONGEST_FUNCTION = 80
APP_CODE = (*APPS, "config", "deploy")


def long_functions(base: Path = ROOT, roots=APP_CODE) -> list[str]:
    found = []
    for root in roots:
        for path in sorted((base / root).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    length = node.end_lineno - node.lineno + 1
                    if length > LONGEST_FUNCTION:
                        where = path.relative_to(base)
                        found.append(f"{where}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_of_the_app_is_over_80_lines():
    assert not long_functions(), long_functions()


def test_the_length_check_finds_a_long_function(tmp_path):
    (tmp_path / "pkg").mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST_FUNCTION))
    (tmp_path / "pkg" / "mod.py").write_text(f"def short():\n    pass\n\n\ndef long():\n{body}\n")
    assert long_functions(tmp_path, ("pkg",)) == ["pkg/mod.py:5 long (81 lines)"]
