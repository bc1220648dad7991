"""The referee's desk of one tournament (`/desk/<slug>/…`). Every address names a page; the
tournament's kind chooses the view that serves it (`scoring.kinds.pages.desk_page`), so a kind's
pages are listed in its own object (`scoring/kinds/`), never here."""

from django.urls import path

from scoring.kinds.pages import desk_page


def page(route: str, name: str, kwargs=None):
    return path(route, desk_page(name), kwargs, name=name)


urlpatterns = [
    page("", "dashboard"),
    page("settings/", "tournament_edit"),
    page("backup/", "backup"),
    page("pairs/", "pairs"),
    page("pairs/add/", "pair_add"),
    page("pairs/import/", "pair_import"),
    path(
        "pairs/import/sample.csv",
        desk_page("pair_import_sample_csv"),
        {"fmt": "csv"},
        name="pair_import_sample_csv",
    ),
    path(
        "pairs/import/sample.xlsx",
        desk_page("pair_import_sample_xlsx"),
        {"fmt": "xlsx"},
        name="pair_import_sample_xlsx",
    ),
    page("pairs/<int:number>/", "pair_edit"),
    page("pairs/<int:number>/delete/", "pair_delete"),
    page("players/", "individual_players"),
    page("players/<int:number>/", "individual_player"),
    page("players/import/", "individual_import"),
    page("membership/", "membership"),
    page("membership/list/", "member_list"),
    page("membership/admit/", "membership_admit"),
    page("seating/", "seating"),
    page("seating/next/", "seat_next"),
    page("seating/release/", "seat_release"),
    page("seating/undo/", "seat_undo"),
    page("seating/swap/", "swap"),
    page("scores/", "entry"),
    page("scores/preview/", "entry_preview"),
    page("scores/<int:turn>/<int:table>/swap/", "swap_lines"),
    page("scores/<int:turn>/<int:table>/history/", "history"),
    page("board/", "board"),
    page("board/<int:pk>/approve/", "board_approve"),
    page("board/unlock/", "board_unlock"),
    page("rulings/", "rulings"),
    page("rulings/penalty/", "ruling_penalty"),
    page("rulings/table/", "ruling_table"),
    page("rulings/adjust/", "ruling_adjust"),
    page("rulings/withdraw/", "ruling_withdraw"),
    page("rulings/late/", "ruling_late"),
    page("rulings/catalogue/", "ruling_new"),
    page("documents/", "documents"),
    page("documents/new/", "document_request"),
    page("documents/<int:pk>/", "document_status"),
    page("documents/<int:pk>/download/", "document_download"),
    page("homologation/", "homologation_build"),
    page("homologation/<int:pk>/download/", "homologation_download"),
    page("standings/", "standings"),
    page("groups/", "groups"),
    page("prizes/", "prizes"),
    page("teams/", "teams"),
    page("teams/import/", "team_import"),
    page("teams/lineups/", "lineups"),
    page("teams/<int:number>/", "team_detail"),
    page("teams/<int:number>/edit/", "team_edit"),
    page("standings/pair/<int:number>/", "pair_detail"),
]
