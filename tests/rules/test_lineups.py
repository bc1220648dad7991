"""Team line-ups (Art. 2: two lines a table; Art. 32: substitutions between matches only)."""

from __future__ import annotations

import pytest

from tournaments.rules.lineups import (
    check_lineup,
    check_lineup_change,
    check_team_size,
    default_lineup,
    hall_tables,
    match_tables,
    parse_lines,
)
from tournaments.rules.messages import RuleError


def test_parse_and_default():
    assert parse_lines("5+1, 3+2") == ((5, 1), (3, 2))
    assert parse_lines(" 1 + 2 ; 3 + 4 ") == ((1, 2), (3, 4))
    assert default_lineup([7, 8, 9, 10, 11]) == ((7, 8), (9, 10))


@pytest.mark.parametrize("text", ["", "1+2", "1+2,3", "1-2,3-4", "a+b,c+d", "1+2,3+4,5+6"])
def test_bad_lines_are_refused(text):
    with pytest.raises(RuleError):
        parse_lines(text)


def test_lineup_must_be_four_players_of_the_team():
    team = [1, 2, 3, 4, 5]
    assert check_lineup(team, ((5, 1), (2, 3))) == ((5, 1), (2, 3))
    with pytest.raises(RuleError):
        check_lineup(team, ((1, 1), (2, 3)))
    with pytest.raises(RuleError) as refused:
        check_lineup(team, ((1, 2), (3, 9)))
    assert refused.value.params == {"player": 9}


@pytest.mark.parametrize("size", [3, 7])
def test_team_size(size):
    with pytest.raises(RuleError):
        check_team_size(size)
    assert check_team_size(6) == 6


def test_lineup_is_refused_once_the_turn_has_a_result():
    check_lineup_change(False)
    with pytest.raises(RuleError):
        check_lineup_change(True)


def test_two_rooms():
    open_room, closed_room = match_tables(((1, 2), (3, 4)), ((11, 12), (13, 14)))
    assert open_room == ((1, 2), (11, 12))  # A's first line N-S
    assert closed_room == ((13, 14), (3, 4))  # B's second line N-S, A's second E-O


def test_match_k_plays_on_tables_2k_minus_1_and_2k():
    a, b = ((1, 2), (3, 4)), ((11, 12), (13, 14))
    assert hall_tables(3, a, b) == ((5, (1, 2), (11, 12)), (6, (13, 14), (3, 4)))
    with pytest.raises(ValueError):
        hall_tables(0, a, b)
