"""Circuits: a season of tournaments ranked together (the rules: scoring.rules.circuit).

A stage is a tournament of this installation (its results asked of its kind,
`circuit_results`, and kept with the tournament's public version until it changes) or, on
the hub, a received tournament named CLUB/SLUG whose newest package is read (the players'
rows the hub keeps from its `risultati.json` standings, HubEntry). The standings cost a
fixed number of queries once every local stage's snapshot is fresh.
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import Circuit, CircuitMerge, CircuitStage, HubEntry, HubTournament
from scoring.rules import circuit as rules
from tournaments.errors import Refused
from tournaments.kinds import kind_of
from tournaments.models import Tournament
from tournaments.rules.names import fold

SLUG = re.compile(r"[A-Za-z0-9_-]{1,80}")


@dataclass
class Report:
    circuit: Circuit
    stages: list[dict]  # slug, name, date (the stages counted, in order)
    all_stages: int  # how many stages the circuit has
    rows: list[rules.Row]


# --- the rules as given --------------------------------------------------------------------


def parse_points(text: str) -> tuple[str, list[int]]:
    """`vp` or `placing:100,90,82,…` -> (kind, table)."""
    text = (text or "").strip()
    if text == "vp":
        return "vp", []
    head, _sep, tail = text.partition(":")
    if head != "placing":
        raise Refused(_("Points: give vp or placing:100,90,82 (points by final rank)."))
    try:
        table = [int(p) for p in tail.split(",") if p.strip()]
    except ValueError:
        raise Refused(_("Points by rank: whole numbers separated by commas.")) from None
    if not table or len(table) > 1000:
        raise Refused(_("Points by rank: give from 1 to 1000 numbers, e.g. placing:100,90,82."))
    return "placing", table


def parse_percent(text) -> Decimal | None:
    if text in (None, ""):
        return None
    try:
        value = Decimal(str(text).replace(",", "."))
    except InvalidOperation:
        raise Refused(_("Finalists' percent: a number above 0 and at most 100.")) from None
    if not value.is_finite() or not 0 < value <= 100:
        raise Refused(_("Finalists' percent: a number above 0 and at most 100."))
    return value.quantize(Decimal("0.01"))


def rules_of(circuit: Circuit) -> rules.Rules:
    percent = circuit.finalists_percent
    return rules.Rules(
        points=circuit.points,
        table=tuple(circuit.placing),
        beyond=circuit.points_beyond,
        best=circuit.best,
        min_stages=circuit.min_stages,
        finalists_percent=None if percent is None else Fraction(percent),
        finalists=circuit.finalists,
    )


def check(circuit: Circuit) -> None:
    messages = {
        "points": _("Points: give vp or placing:100,90,82 (points by final rank)."),
        "table": _("Points by rank: give from 1 to 1000 numbers, e.g. placing:100,90,82."),
        "best": _("Best results counted: at least 1 (or none: every stage counts)."),
        "min_stages": _("Minimum stages to be ranked: at least 1."),
        "both": _("Finalists: by percent or by number, not both."),
        "percent": _("Finalists' percent: a number above 0 and at most 100."),
        "finalists": _("Finalists: at least 1 (or none)."),
    }
    try:
        rules_of(circuit).check()
    except rules.CircuitError as exc:
        raise Refused(messages[exc.code]) from None


def create_circuit(slug: str, name: str, *, points: str, owner=None, **options) -> Circuit:
    """A new circuit (refused, with nothing written, when its rules cannot be applied)."""
    slug, name = (slug or "").strip(), (name or "").strip()
    if not SLUG.fullmatch(slug):
        raise Refused(_("Circuit code: letters, digits, - or _ (at most 80)."))
    if not name or len(name) > 200:
        raise Refused(_("Give the circuit a name (at most 200 characters)."))
    if Circuit.objects.filter(slug=slug).exists():
        raise Refused(_("A circuit %(slug)s exists already: choose another code.") % {"slug": slug})
    kind, table = parse_points(points)
    season = options.get("season")
    if season is not None and not 1900 <= season <= 2999:
        raise Refused(_("Season: a year such as 2026."))
    circuit = Circuit(
        slug=slug,
        name=name,
        season=season,
        points=kind,
        placing=table,
        points_beyond=options.get("points_beyond") or 0,
        best=options.get("best"),
        min_stages=options.get("min_stages") or 1,
        finalists_percent=parse_percent(options.get("finalists_percent")),
        finalists=options.get("finalists"),
        owner=owner,
    )
    check(circuit)
    circuit.save()
    return circuit


def circuit_by_slug(slug: str) -> Circuit:
    circuit = Circuit.objects.filter(slug=slug).first()
    if circuit is None:
        raise Refused(_("No circuit %(slug)s: see the circuits' list.") % {"slug": slug})
    return circuit


def may_manage(circuit: Circuit, user) -> bool:
    """The circuit's owner (or staff); a circuit made by a command, staff only."""
    if user is None:  # a command: the installation's operator
        return True
    return user.is_staff or (circuit.owner_id is not None and circuit.owner_id == user.pk)


