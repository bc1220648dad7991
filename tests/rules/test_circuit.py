"""A circuit's standings (scoring.rules.circuit): worked examples, then properties.

None of these rules is the Codice di Gara's (it ranks one tournament): they are the
circuit organiser's settings (docs/circuits.md)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.circuit import (
    CircuitError,
    Entry,
    Rules,
    counted,
    finalists_count,
    standings,
)


def e(key, vp=0, rank=1, name=None, club=""):
    return Entry(key, name or key, key if not key.startswith("name:") else "", club, vp, rank)


def by_key(rows):
    return {r.key: r for r in rows}


def test_vp_points_best_two_of_three():
    stages = [
        [e("A", 60), e("B", 50)],
        [e("A", 40), e("B", 55)],
        [e("A", 70), e("B", 52)],
    ]
    rows = standings(Rules(points="vp", best=2), stages)
    a, b = by_key(rows)["A"], by_key(rows)["B"]
    assert a.points == 130 and a.stages == [(60, True), (40, False), (70, True)]
    assert b.points == 107 and b.stages == [(50, False), (55, True), (52, True)]
    assert [r.key for r in rows] == ["A", "B"] and a.rank == 1 and b.rank == 2


def test_placing_table_and_points_beyond():
    rules = Rules(points="placing", table=(100, 90, 82), beyond=10)
    rows = standings(rules, [[e("A", rank=1), e("B", rank=3), e("C", rank=7)]])
    assert [(r.key, r.points) for r in rows] == [("A", 100), ("B", 82), ("C", 10)]


def test_minimum_of_stages_lists_the_others_unranked_and_never_finalists():
    stages = [[e("A", 90), e("B", 10)], [e("B", 10)]]
    rows = standings(Rules(min_stages=2, finalists=2), stages)
    assert [(r.key, r.rank, r.finalist) for r in rows] == [("B", 1, True), ("A", None, False)]


def test_tie_broken_by_the_better_counted_results_then_by_stages_played():
    # A and B both 100: A's best result (70) beats B's (60).
    rows = standings(Rules(), [[e("A", 70), e("B", 60)], [e("A", 30), e("B", 40)]])
    assert [r.key for r in rows] == ["A", "B"] and rows[1].rank == 2
    # C and D both 50 with the same counted results (best 1): D played more stages.
    rows = standings(Rules(best=1), [[e("C", 50), e("D", 50)], [e("D", 10)]])
    assert [r.key for r in rows] == ["D", "C"]


def test_players_still_equal_share_the_rank_and_the_finalist_cut():
    rows = standings(Rules(finalists=1), [[e("B", 50), e("A", 50), e("C", 40)]])
    assert [(r.key, r.rank, r.finalist) for r in rows] == [
        ("A", 1, True),
        ("B", 1, True),
        ("C", 3, False),
    ]


def test_finalists_percent_rounds_half_up_at_least_one():
    rules = Rules(finalists_percent=Fraction(15))
    assert finalists_count(rules, 180) == 27
    assert finalists_count(rules, 10) == 2  # 1.5 -> 2
    assert finalists_count(rules, 3) == 1  # 0.45 -> at least one
    assert finalists_count(rules, 0) == 0
    assert finalists_count(Rules(finalists_percent=Fraction(25, 2)), 4) == 1  # 0.5 -> 1
    assert finalists_count(Rules(finalists=30), 12) == 12
    assert finalists_count(Rules(), 12) == 0


def test_a_merge_follows_two_spellings_as_one_player():
    stages = [
        [e("name:balistieri giuseppe", 50)],
        [e("name:balistrieri giuseppe", 60)],
    ]
    aliases = {"name:balistieri giuseppe": "name:balistrieri giuseppe"}
    rows = standings(Rules(), stages, aliases)
    assert len(rows) == 1 and rows[0].points == 110 and rows[0].stages_played == 2
    assert rows[0].name == "name:balistrieri giuseppe"  # the kept spelling names him


def test_merged_twice_in_one_stage_keeps_the_better_once():
    stages = [[e("name:x", 50), e("name:y", 70)]]
    rows = standings(Rules(), stages, {"name:y": "name:x"})
    assert rows[0].points == 70 and rows[0].stages == [(70, True)]


def test_alias_cycles_end():
    rows = standings(Rules(), [[e("a", 1)]], {"a": "b", "b": "a"})
    assert len(rows) == 1


@pytest.mark.parametrize(
    "rules",
    [
        Rules(points="x"),
        Rules(points="placing"),
        Rules(best=0),
        Rules(min_stages=0),
        Rules(finalists=0),
        Rules(finalists_percent=Fraction(0)),
        Rules(finalists_percent=Fraction(101)),
        Rules(finalists=3, finalists_percent=Fraction(10)),
    ],
)
def test_rules_that_cannot_be_applied_are_refused(rules):
    with pytest.raises(CircuitError):
        standings(rules, [])


def test_counted_prefers_the_earlier_stage_on_equal_points():
    assert counted([5, 9, 5], 2) == [True, True, False]
    assert counted([5, 9, 5], None) == [True, True, True]


# --- properties -------------------------------------------------------------------------

players = st.sampled_from([f"P{i}" for i in range(8)])
stage = st.lists(st.tuples(players, st.integers(-20, 120), st.integers(1, 12)), max_size=8).map(
    lambda rows: [e(k, vp, rank) for k, vp, rank in {k: (k, v, r) for k, v, r in rows}.values()]
)
rules_st = st.builds(
    Rules,
    points=st.sampled_from(POINTS := ("vp", "placing")),
    table=st.just((100, 90, 82, 75)),
    beyond=st.integers(0, 10),
    best=st.none() | st.integers(1, 4),
    min_stages=st.integers(1, 3),
    finalists=st.none() | st.integers(1, 5),
)


@settings(max_examples=300, deadline=None)
@given(rules_st, st.lists(stage, max_size=6))
def test_properties(rules, stages):
    rows = standings(rules, stages)
    ranked = [r for r in rows if r.ranked]
    # every player once; the ranked first
    assert len({r.key for r in rows}) == len(rows)
    assert rows[: len(ranked)] == ranked
    for r in rows:
        played = [s for s in r.stages if s is not None]
        marked = [s[0] for s in played if s[1]]
        assert r.stages_played == len(played)
        assert len(marked) == min(len(played), rules.best or len(played))
        assert r.points == sum(marked)
        # the counted ones are the best ones
        if marked and len(marked) < len(played):
            assert min(marked) >= max(s[0] for s in played if not s[1])
        assert r.ranked == (r.stages_played >= rules.min_stages)
        assert not r.finalist or r.ranked
    # ranks never go down, points never go up, a rank is 1 or the position where it starts
    for i, r in enumerate(ranked):
        if i:
            assert r.rank >= ranked[i - 1].rank and r.points <= ranked[i - 1].points
        assert r.rank == 1 + next(j for j, x in enumerate(ranked) if x.rank == r.rank)
    # finalists: a prefix, as many as the rule says (more only inside a shared rank)
    finalists = [r for r in ranked if r.finalist]
    assert ranked[: len(finalists)] == finalists
    want = finalists_count(rules, len(ranked))
    assert len(finalists) >= want
    if len(finalists) > want:
        assert finalists[-1].rank == finalists[want - 1].rank


@settings(max_examples=100, deadline=None)
@given(st.lists(stage, min_size=1, max_size=5), st.permutations(range(5)))
def test_the_order_of_a_stage_entries_changes_nothing(stages, perm):
    shuffled = [[s[i] for i in perm if i < len(s)] + s[5:] for s in stages]
    a = [(r.key, r.rank, r.points) for r in standings(Rules(best=2), stages)]
    b = [(r.key, r.rank, r.points) for r in standings(Rules(best=2), shuffled)]
    assert a == b
