"""Issue 24, point 1, in the browser: after undoing a seating, *Stampa → Documenti recenti*
marks the old score sheets "sostituito" and no longer offers them, their address answers that
they were replaced; after a correction the filled sheets and the standings say "non aggiornato"
and are rebuilt in one click."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.documents import jobs
from scoring.models import Document
from tests.browser.test_referee_flow import login_with_cookie
from tests.helpers import make_tournament, run, score_record_args
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seat_next(page, base: str, slug: str) -> None:
    page.goto(f"{base}/desk/{slug}/")
    with page.expect_navigation():
        page.click(f"form[action='/desk/{slug}/seating/next/'] button")


def recent(page, state: str):
    return page.locator(f"#recent-documents li.document-{state}")


def test_old_sheets_are_replaced_and_out_of_date_ones_rebuilt(live_server, browser, tmp_path, shot):
    user = get_user_model().objects.create_user("arbitro", password="x")
    slug = make_tournament(tmp_path, slug="esame", pairs=8, turns=2, first_seating="draw", seed=1)
    Tournament.objects.get(slug=slug).referees.add(user)
    base = live_server.url
    context = browser.new_context(locale="it-IT")
    context.set_default_timeout(30_000)  # the desk builds sheets inline here
    login_with_cookie(context, base, user)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())  # "Remove the whole seating…?"

    seat_next(page, base, slug)  # the desk starts the score sheets of turn 1
    old = Document.objects.get(kind="sheets", turn=1)
    old_url = f"/desk/{slug}/documents/{old.pk}/download/"
    page.goto(f"{base}/desk/{slug}/seating/")
    with page.expect_navigation():
        page.click(f"form[action='/desk/{slug}/seating/undo/'] button")
    Tournament.objects.filter(slug=slug).update(seed=2)  # the new draw differs
    seat_next(page, base, slug)
    new = Document.objects.filter(kind="sheets", turn=1).exclude(pk=old.pk).get()

    page.goto(f"{base}/desk/{slug}/documents/")
    expect(recent(page, "replaced")).to_have_count(1)
    expect(recent(page, "replaced")).to_contain_text("sostituito")
    expect(page.locator(f"a[href='{old_url}']")).to_have_count(0)  # not offered any more
    expect(
        recent(page, "current").locator(f"a[href$='/documents/{new.pk}/download/']")
    ).to_be_visible()
    shot(page, "replaced")

    response = page.goto(base + old_url)
    assert response.status == 410
    expect(page.locator("main [role=alert]")).to_contain_text("sostituito")
    with page.expect_navigation():
        page.click("#back")
    assert page.url == f"{base}/desk/{slug}/documents/"

    for table in Tournament.objects.get(slug=slug).turn_set.get().tables.all():
        run(*score_record_args(slug, 1, table=table.number, ns=1250, ew=830))
    t = Tournament.objects.get(slug=slug)
    filled = jobs.request_document(t, "sheets-filled", t.turn_set.get(), language="it")
    ranking = jobs.request_document(t, "standings-pdf", language="it")
    run(*score_record_args(slug, 1, "--reason", "Errore di somma", table=1, ns=900, ew=100))

    page.reload()
    out_of_date = recent(page, "out-of-date")
    expect(out_of_date).to_have_count(2)
    expect(out_of_date.first).to_contain_text("non aggiornato")
    expect(recent(page, "current")).to_have_count(1)  # the blank sheets show no result
    shot(page, "out-of-date")
    rebuild = out_of_date.filter(has=page.locator("input[name=kind][value=standings-pdf]"))
    with page.expect_response(lambda r: r.url.endswith("/download/")) as answer:
        rebuild.locator("button").click()  # one click: built, then offered
    assert answer.value.status == 200
    assert answer.value.headers["content-type"] == "application/pdf"
    fresh = Document.objects.filter(kind="standings-pdf").exclude(pk=ranking.pk).get()
    assert jobs.states(t, [fresh, filled])[fresh.pk] == jobs.CURRENT
    page.goto(f"{base}/desk/{slug}/documents/")
    expect(recent(page, "out-of-date")).to_have_count(2)  # the old standings stay marked
    expect(recent(page, "current")).to_have_count(2)
    context.close()
