from urllib.parse import quote, unquote

from django.urls import path, register_converter

from scoring.views import hub


class CardConverter:
    """A membership card as a received package carries it: any text ("A/B", "..",
    "=cmd|' /C calc'!A00"). Written escaped whole (slashes and dots too, so no browser or
    proxy reads it as a path), read back unescaped."""

    regex = ".+"

    def to_python(self, value: str) -> str:
        return unquote(value)

    def to_url(self, value: str) -> str:
        return quote(str(value), safe="").replace(".", "%2E")


register_converter(CardConverter, "card")

urlpatterns = [
    path("", hub.CalendarView.as_view(), name="hub_calendar"),
    path("t/<int:pk>/", hub.TournamentView.as_view(), name="hub_tournament"),
    path("players/", hub.PlayerSearchView.as_view(), name="hub_players"),
    path("players/<card:membership>/", hub.PlayerView.as_view(), name="hub_player"),
    path("api/packages/", hub.ReceiveView.as_view(), name="hub_receive"),
    path("api/tournaments/", hub.ApiTournamentsView.as_view(), name="hub_api_tournaments"),
    path("api/tournaments/<int:pk>/", hub.ApiTournamentView.as_view(), name="hub_api_tournament"),
    path("api/players/", hub.ApiPlayersView.as_view(), name="hub_api_players"),
    path("api/players/<card:membership>/", hub.ApiPlayerView.as_view(), name="hub_api_player"),
]
