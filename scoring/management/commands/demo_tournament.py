"""A realistic demo of each kind of event (the kind builds it: `build_demo`); the pairs' one
is what `make run` loads into an empty database."""

import random
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.db import transaction

from scoring.management.demo_people import DemoPeople
from tournaments.kinds import kind_of, registered
from tournaments.management.base import ContractCommand
from tournaments.models import Tournament

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
        parser.add_argument("--kind", choices=list(registered()), default="pairs")

    def run(self, **opts):
        self.referee = self.first_referee()
        if opts["if_empty"] and Tournament.objects.exists():
            self.stdout.write("The database already has tournaments: no demo loaded.")
            return
        kind = kind_of(opts["kind"])
        people = DemoPeople(FIRST, LAST, CLUBS, demo_line_totals)
        with transaction.atomic():
            t = kind.build_demo(opts["slug"], random.Random(opts["seed"]), self.referee, people)
        self.stdout.write(kind.demo_summary(t))

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
