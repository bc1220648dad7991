"""Deployment settings: a hall laptop by default, an internet server with DJANGO_SECURE=1."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def settings_of(**env) -> str:
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; "
        "django.setup(); from django.conf import settings as s; "
        "print(s.DEBUG, s.ALLOWED_HOSTS, getattr(s, 'SECURE_SSL_REDIRECT', False), "
        "s.SESSION_COOKIE_SECURE)"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result.stdout.strip() or result.stderr


def test_hall_laptop_defaults_debug_off_every_lan_address():
    assert settings_of() == "False ['*'] False False"
    assert settings_of(DJANGO_DEBUG="1").startswith("True")


def test_secure_deployment_passes_the_deploy_check():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SECURE="1",
        DJANGO_SECRET_KEY="k" * 20 + "-a-long-random-secret-0123456789",
        DJANGO_ALLOWED_HOSTS="burraco.example.org",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        settings_of(**{k: env[k] for k in env if k.startswith("DJANGO_")})
        == "False ['burraco.example.org'] True True"
    )


def test_secure_deployment_needs_a_secret_key():
    assert "needs DJANGO_SECRET_KEY" in settings_of(DJANGO_SECURE="1")


@pytest.mark.django_db
def test_static_files_are_served_by_the_app_with_debug_off(client, settings):
    assert settings.DEBUG is False
    response = client.get("/static/css/app.css", HTTP_HOST="192.168.1.20")
    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"/*")
    login = client.get("/accounts/login/", HTTP_HOST="10.0.0.7:8000")
    assert login.status_code == 200
