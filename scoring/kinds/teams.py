"""Team events at the scoring side: their pages (the desk's and the players') and
what the seating asks of the results (the ranking it starts from, a bye's score)."""

from scoring.kinds.pairs import SHARED_DESK
from scoring.services.team_results import team_bye_score, team_standings
from scoring.views import team_desk, team_pages
from tournaments.kinds.teams import TeamsKind
from tournaments.views import membership, pairs


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

    def ranking_for_seating(self, tournament, after_turn: int) -> list:
        return team_standings(tournament, after_turn=after_turn)

    def bye_score(self, tournament):
        return team_bye_score(tournament)
