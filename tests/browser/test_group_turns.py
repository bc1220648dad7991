"""Issue 24 points 3, 9 and 10 in the browser, in Italian: the seating page of a turn in groups
tells group by group why a pair did not meet the next pair of its group and shows each pair's
place in its group; the dashboard shows the level and the first seating's criterion, and the
seating page of turn 1 names an alphabetical first seating; the desk standings show both clubs
of a pair of two clubs, and the pairs page names its membership filter and link apart."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.test_referee_flow import PASSWORD, login_with_cookie
from tests.helpers import make_tournament, play_turn, run
from tests.test_groups_flow import spread_points
from tournaments.models import Player, Tournament
from tournaments.services import seating

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.browser]


def test_group_turn_explains_inside_each_group(live_server, browser, tmp_path, shot):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    slug = make_tournament(
        tmp_path,
        slug="naz",
        pairs=28,
        plan="mitchell:2,danish:1,danish-groups:3",
        level="nazionale",
        first_seating="alphabetical",
    )
    tournament = Tournament.objects.get(slug=slug)
    tournament.referees.add(user)
    for _i in range(3):
        play_turn(slug, spread_points)
    run("groups_set", slug, "--tables", "6,8")
    two_clubs = tournament.pairs.get(number=3)
    Player.objects.filter(pk=two_clubs.player2_id).update(club="Jolly Roma")
    told = None
    for number in (4, 5, 6):
        play_turn(slug, spread_points)
        turn = tournament.turn_set.get(number=number)
        tables, byes = list(turn.tables.select_related("ns", "ew")), list(turn.byes.all())
        skips = seating.danish_skips(tournament, turn, tables, byes)
        if told is None and skips:
            told = number, skips[0]
    assert told is not None  # some group turn passes a neighbour over
    number, skip = told
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    try:
        login_with_cookie(context, live_server.url, user)
        page = context.new_page()
        page.goto(f"{live_server.url}/desk/{slug}/seating/?turn={number}")
        section = page.locator("#skips")
        expect(section.locator("h2")).to_have_text(
            "Perché alcune coppie non hanno incontrato la vicina nella classifica del girone"
        )
        expect(section.locator("h3.skip-group").first).to_have_text(f"Girone {skip['group']}")
        expect(section).to_contain_text(
            f"Tavolo {skip['table']}: {skip['pair']} non incontra {skip['neighbour']}"
        )
        expect(page.locator("table .rank").first).to_contain_text("1ª nel girone A ·")
        expect(page.locator("table")).to_contain_text("2ª nel girone B")
        expect(page.locator("table")).not_to_contain_text("in classifica")
        shot(page, "group-turn-seating")
        page.goto(f"{live_server.url}/desk/{slug}/seating/?turn=1")
        expect(page.locator("#first-seating")).to_contain_text(
            "Accoppiamenti del primo turno: Ordine alfabetico"
        )
        page.goto(f"{live_server.url}/desk/{slug}/")
        expect(page.locator("#level")).to_have_text("Torneo nazionale")
        expect(page.locator("#first-seating")).to_have_text(
            "Ordine alfabetico (cognome del primo giocatore)"
        )
        shot(page, "dashboard-choices")
        page.goto(f"{live_server.url}/desk/{slug}/standings/")
        expect(page.locator("main")).to_contain_text("Circolo / Jolly Roma")  # both clubs
        page.goto(f"{live_server.url}/desk/{slug}/pairs/")
        expect(page.locator("label[for=f-flag]")).to_have_text("Stato delle tessere")
        expect(page.locator("#open-membership")).to_have_text("Apri il controllo tessere")
    finally:
        context.close()
