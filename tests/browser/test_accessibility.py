"""Issue 26, part 3: every page passes an axe-core audit at phone and desktop size.

axe-core (bundled by `axe-playwright-python`, run offline in Debian's chromium) checks the
WCAG 2.0/2.1 A and AA rules and the `best-practice` rules on:
- every page of the referee's desk, listed from the URL configuration (`config/desk_urls.py`,
  the top-level pages of `config/urls.py`), for the kind's own pages;
- every players' page (`scoring/public_urls.py`) and the table's phone page (`/s/<code>/`) in
  each of its states: enter, waiting for the other line, confirmed (waiting for the
  referee's approval), recorded, not sent (the network down during a send), locked by wrong
  PINs (the answer once the network is back), unknown code;
- the login page and the error pages (404 served, 400, 403, 403 CSRF, 405 and 500 rendered
  by their handlers);
for each kind of event (pairs, individual, teams: the demo builders make them), and the
federation's hub, at 390×844 and 1366×900. Any violation of any impact fails, naming the
rule, the page and the nodes.

One browser for the module, one page per size moving from address to address; each kind's
tournament is built once (one test a kind). With AXE_REPORT=<file> the counts per page are
written as JSON (docs/accessibility.md keeps them).
"""

import json
import os
import sys
from collections import defaultdict

import pytest
from axe_playwright_python.base import AXE_SCRIPT
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.test import Client, RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.views import defaults
from django.views.csrf import csrf_failure

from config import views as config_views
from scoring.documents import jobs
from scoring.models import Circuit, HubTournament
from scoring.services import tableside
from tests.browser.test_csp import login_with_cookie
from tests.helpers import make_tournament, run
from tests.test_hub import finished, post, register
from tournaments.http import BadInput
from tournaments.kinds import kind_of
from tournaments.models import Table, Tournament

# The pages' markup does not depend on the database: `make test` audits them in its SQLite
# pass only (its PostgreSQL pass would take the same two minutes to find the same).
ON_POSTGRESQL = django_settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(ON_POSTGRESQL, reason="audited in the SQLite pass (same pages)"),
]

KINDS = ["pairs", "individual", "teams"]
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}
RULES = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}

# Addresses that are no page, with the reason: never audited.
NOT_PAGES = {
    # POST-only (a button's target; GET answers 405): found from the view itself, see
    # `post_only`. Listed here are the downloads (a file, no HTML):
    "pair_import_sample_csv": "a CSV file",
    "pair_import_sample_xlsx": "a spreadsheet",
    "backup": "the tournament's backup file (JSON)",
    "document_download": "a PDF",
    "homologation_download": "the homologation package (a file)",
    "healthz": "the health check (plain text)",
    "circuit_pdf": "a circuit's standings (PDF)",
    "circuit_xlsx": "a circuit's standings (spreadsheet)",
    "circuit_json": "a circuit's standings (JSON)",
    "circuit_document_download": "a circuit's standings (PDF or spreadsheet)",
    # The language menu's target: a POST (a GET only redirects to the page it names).
    "set_language": "the language menu's target (a POST)",
    # A piece of a page (htmx swaps it into the scores page, audited with it).
    "entry_preview": "a fragment of the scores page",
    # The table's page is audited in each of its states (see `phone_pages`).
    "table_entry": "audited in each of its states",
    # A package's verification page answers only for a digest this club sealed; an unknown
    # digest shows its "not found" page, audited under "verify (unknown)".
    "verify": "audited as 'verify (unknown)'",
}

# The argument of every page that takes one, by URL name, from the tournament built
# (`world`). A new page with an argument must be added here: the test says so.
ARGUMENTS = {
    "pair_edit": lambda w: {"number": w["entrant"]},
    "pair_delete": lambda w: {"number": w["entrant"]},
    "individual_player": lambda w: {"number": w["entrant"]},
    "team_detail": lambda w: {"number": w["entrant"]},
    "team_edit": lambda w: {"number": w["entrant"]},
    "pair_detail": lambda w: {"number": w["entrant"]},
    "public_pair": lambda w: {"number": w["entrant"]},
    "public_team": lambda w: {"number": w["entrant"]},
    "history": lambda w: {"turn": w["turn"], "table": w["table"]},
    "swap_lines": lambda w: {"turn": w["turn"], "table": w["table"]},
    "document_status": lambda w: {"pk": w["document"]},
    "document_download": lambda w: {"pk": w["document"]},
    "hub_tournament": lambda w: {"pk": w["received"]},
    "hub_player": lambda w: {"membership": w["member"]},
}


