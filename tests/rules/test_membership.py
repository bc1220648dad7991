"""The membership check (tournaments/rules/membership.py) and the names it compares.

Worked examples follow the federation's card rules (docs/national.md, membership check): a card
is valid for its calendar year, ridotta only at club and federal tournaments, juniores like
ordinaria, since 2025 a junior plays with an adult partner. The reference at the end restates
the card rules as a plain table over every card, level and date of interest.
"""

from __future__ import annotations

import itertools
from datetime import date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules.member_list import parse_date, read_members
from tournaments.rules.membership import (
    CARD_LEVELS,
    CARDS,
    LEVELS,
    Entrant,
    Member,
    check_membership,
    name_matches,
    normalize_number,
)
from tournaments.rules.messages import RuleError
from tournaments.rules.names import compact, fold, matches, sort_key

ON = date(2025, 5, 10)
LIST = {
    "1001": Member("1001", "D'Angelo", "Nicolò", "Circolo Roma", "ordinaria", year=2025),
    "1002": Member("1002", "Rossi", "Maria Grazia", "Circolo Roma", "ridotta", year=2025),
    "1003": Member("1003", "Bianchi", "Luca", "Napoli Bridge", "ordinaria", year=2024),
    "1004": Member("1004", "Verdi", "Anna", "", "juniores", expires=date(2025, 3, 31)),
    "1005": Member("1005", "Neri", "Paolo", "", "juniores", year=2025),
    "1006": Member("1006", "Gialli", "Sara", "", "juniores", year=2025),
}


def codes(problems):
    return [(p.pair, p.player, p.code) for p in problems]


# ------------------------------------------------------------------------------ names
def test_names_ignore_accents_case_apostrophes_and_spaces():
    assert compact("D'Angelo Nicolò") == compact("DANGELO NICOLO") == "dangelonicolo"
    assert compact("d’angelo   nicolo") == "dangelonicolo"
    assert fold("  Dell’Acqua   Ö ") == "dellacqua o"
    assert matches("dangelo", "D'Angelo Nicolò") and not matches("", "Rossi")
    assert sorted(["Dante", "D'Angelo", "Danese"], key=sort_key) == ["Danese", "D'Angelo", "Dante"]


@given(st.text(alphabet="abcdefghilmnoprstuvzàèéìòù' ’", min_size=1, max_size=20))
def test_fold_is_idempotent_and_compact_has_only_letters_and_digits(name):
    assert fold(fold(name)) == fold(name)
    assert compact(name).isalnum() or compact(name) == ""


# --------------------------------------------------------------------- member numbers
@pytest.mark.parametrize(
    "cell, number",
    [
        ("001001", "1001"),
        (1001.0, "1001"),
        (" 10 01 ", "1001"),
        ("12ab", "12AB"),
        ("NON TESSERATO", ""),
        ("n.t.", ""),
        ("-", ""),
        ("0", ""),
        (None, ""),
        ("", ""),
    ],
)
def test_membership_numbers_as_the_list_keys_them(cell, number):
    assert normalize_number(cell) == number


# --------------------------------------------------------------------- worked examples
def test_a_clean_pair_has_no_flag():
    players = [
        Entrant(1, 1, "DANGELO NICOLO", "1001"),
        Entrant(1, 2, "", "01002", surname="Rossi", given_name="Maria Grazia"),
    ]
    assert check_membership(players, LIST, on=ON, level="federale") == []


def test_blank_placeholder_and_unknown_numbers_are_flagged():
    """The exam's failure: blank, "NON TESSERATO" and "12AB" imported as OK."""
    players = [
        Entrant(1, 1, "Blu Carlo", ""),
        Entrant(1, 2, "Blu Marta", "NON TESSERATO"),
        Entrant(2, 1, "Rosa Ugo", "12AB"),
        Entrant(2, 2, "Rosa Ida", "999999"),
    ]
    problems = check_membership(players, LIST, on=ON, level="circolo")
    assert codes(problems) == [
        (1, 1, "blank"),
        (1, 2, "blank"),
        (2, 1, "unknown"),
        (2, 2, "unknown"),
    ]
    assert problems[1].params == {"written": "NON TESSERATO"}
    assert problems[2].params == {"number": "12AB"}
    assert problems[2].message % problems[2].params == "12AB is not in the federation's list"


def test_a_name_that_does_not_match_the_card():
    problems = check_membership(
        [Entrant(3, 1, "Nicola D'Angelo", "1001")], LIST, on=ON, level="nazionale"
    )
    assert codes(problems) == [(3, 1, "name")]
    assert problems[0].params == {"number": "1001", "listed": "D'Angelo Nicolò"}


