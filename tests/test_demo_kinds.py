"""The three demo tournaments (`demo_tournament --kind pairs|individual|teams`) run end to end
(issue 25): the phones enter and confirm a table of the open turn, the referee's desk shows
every page of the turn, and the commands play the remaining turns to the last, export the
standings, back the event up and restore it."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.helpers import export, run, score_record_args, shown
from tournaments.kinds import kind_of
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

KINDS = ["pairs", "individual", "teams"]
DESK_PAGES = ["dashboard", "seating", "entry", "board", "rulings", "standings", "documents"]
PUBLIC_PAGES = ["public_home", "public_standings", "public_screen"]


def open_table(slug: str) -> Table:
    """A table of the newest seated turn with no result yet."""
    tables = Table.objects.filter(turn__tournament__slug=slug, ns_points=None)
    return tables.select_related("ns", "ew", "turn").order_by("-turn__number", "number")[0]


def phones_play(client, table: Table) -> None:
    url = reverse("table_entry", args=[table.code])
    assert client.get(url).status_code == 200
    form = {"action": "enter", "line": "ns", "pin": table.ns.pin, "ns": 1230, "ew": 870}
    assert client.post(url, form).status_code in (200, 302)
    assert client.post(url, {"action": "confirm", "pin": table.ew.pin}).status_code in (200, 302)
    table.refresh_from_db()
    assert (table.ns_points, table.ew_points) == (1230, 870)


def play_to_the_end(slug: str) -> None:
    """Record every open table, then seat and play turns until the plan is done."""
    while True:
        for table in Table.objects.filter(turn__tournament__slug=slug, ns_points=None):
            run(*score_record_args(slug, table.turn.number, table=table.number, ns=990, ew=1110))
        tournament = Tournament.objects.get(slug=slug)
        if tournament.turn_set.count() >= len(tournament.plan):
            return
        run("turn_seat", slug)
        run("turn_release", slug)


@pytest.mark.parametrize("kind", KINDS)
def test_a_demo_runs_from_the_phones_to_the_restored_backup(client, kind, tmp_path):
    slug = f"demo-{kind}"
    run("demo_tournament", "--kind", kind, "--slug", slug)
    tournament = Tournament.objects.get(slug=slug)
    run("turn_release", slug)  # the demo's open turn, published for the phones
    phones_play(client, open_table(slug))

    client.force_login(get_user_model().objects.get(username="arbitro"))
    for name in DESK_PAGES:
        page = client.get(reverse(name, args=[slug]))
        assert page.status_code == 200, name
        assert "None" not in shown(page.content), name
    registration = kind_of(tournament).registration_page
    assert client.get(reverse(registration, args=[slug])).status_code == 200

    play_to_the_end(slug)
    data = export(slug)
    assert len(data["turns"]) == len(data["tournament"]["plan"])
    assert not Table.objects.filter(turn__tournament__slug=slug, ns_points=None).exists()
    assert [row["rank"] for row in data["standings"]] == sorted(
        r["rank"] for r in data["standings"]
    )
    for name in PUBLIC_PAGES:
        assert client.get(reverse(name, args=[slug])).status_code == 200, name

    backup = tmp_path / "backup.json"
    run("tournament_backup", slug, "--output", str(backup))
    run("tournament_restore", str(backup), "--slug", f"{slug}-copy")
    copy = export(f"{slug}-copy")
    assert copy["standings"] == data["standings"]
    assert json.dumps(copy["turns"]) == json.dumps(data["turns"])
