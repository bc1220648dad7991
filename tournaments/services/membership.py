"""The federation's member list and the membership check (tesseramento) of a tournament.

The rules are `tournaments.rules.membership` and `member_list` (pure Python); here the list
is read from a file and kept per installation (the next import replaces it), the tournament's
players are checked against it, and the referee's admissions go into the audit log
(`AuditEntry`, action ``member-admit``), where the check and the homologation workbook find
them, and into the referee's log (the signal `member_admitted`, which `scoring` writes down).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.models import AuditEntry, Member, MemberList, Pair, Player, Tournament, audit
from tournaments.rules import member_list as list_rules
from tournaments.rules import membership as rules
from tournaments.rules.messages import RuleError
from tournaments.services.imports import ImportFileError, read_cells
from tournaments.signals import member_admitted

MAX_MEMBERS = 300_000  # the federation has some tens of thousands
MAX_LIST_BYTES = 40 * 1024 * 1024
ADMIT = "member-admit"


def rule_message(message: str, params) -> str:
    """A message of the pure rules in the reader's language (card and level codes named)."""
    named = {}
    for key, value in dict(params).items():
        if key == "card":
            value = rules.CARDS.get(value, value)
        elif key == "level":
            value = rules.LEVELS.get(value, value)
        if hasattr(value, "strftime"):
            value = value.strftime("%d/%m/%Y")
        named[key] = _(value) if key in ("card", "level") else value
    return _(message) % named if named else _(message)


REPLACE_LIST = "tournaments.add_memberlist"  # Django's permission "Can add member list"


def can_replace_list(user) -> bool:
    """Whether this user may load the federation's list, which every tournament of the
    installation reads: an administrator (superuser), or a user given the permission."""
    return bool(user and user.is_active and user.has_perm(REPLACE_LIST))


def import_members(name: str, data: bytes, user=None) -> MemberList:
    """Read the federation's list and make it the installation's, all or nothing: a bad row
    refuses the file with its row number."""
    if len(data) > MAX_LIST_BYTES:
        raise Refused(_("The member list is too big: save only its sheet, as CSV."))
    try:
        lines, _encoding = read_cells(name, data, MAX_MEMBERS)
    except ImportFileError as exc:
        raise Refused(str(exc)) from None
    try:
        read = list_rules.read_members(cells for _line, cells in lines)
    except RuleError as exc:
        raise Refused(rule_message(exc.message, exc.params)) from None
    if read.problems:
        first = read.problems[0]
        row = lines[first.row - 1][0] if first.row <= len(lines) else first.row
        more = len(read.problems) - 1
        text = _("Row %(row)s: %(problem)s") % {
            "row": row,
            "problem": rule_message(first.message, first.params),
        }
        if more:
            text += " " + _("(and %(n)d more rows with problems)") % {"n": more}
        raise Refused(text)
    if not read.members:
        raise Refused(_("The member list has no members."))
    with transaction.atomic():
        MemberList.objects.all().delete()
        kept = MemberList.objects.create(
            name=name[:255],
            imported_by=user if getattr(user, "is_authenticated", False) else None,
            members_count=len(read.members),
            cards=any(m.card is not None for m in read.members.values()),
        )
        Member.objects.bulk_create(
            (
                Member(
                    member_list=kept,
                    number=m.number[:40],
                    surname=m.surname[:120],
                    given_name=m.given_name[:120],
                    club=m.club[:120],
                    card=m.card or "",
                    expires=m.expires,
                    year=m.year,
                )
                for m in read.members.values()
            ),
            batch_size=2000,
        )
    kept.ignored_columns = read.ignored_columns
    return kept


def current_list() -> MemberList | None:
    return MemberList.objects.order_by("-imported_at", "-pk").first()


@dataclass
class Flag:
    """One problem of the check, ready for a page or the JSON."""

    pair: int  # the entrant: a pair's, a player's (individual events) or a team's number
    player: int | None
    name: str
    membership: str
    code: str
    message: str
    admitted: str | None  # the referee's reason when the player was admitted


@dataclass
class Check:
    member_list: MemberList | None
    flags: list[Flag]

    @property
    def open(self) -> list[Flag]:
        return [f for f in self.flags if f.admitted is None]

    def pairs_flagged(self) -> set[int]:
        return {f.pair for f in self.open}


def _members(member_list: MemberList | None, numbers: set[str]) -> dict[str, rules.Member]:
    if member_list is None or not numbers:
        return {}
    return {
        m.number: rules.Member(
            m.number, m.surname, m.given_name, m.club, m.card or None, m.expires, m.year
        )
        for m in member_list.members.filter(number__in=numbers)
    }


def admissions(tournament: Tournament) -> dict[tuple[int, int | None], str]:
    """(entrant, player) -> the reason the referee gave to admit that player (the latest)."""
    found: dict[tuple[int, int | None], str] = {}
    for new, reason in (
        AuditEntry.objects.filter(tournament=tournament, action=ADMIT)
        .order_by("at", "pk")
        .values_list("new", "reason")
    ):
        if isinstance(new, dict):
            found[(new.get("pair", new.get("entrant")), new.get("player"))] = reason
    return found


