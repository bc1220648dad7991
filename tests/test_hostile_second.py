"""A second hostile pass (issue 26, part 4): an unpublished turn takes no result, any card text a
received package carries renders on the hub, an unlock reaches only its own tournament's
device locks, and a sheet of hundreds of thousands of empty cells holds no worker."""

import io

import pytest
from django.urls import reverse
from openpyxl import Workbook

from scoring.models import PinAttempt, TableReport
from scoring.services import tableside
from tests.helpers import make_tournament, run
from tournaments.models import AuditEntry, Table, Tournament
from tournaments.services.imports import MAX_EMPTY_RUN, bounded_rows, read_cells

pytestmark = pytest.mark.django_db


def test_a_seated_turn_not_yet_published_takes_nothing_from_the_phones(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    table = Table.objects.select_related("ns", "ew").get(number=1)
    page = client.get(reverse("table_entry", args=[table.code]))
    assert page.status_code == 409
    text = page.content.decode()
    assert table.ns.player1.name not in text and table.ew.player1.name not in text
    sent = client.post(
        reverse("table_entry", args=[table.code]),
        {"action": "enter", "line": "ns", "pin": table.ns.pin, "ns": 1000, "ew": 500},
    )
    assert sent.status_code == 409
    with pytest.raises(tableside.NotStarted):
        tableside.submit(table.code, "ns", table.ns.pin, 1000, 500)
    assert not TableReport.objects.exists()
    run("turn_release", slug)  # published: the table takes results
    tableside.submit(table.code, "ns", table.ns.pin, 1000, 500)
    assert TableReport.objects.count() == 1


@pytest.mark.parametrize("card", ["A/B", "..", "=cmd|' /C calc'!A00", "x?y#z", "50%"])
def test_any_card_text_renders_on_the_hub_and_leads_to_its_player(client, settings, tmp_path, card):
    from scoring.documents.homologation import build_package
    from tests.test_hub import post, register

    settings.ROLE = "hub"
    slug = make_tournament(tmp_path, "carte", pairs=0, turns=1)
    (tmp_path / "p.csv").write_text(
        "player1;player2;membership1;membership2;club\n"
        f"Rossi Mario;Bianchi Anna;{card};T002;Lucca\n"
        "Verdi Luca;Neri Sara;T003;T004;Pisa\n"
    )
    run("pairs_import", slug, str(tmp_path / "p.csv"))
    from tests.helpers import play_turn

    play_turn(slug)
    package = build_package(Tournament.objects.get(slug=slug))
    assert post(client, bytes(package.data), register()).status_code == 201
    from scoring.models import HubTournament

    received = HubTournament.objects.get()
    page = client.get(f"/hub/t/{received.pk}/")
    assert page.status_code == 200
    found = client.get("/hub/players/", {"q": "Rossi"})
    assert found.status_code == 200
    link = reverse("hub_player", args=[card])
    assert link in page.content.decode() and link in found.content.decode()
    assert "/.." not in link and "A/B" not in link
    player = client.get(link)
    assert player.status_code == 200 and "Rossi Mario" in player.content.decode()
    api = client.get(reverse("hub_api_player", args=[card]))
    assert api.status_code == 200 and api.json()["membership"] == card


def test_an_unlock_reaches_only_the_tournament_whose_tables_counted_the_wrong_pins(tmp_path):
    from django.contrib.auth import get_user_model

    referee = get_user_model().objects.create_user("arbitro", password="x")
    tables = {}
    for slug in ("primo", "secondo"):
        make_tournament(tmp_path, slug, pairs=4, turns=1)
        run("turn_seat", slug)
        run("turn_release", slug)
        tables[slug] = Table.objects.get(turn__tournament__slug=slug, number=1)
    for slug in ("primo", "secondo"):
        with pytest.raises(tableside.Refused):
            tableside.submit(tables[slug].code, "ns", "0000", 1000, 500, address="10.0.0.9")
    first = Tournament.objects.get(slug="primo")
    tableside.unlock_device(first, "10.0.0.9", referee)
    still = PinAttempt.objects.filter(address="10.0.0.9", device_unlocked=False)
    assert list(still.values_list("table__turn__tournament__slug", flat=True)) == ["secondo"]
    audits = AuditEntry.objects.filter(action="pin-unlock-device")
    assert [a.tournament.slug for a in audits] == ["primo"]


def test_a_sheet_of_empty_cells_is_read_to_its_table_only():
    """354,800 rows of empty-string cells (a few MB, a ratio the zip checks pass) held a worker
    for seconds: the table ends at 1,000 empty rows in a row, so the rest is never parsed."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet()
    sheet.append(["Cognome 1", "Nome 1"])
    sheet.append(["Rossi", "Mario"])
    for _ in range(20_000):
        sheet.append(["", ""])
    sheet.append(["Verdi", "Luca"])  # beyond the table's end: not read
    out = io.BytesIO()
    book.save(out)
    lines, _encoding = read_cells("vuote.xlsx", out.getvalue(), 300_000)
    assert [cells[:2] for _row, cells in lines] == [["Cognome 1", "Nome 1"], ["Rossi", "Mario"]]

    class Counting:  # a sheet that counts the rows asked of it
        asked = 0

        def iter_rows(self, **kwargs):
            width = kwargs["max_col"]
            yield ("Cognome 1", "Nome 1") + ("",) * (width - 2)
            while True:
                Counting.asked += 1
                yield ("",) * width

    found = bounded_rows(Counting(), 300_000)
    assert [cells[:2] for _row, cells in found] == [["Cognome 1", "Nome 1"]]
    assert Counting.asked == MAX_EMPTY_RUN
