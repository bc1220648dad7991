"""A file of teams (CSV or XLSX, one row per player, the federation's Italian headers too):
read with every row's problems for the desk's preview, or all or nothing for `teams_import`.

A team is 4 to 6 players (Art. 2); its players come in the file's order, which is the order
of the team's line-ups. Problems are named per row, so the referee corrects the file once."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.errors import Refused, rule_refusal
from tournaments.kinds.teams.setup import MAX_NAME, Member
from tournaments.models import Tournament
from tournaments.rules import lineups
from tournaments.rules.messages import RuleError
from tournaments.rules.text import clean_code, clean_text
from tournaments.services.imports import ImportFileError, check_size, fold, read_cells

MAX_MEMBERSHIP = 40

# Header forms of the teams file (folded as the pairs file's headers).
COLUMNS = {
    "team": ("team", "squadra", "nomesquadra", "teamname"),
    "player": ("player", "giocatore", "nome", "name", "nominativo", "cognomeenome"),
    "surname": ("surname", "cognome", "lastname", "familyname"),
    "given": ("givenname", "firstname", "nomeproprio"),
    "membership": ("membership", "tessera", "ntessera", "numerotessera", "card"),
    "club": ("club", "circolo", "associazione", "asd"),
}


@dataclass
class TeamRow:
    """One row of the file: a player of a team, with what is wrong with it."""

    line: int
    team: str = ""
    player: str = ""
    surname: str = ""
    given: str = ""
    membership: str = ""
    club: str = ""
    problems: list[str] = field(default_factory=list)

    def member(self) -> Member:
        return Member(self.player, self.membership, self.club, self.surname, self.given)


def columns(keys: list[str]) -> dict[str, int]:
    """Column -> index of a teams file's folded header; with a Cognome column, Nome is the
    given name (as in the players' and the pairs' files)."""
    aliases = {alias: col for col, forms in COLUMNS.items() for alias in forms}
    has_surname = any(aliases.get(k) == "surname" for k in keys)
    index: dict[str, int] = {}
    for i, key in enumerate(keys):
        column = "given" if has_surname and key in ("nome", "name") else aliases.get(key)
        if column is not None and column not in index:
            index[column] = i
    return index


def team_rows(name: str, data: bytes) -> list[TeamRow]:
    """Every row of the file with the problems it has on its own (ImportFileError for a file
    that cannot be read or that does not name its columns)."""
    check_size(len(data))
    lines, _encoding = read_cells(name, data)
    if not lines:
        raise ImportFileError(_("The file is empty."))
    index = columns([fold(cell) for cell in lines[0][1]])
    for column in ("team", "player"):
        if column not in index and not (column == "player" and "surname" in index):
            raise ImportFileError(
                _(
                    "The first row must name the columns: %(col)s is missing (accepted: team, "
                    "player, membership, club; or Squadra, Giocatore, Tessera, Circolo)."
                )
                % {"col": column}
            )
    return [_row(line, cells, index) for line, cells in lines[1:]]


def _row(line: int, cells: list, index: dict[str, int]) -> TeamRow:
    def cell(column: str) -> str:
        i = index.get(column)
        return str(cells[i]) if i is not None and i < len(cells) else ""

    row = TeamRow(line, clean_text(cell("team")), clean_text(cell("player")))
    row.surname, row.given = clean_text(cell("surname")), clean_text(cell("given"))
    if row.surname:  # the whole name as the app lists it: "Surname Given name"
        row.player = f"{row.surname} {row.given}".strip()
    row.membership, row.club = clean_code(cell("membership")), clean_text(cell("club"))
    if not row.team or not row.player:
        row.problems.append(_("The team and the player are both needed."))
    if len(row.team) > MAX_NAME or len(row.player) > MAX_NAME or len(row.club) > MAX_NAME:
        row.problems.append(_("The name is too long."))
    if len(row.membership) > MAX_MEMBERSHIP:
        row.problems.append(_("membership: the membership number is too long."))
    return row


def check_teams_file(tournament: Tournament, name: str, data: bytes) -> list[TeamRow]:
    """The desk's preview: every row with its problems, the file's own (a team of fewer than
    4 or more than 6 players, a card twice) and against what is registered (a team's name or
    a card already there). Nothing is saved."""
    rows = team_rows(name, data)
    known = set(tournament.teams.values_list("name", flat=True))
    cards = dict.fromkeys(
        tournament.players.exclude(membership_number="").values_list(
            "membership_number", flat=True
        ),
        0,
    )
    for row in rows:
        if row.membership and row.membership in cards:
            where = cards[row.membership]
            row.problems.append(
                _("Membership number %(num)s is already at row %(line)d.")
                % {"num": row.membership, "line": where}
                if where
                else _("Membership number %(num)s is already registered.") % {"num": row.membership}
            )
        elif row.membership:
            cards[row.membership] = row.line
    for team, members in by_team(rows):  # what is wrong with a team: on its first row
        if team in known:
            members[0].problems.append(_("Team %(name)s is already registered.") % {"name": team})
        try:
            lineups.check_team_size(len(members))
        except RuleError as exc:
            members[0].problems.append(
                _("%(problem)s (team %(name)s)") % {"problem": rule_refusal(exc), "name": team}
            )
    return rows


def by_team(rows: list[TeamRow]) -> list[tuple[str, list[TeamRow]]]:
    """The rows grouped by team, teams in the order they first appear."""
    teams: dict[str, list[TeamRow]] = {}
    for row in rows:
        if row.team:
            teams.setdefault(row.team, []).append(row)
    return list(teams.items())


def read_teams_file(name: str, data: bytes) -> list[tuple[str, list[Member]]]:
    """The teams of a CSV/XLSX file, in file order; one bad row refuses the file (the team
    sizes and the cards are checked when the teams are registered)."""
    try:
        rows = team_rows(name, data)
    except ImportFileError as exc:
        raise Refused(str(exc)) from None
    for row in rows:
        if row.problems:
            raise Refused(
                _("Line %(line)d: %(problem)s") % {"line": row.line, "problem": row.problems[0]}
            )
    return [(team, [row.member() for row in members]) for team, members in by_team(rows)]
