"""What players may see: only released turns, and standings/pair pages when public.

The adapter behind the public pages: nothing of a turn is shown before the
referee releases its seating; the standings shown are those after the last
released turn with every result in.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q

from scoring.services.prizes import prize_list
from scoring.services.standings import pair_detail, released_detail, standings_report
from tournaments.kinds import kind_of
from tournaments.models import Tournament, Turn
from tournaments.rules.names import compact, matches
from tournaments.services.groups import label_tables


@dataclass
class PublicState:
    released: list[int]  # released turn numbers
    complete: list[int]  # released turns with every result in
    current: Turn | None  # the last released turn

    @property
    def after_turn(self) -> int:
        return self.complete[-1] if self.complete else 0


def public_state(tournament: Tournament) -> PublicState:
    turns = list(
        tournament.turn_set.filter(released_at__isnull=False)
        .annotate(missing=Count("tables", filter=Q(tables__ns_vp__isnull=True)))
        .order_by("number")
    )
    released = [t.number for t in turns]
    complete = []
    for t in turns:  # a turn counts once it and every earlier one are complete
        if (
            t.missing
            or (complete and complete[-1] != t.number - 1)
            or (not complete and t.number != 1)
        ):
            break
        complete.append(t.number)
    return PublicState(released, complete, turns[-1] if turns else None)


def seating(turn: Turn, query: str = "") -> tuple[list, list]:
    """The released turn's tables and byes, filtered by what people type, as the kind of
    event seats them (pairs; lines of players and rests of players)."""
    return kind_of(turn.tournament).turn_seating(turn, query)


def pair_seating(turn: Turn, query: str = "") -> tuple[list, list]:
    """A pairs event's released turn, filtered by pair number or name as people type it:
    without accents or apostrophes, any case (folded in Python over the turn's tables)."""
    tables = list(
        turn.tables.select_related("ns__player1", "ns__player2", "ew__player1", "ew__player2")
    )
    byes = list(turn.byes.select_related("pair__player1", "pair__player2"))
    label_tables(turn.tournament_id, turn, tables, byes)
    query = query.strip()
    if not compact(query):
        return tables, byes

    def hit(pair) -> bool:
        """A pair number, or a name as typed: "muller" finds Müller (names.matches)."""
        if query.isascii() and query.isdigit():
            return pair.number == int(query)
        return matches(query, pair.player1.name) or matches(query, pair.player2.name)

    return ([t for t in tables if hit(t.ns) or hit(t.ew)], [b for b in byes if hit(b.pair)])


def withdrawn_found(tournament: Tournament, query: str) -> list[str]:
    """The withdrawn pairs or players a search finds (by number or name): "3 Rossi Mario,
    withdrawn after turn 1", so that a player who looks for himself is told why he has no
    table. (Pairs events withdraw pairs and individual events players: both are asked.)"""
    query = query.strip()
    if not compact(query):
        return []
    number = int(query) if query.isascii() and query.isdigit() else None
    found = []
    words = tournament.words
    for pair in tournament.pairs.filter(withdrawn_after_turn__isnull=False).select_related(
        "player1", "player2"
    ):
        names = (pair.player1.name, pair.player2.name)
        if pair.number == number or any(matches(query, n) for n in names):
            label = f"{pair.number} {' – '.join(names)}"
            found.append(f"{label}, {words.withdrawn_after(pair.withdrawn_after_turn)}")
    for player in tournament.players.filter(withdrawn_after_turn__isnull=False, team=None):
        if player.number == number or matches(query, player.name):
            label = f"{player.number} {player.name}"
            found.append(f"{label}, {words.withdrawn_after(player.withdrawn_after_turn)}")
    return found


def public_standings(tournament: Tournament, state: PublicState):
    return standings_report(tournament, state.after_turn or None) if state.complete else None


def public_prizes(tournament: Tournament, report) -> list:
    """The prize list, public with the final standings only (a provisional list would
    promise prizes that may still change hands)."""
    return prize_list(tournament) if report is not None and report.final else []


def public_pair(tournament: Tournament, number: int, state: PublicState) -> dict | None:
    """A pair's page, limited to released turns; its standing after the public turn."""
    return released_detail(pair_detail(tournament, number, state.after_turn), state)