def test_name_order_does_not_count():
    assert name_matches(Entrant(1, 1, "Nicolò D'Angelo"), LIST["1001"])
    assert name_matches(Entrant(1, 1, surname="Maria Grazia", given_name="Rossi"), LIST["1002"])
    assert not name_matches(Entrant(1, 1, "Maria Rossi"), LIST["1002"])


def test_a_card_is_valid_for_its_calendar_year_and_an_expiry_date_wins():
    """Card 1003 was for 2024, card 1004 (juniores) expired on 31 March 2025."""
    players = [Entrant(4, 1, "Bianchi Luca", "1003"), Entrant(4, 2, "Verdi Anna", "1004")]
    problems = check_membership(players, LIST, on=ON, level="circolo")
    assert codes(problems) == [(4, 1, "expired"), (4, 2, "expired")]
    assert problems[0].params["expires"] == date(2024, 12, 31)
    assert check_membership(players, LIST, on=date(2024, 12, 31), level="circolo") == []


def test_ridotta_plays_club_and_federal_tournaments_only():
    player = [Entrant(5, 1, "Rossi Maria Grazia", "1002")]
    for level in ("circolo", "federale"):
        assert check_membership(player, LIST, on=ON, level=level) == []
    for level in ("regionale", "nazionale"):
        problems = check_membership(player, LIST, on=ON, level=level)
        assert codes(problems) == [(5, 1, "card")]
        assert problems[0].params == {"number": "1002", "card": "ridotta", "level": level}


def test_two_juniores_in_one_pair_warn_from_2025():
    pair = [Entrant(6, 1, "Neri Paolo", "1005"), Entrant(6, 2, "Gialli Sara", "1006")]
    problems = check_membership(pair, LIST, on=ON, level="nazionale")
    assert codes(problems) == [(6, None, "juniors")]
    assert problems[0].params == {"players": "Neri Paolo / Gialli Sara"}
    before = {
        k: Member(m.number, m.surname, m.given_name, card=m.card, year=2024)
        for k, m in LIST.items()
    }
    assert check_membership(pair, before, on=date(2024, 6, 1), level="nazionale") == []


def test_one_number_given_for_two_players():
    players = [Entrant(7, 1, "DAngelo Nicolo", "1001"), Entrant(9, 2, "D'Angelo Nicolò", "1001")]
    problems = check_membership(players, LIST, on=ON, level="circolo")
    assert codes(problems) == [(9, 2, "duplicate")]
    assert problems[0].params == {"number": "1001", "other": 7}


def test_an_unknown_level_is_refused():
    with pytest.raises(RuleError, match="unknown tournament level"):
        check_membership([], LIST, on=ON, level="mondiale")


# ---------------------------------------------------------------- the reference table
def reference_flags(card: str, valid_until: date, on: date, level: str) -> list[str]:
    """The federation's card rules written out plainly."""
    flags = []
    if on > valid_until:
        flags.append("expired")
    allowed = {
        "ordinaria": ["circolo", "federale", "regionale", "nazionale"],
        "juniores": ["circolo", "federale", "regionale", "nazionale"],
        "ridotta": ["circolo", "federale"],
    }[card]
    if level not in allowed:
        flags.append("card")
    return flags


def test_every_card_level_and_date_against_the_reference():
    dates = [date(2024, 12, 31), date(2025, 1, 1), date(2025, 12, 31), date(2026, 1, 1)]
    assert set(CARDS) == set(CARD_LEVELS) and list(LEVELS)[0] == "circolo"
    for card, level, on, (expires, year) in itertools.product(
        CARDS, LEVELS, dates, [(None, 2025), (date(2025, 6, 30), 2025), (date(2025, 6, 30), None)]
    ):
        member = Member("7", "Blu", "Ada", card=card, expires=expires, year=year)
        got = check_membership([Entrant(1, 1, "Blu Ada", "7")], {"7": member}, on=on, level=level)
        assert [p.code for p in got] == reference_flags(
            card, expires or date(year, 12, 31), on, level
        )


accented = st.sampled_from(["à", "è", "é", "ì", "ò", "ù", "a", "e", "o"])
words = st.text(alphabet="bcdfglmnprstvz", min_size=2, max_size=8)


@given(words, accented, words, st.booleans(), st.booleans(), st.booleans())
def test_a_name_matches_whatever_its_accents_case_apostrophes_and_order(a, v, b, swap, upper, apo):
    surname, given_name = f"{a}{v}", f"{b}{v}"
    member = Member("1", f"D'{surname}", given_name, year=2025)
    written = f"d{fold(surname)}" if apo else f"D’{surname}"
    written = f"{given_name} {written}" if swap else f"{written}  {given_name}"
    written = written.upper() if upper else written
    assert name_matches(Entrant(1, 1, written), member)
    assert not name_matches(Entrant(1, 1, written + "x"), member)


