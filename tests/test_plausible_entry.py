"""Plausible numbers at the desk and on the phone (issue 14 item 4): a total far outside the
usual range asks "are you sure?" with the bound and its reason; nothing is saved until the
same totals are sent again; nothing typed is lost. A total the turn's deals cannot produce
is told with its bound too, but sending it again does not save it (issue 24 point 2,
tests/test_impossible_totals.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import TableReport
from scoring.services.versions import table_version
from tests.helpers import make_tournament, run
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(client, tmp_path):
    slug = make_tournament(tmp_path, slug="numeri", pairs=8, turns=2, deals=3)
    run("turn_seat", slug)
    run("turn_release", slug)
    user = get_user_model().objects.create_user("arbitro", password="x")
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = "en"  # messages below are checked in English
    return slug


def table(slug, number=1):
    return Table.objects.get(turn__tournament__slug=slug, turn__number=1, number=number)


def desk(client, slug, **data):
    return client.post(reverse("entry", args=[slug]), {"turn": 1, "table": 1, **data})


def test_desk_stops_a_total_the_deals_cannot_make(client, seated):
    asked = desk(client, seated, ns=16600, ew=830)
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "The cards cannot produce this total" in html
    assert "16600 cannot be scored in 3 deals" in html
    assert "at most 12240" in html  # the bound and its reason
    assert 'name="confirm_totals" value="16600,830"' in html
    assert 'value="16600"' in html and 'value="830"' in html  # nothing typed is lost
    assert not table(seated).has_result
    assert asked.context["focus"] == "id_ns"

    changed = desk(client, seated, ns=16605, ew=830, confirm_totals="16600,830")
    assert changed.status_code == 400 and not table(seated).has_result  # other totals: ask

    sent_again = desk(client, seated, ns=16600, ew=830, confirm_totals="16600,830")
    assert sent_again.status_code == 400 and not table(seated).has_result


def test_desk_asks_about_a_total_far_outside_the_usual_range(client, seated):
    asked = desk(client, seated, ns=1250, ew=-1500)
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "-1500 is far below the usual range" in html and "-1200" in html
    assert asked.context["focus"] == "id_ew"
    assert desk(client, seated, ns=1250, ew=-1500, confirm_totals="1250,-1500").status_code == 302


def test_desk_saves_usual_totals_at_once(client, seated):
    assert desk(client, seated, ns=1660, ew=-300).status_code == 302
    assert table(seated).ns_points == 1660


def test_a_confirmed_total_survives_the_question_for_a_reason(client, seated):
    desk(client, seated, ns=1250, ew=830)
    asked = desk(client, seated, ns=6600, ew=830, version=table_version(table(seated)))
    assert asked.status_code == 400 and "far above the usual range" in asked.content.decode()
    needs_reason = desk(
        client,
        seated,
        ns=6600,
        ew=830,
        confirm_totals="6600,830",
        version=table_version(table(seated)),
    )
    assert needs_reason.status_code == 400
    html = needs_reason.content.decode()
    assert "Are you sure?" not in html and 'value="6600,830"' in html
    saved = desk(
        client,
        seated,
        ns=6600,
        ew=830,
        confirm_totals="6600,830",
        reason="Lo score dice 6600",
        version=table_version(table(seated)),
    )
    assert saved.status_code == 302 and table(seated).ns_points == 6600


def test_the_phone_asks_too(client, seated):
    t = table(seated)
    url = reverse("table_entry", args=[t.code])
    data = {"action": "enter", "line": "ns", "pin": t.ns.pin, "ns": "6600", "ew": "-40"}
    asked = client.post(url, data)
    assert asked.status_code == 400
    html = asked.content.decode()
    assert "Are you sure?" in html and "more than 3600" in html
    assert 'value="6600,-40"' in html and 'value="6600"' in html
    assert not TableReport.objects.exists()
    assert client.post(url, {**data, "confirm_totals": "6600,-40"}).status_code == 302
    report = TableReport.objects.get()
    assert (report.ns_points, report.ew_points) == (6600, -40)


def test_the_phone_takes_a_negative_total_and_offers_a_sign_button(client, seated):
    t = table(seated)
    url = reverse("table_entry", args=[t.code])
    page = client.get(url).content.decode()
    assert 'class="sign" data-for="id_ns"' in page and 'inputmode="numeric"' in page
    assert "js/table.js" in page
    data = {"action": "enter", "line": "ew", "pin": t.ew.pin, "ns": "-120", "ew": "980"}
    assert client.post(url, data).status_code == 302
    assert TableReport.objects.get().ns_points == -120


def test_the_desk_preview_tells_while_typing(client, seated):
    url = reverse("entry_preview", args=[seated])
    html = client.get(url, {"turn": 1, "table": 1, "ns": "16600", "ew": "830"}).content.decode()
    assert "16600 cannot be scored in 3 deals" in html
    html = client.get(url, {"turn": 1, "table": 1, "ns": "1660", "ew": "830"}).content.decode()
    assert "cannot be scored" not in html and "usual range" not in html
