"""Restore and backups that cannot escape: slugs are checked, backup files land only in their
folder, a malformed backup of any kind is refused with one line and changes nothing, and a
nightly backup_all writes every tournament it can.

The malformed backups are real ones mutated by hypothesis: keys dropped, values replaced by
junk (huge numbers, bad dates, unknown plan words and tie-breaks, nested lists, user names
that are not text, catalogue entries of another tournament), the file truncated or nested
thousands deep. A mutation that still restores must give a tournament whose pages work."""

import itertools
import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db.models import Max
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Ruling
from scoring.services import backup
from tests.helpers import make_tournament, play_turn, run
from tournaments.errors import Refused
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

BAD_SLUGS = ["../evil", "a/b", "a b", "x" * 81, "", "é", "..", "a\x00b", "a\nb", "-" * 3 + "/"]


@pytest.fixture
def original(tmp_path):
    user = get_user_model().objects.create_user("maria", password="x")
    slug = make_tournament(tmp_path, slug="orig", pairs=8, plan="mitchell:2,danish:1")
    t = Tournament.objects.get(slug=slug)
    t.referees.add(user)
    play_turn(slug, points=lambda table: (900 + 35 * table, 450))
    run("penalty_add", slug, "--pair", "2", "--ruling", "art23-pozzetto", "--reason", "uno")
    run("turn_seat", slug)
    run("score_record", slug, "--turn", "2", "--table", "1", "--ns", "-30", "--ew", "800")
    own = Ruling.objects.create(
        tournament=t, code="mio-ritardo", title="Ritardo al tavolo", effect="warning"
    )
    run("penalty_add", slug, "--pair", "3", "--ruling", own.code, "--reason", "tardi")
    return slug


def state():
    rows = []
    for model in apps.get_models():
        if model._meta.app_label in ("sessions", "admin", "contenttypes"):
            continue
        rows.append(
            (
                model.__name__,
                model.objects.count(),
                model.objects.aggregate(m=Max("pk")) if _numbered(model) else None,
            )
        )
    return rows


def one_line_refusal(content: bytes, slug: str | None, tmp_path) -> str:
    path = tmp_path / "b.json"
    path.write_bytes(content)
    args = ["tournament_restore", str(path)] + (["--slug", slug] if slug is not None else [])
    with pytest.raises(CommandError) as exc:
        run(*args)
    message = str(exc.value)
    assert message and "\n" not in message and "Traceback" not in message
    return message


@pytest.mark.parametrize("slug", BAD_SLUGS)
def test_a_bad_slug_is_refused_from_the_option_and_from_the_file(original, tmp_path, slug):
    content = backup.dumps(Tournament.objects.get(slug=original))
    before = state()
    assert "slug" in one_line_refusal(content, slug, tmp_path)
    data = json.loads(content)
    data["tournament"]["slug"] = slug
    assert "slug" in one_line_refusal(json.dumps(data).encode(), None, tmp_path)
    assert state() == before


def test_backup_files_land_only_in_their_folder(original, tmp_path, settings, caplog):
    settings.BACKUP_DIR = tmp_path / "backups"
    t = Tournament.objects.get(slug=original)
    assert backup.write_automatic(t, 1) == (tmp_path / "backups" / "orig-turno-1.json").resolve()
    for slug in ("../evil", "/etc/evil", "a/../../b"):
        with pytest.raises(Refused):
            backup.file_in(tmp_path / "backups", slug, ".json")
        Tournament.objects.filter(pk=t.pk).update(slug=slug)  # as if the database were tampered
        t.refresh_from_db()
        assert backup.write_automatic(t, 1) is None
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.json"))
    assert written == ["backups/orig-turno-1.json"]
    assert "no automatic backup" in caplog.text


def test_backup_all_skips_what_it_cannot_write_and_writes_the_others(
    original, tmp_path, monkeypatch
):
    make_tournament(tmp_path, slug="altro", pairs=4, turns=1)
    make_tournament(tmp_path, slug="terzo", pairs=4, turns=1)
    Tournament.objects.filter(slug="terzo").update(slug="../fuori")
    real = backup.write_file

    def failing(target, payload):
        if target.name.startswith("altro-"):
            raise PermissionError(13, "Permission denied")
        return real(target, payload)

    monkeypatch.setattr(backup, "write_file", failing)
    with pytest.raises(CommandError) as exc:
        run("backup_all", "--dir", str(tmp_path / "nightly"))
    assert "2 of 3 tournaments not backed up" in str(exc.value)
    assert "altro" in str(exc.value) and "../fuori" in str(exc.value)
    names = [p.name.split("-")[0] for p in (tmp_path / "nightly").glob("*.json")]
    assert names == ["orig"]
    assert not list(tmp_path.glob("fuori*"))


