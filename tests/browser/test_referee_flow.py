"""The referee's desk in a real browser: the issue's acceptance test and a few short checks.

The UI is translated (Italian by default), so elements are found by id, name, URL, CSS class
or data, never by their visible text; only pair numbers, names and points are read as text.
"""

import re
from collections import defaultdict

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from scoring.models import Document
from scoring.services import standings
from tests.helpers import make_tournament, play_turn, run
from tournaments.models import Pair, Table, Tournament

# live_server serves from another thread: the tests need real transactions.
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "arbitro-Burraco-2026"
SLUG = "sabato-sera"

SURNAMES = [
    "Rossi", "Bianchi", "Esposito", "Ricci", "Marino", "Greco", "Bruno", "Gallo",
    "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti",
    "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi", "Caruso", "Ferrara", "Galli",
    "Martini", "Leone", "Longo", "Gentile", "Martinelli", "Vitale", "Lombardo", "Serra",
]  # fmt: skip
FIRST_NAMES = ["Mario", "Anna", "Giuseppe", "Lucia", "Franco", "Teresa", "Paolo", "Rita"]

# FE.BUR.IT 2007 (Codice di Gara, Art. 30), written out again from the rule book on purpose:
# (highest difference of the band, winner's VP); over 1500 the winner takes 20-0.
FEBURIT_2007 = [
    (50, 10), (150, 11), (250, 12), (350, 13), (500, 14),
    (650, 15), (850, 16), (1000, 17), (1250, 18), (1500, 19),
]  # fmt: skip

# Line totals by turn, in table order; a few tables are overridden (see `planned_points`).
POINTS = {
    1: [(500, 600), (1250, 830), (900, 900), (1400, 300),
        (650, 700), (2000, 450), (800, 1005), (1105, 960)],
    2: [(1010, 700), (600, 1200), (1300, 1300), (455, 1005),
        (1500, 940), (720, 600), (985, 1740), (1150, 900)],
    3: [(1200, 1150), (700, 1100), (1620, 610), (880, 880),
        (935, 600), (500, 1060), (1345, 1000), (765, 910)],
}  # fmt: skip


# --- independent rules ---------------------------------------------------------------------


def feburit_vp(ns: int, ew: int) -> tuple[int, int]:
    diff = abs(ns - ew)
    winner = next((vp for high, vp in FEBURIT_2007 if diff <= high), 20)
    return (winner, 20 - winner) if ns >= ew else (20 - winner, winner)


def expected_ranking(results):
    """[(pair, vp, mp)] by VP, MP difference, head-to-head VP among the tied, pair number.

    `results` holds (ns pair, ew pair, ns points, ew points) for every table played.
    """
    vp, mp = defaultdict(int), defaultdict(int)
    h2h = defaultdict(int)  # (pair, opponent) -> VP earned
    for ns, ew, ns_points, ew_points in results:
        ns_vp, ew_vp = feburit_vp(ns_points, ew_points)
        vp[ns] += ns_vp
        vp[ew] += ew_vp
        mp[ns] += ns_points - ew_points
        mp[ew] += ew_points - ns_points
        h2h[ns, ew] += ns_vp
        h2h[ew, ns] += ew_vp
    tied = defaultdict(set)
    for pair in vp:
        tied[vp[pair], mp[pair]].add(pair)

    def head_to_head(pair):
        return sum(h2h[pair, other] for other in tied[vp[pair], mp[pair]] if other != pair)

    order = sorted(vp, key=lambda p: (-vp[p], -mp[p], -head_to_head(p), p))
    return [(p, vp[p], mp[p]) for p in order]


# --- helpers -------------------------------------------------------------------------------