def patterns(resolver=None, prefix="", within=("admin/", "hub/")):
    """(name, route, view) of every URL but Django's admin and the federation's hub (its
    pages answer only on a hub installation, DJANGO_ROLE=hub: audited on their own)."""
    for p in (resolver or get_resolver()).url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            if not route.startswith(within):
                yield from patterns(p, route, within)
        elif isinstance(p, URLPattern) and p.name:
            yield p.name, route, p.callback


def post_only(view) -> bool:
    """A view that answers nothing but POST (a form's target): no page to audit."""
    cls = getattr(view, "view_class", None)
    if cls is None:
        return False
    return "get" not in cls.http_method_names or not hasattr(cls, "get")


def page_urls(tournament, world, shared: bool) -> tuple[dict, dict]:
    """Every desk, players' and account page of the tournament's kind: {label: url}, and
    the skipped addresses with their reason. `shared`: with the pages of the installation
    (no tournament in their address), the same for every kind."""
    kind = kind_of(tournament)
    pages, skipped = {}, {}
    for name, route, view in patterns():
        if name in NOT_PAGES:
            skipped[name] = NOT_PAGES[name]
            continue
        page_name = getattr(view, "page_name", None)
        if page_name and route.startswith("desk/"):
            view = kind.desk_view(page_name)
            if view is None:
                skipped[name] = f"not a page of {kind.adjective} events"
                continue
        elif page_name and route.startswith("t/"):
            view = kind.public_view(page_name)
            if view is None:
                skipped[name] = f"not a page of {kind.adjective} events"
                continue
        if post_only(view):
            skipped[name] = "POST only (a form's target)"
            continue
        if "<slug:slug>" not in route and not shared:
            skipped[name] = f"the same in every kind: audited with the {KINDS[0]} event"
            continue
        kwargs = {"slug": tournament.slug} if "<slug:slug>" in route else {}
        if route.count("<") > len(kwargs):
            assert name in ARGUMENTS, (
                f"The page {name!r} ({route}) takes an argument the accessibility audit does "
                f"not know: add it to ARGUMENTS in {__file__} (or to NOT_PAGES with the reason "
                "it is no page)."
            )
            kwargs |= ARGUMENTS[name](world)
        pages[name] = reverse(name, kwargs=kwargs)
    return pages, skipped


def build(kind: str) -> tuple:
    """The kind's demo event, its open turn published, with tables in every phone state:
    (the referee, the event, what its pages' addresses need)."""
    user = get_user_model().objects.create_user("arbitro", password="x")
    slug = f"a11y-{kind}"
    run("demo_tournament", "--kind", kind, "--slug", slug)
    tournament = Tournament.objects.get(slug=slug)
    tournament.approval_required = True
    tournament.table_entry = True
    tournament.save()
    turn = tournament.turn_set.order_by("-number").first()
    if turn.released_at is None:
        run("turn_release", slug)
    tables = list(
        Table.objects.filter(turn=turn, ns__isnull=False, ew__isnull=False)
        .select_related("ns", "ew")
        .order_by("number")
    )
    fresh, waiting, confirmed, locked, recorded = tables[:5]
    tableside.submit(waiting.code, "ns", waiting.ns.pin, 1230, 870)
    tableside.submit(confirmed.code, "ns", confirmed.ns.pin, 1100, 905)
    tableside.answer(confirmed.code, confirmed.ew.pin, accept=True)
    for _attempt in range(tableside.MAX_FAILS_PER_TABLE):
        try:
            tableside.submit(locked.code, "ns", "0000000", 1000, 1000)
        except tableside.Refused:
            pass
    run(
        "score_record",
        slug,
        "--turn",
        str(turn.number),
        "--table",
        str(recorded.number),
        "--ns",
        "990",
        "--ew",
        "1110",
    )
    document = jobs.request_document(tournament, "seating", turn)
    phones = {
        "table: enter": fresh.code,
        "table: waiting for the other line": waiting.code,
        "table: confirmed": confirmed.code,
        "table: recorded": recorded.code,
    }
    # a circuit of the same slug with this event as its stage: its desk, phone and screen pages
    run("circuit_create", slug, "--name", f"Circuito {kind}", "--points", "placing:100,90,82")
    run("circuit_stage_add", slug, slug)
    Circuit.objects.filter(slug=slug).update(owner=user)
    world = {
        "entrant": 1,
        "turn": turn.number,
        "table": waiting.number,
        "document": document.pk,
        "phones": phones,
        "locked": locked.code,
    }
    return user, tournament, world


