"""Issue 24, point 1: no stale paper. A document of a turn built from a seating that was
undone or swapped is replaced: never offered again, its address answers that it was replaced;
a document whose results changed after it was built is marked out of date, rebuilt in a click."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader

from scoring.documents import jobs
from scoring.models import Document
from tests.helpers import make_tournament, play_turn, run, score_record_args
from tests.test_individual import make_individual
from tournaments.kinds.individual.seating import swap_players
from tournaments.models import Line, Tournament
from tournaments.services.seating import swap_pairs, undo_seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="x")
    client.force_login(user)
    return client, user


def ask(client, slug, kind, turn=None) -> Document:
    data = {"kind": kind} | ({"turn": turn} if turn else {})
    response = client.post(reverse("document_request", args=[slug]), data)
    assert response.status_code == 302
    return Document.objects.filter(kind=kind, turn=turn).first()  # the newest


def state(doc: Document) -> str:
    return jobs.states(doc.tournament, [doc])[doc.pk]


def table_one(pdf: bytes) -> str:
    return PdfReader(io.BytesIO(pdf)).pages[0].extract_text()


def test_undoing_a_seating_replaces_its_sheets_lists_and_slips(referee, tmp_path):
    client, user = referee
    slug = make_tournament(tmp_path, pairs=8, turns=2, first_seating="draw", seed=1)
    Tournament.objects.get(slug=slug).referees.add(user)
    run("turn_seat", slug)
    old = {kind: ask(client, slug, kind, 1) for kind in ("sheets", "seating", "slips")}
    old_url = reverse("document_download", args=[slug, old["sheets"].pk])
    assert client.get(old_url).status_code == 200
    undo_seating(Tournament.objects.get(slug=slug))
    for doc in old.values():  # nothing to print for turn 1 until it is seated again
        assert state(doc) == jobs.REPLACED
    t = Tournament.objects.get(slug=slug)
    t.seed = 2  # the draw comes out differently: a new seating of turn 1
    t.save(update_fields=["seed"])
    run("turn_seat", slug)
    new = ask(client, slug, "sheets", 1)
    assert new.pk != old["sheets"].pk and state(new) == jobs.CURRENT
    for doc in old.values():
        assert state(doc) == jobs.REPLACED
    gone = client.get(old_url, HTTP_ACCEPT_LANGUAGE="it")
    assert gone.status_code == 410 and gone["Content-Type"].startswith("text/html")
    page = gone.content.decode()
    assert "sostituito" in page and reverse("documents", args=[slug]) in page
    assert client.get(reverse("document_download", args=[slug, new.pk])).status_code == 200
    listing = client.get(reverse("documents", args=[slug]), HTTP_ACCEPT_LANGUAGE="it")
    html = listing.content.decode()
    assert html.count("sostituito") >= len(old)
    assert old_url not in html  # not offered any more
    assert reverse("document_download", args=[slug, new.pk]) in html
    status = client.get(
        reverse("document_status", args=[slug, old["sheets"].pk]), HTTP_ACCEPT_LANGUAGE="it"
    )
    assert old_url not in status.content.decode()
    assert "Sostituito: la disposizione del turno 1" in status.content.decode()


def test_a_swap_of_pairs_or_of_lines_replaces_the_turns_documents(referee, tmp_path):
    client, user = referee
    slug = make_tournament(tmp_path, pairs=8, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    seating = json.loads(run("turn_seat", slug, "--json"))
    first = seating["tables"][0]
    before = ask(client, slug, "sheets", 1)
    # the two lines of table 1 change places (N-S/E-O)
    swap_pairs(Tournament.objects.get(slug=slug), first["ns"], first["ew"], confirmed=True)
    assert state(before) == jobs.REPLACED
    after_lines = ask(client, slug, "seating", 1)
    other = seating["tables"][1]
    swap_pairs(Tournament.objects.get(slug=slug), first["ew"], other["ns"])  # N-S of two tables
    assert state(after_lines) == jobs.REPLACED
    assert client.get(reverse("document_download", args=[slug, before.pk])).status_code == 410


def test_a_swap_of_players_replaces_the_documents_of_an_individual_turn(referee, tmp_path):
    client, user = referee
    slug = make_individual(tmp_path, players=8, plan="danish:2")
    Tournament.objects.get(slug=slug).referees.add(user)
    run("turn_seat", slug)
    slips = jobs.request_document(Tournament.objects.get(slug=slug), "slips", _turn(slug, 1))
    assert state(slips) == jobs.CURRENT
    line = Line.objects.get(line_turn=1, tournament__slug=slug, player1__number=1)
    other = 3 if line.player2.number == 2 else 2  # a player of another line
    swap_players(Tournament.objects.get(slug=slug), 1, other, confirmed=True)
    assert state(slips) == jobs.REPLACED


def _turn(slug, number):
    return Tournament.objects.get(slug=slug).turn_set.get(number=number)


def test_changed_results_mark_filled_sheets_and_standings_out_of_date(referee, tmp_path):
    client, user = referee
    slug = make_tournament(tmp_path, pairs=8, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    play_turn(slug, points=lambda table: (1250, 830))
    blank = ask(client, slug, "sheets", 1)
    filled = ask(client, slug, "sheets-filled", 1)
    ranking = ask(client, slug, "standings-pdf")
    assert {state(d) for d in (blank, filled, ranking)} == {jobs.CURRENT}
    run(*score_record_args(slug, 1, "--reason", "Errore di somma", table=1, ns=900, ew=100))
    assert state(filled) == state(ranking) == jobs.OUT_OF_DATE
    assert state(blank) == jobs.CURRENT  # a blank sheet shows no result
    html = client.get(reverse("documents", args=[slug]), HTTP_ACCEPT_LANGUAGE="it")
    html = html.content.decode()
    assert html.count("non aggiornato") == 2 and "sostituito" not in html
    assert html.count("Ricrea con i dati di oggi") == 2
    assert "1250" in table_one(bytes(filled.content))  # still the paper it was
    fresh = ask(client, slug, "sheets-filled", 1)  # the rebuild button posts the same
    assert fresh.pk != filled.pk and state(fresh) == jobs.CURRENT
    assert "900" in table_one(bytes(fresh.content))


def test_a_job_of_a_replaced_seating_builds_nothing(tmp_path, settings):
    settings.TASKS_INLINE = settings.DOCUMENTS_SYNC = False
    slug = make_tournament(tmp_path, pairs=8, turns=2)
    run("turn_seat", slug)
    doc = jobs.request_document(Tournament.objects.get(slug=slug), "sheets", _turn(slug, 1))
    assert doc.status == Document.Status.PENDING
    undo_seating(Tournament.objects.get(slug=slug))
    run("turn_seat", slug)
    jobs.build(doc.pk)
    doc.refresh_from_db()
    assert doc.status == Document.Status.FAILED and doc.content is None
    assert "turno 1" in doc.error  # the documents speak Italian by default


def test_a_new_line_up_replaces_the_documents_of_a_team_turn(tmp_path):
    """Art. 32: a substitute between matches changes the players the sheets name."""
    from tests.test_teams import make_team_event

    slug = make_team_event(tmp_path, teams=4)
    run("lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "13+9,10+11")
    run("turn_seat", slug)
    t = Tournament.objects.get(slug=slug)
    sheets = jobs.request_document(t, "sheets", _turn(slug, 1))
    standings = jobs.request_document(t, "standings-pdf")
    assert state(sheets) == jobs.CURRENT
    run("lineup_set", slug, "--turn", "1", "--team", "3", "--lines", "12+9,10+11")
    assert state(sheets) == jobs.REPLACED
    assert state(standings) == jobs.OUT_OF_DATE  # the names of the lines changed


def test_a_failed_build_says_a_plain_sentence_never_the_exception(tmp_path, settings, monkeypatch):
    """The exception goes to the server's log; the referee reads what to do, in Italian."""
    settings.TASKS_INLINE = settings.DOCUMENTS_SYNC = False
    slug = make_tournament(tmp_path, pairs=8, turns=2)
    run("turn_seat", slug)
    doc = jobs.request_document(Tournament.objects.get(slug=slug), "sheets", _turn(slug, 1))

    def broken(*args):
        raise KeyError("ns_points None")

    monkeypatch.setattr(jobs, "content_of", broken)
    jobs.build(doc.pk)
    doc.refresh_from_db()
    assert doc.status == Document.Status.FAILED
    assert "None" not in doc.error and "ns_points" not in doc.error
    assert "tecnico" in doc.error
