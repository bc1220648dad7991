"""Error pages: a bad request shows the app's own message (never Django's internal one)."""

from django.shortcuts import render

from tournaments.http import BadInput


def bad_request(request, exception=None):
    message = exception.message if isinstance(exception, BadInput) else ""
    return render(request, "400.html", {"message": message}, status=400)
