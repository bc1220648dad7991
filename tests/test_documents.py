"""Paper and files read back: score sheets, seating, slips, standings PDF, workbook, exports."""

import io
import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.documents import jobs
from scoring.documents.reports import build
from scoring.documents.sheets import scoresheets_pdf, seating_pdf, slips_pdf
from scoring.models import Document
from scoring.rules import display
from scoring.services.standings import standings
from tests.helpers import make_tournament, play_turn, run
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db


def text_of(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.fixture
def played(tmp_path):
    slug = make_tournament(
        tmp_path,
        pairs=9,
        plan="mitchell:2,danish:1",
        referee="Maria Bellini",
        referee_code="ARB-1",
        venue="Circolo",
    )
    play_turn(slug, points=lambda t: (1250, 830))
    run(
        "score_record",
        slug,
        "--turn",
        "1",
        "--table",
        "2",
        "--ns",
        "900",
        "--ew",
        "100",
        "--reason",
        "Errore di somma",
    )
    run("penalty_add", slug, "--pair", "3", "--vp", "1", "--reason", "Art. 23 recidiva")
    run("turn_seat", slug)
    return Tournament.objects.get(slug=slug)


def test_empty_score_sheets_one_per_table_with_names_and_scale(played):
    turn = played.turn_set.get(number=2)
    pages = text_of(scoresheets_pdf(played, turn))
    tables = list(turn.tables.select_related("ns__player1", "ew__player2"))
    assert len(pages) == len(tables) == 4
    for page, table in zip(pages, tables):
        assert f"Tavolo {table.number}" in page.replace("\n", " ") or f"Tavolo\n{table.number}"
        assert table.ns.player1.name in page and table.ew.player2.name in page
        assert table.ns.player1.membership_number in page
        assert "Firma N-S" in page and "Arbitro" in page
        assert "1255–1500" in "".join(page.split()) and "19–1" in page  # the VP scale
        assert "Maria Bellini" in page


def test_two_a5_sheets_per_a4_page(played):
    turn = played.turn_set.get(number=2)
    reader = PdfReader(io.BytesIO(scoresheets_pdf(played, turn, two_up=True)))
    assert len(reader.pages) == 2
    width, height = (float(x) for x in reader.pages[0].mediabox[2:])
    assert round(width / 72 * 25.4) == 210 and round(height / 72 * 25.4) == 297


def test_filled_sheets_show_points_vp_and_corrections(played):
    turn = played.turn_set.get(number=1)
    pages = text_of(scoresheets_pdf(played, turn, filled=True))
    table2 = Table.objects.get(turn=turn, number=2)
    page = pages[1]
    assert "900" in page and "100" in page and "800" in page  # points and difference
    assert str(table2.ns_vp) in page and str(table2.ew_vp) in page
    assert "Errore di somma" in page and "1250 – 830 → 900 – 100" in page


def test_seating_list_and_slips(played):
    turn = played.turn_set.get(number=2)
    text = " ".join(text_of(seating_pdf(played, turn)))
    for table in turn.tables.select_related("ns__player1"):
        assert table.ns.player1.name in text
    bye = turn.byes.select_related("pair").get()
    assert "riposa" in text
    slips = " ".join(text_of(slips_pdf(played, turn)))
    assert slips.count("Coppia") == 9  # one slip per pair, the resting one included
    assert f"Coppia {bye.pair.number}" in slips and "Riposo" in slips


def test_standings_pdf_matches_the_database(played):
    text = " ".join(text_of(build(played, "pdf")))
    assert "Classifica provvisoria dopo il turno 1" in text
    assert "Maria Bellini" in text and "pagina 1" in text
    for row in standings(played, after_turn=1)[:3]:
        assert f"{row.vp} {display.signed(row.mp)}" in text.replace("\n", " ")
    assert "Art. 23 recidiva" in text


def test_workbook_sheets_and_values(played):
    book = load_workbook(io.BytesIO(build(played, "xlsx")))
    assert book.sheetnames[:6] == [
        "Torneo",
        "Classifica",
        "Incontri",
        "Penalità",
        "Registro",
        "Coppie",
    ]
    assert book.sheetnames[6:] == ["Tesseramento"]  # the players admitted by the referee
    ranking = book["Classifica"]
    assert ranking.freeze_panes == "A2" and ranking.auto_filter.ref
    rows = list(ranking.iter_rows(min_row=2, values_only=True))
    after1 = {r.pair: r for r in standings(played, after_turn=1)}
    assert len(rows) == 9
    for row in rows:
        assert isinstance(row[0], int) and isinstance(row[8], int)  # numbers as numbers
        assert (row[8], row[9]) == (after1[row[1]].vp, after1[row[1]].mp)
    matches = list(book["Incontri"].iter_rows(min_row=2, values_only=True))
    played_tables = Table.objects.filter(turn__tournament=played).count()
    assert len([m for m in matches if m[2] is not None]) == played_tables
    assert list(book["Penalità"].iter_rows(min_row=2, values_only=True))[0][6] == "Art. 23 recidiva"
    info = dict(book["Torneo"].iter_rows(values_only=True))
    assert info["Arbitro"] == "Maria Bellini"


def test_results_export_command_writes_xlsx_and_pdf(played, tmp_path):
    run("results_export", played.slug, "--format", "xlsx", "--output", str(tmp_path / "r.xlsx"))
    assert load_workbook(tmp_path / "r.xlsx")["Coppie"].max_row == 10
    run("results_export", played.slug, "--format", "pdf", "--output", str(tmp_path / "r.pdf"))
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF")
    run(
        "scoresheets_export",
        played.slug,
        "--turn",
        "1",
        "--filled",
        "--output",
        str(tmp_path / "s.pdf"),
    )
    assert len(PdfReader(tmp_path / "s.pdf").pages) == 4


def test_pdfs_render_as_pictures(played, tmp_path):
    """What a person would look at: every document turns into PNG pages."""
    turn = played.turn_set.get(number=2)
    for name, pdf in [
        ("sheet", scoresheets_pdf(played, turn)),
        ("seating", seating_pdf(played, turn)),
        ("standings", build(played, "pdf")),
    ]:
        path = tmp_path / f"{name}.pdf"
        path.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "1", str(path), str(tmp_path / name)],
            check=True,
            timeout=60,
        )
        assert any(p.name.startswith(name) and p.suffix == ".png" for p in tmp_path.iterdir())


