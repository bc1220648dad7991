"""The federation's hub: clubs, packages received, and what its pages and API read.

A package is verified (every digest and the signature, by the key the club registered)
before anything is stored; only its JSON export is read, with `json.loads`, and only the
values the pages need are kept (checked one by one). Nothing from a package is ever run,
rendered as HTML or written to disk under a name it chose.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from datetime import date

from django.db import IntegrityError, connection, transaction
from django.db.models import Avg, Count, Max, Min, Sum
from django.utils.translation import gettext

from scoring.models import HubClub, HubEntry, HubPlayer, HubTournament
from scoring.rules import homologation as rules
from scoring.rules.recompute import Recomputation, recompute_export
from scoring.services import hub_cache
from scoring.services.recompute import difference_text, reason_text
from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.rules.names import fold

PAGE = 50


class Unauthorized(Refused):
    """No club has this token."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def club_token() -> str:
    """A new club token that a shell passes as it is: never starting with "-" (a command line
    would read `--token -abc` as two options)."""
    while True:
        token = secrets.token_urlsafe(32)
        if not token.startswith("-"):
            return token


def register_club(code: str, name: str, public_key: str) -> tuple[HubClub, str]:
    """Register a club (or give it a new token and key); returns the club and its token."""
    try:
        rules.parse_public_key(public_key)
    except rules.PackageError as exc:
        raise Refused(f"public key: {exc}") from None
    token = club_token()
    club, _created = HubClub.objects.update_or_create(
        code=code,
        defaults={
            "name": name,
            "public_key": public_key.strip(),
            "token_sha256": token_hash(token),
            "active": True,
        },
    )
    return club, token


def club_for(token: str) -> HubClub:
    club = HubClub.objects.filter(token_sha256=token_hash(token or ""), active=True).first()
    if club is None:
        raise Unauthorized("unknown token: register the club on the hub first")
    return club


def receive(token: str, data: bytes) -> tuple[HubTournament, bool]:
    """Verify and store a package; (tournament, True) when new, (…, False) when it was
    already here (a push sent twice stores once). Refused, with the reason, otherwise."""
    club = club_for(token)
    result = rules.verify(data, club.public_key)
    if not result.ok:
        raise Refused("package refused: " + "; ".join(rules.describe(p) for p in result.problems))
    found = HubTournament.objects.filter(digest=result.digest).first()
    if found is not None:
        return found, False
    summary = read_export(result.members[rules.EXPORT])
    found = recompute_export(result.members[rules.EXPORT])  # every number, by the rules
    try:
        with transaction.atomic():
            return _store(club, result.digest, data, summary, found), True
    except IntegrityError:  # the same package, pushed at the same moment, won the race
        found = HubTournament.objects.filter(digest=result.digest).first()
        if found is None:
            raise
        return found, False


def _store(
    club: HubClub, digest: str, data: bytes, summary: dict, found: Recomputation
) -> HubTournament:
    _one_receipt_at_a_time()
    t = summary["tournament"]
    older = HubTournament.objects.filter(club=club, slug=t["slug"], current=True)
    touched = set(
        HubEntry.objects.filter(tournament__in=older).values_list("membership", flat=True)
    )
    older.update(current=False)
    received = HubTournament.objects.create(
        club=club,
        digest=digest,
        package=data,
        status=found.status,
        differences=found.differences,
        cannot_recompute=[list(reason) for reason in found.cannot],
        **t,
    )
    HubEntry.objects.bulk_create(
        [HubEntry(tournament=received, **entry) for entry in summary["entries"]],
        batch_size=1000,
    )
    refresh_players(touched | {e["membership"] for e in summary["entries"]})
    hub_cache.bump()
    return received


RECEIPT_LOCK = 0x42555243  # "BURC": PostgreSQL's advisory lock of the hub's receipts


def _one_receipt_at_a_time() -> None:
    """Receipts one after the other (the players' totals are read, then written): on
    PostgreSQL an advisory lock held to the commit; SQLite has one writer anyway."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RECEIPT_LOCK])


def refresh_players(memberships: set[str]) -> None:
    """The distinct-player rows of these members, from their current tournaments' rows (a
    member left with none is removed): a few queries per receipt, whatever its size."""
    memberships = sorted(m for m in memberships if m)
    for start in range(0, len(memberships), 500):
        chunk = memberships[start : start + 500]
        totals = (
            HubEntry.objects.filter(membership__in=chunk, tournament__current=True)
            .values("membership")
            .annotate(
                name=Max("name"),
                tournaments=Count("tournament", distinct=True),
                best=Min("rank"),
                rank_avg=Avg("rank"),
                vp=Sum("vp"),
                turns=Sum("turns"),
            )
        )
        rows = [HubPlayer(folded=fold(t["name"])[:120], **t) for t in totals]
        HubPlayer.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["membership"],
            update_fields=["name", "folded", "tournaments", "best", "rank_avg", "vp", "turns"],
        )
        kept = {r.membership for r in rows}
        HubPlayer.objects.filter(membership__in=set(chunk) - kept).delete()


def _text(value, limit: int) -> str:
    """Text as stored: no NUL (PostgreSQL refuses it in text: a 500), at most `limit`."""
    return ("" if value is None else str(value)).replace("\x00", "")[:limit]


INT_MAX = 2**31 - 1  # the stored columns' range (PostgreSQL integer)


def _int(value, low: int = 0, high: int = INT_MAX) -> int:
    """A whole number that fits its column (a rank of 10**30 or -1 is refused here, not by
    the database as a 500)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError("not a whole number in range")
    return value


