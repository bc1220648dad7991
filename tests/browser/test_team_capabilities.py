"""The team event's missing capabilities at the desk in a real browser (issue 25, item 4): two
teams swap in a seated turn (a resting team takes a playing team's match), a team withdraws
from the rulings page and is shown withdrawn, and the next turn is seated without it.

Elements are found by id, name, URL or data (the UI is in Italian), never by visible text."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.helpers import run
from tests.test_teams import write_teams
from tournaments.models import Bye, Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "squadre-cap"


@pytest.fixture
def desk(live_server, browser, tmp_path):
    user = get_user_model().objects.create_user("arbitro", password="arbitro-Burraco-2026")
    run("tournament_create", "--slug", SLUG, "--name", "Squadre", "--date", "2026-11-21",
        "--kind", "teams", "--plan", "round-robin:3")  # fmt: skip
    run("teams_import", SLUG, write_teams(tmp_path / "squadre.csv", 5))
    Tournament.objects.get(slug=SLUG).referees.add(user)
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    context.set_default_timeout(10_000)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    yield page
    context.close()


def teams_at_tables(turn: int) -> set[int]:
    return {
        n
        for t in Table.objects.filter(turn__number=turn).select_related("ns__team", "ew__team")
        for n in (t.ns.team.number, t.ew.team.number)
    }


def test_swap_then_withdraw_a_team_at_the_desk(live_server, desk, shot):
    base, page = live_server.url, desk
    seating = json.loads(run("turn_seat", SLUG, "--json"))
    resting = seating["byes"][0]["team"]
    playing = seating["matches"][0]["team_b"]

    # The resting team arrived first: it takes team `playing`'s match, which rests instead.
    page.goto(f"{base}/desk/{SLUG}/seating/")
    page.fill("#swap-a", str(resting))
    page.fill("#swap-b", str(playing))
    page.fill("#swap-reason", "Squadra arrivata per prima")
    with page.expect_navigation():
        page.click("#swap-teams")
    shot(page, "swapped")
    match = page.locator("#matches tr[data-match] strong", has_text=str(resting))
    assert match.count() >= 1  # the seating shows it in a match now
    assert resting in teams_at_tables(1) and playing not in teams_at_tables(1)
    assert Bye.objects.get(turn__number=1).team.number == playing

    # Every table played; then team 2 withdraws from the rulings page.
    for number in Table.objects.filter(turn__number=1).values_list("number", flat=True):
        run("score_record", SLUG, "--turn", "1", "--table", str(number),
            "--ns", "700", "--ew", "500")  # fmt: skip
    page.click(f"header nav a[href='/desk/{SLUG}/rulings/']")
    form = page.locator("form#withdraw")
    form.locator("select[name=team]").select_option("2")
    form.locator("[name=reason]").fill("Un giocatore si è sentito male")
    with page.expect_navigation():
        form.locator("button").click()
    shot(page, "withdrawn")
    assert page.locator("#withdrawn").count() == 1
    assert Tournament.objects.get(slug=SLUG).teams.get(number=2).withdrawn_after_turn == 1
    assert page.locator("form#withdraw select[name=team] option[value='2']").count() == 0

    page.click(f"header nav a[href='/desk/{SLUG}/teams/']")
    assert page.locator("#teams tr[data-team='2'] .badge.warn").count() == 1

    # The next turn is seated without it; the team that would have met it rests.
    seating = json.loads(run("turn_seat", SLUG, "--json"))
    assert 2 not in teams_at_tables(2)
    rests = [b["team"] for b in seating["byes"]]
    assert 2 not in rests and len(teams_at_tables(2)) + len(rests) == 4
    page.goto(f"{base}/desk/{SLUG}/seating/")
    assert page.locator("#matches tr[data-match]").count() == len(teams_at_tables(2)) // 2