def pairs_csv(count: int) -> bytes:
    lines = ["player1;player2;membership1;membership2;club"]
    for i in range(count):
        a = f"{SURNAMES[2 * i]} {FIRST_NAMES[(2 * i) % 8]}"
        b = f"{SURNAMES[2 * i + 1]} {FIRST_NAMES[(2 * i + 1) % 8]}"
        lines.append(f"{a};{b};FB{1000 + 2 * i};FB{1001 + 2 * i};Circolo Burraco {i % 3 + 1}")
    return ("\n".join(lines) + "\n").encode()


def names_of(number: int) -> tuple[str, str]:
    """The players of pair `number` imported from `pairs_csv` (numbers follow the rows)."""
    i = number - 1
    return (
        f"{SURNAMES[2 * i]} {FIRST_NAMES[(2 * i) % 8]}",
        f"{SURNAMES[2 * i + 1]} {FIRST_NAMES[(2 * i + 1) % 8]}",
    )


def login_in_page(page, base: str, username: str, password: str = PASSWORD) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    with page.expect_navigation():
        page.click("main form:has(#id_password) button")


def login_with_cookie(context, base: str, user) -> None:
    """A session made by Django's test client, handed to the browser (for the short tests)."""
    client = Client()
    client.force_login(user)
    session = client.cookies["sessionid"].value
    context.add_cookies([{"name": "sessionid", "value": session, "url": base}])


def seating_on_page(page) -> dict[int, tuple[int, int]]:
    """table -> (N-S pair, E-W pair), read from the results table of the score entry page."""
    rows = page.eval_on_selector_all(
        "#results tbody tr[id^='table-']",
        """rows => rows.map(tr => [tr.id.slice(6),
            tr.cells[1].textContent.trim(), tr.cells[2].textContent.trim()])""",
    )
    return {
        int(t): (int(re.match(r"\d+", ns).group()), int(re.match(r"\d+", ew).group()))
        for t, ns, ew in rows
    }


def points_cell(page, table: int):
    return page.locator(f"#table-{table} td.num").nth(1)


def dashes(text: str) -> str:
    return re.sub(r"\s+", "", text).replace("\u2013", "-").replace("\u2212", "-")


def active_id(page) -> str:
    return page.evaluate("document.activeElement && document.activeElement.id")


def type_score(page, ns: int, ew: int, table: int | None = None) -> None:
    """What a referee does: table, Tab, N-S points, Tab, E-W points. After a save the cursor
    is on the table field (the next missing table selected: typing replaces it); a table
    chosen from the list starts on N-S."""
    if table is not None:
        assert active_id(page) == "id_table"
        page.keyboard.type(str(table))
        page.keyboard.press("Tab")
    assert active_id(page) == "id_ns"
    page.keyboard.type(str(ns))
    page.keyboard.press("Tab")
    assert active_id(page) == "id_ew"
    page.keyboard.type(str(ew))


def press_enter_and_wait(page) -> None:
    with page.expect_navigation():
        page.keyboard.press("Enter")


def standings_on_page(page) -> list[tuple[int, int, int, int]]:
    """[(rank, pair, vp, mp)] of the standings table; columns found by their sort links."""
    rows = page.evaluate(
        """() => {
        const table = document.querySelector("table.standings");
        const heads = [...table.tHead.rows[0].cells];
        const col = key => heads.findIndex(th => {
            const a = th.querySelector("a[href]");
            if (!a) return false;
            const sort = new URL(a.href).searchParams.get("sort") || "";
            return sort.replace(/^-/, "") === key;
        });
        const cols = ["rank", "pair", "vp", "mp"].map(col);
        if (cols.some(i => i < 0)) throw new Error("standings column not found: " + cols);
        return [...table.tBodies[0].rows].map(
            tr => cols.map(i => tr.cells[i].textContent.trim()));
    }"""
    )
    return [tuple(int(c.replace("\u2212", "-")) for c in row) for row in rows]