def test_a_referee_s_own_ruling_travels_with_its_tournament_only(original, tmp_path):
    make_tournament(tmp_path, slug="altro", pairs=4, turns=1)
    mine = backup.dump(Tournament.objects.get(slug=original))
    theirs = backup.dump(Tournament.objects.get(slug="altro"))
    assert "mio-ritardo" in {r["code"] for r in mine["rulings"]}
    assert "mio-ritardo" not in {r["code"] for r in theirs["rulings"]}
    federation = Ruling.objects.filter(tournament=None).count()
    restored = backup.restore(json.loads(json.dumps(mine)), slug="copia")
    assert Ruling.objects.filter(tournament=None).count() == federation
    copy = Ruling.objects.get(tournament=restored, code="mio-ritardo")
    assert restored.penalties.filter(ruling=copy).count() == 1
    # a catalogue entry this database lacks comes back as the restored tournament's own
    mine["rulings"].append({**mine["rulings"][0], "id": 99999, "code": "sconosciuta"})
    again = backup.restore(json.loads(json.dumps(mine)), slug="copia2")
    assert Ruling.objects.filter(tournament=None).count() == federation
    assert Ruling.objects.filter(tournament=again, code="sconosciuta").exists()


# --- Mutated backups -------------------------------------------------------------------------

JUNK = st.one_of(
    st.sampled_from(
        [
            None,
            True,
            -1,
            0,
            10**30,
            -(10**30),
            2**63,
            1e308,
            float("inf"),
            "",
            "garbage",
            "9999-99-99",
            "2026-13-45T25:61:00",
            "0000-00-00T00:00:00",
            "x" * 5000,
            [],
            [1, [2, [3]]],
            {"a": 1},
            ["swiss"],
            ["mp", "coin-toss"],
            [[1, 2, 3]],
            [{"ns": 1}],
            "../../etc/passwd",
            "bad code!",
            "bogus-effect",
        ]
    ),
    st.integers(),
    st.text(max_size=30),
)
KEYS = [
    "tournament",
    "players",
    "pairs",
    "turns",
    "tables",
    "byes",
    "penalties",
    "log",
    "result_changes",
    "reports",
    "audit",
    "rulings",
    "referees",
]
counter = itertools.count()


@st.composite
def mutations(draw):
    kind = draw(st.sampled_from(["drop", "junk", "truncate", "deep", "foreign", "swap"]))
    return kind, draw(st.sampled_from(KEYS)), draw(st.integers(0, 10**6)), draw(JUNK)


def mutate(data: dict, mutation) -> bytes:
    kind, key, pick, junk = mutation
    if kind == "truncate":
        text = json.dumps(data).encode()
        return text[: pick % len(text)]
    if kind == "deep":
        return (
            ("[" * 100_000 + "]" * 100_000).encode()
            if pick % 2
            else json.dumps({**data, key: json.loads("[" * 900 + "]" * 900)}).encode()
        )
    part = data[key]
    if key == "tournament":
        rows = [part]
    elif key == "referees":
        data[key] = [junk] if pick % 2 else junk
        return json.dumps(data).encode()
    else:
        rows = part
    if not rows:
        data[key] = junk
        return json.dumps(data).encode()
    row = rows[pick % len(rows)]
    fields = sorted(row)
    field = fields[pick % len(fields)]
    if kind == "drop":
        del row[field]
    elif kind == "junk":
        row[field] = junk
    elif kind == "foreign":  # a reference to a row of another tournament / no row at all
        ref = [f for f in fields if f.endswith("_id")] or [field]
        row[ref[pick % len(ref)]] = 1 + pick % 5 if pick % 3 else 987654321
    else:  # two rows trade a field: plausible values in the wrong place
        other = rows[(pick // 7) % len(rows)]
        if field in other:
            row[field], other[field] = other[field], row[field]
    return json.dumps(data).encode()


@settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutation=mutations())
def test_a_mutated_backup_is_refused_in_one_line_or_restores_a_working_tournament(
    original, tmp_path_factory, mutation
):
    data = backup.dump(Tournament.objects.get(slug=original))
    content = mutate(json.loads(json.dumps(data)), mutation)
    slug = f"m{next(counter)}"
    before = state()
    federation = list(Ruling.objects.filter(tournament=None).order_by("pk").values())
    try:
        restored = backup.loads(content, slug)
    except Refused as exc:
        assert exc.message and "\n" not in exc.message
        assert state() == before, mutation
        return
    assert list(Ruling.objects.filter(tournament=None).order_by("pk").values()) == federation
    check_pages(restored)


def check_pages(tournament):
    """A restored tournament works: its export, its pages, its next seating."""
    run("results_export", tournament.slug, "--format", "json")
    user = get_user_model().objects.get_or_create(username="checker", is_staff=True)[0]
    client = Client()
    client.force_login(user)
    client.raise_request_exception = False
    for name in ("dashboard", "pairs", "seating", "entry", "standings", "rulings", "board"):
        response = client.get(reverse(name, args=[tournament.slug]))
        assert response.status_code < 500, (name, response.status_code)
    for name in ("public_home", "public_standings"):
        assert client.get(reverse(name, args=[tournament.slug])).status_code < 500


def test_huge_and_nested_files_are_refused_quickly(original, tmp_path):
    before = state()
    one_line_refusal(b"[" * 1_000_000, "x1", tmp_path)
    one_line_refusal(
        b'{"format": "burraco-tournament-backup", "version": ' + b"9" * 5000 + b"}", "x2", tmp_path
    )
    assert state() == before


def _numbered(model) -> bool:
    """Highest ids only where ids are numbers (the task queue's are UUIDs: no MAX on
    PostgreSQL)."""
    return model._meta.pk.get_internal_type() in ("AutoField", "BigAutoField", "SmallAutoField")
