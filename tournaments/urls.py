from django.urls import path

from scoring.views import board, documents, entry, homologation, prizes, rulings
from scoring.views import results as scoring
from tournaments.views import desk as views
from tournaments.views import (
    groups,
    individual,  # noqa: F401 - registers the individual desk pages
    individual_players,
    membership,
    pairs,
)

urlpatterns = [
    path("", views.DashboardView.as_view(), name="dashboard"),
    path("settings/", views.TournamentEditView.as_view(), name="tournament_edit"),
    path("backup/", views.BackupView.as_view(), name="backup"),
    path("pairs/", pairs.PairListView.as_view(), name="pairs"),
    path("pairs/add/", pairs.PairFormView.as_view(), name="pair_add"),
    path("pairs/import/", pairs.ImportView.as_view(), name="pair_import"),
    path(
        "pairs/import/sample.csv",
        pairs.ImportSampleView.as_view(),
        {"fmt": "csv"},
        name="pair_import_sample_csv",
    ),
    path(
        "pairs/import/sample.xlsx",
        pairs.ImportSampleView.as_view(),
        {"fmt": "xlsx"},
        name="pair_import_sample_xlsx",
    ),
    path("pairs/<int:number>/", pairs.PairFormView.as_view(), name="pair_edit"),
    path("pairs/<int:number>/delete/", pairs.PairDeleteView.as_view(), name="pair_delete"),
    path("players/", individual_players.PlayersView.as_view(), name="individual_players"),
    path(
        "players/<int:number>/",
        individual_players.PlayerEditView.as_view(),
        name="individual_player",
    ),
    path("membership/", membership.MembershipView.as_view(), name="membership"),
    path("membership/list/", membership.MemberListView.as_view(), name="member_list"),
    path("membership/admit/", membership.AdmitView.as_view(), name="membership_admit"),
    path("seating/", views.SeatingView.as_view(), name="seating"),
    path("seating/next/", views.SeatNextView.as_view(), name="seat_next"),
    path("seating/release/", views.ReleaseView.as_view(), name="seat_release"),
    path("seating/undo/", views.UndoSeatingView.as_view(), name="seat_undo"),
    path("seating/swap/", views.SwapView.as_view(), name="swap"),
    path("scores/", entry.EntryView.as_view(), name="entry"),
    path("scores/preview/", entry.PreviewView.as_view(), name="entry_preview"),
    path("scores/<int:turn>/<int:table>/swap/", scoring.SwapLinesView.as_view(), name="swap_lines"),
    path("scores/<int:turn>/<int:table>/history/", scoring.HistoryView.as_view(), name="history"),
    path("board/", board.BoardView.as_view(), name="board"),
    path("board/<int:pk>/approve/", board.ApproveView.as_view(), name="board_approve"),
    path("board/unlock/", board.UnlockView.as_view(), name="board_unlock"),
    path("rulings/", rulings.RulingsView.as_view(), name="rulings"),
    path("rulings/penalty/", rulings.PenaltyView.as_view(), name="ruling_penalty"),
    path("rulings/table/", rulings.TableRulingView.as_view(), name="ruling_table"),
    path("rulings/adjust/", rulings.AdjustView.as_view(), name="ruling_adjust"),
    path("rulings/withdraw/", rulings.WithdrawView.as_view(), name="ruling_withdraw"),
    path("rulings/late/", rulings.LatePairView.as_view(), name="ruling_late"),
    path("rulings/catalogue/", rulings.RulingCreateView.as_view(), name="ruling_new"),
    path("documents/", documents.DocumentsView.as_view(), name="documents"),
    path("documents/new/", documents.DocumentRequestView.as_view(), name="document_request"),
    path("documents/<int:pk>/", documents.DocumentStatusView.as_view(), name="document_status"),
    path(
        "documents/<int:pk>/download/",
        documents.DocumentDownloadView.as_view(),
        name="document_download",
    ),
    path("homologation/", homologation.PackageBuildView.as_view(), name="homologation_build"),
    path(
        "homologation/<int:pk>/download/",
        homologation.PackageDownloadView.as_view(),
        name="homologation_download",
    ),
    path("standings/", scoring.StandingsView.as_view(), name="standings"),
    path("groups/", groups.GroupsView.as_view(), name="groups"),
    path("prizes/", prizes.PrizesView.as_view(), name="prizes"),
    path("standings/pair/<int:number>/", scoring.PairDetailView.as_view(), name="pair_detail"),
]
