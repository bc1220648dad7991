import json
from pathlib import Path

from django.core.management.base import CommandError
from django.utils import translation

from scoring.rules import homologation as rules
from scoring.services.homologation import problem_text
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = (
        "Check a homologation package offline: every part's SHA-256, the digest and the "
        "Ed25519 signature (with --public-key, also that this key signed it). Exit 0 when "
        "intact, 1 with one line per difference otherwise."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--public-key", help="the key that must have signed it (ed25519:<base64> or PEM file)"
        )
        parser.add_argument("--json", action="store_true", help="print the result as JSON")
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
        with translation.override(opts["language"]):
            lines = [problem_text(p) for p in result.problems]
            refused = translation.gettext("package NOT verified: %(problems)s")
        if opts["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        "ok": result.ok,
                        "digest": result.digest,
                        "tournament": result.manifest.get("tournament"),
                        "public_key": result.manifest.get("public_key"),
                        "problems": [
                            {"code": p[0], "detail": rules.detail(p), "message": m}
                            for p, m in zip(result.problems, lines, strict=True)
                        ],
                    },
                    ensure_ascii=False,
                )
            )
        if not result.ok:
            raise CommandError(refused % {"problems": "; ".join(lines)})
        if not opts["json"]:
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
