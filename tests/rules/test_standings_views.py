"""Standings over a range of turns and per group (scoring/rules/standings.py).

The references restate the rules directly: a range ranking is the ranking of the records of
those turns alone; a group's ranking sorts its pairs by VP, MP difference, VP earned against
the other pairs tied on both, then pair number (the default tie-breaks).
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.standings import Bye, Match, Penalty, compute, compute_groups, compute_range


def m(turn, ns, ew, ns_vp, ns_mp):
    return Match(turn=turn, ns=ns, ew=ew, ns_vp=ns_vp, ew_vp=20 - ns_vp, ns_mp=ns_mp)


def order(rows):
    return [r.pair for r in rows]


# ------------------------------------------------------------------------ range of turns
def test_a_range_counts_only_its_turns_and_their_penalties():
    """The 2009 club event's technical prize: the best total of the two final Danish turns."""
    matches = [m(1, 1, 2, 20, 1600), m(2, 1, 3, 15, 600), m(3, 2, 3, 14, 400), m(3, 1, 4, 6, -400)]
    byes = [Bye(2, 2, 14, 355), Bye(2, 4, 14, 355)]
    penalties = [Penalty(1, 2, 5), Penalty(3, 3, 1)]
    rows = compute_range([1, 2, 3, 4], matches, byes, penalties, from_turn=2, to_turn=3)
    assert [(r.pair, r.vp, r.mp) for r in rows] == [
        (2, 28, 755),
        (4, 28, 755),
        (1, 21, 200),
        (3, 10, -1000),
    ]
    assert rows[0].turns == {2: (None, 14, 355), 3: (3, 14, 400)} and rows[3].penalty_vp == 1
    assert [r.rank for r in rows] == [1, 2, 3, 4]


def test_a_tie_over_the_range_goes_by_the_range_tiebreaks_then_the_prior_order():
    matches = [m(9, 1, 2, 10, 0), m(9, 3, 4, 10, 0), m(10, 1, 3, 10, 0), m(10, 2, 4, 10, 0)]
    plain = compute_range([1, 2, 3, 4], matches, from_turn=9, to_turn=10)
    assert order(plain) == [1, 2, 3, 4]  # all equal: pair number
    prior = [4, 3, 2, 1]  # e.g. the group's final ranking
    assert order(compute_range([1, 2, 3, 4], matches, from_turn=9, to_turn=10, prior=prior)) == [
        4,
        3,
        2,
        1,
    ]
    # The range's MP difference comes before the prior order.
    matches[0] = m(9, 1, 2, 10, 50)
    got = compute_range([1, 2, 3, 4], matches, from_turn=9, to_turn=10, prior=prior)
    assert order(got) == [1, 4, 3, 2]


def test_a_range_must_be_one():
    with pytest.raises(ValueError, match="not a range"):
        compute_range([1], from_turn=3, to_turn=2)
    with pytest.raises(ValueError, match="not a range"):
        compute_range([1], from_turn=0, to_turn=2)


# ------------------------------------------------------------------------------- groups
def test_groups_are_listed_a_then_b_and_rank_follows():
    """Group B's leader has more VP than A's last pair: it still comes after all of A."""
    matches = [m(1, 1, 2, 12, 200), m(1, 3, 4, 20, 2000), m(2, 1, 2, 11, 100), m(2, 3, 4, 19, 1300)]
    groups = {"A": [1, 2], "B": [3, 4]}
    rows = compute_groups([1, 2, 3, 4, 5], matches, groups=groups)
    assert [(r.pair, r.group, r.group_rank, r.rank) for r in rows] == [
        (1, "A", 1, 1),
        (2, "A", 2, 2),
        (3, "B", 1, 3),
        (4, "B", 2, 4),
        (5, None, None, 5),  # withdrawn before the cut
    ]
    overall = compute([1, 2, 3, 4, 5], matches)
    assert order(overall) == [3, 1, 2, 4, 5]
    assert all(r.group is None and r.group_rank is None for r in overall)


