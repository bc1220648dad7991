"""Serve the tournament to the hall: the referee's desk and the players' phones (`make run`).

gunicorn on every network interface (the phones come over the Wi-Fi), the background worker
beside it (document builds, automatic backups: `manage.py db_worker`), static files from the
app itself (WhiteNoise), everything stopped by one Ctrl-C. The address
the phones use is printed and, unless DJANGO_PUBLIC_URL says otherwise, printed in the QR
codes of the score sheets and pair cards.
"""

from __future__ import annotations

import os

from django.core.management.base import BaseCommand, CommandError

from config import supervisor


def default_workers() -> int:
    """One process per core, two to four: SQLite has one writer at a time, and more
    processes only queue for it (bench/rush.py: 2 sync workers on 2 cores ahead of 3 or 4,
    and of threaded workers)."""
    return max(2, min(4, os.cpu_count() or 2))


class Command(BaseCommand):
    help = "Serve the app to the hall (gunicorn on the LAN); stop with Ctrl-C."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0", help="address to listen on")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--workers", type=int, default=default_workers())
        parser.add_argument(
            "--threads", type=int, default=1, help="threads per worker (more than 1: gthread)"
        )
        parser.add_argument(
            "--no-worker",
            action="store_true",
            help="no background worker here (workers run elsewhere: a cluster's app server)",
        )

    def handle(self, *args, **opts):
        if not 1 <= opts["port"] <= 65535:
            raise CommandError(f"--port {opts['port']} is not a TCP port")
        if not 1 <= opts["workers"] <= 32 or not 1 <= opts["threads"] <= 64:
            raise CommandError("--workers goes from 1 to 32, --threads from 1 to 64")
        host, port = opts["host"], opts["port"]
        env = {}
        self.stdout.write(f"Referee's desk on this computer: http://127.0.0.1:{port}/")
        if host in ("0.0.0.0", "::"):
            lan = supervisor.lan_addresses()
            for address in lan:
                self.stdout.write(f"Players' phones on the local network: http://{address}:{port}/")
            if not lan:
                self.stdout.write("No local network found: phones cannot reach this computer.")
            if lan and not os.environ.get("DJANGO_PUBLIC_URL"):
                env["DJANGO_PUBLIC_URL"] = f"http://{lan[0]}:{port}"
                self.stdout.write(
                    f"QR codes lead to {env['DJANGO_PUBLIC_URL']} "
                    "(set DJANGO_PUBLIC_URL to choose another address)."
                )
        self.stdout.write("Stop with Ctrl-C.")
        self.stdout.flush()
        children = [
            supervisor.Child(
                "gunicorn",
                supervisor.gunicorn_command(host, port, opts["workers"], opts["threads"]),
                env,
            ),
        ]
        if not opts["no_worker"]:
            children.append(supervisor.Child("worker", supervisor.worker_command(), env))
        code = supervisor.supervise(children, out=self.stdout)
        if code:
            raise CommandError(f"the server stopped with exit code {code}")
