"""Individual Danish (Codice Art. 2: "l'accoppiamento cambia ad ogni turno").

Oracles independent of the engine: every seating of a small field (brute force), the literal
top-down rule on that brute force, and networkx's maximum matching for the partner minimum on
larger fields.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.movements.individual import (
    IndividualSeating,
    choose_rests,
    history_sets,
    seat_individual_danish,
)

Meetings = set[frozenset[int]]
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60)


def m(*pairs: tuple[int, int]) -> Meetings:
    return {frozenset(p) for p in pairs}


# ----------------------------------------------------------------------------- oracles
def seatings(players: Sequence[int]) -> Iterator[list[tuple[tuple[int, int], tuple[int, int]]]]:
    """Every way to seat `players` (a multiple of 4) at tables of two lines."""
    if not players:
        yield []
        return
    p, rest = players[0], players[1:]
    for trio in combinations(rest, 3):
        left = [v for v in rest if v not in trio]
        j, k, q = trio
        for table in (((p, j), (k, q)), ((p, k), (j, q)), ((p, q), (j, k))):
            for tail in seatings(left):
                yield [table, *tail]


def cost(tables, partners: Meetings, opponents: Meetings) -> tuple[int, int]:
    pr = sum(frozenset(line) in partners for t in tables for line in t)
    op = sum(frozenset((x, y)) in opponents for ns, ew in tables for x in ns for y in ew)
    return pr, op


def brute_rule(order: Sequence[int], partners: Meetings, opponents: Meetings, preference=(0, 1, 2)):
    """The rule of the issue, literally, over every seating: least (partner, opponent)
    repeats, then table by table the top player with the first candidate (by rank, then the
    splits 1+2 v 3+4, 1+3 v 2+4, 1+4 v 2+3, in the order `preference` gives) that keeps
    that minimum."""

    @cache
    def least(group: tuple[int, ...]) -> tuple[int, int]:
        return min(cost(s, partners, opponents) for s in seatings(list(group)))

    out, group = [], tuple(order)
    while group:
        target = least(group)
        p, rest = group[0], group[1:]
        done = False
        for trio in combinations(rest, 3):
            j, k, q = trio
            left = tuple(v for v in rest if v not in trio)
            ways = (((p, j), (k, q)), ((p, k), (j, q)), ((p, q), (j, k)))
            for table in (ways[i] for i in preference):
                c, lc = cost([table], partners, opponents), least(left)
                if (c[0] + lc[0], c[1] + lc[1]) == target:
                    out.append(table)
                    group, done = left, True
                    break
            if done:
                break
    return out


def nx_partner_min(players: Sequence[int], partners: Meetings) -> int:
    graph = nx.complete_graph(players)
    graph.remove_edges_from(tuple(p) for p in partners if len(p) == 2)
    return len(players) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


def normalise(tables):
    return [tuple(tuple(sorted(line)) for line in t) for t in tables]


def check_basic(ranking, rests_taken, s: IndividualSeating) -> None:
    rank = {p: i for i, p in enumerate(ranking)}
    seated = [x for ns, ew in s.tables for x in (*ns, *ew)]
    assert sorted(seated + list(s.rests)) == sorted(ranking)
    assert len(s.rests) == len(ranking) % 4
    assert list(s.rests) == choose_rests(ranking, len(ranking) % 4, rests_taken)
    for ns, ew in s.tables:
        assert min(map(rank.get, ns)) < min(map(rank.get, ew))  # N-S holds the best player
    firsts = [min(map(rank.get, ns)) for ns, _ in s.tables]
    assert firsts == sorted(firsts)


# ------------------------------------------------------------------- worked examples
def test_first_turn_seats_the_ranking_in_fours():
    s = seat_individual_danish(range(1, 9))
    assert s.tables == (((1, 2), (3, 4)), ((5, 6), (7, 8)))
    assert s.rests == ()


def test_partners_once_then_1_3_v_2_4_then_1_4_v_2_3():
    """The issue's rule: 1+2 v 3+4 unless two of them partnered, then 1+3 v 2+4, 1+4 v 2+3."""
    s = seat_individual_danish([1, 2, 3, 4], partners=m((1, 2)))
    assert s.tables == (((1, 3), (2, 4)),)
    s = seat_individual_danish([1, 2, 3, 4], partners=m((1, 2), (1, 3)))
    assert s.tables == (((1, 4), (2, 3)),)
    s = seat_individual_danish([1, 2, 3, 4], partners=m((3, 4)))
    assert s.tables == (((1, 3), (2, 4)),)


def test_four_players_who_partnered_every_way_repeat_the_least():
    s = seat_individual_danish([1, 2, 3, 4], partners=m((1, 2), (1, 3), (1, 4), (2, 3)))
    assert s.tables == (((1, 2), (3, 4)),)  # one repeat (1+2); the other splits repeat two
    assert s.partner_repeats == ((1, 2),)


def test_a_top_four_that_would_strand_the_players_below_gives_way():
    """1+2 v 3+4 is free, but 5..8 partnered every way among themselves except with 1-4:
    the exact rule mixes them so nobody partners twice."""
    below = m((5, 6), (5, 7), (5, 8), (6, 7), (6, 8), (7, 8))
    s = seat_individual_danish(range(1, 9), partners=below)
    assert s.partner_repeats == ()
    assert s.tables[0] != ((1, 2), (3, 4))


def test_opponents_repeat_only_when_unavoidable():
    s = seat_individual_danish(range(1, 9), opponents=m((1, 3), (1, 4), (2, 3), (2, 4)))
    assert s.opponent_repeats == ()
    assert s.tables[0] == ((1, 2), (5, 6))


