"""The capability × kind table of the README (issue 25, item 4), the cells the other tests
leave to this one: for a pairs, an individual and a team event, through the commands, a table
entered deal by deal, a correction that needs its reason, the standings PDF and workbook, the
sealed package recomputed with no difference, and the board, players' pages and big screen."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.helpers import export, make_tournament, run, score_record_args, shown
from tests.test_individual import make_individual
from tests.test_teams import make_team_event
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

CLOSING = {
    "burracos": {"clean": 1, "semi_clean": 0, "dirty": 0},
    "closed": True,
    "pot_taken": True,
    "on_table": 300,
    "in_hand": 0,
}
OPEN = {
    "burracos": {"clean": 0, "semi_clean": 0, "dirty": 0},
    "closed": False,
    "pot_taken": True,
    "on_table": 150,
    "in_hand": 40,
}


def event(kind: str, tmp_path) -> str:
    if kind == "pairs":
        return make_tournament(tmp_path, slug="cp", pairs=8, turns=2)
    if kind == "individual":
        return make_individual(tmp_path, slug="ind", players=8, plan="danish:2")
    return make_team_event(tmp_path, slug="sq", teams=4, plan="round-robin:2")


def play_turn(slug: str, tmp_path) -> None:
    """Seat the next turn: its first table deal by deal, the others by their totals."""
    turn = json.loads(run("turn_seat", slug, "--json"))["turn"]
    run("turn_release", slug)
    deals = Tournament.objects.get(slug=slug).deals
    path = tmp_path / f"deals-{turn}.json"
    path.write_text(json.dumps([{"ns": CLOSING, "ew": OPEN}] * deals))
    tables = Table.objects.filter(turn__tournament__slug=slug, turn__number=turn)
    for table in tables.order_by("number"):
        if table.number == 1:
            run("score_record", slug, "--turn", str(turn), "--table", "1", "--deals", str(path))
        else:
            run(
                *score_record_args(
                    slug, turn, table=table.number, ns=900 + 5 * table.number, ew=600
                )
            )


@pytest.mark.parametrize("kind", ["pairs", "individual", "teams"])
def test_every_kind_from_the_deals_to_the_sealed_package(kind, tmp_path, client):
    slug = event(kind, tmp_path)
    play_turn(slug, tmp_path)
    first = Table.objects.get(turn__tournament__slug=slug, turn__number=1, number=1)
    assert len(first.deals) == first.turn.tournament.deals and first.ns_points > first.ew_points

    # a correction needs its reason (Art. 29: the referee corrects, and says why)
    with pytest.raises(CommandError, match="reason"):
        run(*score_record_args(slug, 1, table=2, ns=700, ew=800))
    run(*score_record_args(slug, 1, "--reason", "Errore di somma", table=2, ns=700, ew=800))
    second = Table.objects.get(turn__tournament__slug=slug, turn__number=1, number=2)
    assert second.ns_points == 700
    change = second.changes.get(reason="Errore di somma")  # the table's history keeps it
    assert (change.old_ns_points, change.new_ns_points) == (910, 700)
    play_turn(slug, tmp_path)

    run("results_export", slug, "--format", "xlsx", "--output", str(tmp_path / "r.xlsx"))
    book = load_workbook(tmp_path / "r.xlsx")
    cells = [str(c) for ws in book for row in ws.iter_rows(values_only=True) for c in row if c]
    assert cells and "None" not in cells
    run("results_export", slug, "--format", "pdf", "--output", str(tmp_path / "r.pdf"))
    pdf = PdfReader(io.BytesIO((tmp_path / "r.pdf").read_bytes()))
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "None" not in text and str(export(slug)["standings"][0]["vp"]) in text

    package = tmp_path / "p.zip"
    run("homologation_package", slug, "--output", str(package))
    answer = json.loads(run("homologation_verify", str(package), "--recompute", "--json"))
    assert answer["ok"] and answer["differences"] == [] and answer["cannot_recompute"] == []

    user = get_user_model().objects.create_user("ref", password="x")
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    for name in ("board", "standings", "rulings"):
        assert client.get(reverse(name, args=[slug])).status_code == 200, name
    client.logout()
    for name in ("public_home", "public_standings", "public_screen"):
        page = client.get(reverse(name, args=[slug]))
        assert page.status_code == 200 and "None" not in shown(page.content), name