def bump(circuit: Circuit) -> None:
    Circuit.objects.filter(pk=circuit.pk).update(version=F("version") + 1)


# --- stages -------------------------------------------------------------------------------


def add_stage(circuit: Circuit, reference: str, user=None) -> CircuitStage:
    """A stage: a tournament's slug here, or CLUB/SLUG of a tournament received by the hub.
    A referee adds only tournaments he directs; the hub's staff any received one."""
    reference = (reference or "").strip()
    club, sep, slug = reference.partition("/")
    if sep:
        if settings.ROLE != "hub":
            raise Refused(_("CLUB/SLUG names a tournament received by the hub: this is not one."))
        if user is not None and not user.is_staff:
            raise Refused(_("Only the hub's staff add received tournaments to a circuit."))
        if not HubTournament.objects.filter(club__code=club, slug=slug, current=True).exists():
            raise Refused(_("The hub has received no tournament %(ref)s.") % {"ref": reference})
        fields = {"tournament": None, "hub_club": club, "hub_slug": slug}
    else:
        tournament = Tournament.objects.filter(slug=reference).first()
        if tournament is None:
            raise Refused(_("No tournament %(slug)s here.") % {"slug": reference})
        if user is not None and not user.is_superuser:
            if not tournament.referees.filter(pk=user.pk).exists():
                raise Refused(_("You may add only tournaments you direct."))
        fields = {"tournament": tournament}
    with transaction.atomic():
        if CircuitStage.objects.filter(circuit=circuit, **fields).exists():
            raise Refused(_("%(ref)s is a stage of this circuit already.") % {"ref": reference})
        stage = CircuitStage.objects.create(circuit=circuit, **fields)
        bump(circuit)
    return stage


def remove_stage(circuit: Circuit, reference: str) -> None:
    found = [s for s in stage_list(circuit) if s.reference == (reference or "").strip()]
    if not found:
        raise Refused(_("%(ref)s is not a stage of this circuit.") % {"ref": reference})
    with transaction.atomic():
        found[0].delete()
        bump(circuit)


def stage_list(circuit: Circuit) -> list[CircuitStage]:
    return list(
        circuit.stages.select_related("tournament").defer(
            "snapshot", "tournament__plan", "tournament__vp_scale"
        )
    )


# --- reading the stages -------------------------------------------------------------------


def local_results(stage: CircuitStage) -> list[list]:
    """A local stage's rows read again from its tournament (its kind says them), kept with
    the public version they were read at (read before them: a change made meanwhile only
    makes the next reading read them again)."""
    version = stage.tournament.public_version
    tournament = Tournament.objects.get(pk=stage.tournament_id)
    rows = kind_of(tournament).circuit_results(tournament)
    CircuitStage.objects.filter(pk=stage.pk).update(snapshot=rows, snapshot_version=version)
    return rows


