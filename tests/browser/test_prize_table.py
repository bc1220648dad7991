"""Issue 24 point 7 in the browser: the desk's prize table. The referee proposes the federal
list, writes a prize with commas, adds a row with the page's button, gets a bad row named,
saves, and sees the prizes awarded, in Italian."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.models import Prize
from tests.browser.test_referee_flow import PASSWORD, login_with_cookie
from tests.helpers import make_tournament, play_turn, run
from tests.test_groups_flow import spread_points
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]

COMMAS = "Coppa oro, targa e medaglie"


def cell(page, row: int, name: str):
    return page.locator(f"#prize-rows tbody tr:nth-child({row}) input[name$='-{name}']")


def test_prize_table_with_commas_and_the_federal_list(live_server, browser, tmp_path, shot):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    slug = make_tournament(
        tmp_path, slug="naz", pairs=28, plan="mitchell:2,danish:1,danish-groups:3"
    )
    Tournament.objects.get(slug=slug).referees.add(user)
    for _i in range(3):
        play_turn(slug, spread_points)
    run("groups_set", slug, "--tables", "6,8")
    for _i in range(3):
        play_turn(slug, spread_points)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    try:
        login_with_cookie(context, live_server.url, user)
        page = context.new_page()
        page.goto(f"{live_server.url}/desk/{slug}/prizes/")
        expect(page.locator("textarea")).to_have_count(0)
        page.get_by_role("button", name="Proponi l'elenco federale").click()
        expect(page.locator("#proposal-note")).to_contain_text("Non salvato")
        expect(cell(page, 4, "prize")).to_have_value("Premio tecnico, girone A")
        expect(cell(page, 4, "turns")).to_have_value("4-6")
        expect(cell(page, 8, "prize")).to_have_value("Premio tecnico, girone B")
        assert not Prize.objects.exists()  # a proposal saves nothing
        cell(page, 1, "prize").fill(COMMAS)
        cell(page, 7, "DELETE").check()  # B's third place goes
        rows = page.locator("#prize-rows tbody tr").count()
        page.get_by_role("button", name="Aggiungi una riga").click()
        expect(page.locator("#prize-rows tbody tr")).to_have_count(rows + 1)
        expect(page.locator("#prize-rows tbody tr").last.locator(".row-number")).to_have_text(
            str(rows + 1)
        )
        cell(page, rows + 1, "place").fill("1")
        cell(page, rows + 1, "prize").fill("Migliori, primi tre turni")
        cell(page, rows + 1, "turns").fill("20-21")  # not a range of this tournament
        shot(page, "prize-table-filled")
        page.get_by_role("button", name="Salva l'elenco dei premi").click()
        expect(page.locator("#prize-problems")).to_contain_text(
            f"riga {rows + 1}: 20-21 non è un intervallo di turni di questo torneo (1-6)"
        )
        expect(page.locator("#prize-rows tr.bad")).to_have_count(1)
        expect(cell(page, 1, "prize")).to_have_value(COMMAS)  # what was typed stays
        assert not Prize.objects.exists()
        cell(page, rows + 1, "turns").fill("1-3")
        page.get_by_role("button", name="Salva l'elenco dei premi").click()
        expect(page.locator(".messages")).to_contain_text("8 premi salvati")
        table = page.locator("#prizes")
        expect(table.locator("tbody tr")).to_have_count(8)
        expect(table.locator("tbody tr").first).to_contain_text(COMMAS)
        expect(table).to_contain_text("Premio tecnico, girone B")
        expect(table).to_contain_text("Migliori, primi tre turni")
        expect(table).not_to_contain_text("3° classificato, girone B")
        expect(table.locator("tbody tr").first).not_to_have_attribute("data-pair", "")
        expect(cell(page, 1, "prize")).to_have_value(COMMAS)  # the saved list, to edit again
        shot(page, "prize-table-saved")
    finally:
        context.close()
    assert Prize.objects.count() == 8
    assert Prize.objects.order_by("position").first().label == COMMAS
