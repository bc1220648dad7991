"""Individual events at the scoring side: their pages (the desk's and the players') and the
commands every kind answers (withdraw, swap, a table ruling's guilty line, an admission)."""

from django.utils.translation import gettext as _

from scoring.kinds.pairs import SHARED_DESK, SHARED_PUBLIC
from scoring.services import entrants
from scoring.services.individual_rulings import withdraw_player
from scoring.views import individual_desk as desk
from scoring.views import public
from tournaments.errors import Refused
from tournaments.kinds.individual import IndividualKind
from tournaments.services import individual_seating, membership
from tournaments.services.individual import player_by_number
from tournaments.views import individual_players as players


class IndividualEvent(IndividualKind):
    desk_pages = {
        **SHARED_DESK,
        "individual_players": players.PlayersView,
        "individual_player": players.PlayerEditView,
        "dashboard": desk.IndividualDashboardView,
        "seating": desk.IndividualSeatingView,
        "seat_next": desk.IndividualSeatNextView,
        "swap": desk.IndividualSwapView,
        "standings": desk.IndividualStandingsView,
        "pair_detail": desk.PlayerDetailView,
        "rulings": desk.IndividualRulingsView,
        "ruling_penalty": desk.IndividualPenaltyView,
        "ruling_withdraw": desk.IndividualWithdrawView,
    }
    public_pages = {**SHARED_PUBLIC, "public_pair": public.PairView}  # a player's own page

    def withdraw(self, tournament, number, *, reason, after_turn=None, user=None) -> int:
        entrants.check_after_turn(tournament, after_turn)
        player = player_by_number(tournament, number)
        return withdraw_player(tournament, player, reason=reason, user=user)

    def swap(self, tournament, turn_number, a, b, *, reason, force=False, user=None):
        return entrants.swap_in_turn(
            tournament,
            turn_number,
            a,
            b,
            reason=reason,
            force=force,
            user=user,
            swapper=swap_players,
        )

    def guilty_line(self, tournament, turn_number, table_number, number):
        """The line the player sat in at that table (his partner shares the ruling)."""
        table = entrants.table_of(tournament, turn_number, table_number)
        for line in (table.ns, table.ew):
            if number in (line.player1.number, line.player2.number):
                return line
        raise Refused(
            _("Player %(p)d does not play at table %(t)d.") % {"p": number, "t": table_number}
        )

    def admit(self, tournament, number, *, member=None, reason, user=None) -> None:
        if member is not None:
            raise Refused(_("A player of an individual event is admitted alone: give no member."))
        player = player_by_number(tournament, number)
        membership.admit_by_name(
            tournament, player.number, None, player.name, reason, entrant="player", user=user
        )


def swap_players(tournament, a, b, *, confirmed=False, user=None) -> list[str]:
    """The players' swap, its repeats said as one sentence for the log."""
    repeats = individual_seating.swap_players(tournament, a, b, confirmed=confirmed, user=user)
    if not repeats:
        return []
    return [
        _("After this swap these players would meet again: %(p)s.")
        % {"p": ", ".join(f"{x}–{y}" for x, y in repeats)}
    ]
