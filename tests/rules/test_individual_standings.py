"""Standings of an individual event: the line's score goes to both its players."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.individual_standings import TableResult, individual_standings
from scoring.rules.standings import Bye, Penalty


def test_each_player_scores_his_line():
    tables = [TableResult(1, (1, 2), (3, 4), 14, 6, 400), TableResult(2, (1, 3), (2, 4), 10, 10, 0)]
    rows = {r.pair: r for r in individual_standings([1, 2, 3, 4], tables)}
    assert (rows[1].vp, rows[1].mp) == (24, 400)
    assert (rows[2].vp, rows[2].mp) == (24, 400)
    assert (rows[4].vp, rows[4].mp) == (16, -400)
    assert rows[1].turns == {1: (2, 14, 400), 2: (3, 10, 0)}


def test_rest_and_penalty_hit_the_player_alone():
    """Art. 33: the resting player scores the bye; Art. 23: a penalty never touches the partner."""
    tables = [TableResult(1, (1, 2), (3, 4), 10, 10, 0)]
    rows = individual_standings(
        [1, 2, 3, 4, 5], tables, [Bye(1, 5, 14, 355)], [Penalty(1, 2, 1, 0)]
    )
    by = {r.pair: r for r in rows}
    assert by[5].vp == 14 and by[5].turns[1] == (None, 14, 355)
    assert by[2].vp == 9 and by[1].vp == 10
    assert [r.pair for r in rows] == [5, 1, 3, 4, 2]


def test_head_to_head_counts_the_turns_a_player_faced_the_tied_ones():
    # 1 and 5 tie on VP and MP; in turn 2 player 5 faced player 1 and won 12-8.
    tables = [
        TableResult(1, (1, 2), (3, 4), 12, 8, 100),
        TableResult(1, (5, 6), (7, 8), 8, 12, -100),
        TableResult(2, (5, 3), (1, 7), 12, 8, 100),
        TableResult(2, (2, 4), (6, 8), 10, 10, 0),
    ]
    rows = individual_standings(range(1, 9), tables)
    order = [r.pair for r in rows]
    assert order.index(5) < order.index(1)


def test_bad_tables_are_refused():
    with pytest.raises(ValueError):
        individual_standings([1, 2, 3, 4], [TableResult(1, (1, 2), (2, 4), 10, 10, 0)])
    with pytest.raises(ValueError):
        individual_standings([1, 2, 3], [TableResult(1, (1, 2), (3, 9), 10, 10, 0)])


@settings(deadline=None, max_examples=50)
@given(st.lists(st.tuples(st.integers(0, 20), st.integers(-100, 100)), min_size=1, max_size=6))
def test_vp_sum_to_twenty_per_player_table(results):
    tables = [
        TableResult(t + 1, ((t % 3) + 1, 4), (5, 6 + t % 2), vp, 20 - vp, 5 * mp)
        for t, (vp, mp) in enumerate(results)
    ]
    rows = individual_standings(range(1, 8), tables)
    assert sum(r.vp for r in rows) == 2 * 20 * len(tables)
    assert sum(r.mp for r in rows) == 0
    assert [r.rank for r in rows] == list(range(1, 8))
