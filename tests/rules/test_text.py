"""What people type, made safe (tournaments/rules/text.py): invisible characters, ASCII-only
numbers and spreadsheet cells that never start a formula (OWASP's CSV-injection rule)."""

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.text import (
    ascii_int,
    clean_text,
    csv_cell,
    formula_risk,
    has_foreign_digits,
    parse_int,
    uncsv_cell,
)

INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u200e", "\u200f",
             "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068",
             "\u2069", "\x07", "\u3164"]  # fmt: skip


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_whole_numbers_read_back(n):
    assert parse_int(str(n)) == n
    assert parse_int(f"  {n}  ") == n
    assert parse_int(f"{n}.0") == n
    assert parse_int(str(n).replace("-", "\u2212")) == n


@given(st.text(max_size=12))
def test_no_foreign_digit_is_ever_a_number(text):
    if has_foreign_digits(text):
        assert ascii_int(text) is None


def test_foreign_digits_and_oddities():
    odd = ["١٢٣", "１２", "۱۲", "१२", "1_000", "1e3", "0x10", "5.5", "", "-", "+", "NaN", "∞"]
    for text in odd:
        assert ascii_int(text) is None, text
    assert parse_int(True) is None and parse_int(7) == 7


@given(st.text(max_size=40))
def test_clean_text_is_idempotent_and_leaves_nothing_invisible(text):
    clean = clean_text(text)
    assert clean_text(clean) == clean
    assert clean == clean.strip() and "  " not in clean
    assert not any(unicodedata.category(c) in ("Cf", "Cc") for c in clean)


def test_invisible_characters_never_make_two_names_differ():
    for char in INVISIBLE:
        assert clean_text(f"Ros{char}si  Mario ") == "Rossi Mario", repr(char)
    assert clean_text("Nicolo\u0300") == "Nicolò"  # one form of each accented letter (NFC)


@given(st.text(max_size=30))
def test_csv_cells_never_start_a_formula_and_read_back(text):
    cell = csv_cell(text)
    assert not formula_risk(cell)
    assert uncsv_cell(cell) == text or text.startswith("'")


@given(st.integers() | st.floats(allow_nan=False))
def test_numbers_stay_numbers(value):
    assert not formula_risk(value)
    assert csv_cell(value) == str(value)  # "-30" stays a number for the spreadsheet
