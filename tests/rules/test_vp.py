"""VP scales (scoring/vp.py): every band edge of every scale, custom scales, byes."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules import vp
from tournaments.rules.vp import SCALES, ScaleError, VpScale

# (scale, last difference of each band from 10-10 up to 19-1) from docs/rules.md and Art. 30.
EDGES = {
    "feburit-2007": [50, 150, 250, 350, 500, 650, 850, 1000, 1250, 1500],
    "fibur-3": [50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500],
    "fibur-4": [100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000],
}


@pytest.mark.parametrize("code", sorted(EDGES))
def test_every_band_edge(code):
    scale = SCALES[code]
    low = 0
    for winner, high in enumerate(EDGES[code], start=10):
        for diff in (low, high):
            assert scale.split(diff, 0) == (winner, 20 - winner), (code, diff)
            assert scale.split(0, diff) == (20 - winner, winner), (code, diff)
        low = high + 5
    assert scale.split(low, 0) == (20, 0)
    assert scale.split(0, low + 10_000) == (0, 20)


def test_art_30_table_as_printed():
    """Codice di Gara Art. 30: the 2007 table row by row."""
    s = SCALES["feburit-2007"]
    assert s.rows() == [
        (0, 50, 10, 10),
        (55, 150, 11, 9),
        (155, 250, 12, 8),
        (255, 350, 13, 7),
        (355, 500, 14, 6),
        (505, 650, 15, 5),
        (655, 850, 16, 4),
        (855, 1000, 17, 3),
        (1005, 1250, 18, 2),
        (1255, 1500, 19, 1),
        (1505, None, 20, 0),
    ]


def test_split_uses_the_difference_of_line_totals_which_can_be_negative():
    s = SCALES["feburit-2007"]
    assert s.split(-100, -500) == (14, 6)
    assert s.split(1250, 830) == (14, 6)  # the contract's example: difference 420


@pytest.mark.parametrize("bad", [3, 1251, -7, 2.5, "100", None, True])
def test_points_must_be_whole_multiples_of_5(bad):
    with pytest.raises(ScaleError):
        SCALES["feburit-2007"].split(bad, 0)


@given(code=st.sampled_from(sorted(SCALES)), a=st.integers(-2000, 4000), b=st.integers(-2000, 4000))
def test_vp_sum_to_20_and_are_symmetric(code, a, b):
    a, b = a * 5, b * 5
    s = SCALES[code]
    ns, ew = s.split(a, b)
    assert ns + ew == 20
    assert s.split(b, a) == (ew, ns)
    assert (ns > ew) <= (a > b)


@given(code=st.sampled_from(sorted(SCALES)), d=st.integers(0, 1000))
def test_vp_never_decrease_with_the_difference(code, d):
    s = SCALES[code]
    assert s.split(5 * (d + 1), 0)[0] >= s.split(5 * d, 0)[0]


def test_art_33_bye_is_14_vp_and_355_mp_on_the_2007_scale():
    assert vp.bye_score(SCALES["feburit-2007"], 70) == vp.ByeScore(14, 355)
    assert vp.bye_score(SCALES["fibur-3"], 70) == vp.ByeScore(14, 355)


def test_art_33_bye_follows_the_scale_edition():
    """The 2007 Codice gives 70% (14-6, +355 MP) whatever the deals; current FIBUR practice
    70% with its 3-deal scale and 60% (12-8) with its 4-deal scale."""
    assert {code: s.bye_percentage for code, s in SCALES.items()} == {
        "feburit-2007": 70,
        "fibur-2": 70,
        "fibur-3": 70,
        "fibur-4": 60,
    }
    assert SCALES["feburit-2007"].bye == vp.ByeScore(14, 355)
    assert SCALES["fibur-3"].bye == vp.ByeScore(14, 355)
    assert SCALES["fibur-4"].bye == vp.ByeScore(12, 305)
    assert vp.bye_score(SCALES["fibur-4"]) == vp.ByeScore(12, 305)
    assert vp.bye_score(SCALES["fibur-4"], 70) == vp.ByeScore(14, 705)  # an override


def test_custom_scale_carries_its_own_bye():
    s = VpScale.from_bands("club", "Club", [(100, 10), (300, 12), (0, 20)], bye_percentage=65)
    assert s.bye == vp.ByeScore(13, 305)  # 13 VP first earned by the open band
    with pytest.raises(ScaleError):
        VpScale.from_bands("club", "Club", [(100, 10), (0, 20)], bye_percentage=40)


def test_art_5_minutes_per_turn():
    assert [vp.default_minutes(d) for d in (2, 3, 4)] == [25, 35, 45]
    with pytest.raises(ScaleError):
        vp.default_minutes(5)


def test_bye_percentage_out_of_range():
    with pytest.raises(ScaleError):
        vp.bye_score(SCALES["feburit-2007"], 120)


def test_custom_scale_is_validated():
    s = VpScale.from_bands("club", "Club", [(100, 10), (300, 12), (600, 15), (0, 20)])
    assert s.split(100, 0) == (10, 10)
    assert s.split(105, 0) == (12, 8)
    assert s.split(605, 0) == (20, 0)
    assert s.min_difference_for(14) == 305


@pytest.mark.parametrize(
    "bands, message",
    [
        ([(50, 10)], "at least two"),
        ([(50, 11), (0, 20)], "10-10"),
        ([(52, 10), (0, 20)], "multiple of 5"),
        ([(50, 10), (40, 12), (0, 20)], "below its start"),
        ([(50, 10), (150, 12), (250, 12), (0, 20)], "grow"),
        ([(50, 10), (150, 21), (0, 22)], "between 10 and 20"),
        ([(50, 10), (150, 9), (0, 20)], "between 10 and 20"),
    ],
)
def test_bad_custom_scales_are_refused(bands, message):
    with pytest.raises(ScaleError, match=message):
        VpScale.from_bands("x", "x", bands)


def test_unknown_scale():
    with pytest.raises(ScaleError, match="unknown VP scale"):
        vp.get_scale("nope")
