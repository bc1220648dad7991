"""Benchmark the Danish seating engine against networkx's min-weight perfect matching.

Run from the repository root::

    .venv/bin/python bench/pairing.py [--quick] [--no-networkx-above N] [--seed S]

For each field size the script plays 10 simulated Danish turns (puro; random results make the
ranking, the engine's own seatings make the history), then times one more seating by the
engine and by ``networkx.min_weight_matching`` on the complete graph of the same standings
(weight = a large penalty per repeat + the rank distance between the opponents, i.e. a
quality-oriented seating).  It compares repeats and the sum of rank distances.  networkx needs
over a minute at 500 pairs, so it is skipped above ``--no-networkx-above`` (default 500;
``--quick`` lowers it to 100).  Adversarial fields (a bottom block of pairs that have all met
each other) are timed too.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.movements.danish import (  # noqa: E402
    DanishSeating,
    meetings_to_avoid,
    seat_danish,
)

SIZES = (100, 500, 1000, 2000)
TURNS = 10


def simulate(
    n: int, turns: int, rng: random.Random
) -> tuple[list[int], list[list[tuple[int, int]]]]:
    """Play ``turns`` puro Danish turns on ``n`` pairs; return the ranking and the history."""
    ranking = list(range(1, n + 1))  # first turn: seating order
    score = dict.fromkeys(ranking, 0)
    history: list[list[tuple[int, int]]] = []
    byes: dict[int, int] = {}
    for _ in range(turns):
        seating = seat_danish(ranking, meetings_to_avoid(history, modified=False), byes)
        for ns, ew in seating.tables:
            points = rng.randint(0, 20)
            score[ns] += points
            score[ew] += 20 - points
        if seating.bye is not None:
            byes[seating.bye] = byes.get(seating.bye, 0) + 1
            score[seating.bye] += 12
        history.append(list(seating.tables))
        position = {pair: i for i, pair in enumerate(ranking)}
        ranking.sort(key=lambda pair: (-score[pair], position[pair]))
    return ranking, history


def block(ranking: Sequence[int], size: int) -> set[frozenset[int]]:
    """All meetings inside the bottom ``size`` pairs of the ranking."""
    bottom = ranking[-size:]
    return {frozenset((a, b)) for i, a in enumerate(bottom) for b in bottom[i + 1 :]}


def best_time(func: Callable[[], object], repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - start)
    return min(times), result


def quality(
    tables: Sequence[tuple[int, int]], ranking: Sequence[int], avoid: set[frozenset[int]]
) -> tuple[int, int]:
    """(number of repeats, sum of rank distances between opponents)."""
    rank = {pair: i for i, pair in enumerate(ranking)}
    repeats = sum(frozenset(t) in avoid for t in tables)
    return repeats, sum(abs(rank[a] - rank[b]) for a, b in tables)


def networkx_seating(ranking: Sequence[int], avoid: set[frozenset[int]]) -> list[tuple[int, int]]:
    import networkx as nx

    n = len(ranking)
    penalty = n * n  # one repeat outweighs any sum of rank distances
    graph = nx.Graph()
    for i, a in enumerate(ranking):
        for j in range(i + 1, n):
            b = ranking[j]
            graph.add_edge(a, b, weight=(j - i) + (penalty if frozenset((a, b)) in avoid else 0))
    return [tuple(edge) for edge in nx.min_weight_matching(graph)]


def run_case(
    label: str,
    ranking: list[int],
    avoid: set[frozenset[int]],
    nx_limit: int,
    rows: list[list[str]],
) -> bool:
    """Time one seating; append a table row; return whether the qualities differ."""
    repeat = 5 if len(ranking) <= 1000 else 3
    engine_time, seating = best_time(lambda: seat_danish(ranking, avoid), repeat)
    assert isinstance(seating, DanishSeating)
    order = [p for p in ranking if p != seating.bye]
    mine = quality(seating.tables, order, avoid)
    row = [label, str(len(ranking)), f"{engine_time * 1000:.1f}", f"{mine[0]}", f"{mine[1]}"]
    differs = False
    if len(ranking) <= nx_limit:
        nx_time, tables = best_time(lambda: networkx_seating(order, avoid), 1)
        theirs = quality(tables, order, avoid)  # type: ignore[arg-type]
        differs = theirs != mine
        row += [f"{nx_time:.2f}", f"{nx_time / engine_time:.0f}x", f"{theirs[0]}", f"{theirs[1]}"]
    else:
        row += ["skipped", "-", "-", "-"]
    rows.append(row)
    return differs


def print_table(rows: list[list[str]]) -> None:
    header = ["field", "pairs", "engine ms", "rep", "dist", "nx s", "ratio", "nx rep", "nx dist"]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    line = "  ".join(
        h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths))
    )
    print(line)
    print("-" * len(line))
    for r in rows:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))
            )
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="networkx only up to 100 pairs")
    parser.add_argument("--no-networkx-above", type=int, default=500, metavar="N")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    nx_limit = min(args.no_networkx_above, 100) if args.quick else args.no_networkx_above
    rng = random.Random(args.seed)

    rows: list[list[str]] = []
    differ: list[str] = []
    for n in SIZES:
        ranking, history = simulate(n, TURNS, rng)
        avoid = meetings_to_avoid(history, modified=False)
        if run_case(f"{TURNS} turns", ranking, avoid, nx_limit, rows):
            differ.append(f"{n} pairs after {TURNS} turns")

    adversarial = [
        ("block 41, no turns", list(range(1, 1001)), 41, 0),
        ("block 61 (repeats)", list(range(1, 101)), 61, 0),
        ("10 turns + block 41", None, 41, 1000),
        ("10 turns + block 41", None, 41, 2000),
    ]
    for label, ranking, size, n in adversarial:
        if ranking is None:
            ranking, history = simulate(n, TURNS, rng)
            avoid = meetings_to_avoid(history, modified=False) | block(ranking, size)
        else:
            avoid = block(ranking, size)
        if run_case(label, ranking, avoid, nx_limit, rows):
            differ.append(f"{label} ({len(ranking)} pairs)")

    print_table(rows)
    print()
    print("engine ms: best of several runs; nx s: networkx.min_weight_matching, one run;")
    print("rep: repeats; dist: sum over tables of the rank distance between the two pairs.")
    print(f"networkx skipped above {nx_limit} pairs.")
    if differ:
        print("Seatings differ in quality on: " + "; ".join(differ) + ".")
        print("(Same repeats expected; networkx minimises total rank distance, while the")
        print(" Danish rule is top-down, so its distance sum may be larger.)")
    else:
        print("Where networkx ran, both seatings have the same repeats and rank-distance sum.")
    print()
    mitchell_blocks(rng)
    print()
    individual_fields(rng)
    print()
    team_fields(rng)


def mitchell_blocks(rng: random.Random) -> None:
    """A Mitchell block laid out against the history (Art. 33): fields after Danish turns."""
    from tournaments.movements import blocklayout, mitchell

    mitchell.layout_block(list(range(1, 8)), 2, 1, {frozenset((1, 5))})  # imports scipy
    cases = [(499, 3, 6), (500, 3, 6), (499, 5, 8), (1000, 3, 6), (41, 4, 5), (21, 4, 4)]
    rows = [["Mitchell block", "pairs", "standings order", "rest again", "repeats", "ms"]]
    for n, played, turns in cases:
        ranking, history = simulate(n, played, rng)
        met = meetings_to_avoid(history, modified=False)
        byes: dict[int, int] = {}
        for turn in history:  # who rested: the pair missing from a turn's tables
            for p in set(ranking) - {q for m in turn for q in m}:
                byes[p] = byes.get(p, 0) + 1
        plain = mitchell.block_conflicts(ranking, turns, 1, met, byes)
        elapsed, laid = best_time(
            lambda r=ranking, k=turns, m=met, b=byes: mitchell.layout_block(r, k, 1, m, b), 3
        )
        rows.append(
            [
                f"{turns} turns after {played} Danish",
                str(n),
                f"{len(plain.rest_again)}+{len(plain.repeats)}",
                str(len(laid.rest_again)),
                str(len(laid.repeats)),
                f"{elapsed * 1000:.1f}",
            ]
        )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for index, r in enumerate(rows):
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))
            )
        )
        if index == 0:
            print("-" * (sum(widths) + 2 * len(widths) - 2))
    print("standings order: second rests + repeats if the block kept the plain standings.")
    print(f"Exact branch and bound up to {blocklayout.EXACT_PAIRS} pairs.")


def print_rows(rows: list[list[str]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for index, r in enumerate(rows):
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))
            )
        )
        if index == 0:
            print("-" * (sum(widths) + 2 * len(widths) - 2))


def simulate_individual(n: int, turns: int, rng: random.Random):
    """Play `turns` individual Danish turns on `n` players (random line results)."""
    from tournaments.movements.individual_danish import history_sets, seat_individual_danish

    ranking = list(range(1, n + 1))
    score = dict.fromkeys(ranking, 0)
    history: list = []
    rests: dict[int, int] = {}
    for _ in range(turns):
        partners, opponents = history_sets(history)
        seating = seat_individual_danish(ranking, partners, opponents, rests)
        for ns, ew in seating.tables:
            points = rng.randint(0, 20)
            for player in ns:
                score[player] += points
            for player in ew:
                score[player] += 20 - points
        for player in seating.rests:
            rests[player] = rests.get(player, 0) + 1
            score[player] += 14
        history.append(seating.tables)
        position = {p: i for i, p in enumerate(ranking)}
        ranking.sort(key=lambda p: (-score[p], position[p]))
    return ranking, history, rests


def individual_fields(rng: random.Random) -> None:
    """Individual events (issue 15): the Danish after 8 turns, and the fixed movements."""
    from tournaments.movements.individual_danish import history_sets, seat_individual_danish
    from tournaments.movements.rainbow import fixed_schedule, movement_kind

    rows = [["individual", "players", "ms", "partner rep", "opp rep"]]
    for n in (100, 500, 1000, 1003):
        ranking, history, rests = simulate_individual(n, 8, rng)
        partners, opponents = history_sets(history)
        elapsed, seating = best_time(
            lambda r=ranking, p=partners, o=opponents, b=rests: seat_individual_danish(r, p, o, b),
            3,
        )
        rows.append(
            [
                "Danish, 9th turn after 8",
                str(n),
                f"{elapsed * 1000:.0f}",
                str(len(seating.partner_repeats)),
                str(len(seating.opponent_repeats)),
            ]
        )
    for n, turns in ((1000, 9), (1002, 9), (16, 7), (20, 9), (24, 9), (40, 9)):
        elapsed, schedule = best_time(lambda n=n, t=turns: fixed_schedule(range(1, n + 1), t), 1)
        partners: dict = {}
        opponents: dict = {}
        for turn in schedule:
            for ns, ew in turn.tables:
                for line in (ns, ew):
                    partners[frozenset(line)] = partners.get(frozenset(line), 0) + 1
                for x in ns:
                    for y in ew:
                        key = frozenset((x, y))
                        opponents[key] = opponents.get(key, 0) + 1
        rows.append(
            [
                f"fixed, {turns} turns ({movement_kind(n, turns)})",
                str(n),
                f"{elapsed * 1000:.0f}",
                str(sum(v - 1 for v in partners.values())),
                str(sum(v - 1 for v in opponents.values())),
            ]
        )
    print_rows(rows)
    print("ms: the Danish seating alone (best of 3), the whole fixed schedule (one run);")
    print("rep: partnerships / oppositions met again (the Danish: in that turn; fixed: in all).")


def team_fields(rng: random.Random) -> None:
    """Team events (issue 15): 250 teams, round robin in groups of 14, then the team Danish."""
    from scoring.rules.team_matches import MatchResult, TeamMatch, team_standings
    from tournaments.movements.roundrobin import seat_round_robin, split_teams
    from tournaments.movements.team_danish import seat_team_danish

    teams = list(range(1, 251))
    rows = [["teams", "teams", "ms", "repeats"]]
    split_time, groups = best_time(lambda: split_teams(teams, size=14), 5)
    turn_time, _turn = best_time(lambda: seat_round_robin(groups, 0), 5)
    rows.append(["split into 18 groups of 13-14", "250", f"{split_time * 1000:.2f}", "-"])
    rows.append(["round-robin turn, 18 groups", "250", f"{turn_time * 1000:.2f}", "0"])
    history, byes, matches = [], {}, []
    for index in range(13):
        turn = seat_round_robin(groups, index)
        history.append([(a, b) for _n, _g, a, b in turn.matches])
        for _g, team in turn.byes:
            byes[team] = byes.get(team, 0) + 1
        for _n, _g, a, b in turn.matches:
            vp = rng.randint(0, 40)
            matches.append(
                TeamMatch(
                    index + 1, a, b, MatchResult(vp, 40 - vp, 10 * vp - 200, ((0, 0), (0, 0)))
                )
            )
    for extra in range(3):
        rank_time, rows_ = best_time(lambda: team_standings(teams, matches), 3)
        ranking = [r.pair for r in rows_]
        elapsed, seating = best_time(lambda r=ranking: seat_team_danish(r, history, byes), 5)
        rows.append(
            [
                f"Danish turn {extra + 1} after 13 round robin",
                "250",
                f"{elapsed * 1000:.1f}",
                str(len(seating.repeats)),
            ]
        )
        history.append([(a, b) for _n, a, b in seating.matches])
        for _n, a, b in seating.matches:
            vp = rng.randint(0, 40)
            matches.append(
                TeamMatch(
                    14 + extra, a, b, MatchResult(vp, 40 - vp, 10 * vp - 200, ((0, 0), (0, 0)))
                )
            )
    rows.append(["team standings, 16 turns", "250", f"{rank_time * 1000:.1f}", "-"])
    print_rows(rows)
    print("ms: best of several runs; the Danish avoids every earlier match, round robin included.")


if __name__ == "__main__":
    main()
