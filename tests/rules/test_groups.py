"""Danish in groups (tournaments/movements/groups.py).

The 2016 referee exam: 100 pairs after 8 whole-field turns are cut into groups of 7, 9, 9, 9,
8 and 8 tables that play their Danish turns inside themselves, tables numbered on through the
groups. The Danish rule inside each group is checked against the literal dynamic-programming
transcription of tests/rules/test_danish.py on small groups.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.rules.test_danish import expected_bye, rule_by_dp
from tournaments.movements.danish import meetings_to_avoid
from tournaments.movements.groups import (
    Group,
    check_groups,
    equal_sizes,
    group_of,
    parse_sizes,
    seat_group_turn,
    split_groups,
)
from tournaments.rules.messages import RuleError


# ------------------------------------------------------------------------ the exam's split
def test_the_exam_groups_7_9_9_9_8_8():
    ranking = list(range(1, 101))
    groups = split_groups(ranking, sizes=parse_sizes("7,9,9,9,8,8"))
    assert [(g.name, g.tables, g.first_table, g.last_table, len(g.pairs)) for g in groups] == [
        ("A", 7, 1, 7, 14),
        ("B", 9, 8, 16, 18),
        ("C", 9, 17, 25, 18),
        ("D", 9, 26, 34, 18),
        ("E", 8, 35, 42, 16),
        ("F", 8, 43, 50, 16),
    ]
    assert groups[0].pairs == tuple(range(1, 15)) and groups[-1].pairs == tuple(range(85, 101))
    turn = seat_group_turn(groups, ranking, [])
    assert [t[0] for t in turn.tables] == list(range(1, 51))
    assert turn.groups[1].tables[0] == (8, 15, 16)  # group B's top pair at table 8


def test_equal_groups_give_the_extra_tables_to_the_first_groups():
    assert equal_sizes(50, 6) == [9, 9, 8, 8, 8, 8]
    assert equal_sizes(14, 4) == [4, 4, 3, 3]
    assert equal_sizes(12, 3) == [4, 4, 4]
    groups = split_groups(range(1, 28), count=3)  # 27 pairs: 14 tables, the odd pair last
    assert [(g.tables, len(g.pairs)) for g in groups] == [(5, 10), (5, 10), (4, 7)]


def test_an_odd_field_puts_the_rest_in_the_last_group():
    groups = split_groups(range(1, 12), sizes=[3, 3])
    assert [len(g.pairs) for g in groups] == [6, 5]
    turn = seat_group_turn(groups, range(1, 12), [])
    assert turn.byes == (11,)
    assert [t[0] for t in turn.tables] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"sizes": [7, 9]}, "the groups have 16 tables but the 30 pairs present need 15"),
        ({"sizes": [14, 1]}, "group B: a group has at least 2 tables, not 1"),
        ({"sizes": [15, 0]}, "group B: a group has at least 2 tables, not 0"),
        ({"count": 8}, "15 tables make at most 7 groups of 2 tables, not 8"),
        ({"count": 0}, "at least 1, not 0"),
        ({}, "either the groups' sizes in tables or their number"),
        ({"sizes": [8, 7], "count": 2}, "either the groups' sizes"),
        ({"sizes": [2] * 27}, "at most 26 groups, not 27"),
    ],
)
def test_sizes_that_do_not_cover_the_field_are_refused(kwargs, message):
    with pytest.raises(RuleError, match=message):
        split_groups(range(1, 31), **kwargs)


def test_parse_sizes():
    assert parse_sizes(" 7, 9;9 - 9 8,8 ") == [7, 9, 9, 9, 8, 8]
    with pytest.raises(RuleError, match="x is not a number of tables"):
        parse_sizes("7,x")
    with pytest.raises(RuleError, match="sizes in tables"):
        parse_sizes(" , ")


def test_stored_groups_are_checked():
    good = split_groups(range(1, 13), sizes=[3, 3])
    check_groups(good)
    shifted = (good[0], Group("B", 3, 5, good[1].pairs))
    with pytest.raises(RuleError, match="group B does not follow"):
        check_groups(shifted)
    with pytest.raises(RuleError, match="pair 1 is in two groups"):
        check_groups((good[0], Group("B", 3, 4, (1, *good[1].pairs[1:]))))
    with pytest.raises(RuleError, match="pair 13 is in no group"):
        seat_group_turn(good, range(1, 14), [])


# ----------------------------------------------------------------- withdrawals and byes
def test_a_withdrawal_leaves_a_gap_in_its_group_and_the_group_rests_inside_itself():
    groups = split_groups(range(1, 17), sizes=[4, 4])
    present = [p for p in range(1, 17) if p != 3]
    turn = seat_group_turn(groups, present, [])
    a, b = turn.groups
    assert a.bye == 8 and [t[0] for t in a.tables] == [1, 2, 3]  # table 4 stays empty
    assert b.bye is None and [t[0] for t in b.tables] == [5, 6, 7, 8]


def test_byes_count_over_the_whole_tournament():
    """Art. 33: pair 8 rested in a whole-field turn, so 7 rests in the group."""
    groups = split_groups(range(1, 17), sizes=[4, 4])
    present = [p for p in range(1, 17) if p != 3]
    assert seat_group_turn(groups, present, [], {8: 1}).groups[0].bye == 7


# ------------------------------------------------------------------------- properties
@st.composite
def group_fields(draw):
    """A ranking, groups by random sizes, some withdrawals, a history, byes."""
    rnd = random.Random(draw(st.integers(0, 2**32)))
    sizes = [rnd.randint(2, 6) for _ in range(rnd.randint(1, 4))]
    pairs = 2 * sum(sizes) - rnd.choice([0, 1])
    ranking = rnd.sample(range(1, 400), pairs)
    groups = split_groups(ranking, sizes=sizes)
    gone = set(rnd.sample(ranking, rnd.randint(0, min(3, pairs - 2))))
    present = [p for p in ranking if p not in gone]
    rnd.shuffle(present)  # the ranking has moved since the cut
    history = []
    for _ in range(rnd.randint(0, 6)):
        order = rnd.sample(ranking, len(ranking))
        history.append([tuple(order[k : k + 2]) for k in range(0, len(order) - 1, 2)])
    byes = {p: rnd.randint(0, 1) for p in ranking if rnd.random() < 0.3}
    modified = rnd.random() < 0.3
    return groups, present, meetings_to_avoid(history, modified), byes


@given(group_fields())
def test_every_table_is_inside_its_group_and_numbered_in_its_range(field):
    groups, present, avoid, byes = field
    turn = seat_group_turn(groups, present, avoid, byes)
    where = group_of(groups)
    by_name = {g.name: g for g in groups}
    for seating in turn.groups:
        group = by_name[seating.group]
        numbers = [t[0] for t in seating.tables]
        assert numbers == list(range(group.first_table, group.first_table + len(numbers)))
        assert numbers == [] or numbers[-1] <= group.last_table
        for _number, ns, ew in seating.tables:
            assert where[ns] == where[ew] == seating.group
    seated = [p for t in turn.tables for p in t[1:]] + list(turn.byes)
    assert sorted(seated) == sorted(present)
    if len(present) == len(where):  # nobody gone: one numbering 1..T for the hall
        used = sum(g.tables for g in groups) - len(present) % 2  # the odd group's rest
        assert [t[0] for t in turn.tables] == list(range(1, used + 1))


@given(group_fields())
def test_the_danish_rule_inside_each_group_matches_the_reference(field):
    groups, present, avoid, byes = field
    turn = seat_group_turn(groups, present, avoid, byes)
    for group, seating in zip(groups, turn.groups):
        order = [p for p in present if p in group.pairs]
        bye = expected_bye(order, byes)
        assert seating.bye == bye
        rest = [p for p in order if p != bye]
        inside = {m for m in avoid if m <= set(rest)}
        assert [t[1:] for t in seating.tables] == rule_by_dp(rest, inside)
        assert list(seating.repeats) == [t[1:] for t in seating.tables if frozenset(t[1:]) in avoid]


@given(st.integers(4, 120), st.integers(1, 26))
def test_equal_groups_cover_the_field_and_differ_by_one_table_at_most(pairs, count):
    tables = (pairs + 1) // 2
    if count * 2 > tables:
        with pytest.raises(RuleError):
            split_groups(range(pairs), count=count)
        return
    groups = split_groups(range(pairs), count=count)
    sizes = [g.tables for g in groups]
    assert sum(sizes) == tables and max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes)[::-1]
    assert [p for g in groups for p in g.pairs] == list(range(pairs))


def test_nobody_rests_twice_while_a_group_member_has_not_rested():
    """Three group turns in an odd group with a withdrawal after the first."""
    groups = split_groups(range(1, 12), sizes=[3, 3])
    byes: dict[int, int] = {}
    present = list(range(1, 12))
    history = []
    for turn_number in range(3):
        if turn_number == 1:
            present.remove(2)  # group A becomes odd too
        turn = seat_group_turn(groups, present, meetings_to_avoid(history, False), byes)
        for pair in turn.byes:
            byes[pair] = byes.get(pair, 0) + 1
        history.append([t[1:] for t in turn.tables])
    assert max(byes.values()) == 1 and len(byes) == 5


def test_group_skips_read_the_neighbour_in_the_groups_own_ranking():
    """Issue 24 point 3: in a turn in groups the neighbour is the next pair of the group, never
    the next pair of the whole field (that one may sit in another group), and the group's
    resting pair is nobody's neighbour."""
    from tournaments.movements.explain import Skip, group_skips

    groups = [("A", [1, 2, 3, 4]), ("B", [5, 6, 7, 8, 9])]
    ranking = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    tables = [(1, 1, 3), (2, 2, 4), (3, 5, 7), (4, 6, 9)]  # 8 rests in B
    avoid = {frozenset((1, 2)), frozenset((5, 6))}
    assert group_skips(groups, ranking, tables, avoid, byes=[8]) == [
        Skip(1, 1, 2, 3, True, "A"),
        Skip(3, 5, 6, 7, True, "B"),
    ]
    # table 2 (2 v 4) and table 4 (6 v 9, 8 resting) are the neighbours in their groups
