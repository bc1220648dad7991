"""Team events at the scoring side: their pages (the desk's and the players'), what the
seating asks of the results (the ranking it starts from, a bye's score) and the commands
every kind answers (withdraw, swap, a table ruling's guilty line, an admission), each over
the shared pipeline (scoring.services.entrants, decisions) with a team for an entrant."""

from collections import defaultdict

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.documents.sheets import qr_svg
from scoring.kinds.base import ScoringKind
from scoring.kinds.pairs.kind import SHARED_DESK
from scoring.kinds.teams import desk as team_desk
from scoring.kinds.teams import penalties as team_penalties
from scoring.kinds.teams import reports as papers
from scoring.kinds.teams import views
from scoring.kinds.teams.demo import build_teams_demo
from scoring.kinds.teams.matches import (
    matches,
    team_bye_score,
    team_names,
    team_players,
    team_standings,
    team_standings_range,
)
from scoring.services import decisions, entrants, exports
from scoring.services import prizes as prize_service
from scoring.views import prizes, rulings
from tournaments.errors import Refused
from tournaments.kinds.pairs import views as pairs
from tournaments.kinds.teams import setup as team_setup
from tournaments.kinds.teams.kind import TeamsKind
from tournaments.kinds.teams.views import TeamsImportView
from tournaments.services import membership as membership_service
from tournaments.services import seating_report
from tournaments.views import groups, membership


