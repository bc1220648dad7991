"""Victory-point scales: pure Python, no Django import.

A scale is a list of bands over the absolute point difference between the two
lines of a table. Each band gives the winner's share of the 20 VP; the loser
gets the rest (Codice di Gara, Art. 30). Scales are data: the federation's
ones are listed in `SCALES`, a referee can define a custom one with
`VpScale.from_bands`, which validates it.

The scales live in the tournaments app because a tournament's settings name one (the model's
default, the settings form's choices); `scoring` applies them to the tables' results.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

TOTAL_VP = 20
STEP = 5  # burraco points are always multiples of 5


class ScaleError(ValueError):
    """A VP scale or a score that the rules refuse."""


@dataclass(frozen=True)
class Band:
    low: int  # lowest difference of the band, inclusive
    high: int | None  # highest difference, inclusive; None for the open last band
    winner_vp: int

    @property
    def loser_vp(self) -> int:
        return TOTAL_VP - self.winner_vp


DEFAULT_BYE_PERCENTAGE = 70  # Art. 33 of the 2007 Codice: 14-6 whatever the deals


@dataclass(frozen=True)
class VpScale:
    code: str
    name: str
    bands: tuple[Band, ...]
    bye_percentage: int = DEFAULT_BYE_PERCENTAGE  # the bye of the scale's edition

    @classmethod
    def from_bands(
        cls,
        code: str,
        name: str,
        bands: list[tuple[int, int]],
        bye_percentage: int = DEFAULT_BYE_PERCENTAGE,
    ) -> VpScale:
        """Build a scale from (upper bound, winner VP) rows, the last one open.

        `bands` lists each band's highest difference with the winner's VP; the
        last row's bound is ignored (use any value, e.g. 0): "over the previous
        bound". Bands start at 0, are contiguous in steps of 5, and the winner's
        VP grows with the difference from 10 up to at most 20.
        """
        built = build_bands(bands, TOTAL_VP)
        check_bye_percentage(bye_percentage)
        return cls(code, name, tuple(built), bye_percentage)

    def band_for(self, difference: int) -> Band:
        diff = abs(difference)
        for band in self.bands:
            if band.high is None or diff <= band.high:
                return band
        raise AssertionError("unreachable: the last band is open")

    def split(self, ns_points: int, ew_points: int) -> tuple[int, int]:
        """The VP of N-S and E-O for the two lines' totals."""
        check_points(ns_points)
        check_points(ew_points)
        band = self.band_for(ns_points - ew_points)
        if ns_points >= ew_points:
            return band.winner_vp, band.loser_vp
        return band.loser_vp, band.winner_vp

    def min_difference_for(self, winner_vp: int) -> int:
        """The lowest difference that earns `winner_vp` (or more) on this scale."""
        for band in self.bands:
            if band.winner_vp >= winner_vp:
                return band.low
        raise ScaleError(f"no band of {self.code} gives {winner_vp} VP")

    @property
    def bye(self) -> ByeScore:
        """The bye score of the scale's own edition."""
        return bye_score(self)

    def rows(self) -> list[tuple[int, int | None, int, int]]:
        """(low, high, winner VP, loser VP) for display."""
        return [(b.low, b.high, b.winner_vp, b.loser_vp) for b in self.bands]


def build_bands(bands: list[tuple[int, int]], total: int) -> tuple[Band, ...]:
    """Validate (upper bound, winner VP) rows, the last one open, for a scale sharing `total`
    VP per table (20) or per match (a team scale): bands start at 0, are contiguous in steps
    of 5, the winner's VP grows with the difference from half the total up to the total, and
    the first band is the draw (half each)."""
    if isinstance(total, bool) or not isinstance(total, int) or total < 2 or total % 2:
        raise ScaleError(f"a scale shares an even number of VP, not {total!r}")
    if len(bands) < 2:
        raise ScaleError("a VP scale needs at least two bands")
    built: list[Band] = []
    low = 0
    for index, row in enumerate(bands):
        try:
            high, winner_vp = row
        except (TypeError, ValueError):
            raise ScaleError(f"band {index + 1}: give a bound and the winner's VP") from None
        last = index == len(bands) - 1
        for value in (winner_vp,) if last else (high, winner_vp):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ScaleError(f"band {index + 1}: {value!r} is not a whole number")
        if not 0 <= winner_vp <= total or winner_vp * 2 < total:
            raise ScaleError(
                f"band {index + 1}: the winner's VP must be between {total // 2} and {total}, "
                f"not {winner_vp}"
            )
        if built and winner_vp <= built[-1].winner_vp:
            raise ScaleError(f"band {index + 1}: VP must grow with the difference")
        if last:
            built.append(Band(low, None, winner_vp))
            break
        if high % STEP:
            raise ScaleError(f"band {index + 1}: bound {high} is not a multiple of {STEP}")
        if high < low:
            raise ScaleError(f"band {index + 1}: bound {high} is below its start {low}")
        built.append(Band(low, high, winner_vp))
        low = high + STEP
    if built[0].winner_vp * 2 != total:
        raise ScaleError(f"the first band (draw) must give {total // 2}-{total // 2}")
    return tuple(built)


