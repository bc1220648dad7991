"""Rulings' effects (scoring/rulings.py): Art. 23, 32, 33 and late arrival."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.rulings import (
    Score,
    abandonment,
    late_beyond_10,
    played,
    warning_penalties,
)
from tournaments.rules.vp import SCALES, bye_score

SCALE = SCALES["feburit-2007"]
BYE = bye_score(SCALE, 70)


def test_art_32_unjustified_abandonment_gives_at_least_14_6_to_the_innocent():
    innocent, guilty = abandonment(SCALE)
    assert innocent == Score(14, 355) and guilty == Score(0, -355)


def test_art_32_innocent_keeps_a_better_result_acquired_while_playing():
    innocent, guilty = abandonment(SCALE, innocent_played=played(SCALE, 1800, 200))
    assert innocent == Score(20, 1600) and guilty == Score(0, -1600)
    worse = abandonment(SCALE, innocent_played=played(SCALE, 200, 800))
    assert worse[0] == Score(14, 355)


def test_art_32_force_majeure_gives_the_bye_score_and_nothing_to_the_pair_that_left():
    assert abandonment(SCALE, justified=True, bye=BYE) == (Score(14, 355), Score(0, 0))
    with pytest.raises(ValueError):
        abandonment(SCALE, justified=True)


def test_art_32_arbitral_floor_follows_the_scale():
    assert abandonment(SCALES["fibur-4"])[0] == Score(14, 705)


def test_late_beyond_10_awards_the_bye_score():
    present, late = late_beyond_10(BYE)
    assert present == Score(14, 355) and late == Score(6, -355)


def test_fibur_practice_late_pair_gets_the_complement_of_the_present_pair():
    """Beyond 10' the present pair gets the better of the bye score and its own result; the
    late pair the complement (20 minus, opposite MP), even when it was winning."""
    present, late = late_beyond_10(BYE, present_played=Score(8, -200), late_played=Score(12, 200))
    assert present == Score(14, 355) and late == Score(6, -355)
    present, late = late_beyond_10(BYE, present_played=Score(17, 900), late_played=Score(3, -900))
    assert present == Score(17, 900) and late == Score(3, -900)


@given(st.integers(-400, 600), st.integers(-400, 600), st.sampled_from(sorted(SCALES)))
def test_fibur_practice_late_table_never_totals_more_than_20_vp(a, b, code):
    scale = SCALES[code]
    bye = bye_score(scale, 70)
    present, late = late_beyond_10(bye, played(scale, 5 * a, 5 * b), played(scale, 5 * b, 5 * a))
    assert present.vp + late.vp == 20 and present.mp + late.mp == 0
    assert present.key() >= (bye.vp, bye.mp)


def test_with_4_deals_the_bye_is_60_percent():
    present, late = late_beyond_10(bye_score(SCALES["fibur-4"], 60))
    assert present == Score(12, 305) and late == Score(8, -305)


def test_art_23_two_warnings_cost_one_vp():
    assert [warning_penalties(n) for n in range(6)] == [0, 0, 1, 1, 2, 2]
    with pytest.raises(ValueError):
        warning_penalties(-1)


@given(st.integers(-400, 600), st.integers(-400, 600))
def test_innocent_never_below_the_arbitral_floor(a, b):
    innocent, guilty = abandonment(SCALE, innocent_played=played(SCALE, 5 * a, 5 * b))
    assert innocent.key() >= (14, 355)
    assert guilty.vp == 0 and guilty.mp == -innocent.mp
