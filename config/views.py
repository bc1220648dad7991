"""Error pages: a bad request shows the app's own message (never Django's internal one)."""

from django.contrib.auth import views as auth_views
from django.shortcuts import render

from tournaments.http import BadInput, InvalidFormIs400
from tournaments.views.desk import HomeView


def bad_request(request, exception=None):
    known = isinstance(exception, BadInput)
    context = {
        "message": exception.message if known else "",
        "back": exception.back if known else "",
        "back_label": exception.back_label if known else "",
    }
    return render(request, "400.html", context, status=400)


class LoginView(InvalidFormIs400, auth_views.LoginView):
    """Django's login: a wrong user name or password answers 400 with the form's message."""


class PasswordChangeView(InvalidFormIs400, auth_views.PasswordChangeView):
    """Django's password change: a refused password answers 400 with the form's message."""


def root(request):
    """The address of the installation: the referee's tournaments, or on the federation's hub
    (DJANGO_ROLE=hub) its calendar. Decided at each request, not when the URLs are loaded."""
    from django.conf import settings
    from django.shortcuts import redirect

    if settings.ROLE == "hub":
        return redirect("hub_calendar")
    return HomeView.as_view()(request)
