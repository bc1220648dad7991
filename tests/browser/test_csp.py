"""The Content-Security-Policy in a real browser: every page of a played tournament (desk,
players', admin) at desktop and phone size runs with no violation, and its scripts still work;
the watch on violations (conftest) does see one when a page breaks the policy.

Also the pairs import page as a referee meets it: the sample file, the export buttons."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.urls import get_resolver, reverse
from playwright.sync_api import expect

from scoring.documents import jobs
from tests.browser.conftest import CSP_VIOLATIONS
from tests.helpers import make_tournament, play_turn, run
from tests.test_permissions import POST_ONLY
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def login_with_cookie(context, base: str, user) -> None:
    client = Client()
    client.force_login(user)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )


@pytest.fixture
def played(tmp_path):
    cache.clear()
    user = get_user_model().objects.create_user(
        "arbitro", password="x", is_staff=True, is_superuser=True
    )
    slug = make_tournament(tmp_path, slug="csp", pairs=8, turns=3, plan="mitchell:2,danish:1")
    t = Tournament.objects.get(slug=slug)
    t.referees.add(user)
    t.table_entry = True
    t.save()
    play_turn(slug)
    run("turn_release", slug)
    run("turn_seat", slug)
    run("turn_release", slug)
    run("penalty_add", slug, "--pair", "2", "--vp", "1", "--reason", "Ritardo")
    doc = jobs.request_document(t, "seating", t.turn_set.get(number=1))
    table = Table.objects.get(turn__tournament=t, turn__number=2, number=1)
    kwargs = {"slug": slug, "number": 1, "turn": 1, "table": 1, "code": table.code}
    yield user, slug, kwargs, {"document_status": doc.pk, "document_download": doc.pk}
    cache.clear()


def page_urls(kwargs, pks):
    """Every GET page of the app (forms only POST, downloads skipped), with real arguments."""
    skip = {"logout", "set_language", "document_download", "backup", "pair_import_sample_csv"}
    skip |= {"pair_import_sample_xlsx", "healthz", "homologation_download"} | POST_ONLY
    urls = []

    def walk(resolver, prefix=""):
        for p in resolver.url_patterns:
            if hasattr(p, "url_patterns"):
                if "admin" not in str(p.pattern):
                    walk(p, prefix + str(p.pattern))
            elif p.name and p.name not in skip and not p.name.startswith("hub_"):
                # the hub's pages answer only on a hub (tests/browser/test_hub.py); a digest
                # nobody holds is a "not found" page (tests/test_homologation.py)
                if "<digest>" in str(p.pattern):
                    continue
                pattern = prefix + str(p.pattern)
                wanted = {k: v for k, v in kwargs.items() if f":{k}>" in pattern}
                if "<int:pk>" in pattern:
                    if p.name not in pks:
                        continue
                    wanted["pk"] = pks[p.name]
                urls.append(reverse(p.name, kwargs=wanted))

    walk(get_resolver())
    return urls


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_every_page_runs_under_the_policy(live_server, browser, played, size, shot):
    user, slug, kwargs, pks = played
    viewport = PHONE if size == "phone" else {"width": 1280, "height": 900}
    context = browser.new_context(viewport=viewport, locale="it-IT", is_mobile=size == "phone")
    context.set_default_timeout(10_000)
    login_with_cookie(context, live_server.url, user)
    page = context.new_page()
    urls = page_urls(kwargs, pks) + [
        "/admin/",
        "/admin/scoring/ruling/",
        "/admin/auth/user/1/change/",
    ]
    assert len(urls) > 25
    for url in urls:
        response = page.goto(live_server.url + url)
        assert response.status < 500, url
        policy = response.headers.get("content-security-policy", "")
        if response.headers.get("content-type", "").startswith("text/html"):
            assert "script-src 'self'" in policy and "unsafe-inline" not in policy, url
    page.goto(f"{live_server.url}/desk/{slug}/standings/")
    shot(page, f"standings-{size}")
    page.goto(f"{live_server.url}/t/{slug}/screen/")
    expect(page.locator("#live .slide.on")).to_have_count(1)  # screen.js cycles the slides
    shot(page, f"screen-{size}")
    context.close()
    assert not CSP_VIOLATIONS, CSP_VIOLATIONS[:5]


def test_the_scripts_moved_out_of_the_pages_still_work(live_server, page, played, shot):
    user, slug, _kwargs, _pks = played
    login_with_cookie(page.context, live_server.url, user)
    base = live_server.url
    # the turn chooser submits itself (select.autosubmit)
    page.goto(f"{base}/desk/{slug}/scores/")
    target = page.get_attribute("#entry-form", "data-focus")
    expect(page.locator(f"#{target}")).to_be_focused()  # app.js moves the cursor there
    with page.expect_navigation():
        page.select_option("#turn", "1")
    assert "turn=1" in page.url
    # typing a table shows who sits there (htmx, no inline style injected)
    page.goto(f"{base}/desk/{slug}/scores/?turn=2")
    page.fill("#id_table", "1")
    expect(page.locator("#preview strong").first).to_be_visible()
    # a 400 fragment (a value that is no number) is swapped in too (htmx-config in base.html)
    page.evaluate(
        f"htmx.ajax('GET', '/desk/{slug}/scores/preview/?turn=2&table=1&ns=abc&ew=0',"
        " {target: '#preview'})"
    )
    expect(page.locator("#preview p.error")).to_contain_text("abc")
    # the settings page shows the chosen VP scale only
    page.goto(f"{base}/desk/{slug}/settings/")
    page.select_option("#id_vp_scale", "fibur-4")
    expect(page.locator("details.scale[data-scale='fibur-4']")).to_be_visible()
    expect(page.locator("details.scale[data-scale='feburit-2007']")).to_be_hidden()
    # a confirmation is still asked before undoing a seating (data-confirm)
    page.goto(f"{base}/desk/{slug}/seating/")
    asked = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.click("form[data-confirm] button")
    assert asked and Tournament.objects.get(slug=slug).turn_set.count() == 2
    # the language menu submits itself
    with page.expect_navigation():
        page.select_option("#lang", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.select_option("#lang", "it")
    assert not CSP_VIOLATIONS


def test_the_watch_sees_a_violation(live_server, page):
    page.goto(f"{live_server.url}/accounts/login/")
    page.evaluate(
        "document.body.insertAdjacentHTML('beforeend', '<div style=\"color:red\">x</div>')"
    )
    page.wait_for_timeout(200)
    assert CSP_VIOLATIONS, "an inline style must be reported"
    CSP_VIOLATIONS.clear()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_import_page_offers_a_sample_and_the_pairs_page_exports(
    live_server, browser, played, shot, size
):
    user, slug, _kwargs, _pks = played
    empty = make_tournament(None, slug="vuoto", pairs=0, turns=1)
    Tournament.objects.get(slug=empty).referees.add(user)
    viewport = PHONE if size == "phone" else {"width": 1280, "height": 900}
    context = browser.new_context(
        viewport=viewport, locale="it-IT", is_mobile=size == "phone", accept_downloads=True
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    login_with_cookie(context, live_server.url, user)
    page.goto(f"{live_server.url}/desk/{empty}/pairs/import/")
    with page.expect_download() as sample:
        page.click(f"a[href='/desk/{empty}/pairs/import/sample.xlsx']")
    data = open(sample.value.path(), "rb").read()
    page.set_input_files(
        "#id_file",
        files=[{"name": "esempio.xlsx", "mimeType": "application/octet-stream", "buffer": data}],
    )
    with page.expect_navigation():
        page.click("main form[enctype='multipart/form-data'] button")
    expect(page.locator("main .table-container tbody tr")).to_have_count(3)
    shot(page, f"import-sample-preview-{size}")
    with page.expect_navigation():
        page.click("main form:has(input[name=token]) button")
    assert Tournament.objects.get(slug=empty).pairs.count() == 3
    page.goto(f"{live_server.url}/desk/{slug}/pairs/")
    buttons = page.locator("main .toolbar a.button[href^='?_export=']")
    expect(buttons).to_have_count(2)
    expect(buttons.first).to_contain_text("Esporta")
    with page.expect_download() as exported:
        buttons.nth(1).click()
    assert exported.value.suggested_filename == f"{slug}-coppie.xlsx"
    shot(page, f"pairs-export-buttons-{size}")
    context.close()
