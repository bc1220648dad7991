"""Issue 19 in the browser: the group setup (ranking with the cut lines, sizes typed, groups
set) and the prize list, on a desktop and a phone, in Italian."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.test_referee_flow import PASSWORD, login_with_cookie
from tests.helpers import make_tournament, play_turn, run
from tests.test_groups_flow import PRIZES, spread_points
from tournaments.models import Group, Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_group_setup_and_prize_list(live_server, browser, tmp_path, shot):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    slug = make_tournament(
        tmp_path, slug="naz", pairs=28, plan="mitchell:2,danish:1,danish-groups:3"
    )
    Tournament.objects.get(slug=slug).referees.add(user)
    for _i in range(3):
        play_turn(slug, spread_points)
    for size, name in (((1280, 900), "desktop"), ((360, 740), "phone")):
        Group.objects.all().delete()
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, locale="it-IT"
        )
        try:
            login_with_cookie(context, live_server.url, user)
            page = context.new_page()
            page.goto(f"{live_server.url}/desk/{slug}/")
            page.locator("#set-groups").click()
            expect(page.locator("tr.cut")).to_have_count(2)  # the default: 2 groups of 7
            expect(page.locator("main")).to_contain_text("Anteprima")
            page.fill("#tables", "6,8")
            page.get_by_role("button", name="Anteprima").click()
            expect(page.locator("tr.cut").first).to_contain_text("Girone A — 6 tavoli, 1–6")
            shot(page, f"{name}-preview")
            page.fill("#tables", "6,8")
            page.get_by_role("button", name="Forma i gironi").click()
            expect(page.locator(".messages")).to_contain_text("Gironi formati")
            shot(page, f"{name}-set")
        finally:
            context.close()
    assert [g.tables for g in Group.objects.order_by("name")] == [6, 8]
    for _i in range(3):
        play_turn(slug, spread_points)
    for number in range(1, 7):
        run("turn_release", slug, "--turn", str(number))
    for size, name in (((1280, 900), "desktop"), ((360, 740), "phone")):
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, locale="it-IT"
        )
        try:
            login_with_cookie(context, live_server.url, user)
            page = context.new_page()
            page.goto(f"{live_server.url}/desk/{slug}/prizes/")
            prizes_file = tmp_path / "premi.csv"
            prizes_file.write_text(PRIZES)
            page.set_input_files("#file", str(prizes_file))
            page.get_by_role("button", name="Carica l'elenco dei premi").click()
            expect(page.locator("#prizes tbody tr")).to_have_count(5)
            expect(page.locator("#prizes")).to_contain_text("Coppa primi girone B")
            shot(page, f"{name}-prizes")
            page.goto(f"{live_server.url}/desk/{slug}/standings/")
            expect(page.locator("tr.cut")).to_have_count(2)
            shot(page, f"{name}-standings")
            page.goto(f"{live_server.url}/t/{slug}/standings/")
            expect(page.locator("tr.cut")).to_have_count(2)
            expect(page.locator("main")).to_contain_text("Coppa primi girone B")
            shot(page, f"{name}-public-standings")
        finally:
            context.close()
    run("prizes", slug)
