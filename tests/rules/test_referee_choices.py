"""The referee's choices where the sources are thin (docs/individual-and-teams.md): Danish
puro or modificato for every kind, the last Danish turn by the ranking only, the individual
table 1+2 v 3+4 or 1+4 v 2+3, when team line-ups close; and the team bye's MP.

Codice di Gara 2007, Art. 2: the Danish is "primo classificato contro secondo; terzo contro
quarto"; in individual events "l'accoppiamento cambia ad ogni turno". The 14-23 table reads the
first sentence literally for players: the 1st and the 2nd face each other."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.teams import TeamScale, team_bye
from scoring.rules.vp import SCALES, bye_score
from tests.rules.test_individual import (
    SETTINGS,
    brute_rule,
    check_basic,
    cost,
    fields,
    m,
    normalise,
    nx_partner_min,
)
from tournaments.movements.danish import (
    is_last_danish,
    meetings_to_avoid,
    seat_danish,
    turns_to_avoid,
)
from tournaments.movements.individual import (
    TABLE_SPLITS,
    history_sets,
    seat_individual_danish,
    splits,
)
from tournaments.movements.team_danish import seat_team_danish
from tournaments.rules.lineups import check_lineup_change
from tournaments.rules.messages import RuleError

# ------------------------------------------------------------ which earlier turns count
HISTORY = [["t1"], ["t2"], ["t3"]]


def test_puro_avoids_every_earlier_turn_and_modificato_only_the_previous():
    plan = ["round-robin", "round-robin", "round-robin", "danish", "danish-modified"]
    assert turns_to_avoid(plan, 4, HISTORY) == HISTORY
    assert turns_to_avoid(plan, 5, [*HISTORY, ["t4"]]) == [["t4"]]
    assert turns_to_avoid(["danish-modified-groups", "danish"], 1, []) == []


def test_the_last_danish_turn_by_the_ranking_only():
    plan = ["mitchell", "mitchell", "danish", "danish", "mitchell"]
    assert [is_last_danish(plan, n) for n in range(1, 6)] == [False, False, False, True, False]
    assert not is_last_danish(["mitchell"], 1)
    assert turns_to_avoid(plan, 4, HISTORY, last_by_ranking=True) == []
    assert turns_to_avoid(plan, 3, HISTORY[:2], last_by_ranking=True) == HISTORY[:2]
    assert turns_to_avoid(plan, 4, HISTORY, last_by_ranking=False) == HISTORY
    groups = ["danish", "danish-modified-groups"]
    assert turns_to_avoid(groups, 2, HISTORY[:1], last_by_ranking=True) == []


@settings(deadline=None, max_examples=60)
@given(st.integers(2, 24), st.integers(0, 5), st.randoms(use_true_random=False))
def test_by_the_ranking_only_pairs_neighbours_whatever_they_met(n, turns, rnd):
    """Every kind's Danish engine, with nothing to avoid: after the bye (Art. 33, unchanged)
    the 1st meets the 2nd, the 3rd the 4th…"""
    ranking = list(range(1, n + 1))
    history, byes = [], {}
    for _ in range(turns):
        rnd.shuffle(ranking)
        seating = seat_danish(ranking, meetings_to_avoid(history, False), byes)
        history.append(list(seating.tables))
        if seating.bye is not None:
            byes[seating.bye] = byes.get(seating.bye, 0) + 1
    plan = ["danish"] * (turns + 1)
    avoid = meetings_to_avoid(turns_to_avoid(plan, turns + 1, history, last_by_ranking=True), False)
    last = seat_danish(ranking, avoid, byes)
    order = [p for p in ranking if p != last.bye]
    assert list(last.tables) == list(zip(order[::2], order[1::2], strict=True))
    assert last.repeats == ()
    team = seat_team_danish(
        ranking, turns_to_avoid(plan, turns + 1, history, last_by_ranking=True), byes
    )
    assert [(a, b) for _k, a, b in team.matches] == list(last.tables)
    assert team.bye == last.bye


@settings(deadline=None, max_examples=40)
@given(st.integers(2, 20), st.integers(1, 5), st.randoms(use_true_random=False))
def test_team_danish_modificato_is_the_pairs_modificato_on_teams(teams, turns, rnd):
    ranking = list(range(1, teams + 1))
    history: list = []
    plan = ["round-robin"] * turns + ["danish-modified"]
    for _ in range(turns):
        rnd.shuffle(ranking)
        history.append(list(seat_danish(ranking, meetings_to_avoid(history, False)).tables))
    turn = seat_team_danish(ranking, turns_to_avoid(plan, turns + 1, history))
    pairs = seat_danish(ranking, meetings_to_avoid(history, modified=True))
    assert [(a, b) for _k, a, b in turn.matches] == list(pairs.tables)
    previous = {frozenset(x) for x in history[-1]}
    assert all(frozenset((a, b)) not in previous for _k, a, b in turn.matches) or turn.repeats


def test_team_danish_modificato_may_replay_a_round_robin_match():
    history = [[(1, 2), (3, 4)], [(1, 3), (2, 4)], [(1, 4), (2, 3)]]
    puro = seat_team_danish(
        [1, 2, 3, 4], turns_to_avoid(["round-robin"] * 3 + ["danish"], 4, history)
    )
    assert puro.repeats  # four teams have met every way: a repeat is forced
    modified = seat_team_danish(
        [1, 2, 3, 4], turns_to_avoid(["round-robin"] * 3 + ["danish-modified"], 4, history)
    )
    assert modified.matches == ((1, 1, 2), (2, 3, 4)) and modified.repeats == ()


# ------------------------------------------------------------------- the individual table
def test_the_split_orders():
    assert splits(1, 2, 3, 4) == (((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3)))
    assert splits(1, 2, 3, 4, TABLE_SPLITS["14-23"]) == (
        ((1, 4), (2, 3)),
        ((1, 3), (2, 4)),
        ((1, 2), (3, 4)),
    )
    with pytest.raises(ValueError, match="unknown individual table"):
        seat_individual_danish([1, 2, 3, 4], table="13-24")


def test_first_turn_sets_the_first_against_the_second():
    s = seat_individual_danish(range(1, 9), table="14-23")
    assert s.tables == (((1, 4), (2, 3)), ((5, 8), (6, 7)))


def test_a_partnership_met_before_moves_to_the_next_split():
    s = seat_individual_danish([1, 2, 3, 4], partners=m((1, 4)), table="14-23")
    assert s.tables == (((1, 3), (2, 4)),)
    s = seat_individual_danish([1, 2, 3, 4], partners=m((1, 4), (1, 3)), table="14-23")
    assert s.tables == (((1, 2), (3, 4)),)


@SETTINGS
@given(fields())
def test_small_fields_follow_the_14_23_rule_exactly(field):
    """Brute force over every seating: the least (partner, opponent) repeats, then the
    top-down rule with the 14-23 preference."""
    ranking, partners, opponents, rests = field
    s = seat_individual_danish(ranking, partners, opponents, rests, table="14-23")
    check_basic(ranking, rests, s)
    order = [p for p in ranking if p not in s.rests]
    expected = brute_rule(order, partners, opponents, TABLE_SPLITS["14-23"])
    assert normalise(s.tables) == normalise(expected)
    assert (len(s.partner_repeats), len(s.opponent_repeats)) == cost(s.tables, partners, opponents)
    default = seat_individual_danish(ranking, partners, opponents, rests)
    assert cost(default.tables, partners, opponents) == cost(s.tables, partners, opponents)


@SETTINGS
@given(fields(min_players=8, max_players=32), st.sampled_from([0, 4, 8]))
def test_the_14_23_table_keeps_the_partner_minimum_on_any_field(field, exact):
    ranking, partners, opponents, rests = field
    s = seat_individual_danish(ranking, partners, opponents, rests, exact=exact, table="14-23")
    check_basic(ranking, rests, s)
    order = [p for p in ranking if p not in s.rests]
    assert len(s.partner_repeats) == nx_partner_min(order, partners)


def test_individual_modificato_forgets_all_but_the_previous_turn():
    turn1 = [((1, 2), (3, 4)), ((5, 6), (7, 8))]
    turn2 = [((1, 3), (5, 7)), ((2, 4), (6, 8))]
    plan = ["danish", "danish", "danish-modified"]
    puro = seat_individual_danish(range(1, 9), *history_sets([turn1, turn2]))
    assert puro.tables[0] != ((1, 2), (3, 4))
    partners, opponents = history_sets(turns_to_avoid(plan, 3, [turn1, turn2]))
    modified = seat_individual_danish(range(1, 9), partners, opponents)
    assert modified.tables[0] == ((1, 2), (3, 4))  # turn 1's table again, turn 2's avoided
    assert modified.partner_repeats == () and modified.opponent_repeats == ()


def test_individual_by_the_ranking_only_seats_the_ranking_in_fours():
    """Four players who partnered every way: the last turn by the ranking only seats them
    1+4 v 2+3 (the 14-23 table) and reports no repeat; puro has to repeat."""
    history = [[((1, 4), (2, 3))], [((1, 3), (2, 4))], [((1, 2), (3, 4))]]
    plan = ["danish"] * 4
    puro = seat_individual_danish([1, 2, 3, 4], *history_sets(history), table="14-23")
    assert puro.partner_repeats
    turns = turns_to_avoid(plan, 4, history, last_by_ranking=True)
    s = seat_individual_danish([1, 2, 3, 4], *history_sets(turns), table="14-23")
    assert (s.tables, s.partner_repeats, s.opponent_repeats) == ((((1, 4), (2, 3)),), (), ())


# ------------------------------------------------------------------------- line-ups
def test_lineups_close_at_the_first_result_or_at_publication():
    check_lineup_change(False, True)  # published, no result: still open by default
    with pytest.raises(RuleError, match="already has a result"):
        check_lineup_change(True, False, "release")
    with pytest.raises(RuleError, match="published"):
        check_lineup_change(False, True, "release")
    check_lineup_change(False, False, "release")
    with pytest.raises(ValueError):
        check_lineup_change(False, False, "never")


# ------------------------------------------------------------------------- team bye
@settings(deadline=None, max_examples=80)
@given(st.sampled_from(sorted(SCALES)), st.integers(50, 100))
def test_the_team_bye_has_the_same_mp_under_both_scorings(code, percentage):
    """Twice the pairs bye's MP (Art. 33: "14-6 pari ad una differenza in M.P. di 355", a
    match being two tables), whatever the match scoring; on the default team scale those MP
    earn the bye's VP."""
    scale = SCALES[code]
    pairs = bye_score(scale, percentage)
    vp_sum = team_bye(scale, "vp-sum", percentage=percentage)
    mp_scale = team_bye(scale, "mp-scale", percentage=percentage)
    assert vp_sum.mp == mp_scale.mp == 2 * pairs.mp
    if percentage % 5 == 0:
        assert vp_sum == mp_scale
        assert TeamScale.doubled(scale).split(mp_scale.mp)[0] == mp_scale.vp


def test_the_2007_team_bye_is_28_and_710_either_way():
    scale = SCALES["feburit-2007"]
    assert team_bye(scale, "vp-sum") == team_bye(scale, "mp-scale") == type(scale.bye)(28, 710)
