"""Shared test helpers: build tournaments through the scripting contract."""

import io
import json
import os

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args, **kwargs) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO(), **kwargs)
    return out.getvalue()


def refused(*args, match: str) -> None:
    """The command refuses (CommandError) with a message matching `match`."""
    with pytest.raises(CommandError, match=match):
        run(*args)


def score_record_args(slug: str, turn: int, *extra, table=None, ns=None, ew=None) -> list[str]:
    """The arguments of `score_record` for one turn (`extra`: --reason, --file, --deals...)."""
    args = ["score_record", slug, "--turn", str(turn)]
    for flag, value in (("--table", table), ("--ns", ns), ("--ew", ew)):
        if value is not None:
            args += [flag, str(value)]
    return [*args, *extra]


def export(slug: str) -> dict:
    return json.loads(run("results_export", slug, "--format", "json"))


def write_pairs(path, n: int, start: int = 0, sep: str = ",", bom: bool = False) -> str:
    lines = [sep.join(["player1", "player2", "membership1", "membership2", "club"])]
    for i in range(start, start + n):
        lines.append(
            sep.join(
                [
                    f"Rossi Mario {i}",
                    f"Bianchi Anna {i}",
                    f"M{2 * i:05d}",
                    f"M{2 * i + 1:05d}",
                    "Circolo",
                ]
            )
        )
    path.write_bytes((("\ufeff" if bom else "") + "\n".join(lines) + "\n").encode())
    return str(path)


def make_tournament(tmp_path, slug="t", pairs=8, **opts) -> str:
    args = ["tournament_create", "--slug", slug, "--name", f"Torneo {slug}", "--date", "2026-11-21"]
    for key, value in opts.items():
        args += [f"--{key.replace('_', '-')}", str(value)]
    run(*args)
    if pairs:
        run("pairs_import", slug, write_pairs(tmp_path / f"{slug}.csv", pairs))
    return slug


def play_turn(slug: str, points=lambda table: (1000 + 5 * table, 500)) -> dict:
    """Seat the next turn and record every table's result."""
    seating = json.loads(run("turn_seat", slug, "--json"))
    for t in seating["tables"]:
        ns, ew = points(t["table"])
        run(*score_record_args(slug, seating["turn"], table=t["table"], ns=ns, ew=ew))
    return seating


PG_SERVER = "postgres://postgres@127.0.0.1:5432"


def scratch_postgres(prefix: str):
    """A PostgreSQL database of this run's own (`prefix` + process id + random part), for
    tests that start servers of their own; returns (url, drop) or None when unreachable.
    Two runs on one server never share it."""
    import secrets

    try:
        import psycopg

        name = f"{prefix}_{os.getpid()}_{secrets.token_hex(3)}"
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=3) as c:
            c.execute(f'CREATE DATABASE "{name}"')
    except Exception:
        return None

    def drop() -> None:
        with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return f"{PG_SERVER}/{name}", drop
