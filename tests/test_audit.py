"""Nothing changes without its log row: results (ResultChange), seating, pairs, penalties and
settings (AuditEntry, LogEntry), all append-only."""

import ast
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import LogEntry, ResultChange
from tests.test_backup import rich  # noqa: F401 - a tournament with every kind of change
from tournaments.models import AuditEntry, Table, Tournament

ROOT = Path(__file__).resolve().parent.parent
RESULT_FIELDS = {"ns_points", "ew_points", "ns_vp", "ew_vp", "ns_mp", "ew_mp", "adjusted"}
ALLOWED = {
    ("scoring/services/results.py", "_write"),
    ("scoring/services/decisions.py", "adjust_score"),
}


def writes_to_results(path: Path):
    """(function, line) of every assignment to a table's result fields, and every .update()
    or bulk_update() naming them, in one source file."""
    tree = ast.parse(path.read_text())
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef):
            continue
        for node in ast.walk(func):
            targets = []
            if isinstance(node, ast.Assign):
                targets = [
                    t
                    for tgt in node.targets
                    for t in (tgt.elts if isinstance(tgt, ast.Tuple) else [tgt])
                ]
            elif isinstance(node, ast.AugAssign):
                targets = [node.target]
            for t in targets:
                if isinstance(t, ast.Attribute) and t.attr in RESULT_FIELDS:
                    yield func.name, node.lineno
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr == "update" and any(
                    k.arg in RESULT_FIELDS for k in node.keywords
                ):
                    yield func.name, node.lineno
                if node.func.attr == "bulk_update" and any(
                    isinstance(c, ast.Constant) and c.value in RESULT_FIELDS
                    for a in node.args
                    for c in ast.walk(a)
                ):
                    yield func.name, node.lineno


def test_only_two_functions_write_results_and_both_write_the_history():
    found = set()
    for path in ROOT.glob("*/**/*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith((".venv", "tests/", "bench/")) or "/migrations/" in rel:
            continue
        for func, line in writes_to_results(path):
            found.add((rel, func))
            assert (rel, func) in ALLOWED, f"{rel}:{line} {func} writes a result"
    assert found == ALLOWED
    for rel, func in ALLOWED:
        source = ast.get_source_segment(
            (ROOT / rel).read_text(),
            next(
                n
                for n in ast.walk(ast.parse((ROOT / rel).read_text()))
                if isinstance(n, ast.FunctionDef) and n.name == func
            ),
        )
        assert "ResultChange" in source


@pytest.mark.django_db
def test_every_result_replays_from_its_history(rich):  # noqa: F811
    tables = Table.objects.filter(turn__tournament__slug=rich, ns_vp__isnull=False)
    assert tables.count() >= 8
    for table in tables:
        changes = list(ResultChange.objects.filter(table=table).order_by("at", "id"))
        assert changes, f"table {table} has a result but no history"
        previous = (None, None, None, None)
        for c in changes:
            assert (c.old_ns_points, c.old_ew_points, c.old_ns_vp, c.old_ew_vp) == previous
            previous = (c.new_ns_points, c.new_ew_points, c.new_ns_vp, c.new_ew_vp)
        assert previous == (table.ns_points, table.ew_points, table.ns_vp, table.ew_vp)


@pytest.mark.django_db
def test_seating_pairs_and_settings_are_audited(client, tmp_path):
    from tests.helpers import make_tournament

    user = get_user_model().objects.create_user("ref", password="x")
    slug = make_tournament(tmp_path, pairs=0, turns=2)
    t = Tournament.objects.get(slug=slug)
    t.referees.add(user)
    client.force_login(user)
    for i in range(4):
        client.post(reverse("pair_add", args=[slug]), {"player1": f"A{i}", "player2": f"B{i}"})
    client.post(
        reverse("pair_edit", args=[slug, 4]),
        {"number": 4, "player1": "A3", "player2": "B3 corretto"},
    )
    client.post(reverse("seat_next", args=[slug]))
    client.post(reverse("swap", args=[slug]), {"a": 3, "b": 4})
    client.post(reverse("seat_undo", args=[slug]))
    actions = list(AuditEntry.objects.filter(tournament=t).values_list("action", "by__username"))
    assert [a for a, _u in actions] == ["pair-add"] * 4 + ["pair-edit", "seat", "swap", "unseat"]
    assert {u for _a, u in actions} == {"ref"}
    edit = AuditEntry.objects.get(action="pair-edit")
    assert edit.old["players"][1][0] == "B3" and edit.new["players"][1][0] == "B3 corretto"


@pytest.mark.django_db
def test_logs_are_append_only(rich):  # noqa: F811
    for model in (AuditEntry, LogEntry, ResultChange):
        entry = model.objects.first()
        with pytest.raises(ValueError, match="append-only"):
            entry.save()
        with pytest.raises(ValueError, match="append-only"):
            entry.delete()
