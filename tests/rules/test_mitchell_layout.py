"""Mitchell blocks laid out against the history (tournaments/movements/mitchell.py,
blocklayout.py): Codice di Gara Art. 2 and Art. 33, "in ogni caso una coppia non potrà
riposare più di una volta" and the bye "escludendo le coppie che hanno già riposato"."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rules.bruteforce import best_mitchell_block, mitchell_block_cost
from tournaments.movements import mitchell
from tournaments.movements.byes import merge_byes
from tournaments.movements.danish import meetings_to_avoid, seat_danish


def cost(layout, turns, step, met, rested):
    return mitchell_block_cost(layout.order, turns, step, met, rested)


def test_art_33_issue_example_five_pairs_danish_then_mitchell():
    """5 pairs, danish:1 then mitchell:2: the Danish bye went to 5 (lowest ranked), 1-2 and
    3-4 met. Standings 5,1,3,2,4 would put 5 back on a rest place and 1-2 / 3-4 together."""
    met = {frozenset((1, 2)), frozenset((3, 4))}
    standings = [5, 1, 3, 2, 4]
    assert mitchell_block_cost(standings, 2, 1, met, {5}) != (0, 0)
    laid = mitchell.layout_block(standings, 2, 1, met, {5})
    assert cost(laid, 2, 1, met, {5}) == (0, 0)
    assert laid.rest_again == () and laid.repeats == ()


def test_art_2_no_history_keeps_the_order_exactly():
    order = [4, 9, 1, 7, 3, 8, 2]
    assert mitchell.layout_block(order, 4).order == tuple(order)


def test_art_2_order_kept_when_it_already_avoids_everything():
    met = {frozenset((1, 2)), frozenset((2, 3))}  # N-S among themselves: never meet
    assert mitchell.layout_block([1, 2, 3, 4, 5, 6], 3, 1, met).order == (1, 2, 3, 4, 5, 6)


def test_art_33_second_rest_weighs_more_than_repeats():
    """3 pairs, 2 turns: every layout has 2 rests and 1 match. Pairs 1 and 2 rested; so
    resting 3 and one of them is forced; the engine never rests both 1 and 2."""
    laid = mitchell.layout_block([1, 2, 3], 2, 1, {frozenset((1, 3)), frozenset((2, 3))}, {1, 2})
    assert len(laid.rest_again) == 1  # the fewest possible, though it costs a repeat
    assert cost(laid, 2, 1, {frozenset((1, 3)), frozenset((2, 3))}, {1, 2}) == (1, 1)


def test_art_2_block_longer_than_the_tables_is_refused_with_the_largest_length():
    with pytest.raises(mitchell.BlockTooLong, match="at most 4 turns") as err:
        mitchell.layout_block(list(range(1, 8)), 5)
    assert err.value.most == 4
    assert mitchell.too_long_blocks(["mitchell"] * 5 + ["danish"], 7) == [(1, 5)]
    assert mitchell.too_long_blocks(["mitchell"] * 5 + ["danish"], 9) == []


def test_reported_conflicts_are_those_of_the_seatings():
    met = {frozenset((1, 4)), frozenset((2, 5))}
    report = mitchell.block_conflicts([1, 2, 3, 4, 5, 6], 2, 1, met, {3})
    assert {(a, b) for _k, a, b in report.repeats} == {(1, 4), (2, 5)}
    assert report.rest_again == ()  # even field: nobody rests


history = st.builds(
    lambda n, turns, seed: _random_history(n, turns, seed),
    st.integers(4, 8),
    st.integers(0, 4),
    st.integers(0, 10**6),
)


def _random_history(n, turns, seed):
    rng = random.Random(seed)
    pairs = list(range(1, n + 1))
    met, rested = set(), set()
    for _ in range(turns):
        rng.shuffle(pairs)
        field = pairs[:]
        if len(field) % 2:
            rested.add(field.pop())
        met |= {frozenset(field[i : i + 2]) for i in range(0, len(field), 2)}
    order = sorted(pairs)
    rng.shuffle(order)
    return order, met, rested


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history, st.data())
def test_art_33_fewest_second_rests_then_repeats_brute_force(case, data):
    """Against every order of the field (4–8 pairs): no layout has fewer second rests, and none
    with as few second rests has fewer repeats."""
    order, met, rested = case
    tables = (len(order) + 1) // 2
    turns = data.draw(st.integers(1, tables))
    step = data.draw(st.sampled_from([s for s in range(1, tables + 1) if _coprime(s, tables)]))
    laid = mitchell.layout_block(order, turns, step, met, rested)
    assert sorted(laid.order) == sorted(order)
    assert cost(laid, turns, step, met, rested) == best_mitchell_block(
        order, turns, step, met, rested
    )
    again, repeats = cost(laid, turns, step, met, rested)
    assert (len(laid.rest_again), len(laid.repeats)) == (again, repeats)


def _coprime(a, b):
    from math import gcd

    return b == 1 or gcd(a, b) == 1


def _planted(n, turns, played, rng):
    """A history of `played` Danish turns that avoids a hidden layout of the block: some
    layout with no second rest and no repeat is known to exist."""
    hidden = list(range(1, n + 1))
    rng.shuffle(hidden)
    future = {
        frozenset((a, b))
        for k in range(turns)
        for _t, a, b in mitchell.seat_mitchell(hidden, k).tables
    }
    resting = {p for k in range(turns) for _t, p in mitchell.seat_mitchell(hidden, k).byes}
    ranking, met, byes = sorted(hidden), set(), {}
    for _ in range(played):
        weight = {p: (3 if p in resting else 0) + 2 * byes.get(p, 0) for p in ranking}
        seating = seat_danish(ranking, met | future, weight)
        if seating.repeats and any(frozenset(r) in future for r in seating.repeats):
            return None
        if seating.bye is not None:
            if seating.bye in resting:
                return None
            byes[seating.bye] = byes.get(seating.bye, 0) + 1
        met |= {frozenset(t) for t in seating.tables}
        rng.shuffle(ranking)
    return ranking, met, byes


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(10, 60), st.integers(1, 30), st.integers(1, 6), st.integers(0, 10**6))
def test_art_33_planted_zero_conflict_layout_is_found(n, turns, played, seed):
    """On 10–60 pairs, a history built around a hidden conflict-free layout (Danish turns
    avoiding its meetings and rests): the engine finds a layout without second rests or
    repeats. Played turns plus the block stay within half the field (practical fields)."""
    turns = min(turns, (n + 1) // 2)
    if turns + played > n // 2:
        turns = max(1, n // 2 - played)
    case = _planted(n, turns, played, random.Random(seed))
    if case is None:
        return
    ranking, met, byes = case
    laid = mitchell.layout_block(ranking, turns, 1, met, byes)
    assert laid.rest_again == () and laid.repeats == ()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(4, 60),
    st.lists(st.sampled_from(["mitchell", "danish", "danish-modified"]), min_size=2, max_size=8),
    st.integers(0, 10**6),
)
def test_art_2_33_plans_mixing_blocks_with_withdrawals(n, words, seed):
    """Whole plans, blocks in any order, pairs withdrawing between turns. At every Mitchell
    block: no second rest and no repeat where the Hall bound proves a layout exists, and the
    brute-force minimum on fields of up to 8 pairs; within the block only withdrawals merge
    resting pairs, never into a repeat."""
    rng = random.Random(seed)
    present = list(range(1, n + 1))
    met, byes, history = set(), {}, []
    blocks = {a: b for a, b in mitchell.blocks(words)}
    order, start = None, None
    for number, word in enumerate(words, start=1):
        if number > 1 and rng.random() < 0.2 and len(present) > 4:
            present.remove(rng.choice(present))
        ranking = sorted(present, key=lambda p: (rng.random(), p))
        if word == "mitchell":
            if number in blocks:
                start, turns = number, blocks[number] - number + 1
                if turns > mitchell.max_block_turns(len(ranking)):
                    return  # refused by the plan check
                laid = mitchell.layout_block(ranking, turns, 1, met, byes)
                _check_block(laid, ranking, turns, met, byes)
                order = list(laid.order)
            s = mitchell.seat_mitchell(order, number - start, 1, set(order) - set(present))
            merged = merge_byes(list(s.byes), met, set(byes))
            tables = [(a, b) for _t, a, b in list(s.tables) + list(merged.matches)]
            resting = [p for _t, p in merged.byes]
            assert not any(frozenset((a, b)) in met for _t, a, b in merged.matches)
        else:
            avoid = meetings_to_avoid(history, modified=word == "danish-modified")
            s = seat_danish(ranking, avoid, byes)
            tables, resting = list(s.tables), [s.bye] if s.bye is not None else []
        history.append(tables)
        met |= {frozenset(t) for t in tables}
        for p in resting:
            byes[p] = byes.get(p, 0) + 1


def _check_block(laid, ranking, turns, met, byes):
    rested = {p for p, k in byes.items() if k}
    found = mitchell_block_cost(laid.order, turns, 1, met, rested)
    if len(ranking) <= 8:
        assert found == best_mitchell_block(ranking, turns, 1, met, rested)
        return
    degree = max(sum(1 for m in met if p in m) for p in ranking)
    fresh = sum(1 for p in ranking if p not in rested)
    if 2 * degree * turns <= len(ranking) // 2 and fresh >= turns:
        assert found == (0, 0)
