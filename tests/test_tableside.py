"""Results from the tables: enter, confirm or reject with PINs, the referee approves."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader

from scoring.documents.sheets import scoresheets_pdf
from scoring.models import PinAttempt, ResultChange, TableReport
from scoring.services import tableside
from tests.helpers import make_tournament, run
from tournaments.errors import Refused
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    return Table.objects.select_related("ns", "ew", "turn__tournament").get(number=1)


def test_enter_then_the_other_line_confirms_and_the_result_counts(table):
    report = tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    assert report.status == "entered" and not Table.objects.get(pk=table.pk).has_result
    tableside.answer(table.code, table.ew.pin, accept=True)
    t = Table.objects.get(pk=table.pk)
    assert (t.ns_points, t.ew_points, t.ns_vp, t.ew_vp) == (1250, 830, 14, 6)
    report.refresh_from_db()
    assert report.status == "approved" and report.answered_by == table.ew
    change = ResultChange.objects.get(table=t)
    assert change.source == "table" and "confirmed by pair" in change.reason


def test_the_pair_that_entered_cannot_confirm(table):
    tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    with pytest.raises(Refused, match="cannot confirm"):
        tableside.answer(table.code, table.ns.pin, accept=True)
    assert TableReport.objects.get().status == "entered"


def test_a_pin_of_another_table_or_a_wrong_pin_is_refused_and_rate_limited(table):
    other = Table.objects.select_related("ns").get(number=2)
    tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    with pytest.raises(Refused, match="Wrong PIN"):
        tableside.answer(
            table.code,
            other.ns.pin if other.ns.pin != table.ew.pin else "x",
            accept=True,
            address="10.0.0.9",
        )
    for _ in range(4):
        with pytest.raises(Refused, match="Wrong PIN"):
            tableside.answer(table.code, "zzzz", accept=True, address="10.0.0.9")
    with pytest.raises(Refused, match="Too many wrong PINs"):
        tableside.answer(table.code, table.ew.pin, accept=True)  # even the right one, for now
    assert PinAttempt.objects.count() == 5
    assert not Table.objects.get(pk=table.pk).has_result


def test_entering_needs_the_pin_of_the_line_chosen(table):
    with pytest.raises(Refused, match="Wrong PIN"):
        tableside.submit(table.code, "ns", table.ew.pin + "0", 100, 0)
    with pytest.raises(Refused, match="multiple of 5"):
        tableside.submit(table.code, "ns", table.ns.pin, 102, 0)
    with pytest.raises(Refused, match="Unknown table code"):
        tableside.submit("NOPE123", "ns", table.ns.pin, 100, 0)
    assert not TableReport.objects.exists()


def test_reject_then_enter_again(table):
    tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    rejected = tableside.answer(table.code, table.ew.pin, accept=False, note="Abbiamo 930")
    assert rejected.status == "rejected" and rejected.note == "Abbiamo 930"
    second = tableside.submit(table.code, "ew", table.ew.pin, 1250, 930)
    assert not second.conflict  # the first entry was already rejected
    tableside.answer(table.code, table.ns.pin, accept=True)
    assert Table.objects.get(pk=table.pk).ew_points == 930


def test_different_entries_from_the_two_lines_are_flagged(table):
    tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    second = tableside.submit(table.code, "ew", table.ew.pin, 1250, 930)
    assert second.conflict
    rows = {r.table.number: r for r in tableside.board(table.turn)}
    assert rows[1].status == "entered" and rows[1].report.conflict


def test_approval_required_then_the_referee_approves(table):
    Tournament.objects.update(approval_required=True)
    tableside.submit(table.code, "ns", table.ns.pin, 500, 400)
    report = tableside.answer(table.code, table.ew.pin, accept=True)
    assert report.status == "confirmed" and not Table.objects.get(pk=table.pk).has_result
    tableside.approve(table.turn.tournament, report.pk, None)
    assert Table.objects.get(pk=table.pk).ns_points == 500
    with pytest.raises(Refused, match="not waiting"):
        tableside.approve(table.turn.tournament, report.pk, None)


def test_codes_stop_working_when_the_turn_is_closed(table):
    for t in Table.objects.all():
        run(
            "score_record",
            table.turn.tournament.slug,
            "--turn",
            "1",
            "--table",
            str(t.number),
            "--ns",
            "0",
            "--ew",
            "0",
        )
    with pytest.raises(Refused, match="already recorded"):
        tableside.submit(table.code, "ns", table.ns.pin, 100, 0)
    run("turn_seat", table.turn.tournament.slug)
    with pytest.raises(Refused, match="closed"):
        tableside.submit(table.code, "ns", table.ns.pin, 100, 0)


def test_art_31_a_turn_closed_for_the_phones_stays_closed(table):
    """A result both lines confirmed, waiting for approval, while the referee typed another one
    from the paper sheet and seated the next turn: the desk's entry overruled it (the referee
    always wins) and approving it now would also be a correction past the deadline of Art. 31,
    so it is refused and nothing changes."""
    Tournament.objects.update(approval_required=True)
    tableside.submit(table.code, "ns", table.ns.pin, 500, 400)
    report = tableside.answer(table.code, table.ew.pin, accept=True)
    slug = table.turn.tournament.slug
    for t in Table.objects.all():
        run("score_record", slug, "--turn", "1", "--table", str(t.number), "--ns", "0", "--ew", "0")
    run("turn_seat", slug)
    with pytest.raises(Refused, match="not waiting for approval"):
        tableside.approve(table.turn.tournament, report.pk, None)
    assert Table.objects.get(pk=table.pk).ns_points == 0
    with pytest.raises(Refused, match="closed"):
        tableside.answer(table.code, table.ew.pin, accept=True)


def test_table_entry_can_be_switched_off(table):
    Tournament.objects.update(table_entry=False)
    with pytest.raises(Refused, match="on paper"):
        tableside.submit(table.code, "ns", table.ns.pin, 100, 0)


def test_the_phone_page_flow(client, table):
    url = reverse("table_entry", args=[table.code])
    page = client.get(url)
    assert page.status_code == 200 and table.ns.player1.name in page.content.decode()
    bad = client.post(url, {"action": "enter", "line": "ns", "pin": "nope", "ns": 1250, "ew": 830})
    assert bad.status_code == 400
    client.post(url, {"action": "enter", "line": "ns", "pin": table.ns.pin, "ns": 1250, "ew": 830})
    same = client.post(url, {"action": "confirm", "pin": table.ns.pin})
    assert same.status_code == 400
    client.post(url, {"action": "confirm", "pin": table.ew.pin})
    assert Table.objects.get(pk=table.pk).ns_points == 1250
    assert client.get(reverse("table_entry", args=["XXXXXXX"])).status_code == 404


def test_referee_board_and_filled_sheet(client, table):
    user = get_user_model().objects.create_user("ref", password="x")
    tournament = table.turn.tournament
    tournament.referees.add(user)
    client.force_login(user)
    tableside.submit(table.code, "ns", table.ns.pin, 1250, 830)
    tableside.answer(table.code, table.ew.pin, accept=True)
    board = client.get(reverse("board", args=[tournament.slug]))
    statuses = {r.table.number: r.status for r in board.context["rows"]}
    assert statuses == {1: "approved", 2: "waiting"}
    pdf = scoresheets_pdf(tournament, table.turn, filled=True)
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    assert f"coppia {table.ns.number}" in text.lower() and str(1250) in text
    empty = PdfReader(io.BytesIO(scoresheets_pdf(tournament, table.turn))).pages[0]
    assert table.code in empty.extract_text()


def test_pins_are_unique_within_a_tournament(tmp_path):
    from tournaments.models import Pair

    slug = make_tournament(tmp_path, pairs=300, turns=1)
    pins = list(Pair.objects.filter(tournament__slug=slug).values_list("pin", flat=True))
    assert len(set(pins)) == len(pins) == 300


def test_a_locked_table_does_not_tell_the_entering_pin_apart(table):
    tableside.submit(table.code, "ns", table.ns.pin, 100, 0)
    for _ in range(5):
        with pytest.raises(Refused, match="Wrong PIN"):
            tableside.answer(table.code, "zzzz", accept=True, address="10.1.1.1")
    with pytest.raises(Refused, match="Too many wrong PINs"):
        tableside.answer(table.code, table.ns.pin, accept=True, address="10.1.1.1")
