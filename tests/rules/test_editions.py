"""FIBUR's current rules beside FE.BUR.IT's Codice of 2007: how a deal scores and which VP
table applies (scoring/rules/deals.py, tournaments/rules/vp.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.deals import VARIANTS, DealError, LineDeal, get_variant, score_deals, score_line
from tournaments.rules import vp

FIBUR, FEBURIT = VARIANTS["fibur"], VARIANTS["feburit-2007"]

# FIBUR's current Codice: the 2-deal table (difference -> winner's VP).
FIBUR_2 = [40, 120, 200, 300, 400, 500, 620, 740, 870, 1000]


def test_the_editions_and_their_burracos():
    assert dict(FIBUR.burracos) == {"clean": 200, "semi_clean": 150, "dirty": 100}
    assert dict(FEBURIT.burracos) == {"clean": 200, "dirty": 100}  # Art. 29
    assert set(VARIANTS) == {"fibur", "feburit-2007", "club", "parole"}
    for variant in VARIANTS.values():
        assert variant.code not in variant.name  # a full name for display, never the code


def test_art_29_the_2007_codice_scores_clean_and_dirty():
    line = LineDeal({"clean": 1, "dirty": 1}, closed=True, on_table=455, in_hand=10)
    assert score_line(FEBURIT, line).total == 200 + 100 + 100 + 445
    assert score_line(FIBUR, line).total == 200 + 100 + 100 + 445


def test_fibur_semi_clean_is_worth_150():
    line = LineDeal({"semi_clean": 1}, closed=True, on_table=300)
    assert score_line(FIBUR, line).total == 150 + 100 + 300


def test_a_kind_the_edition_does_not_have_is_refused():
    deal = (LineDeal({"semi_clean": 1}, closed=True, on_table=300), LineDeal(on_table=100))
    with pytest.raises(DealError, match="deal 2: these rules have no semi_clean burraco") as exc:
        score_deals(FEBURIT, [(LineDeal(), LineDeal()), deal], 3)
    assert exc.value.deal == 2 and exc.value.params == {"kind": "semi_clean"}
    with pytest.raises(DealError, match="no royal"):
        score_line(FIBUR, LineDeal({"royal": 1}))
    with pytest.raises(DealError, match="unknown game rules"):
        get_variant("fibur-2026")


def test_each_edition_names_its_default_vp_scale():
    assert vp.RULES_SCALES["fibur"] == "fibur" and vp.RULES_SCALES["feburit-2007"] == "feburit-2007"
    for variant in VARIANTS.values():
        assert vp.scale_for(vp.RULES_SCALES[variant.code], 3).code in vp.SCALES


def test_fibur_two_deal_table_band_by_band():
    scale = vp.SCALES["fibur-2"]
    low = 0
    for winner, high in enumerate(FIBUR_2, start=10):
        for diff in (low, high):
            assert scale.split(diff, 0) == (winner, 20 - winner), diff
        low = high + 5
    assert (low, scale.split(low, 0)) == (1005, (20, 0))


@pytest.mark.parametrize("deals, code", [(2, "fibur-2"), (3, "fibur-3"), (4, "fibur-4")])
def test_the_fibur_meta_scale_picks_its_table_by_the_deals(deals, code):
    assert vp.scale_for("fibur", deals) is vp.SCALES[code]
    assert vp.scale_for("feburit-2007", deals) is vp.SCALES["feburit-2007"]


def test_the_meta_scale_refuses_a_number_of_deals_it_has_no_table_for():
    with pytest.raises(vp.ScaleError, match="fibur has tables for 2, 3, 4 deals, not 5"):
        vp.scale_for("fibur", 5)
    with pytest.raises(vp.ScaleError, match="unknown VP scale"):
        vp.scale_for("fibur-9", 3)


def test_every_scale_has_a_full_name_never_its_code():
    names = {code: vp.scale_name(code) for code in [*vp.SCALES, *vp.META_SCALES]}
    assert names["fibur"].startswith("FIBUR, Codice di Gara vigente")
    assert "2 smazzate" in names["fibur-2"] and "2007" in names["feburit-2007"]
    assert all(code not in name for code, name in names.items())
    assert len(set(names.values())) == len(names)


@given(st.integers(-400, 400).map(lambda x: 5 * x), st.integers(-400, 400).map(lambda x: 5 * x))
def test_the_two_deal_table_shares_20_vp_and_grows_with_the_difference(a, b):
    scale = vp.SCALES["fibur-2"]
    ns, ew = scale.split(a, b)
    assert ns + ew == 20
    assert (ns > ew and a > b) or (ns < ew and a < b) or (ns == ew and abs(a - b) <= 40)
    wider = scale.split(max(a, b) + 5, min(a, b))
    assert max(wider) >= max(ns, ew)


def test_every_rules_edition_has_its_default_scale_and_a_name_on_the_settings_form():
    """The edition's default VP scale is a tournament setting (tournaments/rules/vp.py), how it
    scores a deal is scoring's (scoring/rules/deals.py): the same codes on both sides."""
    from tournaments.models import GAME_RULES

    assert set(vp.RULES_SCALES) == set(VARIANTS) == {code for code, _name in GAME_RULES}
    assert vp.RULES_SCALES["feburit-2007"] == "feburit-2007"  # Art. 30's own table
    assert {vp.RULES_SCALES[c] for c in ("fibur", "club", "parole")} == {"fibur"}
    for scale in vp.RULES_SCALES.values():
        assert scale in vp.SCALES or scale in vp.META_SCALES
