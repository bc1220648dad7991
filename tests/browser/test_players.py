"""The players' pages (/t/<slug>/) in a real browser: a phone, live updates, released turns only.

The UI is translated (Italian by default), so elements are found by id, name, URL, CSS class
or data, never by their visible text; only pair numbers, names and points are read as text.
"""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from playwright.sync_api import expect

from scoring.services.standings import standings
from scoring.views import public as public_views
from tests.helpers import make_tournament, play_turn, run
from tournaments.models import Tournament

# live_server serves from another thread: the tests need real transactions.
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "arbitro-Burraco-2026"
PHONE = {"width": 360, "height": 740}

# Distinct surnames (no one is a substring of another), some of them long on purpose.
SURNAMES = [
    "Rossi", "Bianchi", "Esposito", "Ricci", "Marino", "Greco", "Bruno", "Gallo",
    "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti",
    "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi", "Caruso", "Ferrara", "Galli",
    "Martinelli Santangelo", "Leone", "Longo", "Gentile", "Bartolomucci", "Vitale",
    "D'Alessandro", "Serra",
]  # fmt: skip
FIRST_NAMES = ["Mariagrazia", "Anna", "Giuseppe", "Lucia", "Massimiliano", "Teresa", "Paolo"]


@pytest.fixture(autouse=True)
def empty_cache():
    """Public pages are cached per tournament id and version, and ids come back after a
    flush: a page cached by an earlier test must not be served to this one."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="it-IT")
    context.set_default_timeout(10_000)
    yield context
    context.close()


# --- helpers -------------------------------------------------------------------------------


def import_pairs(tmp_path, slug: str, count: int) -> None:
    lines = ["player1;player2;membership1;membership2;club"]
    for i in range(count):
        a = f"{SURNAMES[2 * i]} {FIRST_NAMES[(2 * i) % 7]}"
        b = f"{SURNAMES[2 * i + 1]} {FIRST_NAMES[(2 * i + 1) % 7]}"
        lines.append(f"{a};{b};FB{1000 + 2 * i};FB{1001 + 2 * i};Circolo Burraco {i % 3 + 1}")
    path = tmp_path / f"{slug}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run("pairs_import", slug, str(path))


def seat(slug: str) -> dict[int, tuple[int, int]]:
    """Seat the next turn (not released): table -> (N-S pair, E-W pair)."""
    seating = json.loads(run("turn_seat", slug, "--json"))
    return {t["table"]: (t["ns"], t["ew"]) for t in seating["tables"]}


def record(slug: str, turn: int, table: int, ns: int, ew: int) -> None:
    run(
        "score_record", slug, "--turn", str(turn), "--table", str(table),
        "--ns", str(ns), "--ew", str(ew),
    )  # fmt: skip


def public(base: str, slug: str, path: str = "") -> str:
    return f"{base}/t/{slug}/{path}"


def seating_rows(page) -> list[tuple[int, int, int]]:
    """(table, N-S pair, E-W pair) of the public seating table (pairs are in <b>)."""
    rows = page.eval_on_selector_all(
        "#live table tbody tr",
        """rows => rows.filter(tr => tr.cells.length === 3).map(tr => [
            tr.cells[0].textContent.trim(),
            tr.cells[1].querySelector("b")?.textContent.trim() ?? "",
            tr.cells[2].querySelector("b")?.textContent.trim() ?? ""])""",
    )
    return [tuple(int(c) for c in row) for row in rows if all(row)]


def standings_rows(page) -> list[tuple[int, int, int, int]]:
    """(rank, pair, VP, MP) of the public standings: columns #, pair, VP, MP."""
    rows = page.eval_on_selector_all(
        "#live table tbody tr",
        """rows => rows.filter(tr => tr.cells.length === 4).map(tr => [
            tr.cells[0].textContent, tr.cells[1].querySelector("b").textContent,
            tr.cells[2].textContent, tr.cells[3].textContent].map(s => s.trim()))""",
    )
    return [tuple(int(c.replace("\u2212", "-")) for c in row) for row in rows]


def expected_standings(slug: str, after_turn: int) -> list[tuple[int, int, int, int]]:
    tournament = Tournament.objects.get(slug=slug)
    return [(r.rank, r.pair, r.vp, r.mp) for r in standings(tournament, after_turn=after_turn)]


