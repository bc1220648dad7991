"""Who is asking: the client's address, trusting X-Forwarded-For only from our own proxies.

A phone's address limits its wrong PINs and a browser's its failed logins. Behind a reverse
proxy every request comes from the proxy, and the client's address is in X-Forwarded-For,
which anyone can also send: it is believed only when the request comes from an address listed
in DJANGO_TRUSTED_PROXIES (addresses or networks, comma-separated), and then read from the
right, skipping our own proxies, so that a value the client wrote itself is never taken.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def parse_networks(text: str) -> tuple:
    networks = []
    for item in (text or "").split(","):
        item = item.strip()
        if not item:
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"DJANGO_TRUSTED_PROXIES: {item!r} is not an IP address or network"
            ) from None
    return tuple(networks)


@lru_cache(maxsize=8)
def _trusted(config: tuple[str, ...]) -> tuple:
    return parse_networks(",".join(config))


def _address(text: str):
    """An IP address from a header value, or None (ports and IPv6 brackets removed)."""
    text = text.strip().strip('"')
    if text.startswith("["):  # "[2001:db8::1]:1234"
        text = text[1:].split("]", 1)[0]
    elif text.count(":") == 1:  # "192.0.2.1:1234"
        text = text.split(":", 1)[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    return address.ipv4_mapped or address if address.version == 6 else address


def is_trusted(address, networks) -> bool:
    return any(address in network for network in networks)


def client_address(request) -> str | None:
    """The address of the device that sent the request, as a string (None if unknown)."""
    remote = _address(request.META.get("REMOTE_ADDR", "") or "")
    if remote is None:
        return None
    networks = _trusted(tuple(getattr(settings, "TRUSTED_PROXIES", ()) or ()))
    if not networks or not is_trusted(remote, networks):
        if remote.is_loopback and request.META.get("HTTP_X_FORWARDED_FOR"):
            _warn_untrusted_proxy(str(remote))
        return str(remote)
    client = remote
    hops = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            break  # a value our proxy did not write: stop at the last address we trust
        client = address
        if not is_trusted(address, networks):
            break
    return str(client)


_warned: set[str] = set()


def _warn_untrusted_proxy(address: str) -> None:
    """A proxy on this machine forwards requests but is not trusted: every phone then has its
    address, and one phone's wrong PINs would lock them all. Said once, in the server's log."""
    if address in _warned:
        return
    _warned.add(address)
    import logging

    logging.getLogger(__name__).warning(
        "requests from %s carry X-Forwarded-For: if it is your reverse proxy, add it to "
        "DJANGO_TRUSTED_PROXIES (README, Deployment)",
        address,
    )
