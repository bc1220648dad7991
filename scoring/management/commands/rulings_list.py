import json

from scoring.models import Ruling
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = "Print the catalogue of rulings: code, article, effect, default VP/MP, title."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true")

    def run(self, **opts):
        rows = list(Ruling.objects.filter(active=True).order_by("code"))
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
                        }
                        for r in rows
                    ],
                    ensure_ascii=False,
                )
            )
            return
        for r in rows:
            self.stdout.write(
                f"{r.code:<24} {r.article or '-':<8} {r.effect:<22} VP {r.vp} MP {r.mp}  {r.title}"
            )
