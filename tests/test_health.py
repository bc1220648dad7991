"""Operations: /healthz for the balancer (database, cache, queue depth; 200 or 503) and one
structured log line per request."""

import json
import logging

import pytest
from django.test import override_settings

from config.middleware import RequestLogMiddleware

pytestmark = pytest.mark.django_db


def test_healthz_reports_database_cache_and_queue(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        response = client.get("/healthz")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    body = response.json()
    assert body["status"] == "ok" and body["database"] == "ok" and body["cache"] == "ok"
    assert body["queue"] == {"ready": 0, "running": 0, "failed": 0, "workers": 0}
    assert "no-cache" in response["Cache-Control"]


def test_healthz_is_503_when_the_cache_is_unreachable(client):
    unreachable = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    with override_settings(CACHES=unreachable):
        response = client.get("/healthz")
        assert response.status_code == 503
        body = response.json()
        assert body["status"] == "unavailable" and body["cache"].startswith("error")
        assert body["database"] == "ok"


def test_healthz_answers_only_get(client):
    assert client.post("/healthz").status_code == 405


def test_a_public_page_is_served_when_the_cache_is_unreachable(client, tmp_path):
    from tests.helpers import make_tournament

    slug = make_tournament(tmp_path, pairs=4, turns=1)
    unreachable = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    with override_settings(CACHES=unreachable):
        assert client.get(f"/t/{slug}/").status_code == 200


def test_one_json_line_per_request_with_tournament_and_timing(rf, settings, caplog, tmp_path):
    from django.http import HttpResponse
    from django.urls import resolve

    settings.REQUEST_LOG = True

    def view(request):
        request.resolver_match = resolve("/t/cup/standings/")
        return HttpResponse(status=201)

    middleware = RequestLogMiddleware(view)
    with caplog.at_level(logging.INFO, logger="burraco.requests"):
        middleware(rf.get("/t/cup/standings/?q=Rossi", REMOTE_ADDR="10.0.0.7"))
    (record,) = [r for r in caplog.records if r.name == "burraco.requests"]
    line = json.loads(record.getMessage())
    assert line["tournament"] == "cup" and line["status"] == 201
    assert line["path"] == "/t/cup/standings/" and "Rossi" not in record.getMessage()
    assert line["view"] == "public_standings" and line["client"] == "10.0.0.7"
    assert isinstance(line["ms"], float)


def test_a_phone_address_keeps_its_table_code_out_of_the_log(rf, settings, caplog):
    from django.http import HttpResponse
    from django.urls import resolve

    settings.REQUEST_LOG = True

    def view(request):
        request.resolver_match = resolve("/s/ABCD1234/")
        return HttpResponse()

    with caplog.at_level(logging.INFO, logger="burraco.requests"):
        RequestLogMiddleware(view)(rf.get("/s/ABCD1234/"))
    assert "ABCD1234" not in caplog.text


def test_no_log_line_unless_asked(rf, settings, caplog):
    from django.http import HttpResponse

    settings.REQUEST_LOG = False
    with caplog.at_level(logging.INFO, logger="burraco.requests"):
        RequestLogMiddleware(lambda r: HttpResponse())(rf.get("/"))
    assert not [r for r in caplog.records if r.name == "burraco.requests"]
