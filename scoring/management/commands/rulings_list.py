import json

from scoring.models import Ruling
from scoring.services.decisions import catalogue
from tournaments.management.base import ContractCommand
from tournaments.services import lookup


class Command(ContractCommand):
    help = (
        "Print the catalogue of rulings: code, article, effect, default VP/MP, title. "
        "With a tournament's slug, its own rulings too."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="also the rulings added in this tournament")
        parser.add_argument("--json", action="store_true")

    def run(self, **opts):
        if opts["slug"]:
            rows = list(catalogue(lookup.tournament_by_slug(opts["slug"])).order_by("code"))
        else:
            rows = list(Ruling.objects.filter(active=True, tournament=None).order_by("code"))
        if opts["json"]:
            self.stdout.write(
                json.dumps(
                    [
                        {
                            "code": r.code,
                            "article": r.article,
                            "title": r.title,
                            "effect": r.effect,
                            "vp": r.vp,
                            "mp": r.mp,
                            "scope": "tournament" if r.tournament_id else "federation",
                        }
                        for r in rows
                    ],
                    ensure_ascii=False,
                )
            )
            return
        for r in rows:
            scope = "*" if r.tournament_id else " "
            self.stdout.write(
                f"{r.code:<24}{scope}{r.article or '-':<8} {r.effect:<22} VP {r.vp} MP {r.mp}  "
                f"{r.title}"
            )