def pair_turns(page) -> list[tuple[int, int, int]]:
    """(turn, table, opponent) of a public pair page (the table is the cell's first number)."""
    rows = page.eval_on_selector_all(
        "#live table tbody tr",
        """rows => rows.filter(tr => tr.cells.length === 4).map(tr => [
            tr.cells[0].textContent.trim(), tr.cells[1].textContent,
            tr.cells[1].querySelector("b")?.textContent.trim() ?? ""])""",
    )
    return [
        (int(turn), int(re.search(r"\d+", cell).group()), int(opponent))
        for turn, cell, opponent in rows
    ]


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def overflowing(page, width: int) -> list[str]:
    """What sticks out to the right of the viewport (for the failure message)."""
    return page.evaluate(
        """width => [...document.querySelectorAll("body *")]
            .filter(e => e.getBoundingClientRect().right > width + 1)
            .map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
                 + " right=" + Math.round(e.getBoundingClientRect().right))
            .slice(0, 12)""",
        width,
    )


def search(page, query: str) -> None:
    page.fill("#q", query)
    with page.expect_navigation():
        page.press("#q", "Enter")


def login_with_cookie(context, base: str, user) -> None:
    """A session made by Django's test client, handed to the browser."""
    client = Client()
    client.force_login(user)
    session = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": session, "url": base}])


# --- 1. a phone: no sideways scrolling, and the search box ---------------------------------


def test_seating_and_standings_fit_a_phone_and_the_search_finds_a_pair(
    live_server, phone, tmp_path, shot
):
    slug = make_tournament(tmp_path, slug="telefono", pairs=0, turns=3)
    import_pairs(tmp_path, slug, 16)
    play_turn(slug, points=lambda t: (1000 + 105 * t, 900))
    run("turn_release", slug, "--turn", "1")
    seating = seat(slug)
    run("turn_release", slug)
    base = live_server.url
    page = phone.new_page()

    for name, path in [("seating", ""), ("standings", "standings/"), ("pair", "pair/13/")]:
        assert page.goto(public(base, slug, path)).status == 200
        expect(page.locator("#live table tbody tr")).not_to_have_count(0)
        shot(page, f"phone-{name}")
        width = page_width(page)
        assert width <= PHONE["width"] + 2, (name, width, overflowing(page, PHONE["width"]))

    page.goto(public(base, slug))
    assert sorted(seating_rows(page)) == sorted((t, ns, ew) for t, (ns, ew) in seating.items())
    expect(page.locator("#q")).to_have_value("")

    # By number: the one table of pair 7, and the box keeps what was typed.
    search(page, "7")
    assert "q=7" in page.url
    table7 = next((t, ns, ew) for t, (ns, ew) in seating.items() if 7 in (ns, ew))
    assert seating_rows(page) == [table7]
    expect(page.locator("#q")).to_have_value("7")
    assert page_width(page) <= PHONE["width"] + 2
    shot(page, "phone-search-number")

    # By surname, in lower case: the second player of pair 11.
    surname = SURNAMES[2 * 10 + 1]
    search(page, surname.lower())
    table11 = next((t, ns, ew) for t, (ns, ew) in seating.items() if 11 in (ns, ew))
    assert seating_rows(page) == [table11]
    expect(page.locator("#live table tbody")).to_contain_text(surname)
    shot(page, "phone-search-surname")

    # Nobody: the table says so (one row, no pair), and the page still fits.
    search(page, "Nessuno")
    assert seating_rows(page) == []
    expect(page.locator("#live table tbody tr")).to_have_count(1)
    assert page_width(page) <= PHONE["width"] + 2


# --- 2. the open standings update by themselves --------------------------------------------


