"""Every number of a sealed package recomputed (issue 27, part 1): a package from this program
recomputes with no difference for each kind of event; a forged package, signed again with the
club's own key, passes the signature and fails the recomputation, naming each changed number;
`homologation_verify --recompute` exit statuses 0/1/3/4."""

import io
import json
import zipfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from config import signing
from scoring.rules import homologation as h
from scoring.rules.recompute import recompute
from tests.helpers import export, make_tournament, play_turn, run
from tests.test_groups_flow import spread_points
from tests.test_individual import make_individual
from tests.test_individual import play as play_individual
from tests.test_teams import make_team_event
from tests.test_teams import play as play_teams

pytestmark = pytest.mark.django_db


def finished_pairs(tmp_path) -> str:
    """A national format with groups (Danish in groups after the cut), 27 pairs (a bye each
    turn), a penalty, a ruling at the table (late beyond 10'), a referee's adjusted score, a
    withdrawal, a late correction and a prize list with a technical prize."""
    slug = make_tournament(
        tmp_path, slug="naz", pairs=27, plan="mitchell:2,danish:1,danish-groups:3"
    )
    seating = play_turn(slug, spread_points)
    first = seating["tables"][0]
    run(
        "table_ruling", slug, "--turn", "1", "--table", str(first["table"]),
        "--guilty", str(first["ew"]), "--ruling", "ritardo-oltre-10",
    )  # fmt: skip
    run("penalty_add", slug, "--pair", "2", "--ruling", "art23-pozzetto", "--reason", "uno")
    run("penalty_add", slug, "--pair", "5", "--vp", "2", "--mp", "50", "--reason", "due")
    play_turn(slug, spread_points)
    run(
        "score_adjust", slug, "--turn", "2", "--table", "3", "--ns-vp", "12", "--ew-vp", "5",
        "--reason", "arbitrale",
    )  # fmt: skip
    play_turn(slug, spread_points)
    run(
        "score_record", slug, "--turn", "2", "--table", "4", "--ns", "905", "--ew", "640",
        "--reason", "errore di somma", "--late-correction",
    )  # fmt: skip
    run("withdraw", slug, "27", "--reason", "malore")
    run("groups_set", slug, "--tables", "6,7")
    for _turn in range(3):
        play_turn(slug, spread_points)
    prizes = tmp_path / "premi.csv"
    prizes.write_text(
        "girone,posto,premio,turni\nA,1,Coppa A,\nA,2,Targa A,\nA,1,Tecnico A,4-6\n"
        "B,1,Coppa B,\nB,2,Targa B,\n"
    )
    run("prizes_set", slug, "--file", str(prizes))
    return slug


def test_a_finished_pairs_tournament_recomputes_with_no_difference(tmp_path):
    data = export(finished_pairs(tmp_path))
    # what the test is about is there: byes, a penalty, an adjusted table, groups, prizes
    assert all(t["byes"] for t in data["turns"][:3])
    assert data["penalties"] and data["groups"] and len(data["prizes"]) == 5
    assert any(t["adjusted"] for turn in data["turns"] for t in turn["tables"])
    assert data["tournament"]["vp_scale_bands"][-1] == [None, 20]
    found = recompute(data)
    assert found.differences == [] and found.cannot == []


def finished_individual(tmp_path) -> str:
    """11 players (a rest each turn), a penalty, a ruling at the table, a withdrawal, prizes
    with a technical prize."""
    slug = make_individual(tmp_path, players=11, plan="danish:4")
    seating = play_individual(slug)
    first = seating["tables"][0]
    run(
        "table_ruling", slug, "--turn", "1", "--table", str(first["table"]),
        "--guilty", str(first["ew"][0]), "--ruling", "ritardo-oltre-10",
    )  # fmt: skip
    run("penalty_add", slug, "--player", "3", "--vp", "1", "--reason", "uno")
    play_individual(slug)
    run("withdraw", slug, "11", "--reason", "malore")
    play_individual(slug)
    play_individual(slug)
    prizes = tmp_path / "premi.csv"
    prizes.write_text("girone,posto,premio,turni\n,1,Primo,\n,2,Secondo,\n,1,Tecnico,3-4\n")
    run("prizes_set", slug, "--file", str(prizes))
    return slug


