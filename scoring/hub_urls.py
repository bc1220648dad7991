from django.urls import path

from scoring.views import hub

urlpatterns = [
    path("", hub.CalendarView.as_view(), name="hub_calendar"),
    path("t/<int:pk>/", hub.TournamentView.as_view(), name="hub_tournament"),
    path("players/", hub.PlayerSearchView.as_view(), name="hub_players"),
    path("players/<str:membership>/", hub.PlayerView.as_view(), name="hub_player"),
    path("api/packages/", hub.ReceiveView.as_view(), name="hub_receive"),
    path("api/tournaments/", hub.ApiTournamentsView.as_view(), name="hub_api_tournaments"),
    path("api/tournaments/<int:pk>/", hub.ApiTournamentView.as_view(), name="hub_api_tournament"),
    path("api/players/", hub.ApiPlayersView.as_view(), name="hub_api_players"),
    path("api/players/<str:membership>/", hub.ApiPlayerView.as_view(), name="hub_api_player"),
]
