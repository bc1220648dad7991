"""Numbers as people read them on the desk's pages, the PDFs and the workbook (no Django).

- A negative number is written with the typographic minus (U+2212), never a hyphen that a
  line break or a dash beside it could swallow: −30.
- Zero has no sign: a penalty of 0 MP is not written at all, and nothing prints "−0".
- A table's two line totals are written "N-S – E-O"; an E-O total below zero goes in
  brackets, so "950 – −30" reads "950 – (−30)".
"""

from __future__ import annotations

MINUS = "\u2212"
DASH = "\u2013"
NOTHING = "\u2014"  # an em dash stands for a number not there yet


def number(value: int | None) -> str:
    """A whole number with the typographic minus; None (not entered) as an em dash."""
    if value is None:
        return NOTHING
    value = int(value)
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int | None) -> str:
    """A difference: +355, −120, 0 (no sign on zero)."""
    if value is None:
        return NOTHING
    value = int(value)
    return f"+{value}" if value > 0 else number(value)


def score(ns: int | None, ew: int | None) -> str:
    """Two line totals: "1250 – 830", "950 – (−30)", "−15 – (−40)"."""
    if ns is None or ew is None:
        return NOTHING
    right = number(ew)
    if ew < 0:
        right = f"({right})"
    return f"{number(ns)} {DASH} {right}"


def minus(value: int | None) -> str:
    """A deduction (a penalty): "−1"; empty when there is nothing to deduct."""
    if not value:
        return ""
    return f"{MINUS}{abs(int(value))}"
