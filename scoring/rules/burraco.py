"""A burraco's kind from its cards, by each rules edition: pure Python, no Django import.

Card notation: a rank (A, 2-10, J, Q, K; T is 10) and a suit (♥ ♦ ♣ ♠, or H D C S), e.g.
``"10♥"``, ``"qs"``, ``"2♣"``; a jolly is ``JK`` (also ``JOLLY``, ``*``, ``★``). A burraco is
written as its cards separated by spaces or commas, in any order: ``"4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ JK"``.

The definitions (Codice di Gara 2007, Art. 7-10; FIBUR's current Codice; seed 001):

* a burraco is a sequence of one suit or a combination of one rank, of at least seven cards,
  with at most one matta (jolly or pinella); a pinella of the sequence's suit in its natural
  place (below the 3) is not a matta, and a further matta may then join; a sequence holds at
  most 14 cards (A-K and a matta), a combination at most 9, and mattas alone make none;
* *clean*: no matta; *dirty*: one matta (FE.BUR.IT 2007 knows only these two);
* FIBUR's *semi-clean*: a sequence whose one matta stands at an end next to at least seven
  natural cards in a row, or a combination of exactly eight cards one of which a matta (with
  seven or nine it is dirty);
* the club variant: *royal* A-K with the 2 in its natural place and no matta, *super* eight
  cards of one rank without matta, *semi-clean* eight cards, seven in a row without matta and
  the matta at the end (a combination of seven and a matta likewise).

The players lay a matta where it helps them (a matta moves to the end once the card it stands
for joins), so when the cards allow several readings the most valuable kind is the one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.rules.deals import DealError, Variant, _, get_variant

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, **{str(n): n for n in range(2, 11)}}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A", **{n: str(n) for n in range(2, 11)}}
SUITS = {"♥": "♥", "H": "♥", "♦": "♦", "D": "♦", "♣": "♣", "C": "♣", "♠": "♠", "S": "♠"}
JOKERS = ("JK", "JOLLY", "*", "★")


@dataclass(frozen=True)
class Card:
    rank: int | None  # 1 (ace) .. 13 (king); None for a jolly
    suit: str | None  # one of ♥ ♦ ♣ ♠; None for a jolly

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    def __str__(self) -> str:
        return "JK" if self.rank is None else f"{RANK_NAMES[self.rank]}{self.suit}"


@dataclass(frozen=True)
class Reading:
    """One legal way to lay the cards. `matta` is None (none), "end" or "inside"; `natural`
    counts the natural cards (a natural pinella included)."""

    shape: str  # "sequence" or "combination"
    cards: int
    natural: int
    matta: str | None
    natural_two: bool = False  # a pinella in its natural place
    ranks: tuple[int, ...] = ()  # the natural ranks (14 for a high ace)


def parse_card(text: str) -> Card:
    key = str(text).strip().upper()
    if key in JOKERS:
        return Card(None, None)
    rank, suit = key[:-1], SUITS.get(key[-1:])
    if suit is None or rank not in RANKS:
        raise DealError(_("%(card)s is not a card (write e.g. 10♥, QS, 2♣, JK)"), card=text)
    return Card(RANKS[rank], suit)


def parse_cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Cards from ``"4♥ 5♥ 6♥"`` (spaces or commas) or from a list of card strings."""
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return tuple(c if isinstance(c, Card) else parse_card(c) for c in cards)


def readings(cards: str | Iterable[str | Card]) -> list[Reading]:
    """Every legal way to lay these cards as a burraco; refuses cards that make none."""
    hand = parse_cards(cards)
    if len(hand) < 7:
        raise DealError(_("a burraco has at least seven cards, not %(n)s"), n=len(hand))
    copies = Counter(str(c) for c in hand if not c.is_joker)
    extra = sorted(card for card, n in copies.items() if n > 2)
    if extra:  # Art. 1: two decks
        raise DealError(_("two decks hold only two %(card)s"), card=extra[0])
    found = _sequence_readings(hand) + _combination_readings(hand)
    if not found:
        raise DealError(
            _("%(cards)s make no burraco: one suit in a row or one rank, one matta at most"),
            cards=" ".join(map(str, hand)),
        )
    return found


def _sequence_readings(hand: tuple[Card, ...]) -> list[Reading]:
    jokers = [c for c in hand if c.is_joker]
    twos = [c for c in hand if c.rank == 2]
    others = [c for c in hand if not c.is_joker and c.rank != 2]
    suits = {c.suit for c in others}
    if len(suits) != 1 or len({c.rank for c in others}) != len(others):
        return []
    suit = suits.pop()
    own_twos = [c for c in twos if c.suit == suit]
    found = []
    for natural_two in (False, True) if own_twos else (False,):
        mattas = len(jokers) + len(twos) - natural_two
        ranks = {c.rank for c in others} | ({2} if natural_two else set())
        if mattas > 1 or len(hand) > 14:
            continue
        for ace_high in (False, True) if 1 in ranks else (False,):
            run = sorted(14 if (r == 1 and ace_high) else r for r in ranks)
            gaps = run[-1] - run[0] + 1 - len(run)
            if gaps > mattas or (ace_high and natural_two):
                continue
            where = None if not mattas else ("inside" if gaps else "end")
            found.append(Reading("sequence", len(hand), len(run), where, natural_two, tuple(run)))
    return found


def _combination_readings(hand: tuple[Card, ...]) -> list[Reading]:
    mattas = [c for c in hand if c.is_joker or c.rank == 2]
    natural = [c for c in hand if not (c.is_joker or c.rank == 2)]
    if not natural or len({c.rank for c in natural}) != 1 or len(mattas) > 1 or len(hand) > 9:
        return []
    return [Reading("combination", len(hand), len(natural), "end" if mattas else None)]


def kind(reading: Reading, edition: str) -> str:
    """The kind of one reading under an edition's definitions."""
    if edition == "club":
        return _club_kind(reading)
    if reading.matta is None:
        return "clean"
    if edition == "fibur":
        if reading.shape == "sequence" and reading.matta == "end" and reading.natural >= 7:
            return "semi_clean"
        if reading.shape == "combination" and reading.cards == 8:
            return "semi_clean"
    return "dirty"


def _club_kind(reading: Reading) -> str:
    if reading.matta is None:
        if reading.shape == "sequence" and reading.ranks == tuple(range(1, 14)):
            return "royal"
        if reading.shape == "combination" and reading.cards == 8:
            return "super"
        return "clean"
    if reading.cards == 8 and reading.matta == "end" and reading.natural == 7:
        return "semi_clean"
    return "dirty"


def classify_burraco(cards: str | Iterable[str | Card], rules: str | Variant = "fibur") -> str:
    """The kind ("clean", "semi_clean", "dirty", club: "royal", "super") of a burraco by the
    rules edition (`fibur`, `feburit-2007`, `club`): its most valuable legal reading."""
    variant = rules if isinstance(rules, Variant) else get_variant(rules)
    if variant.code not in ("fibur", "feburit-2007", "club"):
        raise DealError(_("the cards of %(rules)s are not read here"), rules=variant.name)
    kinds = {kind(r, variant.code) for r in readings(cards)}
    return max(kinds, key=lambda k: variant.burracos[k])
