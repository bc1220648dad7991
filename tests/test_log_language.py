"""The referee's log keeps what happened as data and says it in the reader's language, whoever
recorded it (issue 24, point 6): a penalty recorded by a command (English, scripts read it)
reads in Italian on the Italian *Registro arbitrale* page and in the workbook's *Registro*
sheet, for pairs, individual and team events; the JSON `log` keeps its keys, says `decision`
and `effect` in the tournament's language (Italian) and gives `code` and `params`.
Admissions of the membership check are log entries everywhere the log is shown (point 5).
Every time shown or printed is in the installation's time zone (point 6), around the end of
daylight-saving time in Rome (2026-10-25, 03:00 CEST -> 02:00 CET)."""

import datetime
import io
import json
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.documents.reports import build
from scoring.models import LogEntry
from scoring.rules import homologation
from tests.helpers import export, make_tournament, play_turn, run
from tests.test_individual import make_individual
from tests.test_individual import play as play_individual
from tests.test_teams import make_team_event
from tests.test_teams import play as play_teams
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db
UTC = datetime.UTC


def registro(client, slug: str, language: str = "it") -> str:
    user, _new = get_user_model().objects.get_or_create(username="ref")
    client.force_login(user)
    Tournament.objects.get(slug=slug).referees.add(user)
    client.cookies["django_language"] = language
    page = client.get(reverse("rulings", args=[slug]))
    assert page.status_code == 200
    return page.content.decode()


def registro_sheet(slug: str, tmp_path) -> list[tuple]:
    path = tmp_path / f"{slug}.xlsx"
    run("results_export", slug, "--format", "xlsx", "--output", str(path))
    return list(load_workbook(path)["Registro"].iter_rows(values_only=True))


def test_a_penalty_recorded_by_command_reads_in_the_readers_language(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, plan="mitchell:2,danish:1")
    play_turn(slug)
    run("penalty_add", slug, "--pair", "3", "--vp", "1", "--reason", "Pozzetto guardato")
    italian = registro(client, slug)
    assert "−1 P.V. in classifica generale" in italian
    assert "in the general ranking" not in italian
    assert "−1 VP in the general ranking" in registro(client, slug, "en")
    rows = registro_sheet(slug, tmp_path)
    assert rows[1][6:8] == ("Pozzetto guardato", "−1 P.V. in classifica generale")
    entry = export(slug)["log"][0]
    assert entry["ruling"] == "penalty" and entry["pairs"] == [3]
    assert entry["effect"] == "−1 P.V. in classifica generale"  # the tournament's language
    assert entry["code"] == "penalty"
    assert entry["params"] == {"reason": "Pozzetto guardato", "vp": 1, "mp": 0, "warning": False}
    assert set(entry) >= {"at", "turn", "table", "article", "decision", "by"}


def test_a_table_ruling_by_command_reads_in_italian(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, plan="mitchell:2,danish:1")
    play_turn(slug)
    vp = ["--ns-vp", "14", "--ew-vp", "6"]
    run("score_adjust", slug, "--turn", "1", "--table", "1", *vp, "--reason", "Tavolo rumoroso")
    page = registro(client, slug)
    assert "N-S 14 P.V." in page and "E-O 6 P.V." in page
    entry = export(slug)["log"][0]
    assert entry["code"] == "adjusted" and entry["params"]["ns_vp"] == 14
    assert entry["effect"].startswith("N-S 14 P.V.")


def test_a_team_penalty_by_command_reads_in_italian(client, tmp_path):
    slug = make_team_event(tmp_path, teams=4)
    play_teams(slug)
    run("penalty_add", slug, "--team", "2", "--vp", "3", "--reason", "Ritardo")
    page = registro(client, slug)
    assert "Squadra 2" in page and "−3 P.V. in classifica generale" in page
    assert "Team 2" not in page and "in the general ranking" not in page
    sheet = registro_sheet(slug, tmp_path)
    assert sheet[1][6].startswith("Squadra 2 ") and sheet[1][7] == "−3 P.V. in classifica generale"
    entry = export(slug)["log"][0]
    assert entry["decision"].startswith("Squadra 2 ")
    assert entry["code"] == "penalty" and entry["params"]["team"] == 2


def test_an_individual_penalty_by_command_reads_in_italian(client, tmp_path):
    slug = make_individual(tmp_path, players=8, plan="danish:3")
    play_individual(slug)
    run("penalty_add", slug, "--player", "3", "--vp", "2", "--reason", "Ritardo")
    assert "−2 P.V. in classifica generale" in registro(client, slug)
    assert registro_sheet(slug, tmp_path)[1][7] == "−2 P.V. in classifica generale"
    entry = export(slug)["log"][0]
    assert entry["code"] == "penalty" and entry["params"]["vp"] == 2


def test_an_entry_written_before_the_log_kept_data_shows_its_text(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, plan="mitchell:2,danish:1")
    tournament = Tournament.objects.get(slug=slug)
    old = {"pairs": [1], "code": "penalty", "decision": "Vecchia", "effect": "testo di allora"}
    LogEntry.objects.create(tournament=tournament, **old)
    assert "testo di allora" in registro(client, slug, "en")
    entry = export(slug)["log"][0]
    assert entry["effect"] == "testo di allora" and entry["code"] is None and entry["params"] == {}


