"""What people type, made safe to compare, count and write into files (no Django import).

- Names and membership numbers lose invisible characters (zero-width spaces and joiners, bidi
  controls, soft hyphens, byte-order marks, control characters) before any uniqueness check:
  "Rossi\u200b" and "Rossi" are one name, "M\u2066001" and "M001" one membership number.
- Numbers are read from ASCII digits 0-9 only: Arabic-Indic, full-width and other Unicode
  digits (which Python's int() accepts) are refused, so "١٢٣" is never silently 123.
- Text written into a spreadsheet cell never starts like a formula (OWASP's CSV injection rule:
  = + - @ tab and carriage return).
"""

from __future__ import annotations

import re
import unicodedata

# A whole number as people type it: optional sign, ASCII digits, optionally ".0" (a number
# that went through a spreadsheet) and surrounding spaces. U+2212 (the typographic minus the
# app itself prints) counts as a minus sign.
_INTEGER = re.compile(r"\s*([+-]?)([0-9]+)(?:\.0*)?\s*\Z")
MINUS_SIGNS = "\u2212\u2012\u2013"  # minus, figure dash, en dash (as word processors type "-")

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


# Letters and symbols that render as nothing (Hangul fillers, the blank Braille pattern).
BLANK_LOOKALIKES = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def invisible(char: str) -> bool:
    """Format and control characters: nothing a person sees or means to type."""
    return char in BLANK_LOOKALIKES or unicodedata.category(char) in ("Cf", "Cc", "Co", "Cs")


def clean_text(value: str) -> str:
    """NFC, invisible characters removed, runs of whitespace made one space, trimmed."""
    value = unicodedata.normalize("NFC", str(value))
    kept = "".join(" " if c in "\t\n\r\x0b\x0c" else c for c in value if not _drop(c))
    return " ".join(kept.split())


def _drop(char: str) -> bool:
    return invisible(char) and char not in "\t\n\r\x0b\x0c"


def clean_code(value: str) -> str:
    """A membership number: like clean_text (case and inner spaces are kept as typed)."""
    return clean_text(value)


def has_foreign_digits(value: str) -> bool:
    """Whether the text holds a decimal digit that is not ASCII 0-9 (e.g. Arabic-Indic)."""
    return any(c.isdigit() and not ("0" <= c <= "9") for c in str(value))


def parse_int(value) -> int | None:
    """An int from ASCII digits only, or None when the text is not a whole number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    text = str(value)
    for sign in MINUS_SIGNS:
        text = text.replace(sign, "-")
    match = _INTEGER.match(text)
    if match is None:
        return None
    if len(match.group(2)) > 4000:  # int() refuses over 4300 digits (a ValueError: a 500)
        return None
    number = int(match.group(2))
    return -number if match.group(1) == "-" else number


def ascii_int(value) -> int | None:
    """parse_int for text that may hold foreign digits (None then)."""
    if isinstance(value, str) and has_foreign_digits(value):
        return None
    return parse_int(value)


def formula_risk(value) -> bool:
    """Text that a spreadsheet would read as a formula (numbers never are at risk)."""
    return isinstance(value, str) and value.startswith(FORMULA_START)


def csv_cell(value) -> str:
    """A CSV field that no spreadsheet turns into a formula: risky text gets a leading
    apostrophe (numbers, negative ones included, stay numbers)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return str(value)
    text = str(value)
    return "'" + text if formula_risk(text) else text


def uncsv_cell(text: str) -> str:
    """The inverse of csv_cell for what the app reads back: "'=x" -> "=x"."""
    if text.startswith("'") and text[1:].startswith(FORMULA_START):
        return text[1:]
    return text
