"""Benchmark a circuit's standings: 20 stages, 3,000 players.

Run from the repository root::

    .venv/bin/python bench/circuit.py [--db sqlite|postgres] [--stages S] [--players P]
                                      [--requests N]

Builds a circuit of S stages (default 20) over a field of P players (default 3,000), each
stage played by a random 60–90 % of them (two rows per pair, followed by card; a few
without a card, by name): once as tournaments received by the hub (HubEntry rows, as a
received package leaves them), once as tournaments of this installation whose results the
circuit has read already (the stage snapshots, fresh). Then times, N times each:

* ``scoring.rules.circuit.standings`` alone, on the entries read beforehand (pure Python);
* ``scoring.services.circuits.circuit_standings`` (the queries + the rule), hub and local;
* the players' page ``GET /c/<slug>/`` (every row drawn) and the JSON of the contract.

Target: the standings under a second (docs/circuits.md, README).
"""

from __future__ import annotations

import argparse
import datetime
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _setup  # noqa: E402  (puts the repository root on sys.path)

TARGET_MS = 1000.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _setup.add_common_arguments(parser)
    parser.add_argument("--stages", type=int, default=20, help="stages (default 20)")
    parser.add_argument("--players", type=int, default=3000, help="players (default 3000)")
    parser.add_argument("--requests", type=int, default=5, help="timed runs (default 5)")
    parser.add_argument("--profile", action="store_true", help="cProfile one standings")
    args = parser.parse_args(argv)
    if not 1 <= args.stages <= 60 or not 2 <= args.players <= 20000:
        parser.error("--stages 1..60, --players 2..20000")
    if not 1 <= args.requests <= 100:
        parser.error("--requests is between 1 and 100")
    with _setup.scratch_database(args.db) as db_label:
        return run(args, db_label)


def timed(func, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return times


def stage_rows(rng: random.Random, players: int) -> list[list]:
    """One stage's [membership, name, club, vp, rank] rows: pairs of the players who came."""
    came = rng.sample(range(players), int(players * rng.uniform(0.6, 0.9)) // 2 * 2)
    pairs = [came[i : i + 2] for i in range(0, len(came), 2)]
    vps = sorted((rng.randrange(40, 220) for _ in pairs), reverse=True)
    rows = []
    for rank, (pair, vp) in enumerate(zip(pairs, vps, strict=True), start=1):
        for p in pair:
            card = "" if p % 97 == 0 else f"M{p:06d}"
            rows.append([card, f"Giocatore {p}", f"Circolo {p % 41}", vp, rank])
    return rows


def build(args, rng) -> tuple[object, object]:
    from scoring.models import Circuit, CircuitStage, HubClub, HubEntry, HubTournament
    from tournaments.rules.names import fold
    from tournaments.services.setup import create_tournament

    hub = Circuit.objects.create(
        slug="hub",
        name="Circuito hub",
        points="placing",
        placing=[100, 90, 82, 75, 70],
        points_beyond=5,
        best=12,
        min_stages=6,
        finalists_percent=15,
    )
    local = Circuit.objects.create(
        slug="local", name="Circuito locale", points="vp", best=12, min_stages=6, finalists=100
    )
    club = HubClub.objects.create(code="club", name="Club", token_sha256="0" * 64, public_key="")
    for s in range(args.stages):
        rows = stage_rows(rng, args.players)
        day = datetime.date(2026, 1, 1) + datetime.timedelta(days=7 * s)
        received = HubTournament.objects.create(
            club=club,
            digest=f"{s:064d}",
            package=b"",
            slug=f"tappa-{s}",
            name=f"Tappa {s}",
            date=day,
            entrants=len(rows) // 2,
            turns=8,
        )
        HubEntry.objects.bulk_create(
            [
                HubEntry(
                    tournament=received,
                    membership=m,
                    name=n,
                    folded=fold(n),
                    club=c,
                    pair=r,
                    rank=r,
                    vp=v,
                    mp=0,
                    turns=8,
                )
                for m, n, c, v, r in rows
            ],
            batch_size=2000,
        )
        CircuitStage.objects.create(circuit=hub, hub_club="club", hub_slug=f"tappa-{s}")
        t = create_tournament(slug=f"tappa-{s}", name=f"Tappa {s}", date=day, plan="mitchell:8")
        t.refresh_from_db()
        CircuitStage.objects.create(
            circuit=local, tournament=t, snapshot=rows, snapshot_version=t.public_version
        )
    return hub, local


def run(args: argparse.Namespace, db_label: str) -> int:
    from django.conf import settings
    from django.test import Client

    from scoring.rules import circuit as rules
    from scoring.services import circuits

    settings.ROLE = "hub"
    rng = random.Random(args.seed)
    start = time.perf_counter()
    hub, local = build(args, rng)
    build_seconds = time.perf_counter() - start
    data = circuits.stage_data(hub)
    entries = [e for _head, e in data]
    rule = circuits.rules_of(hub)
    report = circuits.circuit_standings(hub)
    ranked = sum(1 for r in report.rows if r.ranked)
    finalists = sum(1 for r in report.rows if r.finalist)
    client = Client()
    client.get("/c/hub/")

    figures = {
        "rule alone (pure Python)": timed(lambda: rules.standings(rule, entries), args.requests),
        "standings, hub stages": timed(lambda: circuits.circuit_standings(hub), args.requests),
        "standings, local stages": timed(lambda: circuits.circuit_standings(local), args.requests),
        "JSON of the contract": timed(
            lambda: circuits.as_json(circuits.circuit_standings(hub)), args.requests
        ),
        "players' page GET /c/hub/": timed(lambda: client.get("/c/hub/"), args.requests),
    }
    from scoring.documents import circuits as documents

    report = circuits.circuit_standings(hub)
    figures["workbook (xlsx)"] = timed(lambda: documents.workbook(report), 1)
    figures["PDF (weasyprint)"] = timed(lambda: documents.standings_pdf(report), 1)
    import io

    from pypdf import PdfReader

    pdf_pages = len(PdfReader(io.BytesIO(documents.standings_pdf(report))).pages)
    _setup.print_settings(
        [
            ("database", db_label),
            ("machine", _setup.machine()),
            ("django", _setup.django_info()),
            ("stages", args.stages),
            ("players", f"{len(report.rows)} ({ranked} ranked, {finalists} finalists)"),
            ("stage rows", sum(len(e) for e in entries)),
            ("build", f"{build_seconds:.1f} s"),
            ("PDF pages", pdf_pages),
        ]
    )
    rows = []
    for label, times in figures.items():
        s = _setup.summary_ms(times)
        rows.append([label, s["min"], s["median"], s["max"]])
    _setup.print_table("Times (ms)", ["what", "min", "median", "max"], rows)
    worst = max(max(figures["standings, hub stages"]), max(figures["standings, local stages"]))
    verdict = "within" if worst * 1000 < TARGET_MS else "OVER"
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(circuits.circuit_standings, hub)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
    print(f"\nStandings: worst {worst * 1000:.0f} ms, {verdict} the {TARGET_MS:.0f} ms target.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
