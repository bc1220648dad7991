"""Fixed individual movements: the complete 8-player schedule, the Rainbow, computed schedules.

Exhaustive over small fields: every field of 4 to 40 players and every length up to the
Rainbow's (or 9 turns) is checked pair by pair.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import gcd

import pytest

from tournaments.movements.rainbow import (
    EIGHT,
    fixed_schedule,
    improve_schedule,
    movement_kind,
    opponent_floor,
    rainbow_fits,
    rainbow_moves,
    schedule_cost,
    seat_rainbow,
)
from tournaments.rules.messages import RuleError


def tally(schedule):
    partners, opponents, rests = Counter(), Counter(), Counter()
    for turn in schedule:
        seated = [p for ns, ew in turn.tables for p in (*ns, *ew)]
        assert len(seated) == len(set(seated))
        assert not set(seated) & set(turn.rests)
        for ns, ew in turn.tables:
            partners.update((frozenset(ns), frozenset(ew)))
            opponents.update(frozenset((x, y)) for x in ns for y in ew)
        rests.update(turn.rests)
    return partners, opponents, rests


def test_eight_players_partner_everyone_once_and_face_everyone_twice():
    schedule = fixed_schedule(range(1, 9), 7)
    partners, opponents, rests = tally(schedule)
    everyone = {frozenset(p) for p in combinations(range(1, 9), 2)}
    assert set(partners) == everyone and set(partners.values()) == {1}
    assert set(opponents) == everyone and set(opponents.values()) == {2}
    assert not rests
    assert len(EIGHT) == 7


def test_eight_players_follow_the_seating_order():
    schedule = fixed_schedule([11, 12, 13, 14, 15, 16, 17, 18], 1)
    assert schedule[0].tables == (((11, 12), (13, 14)), ((15, 16), (17, 18)))


@pytest.mark.parametrize("tables", [t for t in range(1, 30) if gcd(t, 6) == 1])
def test_rainbow_never_repeats_a_partner_or_an_opponent(tables):
    players = list(range(1, 4 * tables + 1))
    schedule = [seat_rainbow(players, t) for t in range(tables)]
    partners, opponents, _rests = tally(schedule)
    assert set(partners.values()) == {1}
    assert set(opponents.values()) == {1}
    meetings = set(partners) | set(opponents)
    assert not set(partners) & set(opponents)
    # every two players of different seats meet exactly once; same seat never
    seat = {p: (p - 1) // tables for p in players}
    assert meetings == {
        frozenset((a, b)) for a, b in combinations(players, 2) if seat[a] != seat[b]
    }


def raw_rainbow(players, turn, moves):
    """The Rainbow seating written out directly, without any check."""
    t = len(players) // 4
    a, b, c = moves
    return [
        (
            (players[i], players[t + (i - a * turn) % t]),
            (players[2 * t + (i - b * turn) % t], players[3 * t + (i - c * turn) % t]),
        )
        for i in range(t)
    ]


def raw_clean(players, turns, moves) -> bool:
    seen = Counter()
    for turn in range(turns):
        for ns, ew in raw_rainbow(players, turn, moves):
            seen.update(frozenset(p) for p in combinations((*ns, *ew), 2))
    return set(seen.values()) == {1}


@pytest.mark.parametrize("tables", range(1, 41))
@pytest.mark.parametrize("turns", [1, 2, 3, 5, 7, 9, 13])
def test_rainbow_moves_are_exactly_the_clean_ones(tables, turns):
    """Exhaustive: the moves found repeat nothing in `turns` turns (seated by the engine and
    written out directly); when none are found, no moves at all would do (every triple of
    distinct moves, on up to 16 tables)."""
    players = list(range(1, 4 * tables + 1))
    moves = rainbow_moves(tables, turns)
    if moves is not None:
        assert raw_clean(players, turns, moves)
        engine = [seat_rainbow(players, t, moves).tables for t in range(turns)]
        assert engine == [tuple(raw_rainbow(players, t, moves)) for t in range(turns)]
    elif tables <= 16:
        for moves in combinations(range(1, tables), 3):
            assert not raw_clean(players, turns, moves)


def test_rainbow_first_turn_is_the_seating_order_by_seat():
    turn = seat_rainbow(list(range(1, 21)), 0)  # 5 tables
    assert turn.tables[0] == ((1, 6), (11, 16))
    assert turn.tables[4] == ((5, 10), (15, 20))
    assert seat_rainbow(list(range(1, 21)), 1).tables[0] == ((1, 10), (14, 18))


def test_which_movement():
    assert movement_kind(8, 7) == "eight"
    assert movement_kind(8, 8) == "computed"
    assert movement_kind(20, 5) == "rainbow" and rainbow_fits(20, 5)
    assert movement_kind(20, 6) == "computed"  # a sixth Rainbow turn would repeat turn 1
    assert movement_kind(24, 3) == "computed"  # 6 tables share a factor with 6
    assert movement_kind(21, 3) == "computed"
    assert movement_kind(52, 9) == "rainbow"  # 13 tables
    assert movement_kind(1000, 9) == "rainbow"  # 250 tables: moves 1, 2, 3 meet again at 125
    assert rainbow_moves(250, 9) == (1, 2, 3)
    assert movement_kind(32, 5) == "computed"  # 8 tables: a move of 2 or 6 repeats in 4 turns
    assert movement_kind(32, 4) == "rainbow"
    assert rainbow_moves(3, 2) is None and rainbow_moves(6, 3) is None


@pytest.mark.parametrize("players", range(4, 41))
def test_every_small_field_never_repeats_a_partner_while_avoidable(players):
    """Exhaustive over field sizes: each computed turn is the exact per-turn minimum, so a
    partner repeats only when the players of that turn cannot all be seated with new
    partners; rests go round before anybody rests twice."""
    turns = min(9, players - 1)
    order = list(range(1, players + 1))
    schedule = fixed_schedule(order, turns, steps=1000)
    partners, opponents, rests = tally(schedule)
    assert len(schedule) == turns
    if rests:
        assert max(rests.values()) - min(rests.get(p, 0) for p in order) <= 1
        assert sum(rests.values()) == turns * (players % 4)
    seated = players - players % 4
    if movement_kind(players, turns) != "computed" or seated >= 2 * turns + 4:
        assert set(partners.values()) == {1}, "a partner repeated"
    if movement_kind(players, turns) == "rainbow":
        assert set(opponents.values()) == {1}


def test_computed_schedule_starts_from_the_rainbow_and_is_reproducible():
    order = list(range(1, 13))  # 3 tables: no Rainbow beyond one turn
    schedule = fixed_schedule(order, 5)
    assert schedule[0].tables == (((1, 4), (7, 10)), ((2, 5), (8, 11)), ((3, 6), (9, 12)))
    assert fixed_schedule(order, 5) == schedule


@pytest.mark.parametrize(
    "players, turns, partners, most",
    [
        (16, 5, 0, 0),
        (20, 7, 0, 0),
        (24, 9, 0, 1),
        (28, 9, 0, 0),
        (36, 9, 0, 0),
        (12, 9, 0, 42),
        (8, 9, 8, 44),
    ],
)
def test_computed_schedules_reach_few_repeats(players, turns, partners, most):
    """The figures of docs/individual-and-teams.md. 12 players x 9 turns: 42 is the floor (each
    faces 18 opponents among 11 others); 8 players x 9 turns: 9 partners among 7 others make
    two repeats each, 8 in all, and 44 opponent repeats is the floor."""
    schedule = fixed_schedule(range(1, players + 1), turns)
    assert schedule_cost(schedule)[0] == partners
    assert opponent_floor(players, schedule) <= schedule_cost(schedule)[1] <= most


def test_the_local_search_never_makes_a_schedule_worse():
    order = list(range(1, 18))
    plain = fixed_schedule(order, 7, steps=0)
    better = improve_schedule(plain, order, 5000)
    assert schedule_cost(better) <= schedule_cost(plain)
    assert better[0] == plain[0]  # turn 1 is kept
    assert [t.rests for t in better] == [t.rests for t in plain]


@pytest.mark.parametrize(
    "order, turns", [([1, 2, 3], 1), ([1, 2, 2, 3], 1), (list(range(1, 9)), 0)]
)
def test_bad_schedules_are_refused(order, turns):
    with pytest.raises(RuleError):
        fixed_schedule(order, turns)
    with pytest.raises(RuleError):
        seat_rainbow(list(range(1, 25)), 2)  # 6 tables: moves 1 and 3 meet again at turn 3
    with pytest.raises(RuleError):
        seat_rainbow(list(range(1, 11)), 0)
