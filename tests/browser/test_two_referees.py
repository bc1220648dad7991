"""Issue 26 part 2 in the browser: two referees, each in his own browser (two contexts, two
users), open the same form on the same table (or the same seating, groups, prize list); the
first saves, the second's save is refused with who changed what and when, in Italian, and
nothing of his is written; saving again from the page shown applies it. One walk through
every form that carries a version. Elements are found by id or name."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.models import Penalty, Prize
from tests.browser.test_csp import login_with_cookie
from tests.helpers import make_tournament, play_turn, run
from tournaments.models import AuditEntry, Group, Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STALE = "nel frattempo da arbitro1 alle"


def referee_page(browser, base, name, slugs):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="it-IT")
    context.set_default_timeout(10_000)
    user = get_user_model().objects.create_user(name, password="x")
    for slug in slugs:
        Tournament.objects.get(slug=slug).referees.add(user)
    login_with_cookie(context, base, user)
    return context, context.new_page()


def save(page, selector):
    with page.expect_navigation():
        page.click(selector)


def fill(page, form, values: dict) -> None:
    for name, value in values.items():
        field = page.locator(f"#{form} [name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(str(value))


def both_open(pages, url):
    for page in pages:
        page.goto(url)


def test_two_referees_on_the_same_forms(browser, live_server, tmp_path, shot):
    slug = make_tournament(tmp_path, slug="due", pairs=8, turns=3)
    groups = make_tournament(tmp_path, slug="gironi", pairs=16, plan="danish:1,danish-groups:1")
    play_turn(groups)
    run("turn_seat", slug)
    run("turn_release", slug)
    base = live_server.url
    first_context, one = referee_page(browser, base, "arbitro1", [slug, groups])
    second_context, two = referee_page(browser, base, "arbitro2", [slug, groups])
    desk = f"{base}/desk/{slug}"
    try:
        # The seating's swap (before any result).
        both_open([one, two], f"{desk}/seating/")
        fill(one, "swap", {"a": 1, "b": 3})
        save(one, "#swap form.entry button")
        fill(two, "swap", {"a": 2, "b": 4})
        save(two, "#swap form.entry button")
        expect(two.locator("[role=alert]")).to_contain_text(f"modificati {STALE}")
        shot(two, "two-referees-swap")
        assert AuditEntry.objects.filter(action="swap").count() == 1

        # The score entry: the second referee types table 1, the form learns its version
        # (the preview fills it); the first then saves table 1.
        two.goto(f"{desk}/scores/?turn=1")
        for number in ("2", "1"):  # the table typed over: each time its own version
            two.fill("#id_table", "")
            two.locator("#id_table").press_sequentially(number)
            expect(two.locator("#id_version_table")).to_have_value(number)
        expect(two.locator("#id_version")).to_have_value("0")  # table 1's: no desk change yet
        one.goto(f"{desk}/scores/?turn=1&table=1")
        fill(one, "entry-form", {"ns": 900, "ew": 400})
        save(one, "#entry-form button.primary.big")
        fill(two, "entry-form", {"ns": 950, "ew": 400, "reason": "somma"})
        save(two, "#entry-form button.primary.big")
        expect(two.locator("#entry-form [role=alert]")).to_contain_text(
            f"Il tavolo 1 è stato modificato {STALE}"
        )
        assert (
            Table.objects.get(turn__number=1, number=1, turn__tournament__slug=slug).ns_points
            == 900
        )
        save(two, "#entry-form button.primary.big")  # checked: saved again, it applies
        assert (
            Table.objects.get(turn__number=1, number=1, turn__tournament__slug=slug).ns_points
            == 950
        )

        # The N-S/E-W swap of table 1's points (Art. 31), from the scores' table.
        both_open([one, two], f"{desk}/scores/?turn=1")
        for page in (one, two):
            page.click("#table-1 details.swap summary")
            page.fill("#swap-reason-1", "scritto al contrario")
        save(one, "#table-1 details.swap button")
        save(two, "#table-1 details.swap button")
        expect(two.locator("[role=alert]")).to_contain_text(
            f"Il tavolo 1 è stato modificato {STALE}"
        )
        row = Table.objects.get(turn__number=1, number=1, turn__tournament__slug=slug)
        assert (row.ns_points, row.ew_points) == (400, 950)  # swapped once, not back again

        # The adjusted score opened for table 1.
        both_open([one, two], f"{desk}/rulings/adjust/?turn=1&table=1")
        fill(one, "adjust", {"ns_vp": 20, "ew_vp": 0, "reason": "ritardo"})
        save(one, "#adjust button.primary")
        fill(two, "adjust", {"ns_vp": 12, "ew_vp": 8, "reason": "altro"})
        save(two, "#adjust button.primary")
        expect(two.locator("#adjust [role=alert]")).to_contain_text(f"modificato {STALE}")
        shot(two, "two-referees-adjust")

        # A table ruling and a penalty, typed on the rulings page.
        run("score_record", slug, "--turn", "1", "--table", "2", "--ns", "900", "--ew", "400")
        guilty = Table.objects.get(turn__number=1, number=2, turn__tournament__slug=slug).ns.number
        both_open([one, two], f"{desk}/rulings/")
        ruling = {"turn": 1, "table": 2, "pair": guilty, "ruling": "art32-abbandono"}
        fill(one, "table", ruling)
        save(one, "#table button.primary")
        fill(two, "table", ruling)
        save(two, "#table button.primary")
        expect(two.locator("#table [role=alert]")).to_contain_text(
            f"Il tavolo 2 è stato modificato {STALE}"
        )

        both_open([one, two], f"{desk}/rulings/")
        fill(one, "penalty", {"pair": 5, "vp": 1, "reason": "ritardo"})
        save(one, "#penalty button.primary")
        fill(two, "penalty", {"pair": 5, "vp": 2, "reason": "ritardo al tavolo"})
        save(two, "#penalty button.primary")
        expect(two.locator("#penalty [role=alert]")).to_contain_text("Nel frattempo arbitro1")
        assert Penalty.objects.count() == 1

        # The groups' cut and the prize list of a national event.
        both_open([one, two], f"{base}/desk/{groups}/groups/")
        one.fill("#tables", "4,4")
        save(one, "#groups-form button[value=set]")
        two.fill("#tables", "3,5")
        save(two, "#groups-form button[value=set]")
        expect(two.locator("main")).to_contain_text(f"I gironi sono stati modificati {STALE}")
        assert [g.tables for g in Group.objects.order_by("name")] == [4, 4]

        both_open([one, two], f"{base}/desk/{groups}/prizes/")
        one.fill("[name=prizes-0-place]", "1")
        one.fill("[name=prizes-0-prize]", "Coppa")
        save(one, "#save-prizes")
        two.fill("[name=prizes-0-place]", "1")
        two.fill("[name=prizes-0-prize]", "Targa")
        save(two, "#save-prizes")
        expect(two.locator("main")).to_contain_text(
            f"L'elenco dei premi è stato modificato {STALE}"
        )
        shot(two, "two-referees-prizes")
        assert list(Prize.objects.values_list("label", flat=True)) == ["Coppa"]
    finally:
        first_context.close()
        second_context.close()
