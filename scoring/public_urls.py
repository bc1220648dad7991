"""The players' pages of one tournament (`/t/<slug>/…`): the tournament's kind chooses the view
of each address (`scoring.kinds.pages.public_page`)."""

from django.urls import path

from scoring.kinds.pages import public_page
from scoring.views import public as views

urlpatterns = [
    path("", public_page("public_home"), name="public_home"),
    path("standings/", public_page("public_standings"), name="public_standings"),
    path("pair/<int:number>/", public_page("public_pair"), name="public_pair"),
    path("team/<int:number>/", public_page("public_team"), name="public_team"),
    path("screen/", public_page("public_screen"), name="public_screen"),
    path("poster/", views.PosterView.as_view(), name="public_poster"),
]
