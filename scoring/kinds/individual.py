"""Individual events at the scoring side: their pages (the desk's and the players'), their
export and documents (rows per player, Art. 2)."""

from django.utils.translation import gettext_lazy as _

from scoring.kinds.base import ScoringKind
from scoring.kinds.pairs import SHARED_DESK, SHARED_PUBLIC
from scoring.services import exports
from scoring.services.individual import rests_again
from scoring.views import individual_desk as desk
from scoring.views import public
from tournaments.kinds.individual import IndividualKind
from tournaments.views import individual_players as players


class IndividualEvent(ScoringKind, IndividualKind):
    entrants_key = "players"
    entrant_key = entrant_field = "player"
    entrants_sheet = "Giocatori"
    pdf_columns = (_("No."), _("Player"), _("Club"))

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

    def entrant_rows(self, tournament, ranked=None) -> list[dict]:
        return [
            {"number": p.number, **exports.player_row(p), **exports.withdrawn(p)}
            for p in tournament.players.exclude(number=None).order_by("number")
        ]

    def rests_again(self, tournament) -> dict:
        return rests_again(tournament)
