"""Issue 26, part 3: the players' pages follow the phone's text size and offer a large-text
switch that is remembered; the big screen is read from 10 metres (32 px at least at 1080p)."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.helpers import make_tournament, play_turn, run
from tournaments.models import Table

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 390, "height": 844}

# What is cut or pushes the page sideways once the text is twice as large: elements whose
# content is wider than their box while they hide the overflow, and the page's own width.
# A table's scrolling region (.table-container) is meant to scroll; .sr is hidden on purpose.
CUT = """() => {
  const cut = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('.table-container, .sr, [hidden]')) continue;
    const style = getComputedStyle(el);
    const hides = ['hidden', 'clip'].includes(style.overflowX);
    if (hides && el.scrollWidth > el.clientWidth + 1) cut.push(el.tagName + '.' + el.className);
  }
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) {
    const wide = [...document.querySelectorAll('body *')].filter(el =>
      !el.closest('.table-container, .sr')
      && el.getBoundingClientRect().right > root.clientWidth + 1);
    const named = wide.slice(-3).map(
      el => el.tagName + '.' + el.className + ' ' + el.textContent.trim().slice(0, 30));
    cut.push('page ' + root.scrollWidth + 'px wide: ' + named.join(' | '));
  }
  return cut;
}"""


def test_no_fixed_pixel_font_size_on_the_players_pages():
    for name in ("public.css",):
        css = (ROOT / "static" / "css" / name).read_text()
        assert not re.findall(r"font(?:-size)?\s*:[^;}]*\d+px", css), name


@pytest.fixture
def event(tmp_path):
    slug = make_tournament(tmp_path, slug="testo", pairs=8, turns=3)
    play_turn(slug)
    run("turn_seat", slug)
    run("turn_release", slug)
    table = Table.objects.get(turn__tournament__slug=slug, turn__number=2, number=1)
    return slug, table.code


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_large_text_switch_is_remembered_and_nothing_is_cut_at_200(
    browser, live_server, event, shot
):
    slug, code = event
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="it-IT")
    context.set_default_timeout(10_000)
    page = context.new_page()
    base = live_server.url
    page.goto(f"{base}/t/{slug}/")
    size = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
    assert page.evaluate(size) == 16
    switch = page.locator("#text-size")
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-pressed", "false")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(size) == 20
    body = page.evaluate("parseFloat(getComputedStyle(document.querySelector('td')).fontSize)")
    assert body >= 20  # the page's text grew with the root: no size fixed in pixels
    for where in (f"/t/{slug}/standings/", f"/t/{slug}/pair/1/", f"/s/{code}/"):
        page.goto(base + where)  # remembered on the next pages
        expect(page.locator("html")).to_have_class(re.compile(r"\blarge-text\b"))
        expect(page.locator("#text-size")).to_have_attribute("aria-pressed", "true")
    page.locator("#text-size").click()
    page.reload()
    assert page.evaluate(size) == 16
    # The phone's text size at 200 %: every page still fits, nothing is cut.
    for where in (f"/t/{slug}/", f"/t/{slug}/standings/", f"/t/{slug}/pair/1/", f"/s/{code}/"):
        page.goto(base + where)
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        assert page.evaluate(size) == 32
        assert page.evaluate(CUT) == [], where
        shot(page, "text-200-" + where.strip("/").replace("/", "-"))
    context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_big_screen_reads_from_ten_metres(browser, live_server, event, shot):
    slug, _code = event
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="it-IT")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{slug}/screen/")
    expect(page.locator("#live .slide.on")).to_have_count(1)
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('#live .slide.on :is(h1, th, td, b, span, a)')]
        .filter(el => el.offsetParent !== null && el.textContent.trim())
        .map(el => [el.tagName + ' ' + el.textContent.trim().slice(0, 20),
                    parseFloat(getComputedStyle(el).fontSize)])"""
    )
    assert sizes
    small = [(what, px) for what, px in sizes if px < 32]
    assert not small, small
    shot(page, "screen-1080p")
    context.close()
