"""Team events at the scoring side: their pages (the desk's and the players') and the hooks
the services ask where a team event differs (an entrant is a team; a table holds one of its
two lines)."""

from django.utils.translation import gettext as _

from scoring.kinds.pairs import SHARED_DESK, PairsEvent
from scoring.services import decisions
from scoring.services import prizes as prize_service
from scoring.views import prizes, rulings
from scoring.views import teams as team_pages
from tournaments.kinds.teams import TeamsKind
from tournaments.services import membership as membership_service
from tournaments.services import teams as team_setup
from tournaments.views import membership, pairs, team_desk


class TeamsEvent(TeamsKind, PairsEvent):
    desk_pages = {
        **SHARED_DESK,
        "teams": team_desk.TeamsView,
        "lineups": team_desk.LineupsView,
        "team_detail": team_pages.TeamDetailView,
        "pair_import_sample_csv": pairs.ImportSampleView,
        "pair_import_sample_xlsx": pairs.ImportSampleView,
        "membership": membership.MembershipView,
        "member_list": membership.MemberListView,
        "membership_admit": membership.AdmitView,
        "seating": team_desk.TeamSeatingView,
        "swap": team_desk.TeamSwapView,
        "rulings": team_pages.TeamRulingsView,
        "ruling_penalty": team_pages.TeamPenaltyView,
        "ruling_table": team_pages.TeamTableRulingView,
        "ruling_withdraw": team_pages.TeamWithdrawView,
        # shown again with their errors on the team event's rulings page
        "ruling_adjust": (rulings.AdjustView, {"rulings_view": team_pages.TeamRulingsView}),
        "ruling_new": (rulings.RulingCreateView, {"rulings_view": team_pages.TeamRulingsView}),
        "standings": team_pages.TeamStandingsView,
        "pair_detail": team_pages.TeamDetailView,
        "prizes": prizes.PrizesView,
    }
    public_pages = {
        "public_home": team_pages.TeamsHomeView,
        "public_standings": team_pages.TeamsStandingsView,
        "public_screen": team_pages.TeamsScreenView,
        "public_team": team_pages.PublicTeamView,
    }

    def withdraw(self, tournament, number: int, *, reason: str, after_turn=None, user=None) -> int:
        """Team `number` leaves (Art. 32): absent from the turn after `after_turn` on (default:
        the next to be seated); a team that would have met it rests with the bye score."""
        team = team_setup.team_by_number(tournament, number)
        return decisions.withdraw_entrant(
            tournament, team, reason=reason, after_turn=after_turn, user=user
        )

    def swap(
        self, tournament, turn_number: int, a: int, b: int, *, reason: str, force=False, user=None
    ):
        """Teams `a` and `b` exchange their places in a seated turn with no result yet."""
        return team_setup.swap_teams(
            tournament, turn_number, a, b, reason=reason, force=force, user=user
        )

    def guilty_line(self, tournament, turn_number: int, table_number: int, number: int):
        """The line team `number` has at that table (a team plays two tables a match)."""
        table = decisions.table_at(tournament, turn_number, table_number)
        return decisions.line_of(
            table,
            lambda line: line.team.number if line.team_id else None,
            number,
            _("Team %(p)d does not play at table %(t)d."),
        )

    def table_entrants(self, table) -> list[int]:
        """A table's two teams (its lines' own numbers are internal)."""
        return [table.ns.team.number, table.ew.team.number]

    def prize_field(self, tournament):
        """The teams: named by their name, ranked on their matches (no groups, no clubs)."""
        return prize_service.teams_field(tournament)

    def admit(self, tournament, number: int, *, member=None, reason: str, user=None) -> None:
        """Admit a flagged player of team `number` (member: his place in the team, 1-6)."""
        team_setup.team_by_number(tournament, number)
        membership_service.admit_entrant(tournament, number, member, reason, user=user)
