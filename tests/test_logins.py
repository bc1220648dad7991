"""Failed referee logins are throttled (django-axes, in the database): per address and per user
name, with a lockout page in Italian that says when the lock ends; the client's address
follows DJANGO_TRUSTED_PROXIES; the hall laptop's own browser is never locked out."""

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

PASSWORD = "Arbitro-Vero-2026!"


@pytest.fixture(autouse=True)
def fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def referee():
    return get_user_model().objects.create_user("arbitro", password=PASSWORD)


def login(username, password, address, client=None, **extra):
    client = client or Client()
    return client.post(
        reverse("login"),
        {"username": username, "password": password},
        REMOTE_ADDR=address,
        **extra,
    )


def test_five_wrong_passwords_lock_the_address_with_the_time_it_ends(referee):
    for _ in range(4):
        assert login("arbitro", "wrong", "10.0.0.5").status_code == 400
    locked = login("arbitro", "wrong", "10.0.0.5")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Accesso bloccato" in page and "Potete riprovare alle" in page
    assert int(locked["Retry-After"]) > 0
    # even the right password is refused from there while the lock lasts
    assert login("arbitro", PASSWORD, "10.0.0.5").status_code == 429
    assert login("someone", "x", "10.0.0.5").status_code == 429  # the address is locked


def test_five_wrong_passwords_from_many_addresses_lock_the_user_name(referee):
    for i in range(5):
        login("arbitro", "wrong", f"10.0.1.{i}")
    assert login("arbitro", PASSWORD, "10.0.2.1").status_code == 429
    other = get_user_model().objects.create_user("rossi", password=PASSWORD)
    assert login("rossi", PASSWORD, "10.0.2.1").status_code == 302  # another user is free
    assert other.is_active


def test_the_laptops_own_browser_is_never_locked_out(referee):
    for i in range(6):
        login("arbitro", "wrong", f"10.0.3.{i}")
    assert login("arbitro", PASSWORD, "10.0.4.1").status_code == 429
    assert login("arbitro", PASSWORD, "127.0.0.1").status_code == 302


def test_an_internet_server_locks_loopback_too(settings, referee):
    settings.AXES_NEVER_LOCKOUT_WHITELIST = False
    settings.AXES_IP_WHITELIST = []
    for _ in range(5):
        login("arbitro", "wrong", "127.0.0.1")
    assert login("arbitro", PASSWORD, "127.0.0.1").status_code == 429


def test_the_address_comes_from_the_trusted_proxy_only(settings, referee):
    for _ in range(5):  # forged headers from a direct client: its own address counts
        login("arbitro", "wrong", "10.0.5.1", HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"10.0.5.1"}
    AccessAttempt.objects.all().delete()
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    settings.AXES_IP_WHITELIST = []
    for _ in range(5):
        login("x", "wrong", "127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert (
        login("arbitro", PASSWORD, "127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7").status_code
        == 429
    )
    ok = login("arbitro", PASSWORD, "127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert ok.status_code == 302  # another phone behind the same proxy


def test_a_right_password_resets_the_count(referee):
    for _ in range(4):
        login("arbitro", "wrong", "10.0.6.1")
    assert login("arbitro", PASSWORD, "10.0.6.1").status_code == 302
    for _ in range(4):
        assert login("arbitro", "wrong", "10.0.6.1").status_code == 400


def test_password_validators_are_the_standard_four(settings):
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError

    names = [v["NAME"].rsplit(".", 1)[1] for v in settings.AUTH_PASSWORD_VALIDATORS]
    assert names == [
        "UserAttributeSimilarityValidator",
        "MinimumLengthValidator",
        "CommonPasswordValidator",
        "NumericPasswordValidator",
    ]
    for weak in ("burraco", "password123", "12345678901"):
        with pytest.raises(ValidationError):
            validate_password(weak)