def test_open_standings_update_without_a_reload(
    live_server, browser, phone, tmp_path, monkeypatch, shot
):
    monkeypatch.setattr(public_views, "POLL_SECONDS", 1)
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    slug = make_tournament(tmp_path, slug="dalvivo", pairs=8, turns=3)
    Tournament.objects.get(slug=slug).referees.add(user)
    play_turn(slug, points=lambda t: (1000 + 100 * t, 1000))  # N-S win, table 4 the most
    run("turn_release", slug, "--turn", "1")
    seating = seat(slug)
    run("turn_release", slug)
    last = max(seating)
    for table in sorted(seating)[:-1]:
        record(slug, 2, table, 800, 800)
    base = live_server.url

    page = phone.new_page()
    polls = []
    page.on(
        "response",
        lambda r: polls.append(r.status) if "v=" in r.url and "/standings/" in r.url else None,
    )
    page.goto(public(base, slug, "standings/"))
    after_one = expected_standings(slug, 1)
    assert standings_rows(page) == after_one  # turn 2 is not complete yet
    page.evaluate("window.__marker = 1; document.querySelector('#live').dataset.old = '1'")

    # Nothing changes: the page asks every second and is told so (204), nothing is swapped.
    page.wait_for_timeout(2_500)
    assert polls and set(polls) == {204}, polls
    expect(page.locator("#live[data-old]")).to_have_count(1)

    # The referee types the last result of turn 2 on the desk (another browser).
    desk = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    try:
        login_with_cookie(desk, base, user)
        referee = desk.new_page()
        referee.goto(f"{base}/desk/{slug}/scores/?turn=2&table={last}")
        expect(referee.locator("#id_table")).to_have_value(str(last))
        referee.fill("#id_ns", "300")
        referee.fill("#id_ew", "2000")  # E-W wins 20-0
        with referee.expect_navigation():
            referee.press("#id_ew", "Enter")
        expect(referee.locator(".messages li.success")).to_have_count(1)
    finally:
        desk.close()

    after_two = expected_standings(slug, 2)
    assert after_two != after_one
    expect(page.locator("#live[data-old]")).to_have_count(0, timeout=5_000)  # swapped
    assert standings_rows(page) == after_two
    assert page.evaluate("window.__marker") == 1  # the same document: no reload
    assert 200 in polls
    shot(page, "phone-standings-updated")


# --- 3. nothing of an unreleased turn ------------------------------------------------------


def test_nothing_of_an_unreleased_turn_is_shown(live_server, page, tmp_path, shot):
    slug = make_tournament(tmp_path, slug="riservato", pairs=8, turns=3)
    first = {
        t["table"]: (t["ns"], t["ew"])
        for t in play_turn(slug, points=lambda t: (1200, 1000 - 50 * t))["tables"]
    }
    run("turn_release", slug, "--turn", "1")
    second = seat(slug)  # seated, every result typed, but not released
    for table in second:
        record(slug, 2, table, 500 + 150 * table, 900)

    # A pair that changes table and opponent (an E-W pair of the Mitchell).
    table1, table2, pair, opponent1, opponent2 = next(
        (t1, t2, ew, ns1, ns2)
        for t1, (ns1, ew) in sorted(first.items())
        for t2, (ns2, ew2) in sorted(second.items())
        if ew2 == ew and t2 != t1 and ns2 != ns1
    )
    base = live_server.url

    page.goto(public(base, slug))
    assert sorted(seating_rows(page)) == sorted((t, ns, ew) for t, (ns, ew) in first.items())
    assert re.findall(r"\d+", page.locator("#live h1").inner_text()) == ["1"]
    search(page, str(pair))
    assert seating_rows(page) == [(table1, opponent1, pair)]
    shot(page, "seating-turn2-unreleased")

    page.goto(public(base, slug, f"pair/{pair}/"))
    assert pair_turns(page) == [(1, table1, opponent1)]
    turn1_vp = sum(
        int(c)
        for c in page.eval_on_selector_all(
            "#live table tbody tr td:last-child", "cells => cells.map(c => c.textContent.trim())"
        )
    )
    kpi = page.locator("#live p.kpi").inner_text()
    assert str(turn1_vp) in re.findall(r"\d+", kpi)  # its VP after turn 1 only
    shot(page, "pair-turn2-unreleased")

    page.goto(public(base, slug, "standings/"))
    after_one, after_two = expected_standings(slug, 1), expected_standings(slug, 2)
    assert after_one != after_two
    assert standings_rows(page) == after_one
    assert re.findall(r"\d+", page.locator("#live h1").inner_text()) == ["1"]

    page.goto(public(base, slug, "screen/"))
    screen = page.locator("#live section[data-rows='seating'] tbody tr")
    expect(screen).to_have_count(len(first))
    assert sorted(seating_rows(page)) == sorted((t, ns, ew) for t, (ns, ew) in first.items())

    # Released: the seating of turn 2 appears.
    run("turn_release", slug)
    page.goto(public(base, slug))
    assert sorted(seating_rows(page)) == sorted((t, ns, ew) for t, (ns, ew) in second.items())
    assert re.findall(r"\d+", page.locator("#live h1").inner_text()) == ["2"]
    search(page, str(pair))
    assert seating_rows(page) == [(table2, opponent2, pair)]
    shot(page, "seating-turn2-released")
    page.goto(public(base, slug, f"pair/{pair}/"))
    assert pair_turns(page) == [(1, table1, opponent1), (2, table2, opponent2)]
    page.goto(public(base, slug, "standings/"))
    assert standings_rows(page) == after_two
