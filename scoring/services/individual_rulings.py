"""A player of an individual event leaves (Art. 32): absent from the next turn to be seated on;
the seating leaves him out from then on (the rests are counted on the players present), his
results so far stay in the standings."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.services.decisions import _clean_reason, table_of
from scoring.services.logtext import write_log
from tournaments.errors import Refused
from tournaments.models import Player, Tournament, audit


def withdraw_player(tournament: Tournament, player: Player, *, reason: str, user=None) -> int:
    """Returns the last turn he plays."""
    reason = _clean_reason(reason)
    if player.withdrawn_after_turn is not None:
        raise Refused(
            _("Player %(n)d already withdrew after turn %(t)d.")
            % {"n": player.number, "t": player.withdrawn_after_turn}
        )
    last = tournament.turn_set.order_by("-number").values_list("number", flat=True).first() or 0
    if last >= tournament.turns:
        raise Refused(_("Every turn is already seated: there is nothing to withdraw from."))
    with transaction.atomic():
        player.withdrawn_after_turn = last
        player.save(update_fields=["withdrawn_after_turn"])
        audit(tournament, "withdraw", user=user, target=f"player {player.number}", reason=reason)
        write_log(
            tournament,
            user=user,
            turn=last or None,
            pairs=[player.number],
            code="withdrawal",
            article="Art. 32",
            event="withdrawal",
            params={"reason": reason, "from_turn": last + 1},
        )
    return last


def player_line(tournament: Tournament, turn_number: int, table_number: int, number: int):
    """The line (`Pair` row of the turn) at a table of a turn that holds player `number`: a
    table ruling goes against the guilty player's line (refused when he is not there)."""
    table = table_of(tournament, turn_number, table_number, lock=False)
    for line in (table.ns, table.ew):
        if number in (line.player1.number, line.player2.number):
            return line
    raise Refused(
        _("Player %(p)d does not play at table %(t)d.") % {"p": number, "t": table_number}
    )
