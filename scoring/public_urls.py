from django.urls import path

from scoring.views import public as views
from scoring.views import teams
from tournaments.views.teams import by_kind

urlpatterns = [
    path("", by_kind(views.HomeView, teams.TeamsHomeView), name="public_home"),
    path(
        "standings/",
        by_kind(views.StandingsView, teams.TeamsStandingsView),
        name="public_standings",
    ),
    path("pair/<int:number>/", by_kind(views.PairView, teams.NoTeamsPage), name="public_pair"),
    path("team/<int:number>/", teams.PublicTeamView.as_view(), name="public_team"),
    path("screen/", by_kind(views.ScreenView, teams.TeamsScreenView), name="public_screen"),
    path("poster/", views.PosterView.as_view(), name="public_poster"),
]
