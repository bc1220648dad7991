"""Individual events (Art. 2: "nei tornei individuali ogni giocatore si iscrive personalmente"):
registering the players, each with his own number. The seating is in
`tournaments.kinds.individual.seating`; the standings in `scoring.kinds.individual.standings`.

A players file is read as a pairs file is (`tournaments.services.imports`: any encoding,
`,` `;` or tab, XLSX; English or Italian headers): `player[,membership,club]`, or
`Giocatore, Tessera, Circolo`; a `number` column keeps the player's number.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.errors import Refused, RowsRefused
from tournaments.kinds import kind_of, require
from tournaments.models import Player, Tournament, audit
from tournaments.rules.text import clean_code, clean_text
from tournaments.services.imports import (
    MAX_MEMBERSHIP,
    MAX_NAME,
    MAX_PAIRS,
    ImportFileError,
    check_size,
    fold,
    parse_int,
    problem_lines,
    read_cells,
)
from tournaments.services.lookup import pair_by_number

MAX_PLAYERS = 2 * MAX_PAIRS
MAX_NUMBER = 99999
COLUMNS: dict[str, tuple[str, ...]] = {
    "number": ("number", "no", "n", "nr", "num", "numero", "playernumber"),
    "player": ("player", "giocatore", "name", "nome", "nominativo", "cognomeenome"),
    "surname": ("surname", "cognome", "lastname", "familyname"),
    "given": ("givenname", "firstname", "nomeproprio"),
    "membership": ("membership", "tessera", "ntessera", "numerotessera", "card"),
    "club": ("club", "circolo", "associazione", "asd"),
}
ALIASES = {alias: column for column, aliases in COLUMNS.items() for alias in aliases}


def check_individual(tournament: Tournament) -> None:
    """A step for events of players registered one by one: refused for other kinds."""
    require(tournament, "individual")


def refuse_pairs(tournament: Tournament) -> None:
    """A pairs file for an event of other entrants: refused, with where its entrants go."""
    require(tournament, "pairs")


@dataclass
class PlayerRow:
    line: int
    player: str = ""
    surname: str = ""
    given: str = ""
    membership: str = ""
    club: str = ""
    number: int | None = None
    problems: list[str] = field(default_factory=list)


def read_players_file(name: str, data: bytes) -> list[PlayerRow]:
    """The players of a CSV or XLSX file, each row with its problems."""
    check_size(len(data))
    lines, _encoding = read_cells(name, data, MAX_PLAYERS)
    if not lines:
        raise ImportFileError(_("The file is empty."))
    keys = [fold(cell) for cell in lines[0][1]]
    index: dict[str, int] = {}
    has_surname = any(ALIASES.get(k) == "surname" for k in keys)
    for i, key in enumerate(keys):
        column = ALIASES.get(key)
        if has_surname and key in ("nome", "name"):
            column = "given"
        if column is not None and column not in index:
            index[column] = i
    if "player" not in index and "surname" not in index:
        raise ImportFileError(
            _(
                "The first row must name the columns: player is missing (accepted: player, "
                "membership, club; or Giocatore, Tessera, Circolo)."
            )
        )
    rows = [_row(line, cells, index) for line, cells in lines[1:]]
    if not rows:
        raise ImportFileError(_("The file has a header but no players."))
    _check_duplicates(rows)
    return rows


def check_players_file(tournament: Tournament, name: str, data: bytes) -> list[PlayerRow]:
    """The file's rows with their problems, also against the players already registered
    (membership and number taken): the desk's preview, before anything is saved."""
    rows = read_players_file(name, data)
    _check_against(tournament, rows)
    return rows


def _row(line: int, cells: list[str], index: dict[str, int]) -> PlayerRow:
    row = PlayerRow(line=line)
    for col, i in index.items():
        value = str(cells[i]) if i < len(cells) else ""
        if col == "number":
            value = clean_text(value)
            number = parse_int(value) if value else None
            if value and (number is None or not 1 <= number <= MAX_NUMBER):
                row.problems.append(
                    _("number: %(value)s is not a player number (1 to %(max)d).")
                    % {"value": value[:20], "max": MAX_NUMBER}
                )
            row.number = number if value else None
        else:
            setattr(row, col, (clean_code if col == "membership" else clean_text)(value))
    if row.surname:
        row.player = f"{row.surname} {row.given}".strip()
    if not row.player:
        row.problems.append(_("player: the name is missing."))
    elif len(row.player) > MAX_NAME:
        row.problems.append(_("player: the name is too long."))
    if len(row.membership) > MAX_MEMBERSHIP:
        row.problems.append(_("membership: the membership number is too long."))
    if len(row.club) > MAX_NAME:
        row.problems.append(_("club: the name is too long."))
    return row


def _check_duplicates(rows: list[PlayerRow]) -> None:
    cards: dict[str, int] = {}
    numbers: dict[int, int] = {}
    for row in rows:
        if row.membership and row.membership in cards:
            row.problems.append(
                _("Membership number %(num)s is already on line %(line)d.")
                % {"num": row.membership, "line": cards[row.membership]}
            )
        cards.setdefault(row.membership, row.line)
        if row.number is not None and row.number in numbers:
            row.problems.append(
                _("Player number %(n)d is already on line %(line)d.")
                % {"n": row.number, "line": numbers[row.number]}
            )
        if row.number is not None:
            numbers.setdefault(row.number, row.line)


