"""Team events at the scoring side: their pages (the desk's and the players')."""

from scoring.kinds.pairs import SHARED_DESK
from scoring.views import teams as team_pages
from tournaments.kinds.teams import TeamsKind
from tournaments.views import pairs, team_desk


class TeamsEvent(TeamsKind):
    desk_pages = {
        **SHARED_DESK,
        "teams": team_desk.TeamsView,
        "lineups": team_desk.LineupsView,
        "team_detail": team_pages.TeamDetailView,
        "team_edit": team_desk.TeamEditView,
        "pair_import_sample_csv": pairs.ImportSampleView,
        "pair_import_sample_xlsx": pairs.ImportSampleView,
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