def test_an_admission_is_an_entry_of_the_log_everywhere(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, plan="mitchell:2,danish:1")
    reason = "Tessera rinnovata oggi"
    out = run("membership_admit", slug, "--pair", "2", "--player", "1", "--reason", reason)
    assert out.startswith("Admitted player 1 of pair 2")
    entry = export(slug)["log"][0]
    assert entry["ruling"] == "admission" and entry["pairs"] == [2]
    assert entry["code"] == "admission" and entry["params"]["player"] == 1
    assert "Rossi Mario 1" in entry["decision"] and "Tessera rinnovata oggi" in entry["decision"]
    assert set(entry) >= {"at", "turn", "table", "article", "effect", "by"}
    page = registro(client, slug)
    assert "Ancora nessuna decisione" not in page
    assert "Ammesso: Rossi Mario 1 (giocatore 1 della coppia 2)" in page
    assert "Ammissione (controllo tessere)" in page
    rows = registro_sheet(slug, tmp_path)
    assert rows[1][3] == "2" and "Tessera rinnovata oggi" in rows[1][6]


def test_an_admission_at_the_desk_is_in_the_log(client, tmp_path):
    slug = make_tournament(tmp_path, pairs=4, plan="mitchell:2,danish:1")
    registro(client, slug)  # logs the referee in
    page = client.post(
        reverse("membership_admit", args=[slug]),
        {"pair": 1, "player": 2, "reason": "Socio garante presente"},
        follow=True,
    )
    assert page.status_code == 200
    entry = LogEntry.objects.get(tournament__slug=slug)
    assert entry.event == "admission" and entry.by.username == "ref"
    assert "Socio garante presente" in registro(client, slug)


# --- Times in the installation's time zone, around the end of daylight-saving time ----------

# 24 October 2026 12:52 UTC is 14:52 in Rome (CEST, +02:00); 25 October 13:52 UTC is again
# 14:52 in Rome (CET, +01:00): shown in UTC they would read 12:52 and 13:52.
BEFORE = datetime.datetime(2026, 10, 24, 12, 52, tzinfo=UTC)
AFTER = datetime.datetime(2026, 10, 25, 13, 52, tzinfo=UTC)


@pytest.fixture
def around_dst(tmp_path):
    slug = make_tournament(tmp_path, pairs=4, plan="mitchell:2,danish:1")
    play_turn(slug)
    run("penalty_add", slug, "--pair", "3", "--vp", "1", "--reason", "Prima del cambio d'ora")
    run("membership_admit", slug, "--pair", "2", "--reason", "Dopo il cambio d'ora")
    first, second = LogEntry.objects.filter(tournament__slug=slug).order_by("pk")
    LogEntry.objects.filter(pk=first.pk).update(at=BEFORE)
    LogEntry.objects.filter(pk=second.pk).update(at=AFTER)
    AuditEntry.objects.filter(tournament__slug=slug, action="member-admit").update(at=AFTER)
    return slug


def test_the_log_page_shows_rome_time_on_both_sides_of_the_change(client, around_dst):
    page = registro(client, around_dst)
    assert "24/10/2026 14:52" in page and "25/10/2026 14:52" in page
    assert "12:52" not in page and "13:52" not in page


def test_the_workbook_shows_rome_time_on_both_sides_of_the_change(around_dst, tmp_path):
    path = tmp_path / "w.xlsx"
    run("results_export", around_dst, "--format", "xlsx", "--output", str(path))
    book = load_workbook(path)
    when = [row[0] for row in book["Registro"].iter_rows(min_row=2, values_only=True)]
    assert when == ["24/10/2026 14:52", "25/10/2026 14:52"]
    admitted = list(book["Tesseramento"].iter_rows(min_row=2, values_only=True))
    assert admitted[0][-1] == "25/10/2026 14:52"  # was 13:52 (UTC)


def test_the_pdf_shows_rome_time_on_both_sides_of_the_change(around_dst):
    pdf = build(Tournament.objects.get(slug=around_dst), "pdf")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert text.count("14:52") == 2
    assert "12:52" not in text and "13:52" not in text


def test_the_json_keeps_utc_with_its_offset(around_dst):
    at = [e["at"] for e in export(around_dst)["log"]]
    assert at == ["2026-10-24T12:52:00+00:00", "2026-10-25T13:52:00+00:00"]
    assert [datetime.datetime.fromisoformat(a) for a in at] == [BEFORE, AFTER]


def test_the_sealed_package_log_has_the_admission(around_dst, tmp_path):
    slug = around_dst
    for _turn in range(2):
        play_turn(slug)
    path = tmp_path / "p.zip"
    run("homologation_package", slug, "--output", str(path))
    with zipfile.ZipFile(path) as package:
        log = json.loads(package.read(homologation.LOG))
        book = load_workbook(io.BytesIO(package.read(homologation.WORKBOOK)))
    assert [e["code"] for e in log] == ["penalty", "admission"]
    assert log[1]["ruling"] == "admission" and log[1]["pairs"] == [2]
    assert log[1]["decision"].startswith("Ammesso: ")
    when = [row[0] for row in book["Registro"].iter_rows(min_row=2, values_only=True)]
    assert when == ["24/10/2026 14:52", "25/10/2026 14:52"]
