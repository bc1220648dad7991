"""The individual event's desk in a real browser (issue 25, item 4): the prize list per
player and the membership check with an admission, reached from the desk's own links.

Elements are found by id, name, URL or data, never by their translated text."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.models import LogEntry, Prize
from tests.browser.test_referee_flow import PASSWORD, login_with_cookie
from tests.helpers import run
from tests.test_individual import play
from tests.test_individual_caps import MEMBERS_CSV, PLAYERS_CSV
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "ind-premi"


def test_prizes_and_membership_at_the_individual_desk(live_server, browser, tmp_path, shot):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    run(
        "tournament_create", "--slug", SLUG, "--name", "Individuale", "--date", "2026-11-21",
        "--kind", "individual", "--plan", "danish:2", "--level", "nazionale",
    )  # fmt: skip
    (tmp_path / "giocatori.csv").write_text(PLAYERS_CSV, encoding="utf-8")
    run("players_import", SLUG, str(tmp_path / "giocatori.csv"))
    (tmp_path / "soci.csv").write_text(MEMBERS_CSV, encoding="utf-8")
    run("members_import", str(tmp_path / "soci.csv"))
    Tournament.objects.get(slug=SLUG).referees.add(user)
    play(SLUG)
    play(SLUG, points=lambda table: (1300, 400))
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    try:
        login_with_cookie(context, live_server.url, user)
        page = context.new_page()
        page.goto(f"{live_server.url}/desk/{SLUG}/")
        with page.expect_navigation():
            page.click(f"nav.tnav a[href='/desk/{SLUG}/prizes/']")  # the menu offers prizes
        with page.expect_navigation():
            page.click("#propose-prizes")  # the first three of the field, for players
        with page.expect_navigation():
            page.click("#save-prizes")
        expect(page.locator("#prizes tbody tr")).to_have_count(3)
        first = Tournament.objects.get(slug=SLUG).players.get(
            number=int(page.locator("#prizes tbody tr").first.get_attribute("data-pair"))
        )
        expect(page.locator("#prizes tbody tr").first).to_contain_text(first.name)
        expect(page.locator("main")).not_to_contain_text("None")
        shot(page, "individual-prizes")
        page.goto(f"{live_server.url}/desk/{SLUG}/players/")
        with page.expect_navigation():
            page.click(f"main a[href='/desk/{SLUG}/membership/']")
        rows = page.locator("table.membership tbody tr")
        expect(rows).to_have_count(6)
        blu = page.locator(f"table.membership tbody tr:has(a[href='/desk/{SLUG}/players/6/'])")
        blu.locator("input[name='reason']").fill("tessera in corso")
        with page.expect_navigation():
            blu.locator("form.admit button").click()
        expect(page.locator(".messages li.success")).to_have_count(1)
        expect(page.locator("table.membership tbody tr.missing")).to_have_count(5)
        shot(page, "individual-membership")
    finally:
        context.close()
    assert Prize.objects.filter(tournament__slug=SLUG).count() == 3
    assert LogEntry.objects.filter(event="admission", pairs=[6]).exists()