def overflowing_elements(page, width: int) -> list[str]:
    """Elements sticking out to the right of the viewport, outside any .table-container."""
    return page.evaluate(
        """width => [...document.querySelectorAll("body *")]
            .filter(e => !e.closest(".table-container") || e.matches(".table-container"))
            .filter(e => e.getBoundingClientRect().right > width + 1)
            .map(e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
                 + (e.className && typeof e.className === "string"
                    ? "." + e.className.trim().split(/\\s+/).join(".") : "")
                 + " right=" + Math.round(e.getBoundingClientRect().right))
            .slice(0, 12)""",
        width,
    )


UNLABELLED = """() => [...document.querySelectorAll(
        "input:not([type=hidden]), select, textarea")]
    .filter(e => !(e.labels && e.labels.length) && !e.getAttribute("aria-label")
                 && !e.getAttribute("aria-labelledby"))
    .map(e => e.outerHTML)"""


# --- 1. the acceptance test ----------------------------------------------------------------


def planned_points(turn: int, seating, a: int, b: int) -> dict[int, tuple[int, int]]:
    """The results to type for a turn.

    Pairs `a` < `b` meet at table 1 of turn 1 and `b` wins by 100 (11-9); in turn 2 `a` wins
    by 200 (12-8) while `b` draws; in turn 3 both draw. They end level on VP and MP, so the
    head-to-head puts `b` above `a` although its number is higher.
    """
    out = {}
    for table, (ns, ew) in seating.items():
        points = POINTS[turn][table - 1]
        if turn == 1 and {ns, ew} == {a, b}:
            points = (500, 600) if ns == a else (600, 500)
        elif turn == 2 and a in (ns, ew):
            points = (1000, 800) if ns == a else (800, 1000)
        elif turn == 2 and b in (ns, ew):
            points = (800, 800)
        elif turn == 3 and (a in (ns, ew) or b in (ns, ew)):
            points = (700, 700)
        out[table] = points
    return out


def enter_turn(page, base, turn, points, shot, preview_table=None, expected_vp=None):
    """Type every result of the turn on the entry page, one table after the other."""
    for table in sorted(points):
        # The form is prefilled with the next missing table, selected, the cursor on it.
        expect(page.locator("#id_table")).to_have_value(str(table))
        expect(page.locator("#progress")).to_have_class(re.compile(r"\bwarn\b"))
        ns, ew = points[table]
        type_score(page, ns, ew, table)
        if table == preview_table:
            expect(page.locator("#vp-preview")).to_have_text(
                re.compile(rf"^\s*{expected_vp[0]}\s*\u2013\s*{expected_vp[1]}\s*$")
            )
            shot(page, f"turn{turn}-live-vp-preview")
        press_enter_and_wait(page)
        assert page.url == f"{base}/desk/{SLUG}/scores/?turn={turn}"
        expect(page.locator(".messages li.success")).to_have_count(1)
        expect(page.locator(f"#table-{table}")).to_have_class(re.compile(r"\bdone\b"))
        assert dashes(points_cell(page, table).inner_text()) == f"{ns}-{ew}"
    expect(page.locator("#progress")).to_have_class(re.compile(r"\bok\b"))
    assert active_id(page) == "id_table"  # nothing left to type: the cursor waits on Table
    shot(page, f"turn{turn}-all-entered")


SEATING_TIMEOUT = 60_000  # ms


def seat_from_dashboard(page, base, turn, shot):
    page.click(f"header nav a[href='/desk/{SLUG}/']")
    expect(page.locator("#state")).to_be_visible()
    shot(page, f"dashboard-before-turn{turn}")
    button = page.locator(f"#state form[action='/desk/{SLUG}/seating/next/'] button")
    expect(button).to_be_focused()  # the main action has the focus
    # The request seats the turn and enqueues the score sheets (built by the task queue, not
    # here); on a machine under heavy load it may still take a while: wait for the seating.
    with page.expect_navigation(timeout=SEATING_TIMEOUT):
        button.click()
    assert page.url == f"{base}/desk/{SLUG}/seating/"
    expect(page.locator(".messages li.success")).to_have_count(1, timeout=SEATING_TIMEOUT)
    sheets = Document.objects.get(tournament__slug=SLUG, kind="sheets", turn=turn)
    assert sheets.status == Document.Status.PENDING  # queued, not built in the request
    expect(page.locator("main table tbody tr")).to_have_count(8)
    shot(page, f"seating-turn{turn}")
    page.click(f"header nav a[href='/desk/{SLUG}/scores/']")
    assert page.url == f"{base}/desk/{SLUG}/scores/"


