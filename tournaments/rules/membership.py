"""The membership check (tesseramento): pure Python, no Django import.

Before turn 1 the referee checks every player against the federation's member list. Each
player is flagged, never refused (the referee may admit a player and log the reason):

* ``blank``: no membership number (or a placeholder such as "NON TESSERATO", "-", "0");
* ``unknown``: a number the list does not hold ("12AB" included);
* ``name``: the list gives the number to someone else (accents, case, apostrophes, spaces
  and the order of surname and given name do not count: "D'Angelo Nicolò" = "DANGELO NICOLO");
* ``expired``: the card is not valid on the tournament's date (a card is valid for its
  calendar year; an explicit expiry date wins);
* ``card``: the card type does not allow the tournament's level (ridotta: club and federal
  tournaments only; juniores like ordinaria);
* ``duplicate``: the same number is given for two players of the tournament;
* ``juniors``: both players of a pair hold a juniores card (since 2025 a junior plays with an
  adult partner): one warning for the pair.

The member list is read by :func:`read_members` from rows of cells (the file's decoding is
the adapter's job); see ``docs/national.md`` for the decisions taken here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from tournaments.rules.messages import RuleError, _
from tournaments.rules.names import compact

LEVELS = {
    "circolo": _("club"),
    "federale": _("federal"),
    "regionale": _("regional"),
    "nazionale": _("national"),
}
CARDS = {"ordinaria": _("ordinary"), "ridotta": _("reduced"), "juniores": _("juniors")}
CARD_LEVELS = {
    "ordinaria": frozenset(LEVELS),
    "ridotta": frozenset({"circolo", "federale"}),
    "juniores": frozenset(LEVELS),
}
JUNIORS_WITH_ADULT_FROM = date(2025, 1, 1)  # the 2025 regulation: a junior plays with an adult
PLACEHOLDERS = frozenset(
    {"nontesserato", "nontesserata", "nt", "nessuno", "nessuna", "no", "none", "na", "nd", "x"}
)
CODES = ("blank", "unknown", "name", "expired", "card", "duplicate", "juniors")


@dataclass(frozen=True)
class Member:
    """A row of the federation's list. `expires` (an explicit date) wins over `year`."""

    number: str
    surname: str
    given_name: str
    club: str = ""
    card: str | None = "ordinaria"  # None: the list does not say (no card check)
    expires: date | None = None
    year: int | None = None

    @property
    def valid_until(self) -> date | None:
        if self.expires is not None:
            return self.expires
        return date(self.year, 12, 31) if self.year is not None else None

    @property
    def full_name(self) -> str:
        return f"{self.surname} {self.given_name}".strip()


@dataclass(frozen=True)
class Entrant:
    """A player as registered: `name` is the whole name ("Rossi Mario"); `surname` and
    `given_name` when the registration keeps them apart (they win over `name`)."""

    pair: int
    player: int  # 1 or 2 within the pair
    name: str = ""
    membership: object = ""
    surname: str = ""
    given_name: str = ""

    @property
    def written_name(self) -> str:
        return f"{self.surname} {self.given_name}".strip() if self.surname else self.name.strip()


@dataclass(frozen=True)
class Problem:
    """One flag: `message` % `params` is the English msgid the adapter translates (`card` and
    `level` parameters are codes: translate them through CARDS and LEVELS)."""

    pair: int
    player: int | None  # 1 or 2; None for the pair as a whole (juniors)
    code: str
    membership: str
    message: str
    params: Mapping[str, object] = field(default_factory=dict)


def normalize_number(cell: object) -> str:
    """A membership number as the list keys it: "" for a blank or a placeholder; letters and
    digits only, upper case; an all-digit number without leading zeros (Excel drops them)."""
    if cell is None or isinstance(cell, bool):
        return ""
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    text = "".join(ch for ch in str(cell).upper() if ch.isalnum())
    if not text or compact(cell) in PLACEHOLDERS or set(text) == {"0"}:
        return ""
    return text.lstrip("0") if text.isdigit() else text


