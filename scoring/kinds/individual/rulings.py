"""A player of an individual event leaves (Art. 32): absent from the next turn to be seated on;
the seating leaves him out from then on (the rests are counted on the players present), his
results so far stay in the standings."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.services.decisions import table_of, withdraw_entrant
from scoring.services.logtext import write_log
from tournaments.errors import Refused
from tournaments.kinds.individual.registration import save_player
from tournaments.models import Line, Player, Table, Tournament, new_pin


def withdraw_player(tournament: Tournament, player: Player, *, reason: str, user=None) -> int:
    """Returns the last turn he plays (the one withdrawal of every kind: Art. 32)."""
    return withdraw_entrant(tournament, player, reason=reason, user=user)


def player_line(tournament: Tournament, turn_number: int, table_number: int, number: int):
    """The line (`Line` row of the turn) at a table of a turn that holds player `number`: a
    table ruling goes against the guilty player's line (refused when he is not there)."""
    table = table_of(tournament, turn_number, table_number, lock=False)
    for line in (table.ns, table.ew):
        if number in (line.player1.number, line.player2.number):
            return line
    raise Refused(
        _("Player %(p)d does not play at table %(t)d.") % {"p": number, "t": table_number}
    )


def seat_late_player(tournament: Tournament, data: dict, *, user=None) -> Table:
    """Art. 33 in an individual event: during turn 1 a late player may complete a table, as a
    late pair completes the incomplete one. Three players rest: with him they make a new
    table (the last of the turn), lines by the seating order — the first two of the three
    against the third and the late player, as 1st+2nd v 3rd+4th. `data` as `save_player`."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        turn = _turn_one(tournament)
        byes = list(turn.byes.select_related("player").filter(player__isnull=False))
        if len(byes) != 3:
            raise Refused(
                _(
                    "A late player completes a table only with the three players who rest in "
                    "turn 1; %(n)d rest now, so he cannot play (Art. 33)."
                )
                % {"n": len(byes)}
            )
        place = {number: i for i, number in enumerate(turn.order)}
        resting = sorted((b.player for b in byes), key=lambda p: place.get(p.number, p.number))
        player = save_player(tournament, data, user=user, late=True)
        number = max(turn.tables.values_list("number", flat=True), default=0) + 1
        top = max(tournament.lines.filter(line_turn=1).values_list("number", flat=True))
        ns_pin = new_pin()
        ew_pin = next(pin for pin in iter(new_pin, None) if pin != ns_pin)
        ns = Line.objects.create(
            tournament=tournament,
            number=top + 1,
            player1=resting[0],
            player2=resting[1],
            line_turn=1,
            pin=ns_pin,
        )
        ew = Line.objects.create(
            tournament=tournament,
            number=top + 2,
            player1=resting[2],
            player2=player,
            line_turn=1,
            pin=ew_pin,
        )
        table = Table.objects.create(turn=turn, number=number, ns=ns, ew=ew)
        turn.byes.filter(pk__in=[b.pk for b in byes]).delete()
        turn.order = list(turn.order) + [player.number]
        turn.save(update_fields=["order"])
        write_log(
            tournament,
            user=user,
            turn=1,
            table=number,
            pairs=[*(p.number for p in resting), player.number],
            code="late-player",
            article="Art. 33",
            event="late-player",
            params={
                "player": player.number,
                "name": player.name,
                "table": number,
                "resting": [p.number for p in resting],
            },
        )
    return table


def _turn_one(tournament: Tournament):
    turns = list(tournament.turn_set.all())
    if len(turns) != 1:
        raise Refused(_("A late player can join only while turn 1 is being played (Art. 33)."))
    if turns[0].movement == "rainbow":
        raise Refused(
            _("Turn 1 follows a fixed schedule for its players: a late player cannot join it.")
        )
    return turns[0]
