"""The referee's own account: changing the password from the menu of every desk page."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.helpers import make_tournament
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OLD = "arbitro-Burraco-2026"
NEW = "Nuova-chiave-Sala-7"


def log_in(page, base: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "arbitro")
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.click("main form:has(#id_password) button")


def test_the_referee_changes_the_password_from_the_dashboards_menu(
    live_server, page, tmp_path, shot
):
    user = get_user_model().objects.create_user("arbitro", password=OLD)
    slug = make_tournament(tmp_path, slug="chiave", pairs=4, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    base = live_server.url

    log_in(page, base, OLD)
    page.goto(f"{base}/desk/{slug}/")
    link = page.locator("header .user a[href='/accounts/password_change/']")
    expect(link).to_have_text("Cambia password")
    with page.expect_navigation():
        link.click()
    assert page.url == f"{base}/accounts/password_change/"
    page.fill("#id_old_password", OLD)
    page.fill("#id_new_password1", NEW)
    page.fill("#id_new_password2", NEW)
    with page.expect_navigation():
        page.click("main form:has(#id_new_password1) button")
    assert page.url == f"{base}/accounts/password_change/done/"
    expect(page.locator("main h1")).to_have_text("Password cambiata.")
    shot(page, "password-changed")

    page.context.clear_cookies()
    log_in(page, base, OLD)
    assert page.url.startswith(f"{base}/accounts/login/")  # the old one no longer opens
    expect(page.locator("main [role=alert]")).to_be_visible()
    log_in(page, base, NEW)
    assert page.url == f"{base}/"
    expect(page.locator(f"main a[href='/desk/{slug}/']")).to_have_count(1)