def stage_data(circuit: Circuit) -> list[tuple[dict, list[tuple]]]:
    """Every stage's head (slug, name, date) and entries, in date order (then as added)."""
    stages = stage_list(circuit)
    hub = {(s.hub_club, s.hub_slug): s for s in stages if not s.tournament_id}
    received = {}
    if hub:
        for t in (
            HubTournament.objects.filter(current=True, slug__in={k[1] for k in hub})
            .only("id", "slug", "name", "date", "club__code")
            .select_related("club")
        ):
            if (t.club.code, t.slug) in hub:
                received[(t.club.code, t.slug)] = t
    rows_by_hub: dict[int, list] = {t.pk: [] for t in received.values()}
    for row in HubEntry.objects.filter(tournament__in=list(rows_by_hub)).values_list(
        "tournament_id", "membership", "name", "club", "vp", "rank"
    ):
        rows_by_hub[row[0]].append(row[1:])
    fresh = {s.pk for s in stages if s.tournament_id and fresh_snapshot(s)}
    snapshots = (
        dict(CircuitStage.objects.filter(pk__in=fresh).values_list("pk", "snapshot"))
        if fresh
        else {}
    )
    out = []
    for s in stages:
        if s.tournament_id:
            t = s.tournament
            head = {"slug": s.reference, "name": t.name, "date": t.date}
            rows = snapshots[s.pk] if s.pk in snapshots else local_results(s)
        elif (s.hub_club, s.hub_slug) in received:
            t = received[(s.hub_club, s.hub_slug)]
            head = {"slug": s.reference, "name": t.name, "date": t.date}
            rows = rows_by_hub[t.pk]
        else:  # a received tournament withdrawn from the hub: no results
            continue
        out.append((head, [entry(r) for r in rows]))
    out.sort(key=lambda item: item[0]["date"])
    return out


def fresh_snapshot(stage: CircuitStage) -> bool:
    return stage.snapshot_version == stage.tournament.public_version


def entry(row) -> tuple:
    """A stage row as the rule reads it (an Entry's fields, as a plain tuple: cheaper by
    the tens of thousands): followed by card, or by folded name without one."""
    membership, name, club, vp, rank = row
    membership = (membership or "").strip()
    key = f"card:{membership}" if membership else f"name:{folded(name)}"
    return (key, name, membership, club or "", vp, rank)


@functools.lru_cache(maxsize=65536)
def folded(name: str) -> str:
    return fold(name)


def aliases(circuit: Circuit) -> dict[str, str]:
    return dict(
        CircuitMerge.objects.filter(circuit=circuit, undone_at=None).values_list("merged", "kept")
    )


def circuit_standings(circuit: Circuit, after: int | None = None) -> Report:
    """The standings after the first `after` stages (all of them when None)."""
    data = stage_data(circuit)
    count = len(data) if after is None else max(0, min(after, len(data)))
    rows = rules.standings(
        rules_of(circuit), [entries for _head, entries in data[:count]], aliases(circuit)
    )
    return Report(circuit, [head for head, _entries in data[:count]], len(data), rows)


CIRCUIT_INPUTS = (
    "version",
    "slug",
    "name",
    "season",
    "points",
    "placing",
    "points_beyond",
    "best",
    "min_stages",
    "finalists_percent",
    "finalists",
)


def inputs_version(circuit: Circuit) -> str:
    """What the circuit's standings are made of, summed up (a document built from them is
    out of date once it changes): its rules, its stages (a local tournament's public version,
    name and date; a received tournament's newest package), its merges in force. A few
    queries, whatever the number of stages and players; no standings computed."""
    head = Circuit.objects.filter(pk=circuit.pk).values_list(*CIRCUIT_INPUTS)
    stages = list(
        circuit.stages.values_list(
            "pk",
            "tournament_id",
            "tournament__public_version",
            "tournament__name",
            "tournament__date",
            "hub_club",
            "hub_slug",
        )
    )
    hub = {(s[5], s[6]) for s in stages if s[1] is None}
    received = []
    if hub:
        newest = HubTournament.objects.filter(current=True, slug__in={k[1] for k in hub})
        rows = newest.values_list("club__code", "slug", "pk", "name", "date")
        received = sorted(t for t in rows if (t[0], t[1]) in hub)
    merges = list(
        CircuitMerge.objects.filter(circuit=circuit, undone_at=None).values_list("kept", "merged")
    )
    parts = [list(head), stages, received, merges]
    return hashlib.sha1(repr(parts).encode()).hexdigest()