def test_documents_are_reused_until_the_data_changes(played):
    turn = played.turn_set.get(number=1)
    first = jobs.request_document(played, "sheets-filled", turn)
    assert first.status == Document.Status.READY
    assert jobs.request_document(played, "sheets-filled", turn).pk == first.pk
    run(
        "score_record",
        played.slug,
        "--turn",
        "1",
        "--table",
        "1",
        "--ns",
        "0",
        "--ew",
        "0",
        "--reason",
        "errore di calcolo",
        "--late-correction",  # turn 2 is seated: past the Art. 31 deadline
    )
    assert jobs.request_document(played, "sheets-filled", turn).pk != first.pk


def test_document_pages_of_the_desk(client, played):
    user = get_user_model().objects.create_user("ref", password="x")
    played.referees.add(user)
    client.force_login(user)
    response = client.post(
        reverse("document_request", args=[played.slug]), {"kind": "sheets", "turn": 2}
    )
    assert response.status_code == 302 and "/download/" in response["Location"]
    pdf = client.get(response["Location"])
    assert (
        pdf["Content-Type"] == "application/pdf"
        and len(PdfReader(io.BytesIO(pdf.content)).pages) == 4
    )
    response = client.post(reverse("document_request", args=[played.slug]), {"kind": "workbook"})
    book = client.get(response["Location"])
    assert "attachment" in book["Content-Disposition"]
    assert (
        client.post(
            reverse("document_request", args=[played.slug]), {"kind": "sheets", "turn": 9}
        ).status_code
        == 400  # an unknown turn: its reason, as for every POST naming a turn
    )
    assert client.get(reverse("documents", args=[played.slug])).status_code == 200
    csv = client.get(reverse("standings", args=[played.slug]) + "?_export=csv")
    assert csv.status_code == 200 and b"Maria" not in csv.content[:0]
    assert len(csv.content.decode().strip().splitlines()) == 10
    pairs = client.get(reverse("pairs", args=[played.slug]) + "?_export=xlsx")
    assert load_workbook(io.BytesIO(pairs.content)).active.max_row == 10


