"""The commands as federation staff run them: real processes, exit codes, one-line refusals."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def cli(tmp_path_factory):
    """The commands in a folder of their own: the database, the automatic backups, the keys
    and the working directory are all in it (never in the checkout)."""
    folder = tmp_path_factory.mktemp("cli")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'cli.sqlite3'}",
        "DJANGO_BACKUP_DIR": str(folder / "backups"),
        "DJANGO_HOMOLOGATION_KEY_FILE": str(folder / "homologation-key.pem"),
    }

    def call(*args):
        return subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    assert call("migrate", "--noinput").returncode == 0
    call.folder = folder
    return call


def test_a_refusal_is_one_line_with_a_non_zero_exit_and_no_traceback(cli):
    r = cli("turn_seat", "missing")
    assert r.returncode != 0
    assert "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == ["CommandError: Unknown tournament missing."]


def test_a_whole_small_tournament_from_the_shell(cli, tmp_path):
    assert (
        cli("tournament_create", "--slug", "cli", "--name", "CLI", "--turns", "2").returncode == 0
    )
    pairs = tmp_path / "p.csv"
    pairs.write_text("player1;player2\nA;B\nC;D\nE;F\n")
    assert cli("pairs_import", "cli", str(pairs)).returncode == 0
    seating = json.loads(cli("turn_seat", "cli", "--json").stdout)
    assert seating["byes"][0]["pair"] == 2
    r = cli("score_record", "cli", "--turn", "1", "--table", "1", "--ns", "12", "--ew", "0")
    assert r.returncode != 0 and "multiple of 5" in r.stderr and "Traceback" not in r.stderr
    r = cli("score_record", "cli", "--turn", "1", "--table", "1", "--ns", "1200", "--ew", "0")
    assert r.returncode == 0, r.stderr
    data = json.loads(cli("results_export", "cli", "--format", "json").stdout)
    assert data["turns"][0]["tables"][0]["ns_vp"] == 18
    assert [s["pair"] for s in data["standings"]] == [1, 2, 3]
    assert [p.name for p in (cli.folder / "backups").iterdir()] == ["cli-turno-1.json"]


def test_circuit_commands_from_the_shell(cli):
    """A circuit by the contract: refusals are one line, exit 1 (docs/circuits.md)."""
    r = cli("circuit_create", "giro", "--name", "Giro", "--points", "placing:10,x")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.strip().splitlines() == [
        "CommandError: Points by rank: whole numbers separated by commas."
    ]
    r = cli(
        "circuit_create",
        "giro",
        "--name",
        "Giro",
        "--season",
        "2026",
        "--points",
        "vp",
        "--best",
        "3",
        "--finalists-percent",
        "15",
    )
    assert r.returncode == 0, r.stderr
    r = cli("circuit_stage_add", "giro", "nowhere")
    assert r.returncode == 1 and r.stderr.strip() == "CommandError: No tournament nowhere here."
    r = cli("circuit_standings", "giro", "--json")
    data = json.loads(r.stdout)
    assert data["circuit"]["season"] == 2026 and data["stages"] == data["standings"] == []
