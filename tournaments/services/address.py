"""The address players' phones use, for the QR codes and the settings page."""

from __future__ import annotations

import time

from django.conf import settings

from tournaments.rules.address import PhoneAddress, phone_address

_CACHE: dict[str, tuple[float, list[str]]] = {}
_TTL = 60.0  # seconds: the laptop may join another Wi-Fi, but not every page needs `ip`


def network_addresses() -> list[str]:
    """The laptop's IPv4 addresses on the local networks (asked once a minute at most)."""
    # config (above the apps) owns how the server is started and which addresses it serves;
    # asked only when a page shows the phones' address, so the app does not load it.
    from config.supervisor import lan_addresses

    now = time.monotonic()
    cached = _CACHE.get("lan")
    if cached is None or now - cached[0] > _TTL:
        cached = (now, lan_addresses())
        _CACHE["lan"] = cached
    return cached[1]


def for_request(request) -> PhoneAddress:
    """DJANGO_PUBLIC_URL, else the browser's address when it is not the laptop's own, else
    the laptop's LAN address (same port), else the browser's (phones cannot use it)."""
    browser = request.build_absolute_uri("/")
    return phone_address(settings.PUBLIC_URL, browser, network_addresses())
