"""Documents built in the background, with progress, so the referee never waits.

A `Document` row records what is asked (kind, turn, options), how far the
build is, and the finished file. A document is reused while the data it shows
is unchanged (its fingerprint); otherwise it is built again. A long build is a
background job (Django's Tasks API, `build_document`, enqueued after the commit),
run by `manage.py db_worker` at a lower priority, reading without a transaction
and writing its progress and its file in short ones, so that it never holds the
database's write lock while it lays pages out; a job whose worker died is run
again (tournaments.taskqueue.queue). `settings.TASKS_INLINE` (or `DOCUMENTS_SYNC`) builds
inline instead (tests, commands).

A circuit's standings (PDF, workbook) go the same way: a `Document` of the circuit (no
tournament), its fingerprint the standings' inputs (scoring.services.circuits.inputs_version:
the rules, the stages and their results' versions, the merges in force).
"""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.db.models import Count, Max
from django.dispatch import receiver
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django_tasks import task
from django_tasks.base import TaskResultStatus
from django_tasks.signals import task_finished

from scoring.documents import circuits as circuit_files
from scoring.documents import reports
from scoring.documents import sheets as documents
from scoring.models import Circuit, Document, LogEntry, Penalty, ResultChange
from scoring.services import circuits
from tournaments.errors import Refused
from tournaments.models import Tournament, Turn
from tournaments.taskqueue import queue

log = logging.getLogger(__name__)

SEATING_KINDS = {"sheets", "seating", "seating-alpha", "slips"}  # they show no result
TURN_KINDS = SEATING_KINDS | {"sheets-filled"}
KINDS = TURN_KINDS | {"standings-pdf", "workbook", "cards", "prizes-pdf"}
CIRCUIT_KINDS = {"circuit-pdf", "circuit-xlsx"}  # a circuit's standings
# the long ones (a circuit of 3,000 players: a 101-page PDF, ~30 s); the others take well
# under a second
BACKGROUND = {"sheets", "sheets-filled"} | CIRCUIT_KINDS
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CONTENT_TYPES = {"workbook": XLSX, "circuit-xlsx": XLSX}


def filename(doc: Document) -> str:
    if doc.circuit_id:
        return f"{doc.circuit.slug}.{'xlsx' if doc.kind == 'circuit-xlsx' else 'pdf'}"
    turn = f"-turno{doc.turn}" if doc.turn else ""
    two = "-2xA4" if doc.options.get("two_up") else ""
    ext = "xlsx" if doc.kind == "workbook" else "pdf"
    return f"{doc.tournament.slug}-{doc.kind}{turn}{two}.{ext}"


def seating_version(turn: Turn) -> str:
    """The seating a turn's document is built from: the turn itself, its tables (with the codes
    their QR codes carry) and who sits at each line, its byes. Undoing a seating (a new turn row
    afterwards), a swap of pairs, of lines or of players, a team's new line-up change it; a
    result never does. Derived from the data, so no service has to remember to bump it."""
    tables = list(
        turn.tables.order_by("number").values_list(
            "number",
            "code",
            "ns_id",
            "ew_id",
            "ns__player1_id",
            "ns__player2_id",
            "ew__player1_id",
            "ew__player2_id",
        )
    )
    byes = list(
        turn.byes.order_by("pk").values_list("pair_id", "player_id", "team_id", "table_number")
    )
    return hashlib.sha1(repr([turn.pk, tables, byes]).encode()).hexdigest()


def fingerprint(tournament: Tournament, kind: str, turn: Turn | None) -> str:
    """What the document shows, summed up: when it changes, the document is out of date.
    The blank sheets, seating lists and slips show the seating and the names, never a result."""
    if turn is not None:
        pairs = list(tournament.lines.values_list("number", "player1__name", "player2__name"))
        parts = [seating_version(turn), pairs, tournament.table_entry]
        if kind not in SEATING_KINDS:  # filled sheets: every result and correction
            parts.append(list(turn.tables.order_by("number").values_list("number", "version")))
            parts.append(list(turn.byes.order_by("pk").values_list("pk", "vp", "mp")))
    else:
        parts = [
            ResultChange.objects.filter(table__turn__tournament=tournament).aggregate(
                Max("id"), Count("id")
            ),
            Penalty.objects.filter(tournament=tournament).aggregate(Max("id"), Count("id")),
            LogEntry.objects.filter(tournament=tournament).aggregate(Max("id")),
            list(
                tournament.lines.values_list(
                    "number", "player1__name", "player2__name", "withdrawn_after_turn", "pin"
                )
            ),
            list(tournament.turn_set.values_list("number", "movement")),
            tournament.status,
            list(tournament.groups.values_list("name", "pairs")),
            list(
                tournament.prizes.values_list(
                    "position", "label", "group", "place", "from_turn", "to_turn", "club"
                )
            ),
            tournament.prizes_cumulate,
        ]
    parts.append(
        [
            tournament.name,
            str(tournament.date),
            tournament.venue,
            tournament.referee_name,
            tournament.vp_scale,
        ]
    )
    return hashlib.sha1(repr(parts).encode()).hexdigest()


