"""Standings (scoring/standings.py): sums, byes, penalties and every tie-break."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.standings import Bye, Match, Penalty, compute


def m(turn, ns, ew, ns_vp, ns_mp):
    return Match(turn=turn, ns=ns, ew=ew, ns_vp=ns_vp, ew_vp=20 - ns_vp, ns_mp=ns_mp)


def order(rows):
    return [r.pair for r in rows]


def test_sums_vp_mp_played_and_byes():
    rows = compute(
        [1, 2, 3],
        [m(1, 1, 2, 14, 420), m(2, 2, 3, 10, 0)],
        [Bye(1, 3, 14, 355), Bye(2, 1, 14, 355)],
    )
    by = {r.pair: r for r in rows}
    assert (by[1].vp, by[1].mp, by[1].played, by[1].byes) == (28, 775, 1, 1)
    assert (by[2].vp, by[2].mp, by[2].played, by[2].byes) == (16, -420, 2, 0)
    assert (by[3].vp, by[3].mp, by[3].played, by[3].byes) == (24, 355, 1, 1)
    assert order(rows) == [1, 3, 2]
    assert [r.rank for r in rows] == [1, 2, 3]
    assert by[1].turns == {1: (2, 14, 420), 2: (None, 14, 355)}


def test_after_turn_counts_only_turns_up_to_it():
    matches = [m(1, 1, 2, 20, 2000), m(2, 1, 2, 0, -2000)]
    assert order(compute([1, 2], matches, after_turn=1)) == [1, 2]
    rows = compute([1, 2], matches, after_turn=2)
    assert [(r.vp, r.mp) for r in rows] == [(20, 0), (20, 0)]


def test_art_23_penalty_changes_the_ranking_and_gives_nothing_to_the_opponents():
    """Art. 23: a repeat offence costs 1 VP in the general ranking; no gain to the innocent."""
    matches = [m(1, 1, 2, 11, 100), m(1, 3, 4, 11, 60)]
    before = compute([1, 2, 3, 4], matches)
    assert order(before) == [1, 3, 4, 2]
    after = compute([1, 2, 3, 4], matches, penalties=[Penalty(turn=1, pair=1, vp=1)])
    by_before = {r.pair: r for r in before}
    by_after = {r.pair: r for r in after}
    assert by_after[1].vp == 10 and by_after[1].penalty_vp == 1
    assert by_after[2].vp == by_before[2].vp == 9  # the opponents gain nothing
    assert order(after) == [3, 1, 4, 2]


def test_penalty_counts_from_its_turn_on():
    matches = [m(1, 1, 2, 10, 0), m(2, 1, 2, 10, 0)]
    pen = [Penalty(turn=2, pair=1, vp=0, mp=100)]
    assert order(compute([1, 2], matches, penalties=pen, after_turn=1)) == [1, 2]
    rows = compute([1, 2], matches, penalties=pen, after_turn=2)
    assert order(rows) == [2, 1]
    assert rows[1].mp == -100 and rows[1].penalty_mp == 100


def test_tie_on_vp_broken_by_mp_difference():
    rows = compute([1, 2, 3, 4], [m(1, 1, 2, 12, 200), m(1, 3, 4, 12, 160)])
    assert order(rows) == [1, 3, 4, 2]


def test_head_to_head_among_the_tied_pairs_then_pair_number():
    # 1, 2 and 3 end on 30 VP and 0 MP; head-to-head within them: 2 beat 1, 3 drew with 2.
    matches = [
        m(1, 2, 1, 12, 0),
        m(2, 3, 2, 10, 0),
        m(3, 1, 3, 10, 0),
        # make the totals equal through games against 4, 5 and 6
        m(1, 3, 4, 10, 0),
        m(2, 1, 5, 12, 0),
        m(3, 2, 6, 8, 0),
    ]
    rows = compute(range(1, 7), matches, tiebreaks=["mp", "h2h", "number"])
    top = [r for r in rows if r.vp == 30]
    assert sorted(r.pair for r in top) == [1, 2, 3]
    # h2h: 1 earned 8+10=18, 2 earned 12+10=22, 3 earned 10+10=20
    assert order(top) == [2, 3, 1]
    assert order(compute(range(1, 7), matches, tiebreaks=["number"]))[:3] == [1, 2, 3]


def test_tiebreak_order_is_configurable():
    # 1 and 2 tie on VP; 1 has more MP, 2 beat 1 head to head.
    matches = [m(1, 2, 1, 11, 60), m(2, 1, 3, 13, 3000), m(2, 2, 4, 11, 60)]
    assert order(compute([1, 2, 3, 4], matches, tiebreaks=["mp", "h2h"]))[:2] == [1, 2]
    assert order(compute([1, 2, 3, 4], matches, tiebreaks=["h2h", "mp"]))[:2] == [2, 1]


def test_unknown_tiebreak_and_unknown_pair_are_refused():
    with pytest.raises(ValueError, match="tie-break"):
        compute([1], tiebreaks=["coin"])
    with pytest.raises(ValueError, match="not in the tournament"):
        compute([1], [m(1, 1, 9, 10, 0)])


@st.composite
def fields(draw):
    n = draw(st.integers(2, 12))
    matches = []
    for turn in range(1, draw(st.integers(1, 4)) + 1):
        pairs = draw(st.permutations(range(1, n + 1)))
        for i in range(0, n - 1, 2):
            vp_ = draw(st.integers(0, 20))
            matches.append(
                Match(turn, pairs[i], pairs[i + 1], vp_, 20 - vp_, draw(st.integers(-400, 400)) * 5)
            )
    pens = [
        Penalty(1, draw(st.integers(1, n)), draw(st.integers(0, 3)), draw(st.integers(0, 3)) * 50)
        for _ in range(draw(st.integers(0, 3)))
    ]
    tb = draw(st.permutations(["mp", "h2h", "number"]))
    return n, matches, pens, tb


@given(fields())
def test_properties(field):
    n, matches, pens, tb = field
    rows = compute(range(1, n + 1), matches, penalties=pens, tiebreaks=tb)
    assert sorted(r.pair for r in rows) == list(range(1, n + 1))
    assert [r.rank for r in rows] == list(range(1, n + 1))
    assert all(a.vp >= b.vp for a, b in zip(rows, rows[1:]))
    total_vp = sum(x.ns_vp + x.ew_vp for x in matches) - sum(p.vp for p in pens)
    assert sum(r.vp for r in rows) == total_vp
    assert sum(r.mp for r in rows) == -sum(p.mp for p in pens)  # differences cancel out
    if tb[0] == "mp":
        for a, b in zip(rows, rows[1:]):
            assert a.vp > b.vp or a.mp >= b.mp
