"""A whole individual event at the desk in a real browser (Art. 2: each player registers
alone, the partnership changes every turn), and one table-side entry from two phones.

Elements are found by id, name, URL or data, never by their translated text."""

import re

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.test_referee_flow import login_with_cookie, press_enter_and_wait, type_score
from tests.browser.test_tableside import answer, enter
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "individuale"
SURNAMES = ["Rossi", "Bianchi", "Verdi", "Neri", "Gallo", "Conti", "Greco", "Bruno"]


def players_csv(tmp_path) -> str:
    path = tmp_path / "giocatori.csv"
    rows = ["Giocatore;Tessera;Circolo"]
    rows += [f"{s} Anna;T{i:04d};Circolo Roma" for i, s in enumerate(SURNAMES[2:], start=3)]
    path.write_text("\n".join(rows) + "\n", encoding="cp1252")
    return str(path)


def internal_numbers(text: str) -> list[str]:
    """A line's internal number (turn * 10000 + k) must never reach the page."""
    return re.findall(r"(?<!\d)[1-9]000[1-9](?!\d)", text)


def seat_from_dashboard(page, base: str, turn: int) -> None:
    page.goto(f"{base}/desk/{SLUG}/")
    button = page.locator(f"#state form[action='/desk/{SLUG}/seating/next/'] button")
    expect(button).to_be_focused()
    with page.expect_navigation():
        button.click()
    assert page.url == f"{base}/desk/{SLUG}/seating/"
    expect(page.locator(".messages li.success")).to_have_count(1)
    expect(page.locator("#individual-seating tbody tr")).to_have_count(2)  # 8 players, 2 tables
    assert not internal_numbers(page.inner_text("main"))
    page.click("#release")  # the players see where they sit


def enter_turn(page, base: str, turn: int, points: dict[int, tuple[int, int]]) -> None:
    page.goto(f"{base}/desk/{SLUG}/scores/?turn={turn}")
    for table in sorted(points):
        expect(page.locator("#id_table")).to_have_value(str(table))
        type_score(page, *points[table], table)
        press_enter_and_wait(page)
        expect(page.locator(f"#table-{table}")).to_have_class(re.compile(r"\bdone\b"))
    text = page.inner_text("#results")
    assert not internal_numbers(text)
    assert all(s in text for s in SURNAMES)  # lines shown by their players


def test_a_referee_runs_a_whole_individual_event(live_server, page, tmp_path, new_phone, shot):
    user = get_user_model().objects.create_user("arbitro", password="x")
    base = live_server.url
    login_with_cookie(page.context, base, user)

    # The event, created at the desk: individual, 3 Danish turns, the first drawn.
    page.goto(f"{base}/new/")
    page.fill("#id_name", "Individuale del giovedì")
    page.fill("#id_slug", SLUG)
    page.fill("#id_date", "2026-11-26")
    page.select_option("#id_kind", "individual")
    row = page.locator("#plan-body tr.plan-row").first
    row.locator("select[name=plan_movement]").select_option("danish")
    row.locator("input[name=plan_turns]").fill("3")
    for extra in page.locator("#plan-body tr.plan-row input[name=plan_turns]").all()[1:]:
        extra.fill("")
    page.select_option("#id_first_seating", "draw")
    page.fill("#id_seed", "5")
    with page.expect_navigation():
        page.click("main form button.primary.big")
    assert page.url == f"{base}/desk/{SLUG}/players/", page.inner_text("main")[:500]
    t = Tournament.objects.get(slug=SLUG)
    assert (t.kind, t.plan, t.first_seating) == ("individual", ["danish"] * 3, "draw")

    # Registration: two players by hand, six from a club's file (cp1252, Italian headers).
    for name in ("Rossi Mario", "Bianchi Luca"):
        page.fill("#add-player #id_name", name)
        page.fill("#add-player #id_club", "Circolo Roma")
        with page.expect_navigation():
            page.click("#add-player button")
    page.set_input_files("#import-players input[type=file]", players_csv(tmp_path))
    with page.expect_navigation():
        page.click("#import-players button")  # every row shown before anything is saved
    expect(page.locator("#import-rows tbody tr")).to_have_count(6)
    with page.expect_navigation():
        page.click("#confirm-import button")
    expect(page.locator("#players tbody tr")).to_have_count(8)
    shot(page, "players")
    # The pairs pages are not an individual event's: back to the players.
    page.goto(f"{base}/desk/{SLUG}/pairs/")
    assert page.url == f"{base}/desk/{SLUG}/players/"

    # Turns 1 and 2 at the desk.
    for turn in (1, 2):
        seat_from_dashboard(page, base, turn)
        shot(page, f"seating-{turn}")
        enter_turn(page, base, turn, {1: (1200, 700 + 100 * turn), 2: (600, 900)})
    partners = {
        frozenset((x.player1.number, x.player2.number))
        for table in Table.objects.filter(turn__tournament=t).select_related(
            "ns__player1", "ns__player2", "ew__player1", "ew__player2"
        )
        for x in (table.ns, table.ew)
    }
    assert len(partners) == 8  # nobody partnered anybody twice

    # Turn 3: table 1 from the phones (N-S enters, E-O confirms with its line's PIN).
    seat_from_dashboard(page, base, 3)
    table = Table.objects.select_related("ns", "ew").get(
        turn__tournament=t, turn__number=3, number=1
    )
    phone_a, phone_b = new_phone(), new_phone()
    url = f"{base}/s/{table.code}/"
    assert phone_a.goto(url).status == 200
    text = phone_a.inner_text("body")
    assert not internal_numbers(text)
    assert table.ns.player1.name in text and table.ew.player2.name in text
    enter(phone_a, "ns", table.ns.pin, 1350, 450)
    shot(phone_a, "phone-entered")
    phone_b.goto(url)
    answer(phone_b, table.ew.pin, "confirm")
    table.refresh_from_db()
    assert (table.ns_points, table.ew_points) == (1350, 450) and table.ns_vp is not None
    enter_turn(page, base, 3, {2: (800, 800)})

    # A penalty hits one player (Art. 23), chosen by number on the rulings page.
    page.goto(f"{base}/desk/{SLUG}/rulings/")
    page.fill("#id_pair", "3")
    page.fill("#id_vp", "1")
    page.fill("#id_reason", "Ritardo")
    with page.expect_navigation():
        page.click("form[action$='/rulings/penalty/'] button")
    expect(page.locator(".messages li.success")).to_have_count(1)

    # Final standings: eight players, the penalised one with his deduction.
    page.goto(f"{base}/desk/{SLUG}/standings/")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(8)
    expect(page.locator("#standings tbody tr[data-pair='3'] td").last).not_to_be_empty()
    shot(page, "standings")
    page.goto(f"{base}/t/{SLUG}/?q=Rossi")  # where do I play, by surname
    assert "Rossi" in page.inner_text("main")
    assert not internal_numbers(page.inner_text("main"))


@pytest.fixture
def new_phone(browser):
    contexts = []

    def make():
        context = browser.new_context(
            viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="it-IT"
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
