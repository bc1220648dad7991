"""Pairs events at the scoring side: their pages (the desk's and the players') and the
commands every kind answers (withdraw, swap, a table ruling's guilty line, an admission)."""

from django.utils.translation import gettext_lazy as _

from scoring.kinds.base import ScoringKind
from scoring.kinds.pairs.demo import build_pairs_demo
from scoring.services import decisions, entrants, exports
from scoring.services import prizes as prize_service
from scoring.services import standings as standing_service
from scoring.services.decisions import withdraw_pair
from scoring.views import board, documents, entry, homologation, prizes, public, rulings
from scoring.views import results as scoring
from tournaments.kinds.pairs import views as pairs
from tournaments.kinds.pairs.kind import PairsKind
from tournaments.services import lookup, scales, seating, seating_report
from tournaments.services import membership as membership_service
from tournaments.services.seating import rests_again
from tournaments.views import desk, groups, membership

# The desk's pages every kind of event has, as they are.
SHARED_DESK = {
    "dashboard": desk.DashboardView,
    "tournament_edit": desk.TournamentEditView,
    "backup": documents.BackupView,
    "seating": desk.SeatingView,
    "seat_next": desk.SeatNextView,
    "seat_release": desk.ReleaseView,
    "seat_undo": desk.UndoSeatingView,
    "entry": entry.EntryView,
    "entry_preview": entry.PreviewView,
    "swap_lines": scoring.SwapLinesView,
    "history": scoring.HistoryView,
    "board": board.BoardView,
    "board_approve": board.ApproveView,
    "board_unlock": board.UnlockView,
    "rulings": rulings.RulingsView,
    "ruling_penalty": rulings.PenaltyView,
    "ruling_adjust": rulings.AdjustView,
    "ruling_new": rulings.RulingCreateView,
    "documents": documents.DocumentsView,
    "document_request": documents.DocumentRequestView,
    "document_status": documents.DocumentStatusView,
    "document_download": documents.DocumentDownloadView,
    "homologation_build": homologation.PackageBuildView,
    "homologation_download": homologation.PackageDownloadView,
    "standings": scoring.StandingsView,
    "pair_detail": scoring.PairDetailView,
}

SHARED_PUBLIC = {
    "public_home": public.HomeView,
    "public_standings": public.StandingsView,
    "public_screen": public.ScreenView,
}