def finished_teams(tmp_path, scoring: str) -> str:
    """5 teams (a team bye each turn), a penalty, by the declared team scoring."""
    slug = make_team_event(tmp_path, teams=5, team_scoring=scoring, plan="round-robin:3")
    play_teams(slug, spread_points)
    run("penalty_add", slug, "--team", "2", "--vp", "3", "--reason", "ritardo")
    play_teams(slug, spread_points)
    run(
        "score_adjust", slug, "--turn", "2", "--table", "1", "--ns-vp", "15", "--ew-vp", "3",
        "--ns-mp", "400", "--ew-mp", "-400", "--reason", "arbitrale",
    )  # fmt: skip
    play_teams(slug, spread_points)
    prizes = tmp_path / "premi-squadre.csv"
    prizes.write_text("girone,posto,premio,turni\n,1,Primo,\n,2,Secondo,\n,1,Tecnico,2-3\n")
    run("prizes_set", slug, "--file", str(prizes))
    return slug


def test_a_finished_individual_event_recomputes_with_no_difference(tmp_path):
    data = export(finished_individual(tmp_path))
    assert all(t["byes"] for t in data["turns"]) and data["penalties"]
    assert len(data["prizes"]) == 3 and data["prizes"][0]["player"] is not None
    found = recompute(data)
    assert found.differences == [] and found.cannot == []


@pytest.mark.parametrize("scoring", ["vp-sum", "mp-scale"])
def test_a_finished_team_event_recomputes_with_no_difference(tmp_path, scoring):
    data = export(finished_teams(tmp_path, scoring))
    assert all(t["byes"] for t in data["turns"]) and data["penalties"]
    assert data["turns"][1]["matches"][0]["tables"][0]["adjusted"]
    assert [p["team"] is not None for p in data["prizes"]] == [True] * 3
    found = recompute(data)
    assert found.differences == [] and found.cannot == []
    data["prizes"][0]["team"], data["prizes"][1]["team"] = (
        data["prizes"][1]["team"],
        data["prizes"][0]["team"],
    )
    assert [d["code"] for d in recompute(data).differences] == ["prize", "prize"]


# --- the package, forged and signed again; homologation_verify --recompute ------------------


def package_of(tmp_path, slug: str) -> Path:
    out = tmp_path / f"{slug}.zip"
    run("homologation_package", slug, "--output", str(out))
    return out


def forge(path: Path, change) -> Path:
    """What a club with another program (or a hand-edited workbook) can send: the results
    changed by `change(data)`, the manifest rebuilt and signed again with the club's own
    registered key (this installation's)."""
    with zipfile.ZipFile(path) as z:
        files = {i.filename: z.read(i) for i in z.infolist()}
    manifest = json.loads(files[h.MANIFEST])
    data = json.loads(files[h.EXPORT])
    change(data)
    parts = {k: v for k, v in files.items() if k not in (h.MANIFEST, h.SIGNATURE)}
    parts[h.EXPORT] = json.dumps(data, ensure_ascii=False).encode()
    rebuilt = h.build_manifest(
        {k: v for k, v in parts.items() if k != h.STANDINGS},
        manifest["tournament"],
        manifest["referee"],
        manifest["created_at"],
        signing.public_key(),
    )
    rebuilt = h.seal_standings(rebuilt, parts[h.STANDINGS])
    forged = path.with_name("forged-" + path.name)
    forged.write_bytes(h.write_package(rebuilt, parts, signing.private_key()))
    return forged


def verify(path: Path, *extra) -> tuple[int, dict]:
    """(exit status, the JSON printed) of `homologation_verify --recompute --json`."""
    out = io.StringIO()
    args = ["homologation_verify", str(path), "--public-key", signing.public_key(), "--json"]
    try:
        call_command(*args, "--recompute", *extra, stdout=out, stderr=io.StringIO())
        status = 0
    except CommandError as exc:
        status = exc.returncode
    return status, json.loads(out.getvalue())


@pytest.fixture
def pairs_package(tmp_path):
    return package_of(tmp_path, finished_pairs(tmp_path))


