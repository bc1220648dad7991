"""The pairs event's demo (`demo_tournament`, what `make run` loads into an empty database)."""

import datetime
import random

from scoring.services.results import Entry, record_scores
from tournaments.models import Tournament
from tournaments.services import seating, setup
from tournaments.services.imports import PairRow


def build_pairs_demo(slug: str, rng: random.Random, referee, people) -> Tournament:
    """26 pairs, 3 Mitchell + 2 Danish turns of 3 deals, three turns played and the fourth
    published. `people`: the demos' names, clubs and plausible line totals."""
    t = setup.create_tournament(
        slug=slug,
        name="Torneo di Burraco della Befana",
        date=datetime.date.today(),
        plan="mitchell:3,danish:2",
        deals=3,
        venue="Circolo Canottieri, Roma",
        organiser="ASD Burraco Roma Nord",
        referee_name="Maria Bellini",
        referee_code="ARB-0421",
    )
    if referee is not None:
        t.referees.add(referee)
    drawn = rng.sample([(f, s) for f in people.first for s in people.last], 52)
    rows = []
    for i in range(26):
        (f1, s1), (f2, s2) = drawn[2 * i], drawn[2 * i + 1]
        rows.append(
            PairRow(
                line=i + 2,
                player1=f"{s1} {f1}",
                player2=f"{s2} {f2}",
                membership1=f"RM{10400 + 2 * i:06d}",
                membership2=f"RM{10401 + 2 * i:06d}",
                club=rng.choice(people.clubs),
            )
        )
    setup.import_pairs(t, rows)
    for number in (1, 2, 3):
        out = seating.seat_next_turn(t)
        seating.release_turn(t, number)
        entries = [Entry(table.number, *people.totals(rng)) for table in out.tables]
        record_scores(t, number, entries, source="demo")
    seating.seat_next_turn(t)
    seating.release_turn(t, 4)  # the players see where they sit for turn 4
    return t