def test_a_referee_runs_a_whole_tournament(live_server, page, shot, settings):
    # Documents as deployed: the seating requests leave the score sheets to the task queue
    # (no worker runs here: this walk-through prints nothing) instead of building them inline.
    settings.TASKS_INLINE = settings.DOCUMENTS_SYNC = False
    base = live_server.url
    get_user_model().objects.create_user("arbitro", password=PASSWORD)

    # Log in through the page.
    page.goto(f"{base}/desk/{SLUG}/")  # not logged in: to the login page, then back
    assert page.url.startswith(f"{base}/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.fill("#id_username", "arbitro")
    page.fill("#id_password", "wrong password")
    with page.expect_navigation():
        page.click("main form:has(#id_password) button")
    expect(page.locator("main [role=alert]")).to_have_count(1)
    shot(page, "login-refused")
    login_in_page(page, base, "arbitro")
    assert page.url == f"{base}/"
    shot(page, "home-empty")

    # A new tournament: 3 turns, two Mitchell then a Danish, 3 deals.
    page.click("main a[href='/new/']")
    page.fill("#id_name", "Torneo del sabato sera")
    page.fill("#id_slug", SLUG)
    page.fill("#id_date", "2026-11-21")
    page.fill("#id_venue", "Circolo Burraco Roma")
    rows = page.locator("#plan-body tr.plan-row")  # the plan in rows: movement + turns
    rows.nth(0).locator("input[name=plan_turns]").fill("2")
    rows.nth(1).locator("select[name=plan_movement]").select_option("danish")
    rows.nth(1).locator("input[name=plan_turns]").fill("1")
    page.select_option("#id_deals", "3")
    page.select_option("#id_vp_scale", "feburit-2007")
    page.select_option("#id_first_seating", "registration")
    page.select_option("#id_tiebreak_order", "mp,h2h,number")
    expect(page.locator("details.scale[data-scale='feburit-2007']")).to_be_visible()
    shot(page, "new-tournament")
    with page.expect_navigation():
        page.click("main form button.primary")
    assert page.url == f"{base}/desk/{SLUG}/pairs/"
    tournament = Tournament.objects.get(slug=SLUG)
    assert tournament.plan == ["mitchell", "mitchell", "danish"]
    assert (tournament.turns, tournament.deals, tournament.minutes_per_turn) == (3, 3, 35)
    assert tournament.referees.filter(username="arbitro").exists()

    # Import the 16 pairs: preview first, nothing saved until confirmed.
    page.click(f"main a[href='/desk/{SLUG}/pairs/import/']")
    page.set_input_files(
        "#id_file", files=[{"name": "coppie.csv", "mimeType": "text/csv", "buffer": pairs_csv(16)}]
    )
    with page.expect_navigation():
        page.click("main form[enctype='multipart/form-data'] button")
    expect(page.locator("main .table-container tbody tr")).to_have_count(16)
    expect(page.locator("main .table-container tbody tr.missing")).to_have_count(0)
    expect(page.locator("main .table-container tbody .badge.ok")).to_have_count(16)
    assert not Pair.objects.filter(tournament=tournament).exists()
    shot(page, "import-preview")
    confirm = page.locator("main form:has(input[name=token]) button")
    expect(confirm).to_be_focused()
    with page.expect_navigation():
        confirm.click()
    assert page.url == f"{base}/desk/{SLUG}/pairs/"
    expect(page.locator("table.pairs tbody tr")).to_have_count(16)
    expect(page.locator("table.pairs tbody")).to_contain_text(" ".join(names_of(16)[:1]))
    assert Pair.objects.filter(tournament=tournament).count() == 16
    shot(page, "pairs-imported")

    # Turn 1 (Mitchell): seat it from the dashboard, then type the eight results.
    seat_from_dashboard(page, base, 1, shot)
    seating1 = seating_on_page(page)
    assert len(seating1) == 8
    a, b = seating1[1]
    assert a < b
    results = []
    points = planned_points(1, seating1, a, b)
    ns2, ew2 = points[2]
    assert abs(ns2 - ew2) == 420
    enter_turn(page, base, 1, points, shot, preview_table=2, expected_vp=(14, 6))
    t2 = Table.objects.get(turn__tournament=tournament, turn__number=1, number=2)
    assert (t2.ns_vp, t2.ew_vp) == (14, 6)
    results += [(*seating1[t], *points[t]) for t in seating1]

    # Turn 2 (Mitchell again: the E-W pairs move on).
    seat_from_dashboard(page, base, 2, shot)
    seating2 = seating_on_page(page)
    assert {ns for ns, _ in seating2.values()} == {ns for ns, _ in seating1.values()}
    assert not {frozenset(m) for m in seating1.values()} & {frozenset(m) for m in seating2.values()}
    points = planned_points(2, seating2, a, b)
    enter_turn(page, base, 2, points, shot)
    results += [(*seating2[t], *points[t]) for t in seating2]

    # Turn 3 (Danish: by the standings, nobody meets again).
    seat_from_dashboard(page, base, 3, shot)
    seating3 = seating_on_page(page)
    met = {frozenset(m) for m in list(seating1.values()) + list(seating2.values())}
    assert not met & {frozenset(m) for m in seating3.values()}
    points = planned_points(3, seating3, a, b)
    enter_turn(page, base, 3, points, shot)

    # Correct one result of turn 3: refused without a reason, accepted with one.
    fixed = next(t for t, m in sorted(seating3.items()) if a not in m and b not in m)
    old = points[fixed]
    new = (old[0] + 400, old[1])
    assert feburit_vp(*new) != feburit_vp(*old)
    with page.expect_navigation():
        page.click(f"#table-{fixed} td.num a[href*='table={fixed}']")
    expect(page.locator("#id_table")).to_have_value(str(fixed))
    expect(page.locator("#preview .badge.warn")).to_have_count(1)  # "already entered"
    type_score(page, *new)
    press_enter_and_wait(page)
    expect(page.locator("#entry-form [role=alert]")).to_have_count(1)
    expect(page.locator(".messages li.success")).to_have_count(0)
    assert dashes(points_cell(page, fixed).inner_text()) == f"{old[0]}-{old[1]}"
    row = Table.objects.get(turn__tournament=tournament, turn__number=3, number=fixed)
    assert (row.ns_points, row.ew_points) == old
    shot(page, "correction-refused-without-reason")
    page.click("#id_reason")
    page.keyboard.type("Errore di somma sullo score")
    press_enter_and_wait(page)
    expect(page.locator(".messages li.success")).to_have_count(1)
    assert dashes(points_cell(page, fixed).inner_text()) == f"{new[0]}-{new[1]}"
    row.refresh_from_db()
    assert (row.ns_points, row.ew_points) == new
    assert (row.ns_vp, row.ew_vp) == feburit_vp(*new)
    points[fixed] = new
    results += [(*seating3[t], *points[t]) for t in seating3]
    shot(page, "correction-saved")

    page.click(f"#table-{fixed} a[href='/desk/{SLUG}/scores/3/{fixed}/history/']")
    history = page.locator("main table tbody tr")
    expect(history).to_have_count(2)
    first, second = (history.nth(i).locator("td.num") for i in range(2))
    assert first.nth(0).inner_text().strip() == "\u2014"  # nothing before the first entry
    assert dashes(first.nth(1).inner_text()) == f"{old[0]}-{old[1]}"
    assert dashes(second.nth(0).inner_text()) == f"{old[0]}-{old[1]}"
    assert dashes(second.nth(1).inner_text()) == f"{new[0]}-{new[1]}"
    expect(history.nth(1)).to_contain_text("Errore di somma sullo score")
    expect(history.nth(1)).to_contain_text("arbitro")
    shot(page, "history")

    # The final standings: as computed here from the typed points, and as the adapter says.
    page.click(f"header nav a[href='/desk/{SLUG}/']")
    with page.expect_navigation():
        page.click(f"#state a[href='/desk/{SLUG}/standings/']")
    shown = standings_on_page(page)
    shot(page, "final-standings")
    expected = expected_ranking(results)
    assert [r[0] for r in shown] == list(range(1, 17))
    assert [(pair, vp, mp) for _rank, pair, vp, mp in shown] == expected
    computed = standings.standings(tournament)
    assert [(r.pair, r.vp, r.mp) for r in computed] == expected
    assert sum(vp for _p, vp, _m in expected) == 20 * 8 * 3

    # The data really exercised the tie-breaks: `b` above `a` on head-to-head only, and
    # at least one tie on VP settled by the MP difference.
    order = [p for p, _vp, _mp in expected]
    by_pair = {p: (vp, mp) for p, vp, mp in expected}
    assert by_pair[a] == by_pair[b] and order.index(b) < order.index(a)
    assert any(x[1] == y[1] and x[2] != y[2] for x, y in zip(expected, expected[1:]))
    top = shown[0][1]
    expect(page.locator("table.standings tbody tr").first).to_contain_text(names_of(top)[0])


# --- 2. phone-sized screen -----------------------------------------------------------------


def phone_tournament(tmp_path, user) -> str:
    slug = make_tournament(tmp_path, slug="telefono", pairs=0, plan="mitchell:2,danish:1")
    path = tmp_path / "coppie.csv"
    path.write_bytes(pairs_csv(16))
    run("pairs_import", slug, str(path))
    Tournament.objects.get(slug=slug).referees.add(user)
    play_turn(slug, points=lambda t: POINTS[1][t - 1])
    run("turn_seat", slug)
    run("score_record", slug, "--turn", "2", "--table", "1", "--ns", "1250", "--ew", "830")
    return slug


def test_entry_and_standings_fit_a_phone(live_server, browser, tmp_path, shot):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    slug = phone_tournament(tmp_path, user)
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="it-IT"
    )
    try:
        login_with_cookie(context, live_server.url, user)
        page = context.new_page()
        for name, path in [("entry", "scores/"), ("standings", "standings/")]:
            page.goto(f"{live_server.url}/desk/{slug}/{path}")
            expect(page.locator("main table")).not_to_have_count(0)
            width = page.evaluate("document.documentElement.scrollWidth")
            shot(page, f"phone-{name}")
            assert width <= 360 + 2, (name, width, overflowing_elements(page, 360))
    finally:
        context.close()


