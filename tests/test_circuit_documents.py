"""A circuit's PDF and workbook go through the documents' background queue (scoring.documents.
jobs): built once, reused while the circuit's standings' inputs are unchanged, built again
after a merge, a stage or a result changed; the request never lays a page out itself."""

from io import BytesIO

import pytest
from django.contrib.auth import get_user_model

from scoring.documents import jobs
from scoring.models import Circuit, Document
from tests.helpers import make_tournament, play_turn, run, shown
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

IT = {"HTTP_ACCEPT_LANGUAGE": "it"}


def two_spellings(tmp_path, client) -> Circuit:
    """Two stages where one player without a card is spelled two ways; the circuit `m`,
    its owner logged in."""
    referee = get_user_model().objects.create_user("arbitro", password="x")
    for slug, name, date in (
        ("m1", "BALISTIERI GIUSEPPE", "2026-06-01"),
        ("m2", "BALISTRIERI GIUSEPPE", "2026-07-01"),
    ):
        make_tournament(tmp_path, slug, pairs=0, turns=1)
        Tournament.objects.filter(slug=slug).update(date=date)
        Tournament.objects.get(slug=slug).referees.add(referee)
        (tmp_path / f"{slug}.csv").write_text(
            "player1,player2,membership1,membership2,club\n"
            f"{name},Rossi Anna,,T1,Circolo\nVerdi Luca,Neri Sara,T2,T3,Circolo\n"
            "Blu Eva,Rosa Pia,T4,T5,Circolo\nGialli Ugo,Viola Ada,T6,T7,Circolo\n"
        )
        run("pairs_import", slug, str(tmp_path / f"{slug}.csv"))
        play_turn(slug)
    client.force_login(referee)
    made = client.post("/circuits/", {"name": "Estate", "slug": "m", "points": "vp"})
    assert made.status_code == 302
    assert client.post("/circuits/m/stages/add/", {"stage": "m1"}).status_code == 302
    return Circuit.objects.get(slug="m")


def pdf(client) -> Document:
    """Prepare the PDF (built inline in tests) and download it by its address."""
    assert client.post("/circuits/m/documents/", {"kind": "pdf"}).status_code == 302
    response = client.get("/circuits/m/standings.pdf")
    assert response.status_code == 200 and bytes(response.content).startswith(b"%PDF")
    assert response["Content-Disposition"] == 'attachment; filename="m.pdf"'
    return Document.objects.filter(circuit__slug="m", kind="circuit-pdf").first()


def test_the_circuit_pdf_is_reused_while_nothing_changed_and_rebuilt_after_each_change(
    tmp_path, client
):
    circuit = two_spellings(tmp_path, client)
    first = pdf(client)
    assert first.status == Document.Status.READY and first.tournament is None
    assert pdf(client).pk == first.pk  # nothing changed: the same file, not built again
    assert Document.objects.filter(circuit=circuit).count() == 1
    assert jobs.state(first) == jobs.CURRENT
    # a stage added: out of date, built again on request
    assert client.post("/circuits/m/stages/add/", {"stage": "m2"}).status_code == 302
    assert jobs.state(first) == jobs.OUT_OF_DATE
    second = pdf(client)
    assert second.pk != first.pk and pdf(client).pk == second.pk
    # a merge of two spellings, then its undoing: each a new file
    merged = client.post(
        "/circuits/m/merge/",
        {"keep": "Balistrieri Giuseppe", "merge": "balistieri giuseppe", "reason": "refuso"},
    )
    assert merged.status_code == 302 and jobs.state(second) == jobs.OUT_OF_DATE
    third = pdf(client)
    assert third.pk not in (first.pk, second.pk)
    merge = circuit.merges.get()
    client.post("/circuits/m/merge/undo/", {"merge": str(merge.pk)})
    assert jobs.state(third) == jobs.OUT_OF_DATE
    fourth = pdf(client)
    # a result of a stage corrected (a penalty): the stage's results changed
    run("penalty_add", "m1", "--pair", "1", "--turn", "1", "--vp", "3", "--reason", "ritardo")
    assert jobs.state(fourth) == jobs.OUT_OF_DATE
    assert pdf(client).pk != fourth.pk
    # a stage removed
    current = pdf(client)
    client.post("/circuits/m/stages/remove/", {"stage": "m2"})
    assert jobs.state(current) == jobs.OUT_OF_DATE


