"""Individual events at the scoring side: their pages (the desk's and the players')."""

from scoring.kinds.pairs import SHARED_DESK, SHARED_PUBLIC, PairsEvent
from scoring.views import individual_desk as desk
from scoring.views import public
from tournaments.kinds.individual import IndividualKind
from tournaments.views import individual_players as players


class IndividualEvent(IndividualKind, PairsEvent):  # the pairs' hooks where not its own
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
