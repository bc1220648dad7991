"""Finding a tournament's pieces by the numbers people use, with a message when missing."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.errors import Refused
from tournaments.models import Pair, Table, Tournament, Turn
from tournaments.rules.names import matches, person_key


def is_present(pair: Pair, number: int) -> bool:
    """Whether a pair plays turn `number` (a withdrawn pair is absent after its last turn)."""
    return pair.withdrawn_after_turn is None or number <= pair.withdrawn_after_turn


def meetings_by_turn(tournament: Tournament) -> list[list[tuple[int, int]]]:
    """Who met whom, turn by turn (byes excluded)."""
    history: dict[int, list[tuple[int, int]]] = {}
    for turn, ns, ew in (
        Table.objects.filter(turn__tournament=tournament)
        .values_list("turn__number", "ns__number", "ew__number")
        .order_by("turn__number", "number")
    ):
        history.setdefault(turn, []).append((ns, ew))
    return [history.get(n, []) for n in range(1, max(history, default=0) + 1)]


def pair_by_number(tournament: Tournament, number: int) -> Pair:
    try:
        return Pair.objects.get(tournament=tournament, number=number)  # never a line
    except Pair.DoesNotExist:
        raise Refused(_("Pair %(n)d does not exist in this tournament.") % {"n": number}) from None


def turn_by_number(tournament: Tournament, number: int) -> Turn:
    try:
        return tournament.turn_set.get(number=number)
    except Turn.DoesNotExist:
        raise Refused(_("Turn %(n)d is not seated.") % {"n": number}) from None


def tournament_by_slug(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise Refused(_("Unknown tournament %(slug)s.") % {"slug": slug}) from None


def last_turn(tournament: Tournament) -> Turn:
    turn = tournament.turn_set.order_by("-number").first()
    if turn is None:
        raise Refused(_("No turn is seated yet."))
    return turn


def search_pairs(tournament: Tournament, query: str) -> list[int]:
    """The ids of the pairs a search finds, as people type: a pair number, or part of a
    player's name, club or membership number without accents, case or apostrophes
    ("muller" finds Müller, "d’angelo" D'Angelo). One query, folded in Python: a field
    holds a few hundred pairs at most."""
    number = int(query) if query.isascii() and query.isdigit() and len(query) <= 9 else None
    found = []
    for pk, pair_number, *texts in tournament.lines.values_list(
        "pk",
        "number",
        "player1__name",
        "player2__name",
        "player1__club",
        "player2__club",
        "player1__membership_number",
        "player2__membership_number",
    ):
        if pair_number == number or any(matches(query, text) for text in texts):
            found.append(pk)
    return found


def pairs_by_surname(pairs, player: str = "player1", descending: bool = False):
    """`pairs` (a queryset) in the alphabetical order of their `player` ("player1" or
    "player2"): surname, then given name, then pair number, however the names were registered
    (`names.person_key`). The order is computed here and handed to the database as a rank."""
    from django.db.models import Case, IntegerField, Value, When

    rows = list(
        pairs.values_list(
            "pk", f"{player}__surname", f"{player}__given_name", f"{player}__name", "number"
        )
    )
    rows.sort(key=lambda r: (person_key(r[1], r[2], r[3]), r[4]), reverse=descending)
    if not rows:
        return pairs
    rank = Case(
        *(When(pk=row[0], then=Value(i)) for i, row in enumerate(rows)),
        output_field=IntegerField(),
    )
    return pairs.order_by(rank)