def test_rests_go_to_the_lowest_ranked_who_have_not_rested():
    """Art. 33: the lowest score rests, excluding who already rested; never twice if avoidable."""
    s = seat_individual_danish(range(1, 12), rests_taken={11: 1, 9: 1})
    assert s.rests == (7, 8, 10)
    everyone = dict.fromkeys(range(1, 12), 1)
    assert seat_individual_danish(range(1, 12), rests_taken=everyone).rests == (9, 10, 11)


def test_eight_players_danish_never_repeats_a_partner_in_seven_turns():
    ranking, history, rng = list(range(1, 9)), [], random.Random(7)
    for _turn in range(7):
        partners, opponents = history_sets(history)
        s = seat_individual_danish(ranking, partners, opponents)
        assert s.partner_repeats == ()
        history.append(s.tables)
        rng.shuffle(ranking)
    partners, _ = history_sets(history)
    assert len(partners) == 28  # everyone partnered everyone once


@pytest.mark.parametrize("players, block", [(24, 12), (40, 16), (100, 20)])
def test_a_bottom_block_that_all_faced_each_other_is_mixed_into_the_field(players, block):
    """Top-down, the block would end up together at the bottom; a seating without any repeat
    exists (each block player partners another and faces two players from above), and the
    repair after the top-down pass finds one."""
    ranking = list(range(1, players + 1))
    bottom = ranking[-block:]
    faced = {frozenset(p) for p in combinations(bottom, 2)}
    s = seat_individual_danish(ranking, opponents=faced)
    check_basic(ranking, {}, s)
    assert s.opponent_repeats == ()
    s = seat_individual_danish(ranking, partners=faced)  # the same block as partners
    assert s.partner_repeats == ()


def test_duplicates_and_bad_meetings_are_refused():
    with pytest.raises(ValueError):
        seat_individual_danish([1, 2, 2, 3])
    with pytest.raises(ValueError):
        seat_individual_danish([1, 2, 3, 4], partners=[(1, 2, 3)])


# ---------------------------------------------------------------------- properties
@st.composite
def fields(draw, min_players=4, max_players=11):
    n = draw(st.integers(min_players, max_players))
    ranking = draw(st.lists(st.integers(1, 99), min_size=n, max_size=n, unique=True))
    rnd = draw(st.randoms(use_true_random=False))
    density = draw(st.sampled_from([0.0, 0.1, 0.3, 0.6]))
    pairs = [frozenset(p) for p in combinations(ranking, 2)]
    partners = {p for p in pairs if rnd.random() < density / 2}
    opponents = {p for p in pairs if rnd.random() < density}
    rests = {p: rnd.randint(0, 1) for p in ranking if rnd.random() < 0.3}
    return ranking, partners, opponents, rests


@SETTINGS
@given(fields())
def test_small_fields_follow_the_rule_exactly(field):
    ranking, partners, opponents, rests = field
    s = seat_individual_danish(ranking, partners, opponents, rests)
    check_basic(ranking, rests, s)
    order = [p for p in ranking if p not in s.rests]
    expected = brute_rule(order, partners, opponents)
    assert normalise(s.tables) == normalise(expected)
    assert (len(s.partner_repeats), len(s.opponent_repeats)) == cost(s.tables, partners, opponents)


@SETTINGS
@given(fields(min_players=8, max_players=32), st.sampled_from([0, 4, 8]))
def test_partner_repeats_are_the_least_possible_on_any_field(field, exact):
    """The large-field path (forced with a small `exact`) keeps the partner minimum exactly."""
    ranking, partners, opponents, rests = field
    s = seat_individual_danish(ranking, partners, opponents, rests, exact=exact)
    check_basic(ranking, rests, s)
    order = [p for p in ranking if p not in s.rests]
    assert len(s.partner_repeats) == nx_partner_min(order, partners)


def test_a_played_field_of_40_never_repeats_partners_in_nine_turns():
    rng = random.Random(3)
    ranking = list(range(1, 41))
    score = dict.fromkeys(ranking, 0)
    history, rests = [], {}
    for _turn in range(9):
        partners, opponents = history_sets(history)
        s = seat_individual_danish(ranking, partners, opponents, rests)
        assert s.partner_repeats == ()
        for ns, ew in s.tables:
            v = rng.randint(0, 20)
            for x in ns:
                score[x] += v
            for x in ew:
                score[x] += 20 - v
        history.append(s.tables)
        ranking.sort(key=lambda p: -score[p])


def test_a_long_event_keeps_the_partner_minimum_after_partners_run_out():
    """17 players for 20 turns: after about 16 turns partners must repeat; every turn repeats
    exactly as few as a maximum matching allows, and rests go round (Art. 33)."""
    rng = random.Random(11)
    ranking = list(range(1, 18))
    score = dict.fromkeys(ranking, 0)
    history, rests = [], {}
    for _turn in range(20):
        partners, opponents = history_sets(history)
        s = seat_individual_danish(ranking, partners, opponents, rests)
        check_basic(ranking, rests, s)
        order = [p for p in ranking if p not in s.rests]
        assert len(s.partner_repeats) == nx_partner_min(order, partners)
        for p in s.rests:
            rests[p] = rests.get(p, 0) + 1
        assert max(rests.values()) - min(rests.get(p, 0) for p in ranking) <= 1
        for ns, ew in s.tables:
            v = rng.randint(0, 20)
            for x in ns:
                score[x] += v
            for x in ew:
                score[x] += 20 - v
        history.append(s.tables)
        ranking.sort(key=lambda p: -score[p])
