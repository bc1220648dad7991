"""Art. 31, the correction deadline: "Consegnato lo score all'arbitro la sola rettifica
possibile è quella relativa all'errore di calcolo se evidenziato prima che l'arbitro abbia
effettuato la classifica del turno e l'accoppiamento per il turno successivo"; afterwards only
the N-S/E-O swap the table acknowledges. The referee may still accept a late correction,
explicitly, and it is flagged everywhere."""

import pytest
from django.urls import reverse

from scoring.models import LogEntry, ResultChange
from tests.helpers import export, make_tournament, play_turn, refused, run, score_record_args
from tests.test_desk import owned, referee, url  # noqa: F401 - referee is a fixture
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def turn_1_played(slug, next_seated=False):
    """Turn 1 of `slug` seated and every table recorded 1250–830; turn 2 seated too when
    `next_seated` (then turn 1's deadline of Art. 31 has passed)."""
    play_turn(slug, points=lambda t: (1250, 830))
    if next_seated:
        run("turn_seat", slug)
    return slug


def record(slug, turn, table, ns, ew, *extra):
    return run(*score_record_args(slug, turn, *extra, table=table, ns=ns, ew=ew))


def record_refused(slug, turn, *extra, match, **line):
    """`score_record` for turn `turn` (`line`: table, ns, ew) is refused with `match`."""
    refused(*score_record_args(slug, turn, *extra, **line), match=match)


def snapshot():
    return (
        list(Table.objects.order_by("pk").values_list("ns_points", "ew_points", "version")),
        ResultChange.objects.count(),
        LogEntry.objects.count(),
    )


def test_art_31_changing_a_result_needs_a_reason(tmp_path):
    slug = turn_1_played(make_tournament(tmp_path, pairs=4, turns=2))
    before = snapshot()
    record_refused(slug, 1, table=1, ns=1255, ew=830, match="give the reason")
    sheet = tmp_path / "fix.csv"
    sheet.write_text("table,ns,ew\n1,1255,830\n2,900,900\n")
    record_refused(slug, 1, "--file", str(sheet), match="give the reason")
    record_refused(slug, 1, "--reason", "   ", table=1, ns=1255, ew=830, match="give the reason")
    assert snapshot() == before
    out = record(slug, 1, 1, 1255, 830, "--reason", "errore di calcolo")
    assert "late" not in out
    change = ResultChange.objects.latest("id")
    assert (change.reason, change.late_correction) == ("errore di calcolo", False)


def test_art_31_after_the_next_seating_only_the_swap_or_an_explicit_late_correction(tmp_path):
    slug = turn_1_played(make_tournament(tmp_path, pairs=6, turns=3), next_seated=True)
    seating_before = export(slug)["turns"][1]
    before = snapshot()
    record_refused(
        slug, 1, "--reason", "calcolo", table=1, ns=1255, ew=830,
        match="deadline of Art. 31 has passed",
    )  # fmt: skip
    sheet = tmp_path / "fix.csv"
    sheet.write_text("1,1255,830\n")
    record_refused(slug, 1, "--file", str(sheet), "--reason", "calcolo", match="late correction")
    record_refused(slug, 1, table=1, ns=830, ew=1250, match="give the reason")  # even the swap
    assert snapshot() == before

    record(slug, 1, 1, 830, 1250, "--reason", "Art. 31: il tavolo riconosce l'inversione")
    assert ResultChange.objects.latest("id").late_correction is False  # the swap is on time

    out = record(slug, 1, 2, 1300, 830, "--reason", "errore di somma", "--late-correction")
    assert "late correction" in out
    change = ResultChange.objects.filter(table__number=2, table__turn__number=1).latest("id")
    assert change.late_correction and change.reason == "errore di somma"
    data = export(slug)
    assert data["turns"][1] == seating_before  # the seating already made stays as it is
    flags = {t["table"]: t["late_correction"] for t in data["turns"][0]["tables"]}
    assert flags == {1: False, 2: True, 3: False}
    log = [e for e in data["log"] if e["ruling"] == "late-correction"]
    assert len(log) == 1 and log[0]["article"] == "Art. 31" and log[0]["table"] == 2
    assert "1250–830 → 1300–830" in log[0]["effect"]


def test_art_31_late_correction_on_the_filled_sheet_and_the_workbook(tmp_path):
    from openpyxl import load_workbook

    slug = turn_1_played(make_tournament(tmp_path, pairs=4, turns=2), next_seated=True)
    record(slug, 1, 1, 1300, 830, "--reason", "errore di somma", "--late-correction")
    book = tmp_path / "r.xlsx"
    run("results_export", slug, "--format", "xlsx", "--output", str(book))
    wb = load_workbook(book)
    rows = list(wb["Incontri"].values)
    flagged = [r for r in rows[1:] if r[0] == 1 and r[2] == 1]
    assert flagged and flagged[0][-1] not in (None, "")
    assert any("Art. 31" in str(c) for r in wb["Registro"].values for c in r)
    from scoring.documents.sheets import sheet_data

    turn = Table.objects.get(turn__number=1, number=1).turn
    sheets = sheet_data(turn.tournament, turn, filled=True)
    assert [c.late_correction for c in sheets[0]["corrections"]] == [True]


def test_art_31_desk_checkbox_with_its_warning(client, referee, tmp_path):  # noqa: F811
    slug = turn_1_played(owned(tmp_path, referee, pairs=6, turns=3), next_seated=True)
    entry = reverse("entry", args=[slug]) + "?turn=1"
    page = client.get(entry).content.decode()
    assert 'name="late_correction"' in page
    data = {"table": 1, "ns": 1300, "ew": 830, "reason": "errore di somma", "turn": 1}
    response = client.post(entry, data)
    assert response.status_code == 400  # refused: the message, nothing changed
    assert "Art. 31" in response.content.decode()
    assert Table.objects.get(turn__number=1, number=1).ns_points == 1250
    response = client.post(entry, {**data, "late_correction": "on"}, follow=True)
    assert Table.objects.get(turn__number=1, number=1).ns_points == 1300
    assert ResultChange.objects.latest("id").late_correction
    history = client.get(url("history", slug, 1, 1)).content.decode()
    assert "Art. 31" in history
    assert (
        'name="late_correction"' not in client.get(reverse("entry", args=[slug])).content.decode()
    )
