"""A line is called a line: the model of the registered pairs and the turns' lines was
renamed Pair -> Line (table tournaments_line). A database written before the rename keeps
every pair, every individual event's line and every team line, and the tables still seat
them; `Pair` then holds only the registered pairs."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [
    ("tournaments", "0015_teamcaps2_team_withdrawal_reason"),
    ("scoring", "0024_circuits_models"),
]
AFTER = [("tournaments", "0016_lines_named")]


def _seed(apps) -> None:
    """Three events at the previous migration: a pair, an individual line, a team line."""
    tournament = apps.get_model("tournaments", "Tournament")
    player = apps.get_model("tournaments", "Player")
    team = apps.get_model("tournaments", "Team")
    pair = apps.get_model("tournaments", "Pair")
    turn = apps.get_model("tournaments", "Turn")
    table = apps.get_model("tournaments", "Table")
    for n, kind in enumerate(("pairs", "individual", "teams"), start=1):
        t = tournament.objects.create(
            name=kind,
            slug=kind,
            kind=kind,
            date=datetime.date(2026, 1, 6),
            turns=1,
            plan=["danish"],
        )
        people = [
            player.objects.create(tournament=t, number=i, name=f"{kind} {i}") for i in range(1, 5)
        ]
        line_turn = None if kind == "pairs" else 1
        side = (
            team.objects.create(tournament=t, number=1, name="Squadra") if kind == "teams" else None
        )
        ns = pair.objects.create(
            tournament=t, number=10001, player1=people[0], player2=people[1],
            line_turn=line_turn, team=side, pin=f"{n}A",
        )  # fmt: skip
        ew = pair.objects.create(
            tournament=t, number=10002, player1=people[2], player2=people[3],
            line_turn=line_turn, team=side, pin=f"{n}B",
        )  # fmt: skip
        first = turn.objects.create(tournament=t, number=1, movement="danish")
        table.objects.create(turn=first, number=1, ns=ns, ew=ew)


@pytest.mark.django_db(transaction=True)
def test_every_pair_and_line_written_before_the_rename_is_kept():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    _seed(executor.loader.project_state(BEFORE).apps)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    line = apps.get_model("tournaments", "Line")
    assert line._meta.db_table == "tournaments_line"
    kept = line.objects.order_by("tournament__slug", "number")
    assert [(x.tournament.slug, x.line_turn, x.team_id is not None, x.pin) for x in kept] == [
        ("individual", 1, False, "2A"),
        ("individual", 1, False, "2B"),
        ("pairs", None, False, "1A"),
        ("pairs", None, False, "1B"),
        ("teams", 1, True, "3A"),
        ("teams", 1, True, "3B"),
    ]
    table = apps.get_model("tournaments", "Table")
    assert sorted(t.ns.player1.name for t in table.objects.all()) == [
        "individual 1", "pairs 1", "teams 1",
    ]  # fmt: skip
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    from tournaments.models import Line, Pair, Tournament

    assert Line.objects.count() == 6
    assert list(Pair.objects.values_list("tournament__slug", flat=True)) == ["pairs", "pairs"]
    assert Tournament.objects.get(slug="individual").lines.count() == 2
    assert not Tournament.objects.get(slug="individual").pairs.exists()
    assert Tournament.objects.get(slug="pairs").pairs.count() == 2
