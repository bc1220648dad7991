"""A result survives a dropped connection, in a real browser (issue 26, part 1).

The network goes off between the press of Invia and the answer: the server has stored the
entry (or the confirmation) but the phone never hears it. The page says it is not sent and
keeps the form in the tab's session storage; it tries again after a reload and when the
network comes back, with the same submission key: one entry and one confirmation are
stored, and "Inviato ✓" is seen only once the server answered."""

import pytest
from playwright.sync_api import expect

from scoring.models import Submission, TableReport
from tests.helpers import make_tournament, run
from tournaments.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}
ENTER_FORM = "form:has(input[name=action][value=enter])"
ANSWER_FORM = "form:has(button[name=action][value=confirm])"
NOT_SENT = "Non inviato: riprovo appena c'è rete"


@pytest.fixture
def table(tmp_path):
    slug = make_tournament(tmp_path, slug="wifi", pairs=4, turns=2)
    run("turn_seat", slug)
    run("turn_release", slug)
    return Table.objects.select_related("ns", "ew").get(turn__tournament__slug=slug, number=1)


class Hall:
    """A phone on the hall's Wi-Fi: `lose_next` lets the next POST reach the server (which
    commits) and then turns the network off before the answer; `down` drops every POST."""

    def __init__(self, browser):
        self.context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, locale="it-IT"
        )
        self.context.set_default_timeout(15_000)
        self.lose_next, self.down, self.posts = False, False, 0
        self.page = self.context.new_page()
        self.page.route("**/s/*/", self.wifi)

    def wifi(self, route):
        if route.request.method != "POST":
            route.continue_()
            return
        self.posts += 1
        if self.lose_next:
            self.lose_next = False
            cookies = self.context.cookies()
            route.fetch(max_redirects=0)  # the server does it all...
            self.context.set_offline(True)  # ...and the answer is lost, cookies included
            self.context.clear_cookies()
            self.context.add_cookies(cookies)
            route.abort("internetdisconnected")
        elif self.down:
            route.abort("internetdisconnected")
        else:
            route.continue_()


@pytest.fixture
def phones(browser):
    made = []

    def make():
        made.append(Hall(browser))
        return made[-1]

    yield make
    for hall in made:
        hall.context.close()


def waiting(page) -> list[str]:
    """What the page keeps in the tab's session storage (htmx keeps its own key there)."""
    keys = page.evaluate("Object.keys(sessionStorage)")
    return [k for k in keys if k.startswith("table-")]


def status(page):
    return page.locator("#send-status")


def test_the_answer_lost_then_a_reload_then_the_network_back(live_server, phones, table, shot):
    url = f"{live_server.url}/s/{table.code}/"
    north = phones()
    page = north.page
    page.goto(url)
    form = page.locator(ENTER_FORM)
    form.locator("input[name=line][value=ns]").check()
    form.locator("input[name=pin]").fill(table.ns.pin)
    form.locator("input[name=ns]").fill("1250")
    form.locator("input[name=ew]").fill("830")
    north.lose_next = True
    form.locator("button.ok:not([name=mode])").click()
    expect(status(page)).to_have_text(NOT_SENT)
    shot(page, "not-sent")
    assert list(TableReport.objects.values_list("status", flat=True)) == ["entered"]
    assert waiting(page) == [f"table-send:/s/{table.code}/"]
    kept = page.evaluate(f"sessionStorage.getItem('table-send:/s/{table.code}/')")
    assert table.ns.pin in kept and "submission" in kept
    assert page.evaluate("Object.keys(localStorage)") == []

    # The network comes back but still loses everything; the player reloads the page: the
    # send waits in the tab, with its key and PIN, and is tried again at once.
    north.down = True
    north.context.set_offline(False)
    tries = north.posts
    page.reload()
    expect(status(page)).to_have_text(NOT_SENT)
    expect(page.locator("html[data-send=offline]")).to_have_count(1)
    assert north.posts > tries

    # The phone is locked and reopened with the network working: the same key goes through.
    north.down = False
    with page.expect_navigation():
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(status(page)).to_have_text("Inviato ✓")
    expect(page.locator("p.msg")).to_contain_text("Risultato inviato")
    expect(page.locator(ANSWER_FORM)).to_have_count(1)
    assert waiting(page) == []
    shot(page, "sent")

    # The other line confirms; the answer is lost; the network comes back.
    east = phones()
    east.page.goto(url)
    east.page.locator(f"{ANSWER_FORM} input[name=pin]").fill(table.ew.pin)
    east.lose_next = True
    east.page.locator(f"{ANSWER_FORM} button[value=confirm]").click()
    expect(status(east.page)).to_have_text(NOT_SENT)
    with east.page.expect_navigation():
        east.context.set_offline(False)  # the "online" event: sent again
    expect(status(east.page)).to_have_text("Inviato ✓")
    expect(east.page.locator("p.msg")).to_contain_text("Risultato confermato")
    shot(east.page, "confirmed")

    reports = list(TableReport.objects.values_list("status", "ns_points", "ew_points"))
    assert reports == [("approved", 1250, 830)]
    table.refresh_from_db()
    assert (table.ns_points, table.ew_points) == (1250, 830)
    assert table.changes.count() == 1
    outcomes = dict(Submission.objects.values_list("outcome", "replays"))
    assert outcomes["entered"] >= 1 and outcomes["confirmed"] >= 1


def test_a_refusal_is_shown_at_once_and_nothing_waits(live_server, phones, table):
    url = f"{live_server.url}/s/{table.code}/"
    page = phones().page
    page.goto(url)
    form = page.locator(ENTER_FORM)
    form.locator("input[name=line][value=ns]").check()
    form.locator("input[name=pin]").fill("0000" if table.ns.pin != "0000" else "1111")
    form.locator("input[name=ns]").fill("1250")
    form.locator("input[name=ew]").fill("830")
    form.locator("button.ok:not([name=mode])").click()
    expect(page.locator("html[data-send=answered]")).to_have_count(1)
    expect(page.locator(f"{ENTER_FORM} [role=alert]")).to_have_count(1)
    expect(status(page)).to_be_hidden()
    assert waiting(page) == []
    assert not TableReport.objects.exists()
