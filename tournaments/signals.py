"""Any change players may see bumps the tournament's public version (their pages refresh).

Bulk writes send no signal: `seat_next_turn` and `record_scores` call `touch` themselves.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import Signal, receiver

from tournaments.models import Bye, Line, Pair, Player, Table, Tournament, Turn, touch

# The referee admitted a player flagged by the membership check (tournaments.services.
# membership.admit / admit_player), inside the admission's transaction: kwargs tournament,
# pair (number; None in an individual event), entrant (the pair's or the player's number),
# player (1, 2 or None for the pair or the player alone), name, reason, user. The referee's
# log, which lives in `scoring` (built on `tournaments`, never the reverse), listens
# (scoring.apps).
member_admitted = Signal()
# Who sits at some tables changed after the seating (a swap, a new line-up), inside that
# change's transaction: kwargs table_ids. The phones' reports of those tables, kept by
# `scoring`, no longer stand: it listens (scoring.signals) and marks them replaced.
tables_reseated = Signal()
# The referee seated a turn at the desk (tournaments.views.desk.SeatNextView): kwargs
# tournament, turn, language, base_url (the address the phones reach). The scoring app starts
# the turn's score sheets in the background (scoring.signals).
seated_at_desk = Signal()

# A team's line-up for a turn changed (tournaments.kinds.teams.setup.set_lineup), sent inside its
# transaction with tournament, team, turn, old and new (two lines of player numbers) and user:
# the referee's log (scoring) records it.
lineup_changed = Signal()


def tournament_id_of(instance) -> int | None:
    """The tournament a saved or deleted row belongs to (None when it has none yet)."""
    if isinstance(instance, Tournament):
        return instance.pk
    if isinstance(instance, Table | Bye):
        return instance.turn.tournament_id
    return getattr(instance, "tournament_id", None)


def touch_for(instance, **kwargs) -> None:
    """Bump the public version of the tournament `instance` belongs to (not for fixtures
    loaded raw). The scoring app connects it to its own models (scoring.signals)."""
    tournament_id = tournament_id_of(instance)
    if tournament_id is not None and not kwargs.get("raw"):
        touch(tournament_id)


@receiver([post_save, post_delete])
def public_change(sender, instance, **kwargs):
    if sender in (Tournament, Turn, Table, Bye, Line, Pair, Player):
        touch_for(instance, **kwargs)
