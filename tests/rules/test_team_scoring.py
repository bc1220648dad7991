"""Team matches: two rooms, vp-sum or mp-scale, team bye and team standings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import standings
from scoring.rules.team_matches import (
    MatchResult,
    TeamMatch,
    TeamScale,
    score_match,
    team_bye,
    team_standings,
)
from tournaments.rules.vp import ScaleError, get_scale

SCALE = get_scale("feburit-2007")
points = st.integers(-200, 800).map(lambda x: 5 * x)


def test_vp_sum_adds_the_two_tables():
    # Art. 30 (2007): open room A N-S 1200 v B E-O 800, +400 is 355-500: 14-6;
    # closed room B N-S 1000 v A E-O 1000: 10-10. The match: 24-16.
    r = score_match(SCALE, (1200, 800), (1000, 1000))
    assert r == MatchResult(24, 16, 400, ((14, 6), (10, 10)))
    assert r.mp_b == -400


def test_mp_scale_sums_the_differences_then_reads_the_team_scale():
    # A +400 in the open room, +300 in the closed (B N-S 700, A E-O 1000): +700 summed
    r = score_match(SCALE, (1200, 800), (700, 1000), scoring="mp-scale")
    team = TeamScale.doubled(SCALE)
    assert r.mp_a == 700
    # 2007's 255-350 band (13 VP) doubled: 505-700, 26 VP
    assert (r.vp_a, r.vp_b) == team.split(700) == (26, 14)
    assert r.vp_a + r.vp_b == 40


def test_a_custom_team_scale_is_validated_as_pairs_scales_are():
    scale = TeamScale.from_bands("t", "Team", [(100, 10), (500, 14), (0, 20)], total=20)
    assert scale.split(0) == (10, 10)
    assert scale.split(-600) == (0, 20)
    r = score_match(SCALE, (1000, 900), (900, 1000), scoring="mp-scale", team_scale=scale)
    assert (r.vp_a, r.vp_b, r.mp_a) == (14, 6, 200)
    for bad in (
        [(100, 10)],  # one band
        [(100, 12), (0, 20)],  # no draw band
        [(103, 10), (0, 20)],  # not a multiple of 5
        [(100, 10), (50, 14), (0, 20)],  # bound below its start
        [(100, 10), (500, 10), (0, 20)],  # VP not growing
        [(100, 10), (0, 21)],  # over the total
        [(100, "x"), (0, 20)],
    ):
        with pytest.raises(ScaleError):
            TeamScale.from_bands("t", "Team", bad, total=20)
    with pytest.raises(ScaleError):
        TeamScale.from_bands("t", "Team", [(100, 10), (0, 20)], total=21)
    with pytest.raises(ScaleError):
        score_match(SCALE, (0, 0), (0, 0), scoring="board-a-match")


@settings(deadline=None, max_examples=200)
@given(points, points, points, points, st.sampled_from(["vp-sum", "mp-scale"]))
def test_a_match_shares_40_vp_and_is_symmetric(a1, b1, b2, a2, scoring):
    r = score_match(SCALE, (a1, b1), (b2, a2), scoring=scoring)
    assert r.vp_a + r.vp_b == 40 and 0 <= r.vp_a <= 40
    assert r.mp_a == (a1 - b1) + (a2 - b2)
    # the same match seen from B: B's lines sit where A's sat
    mirror = score_match(SCALE, (b2, a2), (a1, b1), scoring=scoring)
    assert (mirror.vp_a, mirror.vp_b, mirror.mp_a) == (r.vp_b, r.vp_a, -r.mp_a)
    if r.mp_a > 0 and scoring == "mp-scale":
        assert r.vp_a >= r.vp_b


def test_team_bye_is_70_percent_of_the_match():
    """Art. 33: 70% of the maximum (14-6 at a table): 28 of 40 with twice the pairs' MP."""
    assert team_bye(SCALE) == type(SCALE.bye)(vp=28, mp=2 * SCALE.bye.mp)
    mp_scale = team_bye(SCALE, "mp-scale")
    assert mp_scale.vp == 28
    assert TeamScale.doubled(SCALE).split(mp_scale.mp)[0] == 28
    assert team_bye(SCALE, percentage=60).vp == 24


def test_team_standings_match_vp_then_mp_then_head_to_head_then_number():
    def match(turn, a, b, vp_a, mp_a):
        return TeamMatch(turn, a, b, MatchResult(vp_a, 40 - vp_a, mp_a, ((0, 0), (0, 0))))

    matches = [
        match(1, 1, 2, 20, 0),
        match(1, 3, 4, 30, 500),
        match(2, 1, 3, 25, 100),
        match(2, 2, 4, 28, 300),
    ]
    byes = [standings.Bye(3, 4, 28, 710)]
    rows = team_standings([1, 2, 3, 4], matches, byes)
    by_team = {r.pair: r for r in rows}
    assert by_team[1].vp == 45 and by_team[1].mp == 100
    assert by_team[4].vp == 10 + 12 + 28
    # 4: 50 VP; 2: 20 + 28 = 48; 1 and 3 tie on 45 VP: 1 has +100 MP, 3 has +400 (500 - 100)
    assert [r.pair for r in rows] == [4, 2, 3, 1]


def test_team_standings_head_to_head_breaks_a_tie_on_vp_and_mp():
    def match(turn, a, b, vp_a, mp_a):
        return TeamMatch(turn, a, b, MatchResult(vp_a, 40 - vp_a, mp_a, ((0, 0), (0, 0))))

    # 1 and 2 end on 45 VP and 0 MP; 2 won their match (25-15)
    matches = [match(1, 1, 2, 15, -100), match(2, 1, 3, 30, 100), match(3, 2, 3, 20, -100)]
    rows = team_standings([1, 2, 3], matches)
    assert [r.pair for r in rows][:2] == [2, 1]


def test_the_doubled_scale_reads_like_the_pairs_scale_over_two_tables():
    team = TeamScale.doubled(SCALE)
    pairs_rows, team_rows = SCALE.rows(), team.rows()
    assert len(team_rows) == len(pairs_rows)
    for (_lo, hi, win, lose), (_tlo, thi, twin, tlose) in zip(pairs_rows, team_rows):
        assert (twin, tlose) == (2 * win, 2 * lose)
        assert thi == (2 * hi if hi is not None else None)
    assert team.rows()[0][:2] == (0, 100) and team.total == 40
    with pytest.raises(ScaleError):
        team.min_difference_for(41)
    with pytest.raises(ScaleError):
        team.split(7)  # points are multiples of 5
