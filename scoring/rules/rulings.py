"""The effects of the referee's rulings on a table's score: pure Python, no Django import.

Codice di Gara, Art. 23 (warnings and 1 VP in the general ranking), Art. 32
(abandonment), Art. 33 (incomplete tables, the bye score) and current FIBUR
practice for late arrival at the table, which the 2007 Codice does not cover
(its Art. 33 is about late registration): a late pair is warned within 5',
loses 100 MP beyond 5', and beyond 10' the match is awarded to the present
pair (see `late_beyond_10`).
A penalty in the general ranking never gives anything to the opponents: the
functions here only set a table's score; penalties live in the standings.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.rules.vp import TOTAL_VP, ByeScore, VpScale

WARNINGS_PER_VP = 2  # two warnings cost 1 VP in the general ranking
ARBITRAL_VP = 14  # Art. 32: "non inferiore a quello arbitrale di 14 a 6 (355 M.P.)"


@dataclass(frozen=True)
class Score:
    """One line's VP and MP difference at a table."""

    vp: int
    mp: int

    def key(self) -> tuple[int, int]:
        return (self.vp, self.mp)


def better(a: Score, b: Score | None) -> Score:
    """The better of two scores for the same pair (VP first, then MP)."""
    if b is None:
        return a
    return b if b.key() > a.key() else a


def played(scale: VpScale, own: int | None, other: int | None) -> Score | None:
    """The score a line earned at the table, when its points were recorded."""
    if own is None or other is None:
        return None
    own_vp, _other_vp = scale.split(own, other)
    return Score(own_vp, own - other)


def late_beyond_10(
    bye: ByeScore, present_played: Score | None = None, late_played: Score | None = None
) -> tuple[Score, Score]:
    """Late arrival beyond 10' (FIBUR practice). Returns (present, late).

    The present pair gets the better of the bye score and the result it earned at the table
    (when some deals were played); the late pair gets the complement of that: 20 VP minus the
    present pair's VP, and the opposite MP difference, so the table never totals more than
    20 VP nor more than zero MP. `late_played` is accepted for symmetry and not used: the late
    pair never keeps a result better than the complement.
    """
    del late_played
    present = better(Score(bye.vp, bye.mp), present_played)
    return present, Score(TOTAL_VP - present.vp, -present.mp)


def abandonment(
    scale: VpScale,
    innocent_played: Score | None = None,
    justified: bool = False,
    bye: ByeScore | None = None,
) -> tuple[Score, Score]:
    """Art. 32. Returns (innocent, abandoning pair).

    Unjustified: the innocent pair keeps what it earned and at least the arbitral 14–6 (the MP
    that earn 14 VP on the scale: 355 on the 2007 one); the abandoning pair gets zero VP and the
    opposite MP. Force majeure: the pair left at the incomplete table gets the bye score (riposo
    forzato) and the abandoning pair neither gains nor loses (0 VP, 0 MP).
    """
    if justified:
        if bye is None:
            raise ValueError("a justified abandonment needs the tournament's bye score")
        return Score(bye.vp, bye.mp), Score(0, 0)
    floor = Score(ARBITRAL_VP, scale.min_difference_for(ARBITRAL_VP))
    innocent = better(floor, innocent_played)
    return innocent, Score(0, -innocent.mp)


def warning_penalties(warnings: int) -> int:
    """VP a pair loses in the general ranking for its warnings: 1 for every second one."""
    if warnings < 0:
        raise ValueError("a number of warnings cannot be negative")
    return warnings // WARNINGS_PER_VP