def check(tournament: Tournament) -> Check:
    """Every flag of the tournament's players against the current list (two queries for the
    players and the list, whatever the field). The kind of event says whose players are
    checked (`membership_entrants`: the pairs' two players, or each player alone)."""
    found = kind_of(tournament).membership_entrants(tournament)
    entrants = [
        rules.Entrant(
            number,
            place or 1,
            player.name,
            player.membership_number,
            player.surname,
            player.given_name,
        )
        for number, place, player in found
    ]
    by_place = {(number, place or 1): (place, player) for number, place, player in found}
    together: dict[int, list[str]] = {}
    for number, _place, player in found:
        together.setdefault(number, []).append(player.name)
    member_list = current_list()
    numbers = {rules.normalize_number(e.membership) for e in entrants} - {""}
    members = _members(member_list, numbers)
    problems = rules.check_membership(entrants, members, on=tournament.date, level=tournament.level)
    admitted = admissions(tournament)
    flags = []
    for problem in problems:
        if problem.player is None:  # the pair as a whole
            place, name = None, " / ".join(together[problem.pair])
        else:
            place, player = by_place[(problem.pair, problem.player)]
            name = player.name
        flags.append(
            Flag(
                problem.pair,
                place,
                name,
                problem.membership,
                problem.code,
                rule_message(problem.message, problem.params),
                admitted.get((problem.pair, place)),
            )
        )
    return Check(member_list, flags)


def check_json(result: Check, kind: str = "pairs") -> dict:
    """The contract's JSON: `problems` as the issue gives it (each with its `entrant`, the
    pair, player or team number, and the event's `kind`), and the admissions beside."""
    return {
        "problems": [
            {
                "pair": f.pair,
                "player": f.name,
                "membership": f.membership,
                "problem": f.code,
                "entrant": f.pair,
                "kind": kind,
            }
            for f in result.flags
        ],
        "admitted": [
            {"pair": f.pair, "player": f.name, "problem": f.code, "reason": f.admitted}
            for f in result.flags
            if f.admitted is not None
        ],
    }


def clean_reason(reason: str) -> str:
    """The referee's reason for an admission, on one line; refused when empty or too long."""
    reason = " ".join(str(reason).split())
    if not reason:
        raise Refused(_("Give the reason for admitting the player."))
    if len(reason) > 500:
        raise Refused(_("The reason is too long (500 characters at most)."))
    return reason


def admit(tournament: Tournament, pair: Pair, player: int | None, reason: str, user=None):
    """The referee lets a flagged player (or a pair, for the juniors rule) play: the reason
    is logged and printed in the homologation workbook. Never blocks anything."""
    reason = clean_reason(reason)
    if player not in (1, 2, None):
        raise Refused(_("A pair has players 1 and 2."))
    name = (
        (pair.player1 if player == 1 else pair.player2).name
        if player
        else f"{pair.player1.name} / {pair.player2.name}"
    )
    record_admission(
        tournament,
        number=pair.number,
        new={"pair": pair.number, "player": player, "name": name},
        target=f"pair {pair.number}" + (f" player {player}" if player else ""),
        reason=reason,
        user=user,
    )


def admit_player(tournament: Tournament, player: Player, reason: str, user=None):
    """The same for a player who is the entrant (an individual event): logged under his
    number, with no place in a pair (`entrant` in the log's details, no `pair`)."""
    reason = clean_reason(reason)
    record_admission(
        tournament,
        number=player.number,
        new={"entrant": player.number, "player": None, "name": player.name},
        target=f"player {player.number}",
        reason=reason,
        user=user,
    )


def admit_member(tournament: Tournament, number: int, member: int | None, reason: str, user=None):
    """The same for the `member`-th player of entrant `number` whose players the kind lists
    by place (a team: 1-6, `membership_entrants`): logged under the entrant's number
    (`entrant`, no `pair`) with his place."""
    reason = clean_reason(reason)
    kind = kind_of(tournament)
    players = {p: pl for n, p, pl in kind.membership_entrants(tournament) if n == number}
    if member not in players:
        raise Refused(kind.no_such_member)
    record_admission(
        tournament,
        number=number,
        new={"entrant": number, "player": member, "name": players[member].name},
        target=f"{kind.entrant_key} {number} player {member}",
        reason=reason,
        user=user,
    )


def record_admission(tournament: Tournament, *, number: int, new: dict, target, reason, user):
    """The audit entry and the signal the referee's log listens to, in one transaction."""

    with transaction.atomic():
        audit(tournament, ADMIT, user=user, target=target, new=new, reason=reason)
        member_admitted.send(
            sender=Tournament,
            tournament=tournament,
            pair=new.get("pair"),
            entrant=number,
            player=new["player"],
            name=new["name"],
            reason=reason,
            user=user,
        )


def admitted_rows(tournament: Tournament) -> list[list]:
    """For the homologation workbook: pair, player, reason, by, when."""
    rows = []
    for entry in (
        AuditEntry.objects.filter(tournament=tournament, action=ADMIT)
        .select_related("by")
        .order_by("at", "pk")
    ):
        new = entry.new if isinstance(entry.new, dict) else {}
        rows.append(
            [
                new.get("pair", new.get("entrant")),
                new.get("name", ""),
                entry.reason,
                entry.by.get_username() if entry.by else "",
                timezone.localtime(entry.at).strftime("%d/%m/%Y %H:%M"),
            ]
        )
    return rows