CURRENT, OUT_OF_DATE, REPLACED = "current", "out-of-date", "replaced"


def states(tournament: Tournament, docs) -> dict[int, str]:
    """Each document against today's data: `REPLACED` when it belongs to a turn whose seating
    is no longer the one it was built from (undone, swapped: never to be handed out again),
    `OUT_OF_DATE` when what it shows changed since (a result, a name: built again on request),
    else `CURRENT`. One fingerprint per kind and turn, whatever the number of documents."""
    seatings: dict[int, tuple[Turn | None, str]] = {}
    prints: dict[tuple[str, int | None], str] = {}
    out = {}
    for doc in docs:
        turn = None
        if doc.turn is not None:
            if doc.turn not in seatings:
                turn = tournament.turn_set.filter(number=doc.turn).first()
                seatings[doc.turn] = (turn, seating_version(turn) if turn else "")
            turn, seating = seatings[doc.turn]
            if not seating or doc.seating_version != seating:
                out[doc.pk] = REPLACED
                continue
        key = (doc.kind if doc.kind in TURN_KINDS else "", doc.turn)
        if key not in prints:
            prints[key] = fingerprint(tournament, doc.kind, turn)
        out[doc.pk] = CURRENT if prints[key] == doc.source_version else OUT_OF_DATE
    return out


def state(doc: Document) -> str:
    if doc.circuit_id:
        current = circuits.inputs_version(doc.circuit) == doc.source_version
        return CURRENT if current else OUT_OF_DATE
    return states(doc.tournament, [doc])[doc.pk]


def request_document(
    tournament: Tournament,
    kind: str,
    turn: Turn | None = None,
    *,
    two_up: bool = False,
    language: str | None = None,
    base_url: str = "",
) -> Document:
    """The document, fresh: an up-to-date one if it exists, else a new build (started)."""
    if kind not in KINDS:
        raise ValueError(f"unknown document {kind}")
    if (kind in TURN_KINDS) != (turn is not None):
        raise ValueError(f"{kind} needs a turn" if kind in TURN_KINDS else f"{kind} has no turn")
    options = {
        "two_up": bool(two_up),
        "language": language or settings.LANGUAGE_CODE,
        "base_url": base_url,
    }
    fields = {
        "tournament": tournament,
        "kind": kind,
        "turn": turn.number if turn else None,
        "options": options,
        "source_version": fingerprint(tournament, kind, turn),
        "seating_version": seating_version(turn) if turn is not None else "",
    }
    total = turn.tables.count() if (turn is not None and kind in BACKGROUND) else 1
    return start(fields, total)


def request_circuit_document(circuit: Circuit, kind: str, *, language: str | None = None):
    """A circuit's standings as a file, fresh: the finished one while the circuit's inputs
    are unchanged, else a new build (in the background)."""
    if kind not in CIRCUIT_KINDS:
        raise ValueError(f"unknown document {kind}")
    fields = {
        "circuit": circuit,
        "kind": kind,
        "turn": None,
        "options": {"language": language or settings.LANGUAGE_CODE},
        "source_version": circuits.inputs_version(circuit),
        "seating_version": "",
    }
    return start(fields, 1)


def circuit_documents(circuit: Circuit, language: str) -> list[tuple[str, Document | None, str]]:
    """Each of the circuit's files (PDF, workbook) as the desk shows it: the newest asked in
    this language, or None, and whether it is `CURRENT` (still the circuit's standings)."""
    newest: dict[str, Document] = {}
    for doc in Document.objects.filter(circuit=circuit).defer("content")[:20]:
        if doc.options.get("language") == language:
            newest.setdefault(doc.kind, doc)
    version = circuits.inputs_version(circuit) if newest else ""
    return [
        (
            kind,
            newest.get(kind),
            CURRENT if kind in newest and newest[kind].source_version == version else OUT_OF_DATE,
        )
        for kind in ("circuit-pdf", "circuit-xlsx")
    ]


def finished_circuit_document(circuit: Circuit, kind: str, language: str) -> Document | None:
    """The circuit's file of this kind, built in this language from the circuit as it is
    now, if there is one (nothing is asked for: a GET changes nothing)."""
    ready = Document.objects.filter(
        circuit=circuit,
        kind=kind,
        status=Document.Status.READY,
        source_version=circuits.inputs_version(circuit),
    ).only("pk", "options")
    found = next((d.pk for d in ready if d.options.get("language") == language), None)
    return None if found is None else Document.objects.select_related("circuit").get(pk=found)


