"""The team event of `demo_tournament --kind teams`: 12 teams of 4 to 6 players, a round
robin of 3 turns in groups of 4 then 2 Danish turns (Art. 2), four turns played and the fifth
seated, a substitute coming in between matches (Art. 32) and a penalty on a team."""

from __future__ import annotations

import datetime
import random

from scoring.kinds.teams.penalties import add_team_penalty
from scoring.services.results import Entry, record_scores
from tournaments.kinds import kind_of
from tournaments.kinds.teams import setup as team_setup
from tournaments.models import Tournament
from tournaments.services import seating, setup

TEAM_NAMES = [
    "Le Pinelle",
    "I Pozzetti",
    "Burraco Pulito",
    "Le Matte",
    "Scala Reale",
    "Gli Assi",
    "Jolly Roma",
    "Carte Scoperte",
    "Il Tallone",
    "La Chiusura",
    "Sette di Cuori",
    "I Sempre Sporchi",
]


def build_teams_demo(slug: str, rng: random.Random, referee, names, clubs, totals) -> Tournament:
    """`names`: (first, last) pools; `clubs`; `totals(rng)`: plausible line totals."""
    t = setup.create_tournament(
        slug=slug,
        name="Campionato a squadre di Burraco",
        date=datetime.date.today(),
        plan="round-robin:3,danish:2",
        deals=3,
        kind=Tournament.Kind.TEAMS,
        team_group_size=4,
        venue="Circolo Canottieri, Roma",
        organiser="ASD Burraco Roma Nord",
        referee_name="Maria Bellini",
        referee_code="ARB-0421",
    )
    if referee is not None:
        t.referees.add(referee)
    first, last = names
    people = iter(rng.sample([(f, s) for f in first for s in last], 12 * 6))
    teams = []
    for i, team_name in enumerate(TEAM_NAMES):
        club = rng.choice(clubs)
        size = (4, 5, 5, 6)[i % 4]
        members = []
        for k in range(size):
            given, surname = next(people)
            members.append(
                team_setup.Member(f"{surname} {given}", f"SQ{1000 + 10 * i + k:06d}", club)
            )
        teams.append((team_name, members))
    team_setup.register_teams(t, teams)
    for number in (1, 2, 3, 4):
        if number == 2:  # team 2's fifth player comes in for its second player (Art. 32)
            (a, b), (c, d) = team_setup.lineup_for(t.teams.get(number=2), 2)
            fifth = team_setup.roster(t.teams.get(number=2))[4]
            team_setup.set_lineup(t, 2, 2, ((a, fifth), (c, d)))
        out = kind_of(t).seat_next(t)
        seating.release_turn(t, number)
        record_scores(t, number, [Entry(x.number, *totals(rng)) for x in out.tables], source="demo")
        if number == 3:
            add_team_penalty(t, t.teams.get(number=7), vp=1, reason="Ritardo all'inizio del turno")
    kind_of(t).seat_next(t)
    seating.release_turn(t, 5)
    return t
