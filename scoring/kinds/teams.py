"""Team events at the scoring side: their pages (the desk's and the players')."""

from scoring.kinds.pairs import SHARED_DESK
from scoring.services import prizes as prize_service
from scoring.views import teams as team_pages
from tournaments.kinds.teams import TeamsKind
from tournaments.views import membership, pairs, team_desk


class TeamsEvent(TeamsKind):
    desk_pages = {
        **SHARED_DESK,
        "teams": team_desk.TeamsView,
        "lineups": team_desk.LineupsView,
        "team_detail": team_pages.TeamDetailView,
        "pair_import_sample_csv": pairs.ImportSampleView,
        "pair_import_sample_xlsx": pairs.ImportSampleView,
        "member_list": membership.MemberListView,
        "seating": team_desk.TeamSeatingView,
        "rulings": team_pages.TeamRulingsView,
        "ruling_penalty": team_pages.TeamPenaltyView,
        "standings": team_pages.TeamStandingsView,
        "pair_detail": team_pages.TeamDetailView,
    }
    public_pages = {
        "public_home": team_pages.TeamsHomeView,
        "public_standings": team_pages.TeamsStandingsView,
        "public_screen": team_pages.TeamsScreenView,
        "public_team": team_pages.PublicTeamView,
    }

    def prize_field(self, tournament, prizes: list) -> prize_service.PrizeField:
        """Today's field of a team event's prize list (its lines' pairs): the team events'
        own prizes replace it."""
        return prize_service.pairs_field(tournament, prizes)