# --- 3. keyboard only, and labels ----------------------------------------------------------


def tab_to(page, selector: str, limit: int = 40) -> None:
    """Press Tab until the focused element matches `selector`."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"{selector} not reached with {limit} Tab presses")


def test_keyboard_only_from_login_to_a_saved_score(live_server, page, tmp_path, shot):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    slug = make_tournament(tmp_path, slug="tastiera", pairs=8, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    base = live_server.url

    page.goto(f"{base}/accounts/login/")
    assert active_id(page) == "id_username"  # Django's login form has autofocus
    page.keyboard.type("arbitro")
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    press_enter_and_wait(page)
    assert page.url == f"{base}/"

    tab_to(page, f"main a[href='/desk/{slug}/']")
    press_enter_and_wait(page)
    assert page.url == f"{base}/desk/{slug}/"
    assert page.evaluate("document.activeElement.closest('form')?.getAttribute('action')") == (
        f"/desk/{slug}/seating/next/"
    )
    press_enter_and_wait(page)  # seat turn 1
    assert page.url == f"{base}/desk/{slug}/seating/"

    tab_to(page, f"header nav a[href='/desk/{slug}/scores/']")
    press_enter_and_wait(page)
    expect(page.locator("#id_table")).to_have_value("1")
    type_score(page, 1250, 830, 1)
    expect(page.locator("#vp-preview")).to_have_text(re.compile(r"^\s*14\s*\u2013\s*6\s*$"))
    press_enter_and_wait(page)
    shot(page, "keyboard-saved")
    table = Table.objects.get(turn__tournament__slug=slug, turn__number=1, number=1)
    assert (table.ns_points, table.ew_points, table.ns_vp, table.ew_vp) == (1250, 830, 14, 6)
    expect(page.locator("#id_table")).to_have_value("2")
    assert active_id(page) == "id_table"  # ready for the next sheet, whichever it is


def test_every_form_input_has_a_label(live_server, page, tmp_path):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    open_slug = make_tournament(tmp_path, slug="aperto", pairs=4, turns=2)
    seated = make_tournament(tmp_path, slug="seduto", pairs=8, turns=2)
    for slug in (open_slug, seated):
        Tournament.objects.get(slug=slug).referees.add(user)
    run("turn_seat", seated)
    base = live_server.url
    login_with_cookie(page.context, base, user)

    pages = {
        "score entry": f"/desk/{seated}/scores/",
        "score entry, one table": f"/desk/{seated}/scores/?turn=1&table=2",
        "new pair": f"/desk/{open_slug}/pairs/add/",
        "pair": f"/desk/{open_slug}/pairs/1/",
        "pair of a seated tournament": f"/desk/{seated}/pairs/1/",
        "pairs": f"/desk/{open_slug}/pairs/",
        "import": f"/desk/{open_slug}/pairs/import/",
        "seating": f"/desk/{seated}/seating/",
        "new tournament": "/new/",
        "settings": f"/desk/{open_slug}/settings/",
    }
    missing = {}
    for name, path in pages.items():
        response = page.goto(base + path)
        assert response.status == 200, path
        assert page.locator("main input:not([type=hidden])").count() > 0, path
        unlabelled = page.evaluate(UNLABELLED)
        if unlabelled:
            missing[name] = unlabelled
    page.context.clear_cookies()
    page.goto(f"{base}/accounts/login/")
    if unlabelled := page.evaluate(UNLABELLED):
        missing["login"] = unlabelled
    assert not missing


# --- 4. another referee's tournament -------------------------------------------------------


def test_another_referees_tournament_is_a_404(live_server, page, tmp_path, shot):
    users = get_user_model().objects
    me = users.create_user("arbitro", password=PASSWORD)
    other = users.create_user("collega", password=PASSWORD)
    mine = make_tournament(tmp_path, slug="mio", pairs=4, turns=2)
    theirs = make_tournament(tmp_path, slug="altrui", pairs=4, turns=2)
    Tournament.objects.get(slug=mine).referees.add(me)
    Tournament.objects.get(slug=theirs).referees.add(other)
    base = live_server.url

    login_in_page(page, base, "arbitro")
    expect(page.locator(f"main a[href='/desk/{mine}/']")).to_have_count(1)
    expect(page.locator(f"main a[href='/desk/{theirs}/']")).to_have_count(0)
    assert page.goto(f"{base}/desk/{mine}/").status == 200
    for path in ("", "scores/", "standings/", "pairs/"):
        response = page.goto(f"{base}/desk/{theirs}/{path}")
        assert response.status == 404, path
        expect(page.locator("body")).not_to_contain_text("altrui")
    shot(page, "other-referee-404")
