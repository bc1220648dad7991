"""Individual events at the scoring side: their pages (the desk's and the players'), their
export and documents (rows per player, Art. 2)."""

from django.utils.translation import gettext_lazy as _

from scoring.documents import sheets
from scoring.kinds.base import ScoringKind
from scoring.kinds.individual import desk
from scoring.kinds.individual import rulings as individual_rulings
from scoring.kinds.individual import standings as player_results
from scoring.kinds.individual.demo import build_individual_demo
from scoring.kinds.individual.rulings import withdraw_player
from scoring.kinds.individual.standings import player_standings, player_standings_range, rests_again
from scoring.kinds.pairs.kind import SHARED_DESK, SHARED_PUBLIC
from scoring.services import entrants, exports
from scoring.services import prizes as prize_service
from scoring.views import prizes, public, rulings
from tournaments.errors import Refused
from tournaments.kinds.individual import lists as individual_lists
from tournaments.kinds.individual import report as individual_report
from tournaments.kinds.individual import seating as individual_seating
from tournaments.kinds.individual import views as players
from tournaments.kinds.individual.kind import IndividualKind
from tournaments.kinds.individual.registration import player_by_number
from tournaments.services import membership as membership_service
from tournaments.services import scales
from tournaments.views import desk as seating_pages
from tournaments.views import groups, membership


class IndividualEvent(ScoringKind, IndividualKind):
    entrants_key = "players"
    entrant_key = entrant_field = "player"
    group_members_key = "players"
    groups_always_listed = False
    entrants_sheet = "Giocatori"
    pdf_columns = (_("No."), _("Player"), _("Club"))

    def build_demo(self, slug, rng, referee, people):
        names = (people.first, people.last, people.clubs)
        return build_individual_demo(slug, rng, referee, names, people.totals)

    desk_pages = {
        **SHARED_DESK,
        "individual_players": players.PlayersView,
        "individual_player": players.PlayerEditView,
        "individual_import": players.PlayersImportView,
        "pair_detail": desk.PlayerDetailView,
        "rulings": desk.IndividualRulingsView,
        "prizes": prizes.PrizesView,
        "swap": seating_pages.SwapView,  # the kind swaps two players (their lines)
        "ruling_table": rulings.TableRulingView,  # against the guilty player's line
        "ruling_withdraw": rulings.WithdrawView,  # the kind withdraws a player (Art. 32)
        "ruling_late": desk.IndividualLateView,
        # the adjusted score (also opened for one table) on the individual rulings page
        "ruling_adjust": (rulings.AdjustView, {"rulings_view": desk.IndividualRulingsView}),
        "membership": membership.MembershipView,
        "member_list": membership.MemberListView,
        "membership_admit": membership.AdmitView,
        "groups": groups.GroupsView,
    }
    public_pages = {**SHARED_PUBLIC, "public_pair": public.PlayerView}  # a player's own page

    def ranking_for_seating(self, tournament, after_turn: int) -> list:
        return player_standings(tournament, after_turn=after_turn)

    def standings(self, tournament, after_turn=None) -> list:
        return player_standings(tournament, after_turn)

    def report_names(self, tournament) -> dict[int, dict]:
        return player_results.player_names(tournament)

    def turn_seating(self, turn, query: str = "") -> tuple[list, list]:
        return individual_lists.turn_seating(turn, query)  # lines of players, rests of players

    def swap_seats(self, tournament, a, b, *, confirmed=False, user=None) -> list:
        return individual_seating.swap_players(tournament, a, b, confirmed=confirmed, user=user)

    def desk_seating(self, tournament, turn) -> dict:
        tables, byes = individual_lists.turn_seating(turn)  # lines of players, their rests
        return {
            "tables": tables,
            "byes": byes,
            "rest_again": rests_again(tournament).get(turn.number, []),
        }

    def slips_pdf(self, tournament, turn) -> bytes:
        return sheets.player_slips_pdf(tournament, turn)  # with his line's PIN

    def seat_next(self, tournament, user=None):
        return individual_seating.seat_individual_turn(tournament, user)

    def write_seating(self, stdout, tournament, out, as_json: bool) -> None:
        individual_report.write_seating(stdout, tournament, out, as_json)

    def bye_score(self, tournament):
        return scales.bye_score(tournament)  # a player's, as a pair's (Art. 33)

    def standings_range(self, tournament, from_turn: int, to_turn: int) -> list:
        """The players ranked on turns `from_turn`..`to_turn` only."""
        return player_standings_range(tournament, from_turn, to_turn)

    def entrant_rows(self, tournament, ranked=None) -> list[dict]:
        return [
            {"number": p.number, **exports.player_row(p), **exports.withdrawn(p)}
            for p in tournament.players.exclude(number=None).order_by("number")
        ]

    def entrant_players(self, row: dict) -> list[dict]:
        """An individual event's entrant is the player himself."""
        return [row]

    def rests_again(self, tournament) -> dict:
        return rests_again(tournament)

    def standings_row(self, row) -> dict:
        """A player's row; his group and place in it once the groups are set."""
        grouped = row.group is not None
        return exports.standings_row(self.entrant_key, row, grouped)

    def admit(self, tournament, number: int, *, member=None, reason: str, user=None) -> None:
        """The membership check's admission of player `number` (alone: no place in a pair)."""
        if member is not None:
            raise Refused(
                _("A player of an individual event plays alone: give no place in a pair.")
            )
        player = player_by_number(tournament, number)
        membership_service.admit_player(tournament, player, reason, user=user)

    def guilty_line(self, tournament, turn_number: int, table_number: int, number: int):
        """The line a table ruling goes against: the one holding player `number` there."""
        return individual_rulings.player_line(tournament, turn_number, table_number, number)

    def prize_field(self, tournament, prizes: list) -> prize_service.PrizeField:
        """Who competes for the prizes: the players, by the players' standings."""
        return prize_service.players_field(tournament, prizes)

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


def swap_players(tournament, a, b, *, confirmed=False, user=None) -> list[str]:
    """The players' swap, its repeats said as one sentence for the log."""
    repeats = individual_seating.swap_players(tournament, a, b, confirmed=confirmed, user=user)
    if not repeats:
        return []
    return [
        _("After this swap these players would meet again: %(p)s.")
        % {"p": ", ".join(f"{x}–{y}" for x, y in repeats)}
    ]
