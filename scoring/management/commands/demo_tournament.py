"""A realistic demo: 26 pairs, 3 Mitchell + 2 Danish turns of 3 deals, three turns played."""

import datetime
import random
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.db import transaction

from scoring.management.demo_individual import build_individual_demo
from scoring.management.demo_teams import build_teams_demo
from scoring.services.results import Entry, record_scores
from tournaments.management.base import ContractCommand
from tournaments.models import Tournament
from tournaments.services import seating, setup
from tournaments.services.imports import PairRow

FIRST = [
    "Giulia",
    "Marco",
    "Francesca",
    "Luca",
    "Chiara",
    "Giovanni",
    "Anna",
    "Paolo",
    "Sara",
    "Roberto",
    "Elena",
    "Andrea",
    "Valentina",
    "Stefano",
    "Laura",
    "Alessandro",
    "Silvia",
    "Davide",
    "Federica",
    "Massimo",
    "Paola",
    "Antonio",
    "Cristina",
    "Franco",
    "Rita",
    "Giuseppe",
    "Teresa",
    "Carlo",
    "Lucia",
    "Enrico",
]
LAST = [
    "Rossi",
    "Russo",
    "Ferrari",
    "Esposito",
    "Bianchi",
    "Romano",
    "Colombo",
    "Ricci",
    "Marino",
    "Greco",
    "Bruno",
    "Gallo",
    "Conti",
    "De Luca",
    "Mancini",
    "Costa",
    "Giordano",
    "Rizzo",
    "Lombardi",
    "Moretti",
    "Barbieri",
    "Fontana",
    "Santoro",
    "Mariani",
    "Rinaldi",
    "Caruso",
    "Ferrara",
    "Galli",
    "Martini",
    "Leone",
    "Longo",
    "Gentile",
    "Martinelli",
    "Vitale",
    "Lombardo",
    "Serra",
    "Coppola",
    "De Santis",
    "D'Angelo",
    "Marchetti",
]
CLUBS = [
    "ASD Burraco Roma Nord",
    "Circolo Burraco Milano",
    "Burraco Club Napoli",
    "ASD Le Pinelle Firenze",
    "Circolo del Pozzetto Torino",
    "Burraco Bari",
]
USERNAME = "arbitro"


def new_password() -> str:
    """Four groups of four letters and digits, easy to copy from the screen (no 0/O, 1/l),
    about 79 bits; checked against the password validators of the settings."""
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    while True:
        password = "-".join("".join(secrets.choice(alphabet) for _i in range(4)) for _g in range(4))
        try:
            validate_password(password)
        except Exception:  # a group of digits only, say: draw again
            continue
        return password


def demo_line_totals(rng: random.Random) -> tuple[int, int]:
    """Plausible 3-deal totals: each line 0-3,000 in steps of 5, sometimes negative."""
    ns = rng.randrange(-40, 600) * 5
    ew = rng.randrange(-40, 600) * 5
    return ns, ew


class Command(ContractCommand):
    help = (
        "Create the demo tournament for a first look (and, in a new database, the referee "
        "account with a random password printed once)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="do nothing when the database already has a tournament",
        )
        parser.add_argument("--slug", default="demo")
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument("--kind", choices=["pairs", "individual", "teams"], default="pairs")

    def run(self, **opts):
        self.referee = self.first_referee()
        if opts["if_empty"] and Tournament.objects.exists():
            self.stdout.write("The database already has tournaments: no demo loaded.")
            return
        if opts["kind"] == "individual":  # 42 players, 9 turns (scoring/management)
            with transaction.atomic():
                t = build_individual_demo(
                    opts["slug"],
                    random.Random(opts["seed"]),
                    self.referee,
                    (FIRST, LAST, CLUBS),
                    demo_line_totals,
                )
            self.stdout.write(
                f"Demo tournament {t.slug!r}: {t.players.count()} players, "
                f"{t.turn_set.count()} turns seated."
            )
            return
        with transaction.atomic():
            if opts["kind"] == "teams":  # scoring/management/demo_teams.py
                rng = random.Random(opts["seed"])
                t = build_teams_demo(
                    opts["slug"], rng, self.referee, (FIRST, LAST), CLUBS, demo_line_totals
                )
                return self.stdout.write(
                    f"Demo team event {t.slug!r}: {t.teams.count()} teams, "
                    f"{t.turn_set.count()} turns seated."
                )
            t = self.build(opts["slug"], random.Random(opts["seed"]))
        self.stdout.write(
            f"Demo tournament {t.slug!r}: {t.pairs.count()} pairs, "
            f"{t.turn_set.count()} turns seated."
        )

    def first_referee(self):
        """On the very first run (no account, no tournament) the referee's account, with a
        random password printed once; never an account created or reset afterwards."""
        User = get_user_model()
        with transaction.atomic():
            if User.objects.exists() or Tournament.objects.exists():
                return User.objects.filter(username=USERNAME).first()
            password = new_password()
            user = User.objects.create_superuser(USERNAME, "", password)
        self.stdout.write(
            f"Referee login (shown only this once, write it down): user {USERNAME!r}, "
            f"password {password!r}. Change it at /accounts/password_change/."
        )
        return user

    def build(self, slug: str, rng: random.Random) -> Tournament:
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
        if self.referee is not None:
            t.referees.add(self.referee)
        people = rng.sample([(f, s) for f in FIRST for s in LAST], 52)
        rows = []
        for i in range(26):
            (f1, s1), (f2, s2) = people[2 * i], people[2 * i + 1]
            rows.append(
                PairRow(
                    line=i + 2,
                    player1=f"{s1} {f1}",
                    player2=f"{s2} {f2}",
                    membership1=f"RM{10400 + 2 * i:06d}",
                    membership2=f"RM{10401 + 2 * i:06d}",
                    club=rng.choice(CLUBS),
                )
            )
        setup.import_pairs(t, rows)
        for number in (1, 2, 3):
            out = seating.seat_next_turn(t)
            seating.release_turn(t, number)
            entries = [Entry(table.number, *demo_line_totals(rng)) for table in out.tables]
            record_scores(t, number, entries, source="demo")
        seating.seat_next_turn(t)
        seating.release_turn(t, 4)  # the players see where they sit for turn 4
        return t
