from django.contrib import admin
from django.urls import include, path

from scoring.tableside_views import TableView
from tournaments import views

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("new/", views.TournamentCreateView.as_view(), name="tournament_new"),
    path("desk/<slug:slug>/", include("tournaments.urls")),
    path("t/<slug:slug>/", include("scoring.public_urls")),
    path("s/<str:code>/", TableView.as_view(), name="table_entry"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
]