def _check_against(tournament: Tournament, rows: list[PlayerRow]) -> None:
    taken = dict(
        tournament.players.exclude(membership_number="").values_list("membership_number", "name")
    )
    numbers = set(tournament.players.exclude(number=None).values_list("number", flat=True))
    for row in rows:
        if row.membership in taken:
            row.problems.append(
                _("Membership number %(num)s already belongs to %(name)s.")
                % {"num": row.membership, "name": taken[row.membership]}
            )
        if row.number is not None and row.number in numbers:
            row.problems.append(
                _("Player number %(n)d is already taken in this tournament.") % {"n": row.number}
            )


def _check_open(tournament: Tournament) -> None:
    check_individual(tournament)
    if tournament.turn_set.exists():
        raise Refused(_("Players cannot be added once turn 1 is seated (Art. 33)."))


def import_players(tournament: Tournament, rows: list[PlayerRow], user=None) -> list[Player]:
    """Save the rows as new players, all or nothing, numbered in file order after the highest
    number in use (a row's own number is kept)."""
    _check_open(tournament)
    _check_against(tournament, rows)
    bad = next((row for row in rows if row.problems), None)
    if bad is not None:
        raise RowsRefused(
            _("Line %(line)d: %(problem)s") % {"line": bad.line, "problem": bad.problems[0]},
            problem_lines(rows),
        )
    with transaction.atomic():
        top = tournament.players.exclude(number=None).order_by("-number").first()
        top = max([top.number if top else 0] + [r.number for r in rows if r.number is not None])
        created = []
        for row in rows:
            if row.number is None:
                top += 1
            created.append(
                Player.objects.create(
                    tournament=tournament,
                    number=top if row.number is None else row.number,
                    name=row.player,
                    surname=row.surname,
                    given_name=row.given,
                    membership_number=row.membership,
                    club=row.club,
                )
            )
        audit(
            tournament,
            "import",
            user=user,
            target=f"{len(created)} players",
            new=[_record(p) for p in created],
        )
    return created


def _record(player: Player) -> dict:
    return {
        "number": player.number,
        "name": player.name,
        "membership": player.membership_number,
        "club": player.club,
    }


def save_player(
    tournament: Tournament, data: dict, player: Player | None = None, user=None, late=False
):
    """Add a player (or correct one): `data` has name, membership, club and optionally number.
    The number is editable until turn 1 is seated. `late`: a player arriving during turn 1,
    placed by `scoring.kinds.individual.rulings.seat_late_player` (Art. 33)."""
    check_individual(tournament)
    name = clean_text(data.get("name", ""))
    membership = clean_code(data.get("membership", ""))
    club = clean_text(data.get("club", ""))
    number = data.get("number")
    if not name:
        raise Refused(_("The player's name is missing."))
    if len(name) > MAX_NAME or len(club) > MAX_NAME or len(membership) > MAX_MEMBERSHIP:
        raise Refused(_("A name, club or membership number is too long."))
    others = tournament.players.exclude(pk=player.pk if player else None)
    if membership and others.filter(membership_number=membership).exists():
        raise Refused(
            _("Membership number %(num)s already belongs to another player.") % {"num": membership}
        )
    seated = tournament.turn_set.exists()
    if player is None and seated and not late:
        raise Refused(_("Players cannot be added once turn 1 is seated (Art. 33)."))
    if number is not None:
        if not isinstance(number, int) or not 1 <= number <= MAX_NUMBER:
            raise Refused(_("A player's number goes from 1 to %(max)d.") % {"max": MAX_NUMBER})
        if others.filter(number=number).exists():
            raise Refused(
                _("Player number %(n)d is already taken in this tournament.") % {"n": number}
            )
        if seated and player is not None and number != player.number:
            raise Refused(_("Numbers cannot change once turn 1 is seated."))
    old = _record(player) if player else None
    with transaction.atomic():
        if player is None:
            top = tournament.players.exclude(number=None).order_by("-number").first()
            player = Player(tournament=tournament, number=number or (top.number + 1 if top else 1))
        elif number is not None:
            player.number = number
        player.name, player.membership_number, player.club = name, membership, club
        player.save()
        audit(
            tournament,
            "player-late" if late else "player",
            user=user,
            target=f"player {player.number}",
            old=old,
            new=_record(player),
        )
    return player


def delete_player(tournament: Tournament, player: Player, user=None) -> None:
    _check_open(tournament)
    with transaction.atomic():
        audit(
            tournament,
            "player-delete",
            user=user,
            target=f"player {player.number}",
            old=_record(player),
        )
        player.delete()


def player_by_number(tournament: Tournament, number: int) -> Player:
    player = tournament.players.filter(number=number).first()
    if player is None:
        raise Refused(_("Player %(n)d does not exist in this tournament.") % {"n": number})
    return player


def players(tournament: Tournament):
    """The event's players in number order."""
    return tournament.players.exclude(number=None).order_by("number")


def penalised(tournament: Tournament, pair: int | None, player: int | None):
    """Who a penalty hits: a player in an individual event (Art. 23: the player alone, never
    that turn's partner), a pair otherwise: the kind's entrant (`entrant_key`)."""
    key = kind_of(tournament).entrant_key
    number = {"pair": pair, "player": player}.get(key)
    if number is None:
        raise Refused(
            _("%(name)s: a penalty names the %(entrant)s it hits: give --%(key)s.")
            % {"name": tournament.name, "entrant": kind_of(tournament).entrant_noun, "key": key}
        )
    find = player_by_number if key == "player" else pair_by_number
    return find(tournament, number)


def who(owner) -> str:
    """ "Pair 3" or "Player 12" for the commands' output (English, as the contract's)."""
    kind = "Player" if isinstance(owner, Player) else "Pair"
    return f"{kind} {owner.number}"


def owner_fields(owner) -> dict:
    """The Penalty fields naming who it hits: {"player": …} or {"pair": …}."""
    return {"player": owner} if isinstance(owner, Player) else {"pair": owner}