def test_seating_starts_the_score_sheets(client, tmp_path):
    user = get_user_model().objects.create_user("ref", password="x")
    slug = make_tournament(tmp_path, pairs=6, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    client.post(reverse("seat_next", args=[slug]))
    doc = Document.objects.get(kind="sheets", turn=1)
    assert doc.status == Document.Status.READY and doc.done == doc.total == 3


def test_the_seating_request_leaves_the_score_sheets_to_the_task_queue(
    client, tmp_path, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """As deployed (no inline tasks): seating a turn records the sheets to build and enqueues
    their job when the transaction commits; the request itself lays out no page, so it stays
    fast however big the turn and however busy the machine (`manage.py db_worker` builds)."""
    from django_tasks_db.models import DBTaskResult

    settings.TASKS_INLINE = settings.DOCUMENTS_SYNC = False

    def no_build_here(*args, **kwargs):
        raise AssertionError("the seating request built the score sheets itself")

    monkeypatch.setattr(jobs, "build", no_build_here)
    user = get_user_model().objects.create_user("ref", password="x")
    slug = make_tournament(tmp_path, pairs=6, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("seat_next", args=[slug]))
    assert response.status_code == 302 and response["Location"].endswith("/seating/")
    doc = Document.objects.get(kind="sheets", turn=1)
    assert doc.status == Document.Status.PENDING and (doc.done, doc.total) == (0, 3)
    job = DBTaskResult.objects.get()
    assert job.task_path == "scoring.documents.jobs.build_document"
    assert job.args_kwargs["args"] == [doc.pk]


def test_a_long_standings_pdf_is_numbered_across_its_parallel_chunks(tmp_path):
    """120 pairs: several pages rendered in separate chunks, numbered 1..N in order."""
    slug = make_tournament(tmp_path, slug="big", pairs=120, turns=1)
    play_turn(slug)
    run("penalty_add", slug, "--pair", "7", "--vp", "1", "--reason", "Fine del documento")
    pages = text_of(build(Tournament.objects.get(slug=slug), "pdf"))
    assert len(pages) >= 3
    for number, page in enumerate(pages, start=1):
        assert f"pagina {number}" in page
    assert "Fine del documento" in pages[-1] and "Data e firma" in pages[-1]
    ranks = [
        int(line.split()[0])
        for page in pages
        for line in page.splitlines()
        if "–" in line and line.split()[0].isdigit()
    ]
    assert ranks[:120] == list(range(1, 121))


def test_standings_pdf_wraps_long_names_and_shows_the_club(tmp_path):
    from scoring.documents.reports import plan_pages, row_lines
    from tournaments.models import Player

    slug = make_tournament(tmp_path, pairs=6, plan="mitchell:1")
    long_name = "Giovanni Battista Montefeltro della Rovere Sforza Visconti"
    Player.objects.filter(name="Rossi Mario 2").update(
        name=long_name, club="Circolo Bridge e Burraco"
    )
    play_turn(slug)
    text = " ".join(" ".join(text_of(build(Tournament.objects.get(slug=slug), "pdf"))).split())
    assert long_name in text and "Circolo Bridge e Burraco" in text  # wrapped, not cut
    assert row_lines(long_name + " – Bianchi Anna 2", "Circolo") == 4
    rows = [{"players": long_name, "club": "x"}] * 40 + [{"players": "a", "club": "b"}] * 60
    pages = plan_pages(rows)
    assert sum(map(len, pages)) == 100 and len(pages[0]) < 36  # taller rows, fewer per page
