"""Backups written before the kinds became one engine (issue 25) still restore, for each kind.

The files under fixtures/backups_before_kinds/ were written by `tournament_backup` at commit
67f1a8e (the last commit before `tournaments/kinds/`), from the three demo tournaments with a
penalty each, and for pairs a table ruling (Art. 32, abandonment) and a prize list.
`expected.json` holds the standings that version exported (`results_export --format json`):
the restored tournament must rank the same entrants with the same VP and MP.
"""

import json
from pathlib import Path

import pytest

from tests.helpers import run
from tournaments.models import Tournament

HERE = Path(__file__).parent / "fixtures" / "backups_before_kinds"
EXPECTED = json.loads((HERE / "expected.json").read_text())
ENTRANT = {"pairs": "pair", "individual": "player", "teams": "team"}

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("kind", ["pairs", "individual", "teams"])
def test_an_old_backup_restores_with_the_same_standings(kind):
    out = run("tournament_restore", str(HERE / f"{kind}.json"), "--slug", f"old-{kind}")
    noun = {"pairs": "26 pairs", "individual": "42 players", "teams": "12 teams"}[kind]
    assert out.startswith(f"Restored old-{kind}: {noun}, ")
    tournament = Tournament.objects.get(slug=f"old-{kind}")
    assert tournament.kind == kind
    data = json.loads(run("results_export", f"old-{kind}", "--format", "json"))
    key = ENTRANT[kind]
    rows = [[r["rank"], r[key], r["vp"], r["mp"], r["penalty_vp"]] for r in data["standings"]]
    assert rows == EXPECTED[kind]["standings"]
    assert len(data["penalties"]) == EXPECTED[kind]["penalties"]
    assert len(data["turns"]) == EXPECTED[kind]["turns"]
    # the export of the restored event carries the new keys beside the old ones
    assert data["log"] and all("entrants" in entry for entry in data["log"])


def test_an_old_pairs_backup_keeps_its_ruling_and_prizes():
    run("tournament_restore", str(HERE / "pairs.json"), "--slug", "old-pairs")
    data = json.loads(run("results_export", "old-pairs", "--format", "json"))
    turn4 = next(t for t in data["turns"] if t["number"] == 4)
    adjusted = [t for t in turn4["tables"] if t["adjusted"]]
    assert len(adjusted) == 1 and adjusted[0]["table"] == 1
    prizes = json.loads(run("prizes", "old-pairs", "--json"))
    assert [(p["place"], p["prize"], p["pair"]) for p in prizes] == [
        (1, "Coppa", 25),
        (2, "Targa", 4),
    ]