def start(fields: dict, total: int) -> Document:
    """The document these fields describe: one being built or built from the same data,
    else a new one, enqueued (a long kind) or built here."""
    existing = Document.objects.filter(
        **fields,
        status__in=[Document.Status.PENDING, Document.Status.RUNNING, Document.Status.READY],
    ).first()
    if existing is not None:
        return existing
    doc = Document.objects.create(**fields, total=total)
    if fields["kind"] in BACKGROUND and not (
        settings.TASKS_INLINE or getattr(settings, "DOCUMENTS_SYNC", 0)
    ):
        queue.defer(build_document, doc.pk)
    else:
        build(doc.pk)
        doc.refresh_from_db()
    return doc


@task()
def build_document(pk: int) -> None:
    """The background job: build the document (idempotent: run again, it builds it again)."""
    build(pk)


@receiver(task_finished)
def _job_failed(sender, task_result, **kwargs) -> None:
    """A build whose job failed outside `build` (its worker died again and again): say so."""
    if task_result.status != TaskResultStatus.FAILED:
        return
    if getattr(task_result.task, "func", None) is not build_document.func:
        return
    Document.objects.filter(
        pk=task_result.args[0], status__in=[Document.Status.PENDING, Document.Status.RUNNING]
    ).update(
        status=Document.Status.FAILED,
        error=_("The build stopped before the end: ask for the document again."),
        finished_at=timezone.now(),
    )


def build(pk: int) -> None:
    """Build a document, recording progress; a failure is recorded, never raised."""
    doc = Document.objects.select_related("tournament", "circuit").get(pk=pk)
    if doc.status == Document.Status.READY:
        return  # built already (a job run again after its worker died at the very end)
    if doc.turn is not None and not doc.seating_version:  # asked for without request_document
        turn = doc.tournament.turn_set.filter(number=doc.turn).first()
        doc.seating_version = seating_version(turn) if turn else ""
        Document.objects.filter(pk=pk).update(seating_version=doc.seating_version)
    if doc.turn is not None and state(doc) == REPLACED:  # undone or swapped while it waited
        with translation.override(doc.options.get("language") or settings.LANGUAGE_CODE):
            error = _("The seating of turn %(n)d changed before this document was built.")
        Document.objects.filter(pk=pk).update(
            status=Document.Status.FAILED, error=error % {"n": doc.turn}, finished_at=timezone.now()
        )
        return
    Document.objects.filter(pk=pk).update(status=Document.Status.RUNNING)

    def progress(done: int, total: int) -> None:
        Document.objects.filter(pk=pk).update(done=done, total=total)
        doc.total = total

    try:
        content = circuit_content(doc, progress) if doc.circuit_id else content_of(doc, progress)
    except Exception as exc:  # recorded for the referee; the desk keeps working
        log.exception("document %s failed", pk)
        Document.objects.filter(pk=pk).update(
            status=Document.Status.FAILED, error=failure_text(doc, exc), finished_at=timezone.now()
        )
        return
    Document.objects.filter(pk=pk).update(
        status=Document.Status.READY, content=content, done=doc.total, finished_at=timezone.now()
    )


def failure_text(doc: Document, exc: Exception) -> str:
    """What the referee reads of a failed build: a refusal's own message; for anything else a
    plain sentence (the exception itself goes to the server's log, never to the page)."""
    with translation.override(doc.options.get("language") or settings.LANGUAGE_CODE):
        if isinstance(exc, Refused):
            return str(exc.message)[:500]
        return _(
            "An unexpected error stopped it (written in the server's log): ask for it again; "
            "if it fails again, tell the technician."
        )


def circuit_content(doc: Document, progress) -> bytes:
    """A circuit's standings as they are now, in the language they were asked in."""
    with translation.override(doc.options.get("language") or settings.LANGUAGE_CODE):
        report = circuits.circuit_standings(doc.circuit)
        if doc.kind == "circuit-xlsx":
            return circuit_files.workbook(report)
        return circuit_files.standings_pdf(report, progress=progress)


def content_of(doc: Document, progress) -> bytes:
    """A tournament's document."""
    t = doc.tournament
    language = doc.options.get("language")
    turn = t.turn_set.get(number=doc.turn) if doc.turn else None
    if doc.kind in ("sheets", "sheets-filled"):
        return documents.scoresheets_pdf(
            t,
            turn,
            filled=doc.kind == "sheets-filled",
            two_up=doc.options.get("two_up", False),
            progress=progress,
            language=language,
            base=doc.options.get("base_url") or None,
        )
    if doc.kind == "seating":
        return documents.seating_pdf(t, turn, language=language)
    if doc.kind == "seating-alpha":
        return documents.seating_alpha_pdf(t, turn, language=language)
    if doc.kind == "slips":
        return documents.slips_pdf(t, turn, language=language)
    if doc.kind == "prizes-pdf":
        return reports.prizes_pdf(t, language=language)
    if doc.kind == "cards":
        return documents.cards_pdf(t, base=doc.options.get("base_url") or None, language=language)
    return reports.build(t, "xlsx" if doc.kind == "workbook" else "pdf", language=language)
