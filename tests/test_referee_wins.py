"""The referee always wins: a phone's entry or confirmation never replaces what the desk
recorded after that entry was made (results, rulings, adjusted scores: Art. 15, 31, 32, 33).

Each order of events, through the phone page and the desk's own pages; the races between the
two are tested with real parallel requests in tests/test_rush.py."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from scoring.models import ResultChange, TableReport
from scoring.services import tableside
from tests.helpers import make_tournament, run, shown
from tournaments.errors import Refused
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db

REFEREE_RECORDED = "The referee has already recorded this table"


@pytest.fixture
def table(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    return Table.objects.select_related("ns", "ew", "turn__tournament").get(number=1)


@pytest.fixture
def desk(client, table):
    user = get_user_model().objects.create_user("ref", password="x")
    table.turn.tournament.referees.add(user)
    client.force_login(user)
    client.cookies["django_language"] = "en"
    return client


def phone_enter(client, table, ns=1250, ew=830, language="en"):
    client.cookies["django_language"] = language
    return client.post(
        reverse("table_entry", args=[table.code]),
        {"action": "enter", "line": "ns", "pin": table.ns.pin, "ns": ns, "ew": ew},
    )


def phone_confirm(client, table, language="en"):
    client.cookies["django_language"] = language
    return client.post(
        reverse("table_entry", args=[table.code]), {"action": "confirm", "pin": table.ew.pin}
    )


def state(table):
    t = Table.objects.get(pk=table.pk)
    return t.ns_points, t.ew_points, t.ns_vp, t.ew_vp, t.adjusted


def test_phone_enter_then_desk_save_then_phone_confirm(client, desk, table):
    from django.test import Client

    phone = Client()
    assert phone_enter(phone, table).status_code == 302
    report = TableReport.objects.get()
    assert report.table_version == 0
    saved = desk.post(
        reverse("entry", args=[table.turn.tournament.slug]),
        {"turn": 1, "table": 1, "ns": 900, "ew": 400},
    )
    assert saved.status_code == 302
    report.refresh_from_db()
    assert report.status == "overruled"  # the desk's entry supersedes the phone's
    before = state(table)
    answer = phone_confirm(phone, table, language="it")
    assert answer.status_code == 400
    assert "L&#x27;arbitro ha già registrato questo tavolo" in answer.content.decode()
    assert state(table) == before == (900, 400, 14, 6, False)
    assert ResultChange.objects.filter(table=table).count() == 1  # the desk's only
    board = desk.get(reverse("board", args=[table.turn.tournament.slug]))
    row = next(r for r in board.context["rows"] if r.table.number == 1)
    assert row.status == "referee" and row.overruled
    assert "phone result superseded" in board.content.decode()


@pytest.mark.parametrize(
    "ruling",
    [
        ("table_ruling", "ritardo-oltre-10"),
        ("table_ruling", "art32-abbandono"),
        ("table_ruling", "art32-forza-maggiore"),
        ("score_adjust",),
    ],
    ids=lambda r: r[-1],
)
def test_phone_enter_then_ruling_then_phone_confirm(client, table, ruling):
    slug = table.turn.tournament.slug
    assert phone_enter(client, table).status_code == 302
    if ruling[0] == "table_ruling":
        run(*ruling[:1], slug, "--turn", "1", "--table", "1", "--pair", str(table.ew.number),
            "--ruling", ruling[1], "--reason", "at the desk")  # fmt: skip
    else:
        run("score_adjust", slug, "--turn", "1", "--table", "1", "--ns-vp", "20",
            "--ew-vp", "0", "--reason", "adjusted at the desk")  # fmt: skip
    ruled = state(table)
    assert ruled[4] is True  # the ruling set an arbitral score
    answer = phone_confirm(client, table)
    assert answer.status_code == 400 and REFEREE_RECORDED in answer.content.decode()
    assert state(table) == ruled
    assert TableReport.objects.get().status == "overruled"
    assert not ResultChange.objects.filter(table=table, source="table").exists()


def test_adjusted_score_then_phone_enter_is_refused_and_shows_no_none(client, table):
    slug = table.turn.tournament.slug
    run("score_adjust", slug, "--turn", "1", "--table", "1", "--ns-vp", "14", "--ew-vp", "6",
        "--reason", "adjusted")  # fmt: skip
    before = state(table)
    answer = phone_enter(client, table, language="it")
    body = answer.content.decode()
    assert answer.status_code == 400 and "ha già registrato" in body
    assert "None" not in shown(body) and "punteggio stabilito dall'arbitro" in body
    assert state(table) == before and not TableReport.objects.exists()


def test_confirmed_awaiting_approval_then_desk_save_cannot_be_approved(desk, table):
    from django.test import Client

    Tournament.objects.update(approval_required=True)
    phone = Client()
    phone_enter(phone, table)
    assert phone_confirm(phone, table).status_code == 302
    report = TableReport.objects.get()
    assert report.status == "confirmed"
    slug = table.turn.tournament.slug
    desk.post(reverse("entry", args=[slug]), {"turn": 1, "table": 1, "ns": 700, "ew": 700})
    approve = desk.post(reverse("board_approve", args=[slug, report.pk]), follow=True)
    assert "not waiting for approval" in approve.content.decode()
    assert state(table)[:2] == (700, 700)
    with pytest.raises(Refused, match="not waiting"):
        tableside.approve(table.turn.tournament, report.pk, None)


def test_a_report_made_against_an_older_version_never_counts(table):
    """Whatever path moved the table on (a later entry, an import, a restore), the version
    the report was made against decides."""
    report = tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    Table.objects.filter(pk=table.pk).update(version=5)
    with pytest.raises(Refused, match=REFEREE_RECORDED):
        tableside.answer(table.code, table.ew.pin, accept=True)
    report.refresh_from_db()
    assert report.status == "entered" and not Table.objects.get(pk=table.pk).has_result
    Tournament.objects.update(approval_required=True)
    TableReport.objects.filter(pk=report.pk).update(status="confirmed")
    with pytest.raises(Refused, match="recorded at the desk after this result"):
        tableside.approve(table.turn.tournament, report.pk, None)


def test_phone_result_still_counts_when_nothing_happened_at_the_desk(table):
    report = tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    tableside.answer(table.code, table.ew.pin, accept=True)
    report.refresh_from_db()
    assert report.status == "approved" and state(table)[:2] == (1250, 830)
    with pytest.raises(Refused, match="result is already recorded: to change it") as refused:
        tableside.submit(table.code, "ew", table.ew.pin, 100, 100)
    assert "referee has already" not in str(refused.value)  # the phones' own result


def test_a_swap_of_pairs_voids_the_result_a_phone_entered_there(table):
    from tournaments.services.seating import swap_pairs

    tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    other = Table.objects.select_related("ew").get(number=2)
    swap_pairs(table.turn.tournament, table.ew.number, other.ew.number, confirmed=True)
    moved = Table.objects.select_related("ew").get(pk=table.pk)
    with pytest.raises(Refused):
        tableside.answer(table.code, moved.ew.pin, accept=True)
    assert TableReport.objects.get().status == "superseded"
    assert not Table.objects.get(pk=table.pk).has_result