def error_pages() -> dict:
    """The error pages as their handlers render them: {label: (status, html)}."""
    request = RequestFactory().get("/desk/")
    request.user = get_user_model()()
    return {
        "error 400": (400, config_views.bad_request(request, BadInput("?")).content),
        "error 403": (403, defaults.permission_denied(request, PermissionDenied()).content),
        "error 403 (CSRF)": (403, csrf_failure(request).content),
        "error 405": (405, render_405(request)),
        "error 500": (500, defaults.server_error(request).content),
    }


def render_405(request) -> bytes:
    return render(request, "405.html", status=405).content


def audit(page, label: str, found: dict) -> None:
    """axe-core on the page as it is (the context loads axe-core into every page)."""
    results = page.evaluate("options => axe.run(document, options)", RULES)
    found[label] = [
        {
            "rule": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [" ".join(map(str, n["target"])) for n in v["nodes"]],
        }
        for v in results["violations"]
    ]


def visit_all(page, base: str, urls: dict, world: dict, found: dict, shared: bool) -> None:
    for label, url in urls.items():
        response = page.goto(base + url)
        assert response is not None and response.status < 500, (label, url)
        audit(page, f"{label} {url}", found)
    for label, code in world["phones"].items():
        page.goto(f"{base}/s/{code}/")
        audit(page, label, found)
    visit_locked(page, base, world["locked"], found)
    if shared:
        visit_shared(page, base, found)


def visit_locked(page, base: str, code: str, found: dict) -> None:
    """A phone sends while the hall's network is down ("not sent: retrying"), then the
    network returns and the answer is the lock of too many wrong PINs (429)."""
    page.goto(f"{base}/s/{code}/")
    page.check("input[name=line][value=ns]")
    page.fill("#id_pin", "0000000")
    page.fill("#id_ns", "1000")
    page.fill("#id_ew", "1000")
    page.context.set_offline(True)
    page.click("form button.ok:not([name])")
    page.wait_for_selector("#send-status.waiting:not([hidden])")
    audit(page, "table: not sent (offline)", found)
    page.context.set_offline(False)
    page.wait_for_selector("html[data-send=answered] .pen[role=alert]")
    audit(page, "table: locked (too many wrong PINs)", found)


def visit_shared(page, base: str, found: dict) -> None:
    """The pages that are the same in every kind of event: a table code nobody has, the
    verification of an unknown package, the error pages."""
    page.goto(f"{base}/s/ZZZZZZ/")
    audit(page, "table: unknown code", found)
    page.goto(f"{base}/verify/{'0' * 64}/")
    audit(page, "verify (unknown)", found)
    response = page.goto(f"{base}/no-such-page/")
    assert response.status == 404
    audit(page, "error 404", found)
    for label, (status, html) in error_pages().items():
        url = f"{base}/__error/{status}/"
        page.route(url, serving(status, html))
        page.goto(url)
        audit(page, label, found)
        page.unroute(url)


def serving(status: int, html: bytes):
    return lambda route: route.fulfill(status=status, body=html, content_type="text/html")


def report(results: dict) -> str:
    lines = []
    for size, pages in results.items():
        for label, violations in pages.items():
            for v in violations:
                lines.append(
                    f"[{size}] {label}: {v['rule']} ({v['impact']}) {v['help']} — "
                    f"{len(v['nodes'])} node(s): {', '.join(v['nodes'][:6])}"
                )
    return "\n".join(lines)


