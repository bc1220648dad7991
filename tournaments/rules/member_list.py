"""Reading the federation's member list: pure Python, no Django import.

The list comes as rows of cells (the adapter decodes the CSV or XLSX file): the first non-empty
row is the header, in Italian or English, any case or accent form: Tessera, Cognome, Nome,
Circolo, Tipo tessera (ordinaria / ridotta / juniores), Scadenza (a date) or Anno. Dates as
dd/mm/yyyy (also with - or .), yyyy-mm-dd, Excel serial numbers or date cells. Every bad row is
listed with its number; the adapter saves all or nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from tournaments.rules.membership import Member, normalize_number
from tournaments.rules.messages import RuleError, _
from tournaments.rules.names import compact

COLUMNS = {
    "number": (
        "tessera",
        "numerotessera",
        "ntessera",
        "tesseran",
        "tesseranumero",
        "numero",
        "matricola",
        "membership",
        "membershipnumber",
        "membernumber",
        "member",
        "cardnumber",
        "number",
    ),
    "surname": ("cognome", "surname", "lastname", "familyname"),
    "given_name": ("nome", "name", "firstname", "givenname"),
    "club": ("circolo", "club", "associazione", "societa"),
    "card": (
        "tipotessera",
        "tipo",
        "tipologia",
        "tipologiatessera",
        "cardtype",
        "type",
        "membershiptype",
        "card",
    ),
    "expires": (
        "scadenza",
        "datascadenza",
        "validafino",
        "validoal",
        "validitafino",
        "expiry",
        "expires",
        "expirydate",
        "expiration",
        "validuntil",
    ),
    "year": ("anno", "annotesseramento", "annosportivo", "stagione", "year", "season"),
}
CARD_WORDS = {
    "ordinaria": ("ordinaria", "ordinario", "ord", "o", "ordinary", "standard", "full"),
    "ridotta": ("ridotta", "ridotto", "rid", "r", "reduced"),
    "juniores": ("juniores", "junior", "juniors", "jun", "j", "giovanile", "giovani", "under"),
}
_CARD_BY_WORD = {word: card for card, words in CARD_WORDS.items() for word in words}
_COLUMN_BY_HEADER = {alias: key for key, aliases in COLUMNS.items() for alias in aliases}
EXCEL_EPOCH = date(1899, 12, 30)


@dataclass(frozen=True)
class RowProblem:
    row: int  # the file's row number (the header is row 1 when it is the first)
    message: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class MemberList:
    members: dict[str, Member]  # normalized number -> member
    problems: tuple[RowProblem, ...]
    ignored_columns: tuple[str, ...]  # headers read but not used


def read_members(rows: Iterable[Sequence[object]]) -> MemberList:
    """The member list from its rows of cells (the first non-empty row is the header).

    Headers in Italian or English, any case or accent form: Tessera, Cognome, Nome, Circolo,
    Tipo tessera, Scadenza (a date) or Anno. Raises RuleError when the header lacks a column;
    a row's own problems are listed with its number (the adapter saves all or nothing).
    """
    members: dict[str, Member] = {}
    first_row: dict[str, int] = {}
    problems: list[RowProblem] = []
    columns: dict[str, int] | None = None
    ignored: tuple[str, ...] = ()
    for line, cells in enumerate(rows, start=1):
        if all(_blank(c) for c in cells):
            continue
        if columns is None:
            columns, ignored = _header(cells)
            continue
        member, row_problems = _member(line, cells, columns)
        if member is not None and member.number in first_row:
            row_problems.append(
                RowProblem(
                    line,
                    _("number %(number)s is already on row %(row)s"),
                    {"number": member.number, "row": first_row[member.number]},
                )
            )
        problems.extend(row_problems)
        if member is not None and not row_problems:
            members[member.number] = member
            first_row[member.number] = line
    if columns is None:
        raise RuleError(_("the member list is empty"))
    return MemberList(members, tuple(problems), ignored)


def _header(cells: Sequence[object]) -> tuple[dict[str, int], tuple[str, ...]]:
    columns: dict[str, int] = {}
    ignored = []
    for index, cell in enumerate(cells):
        key = _COLUMN_BY_HEADER.get(compact(cell))
        if key is None or key in columns:
            if not _blank(cell):
                ignored.append(str(cell).strip())
            continue
        columns[key] = index
    missing = [
        name
        for key, name in (("number", "Tessera"), ("surname", "Cognome"), ("given_name", "Nome"))
        if key not in columns
    ]
    if "expires" not in columns and "year" not in columns:
        missing.append("Scadenza / Anno")
    if missing:
        raise RuleError(
            _("the member list lacks the columns %(columns)s"), columns=", ".join(missing)
        )
    return columns, tuple(ignored)


def _member(line: int, cells: Sequence[object], columns: Mapping[str, int]):
    def cell(key: str) -> object:
        index = columns.get(key)
        return cells[index] if index is not None and index < len(cells) else None

    problems: list[RowProblem] = []

    def refuse(message: str, **params) -> None:
        problems.append(RowProblem(line, message, params))

    number = normalize_number(cell("number"))
    if not number:
        refuse(_("no membership number"))
    surname, given = _text(cell("surname")), _text(cell("given_name"))
    if not surname:
        refuse(_("no surname"))
    card = None
    if "card" in columns:
        card = _CARD_BY_WORD.get(compact(cell("card")))
        if card is None:
            refuse(
                _("card type %(card)s is not ordinaria, ridotta or juniores"),
                card=_text(cell("card")),
            )
    expires = year = None
    if "expires" in columns and not _blank(cell("expires")):
        expires = parse_date(cell("expires"))
        if expires is None:
            refuse(_("%(value)s is not a date"), value=_text(cell("expires")))
    if "year" in columns and not _blank(cell("year")):
        year = parse_year(cell("year"))
        if year is None:
            refuse(_("%(value)s is not a year"), value=_text(cell("year")))
    if expires is None and year is None and not problems:
        refuse(_("no expiry date and no year"))
    if problems:
        return None, problems
    member = Member(number, surname, given, _text(cell("club")), card, expires, year)
    return member, problems


def _blank(cell: object) -> bool:
    return cell is None or str(cell).strip() == ""


def _text(cell: object) -> str:
    if cell is None:
        return ""
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    return " ".join(str(cell).split())


def parse_date(cell: object) -> date | None:
    """dd/mm/yyyy (also with - or .), yyyy-mm-dd, a two-digit year as 20yy, an Excel serial
    number, or a date/datetime cell; None when it is none of these."""
    if isinstance(cell, datetime):
        return cell.date()
    if isinstance(cell, date):
        return cell
    if isinstance(cell, (int, float)) and not isinstance(cell, bool):
        return _excel(cell)
    text = str(cell).strip().split(" ")[0].split("T")[0]
    if _digits(text) and len(text) == 5:
        return _excel(int(text))
    for sep in "/-.":
        parts = text.split(sep)
        if len(parts) == 3 and all(_digits(p) and len(p) <= 4 for p in parts):
            if len(parts[0]) == 4:
                y, m, d = (int(p) for p in parts)
            else:
                d, m, y = (int(p) for p in parts)
                y += 2000 if len(parts[2]) == 2 else 0
            try:
                return date(y, m, d) if 1900 <= y <= 2200 else None
            except ValueError:
                return None
    return None


def _excel(serial: float) -> date | None:
    if not 20000 <= serial <= 100000:  # 1954..2173: anything else is not a card's date
        return None
    return EXCEL_EPOCH + timedelta(days=int(serial))


def parse_year(cell: object) -> int | None:
    if isinstance(cell, (datetime, date)):
        return cell.year
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    text = str(cell).strip()
    if _digits(text) and len(text) == 4 and 1900 <= int(text) <= 2200:
        return int(text)
    return None


def _digits(text: str) -> bool:
    """ASCII digits only: "²" and "٣" pass isdigit() but int() refuses them (a 500 before)."""
    return text.isascii() and text.isdigit()