class TeamsEvent(ScoringKind, TeamsKind):
    entrants_key = "teams"
    entrant_key = entrant_field = "team"
    group_members_key = "teams"
    groups_always_listed = False
    turn_key = "matches"
    entrants_sheet = "Squadre"
    has_groups = True  # once the groups (gironi) of a Danish in groups are set
    pdf_columns = (_("Team"), _("Name"), _("Players"))

    def build_demo(self, slug, rng, referee, people):
        names = (people.first, people.last)
        return build_teams_demo(slug, rng, referee, names, people.clubs, people.totals)

    desk_pages = {
        **SHARED_DESK,
        "teams": team_desk.TeamsView,
        "team_import": TeamsImportView,
        "lineups": team_desk.LineupsView,
        "team_detail": views.TeamDetailView,
        "team_edit": team_desk.TeamEditView,
        "pair_import_sample_csv": pairs.ImportSampleView,
        "pair_import_sample_xlsx": pairs.ImportSampleView,
        "membership": membership.MembershipView,
        "member_list": membership.MemberListView,
        "membership_admit": membership.AdmitView,
        "seating": team_desk.TeamSeatingView,
        "swap": team_desk.TeamSwapView,
        "rulings": views.TeamRulingsView,  # the shared page, with a late team's form
        "ruling_table": rulings.TableRulingView,  # against the guilty team's line
        "ruling_withdraw": rulings.WithdrawView,  # the kind withdraws a team (Art. 32)
        "ruling_late": views.TeamLateView,  # a late team takes the bye (Art. 33)
        "standings": views.TeamStandingsView,
        "pair_detail": views.TeamDetailView,
        "prizes": prizes.PrizesView,
        "groups": groups.GroupsView,
    }
    public_pages = {
        "public_home": views.TeamsHomeView,
        "public_standings": views.TeamsStandingsView,
        "public_screen": views.TeamsScreenView,
        "public_team": views.PublicTeamView,
    }

    def ranking_for_seating(self, tournament, after_turn: int) -> list:
        return team_standings(tournament, after_turn=after_turn)

    def standings(self, tournament, after_turn=None) -> list:
        return team_standings(tournament, after_turn)

    def report_names(self, tournament) -> dict[int, dict]:
        return team_names(tournament)

    def seat_next(self, tournament, user=None):
        return team_setup.seat_team_turn(tournament, user)

    def write_seating(self, stdout, tournament, out, as_json: bool) -> None:
        seating_report.write_team_seating(stdout, tournament, out, as_json)

    def bye_score(self, tournament):
        return team_bye_score(tournament)

    def standings_range(self, tournament, from_turn: int, to_turn: int) -> list:
        """The teams ranked on the matches of turns `from_turn`..`to_turn` only."""
        return team_standings_range(tournament, from_turn, to_turn)

    def standings_row(self, row) -> dict:
        """A team's row; its group and place in it once the groups are set."""
        return exports.standings_row(self.entrant_key, row, row.group is not None)

    def export_head(self, tournament) -> dict:
        return {
            "team_scoring": tournament.team_scoring,
            "team_group_size": tournament.team_group_size,
        }

    def entrant_rows(self, tournament, ranked=None) -> list[dict]:
        players = team_players(tournament)
        return [
            {
                "number": t.number,
                "name": t.name,
                "players": [
                    {
                        "number": p.number,
                        "name": p.name,
                        "membership": p.membership_number,
                        "club": p.club,
                    }
                    for p in players.get(t.number, [])
                ],
                **exports.withdrawn(t),
            }
            for t in tournament.teams.order_by("number")
        ]

    def export_turns(self, tournament) -> list[dict]:
        """A turn's matches: both tables (open and closed room) and the match's VP and MP."""
        by_turn = defaultdict(list)
        for m in matches(tournament):
            r = m.result
            by_turn[m.turn].append(
                {
                    "match": m.number,
                    "team_a": m.team_a,
                    "team_b": m.team_b,
                    "tables": [self.table_row(t) for t in (m.open, m.closed) if t is not None],
                    "vp_a": None if r is None else r.vp_a,
                    "vp_b": None if r is None else r.vp_b,
                    "mp_a": None if r is None else r.mp_a,
                    "mp_b": None if r is None else r.mp_b,
                }
            )
        return exports.turn_rows(tournament, by_turn, None)

    def table_row(self, table, late: bool | None = None) -> dict:
        teams = {"ns_team": table.ns.team.number, "ew_team": table.ew.team.number}
        return exports.table_row(self, table, extra=teams)

    def line_entrants(self, line) -> list[int]:
        return [line.team.number]

    def penalty_row(self, penalty) -> dict:
        row = exports.penalty_row(self.entrant_key, penalty)
        del row["ruling"], row["automatic"]  # not in a team event's export (its contract)
        return row

    def entrant_columns(self) -> list:
        return [_("Team"), _("Name"), _("Players")]

    def entrant_cells(self, entrants: dict, number: int) -> list:
        team = entrants[number]
        return [number, team["name"], ", ".join(p["name"] for p in team["players"])]

    def entrant_sheet(self, entrants: dict) -> tuple[list, list]:
        header = [_("Team"), _("Name"), _("Player number"), _("Player"), _("Membership")]
        rows = [
            [t["number"], t["name"], p["number"], p["name"], p["membership"], p["club"]]
            for t in entrants.values()
            for p in t["players"]
        ]
        return [*header, _("Club")], rows

    def match_sheet(self, data: dict, entrants: dict) -> tuple[list, list]:
        return papers.match_rows(data)

    def pdf_row(self, row: dict) -> dict:
        return {**row, "players": row["name"], "club": row["members"]}

    # The rulings page: a team is chosen from the list; its penalty is typed as VP and MP.
    ruling_field = "team"
    penalty_rulings = False

    def ruling_choices(self, tournament, present_only: bool = False) -> list:
        teams = tournament.teams.order_by("number")
        if present_only:
            teams = teams.filter(withdrawn_after_turn__isnull=True)
        return [(t.number, f"{t.number} {t.name}") for t in teams]

    def record_penalty(self, tournament, number: int, *, ruling=None, **fields):
        """VP and/or MP taken away from team `number` (Art. 23)."""
        team = team_setup.team_by_number(tournament, number)
        return team_penalties.add_team_penalty(tournament, team, **fields)

    def withdrawn_badges(self, tournament) -> list[str]:
        return [
            gettext("Team %(n)s %(name)s: withdrawn after turn %(t)s")
            % {"n": t.number, "name": t.name, "t": t.withdrawn_after_turn}
            for t in tournament.teams.filter(withdrawn_after_turn__isnull=False)
        ]

    def penalty_command(self, tournament, opts: dict) -> str:
        return team_penalties.penalty_command(tournament, opts)  # a team event penalises a team

    def hub_players(self, data: dict) -> dict:
        """A row per player of the team (six at most), the team's name as partner."""
        return {t["number"]: [(p, t["name"]) for p in t["players"][:6]] for t in data["teams"]}

    def label_sheets(self, tournament, sheets: list, two_up: bool) -> bool:
        papers.label_rooms(tournament, sheets)  # the two rooms of a match on one page, named
        return True

    def seating_pdf(self, tournament, turn, *, big: bool = True) -> bytes:
        return papers.seating_pdf(tournament, turn)  # matches of two tables

    def seating_alpha_pdf(self, tournament, turn) -> bytes:
        return papers.seating_pdf(tournament, turn)  # a team event's list is by match

    def slips_pdf(self, tournament, turn) -> bytes:
        return papers.slips_pdf(tournament, turn)  # a slip per team, both its tables

    def cards_pdf(self, tournament, url: str) -> bytes:
        return papers.cards_pdf(tournament, url, qr_svg(url))  # its PIN at both its tables

    def prize_field(self, tournament, prizes: list) -> prize_service.PrizeField:
        """Who competes for the prizes: the teams, named by their name, ranked on their
        matches (the club all a team's players share)."""
        return prize_service.teams_field(tournament, prizes)

    def withdraw(self, tournament, number, *, reason, after_turn=None, user=None) -> int:
        """Team `number` leaves (Art. 32): absent from the next turn to be seated on; a team
        that would have met it meets another, or rests with the bye score."""
        entrants.check_after_turn(tournament, after_turn)
        team = team_setup.team_by_number(tournament, number)
        return decisions.withdraw_entrant(tournament, team, reason=reason, user=user)

    def swap(self, tournament, turn_number, a, b, *, reason, force=False, user=None):
        """Teams `a` and `b` exchange their matches (both tables) or rest in the last seated
        turn, before any result (team_setup.swap_teams)."""
        return entrants.swap_in_turn(
            tournament,
            turn_number,
            a,
            b,
            reason=reason,
            force=force,
            user=user,
            swapper=team_setup.swap_teams,
        )

    def guilty_line(self, tournament, turn_number: int, table_number: int, number: int):
        """The line team `number` has at that table (a team plays two tables a match)."""
        table = decisions.table_of(tournament, turn_number, table_number, lock=False)
        for line in (table.ns, table.ew):
            if line.team_id is not None and line.team.number == number:
                return line
        raise Refused(
            _("Team %(p)d does not play at table %(t)d.") % {"p": number, "t": table_number}
        )

    def admit(self, tournament, number: int, *, member=None, reason: str, user=None) -> None:
        """Admit the flagged player `member` (his place in the team, 1-6) of team `number`."""
        team_setup.team_by_number(tournament, number)  # refused when there is no such team
        membership_service.admit_member(tournament, number, member, reason, user=user)