def check_points(points: object) -> int:
    """A line total must be a whole number and a multiple of 5 (it may be negative)."""
    if isinstance(points, bool) or not isinstance(points, int):
        raise ScaleError(f"points must be a whole number, not {points!r}")
    if points % STEP:
        raise ScaleError(f"points must be a multiple of {STEP}: {points}")
    return points


@dataclass(frozen=True)
class ByeScore:
    vp: int
    mp: int


def bye_score(scale: VpScale, percentage: int | None = None) -> ByeScore:
    """The score of a pair without opponent (Art. 33): `percentage`% of the 20 VP (by default
    the scale edition's: 70% in the 2007 Codice, 60% with FIBUR's 4-deal scale), rounded half
    up, with the lowest difference that earns it on the scale as MP."""
    percentage = scale.bye_percentage if percentage is None else percentage
    check_bye_percentage(percentage)
    vp = int((Decimal(TOTAL_VP) * percentage / 100).quantize(Decimal(1), ROUND_HALF_UP))
    return ByeScore(vp=vp, mp=scale.min_difference_for(vp))


def check_bye_percentage(percentage: object) -> int:
    if isinstance(percentage, bool) or not isinstance(percentage, int):
        raise ScaleError(f"the bye percentage must be a whole number, not {percentage!r}")
    if not 50 <= percentage <= 100:
        raise ScaleError(f"the bye percentage must be between 50 and 100, not {percentage}")
    return percentage


def default_minutes(deals: int) -> int:
    """Turn length by deals (Art. 5): 2 deals 25', 3 deals 35', 4 deals 45'."""
    try:
        return {2: 25, 3: 35, 4: 45}[deals]
    except KeyError:
        raise ScaleError(f"a turn has 2, 3 or 4 deals, not {deals}") from None


def _scale(code: str, name: str, bounds: list[int], bye_percentage: int) -> VpScale:
    rows = [(high, 10 + i) for i, high in enumerate(bounds)] + [(0, 20)]
    return VpScale.from_bands(code, name, rows, bye_percentage)


SCALES: dict[str, VpScale] = {
    s.code: s
    for s in (
        _scale(
            "feburit-2007",
            "FE.BUR.IT, Codice di Gara 2007 (Art. 30)",
            [50, 150, 250, 350, 500, 650, 850, 1000, 1250, 1500],
            70,  # Art. 33: 14-6, +355
        ),
        _scale(
            "fibur-2",
            "FIBUR, Codice di Gara vigente: tabella a 2 smazzate",
            [40, 120, 200, 300, 400, 500, 620, 740, 870, 1000],
            70,  # as FIBUR's 3-deal table: the 60% belongs to its 4-deal table only
        ),
        _scale(
            "fibur-3",
            "FIBUR, Codice di Gara vigente: tabella a 3 smazzate",
            [50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500],
            70,  # FIBUR practice with its 3-deal scale
        ),
        _scale(
            "fibur-4",
            "FIBUR, Codice di Gara vigente: tabella a 4 smazzate",
            [100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000],
            60,  # FIBUR practice with its 4-deal scale: 12-8
        ),
    )
}
# A meta-scale names a family of tables, one per number of deals in a turn: `fibur` is
# FIBUR's current Codice, whose table follows the tournament's deals (2, 3 or 4).
META_SCALES: dict[str, tuple[str, dict[int, str]]] = {
    "fibur": (
        "FIBUR, Codice di Gara vigente: tabella secondo le smazzate del turno",
        {2: "fibur-2", 3: "fibur-3", 4: "fibur-4"},
    ),
}
DEFAULT_SCALE = "feburit-2007"
# The scale a tournament plays by default under each rules edition (`Tournament.game_variant`;
# how each scores a deal is `scoring.rules.deals.VARIANTS`, with the same codes).
RULES_SCALES: dict[str, str] = {
    "fibur": "fibur",
    "feburit-2007": "feburit-2007",
    "club": "fibur",
    "parole": "fibur",
}


def get_scale(code: str) -> VpScale:
    try:
        return SCALES[code]
    except KeyError:
        known = ", ".join(SCALES)
        raise ScaleError(f"unknown VP scale {code!r} (known: {known})") from None


def scale_for(code: str, deals: int) -> VpScale:
    """The table a tournament plays: a meta-scale (`fibur`) picks its table by the turn's
    deals; any other code is the scale itself, whatever the deals."""
    if code in META_SCALES:
        _name, by_deals = META_SCALES[code]
        if deals not in by_deals:
            counts = ", ".join(map(str, by_deals))
            raise ScaleError(f"{code} has tables for {counts} deals, not {deals}")
        return SCALES[by_deals[deals]]
    return get_scale(code)


def scale_name(code: str) -> str:
    """The edition's full name for display (a meta-scale's too), never its code."""
    if code in META_SCALES:
        return META_SCALES[code][0]
    return get_scale(code).name
