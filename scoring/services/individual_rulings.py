"""A player of an individual event leaves (Art. 32): absent from the next turn to be seated on;
the seating leaves him out from then on (the rests are counted on the players present), his
results so far stay in the standings."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from scoring.services.decisions import clean_reason
from scoring.services.logtext import write_log
from tournaments.errors import Refused
from tournaments.models import Player, Tournament, audit


def withdraw_player(tournament: Tournament, player: Player, *, reason: str, user=None) -> int:
    """Returns the last turn he plays."""
    reason = clean_reason(reason)
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
