"""Issue 19 in the browser: the membership check (flags, admitting a player with a reason)
and the seating by surname on the desk and on the players' phones, in Italian, at desktop
and phone sizes."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.test_referee_flow import PASSWORD, login_with_cookie
from tests.helpers import run
from tests.test_national_registration import create, members, register
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = (((1280, 900), "desktop"), ((360, 740), "phone"))


@pytest.fixture
def national(tmp_path):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    create("naz", "--level", "regionale")
    register(tmp_path, "naz")
    members(tmp_path)
    Tournament.objects.get(slug="naz").referees.add(user)
    return user


def test_membership_check_and_admission(live_server, browser, national, shot):
    for (width, height), name in SIZES:
        context = browser.new_context(viewport={"width": width, "height": height}, locale="it-IT")
        try:
            login_with_cookie(context, live_server.url, national)
            page = context.new_page()
            page.goto(f"{live_server.url}/desk/naz/membership/")
            expect(page.locator("h1")).to_contain_text("Controllo tessere")
            table = page.locator("table.membership")
            expect(table).to_contain_text("12AB")
            expect(table).to_contain_text("ridotta")  # the card named in Italian
            shot(page, f"{name}-flags")
            if name == "desktop":
                row = table.locator("tr", has_text="Blu Carla")
                row.locator("input[name=reason]").fill("tessera in arrivo dalla federazione")
                row.locator("button").click()
                expect(page.locator(".messages")).to_contain_text("Ammesso")
                expect(table.locator("tr", has_text="Blu Carla")).to_contain_text("ammesso")
                shot(page, f"{name}-admitted")
            page.goto(f"{live_server.url}/desk/naz/pairs/?flag=problems")
            expect(page.locator("table.pairs")).to_contain_text("DANGELO NICOLO")
            shot(page, f"{name}-pairs-with-problems")
        finally:
            context.close()
    assert AuditEntry.objects.filter(action="member-admit").count() == 1


def test_seating_by_surname_desk_and_phone(live_server, browser, national, shot):
    run("turn_seat", "naz")
    run("turn_release", "naz")
    for (width, height), name in SIZES:
        context = browser.new_context(viewport={"width": width, "height": height}, locale="it-IT")
        try:
            login_with_cookie(context, live_server.url, national)
            page = context.new_page()
            page.goto(f"{live_server.url}/desk/naz/seating/")
            page.get_by_role("link", name="Per cognome").click()
            rows = page.locator("table.alpha tbody tr")
            expect(rows).to_have_count(8)
            expect(rows.first).to_contain_text("Bianchi Anna")
            shot(page, f"{name}-desk")
            page.goto(f"{live_server.url}/t/naz/")
            page.get_by_role("link", name="Per cognome").click()
            expect(page.locator("main, body").first).to_contain_text("DANGELO NICOLO")
            page.fill("#q", "d'angelo")
            page.locator("form.search button").click()
            expect(page.locator("tbody tr")).to_have_count(1)
            shot(page, f"{name}-public")
        finally:
            context.close()
