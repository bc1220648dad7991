"""The address players' phones use to reach the laptop: pure Python, no Django import.

The QR codes on the score sheets, the pair cards and the poster carry this address, so it
must be one a phone on the hall's Wi-Fi can open: `localhost` or `127.0.0.1` is the phone
itself, never the laptop. In order: the address configured (DJANGO_PUBLIC_URL), the address
the referee's browser used when it is not the laptop's own, the laptop's address on the
local network, and, failing all, the browser's address, with a warning.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

CONFIGURED, BROWSER, NETWORK, LOCAL = "configured", "browser", "network", "local"


@dataclass(frozen=True)
class PhoneAddress:
    url: str  # no trailing slash: "http://192.168.1.10:8000"
    source: str  # CONFIGURED, BROWSER, NETWORK or LOCAL

    @property
    def local(self) -> bool:
        """Whether phones cannot use it (the referee must be warned before printing)."""
        return is_local(self.url)


def is_local(url: str) -> bool:
    """Whether `url` names this very machine: localhost, 127.x.y.z, ::1, 0.0.0.0."""
    try:
        host = (urlsplit(url if "//" in url else f"//{url}").hostname or "").rstrip(".")
    except ValueError:
        return True
    if not host or host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def phone_address(configured: str, browser: str, network: list[str]) -> PhoneAddress:
    """The address to print. `configured`: DJANGO_PUBLIC_URL (may be empty); `browser`: the
    address the referee's browser used ("http://127.0.0.1:8000"); `network`: the laptop's
    IPv4 addresses on the local networks, the route's first."""
    if configured:
        return PhoneAddress(configured.rstrip("/"), CONFIGURED)
    browser = browser.rstrip("/")
    if not is_local(browser):
        return PhoneAddress(browser, BROWSER)
    if network:
        parts = urlsplit(browser)
        port = f":{parts.port}" if parts.port else ""
        return PhoneAddress(f"{parts.scheme or 'http'}://{network[0]}{port}", NETWORK)
    return PhoneAddress(browser, LOCAL)
