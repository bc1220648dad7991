"""Any change players may see bumps the tournament's public version (their pages refresh).

Bulk writes send no signal: `seat_next_turn` and `record_scores` call `touch` themselves.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import Signal, receiver

from tournaments.models import Bye, Pair, Player, Table, Tournament, Turn, touch

# The referee admitted a player flagged by the membership check (tournaments.services.
# membership.admit / admit_player), inside the admission's transaction: kwargs tournament,
# pair (number; None in an individual event), entrant (the pair's or the player's number),
# player (1, 2 or None for the pair or the player alone), name, reason, user. The referee's
# log, which lives in `scoring` (built on `tournaments`, never the reverse), listens
# (scoring.apps).
member_admitted = Signal()

# A team's line-up for a turn changed (tournaments.services.teams.set_lineup), sent inside its
# transaction with tournament, team, turn, old and new (two lines of player numbers) and user:
# the referee's log (scoring) records it.
lineup_changed = Signal()


def _tournament_id(instance) -> int | None:
    if isinstance(instance, Tournament):
        return instance.pk
    if isinstance(instance, Table | Bye):
        return instance.turn.tournament_id
    return getattr(instance, "tournament_id", None)


@receiver([post_save, post_delete])
def public_change(sender, instance, **kwargs):
    from scoring.models import Penalty

    if sender in (Tournament, Turn, Table, Bye, Pair, Player, Penalty):
        tournament_id = _tournament_id(instance)
        if tournament_id is not None and not kwargs.get("raw"):
            touch(tournament_id)
