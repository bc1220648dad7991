"""A burraco's kind from its cards (scoring/rules/burraco.py), by each rules edition.

Worked examples follow the definitions (Codice di Gara 2007, Art. 7-10 and 29; FIBUR's current
Codice; seed 001 for the club variant). The reference at the end tries every card each matta
could stand for, independently of the module's run arithmetic, and reads the definitions off
each legal layout.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules.burraco import Card, classify_burraco, parse_cards, readings
from scoring.rules.deals import DealError

EDITIONS = ("fibur", "feburit-2007", "club")


def kinds(cards: str) -> tuple[str, str, str]:
    return tuple(classify_burraco(cards, e) for e in EDITIONS)


# ----------------------------------------------------------------------------- notation
def test_card_notation():
    assert parse_cards("10♥ qs 2C jk Td") == (
        Card(10, "♥"),
        Card(12, "♠"),
        Card(2, "♣"),
        Card(None, None),
        Card(10, "♦"),
    )
    assert parse_cards(["A♦", "JOLLY"]) == (Card(1, "♦"), Card(None, None))
    assert [str(c) for c in parse_cards("a♥ 10s jk")] == ["A♥", "10♠", "JK"]
    for bad in ("11♥", "K", "♥", "KX", "1♠"):
        with pytest.raises(DealError, match="is not a card"):
            parse_cards(bad)


# ---------------------------------------------------------------------- worked examples
def test_art_10_clean_burraco_has_no_matta():
    """Art. 10: seven or more cards without a matta: clean in every edition."""
    assert kinds("5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠") == ("clean", "clean", "clean")
    assert kinds("Q♥ Q♦ Q♣ Q♠ Q♥ Q♦ Q♣") == ("clean", "clean", "clean")


def test_art_8_a_pinella_in_its_natural_place_is_not_a_matta():
    """Art. 8/10: the pinella of the suit below the 3 is a natural 2 (clean)."""
    assert kinds("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥") == ("clean", "clean", "clean")
    assert kinds("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥") == ("clean", "clean", "clean")
    # A pinella of another suit, or of the suit out of its place, is a matta.
    assert kinds("2♣ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥")[1] == "dirty"
    assert kinds("2♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥") == ("dirty", "dirty", "dirty")


def test_art_8_a_further_matta_may_join_a_natural_pinella():
    """Art. 8: with the pinella as natural 2, one more matta may join (here at an end next to
    seven natural cards: FIBUR's semi-clean)."""
    assert kinds("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ JK") == ("semi_clean", "dirty", "semi_clean")
    assert kinds("A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 8♥ 2♠") == ("dirty", "dirty", "dirty")


def test_fibur_semi_clean_sequence_matta_at_an_end_next_to_seven_naturals():
    assert kinds("4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ JK") == ("semi_clean", "dirty", "semi_clean")
    # Longer runs stay semi-clean for FIBUR; the club variant wants exactly eight cards.
    assert kinds("4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ 2♠") == ("semi_clean", "dirty", "dirty")
    # Six naturals and a matta at the end: dirty.
    assert kinds("4♥ 5♥ 6♥ 7♥ 8♥ 9♥ JK") == ("dirty", "dirty", "dirty")
    # The matta inside the run (for the 7): dirty.
    assert kinds("4♥ 5♥ 6♥ 8♥ 9♥ 10♥ J♥ JK") == ("dirty", "dirty", "dirty")


def test_fibur_semi_clean_combination_of_exactly_eight_cards():
    assert kinds("5♥ 5♦ 5♣ 5♠ 5♥ 5♦ 5♣ 2♠") == ("semi_clean", "dirty", "semi_clean")
    assert kinds("5♥ 5♦ 5♣ 5♠ 5♥ 5♦ JK") == ("dirty", "dirty", "dirty")  # seven
    assert kinds("5♥ 5♦ 5♣ 5♠ 5♥ 5♦ 5♣ 5♠ JK") == ("dirty", "dirty", "dirty")  # nine


def test_club_royal_and_super():
    """Seed 001: royal A-K with the 2 in its place, super eight cards of one rank."""
    assert kinds("A♦ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦") == ("clean", "clean", "royal")
    assert kinds("K♣ K♣ K♦ K♦ K♥ K♥ K♠ K♠") == ("clean", "clean", "super")
    assert kinds("2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦") == ("clean", "clean", "royal")


def test_art_8_a_sequence_of_fourteen_cards_ends_with_its_matta():
    assert kinds("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ JK") == ("semi_clean", "dirty", "dirty")
    # 3-K and the ace above: the jolly stands for the 2, at an end.
    assert kinds("Q♠ K♠ A♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ JK")[0] == "semi_clean"
    assert kinds("A♠ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ JK")[0] == "dirty"  # for the 5


@pytest.mark.parametrize(
    "cards, message",
    [
        ("4♥ 5♥ 6♥ 7♥ 8♥ 9♥", "at least seven cards"),
        ("4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♣", "make no burraco"),
        ("4♥ 5♥ 6♥ 7♥ 8♥ JK JK", "make no burraco"),  # two mattas
        ("4♥ 5♥ 6♥ 7♥ 8♥ 8♥ 9♥", "make no burraco"),  # the same card twice in a sequence
        ("2♥ 2♦ 2♣ 2♠ 2♥ 2♦ 2♣", "make no burraco"),  # mattas alone
        ("4♥ 5♥ 6♥ 8♥ 9♥ 10♥ Q♥ JK", "make no burraco"),  # two gaps
        ("7♥ 7♥ 7♥ 7♦ 7♣ 7♠ 7♠", "only two 7♥"),
    ],
)
def test_cards_that_make_no_burraco_are_refused(cards, message):
    with pytest.raises(DealError, match=message):
        classify_burraco(cards)


def test_burraco_parole_is_not_read_from_french_cards():
    with pytest.raises(DealError, match="not read here"):
        classify_burraco("4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥", "parole")


def test_a_clean_run_reads_both_ways_round_the_ace():
    assert {r.ranks for r in readings("J♥ Q♥ K♥ A♥ 8♥ 9♥ 10♥")} == {(8, 9, 10, 11, 12, 13, 14)}


# ---------------------------------------------------------------------------- reference
SUITS = "♥♦♣♠"
VALUE = {
    "fibur": ["clean", "semi_clean", "dirty"],
    "feburit-2007": ["clean", "dirty"],
    "club": ["royal", "super", "clean", "semi_clean", "dirty"],
}


def reference(cards: tuple[Card, ...], edition: str) -> str | None:
    """Try every card each matta may stand for; read the definitions off each layout."""
    found = set()
    if len(cards) < 7:
        return None
    flexible = [c for c in cards if c.is_joker or c.rank == 2]
    if len(flexible) > 2 or any(n > 2 for n in _copies(cards)):
        return None
    for suit in SUITS:
        options = []
        for c in cards:
            if c.is_joker or c.rank == 2:  # (rank stood for, is it a matta)
                opts = [(r, True) for r in range(1, 15)]
                if c.rank == 2 and c.suit == suit:
                    opts = [(2, False)] + [(r, True) for r in range(1, 15) if r != 2]
            elif c.suit != suit:
                opts = []
            else:
                opts = [(1, False), (14, False)] if c.rank == 1 else [(c.rank, False)]
            options.append(opts)
        for layout in itertools.product(*options):
            ranks = sorted(r for r, _m in layout)
            mattas = [r for r, m in layout if m]
            if (
                len(mattas) > 1
                or len(set(ranks)) != len(ranks)
                or ranks[-1] - ranks[0] + 1 != len(ranks)
            ):
                continue
            if 1 in ranks and 14 in ranks and not any(r in (1, 14) for r in mattas):
                continue
            at_end = bool(mattas) and mattas[0] in (ranks[0], ranks[-1])
            found.add(_sequence_kind(edition, len(ranks), mattas, at_end, ranks))
    for rank in [1, *range(3, 14)]:
        natural = [c for c in cards if not (c.is_joker or c.rank == 2)]
        if all(c.rank == rank for c in natural) and len(cards) - len(natural) <= 1 and natural:
            if len(cards) <= 9:
                found.add(_combination_kind(edition, len(cards), len(cards) - len(natural)))
    if not found:
        return None
    return min(found, key=VALUE[edition].index)


def _copies(cards):
    seen = {}
    for c in cards:
        if not c.is_joker:
            seen[str(c)] = seen.get(str(c), 0) + 1
    return seen.values()


def _sequence_kind(edition, length, mattas, at_end, ranks):
    if not mattas:
        if edition == "club" and ranks == list(range(1, 14)):
            return "royal"
        return "clean"
    natural = length - 1
    if edition == "fibur" and at_end and natural >= 7:
        return "semi_clean"
    if edition == "club" and at_end and length == 8:
        return "semi_clean"
    return "dirty"


def _combination_kind(edition, length, mattas):
    if not mattas:
        return "super" if edition == "club" and length == 8 else "clean"
    if edition in ("fibur", "club") and length == 8:
        return "semi_clean"
    return "dirty"


@st.composite
def near_burracos(draw):
    """Mostly well-formed burracos with a matta here or there, sometimes spoiled."""
    rnd = random.Random(draw(st.integers(0, 2**32)))
    suit = rnd.choice(SUITS)
    if rnd.random() < 0.7:
        length = rnd.randint(6, 13)
        low = rnd.randint(1, 14 - length + 1)
        ranks = [1 if r == 14 else r for r in range(low, low + length)]
        cards = [Card(r, suit) for r in ranks]
    else:
        rank = rnd.choice([1, *range(3, 14)])
        cards = [Card(rank, rnd.choice(SUITS)) for _ in range(rnd.randint(6, 9))]
    for _ in range(rnd.choice([0, 1, 1, 1, 2])):
        matta = Card(None, None) if rnd.random() < 0.5 else Card(2, rnd.choice(SUITS))
        if rnd.random() < 0.4 and len(cards) > 2:  # the matta stands for a card inside
            cards.pop(rnd.randrange(1, len(cards) - 1))
        cards.append(matta)
    if rnd.random() < 0.1:
        cards.append(Card(rnd.randint(1, 13), rnd.choice(SUITS)))
    rnd.shuffle(cards)
    return tuple(cards)


@given(near_burracos())
def test_every_edition_agrees_with_the_reference(cards):
    for edition in EDITIONS:
        expected = reference(cards, edition)
        if expected is None:
            with pytest.raises(DealError):
                classify_burraco(cards, edition)
        else:
            assert classify_burraco(cards, edition) == expected, (edition, [str(c) for c in cards])


@given(near_burracos(), st.permutations(SUITS), st.randoms(use_true_random=False))
def test_order_and_suit_names_do_not_count(cards, suits, rnd):
    rename = dict(zip(SUITS, suits))
    renamed = [c if c.suit is None else Card(c.rank, rename[c.suit]) for c in cards]
    rnd.shuffle(renamed)
    for edition in EDITIONS:
        try:
            first = classify_burraco(cards, edition)
        except DealError:
            with pytest.raises(DealError):
                classify_burraco(renamed, edition)
            continue
        assert classify_burraco(renamed, edition) == first


@given(near_burracos())
def test_a_matta_never_leaves_a_burraco_clean_and_2007_knows_two_kinds(cards):
    try:
        found = readings(cards)
    except DealError:
        return
    assert classify_burraco(cards, "feburit-2007") in ("clean", "dirty")
    if all(r.matta is not None for r in found):
        for edition in EDITIONS:
            assert classify_burraco(cards, edition) not in ("clean", "royal", "super")
        assert classify_burraco(cards, "feburit-2007") == "dirty"
