"""Deal-by-deal scoring (scoring/deals.py) with worked deals from the seeds' rules."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.deals import VARIANTS, DealError, LineDeal, score_deals, score_line

FIBUR, CLUB, PAROLE = VARIANTS["fibur"], VARIANTS["club"], VARIANTS["parole"]


def test_art_1_card_values():
    """Codice di Gara Art. 1: jolly 30, pinella 20, asso 15, K–8 10, 7–3 5."""
    assert (
        FIBUR.card_points(["JOLLY", "2", "A", "K", "8", "7", "3"]) == 30 + 20 + 15 + 10 + 10 + 5 + 5
    )
    with pytest.raises(DealError):
        FIBUR.card_points(["1"])


def test_art_29_a_closing_line():
    """Art. 29: one clean burraco (200), one dirty (100), closing (100); cards laid down worth
    455, the partner still holds a king (10)."""
    line = LineDeal(burracos={"clean": 1, "dirty": 1}, closed=True, on_table=455, in_hand=10)
    score = score_line(FIBUR, line)
    assert (score.base, score.cards, score.total) == (400, 445, 845)


def test_art_29_pozzetto_not_taken_and_cards_in_hand():
    """Art. 29: pozzetto not taken −100, cards left in hand count against."""
    line = LineDeal(pot_taken=False, on_table=120, in_hand=185)
    assert score_line(FIBUR, line).total == -100 + 120 - 185


def test_a_whole_turn_of_three_deals():
    deals = [
        (
            LineDeal({"clean": 1}, closed=True, on_table=300, in_hand=0),
            LineDeal({"dirty": 1}, on_table=210, in_hand=45),
        ),
        (
            LineDeal(pot_taken=False, on_table=90, in_hand=120),
            LineDeal({"clean": 2, "dirty": 1}, closed=True, on_table=520, in_hand=20),
        ),
        (
            LineDeal({"dirty": 1}, on_table=250, in_hand=15),
            LineDeal({"clean": 1}, closed=True, on_table=305, in_hand=0),
        ),
    ]
    ns, ew, scored = score_deals(FIBUR, deals, 3)
    assert [s[0].total for s in scored] == [600, -130, 335]
    assert [s[1].total for s in scored] == [265, 1100, 605]
    assert (ns, ew) == (805, 1970)


def test_club_variant_semi_clean_super_royal():
    """Seed 001: reale 300, super 250, pulito 200, semipulito 150, sporco 100."""
    line = LineDeal({"royal": 1, "super": 1, "semi_clean": 1}, closed=True, on_table=600)
    assert score_line(CLUB, line).total == 300 + 250 + 150 + 100 + 600
    with pytest.raises(DealError, match="no royal"):
        score_line(FIBUR, LineDeal({"royal": 1}))


def test_parole_letters_and_long_clean_burraco():
    """Seed 002: H, Q, Z 15, other consonants 10, vowels 5; a clean burraco earns +50 for
    every two letters beyond seven (9 letters: +50; 12 letters: +100)."""
    assert PAROLE.card_points(list("BURRACO")) == 10 + 5 + 10 + 10 + 5 + 10 + 5
    assert PAROLE.card_points(["H", "Q", "Z", "JOLLY", "PINELLA"]) == 15 * 3 + 30 + 20
    line = LineDeal({"clean": 2}, closed=True, on_table=400, clean_lengths=[9, 12])
    assert score_line(PAROLE, line).base == 200 * 2 + 50 + 100 + 100
    with pytest.raises(DealError, match="every clean burraco"):
        score_line(PAROLE, LineDeal({"clean": 1}, clean_lengths=[9, 8]))
    with pytest.raises(DealError, match="no bonus"):
        score_line(FIBUR, LineDeal({"clean": 1}, clean_lengths=[9]))


@pytest.mark.parametrize(
    "line, message",
    [
        (LineDeal(closed=True, on_table=100), "at least one burraco"),
        (LineDeal({"clean": 1}, closed=True, pot_taken=False), "pozzetto"),
        (LineDeal(on_table=103), "multiple of 5"),
        (LineDeal(in_hand=-5), "not plausible"),
        (LineDeal(on_table=100000), "not plausible"),
        (LineDeal({"clean": -1}), "number of burracos"),
    ],
)
def test_refused_lines(line, message):
    with pytest.raises(DealError, match=message):
        score_line(FIBUR, line)


def test_refused_turns():
    closes = LineDeal({"clean": 1}, closed=True)
    with pytest.raises(DealError, match="only one line can close"):
        score_deals(FIBUR, [(closes, closes)], 3)
    with pytest.raises(DealError, match="3 deals, not 4"):
        score_deals(FIBUR, [(LineDeal(), LineDeal())] * 4, 3)
    with pytest.raises(DealError, match="no deal"):
        score_deals(FIBUR, [], 3)


lines = st.builds(
    LineDeal,
    burracos=st.fixed_dictionaries({"clean": st.integers(0, 3), "dirty": st.integers(0, 3)}),
    on_table=st.integers(0, 300).map(lambda x: 5 * x),
    in_hand=st.integers(0, 100).map(lambda x: 5 * x),
    pot_taken=st.booleans(),
)


@given(st.lists(st.tuples(lines, lines), min_size=1, max_size=4))
def test_totals_are_multiples_of_5_and_add_up(deals):
    ns, ew, scored = score_deals(FIBUR, deals, 4)
    assert ns % 5 == 0 and ew % 5 == 0
    assert ns == sum(a.base + a.cards for a, _b in scored)
    for (a, _b), (line_a, _line_b) in zip(scored, deals):
        assert a.cards == line_a.on_table - line_a.in_hand
