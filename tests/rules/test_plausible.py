"""Plausible line totals (issue 14 item 4): scoring.rules.plausible.

The bound comes from the rules (Codice di Gara 2007, Art. 29: burraco bonuses, closing 100,
pozzetto not taken -100, cards on the table minus cards in hand) and the two decks of a deal:
no deal dealt from those 108 cards and scored by scoring.rules.deals goes beyond it.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import plausible
from scoring.rules.deals import MAX_CARDS_IN_HAND, VARIANTS, LineDeal, score_line

RANKS = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
DECK = [r for r in RANKS for _copy in range(8)] + ["JOLLY"] * 4


def test_the_two_decks_are_worth_1080():
    """Art. 29's card values: 3-7 five, 8-K ten, A fifteen, 2 twenty, jolly thirty."""
    assert plausible.deck_points(VARIANTS["feburit-2007"]) == 1080
    assert len(DECK) == plausible.DECK


def test_worked_example_art_29_three_deals():
    """FE.BUR.IT 2007 (clean 200, dirty 100): fourteen clean burracos and a dirty one from
    the 104 natural cards and a matta, 100 for closing, 1,080 of cards: 4,080 a deal."""
    b = plausible.bounds(VARIANTS["feburit-2007"], 3)
    assert (b.bonuses, b.per_deal_high, b.high) == (2900, 4080, 12240)
    assert (b.per_deal_low, b.low) == (-1180, -3540)
    assert (b.usual_high, b.usual_low) == (3600, -1200)


def test_sixteen_thousand_typed_for_1660_cannot_happen_in_three_deals():
    (doubt,) = plausible.doubts(VARIANTS["fibur"], 3, 16600, 830)
    assert (doubt.line, doubt.impossible, doubt.params["bound"]) == ("ns", True, 12240)
    assert plausible.doubts(VARIANTS["fibur"], 3, 1660, 830) == []


def test_far_outside_the_usual_range_is_asked_but_possible():
    (doubt,) = plausible.doubts(VARIANTS["fibur"], 3, 1250, 6600)
    assert (doubt.line, doubt.impossible, doubt.params["bound"]) == ("ew", False, 3600)
    (doubt,) = plausible.doubts(VARIANTS["fibur"], 3, -1500, 900)
    assert (doubt.line, doubt.impossible) == ("ns", False)
    (doubt,) = plausible.doubts(VARIANTS["fibur"], 2, -3000, 900)
    assert doubt.impossible and doubt.params["bound"] == -2360


@pytest.mark.parametrize("deals", [2, 3, 4])
@pytest.mark.parametrize("code", list(VARIANTS))
def test_bounds_grow_with_the_deals_and_the_variant(code, deals):
    b = plausible.bounds(VARIANTS[code], deals)
    assert b.low < b.usual_low < 0 < b.usual_high < b.high
    assert b.high == deals * b.per_deal_high
    richer = plausible.bounds(VARIANTS["club"], deals)  # super 250, royal 300
    assert richer.bonuses >= plausible.bounds(VARIANTS["feburit-2007"], deals).bonuses


def _brute_bonuses(kinds, naturals, mattas):
    """Every count of every kind, tried: the knapsack's reference on small hands."""
    best = 0

    def go(i, n, m, value):
        nonlocal best
        best = max(best, value)
        if i == len(kinds):
            return
        need_n, need_m, bonus = kinds[i]
        count = 0
        while count * need_n <= n and count * need_m <= m:
            go(i + 1, n - count * need_n, m - count * need_m, value + count * bonus)
            count += 1

    go(0, naturals, mattas, 0)
    return best


@pytest.mark.parametrize("code", list(VARIANTS))
def test_the_knapsack_matches_brute_force(code, monkeypatch):
    kinds = plausible._kinds(VARIANTS[code])[:6]
    for naturals, mattas in ((20, 2), (30, 3), (45, 4)):
        monkeypatch.setattr(plausible, "NATURALS", naturals)
        monkeypatch.setattr(plausible, "MATTAS", mattas)
        monkeypatch.setattr(plausible, "DECK", naturals + mattas)
        plausible._best_bonuses.cache_clear()
        assert plausible._best_bonuses(tuple(kinds)) == _brute_bonuses(kinds, naturals, mattas)
    plausible._best_bonuses.cache_clear()


def _points(variant, cards):
    return sum(variant.card_values[c] for c in cards)


@st.composite
def line_of_a_deal(draw, variant, deck):
    """One line's deal as it can happen: some of the deck's cards laid on the table (the
    burracos built from them), some left in hand, closing only with a burraco."""
    order = draw(st.permutations(range(len(deck))))
    on = draw(st.integers(0, len(deck)))
    held = draw(st.integers(0, len(deck) - on))
    table = [deck[i] for i in order[:on]]
    hand = [deck[i] for i in order[on : on + held]]
    while _points(variant, hand) > MAX_CARDS_IN_HAND:  # the score sheet takes no more
        hand.pop()
    mattas = sum(1 for c in table if c in ("JOLLY", "2"))
    naturals = len(table) - mattas
    burracos = {}
    for kind in variant.burracos:
        need_n, need_m = plausible.SHAPES.get(kind, (7, 0))
        most = min(naturals // need_n, mattas // need_m if need_m else 99)
        count = draw(st.integers(0, min(most, 12)))
        burracos[kind] = count
        naturals -= count * need_n
        mattas -= count * need_m
    pot_taken = draw(st.booleans())
    closed = pot_taken and sum(burracos.values()) > 0 and draw(st.booleans())
    return LineDeal(
        burracos=burracos,
        closed=closed,
        pot_taken=pot_taken,
        on_table=_points(variant, table),
        in_hand=_points(variant, hand),
    )


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    code=st.sampled_from(["fibur", "feburit-2007", "club"]),
    deals=st.integers(2, 4),
)
def test_no_real_score_exceeds_the_bound(data, code, deals):
    variant = VARIANTS[code]
    total = sum(
        score_line(variant, data.draw(line_of_a_deal(variant, DECK))).total for _ in range(deals)
    )
    b = plausible.bounds(variant, deals)
    assert b.low <= total <= b.high
    assert not [d for d in plausible.doubts(variant, deals, total, 0) if d.impossible]


def test_the_best_deal_there_is_reaches_the_bound_closely():
    """Twelve clean burracos (the most a score sheet takes of one kind) and three dirty ones,
    closed, every card on the table: within 200 of the bound, which is not loose."""
    variant = VARIANTS["feburit-2007"]
    best = LineDeal(burracos={"clean": 12, "dirty": 3}, closed=True, on_table=1080, in_hand=0)
    bound = plausible.bounds(variant, 1).per_deal_high
    assert bound - 200 <= score_line(variant, best).total <= bound
