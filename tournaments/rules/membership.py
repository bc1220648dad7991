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

The member list is read by :func:`tournaments.rules.member_list.read_members` from rows of
cells; see ``docs/national.md`` for the decisions taken here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date

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
