"""Plausible line totals: what a line can score in a turn, by the rules, and what it usually
scores. Pure Python, no Django import.

A line's deal total is its burraco bonuses, the closing, the pozzetto not taken and its card
points, cards on the table minus cards left in hand (Codice di Gara 2007, Art. 29; FIBUR's
current Codice likewise). Every card comes from the two decks of the deal (108 cards: two
French decks of 52 and four jokers; Burraco Parole plays as many cards, its letters valued by
the edition), so:

* **the most a line can score in a deal** is the most its burracos can be worth when built
  from those 108 cards (at most 12 mattas, the four jokers and the eight twos; a two in its
  natural place counts as a natural card), plus the closing, plus the points of every card
  laid on the table;
* **the least** is the pozzetto not taken plus every card of the decks left in hand.

A turn of `deals` deals multiplies both. A total outside these bounds cannot happen
(`Doubt.impossible`): the phones refuse it, and only the referee records it, deliberately
and with a reason (an adjusted score typed as points; scoring.services.results). The *usual
range* is tighter: a line seldom scores more than about 1,200 a deal, or loses more than
about 400 a deal (the 20-0 band of the 2007 scale starts at a difference of 1,505 over three
deals): a total beyond it only asks "are you sure?", with the bound and the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from scoring.rules.deals import Variant, _

DECK = 108  # two decks of 52 cards and four jokers
JOKERS = 4
TWOS = 8
MATTAS = JOKERS + TWOS  # a two may be a matta (pinella) or stand in its natural place
NATURALS = DECK - JOKERS  # the most cards that can be natural (a natural two included)
USUAL_HIGH_PER_DEAL = 1200
USUAL_LOW_PER_DEAL = -400

# The cards a burraco of each kind needs at the fewest: (natural cards, mattas).
# Clean: seven natural cards; dirty: six and a matta; semi-clean: seven in a row and a matta
# at the end (FIBUR, club); super: eight of one rank without matta; royal: A to K with the two
# in its natural place, thirteen cards (club variant). A kind not listed: seven cards, no matta.
SHAPES = {
    "clean": (7, 0),
    "dirty": (6, 1),
    "semi_clean": (7, 1),
    "super": (8, 0),
    "royal": (13, 0),
}
LONGEST = 30  # the longest burraco the score sheet accepts (Parole's words)


@dataclass(frozen=True)
class Bounds:
    deals: int
    bonuses: int  # the most the burracos of one line can be worth in a deal
    closing: int
    cards: int  # the points of every card of the two decks
    pot_not_taken: int  # negative

    @property
    def per_deal_high(self) -> int:
        return self.bonuses + self.closing + self.cards

    @property
    def per_deal_low(self) -> int:
        return self.pot_not_taken - self.cards

    @property
    def high(self) -> int:
        return self.deals * self.per_deal_high

    @property
    def low(self) -> int:
        return self.deals * self.per_deal_low

    @property
    def usual_high(self) -> int:
        return min(self.high, self.deals * USUAL_HIGH_PER_DEAL)

    @property
    def usual_low(self) -> int:
        return max(self.low, self.deals * USUAL_LOW_PER_DEAL)


@dataclass(frozen=True)
class Doubt:
    """A total to confirm: `message` % `params`, in English until the adapter translates it."""

    line: str  # "ns" or "ew"
    value: int
    impossible: bool  # beyond the rules' bound (else only beyond the usual range)
    message: str
    params: dict


def deck_points(variant: Variant) -> int:
    """The points of all 108 cards. French cards: exact (1,080). A deck of letters: every
    natural card at the dearest letter's value, the pinelle and the jokers at theirs."""
    values = variant.card_values
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    if all(rank in values for rank in ranks):
        return 8 * sum(values[r] for r in ranks) + JOKERS * values.get("JOLLY", 0)
    mattas = {"JOLLY", "PINELLA"}
    natural = max(v for k, v in values.items() if k not in mattas)
    pinella = values.get("PINELLA", natural)
    return (DECK - MATTAS) * natural + TWOS * pinella + JOKERS * values.get("JOLLY", natural)


def _kinds(variant: Variant) -> list[tuple[int, int, int]]:
    """(natural cards, mattas, bonus) of every burraco the edition scores."""
    kinds = []
    for kind, bonus in variant.burracos.items():
        naturals, mattas = SHAPES.get(kind, (7, 0))
        kinds.append((naturals, mattas, bonus))
        if kind == "clean" and variant.long_clean_bonus:
            for length in range(8, LONGEST + 1):
                kinds.append((length, 0, bonus + variant.long_clean_bonus * ((length - 7) // 2)))
    return kinds


@cache
def _best_bonuses(kinds: tuple[tuple[int, int, int], ...]) -> int:
    """The most the burracos can be worth from one deal's cards: a knapsack over (natural
    cards, mattas), each kind as often as the cards allow."""
    best = [[0] * (MATTAS + 1) for _ in range(NATURALS + 1)]
    for n in range(NATURALS + 1):
        for m in range(MATTAS + 1):
            for need_n, need_m, bonus in kinds:
                if need_n <= n and need_m <= m:
                    best[n][m] = max(best[n][m], best[n - need_n][m - need_m] + bonus)
    return max(best[n][m] for n in range(NATURALS + 1) for m in range(MATTAS + 1) if n + m <= DECK)


def bounds(variant: Variant, deals: int) -> Bounds:
    return Bounds(
        deals=deals,
        bonuses=_best_bonuses(tuple(_kinds(variant))),
        closing=variant.closing,
        cards=deck_points(variant),
        pot_not_taken=variant.pot_not_taken,
    )


def doubts(variant: Variant, deals: int, ns: int, ew: int) -> list[Doubt]:
    """The line totals to confirm before saving, with the bound and its reason."""
    b = bounds(variant, deals)
    found = []
    for line, value in (("ns", ns), ("ew", ew)):
        common = {"value": value, "deals": deals}
        if value > b.high:
            found.append(
                Doubt(
                    line,
                    value,
                    True,
                    _(
                        "%(value)s cannot be scored in %(deals)s deals: by these rules a "
                        "line makes at most %(bound)s (a deal: %(bonuses)s of burracos from "
                        "every card of the two decks, %(closing)s for closing, %(cards)s for "
                        "all the cards on the table)."
                    ),
                    {**common, "bound": b.high, "bonuses": b.bonuses, "closing": b.closing}
                    | {"cards": b.cards},
                )
            )
        elif value < b.low:
            found.append(
                Doubt(
                    line,
                    value,
                    True,
                    _(
                        "%(value)s cannot be scored in %(deals)s deals: a line loses at most "
                        "%(bound)s (a deal: %(pot)s for the pozzetto not taken and every card "
                        "of the two decks, %(cards)s, left in hand)."
                    ),
                    {**common, "bound": b.low, "pot": b.pot_not_taken, "cards": b.cards},
                )
            )
        elif value > b.usual_high:
            found.append(
                Doubt(
                    line,
                    value,
                    False,
                    _(
                        "%(value)s is far above the usual range: a line seldom makes more "
                        "than %(bound)s in %(deals)s deals (about %(per)s a deal)."
                    ),
                    {**common, "bound": b.usual_high, "per": USUAL_HIGH_PER_DEAL},
                )
            )
        elif value < b.usual_low:
            found.append(
                Doubt(
                    line,
                    value,
                    False,
                    _(
                        "%(value)s is far below the usual range: a line seldom ends under "
                        "%(bound)s in %(deals)s deals (about %(per)s a deal)."
                    ),
                    {**common, "bound": b.usual_low, "per": USUAL_LOW_PER_DEAL},
                )
            )
    return found
