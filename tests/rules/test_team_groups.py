"""Danish in groups of teams (docs/individual-and-teams.md, *Danish in groups for team
events*): the cut in whole matches (two tables, a team each) and the team Danish inside each
group, against the literal Danish rule (tests.rules.test_danish.rule_by_dp: every subset of
the field, the brute-force reference)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.rules.test_danish import expected_bye, rule_by_dp
from tournaments.movements.danish import meetings_to_avoid
from tournaments.movements.groups import Group, split_groups
from tournaments.movements.team_danish import seat_team_groups, team_tables
from tournaments.rules.messages import RuleError


def test_eleven_teams_in_groups_of_four_and_eight_tables():
    """11 teams need 6 matches, 12 tables: A the top 4 teams (tables 1-4), B the other 7
    (tables 5-12, three matches and a rest)."""
    a, b = split_groups(range(1, 12), sizes=[4, 8], seats=1, step=2)
    assert (a.first_table, a.last_table, a.pairs) == (1, 4, (1, 2, 3, 4))
    assert (b.first_table, b.last_table, b.pairs) == (5, 12, tuple(range(5, 12)))
    turn = seat_team_groups((a, b), list(range(1, 12)), [])
    # the Danish inside each group: 1st v 2nd, 3rd v 4th, on from the group's first table
    assert turn.matches == ((1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8), (5, 9, 10))
    assert turn.byes == (11,) and team_tables(3) == (5, 6)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"sizes": [4, 6]}, "the 11 teams present need 12"),
        ({"sizes": [5, 7]}, "an even number of tables, not 5"),
        ({"sizes": [2, 10]}, "at least 4 tables, not 2"),
        ({"count": 4}, "12 tables make at most 3 groups of 4 tables"),
    ],
)
def test_groups_that_split_a_match_or_miss_the_field_are_refused(kwargs, message):
    with pytest.raises(RuleError) as caught:
        split_groups(range(1, 12), seats=1, step=2, **kwargs)
    assert message in str(caught.value)


def test_a_team_in_no_group_or_a_group_on_a_closed_room_is_refused():
    a, b = split_groups(range(1, 9), sizes=[4, 4], seats=1, step=2)
    with pytest.raises(RuleError, match="team 99 is in no group"):
        seat_team_groups((a, b), [1, 2, 99], [])
    with pytest.raises(RuleError, match="does not follow the tables"):
        seat_team_groups((Group("A", 4, 2, (1, 2, 3, 4)),), [1, 2, 3, 4], [])
    odd = (Group("A", 3, 1, (1, 2, 3)), Group("B", 4, 4, (4, 5, 6, 7)))
    with pytest.raises(RuleError, match="open-room"):  # B would start on a closed room
        seat_team_groups(odd, list(range(1, 8)), [])


@st.composite
def team_fields(draw):
    """Teams cut into groups of whole matches, some withdrawn, a history, byes."""
    rnd = random.Random(draw(st.integers(0, 2**32)))
    sizes = [2 * rnd.randint(2, 4) for _ in range(rnd.randint(1, 4))]
    teams = sum(sizes) - rnd.choice([0, 1])
    ranking = rnd.sample(range(1, 400), teams)
    groups = split_groups(ranking, sizes=sizes, seats=1, step=2)
    gone = set(rnd.sample(ranking, rnd.randint(0, min(3, teams - 2))))
    present = [t for t in ranking if t not in gone]
    rnd.shuffle(present)  # the ranking has moved since the cut
    history = []
    for _ in range(rnd.randint(0, 5)):
        order = rnd.sample(ranking, len(ranking))
        history.append([tuple(order[k : k + 2]) for k in range(0, len(order) - 1, 2)])
    byes = {t: rnd.randint(0, 1) for t in ranking if rnd.random() < 0.3}
    return groups, present, history, byes, rnd.random() < 0.3


@given(team_fields())
def test_every_match_is_inside_its_group_on_its_tables_and_follows_the_danish_rule(field):
    groups, present, history, byes, modified = field
    turns = history[-1:] if modified else history
    turn = seat_team_groups(groups, present, turns, byes)
    avoid = meetings_to_avoid(history, modified)
    seated = [t for _k, a, b in turn.matches for t in (a, b)] + list(turn.byes)
    assert sorted(seated) == sorted(present)
    for group in groups:
        mine = [(k, a, b) for k, a, b in turn.matches if a in group.pairs]
        for k, _a, b in mine:
            assert b in group.pairs
            assert group.first_table <= team_tables(k)[0] < team_tables(k)[1] <= group.last_table
        first = (group.first_table + 1) // 2
        assert [k for k, _a, _b in mine] == list(range(first, first + len(mine)))
        order = [t for t in present if t in group.pairs]
        bye = expected_bye(order, byes)
        assert (bye in turn.byes) if bye is not None else not set(order) & set(turn.byes)
        rest = [t for t in order if t != bye]
        inside = {m for m in avoid if m <= set(rest)}
        assert [(a, b) for _k, a, b in mine] == rule_by_dp(rest, inside)


@given(st.integers(4, 80), st.integers(1, 26))
def test_equal_groups_of_teams_are_whole_matches_and_cover_the_field(teams, count):
    tables = 2 * -(-teams // 2)
    if count * 4 > tables:
        with pytest.raises(RuleError):
            split_groups(range(teams), count=count, seats=1, step=2)
        return
    groups = split_groups(range(teams), count=count, seats=1, step=2)
    sizes = [g.tables for g in groups]
    assert sum(sizes) == tables and all(s % 2 == 0 and s >= 4 for s in sizes)
    assert max(sizes) - min(sizes) <= 2 and [g.first_table % 2 for g in groups] == [1] * count
    assert [t for g in groups for t in g.pairs] == list(range(teams))
