"""The page shown while failed logins keep an address or a user name locked out (django-axes):
in the referee's language, with the time the lock ends."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Max, Q
from django.shortcuts import render
from django.utils import timezone

from config.network import client_address


def lock_ends(request, credentials: dict | None):
    """The end of the lock: the cool-off after the latest failed login of this address or
    of this user name (a failure during the lock moves its end)."""
    from axes.models import AccessAttempt

    username = (credentials or {}).get(settings.AXES_USERNAME_FORM_FIELD) or request.POST.get(
        settings.AXES_USERNAME_FORM_FIELD
    )
    where = Q(ip_address=client_address(request))
    if username:
        where |= Q(username=username)
    latest = AccessAttempt.objects.filter(where).aggregate(at=Max("attempt_time"))["at"]
    return (latest or timezone.now()) + settings.AXES_COOLOFF_TIME


def locked_out(request, original_response=None, credentials=None):
    until = timezone.localtime(lock_ends(request, credentials))
    minutes = max(1, round((until - timezone.localtime()).total_seconds() / 60))
    response = render(
        request,
        "registration/locked_out.html",
        {
            "until": until,
            "minutes": minutes,
            "limit": settings.AXES_FAILURE_LIMIT,
            "laptop_exempt": settings.AXES_NEVER_LOCKOUT_WHITELIST,
        },
        status=429,
    )
    response["Retry-After"] = str(minutes * 60)
    return response
