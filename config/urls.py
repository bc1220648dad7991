from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, re_path

from config import views as config_views
from config.health import healthz
from scoring import circuit_urls
from scoring.views.homologation import VerifyView
from scoring.views.tableside import TableView
from tournaments.views import desk as views

handler400 = "config.views.bad_request"

urlpatterns = [
    path("", config_views.root, name="home"),
    path("new/", views.TournamentCreateView.as_view(), name="tournament_new"),
    path("desk/<slug:slug>/", include("config.desk_urls")),
    path("t/<slug:slug>/", include("scoring.public_urls")),
    path("circuits/", include(circuit_urls.desk)),
    path("c/<slug:slug>/", include(circuit_urls.public)),
    path("s/<str:code>/", TableView.as_view(), name="table_entry"),
    re_path(r"^verify/(?P<digest>[0-9a-f]{64})/$", VerifyView.as_view(), name="verify"),
    path("hub/", include("scoring.hub_urls")),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # Log in, log out and change one's password; no reset by e-mail (a hall laptop has no mail).
    path("accounts/login/", config_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password_change/",
        config_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
]
