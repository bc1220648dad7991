"""Issue 24, point 4 in the browser: a pair typed at the desk with each player's surname and
name sorts with the pairs imported from the federation's file and those registered by a whole
name, on the pair list, the desk's seating by surname and the players' phones."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.test_referee_flow import PASSWORD, login_with_cookie
from tests.helpers import run
from tournaments.models import Pair, Tournament

pytestmark = pytest.mark.django_db(transaction=True)

IMPORTED = (
    "Cognome 1;Nome 1;Cognome 2;Nome 2\nEsposito;Loredana;Rossi;Ugo\nBianchi;Anna;Verdi;Eva\n"
)
WHOLE = "player1,player2\nEsposito Bruno,Zanetti Ivo\n"  # the command's old header
ORDER = [
    "Bianchi Anna",
    "Conti Marta",
    "Esposito Bruno",
    "Esposito Ciro",
    "Esposito Loredana",
    "Rossi Ugo",
    "Verdi Eva",
    "Zanetti Ivo",
]


def players(rows) -> list[str]:
    """Each row's player (the first cell opens with his name, then "con" and the partner)."""
    return [t.split(" con ")[0].strip() for t in rows.locator("td:first-child").all_inner_texts()]


def test_a_pair_typed_with_surname_and_name_sorts_with_the_imported(
    live_server, browser, tmp_path, shot
):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    run("tournament_create", "--slug", "cog", "--name", "Cognomi", "--plan", "mitchell:1")
    Tournament.objects.get(slug="cog").referees.add(user)
    for name, text in (("federazione.csv", IMPORTED), ("vecchio.csv", WHOLE)):
        (tmp_path / name).write_text(text, encoding="utf-8")
        run("pairs_import", "cog", str(tmp_path / name))
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    try:
        login_with_cookie(context, live_server.url, user)
        page = context.new_page()
        page.goto(f"{live_server.url}/desk/cog/pairs/add/")
        page.get_by_label("Cognome 1", exact=True).fill("Esposito")
        page.get_by_label("Nome 1", exact=True).fill("Ciro")
        page.get_by_label("Cognome 2", exact=True).fill("Conti")
        page.get_by_label("Nome 2", exact=True).fill("Marta")
        shot(page, "typed")
        page.get_by_role("button", name="Salva", exact=True).click()
        expect(page.locator(".messages")).to_contain_text("Coppia 4 salvata")
        typed = Pair.objects.select_related("player1").get(tournament__slug="cog", number=4)
        assert (typed.player1.surname, typed.player1.given_name) == ("Esposito", "Ciro")

        page.locator("table.pairs th a", has_text="Giocatore 1").click()
        expect(page).to_have_url(f"{live_server.url}/desk/cog/pairs/?sort=player1")
        firsts = page.locator("table.pairs tbody tr td:nth-child(2)")
        expect(firsts).to_have_count(4)
        assert firsts.all_inner_texts() == [
            "Bianchi Anna",
            "Esposito Bruno",
            "Esposito Ciro",
            "Esposito Loredana",
        ]
        shot(page, "pairs-by-name")

        run("turn_seat", "cog")
        run("turn_release", "cog")
        page.goto(f"{live_server.url}/desk/cog/seating/")
        page.get_by_role("link", name="Per cognome").click()
        rows = page.locator("table.alpha tbody tr")
        expect(rows).to_have_count(8)
        assert players(rows) == ORDER
        shot(page, "seating-by-surname")
        page.goto(f"{live_server.url}/t/cog/")
        page.get_by_role("link", name="Per cognome").click()
        rows = page.locator("tbody tr")
        expect(rows).to_have_count(8)
        assert players(rows) == ORDER
        shot(page, "phone-by-surname")
    finally:
        context.close()
