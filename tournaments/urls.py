from django.urls import path

from scoring.views import board, documents, entry, homologation, prizes, rulings
from scoring.views import results as scoring
from scoring.views import teams as team_pages
from tournaments.views import desk as views
from tournaments.views import (
    groups,
    individual,  # noqa: F401 - registers the individual desk pages
    individual_players,
    membership,
    pairs,
)
from tournaments.views import teams as teams
from tournaments.views.teams import by_kind

urlpatterns = [
    path("", views.DashboardView.as_view(), name="dashboard"),
    path("settings/", views.TournamentEditView.as_view(), name="tournament_edit"),
    path("backup/", views.BackupView.as_view(), name="backup"),
    path("pairs/", by_kind(pairs.PairListView, teams.ToTeams), name="pairs"),
    path("pairs/add/", by_kind(pairs.PairFormView, teams.ToTeams), name="pair_add"),
    path("pairs/import/", by_kind(pairs.ImportView, teams.ToTeams), name="pair_import"),
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
    path("pairs/<int:number>/", by_kind(pairs.PairFormView, teams.ToTeams), name="pair_edit"),
    path("pairs/<int:number>/delete/", by_kind(pairs.PairDeleteView), name="pair_delete"),
    path("players/", individual_players.PlayersView.as_view(), name="individual_players"),
    path(
        "players/<int:number>/",
        individual_players.PlayerEditView.as_view(),
        name="individual_player",
    ),
    path("membership/", by_kind(membership.MembershipView), name="membership"),
    path("membership/list/", by_kind(membership.MemberListView), name="member_list"),
    path("membership/admit/", by_kind(membership.AdmitView), name="membership_admit"),
    path("seating/", by_kind(views.SeatingView, teams.TeamSeatingView), name="seating"),
    path("seating/next/", views.SeatNextView.as_view(), name="seat_next"),
    path("seating/release/", views.ReleaseView.as_view(), name="seat_release"),
    path("seating/undo/", views.UndoSeatingView.as_view(), name="seat_undo"),
    path("seating/swap/", by_kind(views.SwapView), name="swap"),
    path("scores/", entry.EntryView.as_view(), name="entry"),
    path("scores/preview/", entry.PreviewView.as_view(), name="entry_preview"),
    path("scores/<int:turn>/<int:table>/swap/", scoring.SwapLinesView.as_view(), name="swap_lines"),
    path("scores/<int:turn>/<int:table>/history/", scoring.HistoryView.as_view(), name="history"),
    path("board/", board.BoardView.as_view(), name="board"),
    path("board/<int:pk>/approve/", board.ApproveView.as_view(), name="board_approve"),
    path("board/unlock/", board.UnlockView.as_view(), name="board_unlock"),
    path("rulings/", by_kind(rulings.RulingsView, team_pages.TeamRulingsView), name="rulings"),
    path(
        "rulings/penalty/",
        by_kind(rulings.PenaltyView, team_pages.TeamPenaltyView),
        name="ruling_penalty",
    ),
    path("rulings/table/", by_kind(rulings.TableRulingView), name="ruling_table"),
    path("rulings/adjust/", by_kind(rulings.AdjustView), name="ruling_adjust"),
    path("rulings/withdraw/", by_kind(rulings.WithdrawView), name="ruling_withdraw"),
    path("rulings/late/", by_kind(rulings.LatePairView), name="ruling_late"),
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
    path(
        "standings/", by_kind(scoring.StandingsView, team_pages.TeamStandingsView), name="standings"
    ),
    path("groups/", by_kind(groups.GroupsView), name="groups"),
    path("prizes/", by_kind(prizes.PrizesView), name="prizes"),
    path("teams/", teams.TeamsView.as_view(), name="teams"),
    path("teams/lineups/", teams.LineupsView.as_view(), name="lineups"),
    path("teams/<int:number>/edit/", teams.TeamEditView.as_view(), name="team_edit"),
    path("teams/<int:number>/", team_pages.TeamDetailView.as_view(), name="team_detail"),
    path(
        "standings/pair/<int:number>/",
        by_kind(scoring.PairDetailView, team_pages.TeamDetailView),
        name="pair_detail",
    ),
]
