"""Individual events at the scoring side: their pages (the desk's and the players') and
what the seating asks of the results (the ranking it starts from, a bye's score)."""

from scoring.kinds.pairs import SHARED_DESK, SHARED_PUBLIC
from scoring.services.player_results import player_standings
from scoring.views import individual_desk as desk
from scoring.views import public
from tournaments.kinds.individual import IndividualKind
from tournaments.services import scales
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

    def ranking_for_seating(self, tournament, after_turn: int) -> list:
        return player_standings(tournament, after_turn=after_turn)

    def bye_score(self, tournament):
        return scales.bye_score(tournament)  # a player's, as a pair's (Art. 33)
