"""Issue 26, part 3: the keyboard alone runs a whole turn at the desk (seat, publish, enter
every table, rule, standings, print), and every element it reaches shows where the focus is.

Only Tab, Shift+Tab, Enter and typing: no click, no address typed after the first page."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.models import Document, Penalty
from tests.browser.test_csp import login_with_cookie
from tests.helpers import make_tournament
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The focused element, and whether its focus is seen: an outline of 2 px or more (the
# :focus-visible rule of static/css/app.css) or a box shadow.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
  const seen = outlined || style.boxShadow !== 'none';
  const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (el.getAttribute('href') ? '[href=' + el.getAttribute('href') + ']' : '')
    + (el.name ? '[name=' + el.name + ']' : '');
  return {name, seen};
}"""


class Keyboard:
    """Tab from element to element, noting any that shows no focus."""

    def __init__(self, page):
        self.page = page
        self.unseen = set()

    def tab_to(self, selector: str, limit: int = 80) -> None:
        for _press in range(limit):
            self.page.keyboard.press("Tab")
            focused = self.page.evaluate(FOCUSED)
            if focused and not focused["seen"]:
                self.unseen.add(f"{self.page.url}: {focused['name']}")
            if self.page.evaluate("s => document.activeElement.matches(s)", selector):
                return
        raise AssertionError(
            f"Tab never reached {selector} on {self.page.url}: {self.page.evaluate(FOCUSED)}"
        )

    def follow(self, selector: str) -> None:
        """Tab to a link or button and press Enter: the next page is loaded."""
        self.tab_to(selector)
        with self.page.expect_navigation():
            self.page.keyboard.press("Enter")

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)


def test_a_whole_turn_with_the_keyboard_alone(browser, live_server, tmp_path, shot):
    user = get_user_model().objects.create_user("arbitro", password="x")
    slug = make_tournament(tmp_path, slug="tastiera", pairs=8, turns=2)
    tournament = Tournament.objects.get(slug=slug)
    tournament.referees.add(user)
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="it-IT")
    context.set_default_timeout(10_000)
    login_with_cookie(context, live_server.url, user)
    page = context.new_page()
    keys = Keyboard(page)
    desk = f"/desk/{slug}"
    page.goto(f"{live_server.url}{desk}/")

    # seat the turn, publish it; "Skip to content" is the first Tab of a page, shown when
    # focused, and leads past the menus
    keys.follow(f"header a[href='{desk}/seating/']")
    keys.tab_to("a.skip", limit=1)
    expect(page.locator("a.skip")).to_be_in_viewport()
    page.keyboard.press("Enter")
    keys.tab_to("main a, main button, main input, main select", limit=1)
    keys.follow(f"form[action='{desk}/seating/next/'] button")
    assert tournament.turn_set.count() == 1
    keys.follow("#release")
    assert tournament.turn_set.get().released_at is not None

    # enter every table: table, Tab, N-S, Tab, E-W, Enter (the cursor comes back)
    keys.follow(f"header a[href='{desk}/scores/']")
    tables = Table.objects.filter(turn__tournament=tournament).order_by("number")
    for table in tables:
        expect(page.locator("#id_table")).to_be_focused()
        keys.type(str(table.number))
        page.keyboard.press("Tab")
        keys.type(str(1000 + 10 * table.number))
        page.keyboard.press("Tab")
        keys.type("500")
        with page.expect_navigation():
            page.keyboard.press("Enter")
    assert all(t.has_result for t in Table.objects.filter(turn__tournament=tournament))

    # a ruling: a warning to pair 2
    keys.follow(f"header a[href='{desk}/rulings/']")
    keys.tab_to("#penalty [name=pair]")
    keys.type("2")
    keys.tab_to("#penalty [name=vp]")
    keys.type("1")
    keys.tab_to("#penalty [name=reason]")
    keys.type("Ritardo")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert Penalty.objects.filter(tournament=tournament).count() == 1

    # the standings, then print them
    keys.follow(f"header a[href='{desk}/standings/']")
    expect(page.locator("main table tbody tr")).to_have_count(8)
    keys.follow(f"header a[href='{desk}/documents/']")
    keys.follow("form:has(input[value='standings-pdf']) button")
    assert Document.objects.filter(tournament=tournament, kind="standings-pdf").exists()
    shot(page, "keyboard-printed")

    # every element reached showed where the focus was
    assert not keys.unseen, sorted(keys.unseen)
    context.close()
