"""The hub's balancer keeps its public pages one second (deploy/cluster.py, docs/homologation.md):
HAProxy's cache in front of the app, for visitors without cookies, only on a hub."""

import http.client
import http.server
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.test_crash import free_port

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "deploy"))
import cluster  # noqa: E402


def config(tmp_path, port: int, app_port: int, role: str | None) -> Path:
    section, rules = cluster.hub_cache(role)
    path = tmp_path / "haproxy.cfg"
    path.write_text(
        cluster.HAPROXY.format(
            dir=tmp_path,
            port=port,
            servers=f"    server app1 127.0.0.1:{app_port} maxconn 4",
            hub_cache_section=section,
            hub_cache_rules=rules,
        )
    )
    return path


def test_a_club_installation_has_no_balancer_cache():
    assert cluster.hub_cache(None) == ("", "") and cluster.hub_cache("club") == ("", "")
    section, rules = cluster.hub_cache("hub")
    assert "max-age 1" in section and "cache-use hub" in rules and "!has_cookie" in rules


class App(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802 (the standard library's name)
        App.hits.append(self.path)
        body = f"page {len(App.hits)}".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Cookie, Accept-Language")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def get(port: int, path: str, **headers) -> str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers)
    body = conn.getresponse().read().decode()
    conn.close()
    return body


def test_a_hub_page_without_cookie_is_served_by_the_balancer_for_one_second(tmp_path):
    if shutil.which("haproxy") is None:
        pytest.skip("haproxy is not installed (make test installs it)")
    app = http.server.ThreadingHTTPServer(("127.0.0.1", 0), App)
    threading.Thread(target=app.serve_forever, daemon=True).start()
    port = free_port()
    path = config(tmp_path, port, app.server_address[1], "hub")
    assert subprocess.run(["haproxy", "-c", "-q", "-f", str(path)]).returncode == 0
    balancer = subprocess.Popen(["haproxy", "-db", "-f", str(path)], stdout=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                first = get(port, "/hub/")
                break
            except OSError:
                time.sleep(0.1)
        App.hits.clear()
        first = get(port, "/hub/")
        assert get(port, "/hub/") == first  # from the balancer
        kept = App.hits.count("/hub/")
        assert kept <= 1  # two requests, at most one reached the app
        get(port, "/hub/", Cookie="django_language=en")  # a cookie: the app answers
        assert App.hits.count("/hub/") == kept + 1
        get(port, "/hub/players/?q=x")  # another address: the app answers
        get(port, "/desk/")  # not a hub page: never kept
        get(port, "/desk/")
        assert App.hits.count("/desk/") == 2 and "/hub/players/?q=x" in App.hits
        time.sleep(2.2)  # a received package shows within a second
        assert get(port, "/hub/") != first
    finally:
        balancer.terminate()
        balancer.wait(10)
        app.shutdown()
