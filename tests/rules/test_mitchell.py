"""Mitchell movement (tournaments/movements/mitchell.py), Codice di Gara Art. 2 and 33."""

from math import gcd

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tournaments.movements.mitchell import MovementError, blocks, seat_mitchell, table_count


def test_art_2_first_turn_ns_then_ew_in_seating_order():
    s = seat_mitchell(list(range(1, 9)), 0)
    assert s.tables == ((1, 1, 5), (2, 2, 6), (3, 3, 7), (4, 4, 8))
    assert s.byes == ()


def test_ew_move_one_table_up_and_wrap_round():
    s = seat_mitchell(list(range(1, 9)), 1)
    assert s.tables == ((1, 1, 8), (2, 2, 5), (3, 3, 6), (4, 4, 7))


def test_art_33_odd_field_the_pair_meeting_the_empty_place_rests():
    """7 pairs, 4 tables: E-O place of table 4 is empty; it moves with the E-O line."""
    order = [11, 12, 13, 14, 15, 16, 17]
    first = seat_mitchell(order, 0)
    assert first.tables == ((1, 11, 15), (2, 12, 16), (3, 13, 17))
    assert first.byes == ((4, 14),)
    second = seat_mitchell(order, 1)
    assert second.byes == ((1, 11),)
    assert (4, 14, 17) in second.tables
    # Mitchell tables keep their physical numbers: table 1 is missing in turn 2.
    assert [t for t, _, _ in second.tables] == [2, 3, 4]


def test_step_that_shares_a_factor_with_the_tables_is_refused():
    with pytest.raises(MovementError, match="shares a factor"):
        seat_mitchell(list(range(1, 13)), 1, step=2)  # 6 tables
    seat_mitchell(list(range(1, 13)), 1, step=5)


def test_absent_pair_gives_its_opponent_a_bye():
    s = seat_mitchell(list(range(1, 9)), 0, absent={6})
    assert s.byes == ((2, 2),)
    assert len(s.tables) == 3


def test_duplicate_pair_in_order():
    with pytest.raises(MovementError):
        seat_mitchell([1, 2, 2, 3], 0)


def test_blocks_of_the_plan():
    plan = ["mitchell"] * 3 + ["danish"] * 2 + ["mitchell"] * 2 + ["danish-modified"]
    assert blocks(plan) == [(1, 3), (6, 7)]


@given(
    n=st.integers(2, 41),
    step=st.integers(1, 9),
    data=st.data(),
)
def test_a_full_round_never_repeats_and_nobody_rests_twice(n, step, data):
    tables = table_count(n)
    assume(tables == 1 or gcd(step, tables) == 1)
    order = data.draw(st.permutations(range(100, 100 + n)))
    met, rested = set(), []
    ns_seat = {}
    for turn in range(tables):
        s = seat_mitchell(order, turn, step)
        seated = [p for _, a, b in s.tables for p in (a, b)] + [p for _, p in s.byes]
        assert sorted(seated) == sorted(order)  # everyone plays or rests, once
        for number, ns, ew in s.tables:
            assert ns_seat.setdefault(ns, number) == number  # N-S never move
            key = frozenset((ns, ew))
            assert key not in met  # no pair meets another twice within T turns
            met.add(key)
        rested += [p for _, p in s.byes]
        assert len(s.byes) == n % 2
    assert len(rested) == len(set(rested))  # no pair rests twice
    if n % 2:
        assert sorted(rested) == sorted(order[:tables])
