"""The address on every QR code (issue 14 item 5): tournaments.rules.address, no Django."""

import pytest

from tournaments.rules.address import BROWSER, CONFIGURED, LOCAL, NETWORK, is_local, phone_address


@pytest.mark.parametrize(
    "url",
    [
        "http://localhost:8000",
        "http://127.0.0.1:8000",
        "http://127.1.2.3",
        "http://[::1]:8000",
        "http://0.0.0.0:8000",
        "http://app.localhost:8000",
        "http://LOCALHOST",
        "",
        "http://[bad",
    ],
)
def test_the_laptops_own_names_are_local(url):
    assert is_local(url)


@pytest.mark.parametrize(
    "url",
    ["http://192.168.1.10:8000", "http://10.0.0.5", "https://torneo.example.it", "burraco.lan"],
)
def test_addresses_phones_can_open_are_not_local(url):
    assert not is_local(url)


def test_the_configured_address_wins():
    got = phone_address("http://torneo.lan:8000/", "http://127.0.0.1:8000/", ["192.168.1.10"])
    assert (got.url, got.source, got.local) == ("http://torneo.lan:8000", CONFIGURED, False)


def test_a_browser_on_the_network_gives_its_own_address():
    got = phone_address("", "http://192.168.1.10:8000/", ["10.0.0.2"])
    assert (got.url, got.source) == ("http://192.168.1.10:8000", BROWSER)


def test_a_browser_on_the_laptop_gives_the_lan_address_with_its_port():
    got = phone_address("", "http://127.0.0.1:8123/", ["192.168.1.10", "10.0.0.2"])
    assert (got.url, got.source, got.local) == ("http://192.168.1.10:8123", NETWORK, False)
    got = phone_address("", "http://localhost/", ["192.168.1.10"])
    assert got.url == "http://192.168.1.10"


def test_no_network_keeps_the_local_address_and_says_so():
    got = phone_address("", "http://127.0.0.1:8000/", [])
    assert (got.url, got.source, got.local) == ("http://127.0.0.1:8000", LOCAL, True)


def test_a_configured_localhost_is_still_flagged():
    assert phone_address("http://localhost:8000", "http://x", ["192.168.1.10"]).local
