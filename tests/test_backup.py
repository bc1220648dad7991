"""Backup and restore round-trip a whole tournament exactly (SQLite and PostgreSQL)."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.models import ResultChange
from scoring.services import tableside
from tests.helpers import export, make_tournament, play_turn, run
from tournaments.models import AuditEntry, Table, Tournament
from tournaments.services import backup

pytestmark = pytest.mark.django_db


@pytest.fixture
def rich(tmp_path):
    """A tournament with a bit of everything: corrections, rulings, adjusted scores,
    a withdrawal, table-side results, released turns."""
    get_user_model().objects.create_user("maria", password="x")
    slug = make_tournament(
        tmp_path, slug="orig", pairs=9, plan="mitchell:2,danish:2", referee="Maria Bellini"
    )
    play_turn(slug, points=lambda t: (1000 + 55 * t, 400))
    run(
        "score_record",
        slug,
        "--turn",
        "1",
        "--table",
        "2",
        "--ns",
        "300",
        "--ew",
        "900",
        "--reason",
        "Art. 31",
    )
    run("penalty_add", slug, "--pair", "2", "--ruling", "art23-pozzetto", "--reason", "uno")
    run("penalty_add", slug, "--pair", "2", "--ruling", "art23-pozzetto", "--reason", "due")
    run("penalty_add", slug, "--pair", "5", "--mp", "100", "--reason", "ritardo")
    run("turn_release", slug)
    run("turn_seat", slug)
    run("turn_release", slug)  # the phones take nothing before
    t2 = Table.objects.select_related("ns", "ew").filter(turn__number=2).first()
    tableside.submit(t2.code, "ns", t2.ns.pin, 700, 650)
    tableside.answer(t2.code, t2.ew.pin, accept=True)
    for t in Table.objects.filter(turn__number=2, ns_vp__isnull=True):
        run(
            "score_record",
            slug,
            "--turn",
            "2",
            "--table",
            str(t.number),
            "--ns",
            "500",
            "--ew",
            "500",
        )
    run(
        "score_adjust",
        slug,
        "--turn",
        "2",
        "--table",
        str(t2.number),
        "--ns-vp",
        "14",
        "--ew-vp",
        "3",
        "--reason",
        "arbitrale",
    )
    run("pair_withdraw", slug, "--pair", "9", "--reason", "Malore")
    Tournament.objects.get(slug=slug).referees.add(get_user_model().objects.get())
    return slug


def same_apart_from_slug(a: dict, b: dict, slug_a: str, slug_b: str) -> None:
    assert b["tournament"]["slug"] == slug_b
    b = json.loads(json.dumps(b).replace(f'"{slug_b}"', f'"{slug_a}"'))
    assert a == b


def test_round_trip_under_a_new_slug(rich, tmp_path):
    before = export(rich)
    path = tmp_path / "backup.json"
    run("tournament_backup", rich, "--output", str(path))
    run("tournament_restore", str(path), "--slug", "copia")
    same_apart_from_slug(before, export("copia"), rich, "copia")
    original, copy = Tournament.objects.get(slug=rich), Tournament.objects.get(slug="copia")
    assert list(copy.referees.values_list("username", flat=True)) == ["maria"]
    assert (
        ResultChange.objects.filter(table__turn__tournament=copy).count()
        == ResultChange.objects.filter(table__turn__tournament=original).count()
    )
    assert (
        AuditEntry.objects.filter(tournament=copy).count()
        == AuditEntry.objects.filter(tournament=original).count()
    )
    assert not set(
        Table.objects.filter(turn__tournament=copy).values_list("code", flat=True)
    ) & set(Table.objects.filter(turn__tournament=original).values_list("code", flat=True))
    # the copy goes on like the original: same next seating
    assert run("turn_seat", "copia", "--json") == run("turn_seat", rich, "--json")


def test_restore_into_an_empty_database_keeps_the_slug(rich):
    data = backup.dump(Tournament.objects.get(slug=rich))
    before = export(rich)
    Tournament.objects.get(slug=rich).delete()
    backup.restore(json.loads(json.dumps(data)))
    assert export(rich) == before


def test_restore_refusals_change_nothing(rich, tmp_path):
    path = tmp_path / "b.json"
    run("tournament_backup", rich, "--output", str(path))
    with pytest.raises(CommandError, match="already exists"):
        run("tournament_restore", str(path))
    for content in (b"not json", b'{"format": "other"}', b"\xff\xfe"):
        bad = tmp_path / "bad.json"
        bad.write_bytes(content)
        with pytest.raises(CommandError, match="not a tournament backup"):
            run("tournament_restore", str(bad), "--slug", "x")
    damaged = json.loads(path.read_text())
    del damaged["tables"][0]["ns_id"]
    damaged["tables"][0]["turn_id"] = 999999
    (tmp_path / "damaged.json").write_text(json.dumps(damaged))
    with pytest.raises(CommandError):
        run("tournament_restore", str(tmp_path / "damaged.json"), "--slug", "x")
    assert Tournament.objects.count() == 1


def test_a_backup_is_written_when_a_turn_is_complete(
    tmp_path, settings, django_capture_on_commit_callbacks
):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    with django_capture_on_commit_callbacks(execute=True):
        run("score_record", slug, "--turn", "1", "--table", "1", "--ns", "500", "--ew", "0")
    assert not list(settings.BACKUP_DIR.glob("*.json")) if settings.BACKUP_DIR.exists() else True
    with django_capture_on_commit_callbacks(execute=True):
        run("score_record", slug, "--turn", "1", "--table", "2", "--ns", "500", "--ew", "0")
    files = list(settings.BACKUP_DIR.glob("*.json"))
    assert [f.name for f in files] == [f"{slug}-turno-1.json"]
    data = json.loads(files[0].read_text())
    assert len(data["tables"]) == 2 and all(t["ns_points"] == 500 for t in data["tables"])


def test_the_referee_downloads_a_backup(client, rich):
    user = get_user_model().objects.get(username="maria")
    client.force_login(user)
    response = client.get(reverse("backup", args=[rich]))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    assert json.loads(response.content)["format"] == backup.FORMAT


def test_backup_all_writes_one_file_per_tournament(rich, tmp_path):
    make_tournament(tmp_path, slug="altro", pairs=4, turns=1)
    run("backup_all", "--dir", str(tmp_path / "nightly"))
    names = sorted(p.name.split("-")[0] for p in (tmp_path / "nightly").glob("*.json"))
    assert names == ["altro", "orig"]