def check_membership(
    entrants: Iterable[Entrant],
    members: Mapping[str, Member],
    *,
    on: date,
    level: str,
) -> list[Problem]:
    """Every flag for the tournament's players, pair by pair, player by player.

    `members` maps :func:`normalize_number` of each number to its member (as
    :func:`read_members` returns them); `on` is the tournament's date.
    """
    if level not in LEVELS:
        raise RuleError(_("unknown tournament level %(level)s"), level=level)
    entrants = sorted(entrants, key=lambda e: (e.pair, e.player))
    problems: list[Problem] = []
    first_use: dict[str, tuple[int, int]] = {}  # number -> (pair, player) first giving it
    juniors: dict[int, list[Entrant]] = {}
    for entrant in entrants:
        number = normalize_number(entrant.membership)
        found = _player_problems(entrant, number, members, on, level)
        if number and number in first_use:
            other = first_use[number][0]
            found.append(
                _problem(
                    entrant,
                    "duplicate",
                    _("%(number)s is also given for pair %(other)s"),
                    number=number,
                    other=other,
                )
            )
        elif number:
            first_use[number] = (entrant.pair, entrant.player)
        member = members.get(number) if number else None
        if member is not None and member.card == "juniores":
            juniors.setdefault(entrant.pair, []).append(entrant)
        problems.extend(found)
    if on >= JUNIORS_WITH_ADULT_FROM:
        for pair, both in juniors.items():
            if len(both) >= 2:
                problems.append(
                    Problem(
                        pair,
                        None,
                        "juniors",
                        "",
                        _("both players hold a juniores card: a junior plays with an adult"),
                        {"players": " / ".join(e.written_name for e in both)},
                    )
                )
    problems.sort(key=lambda p: (p.pair, p.player or 3, CODES.index(p.code)))
    return problems


def _player_problems(
    entrant: Entrant, number: str, members: Mapping[str, Member], on: date, level: str
) -> list[Problem]:
    written = str(entrant.membership or "").strip()
    if not number:
        if written:
            return [
                _problem(
                    entrant, "blank", _("%(written)s is not a membership number"), written=written
                )
            ]
        return [_problem(entrant, "blank", _("no membership number"))]
    member = members.get(number)
    if member is None:
        return [
            _problem(
                entrant, "unknown", _("%(number)s is not in the federation's list"), number=written
            )
        ]
    found = []
    if not name_matches(entrant, member):
        found.append(
            _problem(
                entrant,
                "name",
                _("the card %(number)s belongs to %(listed)s"),
                number=number,
                listed=member.full_name,
            )
        )
    valid_until = member.valid_until
    if valid_until is not None and on > valid_until:
        found.append(
            _problem(
                entrant,
                "expired",
                _("the card %(number)s expired on %(expires)s"),
                number=number,
                expires=valid_until,
            )
        )
    if member.card is not None and level not in CARD_LEVELS[member.card]:
        found.append(
            _problem(
                entrant,
                "card",
                _("a %(card)s card does not allow a %(level)s tournament"),
                number=number,
                card=member.card,
                level=level,
            )
        )
    return found


def _problem(entrant: Entrant, code: str, message: str, **params) -> Problem:
    number = normalize_number(entrant.membership) or str(entrant.membership or "").strip()
    return Problem(entrant.pair, entrant.player, code, number, message, params)


def name_matches(entrant: Entrant, member: Member) -> bool:
    """The registered name is the member's, in either order, accents, case, apostrophes and
    spaces aside."""
    written = compact(entrant.written_name)
    surname, given = compact(member.surname), compact(member.given_name)
    return bool(written) and written in {surname + given, given + surname}


# ------------------------------------------------------------------ reading the member list
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
    if text.isdigit() and len(text) == 5:
        return _excel(int(text))
    for sep in "/-.":
        parts = text.split(sep)
        if len(parts) == 3 and all(p.isdigit() for p in parts):
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
    if text.isdigit() and 1900 <= int(text) <= 2200:
        return int(text)
    return None