def test_the_workbook_goes_the_same_way(tmp_path, client):
    from openpyxl import load_workbook

    two_spellings(tmp_path, client)
    not_yet = client.get("/circuits/m/standings.xlsx")  # a GET asks for nothing
    assert not_yet.status_code == 302 and not_yet["Location"] == "/circuits/m/documents/"
    assert not Document.objects.exists()
    client.post("/circuits/m/documents/", {"kind": "xlsx"})
    response = client.get("/circuits/m/standings.xlsx")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="m.xlsx"'
    book = load_workbook(BytesIO(response.content))
    assert book.sheetnames == ["Circuito", "Classifica", "Tappe"]
    doc = Document.objects.get(kind="circuit-xlsx")
    client.post("/circuits/m/documents/", {"kind": "xlsx"})  # asked again: the same file
    assert client.get("/circuits/m/standings.xlsx").status_code == 200
    assert Document.objects.filter(kind="circuit-xlsx").count() == 1 and doc.done == doc.total
    json_file = client.get("/circuits/m/standings.json")  # the JSON stays immediate
    assert json_file.status_code == 200 and json_file.json()["circuit"]["slug"] == "m"
    assert Document.objects.count() == 1


def test_the_request_returns_at_once_while_the_job_is_pending(
    tmp_path, client, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """As deployed (no inline tasks): asking for the PDF records it and enqueues its job when
    the transaction commits; the circuit's page says it is being prepared, polls, then offers
    the download; asked again meanwhile, the same job."""
    from django_tasks_db.models import DBTaskResult

    two_spellings(tmp_path, client)
    settings.TASKS_INLINE = settings.DOCUMENTS_SYNC = False
    build = jobs.build

    def no_build_here(*args, **kwargs):
        raise AssertionError("the request built the circuit's PDF itself")

    monkeypatch.setattr(jobs, "build", no_build_here)
    with django_capture_on_commit_callbacks(execute=True):
        asked = client.post("/circuits/m/documents/", {"kind": "pdf"}, **IT)
    assert asked.status_code == 302 and asked["Location"] == "/circuits/m/#documents"
    doc = Document.objects.get()
    assert doc.status == Document.Status.PENDING and doc.kind == "circuit-pdf"
    job = DBTaskResult.objects.get()
    assert job.task_path == "scoring.documents.jobs.build_document"
    assert job.args_kwargs["args"] == [doc.pk]
    page = shown(client.get("/circuits/m/", **IT).content)
    assert "in preparazione…" in page and 'hx-get="/circuits/m/documents/"' in page
    assert "None" not in page
    # asked again meanwhile: the same pending document; its address leads to its progress
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/circuits/m/documents/", {"kind": "pdf"}, **IT)
        again = client.get("/circuits/m/standings.pdf", **IT)
    assert again.status_code == 302 and again["Location"] == "/circuits/m/documents/"
    assert Document.objects.count() == 1 and DBTaskResult.objects.count() == 1
    status = shown(client.get("/circuits/m/documents/", **IT).content)
    assert "in preparazione…" in status and "None" not in status
    # the worker builds it: the polled fragment now offers the download, and stops polling
    monkeypatch.setattr(jobs, "build", build)
    jobs.build(doc.pk)
    fragment = shown(client.get("/circuits/m/documents/", HTTP_HX_REQUEST="true", **IT).content)
    assert f'href="/circuits/m/documents/{doc.pk}/"' in fragment and "hx-get" not in fragment
    assert "Scarica" in fragment and "<html" not in fragment and "None" not in fragment
    file = client.get(f"/circuits/m/documents/{doc.pk}/")
    assert file.status_code == 200 and bytes(file.content).startswith(b"%PDF")
    assert client.get("/circuits/m/standings.pdf").status_code == 200  # now the file itself
    doc.refresh_from_db()
    assert doc.total >= 1 and doc.done == doc.total  # progress counted in pages


def test_a_wrong_document_is_refused_in_italian_and_others_circuits_are_not_found(tmp_path, client):
    two_spellings(tmp_path, client)
    bad = client.post("/circuits/m/documents/", {"kind": "None"}, **IT)
    assert bad.status_code == 400 and "Documento inesistente." in bad.content.decode()
    assert not Document.objects.exists()
    doc = pdf(client)
    other = get_user_model().objects.create_user("altro", password="x")
    client.force_login(other)
    assert client.get(f"/circuits/m/documents/{doc.pk}/").status_code == 404
    assert client.get("/circuits/m/documents/").status_code == 404
    assert client.post("/circuits/m/documents/", {"kind": "pdf"}).status_code == 404
    assert Document.objects.count() == 1


def test_an_out_of_date_file_is_offered_with_its_rebuild(tmp_path, client):
    two_spellings(tmp_path, client)
    doc = pdf(client)
    page = shown(client.get("/circuits/m/", **IT).content)
    assert f"/circuits/m/documents/{doc.pk}/" in page and "non aggiornato" not in page
    client.post("/circuits/m/stages/add/", {"stage": "m2"})
    page = shown(client.get("/circuits/m/", **IT).content)
    assert "non aggiornato" in page and "Ricrea con i dati di oggi" in page
    assert "Prepara" in page  # the workbook, never asked for
    assert "None" not in page
    client.post("/circuits/m/documents/", {"kind": "pdf"})
    assert Document.objects.filter(kind="circuit-pdf").count() == 2
