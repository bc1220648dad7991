"""Pairs events at the scoring side: their pages (the desk's and the players') and the hooks
the services ask (the base of every kind's scoring side: the other kinds override)."""

from django.utils.translation import gettext as _

from scoring.services import decisions
from scoring.services import prizes as prize_service
from scoring.views import board, documents, entry, homologation, prizes, public, rulings
from scoring.views import results as scoring
from tournaments.kinds.pairs import PairsKind
from tournaments.services import lookup
from tournaments.services import membership as membership_service
from tournaments.views import desk, groups, membership, pairs

# The desk's pages every kind of event has, as they are.
SHARED_DESK = {
    "dashboard": desk.DashboardView,
    "tournament_edit": desk.TournamentEditView,
    "backup": desk.BackupView,
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


class PairsEvent(PairsKind):
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

    def guilty_line(self, tournament, turn_number: int, table_number: int, number: int):
        """The line at that table of the guilty entrant: here the pair itself."""
        table = decisions.table_at(tournament, turn_number, table_number)
        return decisions.line_of(
            table,
            lambda line: line.number,
            number,
            _("Pair %(p)d does not play at table %(t)d."),
        )

    def table_entrants(self, table) -> list[int]:
        """The entrants a table's log entry names (N-S first): here its two pairs."""
        return [table.ns.number, table.ew.number]

    def prize_field(self, tournament):
        """Who may take the prizes, named and ranked (`scoring.services.prizes`)."""
        return prize_service.pairs_field(tournament)

    def admit(self, tournament, number: int, *, member=None, reason: str, user=None) -> None:
        """Admit a flagged player of pair `number` (member 1 or 2), or the pair (None)."""
        pair = lookup.pair_by_number(tournament, number)
        membership_service.admit(tournament, pair, member, reason, user=user)
