"""The house's structure: arrows run one way (views → services → models → pure rules).

Read statically from the import statements of every module (the lazy ones inside functions
too), so a new import that breaks the layering fails here before anyone notices a cycle.
"""

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ("scoring", "tournaments")
# The app's code (not the tests, not the migrations, not the bench scripts).
APP_CODE = (*APPS, "config", "deploy")
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


def test_tournaments_never_imports_scoring():
    """`scoring` builds on `tournaments`, never the reverse (issue 25, item 2): no module of
    the tournaments app imports the scoring app, at the top or inside a function. What needs
    both lives in scoring; what scoring must hear of, tournaments says by a signal or asks the
    kind of event (tournaments.kinds), which the scoring app extends."""
    wrong = []
    for name, path in modules():
        if name.split(".")[0] != "tournaments":
            continue
        for module in imports(path):
            if module.split(".")[0] == "scoring":
                wrong.append(f"{name} → {module}")
    assert not wrong, wrong


def private_imports(base: Path = ROOT, roots=APP_CODE) -> list[str]:
    """Private names (`_name`) a module takes from another module of the app: by
    `from m import _name`, or as `m._name` of a module it imported (`import a.m`,
    `from a import m`). `_`, the translation marker, and a model's `_meta` are no helpers."""

    def ours(module: str) -> bool:
        return module.split(".")[0] in roots

    def private(name: str) -> bool:  # a model's `_meta` is Django's public API
        return name.startswith("_") and not name.startswith("__") and name not in ("_", "_meta")

    found = []
    for root in roots:
        for path in sorted((base / root).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            where = path.relative_to(base)
            tree = ast.parse(path.read_text())
            modules_here = set()
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module and ours(node.module):
                    for alias in node.names:
                        if private(alias.name):
                            found.append(f"{where}: from {node.module} import {alias.name}")
                        modules_here.add(alias.asname or alias.name)
                elif isinstance(node, ast.Import):
                    modules_here.update(
                        a.asname or a.name.split(".")[0] for a in node.names if ours(a.name)
                    )
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Attribute)
                    and private(node.attr)
                    and isinstance(node.value, ast.Name)
                    and node.value.id in modules_here
                ):
                    found.append(f"{where}:{node.lineno} {node.value.id}.{node.attr}")
    return found


def test_no_private_name_is_imported_from_another_module():
    """A helper two modules share is public, with a name that says what it does."""
    assert not private_imports(), private_imports()


def test_the_private_import_check_finds_both_forms(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("def _helper():\n    pass\n")
    (tmp_path / "pkg" / "b.py").write_text(
        "import os\nfrom pkg.a import _, _helper\nfrom pkg import a\n\na._helper()\nos._exit\n"
    )
    assert private_imports(tmp_path, ("pkg",)) == [
        "pkg/b.py: from pkg.a import _helper",
        "pkg/b.py:5 a._helper",
    ]


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


# What varies by kind of event lives in the kind objects (issue 25, item 1): at most ten
# places of the app (Python and templates, outside the kinds' own modules and the
# migrations) test which kind an event is. Counted: a test of the kind's identity
# (`is_teams`, `Kind.INDIVIDUAL`, `== "teams"`, `!= "individual"`…), one line each, and a
# dispatch table keyed by kind (a dict literal with two or more kind codes as keys).
MOST_KIND_TESTS = 10
KIND_ROOTS = ("tournaments", "scoring", "templates", "config")
KIND_CODES = {"pairs", "individual", "teams"}
KIND_TEST = re.compile(
    r"""is_teams|is_individual|is_pairs|Kind\.TEAMS|Kind\.INDIVIDUAL"""
    r"""|[=!]=\s*["'](?:teams|individual|pairs)["']"""
)


def kind_tests(base: Path = ROOT, roots=KIND_ROOTS) -> list[str]:
    found = []
    for root in roots:
        for path in sorted((base / root).rglob("*")):
            if path.suffix not in (".py", ".html") or {"kinds", "migrations"} & set(path.parts):
                continue
            text = path.read_text()
            where = path.relative_to(base)
            for number, line in enumerate(text.splitlines(), start=1):
                if KIND_TEST.search(line):
                    found.append(f"{where}:{number} {line.strip()[:80]}")
            if path.suffix != ".py":
                continue
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.Dict):
                    keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                    if len(keys & KIND_CODES) >= 2:
                        found.append(f"{where}:{node.lineno} a table keyed by kind")
    return found


def test_the_kind_of_event_is_asked_not_tested():
    """The pages, services and commands ask the kind (`kind_of(t)`, `t.event_kind`) for
    what differs: its nouns, hooks, page map, templates and capability flags."""
    found = kind_tests()
    assert len(found) <= MOST_KIND_TESTS, found


def test_the_kind_test_count_finds_every_form(tmp_path):
    (tmp_path / "app" / "kinds").mkdir(parents=True)
    (tmp_path / "app" / "mod.py").write_text(
        "if t.is_teams:\n    pass\nok = t.kind != 'individual'\n"
        'WORDS = {"pairs": 1, "teams": 2}\nDATA = {"pairs": [1]}\n'
    )
    (tmp_path / "app" / "page.html").write_text('{% if t.kind == "teams" %}x{% endif %}\n')
    (tmp_path / "app" / "kinds" / "teams.py").write_text("if t.is_teams:\n    pass\n")
    assert kind_tests(tmp_path, ("app",)) == [
        "app/mod.py:1 if t.is_teams:",
        "app/mod.py:3 ok = t.kind != 'individual'",
        "app/mod.py:4 a table keyed by kind",
        'app/page.html:1 {% if t.kind == "teams" %}x{% endif %}',
    ]
