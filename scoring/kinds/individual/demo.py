"""The demo of an individual event (`demo_tournament --kind individual`): 42 players, 9
turns of 3 deals, the first drawn and then Danish (as a federation plays its individual
championship), two players resting each turn (Art. 33); eight turns played, the ninth seated
and published."""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable

from scoring.services.results import Entry, record_scores
from tournaments.kinds.individual.registration import PlayerRow, import_players
from tournaments.kinds.individual.seating import seat_individual_turn
from tournaments.models import Tournament
from tournaments.services import seating, setup

PLAYERS = 42
TURNS = 9


def build_individual_demo(
    slug: str, rng: random.Random, referee, names, totals: Callable
) -> Tournament:
    """`names`: (given names, surnames, clubs) to draw the players from; `referee` gets
    access; each table's result `totals(rng)` (the pairs demo's)."""
    first, last, clubs = names
    t = setup.create_tournament(
        slug=slug,
        name="Campionato individuale di Burraco",
        date=datetime.date.today(),
        plan=f"danish:{TURNS}",
        deals=3,
        kind="individual",
        first_seating="draw",
        seed=rng.randrange(1, 10**6),
        venue="Circolo Canottieri, Roma",
        organiser="ASD Burraco Roma Nord",
        referee_name="Maria Bellini",
        referee_code="ARB-0421",
    )
    if referee is not None:
        t.referees.add(referee)
    people = rng.sample([(f, s) for f in first for s in last], PLAYERS)
    rows = [
        PlayerRow(
            line=i + 2,
            player=f"{s} {f}",
            surname=s,
            given=f,
            membership=f"RM{20400 + i:06d}",
            club=rng.choice(clubs),
        )
        for i, (f, s) in enumerate(people)
    ]
    import_players(t, rows)
    for number in range(1, TURNS):
        out = seat_individual_turn(t)
        seating.release_turn(t, number)
        entries = [Entry(table.number, *totals(rng)) for table in out.tables]
        record_scores(t, number, entries, source="demo")
    seat_individual_turn(t)
    seating.release_turn(t, TURNS)  # the players see where they sit for the last turn
    return t