def test_an_intact_package_from_this_program_exits_0_with_no_difference(pairs_package):
    status, answer = verify(pairs_package)
    assert status == 0
    assert answer["ok"] is True and answer["problems"] == []
    assert answer["differences"] == [] and answer["cannot_recompute"] == []
    # today's keys, exactly, and the two new ones beside them
    assert set(answer) == {
        "ok", "digest", "tournament", "public_key", "problems", "differences",
        "cannot_recompute",
    }  # fmt: skip


def test_without_recompute_the_answer_is_todays(pairs_package):
    out = run("homologation_verify", str(pairs_package), "--json")
    assert set(json.loads(out)) == {"ok", "digest", "tournament", "public_key", "problems"}


def test_a_forged_package_passes_the_signature_and_fails_the_recomputation(pairs_package):
    """Art. 30: a table's VP follow its MP difference on the scale; the forger gives table
    T of turn 1 one VP more, the first pair of the standings 3 VP more, the second prize to
    another pair: three numbers, each named."""
    said = {}

    def change(data):
        table = next(t for t in data["turns"][1]["tables"] if not t["adjusted"])
        said["table"] = (table["table"], [table["ns_vp"], table["ew_vp"]])
        table["ns_vp"], table["ew_vp"] = table["ns_vp"] + 1, table["ew_vp"] - 1
        first = data["standings"][0]
        said["first"] = (first["pair"], first["vp"])
        first["vp"] += 3
        prize = data["prizes"][1]
        said["prize"] = prize["pair"]
        prize["pair"] = 26

    forged = forge(pairs_package, change)
    intact = run("homologation_verify", str(forged), "--public-key", signing.public_key())
    assert intact.startswith("verified:")  # the signature holds: the club signed it
    status, answer = verify(forged)
    assert status == 3 and answer["ok"] is True
    number, vp = said["table"]
    assert {
        "code": "vp", "turn": 2, "table": number,
        "said": [vp[0] + 1, vp[1] - 1], "computed": vp,
    } in answer["differences"]  # fmt: skip
    pair, total = said["first"]
    assert {
        "code": "total", "field": "vp", "pair": pair, "said": total + 3, "computed": total,
    } in answer["differences"]  # fmt: skip
    prize = [d for d in answer["differences"] if d["code"] == "prize"]
    assert prize == [
        {
            "code": "prize", "prize": "Targa A", "group": "A", "place": 2, "turns": None,
            "said": 26, "computed": said["prize"],
        }
    ]  # fmt: skip
    assert answer["cannot_recompute"] == []
    # the same in words, one line each, exit 3
    out = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command(
            "homologation_verify", str(forged), "--recompute", "--language", "it", stdout=out
        )
    assert refused.value.returncode == 3
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("verified:") and len(lines) == 1 + len(answer["differences"])
    assert f"turno 2, tavolo {number}: PV {vp[0] + 1}-{vp[1] - 1} nel pacchetto" in lines[1]


def test_a_tampered_package_exits_1_even_with_recompute(pairs_package):
    with zipfile.ZipFile(pairs_package) as z:
        files = {i.filename: z.read(i) for i in z.infolist()}
    files[h.EXPORT] = files[h.EXPORT].replace(b'"vp": ', b'"vp":  ', 1)
    with zipfile.ZipFile(pairs_package, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    status, answer = verify(pairs_package)
    assert status == 1 and answer["ok"] is False
    assert answer["differences"] == [] and answer["cannot_recompute"] == []


def test_what_this_version_does_not_know_exits_4_and_is_no_difference(pairs_package):
    """A package made before the export carried the prize list, with a custom scale whose
    table it does not give: those parts cannot be recomputed, nothing is called wrong."""

    def change(data):
        del data["prizes"], data["tournament"]["prizes_cumulate"]
        del data["tournament"]["vp_scale_bands"]
        data["tournament"]["vp_scale"] = "tabella-del-circolo"

    status, answer = verify(forge(pairs_package, change))
    assert status == 4 and answer["differences"] == []
    assert {r["code"] for r in answer["cannot_recompute"]} == {"prizes", "scale"}
    assert all(r["message"] for r in answer["cannot_recompute"])