# --- merges -------------------------------------------------------------------------------


def find_key(keys: set[str], text: str) -> str | None:
    """A player of the circuit by card, else by name as typed (folded)."""
    text = (text or "").strip()
    if f"card:{text}" in keys:
        return f"card:{text}"
    return f"name:{folded(text)}" if f"name:{folded(text)}" in keys else None


def key_label(key: str) -> str:
    """A player's key as people read it: the card, or the name as folded (no "card:")."""
    return key.partition(":")[2]


def merge_rows(circuit: Circuit) -> list[dict]:
    """The circuit's merges, newest last, as the desk lists them."""
    return [
        {"m": m, "kept": key_label(m.kept), "merged": key_label(m.merged)}
        for m in CircuitMerge.objects.filter(circuit=circuit).select_related("user")
    ]


def merge(circuit: Circuit, keep: str, merged: str, reason: str, user=None) -> CircuitMerge:
    """Follow the player `merged` (a name, or a card) as `keep` (a card or a name)."""
    reason = (reason or "").strip()
    if not reason:
        raise Refused(_("Say why the two are one player (the reason is logged)."))
    keys = {e[0] for _head, entries in stage_data(circuit) for e in entries}
    kept, gone = find_key(keys, keep), find_key(keys, merged)
    if kept is None or gone is None:
        missing = keep if kept is None else merged
        raise Refused(_("No player %(name)s in this circuit's stages.") % {"name": missing})
    follows = aliases(circuit)
    if gone == kept or rules.resolve(kept, follows) == gone:
        raise Refused(_("These are one player already: nothing to merge."))
    if gone in follows:
        raise Refused(_("%(name)s is merged already: undo that merge first.") % {"name": merged})
    with transaction.atomic():
        made = CircuitMerge.objects.create(
            circuit=circuit, kept=kept, merged=gone, reason=reason[:300], user=user
        )
        bump(circuit)
    return made


def undo_merge(circuit: Circuit, merge_id) -> CircuitMerge:
    found = CircuitMerge.objects.filter(circuit=circuit, pk=merge_id, undone_at=None).first()
    if found is None:
        raise Refused(_("No merge %(id)s in force in this circuit.") % {"id": merge_id})
    with transaction.atomic():
        found.undone_at = timezone.now()
        found.save(update_fields=["undone_at"])
        bump(circuit)
    return found


# --- the contract's JSON ------------------------------------------------------------------


def circuit_head(circuit: Circuit) -> dict:
    return {
        "slug": circuit.slug,
        "name": circuit.name,
        "season": circuit.season,
        "points": circuit.points,
        "placing": circuit.placing,
        "points_beyond": circuit.points_beyond,
        "best": circuit.best,
        "min_stages": circuit.min_stages,
        "finalists_percent": (
            None if circuit.finalists_percent is None else float(circuit.finalists_percent)
        ),
        "finalists": circuit.finalists,
    }


def as_json(report: Report) -> dict:
    """`circuit_standings SLUG --json`: `rank` is null for a player short of the minimum."""
    slugs = [s["slug"] for s in report.stages]
    return {
        "circuit": circuit_head(report.circuit),
        "stages": [{**s, "date": s["date"].isoformat()} for s in report.stages],
        "standings": [
            {
                "rank": r.rank,
                "membership": r.membership,
                "name": r.name,
                "club": r.club,
                "points": r.points,
                "stages_played": r.stages_played,
                "stages": [
                    {"slug": slug, "points": s[0], "counted": s[1]}
                    for slug, s in zip(slugs, r.stages, strict=True)
                    if s is not None
                ],
                "finalist": r.finalist,
            }
            for r in report.rows
        ],
    }