# ------------------------------------------------------------------- the member list
def test_the_member_list_with_italian_headers_in_any_form():
    rows = [
        [],
        ["TESSERA", "Cognome", "NOME", "Circolo", "Tipo Tessera", "Scadenza", "Sesso"],
        ["001001", "D'Angelo", "Nicolò", "Roma", "Ordinaria", "31/12/2025", "M"],
        [1002.0, "Rossi", "Maria", "Roma", "RIDOTTA", datetime(2025, 12, 31), "F"],
        ["1003", "Bianchi", "Luca", "", "juniores", 46022, "M"],
        ["1004", "Verdi", "Anna", "", "J", "2025-03-31", "F"],
    ]
    read = read_members(rows)
    assert read.problems == () and read.ignored_columns == ("Sesso",)
    assert [m.card for m in read.members.values()] == [
        "ordinaria",
        "ridotta",
        "juniores",
        "juniores",
    ]
    assert read.members["1001"] == Member(
        "1001", "D'Angelo", "Nicolò", "Roma", "ordinaria", date(2025, 12, 31)
    )
    assert read.members["1003"].expires == date(2025, 12, 31)  # Excel serial 46022
    assert read.members["1004"].valid_until == date(2025, 3, 31)


def test_the_member_list_with_english_headers_and_a_year():
    rows = [
        ["Membership number", "Surname", "Given name", "Club", "Card type", "Year"],
        ["5", "Blu", "Ada", "", "reduced", "2025"],
        ["6", "Blu", "Eva", "", "ordinary", 2024.0],
    ]
    read = read_members(rows)
    assert read.members["5"].card == "ridotta" and read.members["5"].valid_until == date(
        2025, 12, 31
    )
    assert read.members["6"].year == 2024


def test_the_member_list_without_card_type_checks_no_card():
    read = read_members([["Tessera", "Cognome", "Nome", "Anno"], ["8", "Blu", "Ada", "2025"]])
    assert read.members["8"].card is None
    got = check_membership([Entrant(1, 1, "Blu Ada", "8")], read.members, on=ON, level="nazionale")
    assert got == []


def test_a_header_without_the_needed_columns_is_refused():
    with pytest.raises(RuleError, match="lacks the columns Nome, Scadenza / Anno"):
        read_members([["Tessera", "Cognome", "Circolo"]])
    with pytest.raises(RuleError, match="empty"):
        read_members([[], ["", None]])


def test_every_bad_row_is_listed_with_its_number():
    rows = [
        ["Tessera", "Cognome", "Nome", "Tipo tessera", "Scadenza"],
        ["", "Blu", "Ada", "ordinaria", "31/12/2025"],
        ["2", "", "Eva", "ordinaria", "31/12/2025"],
        ["3", "Blu", "Ugo", "platino", "31/12/2025"],
        ["4", "Blu", "Ida", "ordinaria", "31/13/2025"],
        ["5", "Blu", "Leo", "ordinaria", ""],
        ["6", "Blu", "Teo", "ordinaria", "2025-12-31"],
        ["006", "Blu", "Teo", "ordinaria", "2025-12-31"],
    ]
    read = read_members(rows)
    assert [(p.row, p.message % p.params) for p in read.problems] == [
        (2, "no membership number"),
        (3, "no surname"),
        (4, "card type platino is not ordinaria, ridotta or juniores"),
        (5, "31/13/2025 is not a date"),
        (6, "no expiry date and no year"),
        (8, "number 6 is already on row 7"),
    ]
    assert list(read.members) == ["6"]


@pytest.mark.parametrize(
    "cell, day",
    [
        ("31/12/2025", date(2025, 12, 31)),
        ("1/2/25", date(2025, 2, 1)),
        ("31-12-2025", date(2025, 12, 31)),
        ("31.12.2025", date(2025, 12, 31)),
        ("2025-12-31", date(2025, 12, 31)),
        ("2025-12-31 00:00:00", date(2025, 12, 31)),
        ("2025-12-31T00:00:00", date(2025, 12, 31)),
        (46022, date(2025, 12, 31)),
        (46022.0, date(2025, 12, 31)),
        ("46022", date(2025, 12, 31)),
        ("30/02/2025", None),
        ("12", None),
        ("domani", None),
        (7, None),
    ],
)
def test_dates_as_lists_write_them(cell, day):
    assert parse_date(cell) == day


@given(st.dates(min_value=date(1960, 1, 1), max_value=date(2150, 12, 31)))
def test_every_date_form_reads_back(day):
    assert parse_date(day.strftime("%d/%m/%Y")) == day
    assert parse_date(day.isoformat()) == day
    assert parse_date((day - date(1899, 12, 30)).days) == day
    assert parse_date(datetime(day.year, day.month, day.day, 12)) == day
