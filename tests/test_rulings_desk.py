"""The rulings page of the referee's desk."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import LogEntry, Penalty, Ruling
from tests.helpers import make_tournament, play_turn
from tournaments.models import Pair, Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client, tmp_path):
    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    client.cookies["django_language"] = "en"
    slug = make_tournament(tmp_path, pairs=4, plan="mitchell:2,danish:1")
    Tournament.objects.get(slug=slug).referees.add(user)
    play_turn(slug, points=lambda t: (600, 500))
    return slug


def post(client, slug, name, data):
    return client.post(reverse(name, args=[slug]), data, follow=True)


def test_rulings_page_lists_the_catalogue_and_the_log(client, desk):
    page = client.get(reverse("rulings", args=[desk]))
    assert page.status_code == 200
    assert "art23-pozzetto" in page.content.decode()


def test_warning_then_automatic_penalty_from_the_page(client, desk):
    for reason in ("pozzetto guardato", "pozzetto guardato di nuovo"):  # two incidents
        post(
            client,
            desk,
            "ruling_penalty",
            {"pair": 1, "ruling": "art23-pozzetto", "reason": reason},
        )
    assert Penalty.objects.filter(kind="warning").count() == 2
    assert Penalty.objects.get(automatic=True).vp == 1
    assert LogEntry.objects.count() == 3


def test_free_penalty_needs_an_amount_and_a_reason(client, desk):
    page = post(client, desk, "ruling_penalty", {"pair": 1, "ruling": "", "reason": "x"})
    assert "some VP or some MP" in page.content.decode()
    page = post(client, desk, "ruling_penalty", {"pair": 9, "vp": 1, "reason": "x"})
    assert "Pair 9 does not exist" in page.content.decode()
    assert not Penalty.objects.exists()


def test_adjusted_score_and_table_ruling_from_the_page(client, desk):
    post(
        client,
        desk,
        "ruling_adjust",
        {"turn": 1, "table": 1, "ns_vp": 14, "ew_vp": 6, "reason": "Art. 15"},
    )
    t = Table.objects.get(number=1)
    assert t.adjusted and (t.ns_vp, t.ns_mp, t.ew_mp) == (14, 355, -355)
    post(
        client,
        desk,
        "ruling_table",
        {"turn": 1, "table": 2, "pair": 4, "ruling": "art32-abbandono", "reason": "x"},
    )
    t2 = Table.objects.get(number=2)
    assert (t2.ns_vp, t2.ew_vp) == (14, 0)


def test_withdraw_from_the_page(client, desk):
    post(client, desk, "ruling_withdraw", {"pair": 2, "reason": "Malore"})
    assert Pair.objects.get(number=2).withdrawn_after_turn == 1
    page = post(client, desk, "ruling_withdraw", {"pair": 2, "reason": "again"})
    assert "already withdrew" in page.content.decode()


def test_the_catalogue_can_be_extended(client, desk):
    post(
        client,
        desk,
        "ruling_new",
        {
            "code": "cellulare",
            "article": "",
            "title": "Telefono",
            "description": "",
            "effect": "warning",
            "vp": 0,
            "mp": 0,
        },
    )
    assert Ruling.objects.filter(code="cellulare").exists()
    post(client, desk, "ruling_penalty", {"pair": 3, "ruling": "cellulare", "reason": "squilla"})
    assert Penalty.objects.get(pair__number=3).kind == "warning"


def test_a_penalty_form_sent_twice_records_one_penalty(client, desk):
    """A double click or a retry on a slow network (found by the hostile pass): the same
    decision on the same pair within 30 seconds is recorded once, and the referee is told."""
    data = {"pair": 2, "vp": 1, "reason": "ritardo"}
    first = client.post(reverse("ruling_penalty", args=[desk]), data)
    assert first.status_code == 302
    again = client.post(reverse("ruling_penalty", args=[desk]), data)
    assert again.status_code == 400
    assert "sent twice" in again.content.decode()
    assert Penalty.objects.filter(pair__number=2).count() == 1
    assert LogEntry.objects.filter(code="penalty").count() == 1
    other = client.post(reverse("ruling_penalty", args=[desk]), {**data, "reason": "di nuovo"})
    assert other.status_code == 302  # another decision: recorded
    assert Penalty.objects.filter(pair__number=2).count() == 2
