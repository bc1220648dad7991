"""Every URL of the app, as every kind of visitor: each is allowed exactly what it should be,
and nothing changes state on GET."""

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import get_resolver, reverse

from scoring.documents import jobs
from scoring.models import Circuit, TableReport
from tests.helpers import make_tournament, play_turn, run
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

PUBLIC = {
    "public_home",
    "public_standings",
    "public_pair",
    "public_team",
    "public_screen",
    "public_poster",
    "table_entry",
    "circuit_public",
    "circuit_screen",
    "login",
    "set_language",
}
ACCOUNT = {"logout", "password_change", "password_change_done"}
# /healthz answers the balancer, whoever asks (200, or 503 when something is down).
HEALTH = {"healthz"}
# A digest or a package nobody holds here: "not found" to everyone, never an error.
NOT_HELD = {"verify", "homologation_download"}
# Pages of team events only (tests/test_teams.py): not found in this pairs tournament.
TEAMS_ONLY = {"teams", "lineups", "team_detail", "team_edit", "public_team"}
# The federation's hub answers only with DJANGO_ROLE=hub: not found on a club installation.
HUB = {
    "hub_calendar",
    "hub_tournament",
    "hub_players",
    "hub_player",
    "hub_receive",
    "hub_api_tournaments",
    "hub_api_tournament",
    "hub_api_players",
    "hub_api_player",
}
POST_ONLY = {
    "circuit_stage_add",
    "circuit_stage_remove",
    "circuit_merge",
    "circuit_merge_undo",
    "seat_next",
    "seat_release",
    "seat_undo",
    "swap",
    "swap_lines",
    "board_approve",
    "board_unlock",
    "ruling_penalty",
    "ruling_table",
    "ruling_adjust",
    "ruling_withdraw",
    "ruling_late",
    "ruling_new",
    "document_request",
    "pair_delete",
    "homologation_build",
    "logout",
    "set_language",
}


def patterns(resolver=None, prefix=""):
    for p in (resolver or get_resolver()).url_patterns:
        if hasattr(p, "url_patterns"):
            if "admin" not in str(p.pattern):
                yield from patterns(p, prefix + str(p.pattern))
        else:
            yield p.name, prefix + str(p.pattern)


@pytest.fixture
def world(tmp_path):
    User = get_user_model()
    users = {
        "referee": User.objects.create_user("referee", password="x"),
        "other": User.objects.create_user("other", password="x"),
        "staff": User.objects.create_user("staff", password="x", is_staff=True),
    }
    slug = make_tournament(tmp_path, slug="mine", pairs=6, turns=3)
    other_slug = make_tournament(tmp_path, slug="theirs", pairs=4, turns=2)
    Tournament.objects.get(slug=slug).referees.add(users["referee"])
    Tournament.objects.get(slug=other_slug).referees.add(users["other"])
    # a circuit of the same code, the referee's (its pages: /circuits/mine/, /c/mine/)
    run("circuit_create", slug, "--name", "Circuito", "--points", "vp")
    Circuit.objects.filter(slug=slug).update(owner=users["referee"])
    run("circuit_stage_add", slug, slug)
    play_turn(slug)
    run("turn_release", slug)
    run("turn_seat", slug)
    run("turn_release", slug)  # the phones take a turn once its seating is published
    t = Tournament.objects.get(slug=slug)
    table = Table.objects.select_related("ns", "ew").get(
        turn__tournament=t, turn__number=2, number=1
    )
    report = TableReport.objects.create(
        table=table,
        ns_points=100,
        ew_points=0,
        entered_by=table.ns,
        status="confirmed",
        answered_by=table.ew,
    )
    doc = jobs.request_document(t, "seating", t.turn_set.get(number=1))
    kwargs = {"slug": slug, "number": 1, "turn": 1, "table": 1, "code": table.code}
    circuit_doc = jobs.request_circuit_document(Circuit.objects.get(slug=slug), "circuit-pdf")
    pks = {
        "board_approve": report.pk,
        "document_status": doc.pk,
        "document_download": doc.pk,
        "circuit_document_download": circuit_doc.pk,
    }
    return users, kwargs, pks


