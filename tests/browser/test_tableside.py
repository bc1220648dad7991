"""Results from the tables in a real browser: two phones at one table, and the referee's board.

The UI is translated (Italian by default), so elements are found by id, name, URL, CSS class
or data, never by their visible text; only pair numbers and points are read as text.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from scoring.models import PinAttempt, ResultChange, TableReport
from tests.helpers import make_tournament, run
from tournaments.models import Table, Tournament

# live_server serves from another thread: the tests need real transactions.
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "arbitro-Burraco-2026"
PHONE = {"width": 360, "height": 740}

# The page has two forms once a result waits: the answer (confirm / reject) and, folded,
# "enter a different result". Both have a PIN field, so fields are found inside their form.
ENTER_FORM = "form:has(input[name=action][value=enter])"
ANSWER_FORM = "form:has(button[name=action][value=confirm])"


@pytest.fixture
def new_phone(browser):
    contexts = []

    def make():
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, locale="it-IT"
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def tournament(tmp_path):
    """4 pairs, turn 1 seated and released: two tables."""
    slug = make_tournament(tmp_path, slug="ai-tavoli", pairs=4, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    return Tournament.objects.get(slug=slug)


@pytest.fixture
def table(tournament):
    return Table.objects.select_related("ns", "ew").get(turn__tournament=tournament, number=1)


@pytest.fixture
def referee(live_server, browser, tournament):
    """The referee's desk, logged in (a session made by Django's test client)."""
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    tournament.referees.add(user)
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    context.set_default_timeout(10_000)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.user = user
    yield page
    context.close()


# --- helpers -------------------------------------------------------------------------------


def enter(page, line: str, pin: str, ns: int, ew: int) -> None:
    form = page.locator(ENTER_FORM)
    form.locator(f"input[name=line][value={line}]").check()
    form.locator("input[name=pin]").fill(pin)
    form.locator("input[name=ns]").fill(str(ns))
    form.locator("input[name=ew]").fill(str(ew))
    form.locator("button.ok:not([name=mode])").click()
    answered(page)


def answered(page) -> None:
    """The page sends through fetch (static/js/table.js): a success reloads the page, which
    then says "Inviato ✓"; a refusal is shown in place, without a navigation."""
    expect(page.locator("html[data-send=sent], html[data-send=answered]")).to_have_count(1)


def answer(page, pin: str, action: str, note: str = "") -> None:
    form = page.locator(ANSWER_FORM)
    form.locator("input[name=pin]").fill(pin)
    if note:
        form.locator("input[name=note]").fill(note)
    form.locator(f"button[name=action][value={action}]").click()
    answered(page)


def board_row(page, table: int):
    return page.locator(f"#board tbody tr[data-table='{table}']")


def reported(table: Table) -> list[tuple[int, int, str]]:
    return [
        (r.ns_points, r.ew_points, r.status)
        for r in TableReport.objects.filter(table=table).order_by("id")
    ]


def wrong_pin(*pins: str) -> str:
    return next(p for p in ("0000", "1111", "2222") if p not in pins)


# --- 4. enter, reject, enter again, wrong PIN, confirm, approve -----------------------------


def test_two_phones_and_the_referee(live_server, new_phone, referee, tournament, table, shot):
    Tournament.objects.filter(pk=tournament.pk).update(approval_required=True)
    base = live_server.url
    url = f"{base}/s/{table.code}/"
    referee.goto(f"{base}/desk/{tournament.slug}/board/")
    expect(board_row(referee, 1)).to_have_attribute("data-status", "waiting")

    # Phone A (N-S) enters the result.
    a = new_phone()
    assert a.goto(url).status == 200
    expect(a.locator(ANSWER_FORM)).to_have_count(0)
    shot(a, "phone-a-empty")
    enter(a, "ns", table.ns.pin, 1250, 830)
    assert a.url == url
    expect(a.locator("p.msg")).to_have_count(1)
    expect(a.locator(ANSWER_FORM)).to_have_count(1)  # now the other line answers
    expect(a.locator("section.box p.kpi")).to_contain_text("1250")
    assert reported(table) == [(1250, 830, "entered")]
    shot(a, "phone-a-entered")

    # Phone B (E-W) rejects it with a note; the open board shows it by itself (htmx, 5 s).
    b = new_phone()
    b.goto(url)
    expect(b.locator("section.box p.kpi")).to_contain_text("830")
    shot(b, "phone-b-to-answer")
    answer(b, table.ew.pin, "reject", note="Abbiamo fatto 930")
    expect(b.locator("p.msg")).to_have_count(1)
    expect(b.locator("p.pen")).to_contain_text("Abbiamo fatto 930")
    expect(b.locator(ENTER_FORM)).to_have_count(1)
    assert reported(table) == [(1250, 830, "rejected")]
    row = board_row(referee, 1)
    expect(row).to_have_attribute("data-status", "rejected", timeout=8_000)
    expect(row).to_contain_text("Abbiamo fatto 930")
    shot(referee, "board-rejected")

    # Phone A enters again, another result.
    a.reload()
    expect(a.locator("p.pen")).to_contain_text("Abbiamo fatto 930")
    enter(a, "ns", table.ns.pin, 1250, 930)
    expect(a.locator("section.box p.kpi")).to_contain_text("930")
    assert reported(table) == [(1250, 830, "superseded"), (1250, 930, "entered")]

    # Phone B: a wrong PIN is refused and nothing is recorded...
    b.reload()
    answer(b, wrong_pin(table.ns.pin, table.ew.pin), "confirm")
    expect(b.locator(f"{ANSWER_FORM} [role=alert]")).to_have_count(1)
    expect(b.locator("p.msg")).to_have_count(0)
    shot(b, "phone-b-wrong-pin")
    assert reported(table) == [(1250, 830, "superseded"), (1250, 930, "entered")]
    assert PinAttempt.objects.filter(table=table).count() == 1
    table.refresh_from_db()
    assert not table.has_result

    # ...then the right one confirms: with approval required, it waits for the referee.
    answer(b, table.ew.pin, "confirm")
    expect(b.locator("p.msg")).to_have_count(1)
    expect(b.locator(ANSWER_FORM)).to_have_count(0)
    expect(b.locator(ENTER_FORM)).to_have_count(0)
    expect(b.locator("#live p.kpi")).to_have_count(1)
    shot(b, "phone-b-confirmed")
    assert reported(table)[-1] == (1250, 930, "confirmed")
    table.refresh_from_db()
    assert not table.has_result

    referee.reload()
    row = board_row(referee, 1)
    expect(row).to_have_attribute("data-status", "confirmed")
    assert re.sub(r"\s+", "", row.locator("td.num").nth(1).inner_text()) == "1250\u2013930"
    expect(board_row(referee, 2)).to_have_attribute("data-status", "waiting")
    shot(referee, "board-confirmed")
    with referee.expect_navigation():
        row.locator("form[action$='/approve/'] button").click()
    assert referee.url == f"{base}/desk/{tournament.slug}/board/"
    expect(referee.locator(".messages li.success")).to_have_count(1)
    expect(board_row(referee, 1)).to_have_attribute("data-status", "approved")
    expect(board_row(referee, 1).locator("form[action$='/approve/']")).to_have_count(0)
    shot(referee, "board-approved")

    table.refresh_from_db()
    assert (table.ns_points, table.ew_points) == (1250, 930)
    assert table.ns_vp > table.ew_vp and table.ns_vp + table.ew_vp == 20
    assert reported(table)[-1] == (1250, 930, "approved")
    change = ResultChange.objects.get(table=table)
    assert change.source == "table" and change.by == referee.user

    # The phones now show the recorded result, and nothing to type.
    a.reload()
    expect(a.locator("#live p.kpi").first).to_contain_text("1250")
    expect(a.locator("#live p.kpi").first).to_contain_text("930")
    expect(a.locator("form")).to_have_count(0)
    shot(a, "phone-a-recorded")


# --- 5. the pair that entered cannot confirm -----------------------------------------------


def test_the_pair_that_entered_cannot_confirm_its_own_result(
    live_server, new_phone, referee, tournament, table, shot
):
    base = live_server.url
    a = new_phone()
    a.goto(f"{base}/s/{table.code}/")
    enter(a, "ew", table.ew.pin, 700, 1105)
    assert reported(table) == [(700, 1105, "entered")]

    answer(a, table.ew.pin, "confirm")
    expect(a.locator(f"{ANSWER_FORM} [role=alert]")).to_have_count(1)
    expect(a.locator("p.msg")).to_have_count(0)
    shot(a, "phone-own-confirmation-refused")
    assert reported(table) == [(700, 1105, "entered")]
    table.refresh_from_db()
    assert not table.has_result

    # Rejecting one's own entry is refused the same way.
    answer(a, table.ew.pin, "reject", note="ci ripensiamo")
    expect(a.locator(f"{ANSWER_FORM} [role=alert]")).to_have_count(1)
    assert reported(table) == [(700, 1105, "entered")]

    referee.goto(f"{base}/desk/{tournament.slug}/board/")
    expect(board_row(referee, 1)).to_have_attribute("data-status", "entered")
    expect(board_row(referee, 1).locator("form[action$='/approve/']")).to_have_count(0)


# --- problems found and fixed: they stay tested --------------------------------------------


def test_the_deals_sheet_fits_a_phone(live_server, new_phone, table):
    page = new_phone()
    page.goto(f"{live_server.url}/s/{table.code}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 2
    page.click("details.deals-box > summary")
    expect(page.locator("table.deals")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 2


def test_ids_are_unique_while_a_result_waits(live_server, new_phone, table):
    page = new_phone()
    page.goto(f"{live_server.url}/s/{table.code}/")
    enter(page, "ns", table.ns.pin, 1250, 830)
    expect(page.locator(ANSWER_FORM)).to_have_count(1)
    duplicated = page.evaluate(
        """() => { const seen = {};
            document.querySelectorAll("[id]").forEach(e => seen[e.id] = (seen[e.id] || 0) + 1);
            return Object.keys(seen).filter(id => seen[id] > 1); }"""
    )
    assert duplicated == []
