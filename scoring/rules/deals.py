"""Scoring a deal (smazzata) from its parts: pure Python, no Django import.

Each line's deal total is its "base" (burraco bonuses by kind, the closing bonus, the
pozzetto not taken) plus its card points (cards on the table minus cards left in hand,
Codice di Gara Art. 29). The rules editions are data: FIBUR's current Codice (clean 200,
semi-clean 150, dirty 100), FE.BUR.IT's Codice of 2007 (seed 004, Art. 29: clean 200, dirty
100), the club variant with semi-clean, super and royal burracos (seed 001), and Burraco
Parole with its letter cards and the bonus for long clean burracos (seed 002). A deal with a
burraco kind the edition does not have is refused. `scoring.rules.burraco` tells a burraco's
kind from its cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

STEP = 5
MAX_CARDS_ON_TABLE = 2500  # two decks are worth 1,930 with jokers: well beyond any table
MAX_CARDS_IN_HAND = 1000  # a hand and a pozzetto not played


def _(message: str) -> str:
    """Marks a message for translation (the adapter translates it): no Django here."""
    return message


class DealError(ValueError):
    """A deal the rules refuse: `message` % `params`, in English until the adapter
    translates it; `deal` is the deal's number when the problem is in one deal."""

    def __init__(self, message: str, deal: int | None = None, **params):
        self.message, self.params, self.deal = message, params, deal
        text = message % params if params else message
        super().__init__(f"deal {deal}: {text}" if deal else text)


@dataclass(frozen=True)
class Variant:
    code: str
    name: str
    burracos: Mapping[str, int]  # kind -> bonus, in the order a score sheet lists them
    card_values: Mapping[str, int]  # card -> points, to count cards one by one
    closing: int = 100
    pot_not_taken: int = -100
    long_clean_bonus: int = 0  # Parole: per two letters beyond seven in a clean burraco

    def card_points(self, cards: Sequence[str]) -> int:
        """The points of some cards, e.g. ["A", "K", "3", "JOLLY"] -> 60."""
        total = 0
        for card in cards:
            key = str(card).strip().upper()
            if key not in self.card_values:
                raise DealError(_("unknown card %(card)s"), card=str(card))
            total += self.card_values[key]
        return total


_FRENCH = {
    **{str(n): 5 for n in range(3, 8)},
    **{c: 10 for c in ("8", "9", "10", "J", "Q", "K")},
    "A": 15,
    "2": 20,
    "JOLLY": 30,
}
_LETTERS = {
    **{v: 5 for v in "AEIOU"},
    **{c: 15 for c in "HQZ"},
    **{c: 10 for c in "BCDFGLMNPRSTV"},
    "PINELLA": 20,
    "JOLLY": 30,
}

VARIANTS: dict[str, Variant] = {
    v.code: v
    for v in (
        Variant(
            "fibur",
            "FIBUR, Codice di Gara vigente (pulito 200, semipulito 150, sporco 100)",
            {"clean": 200, "semi_clean": 150, "dirty": 100},
            _FRENCH,
        ),
        Variant(
            "feburit-2007",
            "FE.BUR.IT, Codice di Gara 2007 (pulito 200, sporco 100)",
            {"clean": 200, "dirty": 100},
            _FRENCH,
        ),
        Variant(
            "club",
            "Burraco da circolo (semipulito, super, reale)",
            {"royal": 300, "super": 250, "clean": 200, "semi_clean": 150, "dirty": 100},
            _FRENCH,
        ),
        Variant(
            "parole", "Burraco Parole", {"clean": 200, "dirty": 100}, _LETTERS, long_clean_bonus=50
        ),
    )
}
DEFAULT_VARIANT = "fibur"


@dataclass(frozen=True)
class LineDeal:
    """What one line scored in one deal."""

    burracos: Mapping[str, int] = field(default_factory=dict)  # kind -> how many
    closed: bool = False
    pot_taken: bool = True
    on_table: int = 0  # card points of the cards laid down
    in_hand: int = 0  # card points left in hand (and of a pozzetto taken but not played)
    clean_lengths: Sequence[int] = ()  # Parole: the length of each clean burraco


@dataclass(frozen=True)
class DealScore:
    base: int
    cards: int

    @property
    def total(self) -> int:
        return self.base + self.cards


def score_line(variant: Variant, line: LineDeal) -> DealScore:
    """A line's deal: base (bonuses, closing, pozzetto not taken) and card points."""
    base = 0
    for kind, count in line.burracos.items():
        if kind not in variant.burracos:
            raise DealError(_("these rules have no %(kind)s burraco"), kind=kind)
        if not isinstance(count, int) or count < 0 or count > 12:
            raise DealError(_("%(count)s is not a number of burracos"), count=count)
        base += variant.burracos[kind] * count
    clean = line.burracos.get("clean", 0)
    if line.clean_lengths:
        if not variant.long_clean_bonus:
            raise DealError(_("these rules have no bonus for long burracos"))
        if len(line.clean_lengths) != clean:
            raise DealError(_("give the length of every clean burraco, and only theirs"))
        for length in line.clean_lengths:
            if not 7 <= length <= 30:
                raise DealError(_("a burraco has at least seven cards, not %(n)s"), n=length)
            base += variant.long_clean_bonus * ((length - 7) // 2)
    if line.closed:
        if not line.pot_taken:
            raise DealError(_("a line closes only after taking its pozzetto (Art. 24)"))
        if sum(line.burracos.values()) < 1:
            raise DealError(_("a line closes only with at least one burraco (Art. 24)"))
        base += variant.closing
    if not line.pot_taken:
        base += variant.pot_not_taken
    for name, value, top in (
        (_("cards on the table"), line.on_table, MAX_CARDS_ON_TABLE),
        (_("cards in hand"), line.in_hand, MAX_CARDS_IN_HAND),
    ):
        if isinstance(value, bool) or not isinstance(value, int):
            raise DealError(_("%(what)s: %(value)s is not a whole number"), what=name, value=value)
        if value < 0 or value > top:
            raise DealError(_("%(what)s: %(value)s is not plausible"), what=name, value=value)
        if value % STEP:
            raise DealError(_("%(what)s: %(value)s is not a multiple of 5"), what=name, value=value)
    return DealScore(base, line.on_table - line.in_hand)


def score_deals(
    variant: Variant, deals: Sequence[tuple[LineDeal, LineDeal]], deals_in_turn: int
) -> tuple[int, int, list[tuple[DealScore, DealScore]]]:
    """The turn's two line totals from its deals (N-S, E-W), checked against the rules."""
    if not deals:
        raise DealError(_("no deal entered"))
    if len(deals) > deals_in_turn:
        raise DealError(_("a turn has %(n)s deals, not %(m)s"), n=deals_in_turn, m=len(deals))
    scored = []
    for number, (ns, ew) in enumerate(deals, start=1):
        if ns.closed and ew.closed:
            raise DealError(_("only one line can close"), deal=number)
        try:
            scored.append((score_line(variant, ns), score_line(variant, ew)))
        except DealError as exc:
            raise DealError(exc.message, deal=number, **exc.params) from None
    return (sum(n.total for n, _e in scored), sum(e.total for _n, e in scored), scored)


def get_variant(code: str) -> Variant:
    try:
        return VARIANTS[code]
    except KeyError:
        raise DealError(_("unknown game rules %(code)s"), code=code) from None