def url_of(name, pattern, kwargs, pks):
    wanted = {}
    for key in ("slug", "number", "turn", "table", "code"):
        if f"<{key}>" in pattern or f":{key}>" in pattern:
            wanted[key] = kwargs[key]
    if "<int:pk>" in pattern:
        wanted["pk"] = pks.get(name, 999999)
    if "<digest>" in pattern:
        wanted["digest"] = "0" * 64
    if ":membership>" in pattern:
        wanted["membership"] = "123456"
    return reverse(name, kwargs=wanted)


def snapshot():
    """Every row count and highest id, every result version, every public version.

    The counts of every table in one query (the fuzz of every URL takes one before each POST:
    a query per table made it most of that test's time)."""
    from django.db import connection

    quote = connection.ops.quote_name
    parts = []
    for model in apps.get_models():
        meta = model._meta
        if meta.app_label in ("sessions", "admin", "contenttypes"):
            continue
        highest = f"MAX({quote(meta.pk.column)})" if _numbered(model) else "NULL"
        parts.append(f"SELECT '{model.__name__}', COUNT(*), {highest} FROM {quote(meta.db_table)}")
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts))
        state = sorted(cursor.fetchall(), key=lambda row: row[0])
    state.append(tuple(Table.objects.order_by("pk").values_list("version", "ns_vp")))
    state.append(tuple(Tournament.objects.order_by("pk").values_list("public_version", "status")))
    return state


@pytest.mark.parametrize("who", ["anonymous", "player", "other", "referee", "staff"])
def test_every_url_for_every_visitor(client, world, who):
    users, kwargs, pks = world
    if who in users:
        client.force_login(users[who])
    checked = 0
    for name, pattern in patterns():
        url = url_of(name, pattern, kwargs, pks)
        before = snapshot()
        response = client.get(url)
        assert snapshot() == before, f"GET {url} changed the database"
        status = response.status_code
        desk = name not in PUBLIC | ACCOUNT | HEALTH | HUB | {"verify"}
        if name in HUB or (name == "verify"):
            assert status == 404, (who, url, status)
        elif name in HEALTH:
            assert status in (200, 503), (who, url, status)
        elif name in NOT_HELD and who in ("referee", "staff"):
            assert status == 404, (who, url, status)
        elif name == "public_team":  # a players' page the kind has not
            assert status == 404, (who, url, status)
        elif name in TEAMS_ONLY and who in ("referee", "staff"):
            # a desk page the kind has not: to the kind's registration page (teams, line-ups)
            # or to the dashboard (scoring.kinds.pages)
            home = f"/desk/{kwargs['slug']}/"
            assert status == 302 and response.url in (home, home + "pairs/"), url
        elif name in POST_ONLY and (not desk or who in ("referee", "staff")):
            assert status in (405, 302), (who, url, status)
        elif name in PUBLIC:
            assert status in (200, 204), (who, url, status)
        elif who in ("anonymous", "player"):
            assert status == 302 and "/accounts/login/" in response["Location"], (who, url)
        elif who == "other" and desk and "<slug:slug>" in pattern:
            assert status == 404, (who, url, status)
        else:
            assert status in (200, 302), (who, url, status)
        checked += 1
    assert checked >= 40