def test_head_to_head_inside_a_group_counts_only_the_groups_tied_pairs():
    # 1, 2 and 5 tie on VP and MP; 5 is in group B, so A's tie is 1 against 2 alone.
    matches = [m(1, 1, 2, 9, 0), m(1, 5, 6, 10, 0), m(2, 1, 5, 11, 0), m(2, 2, 6, 10, 0)]
    rows = compute_groups(range(1, 7), matches, groups={"A": [1, 2], "B": [5, 6]})
    assert order(rows)[:2] == [2, 1]


def test_a_group_naming_an_unknown_pair_is_refused():
    with pytest.raises(ValueError, match="pair 9 of group A"):
        compute_groups([1, 2], groups={"A": [1, 9]})


# --------------------------------------------------------------------------- properties
@st.composite
def tournaments(draw, max_pairs=10, max_turns=6):
    n = draw(st.integers(2, max_pairs))
    pairs = list(range(1, n + 1))
    turns = draw(st.integers(1, max_turns))
    matches, byes, penalties = [], [], []
    for turn in range(1, turns + 1):
        order_ = draw(st.permutations(pairs))
        for k in range(0, n - 1, 2):
            vp = draw(st.integers(0, 20))
            mp = draw(st.integers(-20, 20)) * 5 * (1 if vp >= 10 else -1)
            matches.append(m(turn, order_[k], order_[k + 1], vp, mp))
        if n % 2:
            byes.append(Bye(turn, order_[-1], 14, 355))
        if draw(st.booleans()):
            penalties.append(Penalty(turn, draw(st.sampled_from(pairs)), 1, 0))
    return pairs, matches, byes, penalties, turns


@given(tournaments(), st.data())
def test_a_range_is_the_ranking_of_its_turns_alone(t, data):
    pairs, matches, byes, penalties, turns = t
    first = data.draw(st.integers(1, turns))
    last = data.draw(st.integers(first, turns))
    got = compute_range(pairs, matches, byes, penalties, from_turn=first, to_turn=last)

    def inside(records):
        return [r for r in records if first <= r.turn <= last]

    expected = compute(pairs, inside(matches), inside(byes), inside(penalties))
    assert [(r.pair, r.vp, r.mp, r.rank) for r in got] == [
        (r.pair, r.vp, r.mp, r.rank) for r in expected
    ]
    if first == 1:
        whole = compute(pairs, matches, byes, penalties, after_turn=last)
        assert order(got) == order(whole)


def reference_group_order(rows, members, matches, after_turn=None):
    """VP, MP difference, VP against the other pairs tied on both, pair number."""
    by = {r.pair: r for r in rows}
    earned = defaultdict(int)
    for x in matches:
        if after_turn is None or x.turn <= after_turn:
            earned[x.ns, x.ew] += x.ns_vp
            earned[x.ew, x.ns] += x.ew_vp
    blocks = defaultdict(list)
    for p in members:
        blocks[by[p].vp, by[p].mp].append(p)

    def h2h(p):
        return sum(earned[p, o] for o in blocks[by[p].vp, by[p].mp] if o != p)

    return sorted(members, key=lambda p: (-by[p].vp, -by[p].mp, -h2h(p), p))


@given(tournaments(max_pairs=12), st.data())
def test_group_rankings_against_the_reference(t, data):
    pairs, matches, byes, penalties, _turns = t
    cuts = sorted(data.draw(st.lists(st.integers(1, len(pairs) - 1), max_size=3, unique=True)))
    shuffled = data.draw(st.permutations(pairs))
    bounds = [0, *cuts, len(pairs)]
    groups = {chr(65 + i): shuffled[a:b] for i, (a, b) in enumerate(zip(bounds, bounds[1:]))}
    outside = data.draw(st.integers(0, 1))  # the last pair of the last group left before the cut
    if outside and len(groups[max(groups)]) > 1:
        groups[max(groups)] = groups[max(groups)][:-1]
    rows = compute_groups(pairs, matches, byes, penalties, groups=groups)
    assert [r.rank for r in rows] == list(range(1, len(pairs) + 1))
    overall = compute(pairs, matches, byes, penalties)
    for name, members in groups.items():
        got = [r for r in rows if r.group == name]
        assert [r.group_rank for r in got] == list(range(1, len(members) + 1))
        assert order(got) == reference_group_order(overall, members, matches)
    assert [r.group for r in rows] == sorted(r.group for r in rows if r.group) + [
        None for r in rows if r.group is None
    ]