class PairsEvent(ScoringKind, PairsKind):
    line_related = ("ns", "ew")
    has_groups = True
    admits = True
    desk_pages = {
        **SHARED_DESK,
        "pairs": pairs.PairListView,
        "pair_add": pairs.PairFormView,
        "pair_import": pairs.ImportView,
        "pair_import_sample_csv": pairs.ImportSampleView,
        "pair_import_sample_xlsx": pairs.ImportSampleView,
        "pair_edit": pairs.PairFormView,
        "pair_delete": pairs.PairDeleteView,
        "membership": membership.MembershipView,
        "member_list": membership.MemberListView,
        "membership_admit": membership.AdmitView,
        "swap": desk.SwapView,
        "ruling_table": rulings.TableRulingView,
        "ruling_withdraw": rulings.WithdrawView,
        "ruling_late": rulings.LatePairView,
        "groups": groups.GroupsView,
        "prizes": prizes.PrizesView,
    }
    public_pages = {**SHARED_PUBLIC, "public_pair": public.PairView}

    def build_demo(self, slug, rng, referee, people):
        return build_pairs_demo(slug, rng, referee, people)

    def ranking_for_seating(self, tournament, after_turn: int) -> list:
        return standing_service.pair_standings(tournament, after_turn=after_turn)

    def standings(self, tournament, after_turn=None) -> list:
        return standing_service.pair_standings(tournament, after_turn)

    def report_names(self, tournament) -> dict[int, dict]:
        return standing_service.pair_names(tournament)

    def swap_seats(self, tournament, a, b, *, confirmed=False, user=None) -> list:
        return seating.swap_pairs(tournament, a, b, confirmed=confirmed, user=user)

    def desk_seating(self, tournament, turn) -> dict:
        return seating.desk_seating(tournament, turn)

    def seat_next(self, tournament, user=None):
        return seating.seat_next_turn(tournament, user)

    def write_seating(self, stdout, tournament, out, as_json: bool) -> None:
        seating_report.write_pairs_seating(stdout, tournament, out, as_json)

    def bye_score(self, tournament):
        return scales.bye_score(tournament)

    def standings_range(self, tournament, from_turn: int, to_turn: int) -> list:
        """The ranking of turns `from_turn`..`to_turn` only, inside the groups once set."""
        return standing_service.pairs_standings_range(tournament, from_turn, to_turn)

    def entrant_rows(self, tournament, ranked=None) -> list[dict]:
        placed = {r.pair: r for r in (ranked or exports.standings(tournament))}
        return [
            {
                "number": p.number,
                "group": placed[p.number].group if p.number in placed else None,
                "group_rank": placed[p.number].group_rank if p.number in placed else None,
                "players": [exports.player_row(pl) for pl in (p.player1, p.player2)],
                **({"province": p.province} if p.province else {}),
                **({"region": p.region} if p.region else {}),
                **exports.withdrawn(p),
            }
            for p in tournament.pairs.select_related("player1", "player2").order_by("number")
        ]

    def rests_again(self, tournament) -> dict:
        return rests_again(tournament)

    def line_numbers(self, line):
        return line.number

    def line_entrants(self, line) -> list[int]:
        return [line.number]

    def entrant_columns(self) -> list:
        return [
            _("Pair"),
            *(_("Player 1"), _("Membership 1"), _("Club 1")),
            *(_("Player 2"), _("Membership 2"), _("Club 2")),
        ]

    def entrant_cells(self, entrants: dict, number: int) -> list:
        one, two = entrants[number]["players"]
        return [number, *(one["name"], one["membership"], one["club"])] + [
            *(two["name"], two["membership"], two["club"])
        ]

    def entrant_sheet(self, entrants: dict) -> tuple[list, list]:
        header = [*self.entrant_columns(), _("Province"), _("Region")]
        rows = [
            self.entrant_cells(entrants, n)
            + [entrants[n].get("province", ""), entrants[n].get("region", "")]
            for n in sorted(entrants)
        ]
        return header, rows

    def hub_players(self, data: dict) -> dict:
        """Each of a pair's two players, the other one as partner."""
        found = {}
        for pair in data["pairs"]:
            players = pair["players"]
            found[pair["number"]] = [
                (player, players[1 - i]["name"] if len(players) == 2 else "")
                for i, player in enumerate(players[:2])
            ]
        return found

    def side_cell(self, entrants: dict, numbers):
        return numbers  # a pair is known by its number

    def admit(self, tournament, number: int, *, member=None, reason: str, user=None) -> None:
        """The membership check's admission of pair `number`'s player `member` (1 or 2; None:
        the pair as a whole, for the juniors' rule)."""
        pair = lookup.pair_by_number(tournament, number)
        membership_service.admit(tournament, pair, member, reason, user=user)

    def guilty_line(self, tournament, turn_number: int, table_number: int, number: int):
        """The line a table ruling goes against: pair `number` itself, if it plays there."""
        return decisions.pair_at_table(tournament, turn_number, table_number, number)

    def prize_field(self, tournament, prizes: list) -> prize_service.PrizeField:
        """Who competes for the prizes: the pairs, by the standings per group."""
        return prize_service.pairs_field(tournament, prizes)

    def withdraw(self, tournament, number, *, reason, after_turn=None, user=None) -> int:
        entrants.check_after_turn(tournament, after_turn)
        pair = lookup.pair_by_number(tournament, number)
        return withdraw_pair(tournament, pair, reason=reason, user=user)

    def swap(self, tournament, turn_number, a, b, *, reason, force=False, user=None):
        return entrants.swap_in_turn(
            tournament,
            turn_number,
            a,
            b,
            reason=reason,
            force=force,
            user=user,
            swapper=seating.swap_pairs,
        )