def read_export(raw: bytes) -> dict:
    """The tournament and its players' placings from the package's JSON export."""
    try:
        data = json.loads(raw.decode("utf-8"))
        t = data["tournament"]
        # The kind's entrants, each with its players and the partner the hub lists beside
        # each: a pair's other player, none for a player alone (Art. 2), a team's name.
        kind = kind_of(t["kind"] if isinstance(t.get("kind"), str) else "pairs")
        pairs = {_int(n): players for n, players in kind.hub_players(data).items()}
        tournament = {
            "slug": _text(t["slug"], 80),
            "name": _text(t["name"], 200),
            "date": date.fromisoformat(t["date"]),
            "venue": _text(t.get("venue"), 200),
            "referee": _text(t.get("referee"), 200),
            "referee_code": _text(t.get("referee_code"), 40),
            "kind": kind.code,
            "entrants": len(pairs),
            "turns": _int(t["turns"], high=32767),
        }
        entries = []
        for row in data["standings"]:
            number = _int(row[kind.entrant_key])
            for player, partner in pairs[number]:
                entries.append(
                    {
                        "membership": _text(player.get("membership"), 40).strip(),
                        "name": _text(player["name"], 120),
                        "folded": fold(_text(player["name"], 500))[:120],
                        "partner": _text(partner, 120),
                        "club": _text(player.get("club"), 120),
                        "pair": number,
                        "rank": _int(row["rank"]),
                        "vp": _int(row["vp"], low=-INT_MAX),
                        "mp": _int(row["mp"], low=-INT_MAX),
                        "turns": _int(_int(row["played"]) + _int(row["byes"]), high=32767),
                    }
                )
    except (
        UnicodeDecodeError,
        ValueError,
        KeyError,
        TypeError,
        IndexError,
        AttributeError,
        RecursionError,
    ):
        raise Refused("package refused: its results export cannot be read") from None
    return {"tournament": tournament, "entries": entries}


# What the pages and the API read (a fixed number of queries each).


def calendar(page: int = 1) -> tuple[list[HubTournament], int]:
    """Current tournaments, newest first, `PAGE` a page; and the number of pages."""
    qs = HubTournament.objects.filter(current=True).select_related("club")
    qs = qs.defer("package", "differences", "cannot_recompute")
    page, pages = _pages(qs.count(), page)
    return list(qs.order_by("-date", "name", "id")[(page - 1) * PAGE : page * PAGE]), pages


SHOWN_DIFFERENCES = 300  # a page lists at most these; the API gives them all


def recomputed(t: HubTournament, limit: int | None = None) -> tuple[list[str], list]:
    """A received tournament's differences, one sentence each (the first `limit`, then how
    many more), and what could not be recomputed as (code, sentence), in the active
    language."""
    reasons = [tuple(r) for r in t.cannot_recompute if isinstance(r, list) and len(r) == 3]
    said = [difference_text(d) for d in t.differences[:limit]]
    if limit is not None and len(t.differences) > limit:
        said.append(gettext("… and %(n)s more") % {"n": len(t.differences) - limit})
    return said, [(r[0], reason_text(r)) for r in reasons]


def recomputation_of(digest: str) -> dict | None:
    """What the recomputation at the receipt found in the package with this digest (its
    verification page says it): the received tournament, its differences in words (the first
    `SHOWN_DIFFERENCES`) and what could not be recomputed; None if the hub holds no such
    package. One query."""
    found = (
        HubTournament.objects.filter(digest=digest)
        .only("pk", "status", "differences", "cannot_recompute", "current")
        .first()
    )
    if found is None:
        return None
    said, reasons = recomputed(found, SHOWN_DIFFERENCES)
    return {"received": found, "said": said, "reasons": reasons}


def tournament(pk: int) -> tuple[HubTournament, list[dict]] | None:
    found = HubTournament.objects.select_related("club").defer("package").filter(pk=pk).first()
    if found is None:
        return None
    rows: dict[int, dict] = {}
    for e in found.entries.all():
        row = rows.setdefault(
            e.pair, {"rank": e.rank, "pair": e.pair, "vp": e.vp, "mp": e.mp, "players": []}
        )
        row["players"].append({"name": e.name, "membership": e.membership, "club": e.club})
    return found, sorted(rows.values(), key=lambda r: (r["rank"], r["pair"]))


@dataclass
class History:
    player: HubPlayer
    rows: list[HubEntry]
    page: int
    pages: int

    @property
    def vp_per_turn(self) -> float | None:
        turns = self.player.turns
        return round(self.player.vp / turns, 2) if turns else None


def _pages(total: int, page: int) -> tuple[int, int]:
    pages = max(1, -(-total // PAGE))
    return min(max(page, 1), pages), pages


def player_history(membership: str, page: int = 1) -> History | None:
    """A player's totals and one page of his placings, newest first: two queries."""
    player = HubPlayer.objects.filter(membership=membership).first()
    if player is None:
        return None
    page, pages = _pages(player.tournaments, page)
    entries = list(
        HubEntry.objects.filter(membership=membership, tournament__current=True)
        .select_related("tournament", "tournament__club")
        .defer("tournament__package", "tournament__differences", "tournament__cannot_recompute")
        .order_by("-tournament__date", "-tournament_id")[(page - 1) * PAGE : page * PAGE]
    )
    return History(player=player, rows=entries, page=page, pages=pages)


def search_players(query: str, page: int = 1) -> tuple[list[HubPlayer], int, int]:
    """Players whose name contains the words typed, accents, case and apostrophes aside;
    one page of them, the page and the number of pages (two queries)."""
    words = fold(query).split()
    if not words or len(query) > 100:
        return [], 1, 1
    qs = HubPlayer.objects.all()
    for word in words[:5]:
        qs = qs.filter(folded__contains=word)
    page, pages = _pages(qs.count(), page)
    return list(qs.order_by("name", "membership")[(page - 1) * PAGE : page * PAGE]), page, pages
