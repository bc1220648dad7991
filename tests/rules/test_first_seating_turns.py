"""`spread` over one turn of any kind of event (tournaments/movements/first_seating.py and
spread.py's `TurnLayout`): the places of the order that meet in the first turn are given as
(table, place, place). Art. 2 of the Codice di Gara leaves the first seating to the referee
("dall'arbitro che ne dà preventiva comunicazione ai partecipanti"); keeping clubs apart is
that choice made by the program, for individual events (four players at one table meet,
partners and opponents alike) and team events (two teams meet in a match).

The references never use the search: the meetings are read off the movements themselves (the
individual Danish on a field without history, the team Danish, the round robin's first
round), and a brute force tries every order of a small field.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import roundrobin
from tournaments.movements.first_seating import Entry, spread
from tournaments.movements.individual_danish import seat_individual_danish
from tournaments.movements.team_danish import seat_team_danish
from tournaments.rules.messages import RuleError

VALUES = [(), ("A",), ("B",), ("A", "B"), ("C",)]


def individual_turn(n: int) -> list[tuple[int, int, int]]:
    """Places at one table of an individual Danish first turn meet (six meetings a table)."""
    tables = seat_individual_danish(list(range(n))).tables
    return [
        (k, a, b)
        for k, (ns, ew) in enumerate(tables, start=1)
        for a, b in itertools.combinations((*ns, *ew), 2)
    ]


def team_danish_turn(n: int) -> list[tuple[int, int, int]]:
    return [(2 * k - 1, a, b) for k, a, b in seat_team_danish(list(range(n)), []).matches]


def round_robin_turn(n: int, count: int) -> list[tuple[int, int, int]]:
    groups = roundrobin.split_teams(list(range(n)), count=count)
    return [(2 * k - 1, a, b) for k, _g, a, b in roundrobin.seat_round_robin(groups, 0).matches]


def entries_of(attrs: dict) -> list[Entry]:
    return [Entry(p, clubs=a[0], provinces=a[1], regions=a[2]) for p, a in attrs.items()]


def shared(order, meetings, attrs) -> tuple[int, int, int]:
    """(club, province, region) meetings of `order` over `meetings`, each level on its own."""
    counts = [0, 0, 0]
    for _t, a, b in meetings:
        for level in range(3):
            counts[level] += bool(set(attrs[order[a]][level]) & set(attrs[order[b]][level]))
    return tuple(counts)


@st.composite
def small_turns(draw):
    shape = draw(st.sampled_from(["individual", "team-danish", "round-robin"]))
    n = draw(st.integers(4, 8 if shape == "individual" else 7))
    meetings = {
        "individual": lambda: individual_turn(n),
        "team-danish": lambda: team_danish_turn(n),
        "round-robin": lambda: round_robin_turn(n, draw(st.integers(1, n // 2))),
    }[shape]()
    attrs = {
        p: tuple(draw(st.sampled_from(VALUES if level == 0 else VALUES[:3])) for level in range(3))
        for p in range(1, n + 1)
    }
    return attrs, meetings, draw(st.integers(0, 99))


@settings(max_examples=60)
@given(small_turns())
def test_one_turn_reaches_the_brute_force_minimum(case):
    attrs, meetings, seed = case
    seating = spread(entries_of(attrs), meetings=meetings, seed=seed)
    assert sorted(seating.order) == sorted(attrs)
    best = min(shared(list(order), meetings, attrs) for order in itertools.permutations(attrs))
    got = shared(list(seating.order), meetings, attrs)
    assert got == best
    assert seating.proven
    counts = seating.counts
    assert (counts["club"], counts["province"], counts["region"]) == got
    # the report names exactly the meetings that share something, at their closest level
    assert len(seating.meetings) == sum(
        1
        for _t, a, b in meetings
        if any(
            set(attrs[seating.order[a]][lv]) & set(attrs[seating.order[b]][lv]) for lv in (0, 1, 2)
        )
    )


@settings(max_examples=15)
@given(st.integers(12, 40), st.integers(0, 50))
def test_a_club_per_table_seat_is_always_found_on_large_individual_fields(players, seed):
    """As many clubs as a table has seats, one player of each club at every table: a seating
    without any same-club table exists (4 clubs, tables of four), and the heuristic beyond
    8 players finds it."""
    n = players - players % 4
    attrs = {p: ((f"club{p % 4}",), (), ()) for p in range(1, n + 1)}
    meetings = individual_turn(n)
    seating = spread(entries_of(attrs), meetings=meetings, seed=seed)
    assert shared(list(seating.order), meetings, attrs) == (0, 0, 0)
    assert seating.meetings == ()


def test_worked_example_eight_players_of_two_clubs():
    """Art. 2: the referee seats turn 1. Eight players, four of Forlì and four of Cesena, at
    two tables of an individual Danish first turn: each table gets two of each club, so two
    same-club meetings a table are unavoidable (4 in all), and the report lists them."""
    attrs = {p: (("Forlì" if p <= 4 else "Cesena",), (), ()) for p in range(1, 9)}
    meetings = individual_turn(8)
    seating = spread(entries_of(attrs), meetings=meetings, seed=1)
    assert seating.counts["club"] == 4 and seating.proven
    for table in (seating.order[:4], seating.order[4:]):
        assert sorted(attrs[p][0][0] for p in table) == ["Cesena", "Cesena", "Forlì", "Forlì"]


def test_a_meeting_outside_the_order_is_refused():
    with pytest.raises(RuleError):
        spread(entries_of({1: ((), (), ()), 2: ((), (), ())}), meetings=[(1, 0, 2)])
