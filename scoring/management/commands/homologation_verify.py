import json
from pathlib import Path

from django.core.management.base import CommandError
from django.utils import translation

from scoring.rules import homologation as rules
from scoring.rules.recompute import Recomputation, recompute_export
from scoring.services import recompute as recomputing
from scoring.services.homologation import problem_text
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = (
        "Check a homologation package offline: every part's SHA-256, the digest and the "
        "Ed25519 signature (with --public-key, also that this key signed it). Exit 0 when "
        "intact, 1 with one line per difference otherwise. With --recompute, also every "
        "number of the results by the rules: exit 3 when some differ, 4 when some part "
        "cannot be recomputed."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--public-key", help="the key that must have signed it (ed25519:<base64> or PEM file)"
        )
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
        parser.add_argument(
            "--recompute",
            action="store_true",
            help="recompute the results from the package's own data (exit 3: differences; "
            "4: some part cannot be recomputed)",
        )
        parser.add_argument(
            "--language",
            choices=["en", "it"],
            default="en",
            help="the language of the problems (default English: scripts read them)",
        )

    def run(self, **opts):
        try:
            data = Path(opts["file"]).read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {opts['file']}: {exc.strerror}") from None
        key = opts["public_key"]
        if key and _is_file(key):
            key = Path(key).read_text(encoding="ascii", errors="replace")
        if key:
            try:
                rules.parse_public_key(key)
            except rules.PackageError as exc:
                with translation.override(opts["language"]):
                    raise CommandError(
                        f"--public-key: {problem_text(('', exc.message, exc.params))}"
                    ) from None
        result = rules.verify(data, key)
        found = Recomputation()
        if opts["recompute"] and result.ok:
            found = recompute_export(result.members[rules.EXPORT])
        with translation.override(opts["language"]):
            lines = [problem_text(p) for p in result.problems]
            refused = translation.gettext("package NOT verified: %(problems)s")
            said = [recomputing.difference_text(d) for d in found.differences]
            reasons = recomputing.reasons_json(found)
        if opts["json"]:
            self.stdout.write(
                json.dumps(self.as_json(result, lines, opts, found, reasons), ensure_ascii=False)
            )
        if not result.ok:
            raise CommandError(refused % {"problems": "; ".join(lines)})
        if not opts["json"]:
            self.say_verified(result, key)
            for line in said + [f"cannot recompute: {r['message']}" for r in reasons]:
                self.stdout.write(line)
        if found.wrong:
            raise CommandError(
                f"recomputed: {len(found.wrong)} numbers differ from the rules", returncode=3
            )
        if found.cannot:
            raise CommandError(
                f"recomputed in part: {len(found.cannot)} parts cannot be recomputed",
                returncode=4,
            )

    def as_json(self, result, lines, opts, found, reasons) -> dict:
        """Today's keys, and with --recompute `differences` and `cannot_recompute`."""
        return {
            "ok": result.ok,
            "digest": result.digest,
            "tournament": result.manifest.get("tournament"),
            "public_key": result.manifest.get("public_key"),
            "problems": [
                {"code": p[0], "detail": rules.detail(p), "message": m}
                for p, m in zip(result.problems, lines, strict=True)
            ],
            **(
                {"differences": found.differences, "cannot_recompute": reasons}
                if opts["recompute"]
                else {}
            ),
        }

    def say_verified(self, result, key) -> None:
        t = result.manifest.get("tournament")
        t = t if isinstance(t, dict) else {}  # a package signed by its own key: anything
        self.stdout.write(
            f"verified: {t.get('name', '?')} ({t.get('date', '?')}), digest {result.digest}, "
            f"signed by {result.manifest.get('public_key')}"
            + ("" if key else " (no --public-key: the key named inside the package)")
        )


def _is_file(text: str) -> bool:
    """Whether --public-key names a file (a key typed inline is not; nor is a name too long)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False
