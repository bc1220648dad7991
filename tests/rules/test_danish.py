"""Danish seating engine and the incremental blossom matching behind it.

Oracles are independent of the engine: an exhaustive search over all seatings (small fields),
a direct dynamic-programming transcription of the top-down rule (up to 12 pairs), and networkx
(maximum-cardinality and minimum-weight matchings) for fields up to 40 pairs.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cache

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.movements.danish import DanishSeating, meetings_to_avoid, seat_danish
from tournaments.movements.matching import IncrementalMatching

Avoid = set[frozenset[int]]
SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def meetings(*pairs: tuple[int, int]) -> Avoid:
    return {frozenset(p) for p in pairs}


def all_met(ids: Sequence[int]) -> Avoid:
    return {frozenset((a, b)) for i, a in enumerate(ids) for b in ids[i + 1 :]}


# ----------------------------------------------------------------------------- oracles
def perfect_matchings(ids: Sequence[int]) -> Iterator[list[tuple[int, int]]]:
    """Every way to seat ``ids`` (even length) at tables."""
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for k, other in enumerate(rest):
        for tail in perfect_matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def brute_min_repeats(order: Sequence[int], avoid: Avoid) -> int:
    return min(sum(frozenset(t) in avoid for t in m) for m in perfect_matchings(list(order)))


def rule_by_dp(order: Sequence[int], avoid: Avoid) -> list[tuple[int, int]]:
    """The rule of docs/seating.md, transcribed literally, with an exact minimum-repeat oracle."""
    n = len(order)
    bad = [[frozenset((a, b)) in avoid for b in order] for a in order]

    @cache
    def min_repeats(mask: int) -> int:
        if not mask:
            return 0
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        return min(bad[i][j] + min_repeats(rest & ~(1 << j)) for j in range(n) if rest >> j & 1)

    mask, tables = (1 << n) - 1, []
    while mask:
        target = min_repeats(mask)
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        candidates = [j for j in range(n) if rest >> j & 1]

        def keeps(j: int) -> bool:
            return bad[i][j] + min_repeats(rest & ~(1 << j)) == target  # noqa: B023

        allowed = [j for j in candidates if not bad[i][j] and keeps(j)]
        j = allowed[0] if allowed else next(j for j in candidates if keeps(j))
        tables.append((order[i], order[j]))
        mask = rest & ~(1 << j)
    return tables


def expected_bye(ranking: Sequence[int], byes: dict[int, int]) -> int | None:
    if len(ranking) % 2 == 0:
        return None
    fewest = min(byes.get(p, 0) for p in ranking)
    return [p for p in ranking if byes.get(p, 0) == fewest][-1]


def nx_min_repeats(order: Sequence[int], avoid: Avoid) -> int:
    graph = nx.complete_graph(order)
    for a, b in graph.edges:
        graph[a][b]["weight"] = int(frozenset((a, b)) in avoid)
    matching = nx.min_weight_matching(graph)
    assert 2 * len(matching) == len(order)
    return sum(frozenset(e) in avoid for e in matching)


def nx_nu(graph: nx.Graph, nodes: set[int]) -> int:
    return len(nx.max_weight_matching(graph.subgraph(nodes), maxcardinality=True))


def check_basic(ranking: Sequence[int], avoid: Avoid, byes: dict[int, int], s: DanishSeating):
    """Everyone seated once, bye rule, N-S higher-ranked, table order, repeats reported."""
    rank = {p: i for i, p in enumerate(ranking)}
    assert s.bye == expected_bye(ranking, byes)
    seated = [p for table in s.tables for p in table]
    assert sorted(seated + ([s.bye] if s.bye is not None else [])) == sorted(ranking)
    assert all(rank[ns] < rank[ew] for ns, ew in s.tables)
    ns_ranks = [rank[ns] for ns, _ in s.tables]
    assert ns_ranks == sorted(ns_ranks)
    assert list(s.repeats) == [t for t in s.tables if frozenset(t) in avoid]


# ------------------------------------------------------------------------- strategies
@st.composite
def fields(draw: st.DrawFn, min_pairs: int = 4, max_pairs: int = 40):
    """(ranking, avoid, byes): random ids, and a history of turns, a random or block graph."""
    n = draw(st.integers(min_pairs, max_pairs))
    ranking = draw(st.lists(st.integers(1, 999), min_size=n, max_size=n, unique=True))
    rnd = draw(st.randoms(use_true_random=False))
    kind = draw(st.sampled_from(["turns", "turns", "density", "block"]))
    avoid: Avoid = set()
    if kind == "density":
        density = draw(st.sampled_from([0.1, 0.3, 0.5, 0.7, 0.9, 1.0]))
        avoid = {e for e in all_met(ranking) if rnd.random() < density}
    else:
        turns = draw(st.integers(0, min(n - 1, 12)))
        for _ in range(turns):
            shuffled = rnd.sample(ranking, n)
            avoid |= {frozenset(shuffled[k : k + 2]) for k in range(0, n - 1, 2)}
        if kind == "block":
            avoid |= all_met(ranking[-draw(st.integers(2, n)) :])
    avoid.add(frozenset((ranking[0], 5000)))  # a pair outside the ranking is ignored
    byes = {p: rnd.randint(0, 2) for p in ranking if rnd.random() < 0.5}
    return ranking, avoid, byes


# ----------------------------------------------------------------------- worked examples
def test_first_turn_follows_the_seating_order():
    s = seat_danish(range(1, 9), [])
    assert s == DanishSeating(tables=((1, 2), (3, 4), (5, 6), (7, 8)), bye=None, repeats=())


def test_top_pair_skips_an_opponent_already_met():
    # 1 may not meet 2 so meets 3; 2 is then the top unseated pair and meets 4.
    s = seat_danish(range(1, 9), [(1, 2)])
    assert s.tables == ((1, 3), (2, 4), (5, 6), (7, 8))
    assert s.repeats == ()


def test_ids_are_arbitrary_and_ns_is_the_higher_ranked():
    s = seat_danish([17, 4, 9, 2], [(17, 4)])
    assert s.tables == ((17, 9), (4, 2))


def test_odd_field_bye_goes_to_the_lowest_ranked_pair_that_has_not_rested():
    assert seat_danish([1, 2, 3, 4, 5], []).bye == 5
    s = seat_danish([1, 2, 3, 4, 5], [], {5: 1})
    assert (s.bye, s.tables) == (4, ((1, 2), (3, 5)))


def test_when_everyone_has_rested_the_bye_goes_to_the_lowest_ranked_with_fewest_byes():
    s = seat_danish([1, 2, 3, 4, 5], [], {1: 1, 2: 1, 3: 1, 4: 2, 5: 2})
    assert (s.bye, s.tables) == (3, ((1, 2), (4, 5)))


def test_the_bye_is_never_reconsidered():
    # 5 must rest although seating 5 would have avoided a repeat between 3 and 4.
    s = seat_danish([1, 2, 3, 4, 5], [(3, 4), (1, 2), (1, 3), (2, 4)])
    assert s.bye == 5
    assert s.tables == ((1, 4), (2, 3))


def test_modified_excludes_only_the_previous_opponent():
    history = [[(1, 2), (3, 4)], [(1, 3), (2, 4)]]
    assert meetings_to_avoid(history, modified=True) == meetings((1, 3), (2, 4))
    assert meetings_to_avoid(history, modified=False) == meetings((1, 2), (3, 4), (1, 3), (2, 4))
    modified = seat_danish([1, 2, 3, 4], meetings_to_avoid(history, modified=True))
    assert (modified.tables, modified.repeats) == (((1, 2), (3, 4)), ())
    puro = seat_danish([1, 2, 3, 4], meetings_to_avoid(history, modified=False))
    assert (puro.tables, puro.repeats) == (((1, 4), (2, 3)), ())


def test_meetings_to_avoid_without_history():
    assert meetings_to_avoid([], modified=True) == set()
    assert meetings_to_avoid([], modified=False) == set()


def test_forced_repeats_keep_the_top_down_order():
    s = seat_danish([1, 2, 3, 4], all_met([1, 2, 3, 4]))
    assert s.tables == ((1, 2), (3, 4))
    assert s.repeats == ((1, 2), (3, 4))


def test_within_the_minimum_each_pair_prefers_opponents_it_has_not_met():
    # 1 met 2 and 3..6 all met each other: one repeat is unavoidable, and it goes to the
    # bottom, since 1 and 2 can still meet pairs they have not met.
    s = seat_danish(range(1, 7), {frozenset((1, 2))} | all_met([3, 4, 5, 6]))
    assert s.tables == ((1, 3), (2, 4), (5, 6))
    assert s.repeats == ((5, 6),)


def test_lookahead_where_greedy_would_force_a_repeat():
    # Greedy 1v2 would leave 3 and 4, who have met: the engine looks ahead.
    assert seat_danish([1, 2, 3, 4], [(3, 4)]).tables == ((1, 3), (2, 4))
    # Bottom block 4, 5, 6 all met: each needs an opponent from the top three.
    s = seat_danish(range(1, 7), all_met([4, 5, 6]))
    assert (s.tables, s.repeats) == (((1, 4), (2, 5), (3, 6)), ())


def test_degenerate_fields_and_inputs():
    assert seat_danish([], []) == DanishSeating(tables=(), bye=None, repeats=())
    assert seat_danish([7], [(7, 8)]) == DanishSeating(tables=(), bye=7, repeats=())
    with pytest.raises(ValueError, match="duplicate pair ids in ranking: \\[2\\]"):
        seat_danish([1, 2, 3, 2], [])
    # frozensets (from meetings_to_avoid) and pairs outside the ranking are accepted
    assert seat_danish([1, 2, 3, 4], {frozenset((1, 2)), frozenset((8, 9))}).tables == (
        (1, 3),
        (2, 4),
    )


# ------------------------------------------------------------------------- properties
@SETTINGS
@given(fields(max_pairs=12))
def test_small_fields_follow_the_rule_exactly(field):
    ranking, avoid, byes = field
    s = seat_danish(ranking, avoid, byes)
    check_basic(ranking, avoid, byes, s)
    order = [p for p in ranking if p != s.bye]
    assert list(s.tables) == rule_by_dp(order, avoid)
    if len(order) <= 10:
        assert len(s.repeats) == brute_min_repeats(order, avoid)


@SETTINGS
@given(fields())
def test_repeats_are_the_true_minimum(field):
    ranking, avoid, byes = field
    s = seat_danish(ranking, avoid, byes)
    check_basic(ranking, avoid, byes, s)
    order = [p for p in ranking if p != s.bye]
    assert len(s.repeats) == nx_min_repeats(order, avoid)


@settings(SETTINGS, max_examples=40)
@given(fields(min_pairs=12))
def test_each_table_takes_the_best_opponent_that_keeps_the_minimum(field):
    ranking, avoid, byes = field
    s = seat_danish(ranking, avoid, byes)
    order = [p for p in ranking if p != s.bye]
    rank = {p: i for i, p in enumerate(order)}
    allowed = nx.Graph()
    allowed.add_nodes_from(order)
    allowed.add_edges_from(
        (a, b) for i, a in enumerate(order) for b in order[i + 1 :] if {a, b} not in avoid
    )

    def min_repeats(nodes: set[int]) -> int:
        return len(nodes) // 2 - nx_nu(allowed, nodes)

    remaining = set(order)
    needed = min_repeats(remaining)
    for ns, ew in s.tables:
        assert ns == min(remaining, key=rank.__getitem__)
        repeat = frozenset((ns, ew)) in avoid
        after = min_repeats(remaining - {ns, ew})
        assert after + repeat == needed
        for q in remaining - {ns, ew}:
            q_repeat = frozenset((ns, q)) in avoid
            if (repeat and not q_repeat) or (repeat == q_repeat and rank[q] < rank[ew]):
                assert min_repeats(remaining - {ns, q}) + q_repeat > needed, (ns, q)
        remaining -= {ns, ew}
        needed = after
    assert needed == 0


# ------------------------------------------------------------------------- adversarial
@pytest.mark.parametrize(("pairs", "block", "repeats"), [(20, 9, 0), (200, 41, 0), (100, 61, 11)])
def test_bottom_block_that_has_all_met_is_seated_in_polynomial_time(pairs, block, repeats):
    # A plain backtracking search is exponential here; this would hang on a regression.
    ranking = list(range(1, pairs + 1))
    avoid = all_met(ranking[-block:])
    s = seat_danish(ranking, avoid)
    check_basic(ranking, avoid, {}, s)
    assert len(s.repeats) == repeats
    outsiders = pairs - block
    if repeats == 0:  # the last `block` tables each take one block pair
        assert all(ns <= outsiders < ew for ns, ew in s.tables[-block:])


def test_large_field_after_ten_turns():
    rnd = random.Random(7)
    ranking = list(range(1, 1001))
    history: list[list[tuple[int, int]]] = []
    for _ in range(10):
        s = seat_danish(ranking, meetings_to_avoid(history, modified=False))
        assert s.repeats == ()
        history.append(list(s.tables))
        rnd.shuffle(ranking)
    avoid = meetings_to_avoid(history, modified=False) | all_met(ranking[-11:])
    check_basic(ranking, avoid, {}, seat_danish(ranking, avoid))


# ------------------------------------------------------------------ incremental matching
@st.composite
def graphs(draw: st.DrawFn, max_vertices: int = 24):
    """(n, edges): random density, or odd cycles with a few chords (blossom-rich)."""
    n = draw(st.integers(0, max_vertices))
    rnd = draw(st.randoms(use_true_random=False))
    if draw(st.booleans()):
        density = draw(st.sampled_from([0.05, 0.15, 0.3, 0.6, 0.9]))
        edges = {(i, j) for i in range(n) for j in range(i + 1, n) if rnd.random() < density}
    else:
        edges, vertices = set(), rnd.sample(range(n), n)
        while len(vertices) >= 3:
            k = min(len(vertices), rnd.choice([3, 5, 7]))
            cycle, vertices = vertices[:k], vertices[k:]
            edges |= {tuple(sorted((cycle[i], cycle[(i + 1) % k]))) for i in range(k)}
        for _ in range(n // 3):
            if n >= 2:
                a, b = rnd.sample(range(n), 2)
                edges.add((min(a, b), max(a, b)))
    return n, edges


def build(n: int, edges: set[tuple[int, int]]) -> IncrementalMatching:
    avoided = [set(range(n)) - {v} for v in range(n)]
    for a, b in edges:
        avoided[a].discard(b)
        avoided[b].discard(a)
    return IncrementalMatching(n, avoided)


def check_matching(m: IncrementalMatching, graph: nx.Graph) -> None:
    alive = [v for v in m.vertices()]
    assert sorted(alive) == sorted(graph.nodes)
    for v in alive:
        mate = m.mate(v)
        if mate is not None:
            assert m.mate(mate) == v and graph.has_edge(v, mate)
    assert len(m.pairs()) == m.size == len(nx.max_weight_matching(graph, maxcardinality=True))


@SETTINGS
@given(graphs(), st.randoms(use_true_random=False))
def test_incremental_matching_stays_maximum(graph_spec, rnd):
    n, edges = graph_spec
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(edges)
    m = build(n, edges)
    check_matching(m, graph)
    while graph.number_of_nodes() >= 2:
        a, b = rnd.sample(sorted(graph.nodes), 2)
        without = graph.copy()
        without.remove_nodes_from([a, b])
        expected = len(nx.max_weight_matching(without, maxcardinality=True))
        before = m.pairs()
        assert m.max_size_without(a, b) == expected
        if graph.has_edge(a, b):
            assert m.max_size_with(a, b) == expected + 1
        size = m.size
        pivot = m.pivot(a)  # a few removable() answers, then back
        nu_a = len(nx.max_weight_matching(graph.subgraph(set(graph) - {a}), maxcardinality=True))
        assert m.size == nu_a
        assert pivot.keeps_size == (nu_a == size)
        others = sorted(set(graph) - {a})
        for q in rnd.sample(others, min(6, len(others))):
            rest = graph.subgraph(set(graph) - {a, q})
            assert pivot.removable(q) == (
                len(nx.max_weight_matching(rest, maxcardinality=True)) == nu_a
            )
        pivot.cancel()
        assert m.pairs() == before
        check_matching(m, graph)
        if rnd.random() < 0.5:
            m.remove_pair(a, b)
            graph.remove_nodes_from([a, b])
        else:
            m.remove(a)
            graph.remove_node(a)
        check_matching(m, graph)
