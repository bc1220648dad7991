"""Benchmark the referee's score entry page as a browser drives it.

Run from the repository root::

    .venv/bin/python bench/entry.py [--db sqlite|postgres] [--tables N] [--previews K]

Builds a tournament of 2N pairs (N tables, default 120) with Mitchell turn 1 seated, then
enters every result of turn 1 through ``/desk/<slug>/scores/`` with Django's test client
logged in (``force_login``) as a referee who directs the tournament, CSRF checks enforced.

The browser model, per result (sheets arrive in a random order, seeded):

* K htmx preview GETs while the referee types table, N-S and E-W (``--previews``, default 1:
  the 120 ms debounce fires once when the three fields are typed without pausing; K=3 models
  a pause after each field, the preview then carrying the fields typed so far).  The preview
  returns the table's version, which the form posts back (as the out-of-band swap does);
* the POST of the form (turn, version, table, ns, ew, reason, csrf token) -> 302;
* the GET of the redirect (the entry page with the success message);
* one htmx preview GET fired by ``hx-trigger="load"`` when that page loads.

Plus the very first GET of the entry page and its load preview.  "Server time" is the wall
time of the test client call: the whole Django stack in-process (middleware, session, view,
template, database), no network and no browser.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _setup  # noqa: E402  (puts the repository root on sys.path)

CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION_RE = re.compile(r'name="version" id="id_version" value="(\d*)"')


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _setup.add_common_arguments(parser)
    parser.add_argument("--tables", type=int, default=120, help="tables of turn 1 (default 120)")
    parser.add_argument(
        "--previews",
        type=int,
        default=1,
        choices=range(0, 4),
        metavar="K",
        help="htmx preview GETs while typing one result (0-3, default 1)",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=300.0,
        help="stop entering results after this many seconds (default 300)",
    )
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 1000:
        parser.error("--tables is between 1 and 1000")

    with _setup.scratch_database(args.db) as db_label:
        return run(args, db_label)


def run(args: argparse.Namespace, db_label: str) -> int:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from scoring.models import ResultChange
    from tournaments.models import Table

    rng = random.Random(args.seed)
    pairs = 2 * args.tables
    user = _setup.referee()
    build_start = time.perf_counter()
    tournament, _build = _setup.build_tournament(
        slug="bench-entry",
        pairs=pairs,
        plan="mitchell:5",
        played=0,
        seat_next=True,
        rng=rng,
        user=user,
    )
    build_seconds = time.perf_counter() - build_start
    turn = tournament.turn_set.get(number=1)
    numbers = list(turn.tables.order_by("number").values_list("number", flat=True))
    assert len(numbers) == args.tables, (len(numbers), args.tables)

    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    entry_url = reverse("entry", args=[tournament.slug])
    preview_url = reverse("entry_preview", args=[tournament.slug])
    htmx = {
        "HX-Request": "true",
        "HX-Trigger": "entry-form",
        "HX-Target": "preview",
    }
    timings: dict[str, list[float]] = {"page": [], "post": [], "redirect": [], "preview": []}
    queries: dict[str, list[int]] = {key: [] for key in timings}

    def call(kind: str, method: str, url: str, data: dict | None = None, **extra):
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            response = getattr(client, method)(url, data, **extra)
            elapsed = time.perf_counter() - start
        timings[kind].append(elapsed)
        queries[kind].append(len(captured.captured_queries))
        return response

    def form_values(token: str, version: str, table="", ns="", ew="") -> dict:
        return {
            "csrfmiddlewaretoken": token,
            "turn": str(turn.number),
            "version": version,
            "table": str(table),
            "ns": str(ns),
            "ew": str(ew),
            "reason": "",
        }

    def load_page(kind: str, url: str) -> str:
        """GET the entry page, then the preview its form fires on load; returns the token."""
        page = call(kind, "get", url)
        assert page.status_code == 200, page.status_code
        html = page.content.decode()
        token = CSRF_RE.search(html).group(1)
        initial = re.search(r'name="table" value="(\d*)"', html)
        preview = call(
            "preview",
            "get",
            preview_url,
            form_values(token, "", initial.group(1) if initial else ""),
            headers={**htmx, "HX-Current-URL": f"http://testserver{url}"},
        )
        assert preview.status_code == 200, preview.status_code
        return token

    order = numbers[:]
    rng.shuffle(order)
    wall_start = time.perf_counter()
    token = load_page("page", entry_url)
    current_url = entry_url
    entered = 0
    for table in order:
        if time.perf_counter() - wall_start > args.time_limit:
            print(f"Time limit of {args.time_limit:.0f} s reached after {entered} results.")
            break
        ns, ew = _setup.random_points(rng)
        typed = [(table, "", ""), (table, ns, ""), (table, ns, ew)][3 - args.previews :]
        version = ""
        for values in typed:
            preview = call(
                "preview",
                "get",
                preview_url,
                form_values(token, version, *values),
                headers={**htmx, "HX-Current-URL": f"http://testserver{current_url}"},
            )
            assert preview.status_code == 200, preview.status_code
            version = VERSION_RE.search(preview.content.decode()).group(1)
        response = call("post", "post", entry_url, form_values(token, version, table, ns, ew))
        assert response.status_code == 302, (response.status_code, response.content[:2000])
        current_url = response["Location"]
        token = load_page("redirect", current_url)
        entered += 1
    wall = time.perf_counter() - wall_start

    missing = Table.objects.filter(turn=turn, ns_vp__isnull=True).count()
    changes = ResultChange.objects.filter(table__turn=turn).count()
    if entered == len(order):
        assert missing == 0 and changes == len(order), (missing, changes)

    requests = sum(len(v) for v in timings.values())
    pair_times = [p + g for p, g in zip(timings["post"], timings["redirect"])]
    _setup.print_settings(
        [
            ("database", db_label),
            ("tournament", f"{pairs} pairs, {args.tables} tables, Mitchell turn 1"),
            ("browser model", f"{args.previews} typing preview(s) + 1 load preview per result"),
            ("seed", args.seed),
            ("build", f"{build_seconds:.1f} s (pairs import + seating)"),
            ("django", _setup.django_info()),
            ("machine", _setup.machine()),
        ]
    )
    print(
        f"\nResults entered: {entered}/{len(order)} (missing after the run: {missing}); "
        f"requests: {requests}; total wall time: {wall:.2f} s "
        f"({requests / wall:.0f} requests/s)"
    )
    rows = []
    for label, values, kind in (
        ("POST + redirect GET", pair_times, None),
        ("POST (save)", timings["post"], "post"),
        ("GET redirect (page)", timings["redirect"], "redirect"),
        ("GET preview (htmx)", timings["preview"], "preview"),
        ("GET first page", timings["page"], "page"),
    ):
        if not values:
            continue
        s = _setup.summary_ms(values)
        if kind is None:
            q = [a + b for a, b in zip(queries["post"], queries["redirect"])]
        else:
            q = queries[kind]
        q_text = str(q[0]) if min(q) == max(q) else f"{min(q)}-{max(q)}"
        rows.append(
            (
                label,
                len(values),
                s["min"],
                s["mean"],
                s["median"],
                s["p95"],
                s["max"],
                q_text,
                sum(q),
            )
        )
    _setup.print_table(
        "Server time per request (ms) and SQL queries",
        ("request", "n", "min", "mean", "median", "p95", "max", "queries/req", "queries total"),
        rows,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
