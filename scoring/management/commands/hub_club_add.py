from django.conf import settings

from scoring.services.hub import register_club
from tournaments.errors import Refused
from tournaments.management.base import ContractCommand


class Command(ContractCommand):
    help = (
        "On the federation's hub (DJANGO_ROLE=hub): register a club with the public key "
        "printed on its settings page, and print its token (once: the hub keeps only a hash). "
        "Registering the same code again gives a new token and key."
    )

    def add_arguments(self, parser):
        parser.add_argument("code", help="the club's code (letters, digits, -)")
        parser.add_argument("--name", required=True)
        parser.add_argument("--public-key", required=True, help="ed25519:<base64>")

    def run(self, **opts):
        from django.core.exceptions import ValidationError
        from django.core.validators import validate_slug

        if settings.ROLE != "hub":
            raise Refused("this installation is not a hub (set DJANGO_ROLE=hub)")
        try:
            validate_slug(opts["code"])
        except ValidationError:
            raise Refused("the club code must be letters, digits, - or _") from None
        club, token = register_club(opts["code"][:40], opts["name"][:200], opts["public_key"])
        self.stdout.write(f"club {club.code} registered; token: {token}")
