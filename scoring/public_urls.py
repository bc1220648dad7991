from django.urls import path

from scoring.views import public as views

urlpatterns = [
    path("", views.HomeView.as_view(), name="public_home"),
    path("standings/", views.StandingsView.as_view(), name="public_standings"),
    path("pair/<int:number>/", views.PairView.as_view(), name="public_pair"),
    path("screen/", views.ScreenView.as_view(), name="public_screen"),
    path("poster/", views.PosterView.as_view(), name="public_poster"),
]
