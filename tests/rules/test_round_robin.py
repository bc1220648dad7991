"""Round robin in groups and the team Danish (Codice Art. 2 and 33, team events)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements.roundrobin import (
    TeamGroup,
    berger_round,
    group_round,
    group_sizes,
    round_robin_turns,
    seat_round_robin,
    split_teams,
)
from tournaments.movements.team_danish import seat_team_danish, team_tables
from tournaments.rules.messages import RuleError


def test_group_sizes_are_balanced():
    sizes = group_sizes(240, size=14)
    assert len(sizes) == 18 and max(sizes) - min(sizes) <= 1 and sum(sizes) == 240
    assert group_sizes(10, count=3) == [4, 3, 3]
    assert group_sizes(8, size=4) == [4, 4]


@pytest.mark.parametrize(
    "kwargs", [{}, {"size": 1}, {"count": 0}, {"count": 6}, {"size": 4, "count": 2}, {"size": True}]
)
def test_bad_group_choices_are_refused(kwargs):
    with pytest.raises(RuleError):
        group_sizes(10, **kwargs)


def test_more_than_26_groups_are_named_on():
    groups = split_teams(range(1, 241), size=8)
    assert len(groups) == 30
    assert [g.name for g in groups[24:]] == ["Y", "Z", "AA", "AB", "AC", "AD"]


def test_serpentine_split():
    groups = split_teams(range(1, 13), count=3)
    assert [g.teams for g in groups] == [(1, 6, 7, 12), (2, 5, 8, 11), (3, 4, 9, 10)]
    assert [g.name for g in groups] == ["A", "B", "C"]


@settings(deadline=None, max_examples=40)
@given(st.integers(2, 60), st.integers(2, 16))
def test_split_keeps_every_team_once(teams, size):
    if teams < 2 * -(-teams // size):  # a group of one team: refused
        with pytest.raises(RuleError):
            split_teams(range(1, teams + 1), size=size)
        return
    groups = split_teams(range(1, teams + 1), size=size)
    members = [t for g in groups for t in g.teams]
    assert sorted(members) == list(range(1, teams + 1))
    lengths = [len(g.teams) for g in groups]
    assert max(lengths) <= size and max(lengths) - min(lengths) <= 1


@pytest.mark.parametrize("size", range(2, 21))
def test_a_full_round_robin_meets_everyone_once_and_rests_each_once(size):
    group = TeamGroup("A", tuple(range(1, size + 1)))
    met, rested, home = Counter(), Counter(), Counter()
    for turn in range(group.turns):
        matches, bye = group_round(group, turn)
        playing = [t for m in matches for t in m]
        assert len(playing) == len(set(playing))
        assert sorted(playing + ([bye] if bye else [])) == list(group.teams)
        met.update(frozenset(m) for m in matches)
        home.update(a for a, _b in matches)
        if bye is not None:
            rested[bye] += 1
    assert set(met) == {frozenset(p) for p in combinations(group.teams, 2)}
    assert set(met.values()) == {1}
    assert (size % 2 == 0 and not rested) or set(rested.values()) == {1}
    assert max(home.values()) - min(home[t] for t in group.teams) <= 2


def test_a_second_leg_swaps_the_sides():
    group = TeamGroup("A", (1, 2, 3, 4))
    first, _ = group_round(group, 0)
    second, _ = group_round(group, 3)
    assert {(b, a) for a, b in first} == set(second)


def test_berger_round_needs_an_even_count():
    with pytest.raises(ValueError):
        berger_round(5, 0)


def test_turn_in_the_hall_numbers_the_matches_and_handles_withdrawals():
    groups = split_teams(range(1, 10), count=2)  # A: 1,4,5,8,9  B: 2,3,6,7
    turn = seat_round_robin(groups, 0)
    assert [m[0] for m in turn.matches] == list(range(1, len(turn.matches) + 1))
    assert len(turn.byes) == 1 and turn.byes[0][0] == "A"
    assert round_robin_turns(groups) == 5
    absent = {turn.matches[0][2]}
    after = seat_round_robin(groups, 0, absent=absent)
    assert (turn.matches[0][1], turn.matches[0][3]) in after.byes


def test_team_danish_reuses_the_pairs_engine():
    history = [[(1, 2), (3, 4), (5, 6)]]
    turn = seat_team_danish([1, 2, 3, 4, 5, 6, 7], history, {7: 1})
    assert turn.bye == 6
    assert turn.matches == ((1, 1, 3), (2, 2, 4), (3, 5, 7))
    assert turn.repeats == ()
    assert team_tables(1) == (1, 2) and team_tables(3) == (5, 6)
    with pytest.raises(ValueError):
        team_tables(0)


@settings(deadline=None, max_examples=40)
@given(st.integers(4, 60), st.integers(3, 16), st.data())
def test_round_robin_in_groups_over_two_legs(teams, size, data):
    """Every turn seats each present team once (a match or a bye); within each leg every two
    teams of a group meet once and nobody rests twice (Art. 33); teams never leave their group."""
    if teams < 2 * -(-teams // size):
        return
    groups = split_teams(range(1, teams + 1), size=size)
    where = {t: g.name for g in groups for t in g.teams}
    longest = round_robin_turns(groups)
    legs = data.draw(st.integers(1, 2))
    for group in groups:
        met, rested = Counter(), Counter()
        for index in range(group.turns * legs):
            if index and index % group.turns == 0:
                assert set(met.values()) == {1} and max(rested.values(), default=0) <= 1
                met, rested = Counter(), Counter()
            matches, bye = group_round(group, index)
            met.update(frozenset(m) for m in matches)
            if bye is not None:
                rested[bye] += 1
        assert set(met.values()) == {1} and max(rested.values(), default=0) <= 1
    for index in range(longest):
        turn = seat_round_robin(groups, index)
        seated = [t for _n, _g, a, b in turn.matches for t in (a, b)] + [t for _g, t in turn.byes]
        assert sorted(seated) == list(range(1, teams + 1))
        assert all(where[a] == where[b] == g for _n, g, a, b in turn.matches)


@settings(deadline=None, max_examples=40)
@given(st.integers(2, 30), st.integers(0, 6), st.randoms(use_true_random=False))
def test_team_danish_is_the_pairs_danish_on_teams(teams, turns, rnd):
    from tournaments.movements.danish import meetings_to_avoid, seat_danish

    ranking = list(range(1, teams + 1))
    history, byes = [], {}
    for _ in range(turns):
        rnd.shuffle(ranking)
        turn = seat_team_danish(ranking, history, byes)
        pairs = seat_danish(ranking, meetings_to_avoid(history, False), byes)
        assert [(a, b) for _k, a, b in turn.matches] == list(pairs.tables)
        assert turn.bye == pairs.bye
        assert [k for k, _a, _b in turn.matches] == list(range(1, len(turn.matches) + 1))
        history.append([(a, b) for _k, a, b in turn.matches])
        if turn.bye is not None:
            byes[turn.bye] = byes.get(turn.bye, 0) + 1
    if teams % 2 and turns <= teams:
        assert max(byes.values(), default=0) <= 1  # Art. 33: never twice while avoidable
