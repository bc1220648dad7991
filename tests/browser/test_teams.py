"""A team event (Art. 2, issue 15) in a real browser: four teams registered at the desk (one
typed in, three from a file), a line-up with a substitute, every turn seated from the
dashboard (round robin, then Danish), every table typed on the score entry page, the team
standings; and one table entered and confirmed from two phones with the team PINs.

The UI is translated (Italian by default), so elements are found by id, name, URL or data,
never by their visible text; only names and points are read as text.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.kinds.teams.matches import team_standings
from tests.helpers import run
from tournaments.models import Line, Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "squadre"
PHONE = {"width": 360, "height": 740}


def teams_csv(tmp_path) -> str:
    lines = ["Squadra;Giocatore;Tessera;Circolo"]
    for t, name in ((2, "I Pozzetti"), (3, "Le Matte"), (4, "Gli Assi")):
        for p in range(1, 5 + (t == 3)):
            lines.append(f"{name};Giocatore {t}-{p};T{t}{p};Circolo {t}")
    path = tmp_path / "squadre.csv"
    path.write_text("\n".join(lines), encoding="cp1252")
    return str(path)


@pytest.fixture
def desk(live_server, browser):
    from django.test import Client

    user = get_user_model().objects.create_user("arbitro", password="arbitro-Burraco-2026")
    run("tournament_create", "--slug", SLUG, "--name", "Squadre del sabato", "--kind", "teams",
        "--plan", "round-robin:3,danish:1")  # fmt: skip
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


def points(turn: int, table: int) -> tuple[int, int]:
    return 600 + 35 * table + 10 * turn, 500 + 20 * ((table + turn) % 3) * 5


def test_a_whole_team_event_at_the_desk(live_server, desk, tmp_path, shot):
    base, page = live_server.url, desk
    page.goto(f"{base}/desk/{SLUG}/")
    page.click(f"#state a[href='/desk/{SLUG}/teams/']")
    assert page.url == f"{base}/desk/{SLUG}/teams/"

    # One team typed in, three from a file (Italian headers, cp1252).
    page.fill("#team-name", "Le Pinelle")
    for i, name in enumerate(["Rossi Mario", "Bianchi Anna", "Verdi Luca", "Neri Sara"], 1):
        page.fill(f"#player{i}", name)
    with page.expect_navigation():
        page.click("#register-team")
    page.set_input_files("#import-teams input[type=file]", teams_csv(tmp_path))
    with page.expect_navigation():
        page.click("#import-teams button")  # every row shown before anything is saved
    expect(page.locator("#import-rows tbody tr")).to_have_count(13)
    with page.expect_navigation():
        page.click("#confirm-import button")
    expect(page.locator("#teams tbody tr[data-team]")).to_have_count(4)
    shot(page, "teams")

    # Le Matte (team 3, six players) fields its fifth player for its second in turn 1.
    page.click(f"header nav a[href='/desk/{SLUG}/teams/lineups/']")
    field = page.locator("#lines-3")
    expect(field).to_have_value("9+10,11+12")
    field.fill("9+13,11+12")
    with page.expect_navigation():
        page.locator("tr[data-team='3'] button").click()
    expect(page.locator("#lines-3")).to_have_value("9+13,11+12")

    for turn in (1, 2, 3, 4):
        page.click(f"header nav a[href='/desk/{SLUG}/']")
        button = page.locator(f"#state form[action='/desk/{SLUG}/seating/next/'] button")
        with page.expect_navigation():
            button.click()
        assert page.url == f"{base}/desk/{SLUG}/seating/"
        expect(page.locator("#matches tr[data-match]")).to_have_count(2)  # 4 teams: 2 matches
        shot(page, f"seating-turn{turn}")
        if turn == 1:  # the substitute sits in Le Matte's first line
            expect(page.locator("#matches")).to_contain_text("Giocatore 3-5")
        page.click(f"header nav a[href='/desk/{SLUG}/scores/']")
        for table in (1, 2, 3, 4):
            expect(page.locator("#id_table")).to_have_value(str(table))
            page.keyboard.type(str(table))
            page.keyboard.press("Tab")
            ns, ew = points(turn, table)
            page.keyboard.type(str(ns))
            page.keyboard.press("Tab")
            page.keyboard.type(str(ew))
            with page.expect_navigation():
                page.keyboard.press("Enter")
            expect(page.locator(f"#table-{table}")).to_have_class(re.compile(r"\bdone\b"))
        text = page.locator("#results").inner_text()
        assert not re.search(r"\b\d{6,}\b", text)  # a line's own number never shows
        shot(page, f"scores-turn{turn}")

    page.click(f"header nav a[href='/desk/{SLUG}/standings/']")
    rows = page.locator("#standings tbody tr[data-team]")
    expect(rows).to_have_count(4)
    t = Tournament.objects.get(slug=SLUG)
    expected = [(r.pair, r.vp) for r in team_standings(t)]
    shown = [
        (int(rows.nth(i).get_attribute("data-team")), int(rows.nth(i).get_attribute("data-vp")))
        for i in range(4)
    ]
    assert shown == expected
    assert sum(vp for _team, vp in shown) == 4 * 2 * 40  # every match shares 40 VP
    shot(page, "standings")


@pytest.fixture
def seated(tmp_path):
    run("tournament_create", "--slug", "tavolo", "--name", "Al tavolo", "--kind", "teams",
        "--plan", "round-robin:3")  # fmt: skip
    path = tmp_path / "t.csv"
    rows = ["team,player"] + [
        f"Squadra {t},Giocatore {t}-{p}" for t in (1, 2) for p in (1, 2, 3, 4)
    ]
    path.write_text("\n".join(rows))
    run("teams_import", "tavolo", str(path))
    Tournament.objects.filter(slug="tavolo").update(table_entry=True)
    run("turn_seat", "tavolo")
    run("turn_release", "tavolo")
    return Tournament.objects.get(slug="tavolo")


def test_one_table_entered_from_the_phones_with_the_team_pins(live_server, browser, seated):
    table = Table.objects.select_related("ns__team", "ew__team").get(
        turn__tournament=seated, number=2
    )  # the closed room: team B's second line sits N-S
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="it-IT")
    context.set_default_timeout(10_000)
    phone = context.new_page()
    # Where does my team play: the match with both its tables, found by a player's surname.
    assert phone.goto(f"{live_server.url}/t/tavolo/?q=Giocatore 2-3").status == 200
    match = phone.locator("tr[data-match='1']")
    expect(match).to_contain_text("Squadra 1")
    expect(match).to_contain_text("Squadra 2")
    seats = phone.locator("main table tbody td.big")
    expect(seats).to_have_text(["1", "2"])
    url = f"{live_server.url}/s/{table.code}/"
    assert phone.goto(url).status == 200
    expect(phone.locator("main")).to_contain_text(table.ns.team.name)
    assert not re.search(r"\b\d{6,}\b", phone.locator("main").inner_text())
    form = phone.locator("form:has(input[name=action][value=enter])")
    form.locator("input[name=line][value=ns]").check()
    form.locator("input[name=pin]").fill(table.ns.team.pin)
    form.locator("input[name=ns]").fill("1250")
    form.locator("input[name=ew]").fill("830")
    with phone.expect_navigation():
        form.locator("button.ok:not([name=mode])").click()
    answer = phone.locator("form:has(button[name=action][value=confirm])")
    answer.locator("input[name=pin]").fill(table.ew.team.pin)
    with phone.expect_navigation():
        answer.locator("button[name=action][value=confirm]").click()
    table.refresh_from_db()
    assert (table.ns_points, table.ew_points, table.ns_vp, table.ew_vp) == (1250, 830, 14, 6)
    assert Line.objects.get(pk=table.ns_id).pin == table.ns.team.pin
    # who entered and who confirmed, by team: a line is never called a pair
    said = phone.locator("main").inner_text()
    assert f"Inserito da {table.ns.team.number} {table.ns.team.name}" in said
    assert "coppia" not in said.lower()
    context.close()
