"""The score sheet deal by deal: the referee's entry, the table's phone, the filled sheet."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader

from scoring.documents.sheets import scoresheets_pdf
from tests.helpers import make_tournament, run
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

DEALS = {
    # deal 1: N-S close with a clean burraco; E-W a dirty one
    "d1_ns_clean": 1,
    "d1_ns_closed": "on",
    "d1_ns_table": 300,
    "d1_ns_hand": 0,
    "d1_ew_dirty": 1,
    "d1_ew_table": 210,
    "d1_ew_hand": 45,
    # deal 2: E-W close with two clean and a dirty; N-S did not take the pozzetto
    "d2_ns_no_pot": "on",
    "d2_ns_table": 90,
    "d2_ns_hand": 120,
    "d2_ew_clean": 2,
    "d2_ew_dirty": 1,
    "d2_ew_closed": "on",
    "d2_ew_table": 520,
    "d2_ew_hand": 20,
    # deal 3: E-W close again
    "d3_ns_dirty": 1,
    "d3_ns_table": 250,
    "d3_ns_hand": 15,
    "d3_ew_clean": 1,
    "d3_ew_closed": "on",
    "d3_ew_table": 305,
    "d3_ew_hand": 0,
}


@pytest.fixture
def desk(client, tmp_path):
    user = get_user_model().objects.create_user("ref", password="x")
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = "en"
    run("turn_seat", slug)
    run("turn_release", slug)  # the phones take nothing before the seating is published
    return slug


def test_referee_enters_a_sheet_deal_by_deal(client, desk):
    preview = client.get(
        reverse("entry_preview", args=[desk]), {"table": 1, "mode": "deals", **DEALS}
    )
    text = preview.content.decode()
    assert "805" in text and "1970" in text and "2 – 18" in text  # totals and VP live
    response = client.post(
        reverse("entry", args=[desk]), {"turn": 1, "table": 1, "mode": "deals", **DEALS}
    )
    assert response.status_code == 302
    t = Table.objects.get(number=1)
    assert (t.ns_points, t.ew_points, t.ns_vp, t.ew_vp) == (805, 1970, 2, 18)
    assert [d["ns"]["total"] for d in t.deals] == [600, -130, 335]
    pdf = scoresheets_pdf(t.turn.tournament, t.turn, filled=True)
    page = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    for value in ("600", "-130", "335", "1100", "605", "1970"):
        assert value in page


@pytest.mark.parametrize(
    "change, message",
    [
        ({"d1_ew_closed": "on"}, "only one line can close"),
        ({"d1_ns_table": 303}, "multiple of 5"),
        ({"d3_ew_table": ""} | {k: "" for k in DEALS if k.startswith("d3_ew")}, "both lines"),
        ({"d3_ew_clean": 0}, "at least one burraco"),
    ],
)
def test_bad_deals_are_refused_and_change_nothing(client, desk, change, message):
    data = {**DEALS, **change}
    response = client.post(
        reverse("entry", args=[desk]), {"turn": 1, "table": 1, "mode": "deals", **data}
    )
    assert response.status_code == 400 and message in response.content.decode()
    assert not Table.objects.get(number=1).has_result


def test_the_totals_alone_stay_possible(client, desk):
    client.post(reverse("entry", args=[desk]), {"turn": 1, "table": 2, "ns": 500, "ew": 400})
    t = Table.objects.get(number=2)
    assert (t.ns_points, t.deals) == (500, [])


def test_the_table_enters_deal_by_deal_too(client, desk):
    table = Table.objects.select_related("ns", "ew").get(number=1)
    url = reverse("table_entry", args=[table.code])
    response = client.post(
        url, {"action": "enter", "mode": "deals", "line": "ns", "pin": table.ns.pin, **DEALS}
    )
    assert response.status_code == 302
    client.post(url, {"action": "confirm", "pin": table.ew.pin})
    t = Table.objects.get(pk=table.pk)
    assert (t.ns_points, t.ew_points) == (805, 1970) and len(t.deals) == 3


def test_club_and_parole_variants(client, desk):
    Tournament.objects.update(game_variant="club")
    data = {
        "d1_ns_royal": 1,
        "d1_ns_closed": "on",
        "d1_ns_table": 400,
        "d1_ew_semi_clean": 1,
        "d1_ew_table": 200,
        "d1_ew_hand": 30,
    }
    client.post(reverse("entry", args=[desk]), {"turn": 1, "table": 1, "mode": "deals", **data})
    assert Table.objects.get(number=1).ns_points == 300 + 100 + 400
    Tournament.objects.update(game_variant="parole")
    data = {
        "d1_ns_clean": 1,
        "d1_ns_lengths": "11",
        "d1_ns_closed": "on",
        "d1_ns_table": 150,
        "d1_ew_table": 100,
        "d1_ew_hand": 60,
    }
    client.post(reverse("entry", args=[desk]), {"turn": 1, "table": 2, "mode": "deals", **data})
    assert Table.objects.get(number=2).ns_points == 200 + 100 + 100 + 150