@pytest.mark.parametrize("who", ["anonymous", "player", "other"])
def test_no_change_without_the_right_to_it(client, world, who):
    """Every desk POST is refused to visitors who do not direct the tournament."""
    users, kwargs, pks = world
    if who in users:
        client.force_login(users[who])
    for name, pattern in patterns():
        if name in PUBLIC | ACCOUNT or "<slug:slug>" not in pattern:
            continue
        before = snapshot()
        response = client.post(
            url_of(name, pattern, kwargs, pks),
            {
                "pair": 1,
                "vp": 1,
                "reason": "x",
                "a": 1,
                "b": 2,
                "turn": 1,
                "table": 1,
                "ns_vp": 20,
                "ew_vp": 0,
                "kind": "workbook",
            },
        )
        assert snapshot() == before, (who, name)
        assert response.status_code in (302, 404), (who, name, response.status_code)
        if who == "other":
            assert response.status_code == 404


def test_admin_is_for_staff_only(client, world):
    users, _kwargs, _pks = world
    client.force_login(users["referee"])
    assert client.get("/admin/").status_code == 302
    client.force_login(users["staff"])
    assert client.get("/admin/").status_code == 200


def test_a_referee_s_own_ruling_stays_in_their_tournament(client, world):
    """Rulings added at the desk belong to the tournament; the federation's catalogue is
    edited by staff with the right to it, in the admin (Art. 23 penalties by code)."""
    import json

    from django.core.management.base import CommandError

    from scoring.models import Penalty, Ruling
    from scoring.services import backup

    users, _kwargs, _pks = world
    client.force_login(users["referee"])
    new = {
        "code": "mio-cellulare",
        "title": "Cellulare al tavolo",
        "effect": "penalty",
        "vp": 1,
        "mp": 0,
    }
    assert client.post(reverse("ruling_new", args=["mine"]), new).status_code == 302
    mine = Ruling.objects.get(code="mio-cellulare")
    assert mine.tournament.slug == "mine"
    clash = {**new, "code": Ruling.objects.filter(tournament=None).first().code}
    assert client.post(reverse("ruling_new", args=["mine"]), clash).status_code == 400
    assert b"mio-cellulare" in client.get(reverse("rulings", args=["mine"])).content
    client.force_login(users["other"])
    page = client.get(reverse("rulings", args=["theirs"]))
    assert page.status_code == 200 and b"mio-cellulare" not in page.content
    before = snapshot()
    refused = client.post(
        reverse("ruling_penalty", args=["theirs"]),
        {"pair": 1, "ruling": "mio-cellulare", "reason": "x"},
    )
    assert refused.status_code == 400 and snapshot() == before
    with pytest.raises(CommandError, match="Unknown ruling"):
        run("penalty_add", "theirs", "--pair", "1", "--ruling", "mio-cellulare", "--reason", "x")
    assert not Penalty.objects.filter(ruling=mine).exists()
    assert "mio-cellulare" not in run("rulings_list", "theirs")
    assert "mio-cellulare" not in run("rulings_list")
    listed = json.loads(run("rulings_list", "mine", "--json"))
    assert {"code": "mio-cellulare", "scope": "tournament"}.items() <= next(
        r for r in listed if r["code"] == "mio-cellulare"
    ).items()
    run("penalty_add", "mine", "--pair", "1", "--ruling", "mio-cellulare", "--reason", "x")
    codes = {r["code"] for r in backup.dump(Tournament.objects.get(slug="theirs"))["rulings"]}
    assert "mio-cellulare" not in codes
    # the federation's catalogue: staff with the right to it, in the admin; nobody at the desk
    url = f"/admin/scoring/ruling/{Ruling.objects.filter(tournament=None).first().pk}/change/"
    client.force_login(users["referee"])
    assert client.get(url).status_code == 302
    client.force_login(users["staff"])
    assert client.get(url).status_code == 403  # staff, without the permission
    users["staff"].is_superuser = True
    users["staff"].save()
    assert client.get(url).status_code == 200


def _numbered(model) -> bool:
    """Highest ids only where ids are numbers (the task queue's are UUIDs: no MAX on
    PostgreSQL)."""
    return model._meta.pk.get_internal_type() in ("AutoField", "BigAutoField", "SmallAutoField")