def save_counts(kind: str, results: dict) -> None:
    path = os.environ.get("AXE_REPORT")
    if not path:
        return
    data = json.load(open(path)) if os.path.exists(path) else {}
    data[kind] = {
        size: {
            label: {
                "violations": len(v),
                "nodes": sum(len(x["nodes"]) for x in v),
                "rules": sorted(f"{x['rule']} ({x['impact']})" for x in v),
            }
            for label, v in pages.items()
        }
        for size, pages in results.items()
    }
    with open(path, "w") as out:
        json.dump(data, out, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("kind", KINDS)
def test_every_page_passes_axe_at_phone_and_desktop_size(kind, browser, live_server):
    cache.clear()
    user, tournament, world = build(kind)
    shared = kind == KINDS[0]
    urls, skipped = page_urls(tournament, world, shared)
    assert {"dashboard", "seating", "entry", "board", "standings", "public_home"} <= set(urls)
    assert "seat_next" in skipped and "backup" in skipped
    results = defaultdict(dict)
    for size, viewport in SIZES.items():
        context = browser.new_context(
            viewport=viewport, locale="it-IT", is_mobile=size == "phone", has_touch=size == "phone"
        )
        context.set_default_timeout(15_000)
        context.add_init_script(script=AXE_SCRIPT)  # sent once, run in every page
        page = context.new_page()
        if shared:
            page.goto(f"{live_server.url}/accounts/login/")
            audit(page, "login", results[size])
        login_with_cookie(context, live_server.url, user)
        visit_all(page, live_server.url, urls, world, results[size], shared)
        context.close()
    save_counts(kind, results)
    cache.clear()
    problems = report(results)
    assert not problems, f"axe-core violations ({kind}):\n{problems}"


def test_a_new_page_with_an_argument_is_not_forgotten(tmp_path, monkeypatch):
    """A page added later (another kind, a new feature) whose address takes an argument the
    audit cannot fill fails the audit, saying where to add it."""
    slug = make_tournament(tmp_path, slug="nuova", pairs=4, turns=1)
    tournament = Tournament.objects.get(slug=slug)
    listed = list(patterns())

    def with_a_new_page():
        yield from listed
        yield "circuit_detail", "desk/<slug:slug>/circuits/<int:pk>/", lambda request: None

    monkeypatch.setattr(sys.modules[__name__], "patterns", with_a_new_page)
    with pytest.raises(AssertionError, match="circuit_detail.*add it to ARGUMENTS"):
        page_urls(tournament, {"entrant": 1, "turn": 1, "table": 1, "document": 1}, True)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_hub_pages_pass_axe(size, browser, live_server, settings, tmp_path):
    """The federation's hub (DJANGO_ROLE=hub): its calendar, a received tournament, the
    player search and a player's history, and the verification of a received package. Its
    JSON API (`hub/api/…`) is no page."""
    settings.ROLE = "hub"
    cache.clear()
    package = finished(tmp_path)
    assert post(Client(), bytes(package.data), register()).status_code == 201
    received = HubTournament.objects.get()
    world = {"received": received.pk, "member": "T001"}
    urls = {}
    for name, route, _view in patterns(within=("admin/",)):
        if route.startswith("hub/") and not route.startswith("hub/api/"):
            assert route.count("<") == 0 or name in ARGUMENTS, (
                f"The hub's page {name!r} ({route}) takes an argument the accessibility audit "
                f"does not know: add it to ARGUMENTS in {__file__}."
            )
            urls[name] = reverse(name, kwargs=ARGUMENTS[name](world) if name in ARGUMENTS else {})
    urls["hub_players (search)"] = reverse("hub_players") + "?q=rossi"
    urls["verify (received)"] = reverse("verify", args=[received.digest])
    context = browser.new_context(viewport=SIZES[size], locale="it-IT", is_mobile=size == "phone")
    context.set_default_timeout(15_000)
    context.add_init_script(script=AXE_SCRIPT)
    page = context.new_page()
    found = {}
    for label, url in urls.items():
        response = page.goto(live_server.url + url)
        assert response.status == 200, (label, url)
        audit(page, f"{label} {url}", found)
    context.close()
    cache.clear()
    save_counts(f"hub {size}", {size: found})
    problems = report({size: found})
    assert not problems, f"axe-core violations (hub):\n{problems}"
