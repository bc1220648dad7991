"""The rules as the referee sees them: Art. 31's late correction at the desk, the bye score
beside the VP scale (Art. 33), a second rest reported on the seating page (Art. 33)."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring.models import ResultChange
from tests.browser.test_referee_flow import PASSWORD, login_with_cookie
from tests.helpers import export, make_tournament, play_turn, run
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def referee_of(tmp_path, **kw):
    user = get_user_model().objects.create_user("arbitro", password=PASSWORD)
    slug = make_tournament(tmp_path, **kw)
    Tournament.objects.get(slug=slug).referees.add(user)
    return user, slug


def test_art_31_late_correction_at_the_desk(live_server, browser, tmp_path, shot):
    user, slug = referee_of(tmp_path, pairs=6, turns=3)
    play_turn(slug, points=lambda t: (1250, 830))
    run("turn_seat", slug)
    for size, name in (((1280, 900), "desktop"), ((360, 740), "phone")):
        context = browser.new_context(
            viewport={"width": size[0], "height": size[1]}, locale="it-IT"
        )
        try:
            login_with_cookie(context, live_server.url, user)
            page = context.new_page()
            page.goto(f"{live_server.url}/desk/{slug}/scores/?turn=1&table=1")
            expect(page.locator("#late-field")).to_be_visible()
            page.fill("#id_ns", "1300" if name == "desktop" else "1305")
            page.fill("#id_ew", "830")
            page.fill("#id_reason", "errore di somma")
            page.locator("button.primary.big").click()
            expect(page.locator("main")).to_contain_text("Art. 31")
            shot(page, f"{name}-refused")
            page.check("#id_late_correction")
            page.fill("#id_reason", "errore di somma")
            page.locator("button.primary.big").click()
            expect(page.locator(".messages")).to_contain_text("rettifica tardiva")
            shot(page, f"{name}-late-correction")
        finally:
            context.close()
    table = Table.objects.get(turn__number=1, number=1)
    assert table.ns_points == 1305
    assert ResultChange.objects.filter(table=table, late_correction=True).count() == 2


def test_art_33_bye_shown_beside_the_scale(live_server, page, tmp_path, shot):
    user, slug = referee_of(tmp_path, pairs=6, turns=2, vp_scale="fibur-4", deals=4)
    login_with_cookie(page.context, live_server.url, user)
    page.goto(f"{live_server.url}/desk/{slug}/settings/")
    visible = page.locator("details.scale:visible .bye-of-scale")
    expect(visible).to_contain_text("60%")
    expect(page.locator("#id_bye_percentage")).to_have_attribute("placeholder", "60")
    page.select_option("#id_vp_scale", "feburit-2007")
    expect(page.locator("details.scale:visible .bye-of-scale")).to_contain_text("70%")
    expect(page.locator("#id_bye_percentage")).to_have_attribute("placeholder", "70")
    shot(page, "settings-scale-bye")


def test_art_33_second_rest_reported_on_the_seating_page(live_server, page, tmp_path, shot):
    """3 pairs, two Danish turns (two pairs rested), then a 2-turn Mitchell block: it needs
    two resting pairs and only one has not rested, so one pair rests again: the fewest
    possible, and the seating page says which."""
    user, slug = referee_of(tmp_path, pairs=3, plan="danish:2,mitchell:2")
    for _ in range(3):
        play_turn(slug)
    run("turn_seat", slug)
    turns = export(slug)["turns"]
    assert sum(len(t["rest_again"]) for t in turns) == 1
    where = next(t for t in turns if t["rest_again"])
    assert where["movement"] == "mitchell"
    login_with_cookie(page.context, live_server.url, user)
    page.goto(f"{live_server.url}/desk/{slug}/seating/?turn={where['number']}")
    expect(page.locator("main")).to_contain_text("secondo riposo")
    expect(page.locator("main")).to_contain_text("Art. 33")
    shot(page, "seating-rest-again")
