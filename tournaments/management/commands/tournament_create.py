import datetime

from django.core.management.base import CommandError

from tournaments.management.base import ContractCommand
from tournaments.services import setup


def iso_date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"{text} is not a date (YYYY-MM-DD)") from None


class Command(ContractCommand):
    help = "Create a tournament (the scripting contract of README.md)."

    def add_arguments(self, parser):
        parser.add_argument("--slug", required=True)
        parser.add_argument("--name", required=True)
        parser.add_argument("--date", help="YYYY-MM-DD (default: today)")
        parser.add_argument(
            "--turns",
            type=int,
            help="number of turns (default: the plan's total; a mismatch with --plan is refused)",
        )
        parser.add_argument("--deals", type=int, default=3, help="2, 3 or 4 deals per turn")
        parser.add_argument(
            "--plan", help="e.g. mitchell:4,danish:3 (default: --turns Mitchell turns)"
        )
        parser.add_argument(
            "--rules",
            default="feburit-2007",
            help="fibur (current Codice), feburit-2007 (default), club or parole",
        )
        parser.add_argument(
            "--vp-scale", help="default: the rules' own (fibur: the table by the deals)"
        )
        parser.add_argument(
            "--level", default="circolo", help="circolo, federale, regionale or nazionale"
        )
        parser.add_argument(
            "--first-seating",
            default="registration",
            help="registration, draw, alphabetical or spread",
        )
        parser.add_argument("--seed", type=int, help="makes the draw reproducible")
        parser.add_argument("--venue", default="")
        parser.add_argument("--organiser", default="")
        parser.add_argument("--referee", default="", help="the referee's name")
        parser.add_argument("--referee-code", default="", help="the referee's federation code")
        parser.add_argument(
            "--bye-percentage", type=int, help="default 70, or 60 with 4 deals (Art. 33)"
        )
        parser.add_argument("--mitchell-step", type=int, default=1)
        parser.add_argument(
            "--kind",
            default="pairs",
            help="pairs (default), individual or teams (Art. 2); plan words: pairs mitchell, "
            "danish (and the group words); individual danish, danish-modified, rainbow; teams "
            "round-robin, danish, danish-modified",
        )
        parser.add_argument(
            "--team-scoring", help="teams: vp-sum (default, 0-40 a match) or mp-scale"
        )
        parser.add_argument(
            "--groups",
            type=int,
            dest="team_group_size",
            help="teams: teams per round-robin group (default: one group of all)",
        )
        parser.add_argument(
            "--last-danish-by-ranking",
            action="store_true",
            help="the plan's last Danish turn seats by the ranking only (1st v 2nd even if "
            "they met)",
        )
        parser.add_argument(
            "--individual-table",
            help="individual: 12-34 (default: 1st+2nd v 3rd+4th) or 14-23 (1st+4th v 2nd+3rd)",
        )
        parser.add_argument(
            "--lineups-close",
            help="teams: first-result (default) or release (when the turn's seating is published)",
        )

    def run(self, **opts):
        from django.utils.text import slugify

        slug = opts["slug"]
        if not slug or slugify(slug) != slug:
            raise CommandError(f"{slug!r} is not a slug (lower-case letters, digits, hyphens)")
        if not opts["name"].strip():
            raise CommandError("the name is empty")
        date = iso_date(opts["date"]) if opts["date"] else datetime.date.today()
        extra = {
            "venue": opts["venue"],
            "organiser": opts["organiser"],
            "referee_name": opts["referee"],
            "referee_code": opts["referee_code"],
            "mitchell_step": opts["mitchell_step"],
        }
        if opts["bye_percentage"] is not None:
            extra["bye_percentage"] = opts["bye_percentage"]
        if opts["last_danish_by_ranking"]:
            extra["last_danish_by_ranking"] = True
        for key in ("team_scoring", "team_group_size", "individual_table", "lineups_close"):
            if opts[key] is not None:
                extra[key] = opts[key]
        t = setup.create_tournament(
            slug=slug,
            name=opts["name"].strip(),
            date=date,
            turns=opts["turns"],
            deals=opts["deals"],
            plan=opts["plan"],
            vp_scale=opts["vp_scale"],
            first_seating=opts["first_seating"],
            seed=opts["seed"],
            game_variant=opts["rules"],
            level=opts["level"],
            kind=opts["kind"],
            **extra,
        )
        said = t.kind != type(t)._meta.get_field("kind").default  # the default goes unsaid
        kind = f"{t.kind} event, " if said else ""
        self.stdout.write(
            f"Created {t.slug}: {kind}{t.turns} turns ({', '.join(t.plan)}), "
            f"{t.deals} deals, {t.vp_scale}, rules {t.game_variant}, level {t.level}, "
            f"first seating {t.first_seating}" + (f" (seed {t.seed})" if t.seed is not None else "")
        )
