"""Issue 24 point 2 at the referee's desk, in Italian: 16600 for 3 deals (at most 12240, Art.
29) is stopped; Enter again does not save it; the referee ticks "Il punteggio è giusto",
gives the reason and saves: recorded, said so, and in the referee's log. Elements are found
by id or name, never by their visible text."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.models import LogEntry
from tests.browser.test_csp import login_with_cookie
from tests.helpers import make_tournament, run
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_desk_records_an_impossible_total_only_as_a_deliberate_act(
    browser, live_server, shot, tmp_path
):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    context.set_default_timeout(10_000)
    try:
        user = get_user_model().objects.create_user("arbitro", password="x")
        login_with_cookie(context, live_server.url, user)
        page = context.new_page()
        slug = make_tournament(tmp_path, slug="impossibile", pairs=8, turns=2, deals=3)
        Tournament.objects.get(slug=slug).referees.add(user)
        run("turn_seat", slug)
        page.goto(f"{live_server.url}/desk/{slug}/scores/")
        page.keyboard.type("2")
        page.keyboard.press("Tab")
        page.keyboard.type("16600")
        page.keyboard.press("Tab")
        page.keyboard.type("830")
        for _again in range(2):  # Enter, and Enter again: never saved by sending again
            with page.expect_navigation():
                page.keyboard.press("Enter")
            expect(page.locator("#impossible")).to_contain_text("12240")
            expect(page.locator("#id_accept_impossible")).not_to_be_checked()
            expect(page.locator("#doubts")).to_have_count(0)  # no "Sei sicuro?" here
            expect(page.locator("#id_ns")).to_have_value("16600")
        shot(page, "desk-impossible-stopped")
        assert not Table.objects.get(turn__tournament__slug=slug, number=2).has_result

        page.check("#id_accept_impossible")  # the box without a reason: asked for it
        with page.expect_navigation():
            page.click("#entry-form button.primary.big")
        expect(page.locator("#id_reason")).to_be_focused()
        expect(page.locator("#id_accept_impossible")).to_be_checked()
        shot(page, "desk-impossible-needs-reason")
        assert not Table.objects.get(turn__tournament__slug=slug, number=2).has_result

        page.keyboard.type("punteggio arbitrale scritto come punti")
        with page.expect_navigation():
            page.keyboard.press("Enter")
        expect(page.locator("#table-2")).to_have_class(re.compile(r"\bdone\b"))
        expect(page.locator("#impossible")).to_have_count(0)
        expect(page.locator(".messages")).to_contain_text("Art. 29")
        shot(page, "desk-impossible-recorded")
        row = Table.objects.get(turn__tournament__slug=slug, number=2)
        assert (row.ns_points, row.ew_points) == (16600, 830)
        entry = LogEntry.objects.get(code="impossible-total")
        assert entry.decision == "punteggio arbitrale scritto come punti"
    finally:
        context.close()
