"""Human names for what the app stores as codes: movements, the plan, VP scales, tie-breaks,
statuses, document kinds, rulings, times. Pages, PDFs and the workbook show these, never the
codes (the JSON of the scripting contract keeps the codes)."""

from __future__ import annotations

import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring.models import Penalty, Ruling
from scoring.rules import display
from scoring.rules.display import NOTHING
from tournaments.models import MOVEMENTS, Line, Tournament, VpScaleDefinition
from tournaments.rules import vp as vp_rules

TIEBREAK_NAMES = {
    "mp": gettext_lazy("MP difference"),
    "h2h": gettext_lazy("head-to-head VP"),
    "number": gettext_lazy("pair number"),
}

DOCUMENT_KINDS = {
    "sheets": gettext_lazy("Score sheets"),
    "sheets-filled": gettext_lazy("Filled score sheets"),
    "seating": gettext_lazy("Seating list"),
    "seating-alpha": gettext_lazy("Seating by surname"),
    "slips": gettext_lazy("Slips per pair"),
    "standings-pdf": gettext_lazy("Standings (PDF)"),
    "workbook": gettext_lazy("Homologation workbook (Excel)"),
    "cards": gettext_lazy("Pair cards with PIN"),
    "prizes-pdf": gettext_lazy("Prize list (PDF)"),
}


def movement_name(word: str) -> str:
    return str(dict(MOVEMENTS).get(word, word))


def plan_names(plan) -> str:
    """["mitchell"]*3 + ["danish"]*2 -> "Mitchell (3 turns), Danish (pure) (2 turns)"."""
    parts, last, count = [], None, 0
    for word in [*plan, None]:
        if word == last:
            count += 1
            continue
        if last is not None:
            parts.append(
                ngettext("%(movement)s (%(n)d turn)", "%(movement)s (%(n)d turns)", count)
                % {"movement": movement_name(last), "n": count}
            )
        last, count = word, 1
    return ", ".join(parts)


def scale_label(code: str) -> str:
    """The scale's full name ("FE.BUR.IT, Codice di Gara 2007 (Art. 30)"), a custom one's
    own name, never the code."""
    if code in vp_rules.SCALES or code in vp_rules.META_SCALES:
        return vp_rules.scale_name(code)
    custom = VpScaleDefinition.objects.filter(code=code).values_list("name", flat=True).first()
    return custom or code


def tiebreak_names(tiebreaks) -> str:
    return ", ".join(str(TIEBREAK_NAMES.get(t, t)) for t in tiebreaks)


def status_name(code: str) -> str:
    return str(dict(Tournament.Status.choices).get(code, code))


def document_kind(kind: str, tournament: Tournament | None = None) -> str:
    """A document's name; the slips and cards in the words of the tournament's kind."""
    words = tournament.words if tournament is not None else None
    if words is not None and kind == "slips":
        return str(words.slips)
    if words is not None and kind == "cards" and words.cards:
        return str(words.cards)
    return str(DOCUMENT_KINDS.get(kind, kind))


def ruling_titles(tournament: Tournament) -> dict[str, str]:
    """code -> title of every ruling the tournament may use (one query)."""
    rows = Ruling.objects.for_tournament(tournament).values_list("code", "title", "tournament")
    titles: dict[str, str] = {}
    for code, title, _own in sorted(rows, key=lambda r: r[2] is not None):
        titles[code] = title  # the tournament's own entry wins over the federation's
    return titles


def local_time(value, fmt: str = "DATETIME") -> str:
    """A stored time (datetime or ISO text) in the tournament's time zone (TIME_ZONE), e.g.
    "23/11/2026 15:30" (fmt "DATETIME") or "15:30" (fmt "TIME")."""
    if not value:
        return ""
    if isinstance(value, str):
        value = datetime.datetime.fromisoformat(value)
    value = timezone.localtime(value) if timezone.is_aware(value) else value
    return value.strftime("%H:%M" if fmt == "TIME" else "%d/%m/%Y %H:%M")


def deduction(vp: int, mp: int) -> str:
    """What a penalty takes away: "−1 P.V.", "−1 P.V., −100 M.P.", "−100 M.P."; never "−0"."""
    parts = []
    if vp:
        parts.append(_("%(n)s VP") % {"n": display.minus(vp)})
    if mp:
        parts.append(_("%(n)s MP") % {"n": display.minus(mp)})
    return ", ".join(parts) or NOTHING


def penalty_text(penalty) -> str:
    """A penalty or warning as the referee reads it."""
    if penalty.kind == Penalty.Kind.WARNING:
        return _("warning")
    return deduction(penalty.vp, penalty.mp)


LOG_CODES = {
    "penalty": gettext_lazy("Penalty"),
    "warnings": gettext_lazy("Two warnings"),
    "adjusted": gettext_lazy("Adjusted score"),
    "withdrawal": gettext_lazy("Withdrawal"),
    "late-pair": gettext_lazy("Late pair"),
    "late-player": gettext_lazy("Late player"),
    "late-team": gettext_lazy("Late team"),
    "late-correction": gettext_lazy("Late correction"),
    "admission": gettext_lazy("Admission (membership check)"),
    "lineup": gettext_lazy("Line-up change"),
}


def log_ruling(code: str, titles: dict[str, str]) -> str:
    """The log's ruling column: the catalogue's title, or the name of an automatic entry."""
    if not code:
        return ""
    return titles.get(code) or str(LOG_CODES.get(code, code))


def log_names(tournament: Tournament, entries) -> dict[int, str]:
    """The numbers of the log `entries` (dicts or rows with `pairs`) that are lines' own,
    internal numbers -> the line's name (its players; a team's line: its team). Pairs,
    players and teams keep their numbers."""

    numbers = {n for e in entries for n in (e["pairs"] if isinstance(e, dict) else e.pairs)}
    lines = Line.objects.filter(
        tournament=tournament, line_turn__isnull=False, number__in=numbers
    ).select_related("player1", "player2", "team")
    return {line.number: str(line.label) for line in lines}


def log_who(numbers, names: dict[int, str]) -> str:
    """The log's pairs column: "3, 7"; lines by their players or team, each named once."""
    return ", ".join(dict.fromkeys(names.get(n, str(n)) for n in numbers))


# Italian writes months in lower case ("23 novembre 2026"): the app's catalogue translates
# Django's month names itself (it takes precedence over Django's own capitalised ones).
MONTHS = (
    gettext_lazy("January"),
    gettext_lazy("February"),
    gettext_lazy("March"),
    gettext_lazy("April"),
    gettext_lazy("May"),
    gettext_lazy("June"),
    gettext_lazy("July"),
    gettext_lazy("August"),
    gettext_lazy("September"),
    gettext_lazy("October"),
    gettext_lazy("November"),
    gettext_lazy("December"),
)


def table_note(x: dict) -> tuple:
    """A table's points as the sheet shows them and its note: a score set by the referee
    (its MP), a late correction (Art. 31)."""
    ns_points, ew_points = x["ns_points"], x["ew_points"]
    notes = []
    if x.get("adjusted"):
        notes.append(
            _("referee-set score (MP %(ns)s / %(ew)s)")
            % {"ns": display.signed(x["ns_mp"]), "ew": display.signed(x["ew_mp"])}
        )
        if ns_points is None:
            ns_points = ew_points = _("referee-set score")
    if x.get("late_correction"):
        notes.append(_("late correction (Art. 31)"))
    return ns_points, ew_points, "; ".join(notes)


def bye_note(bye: dict) -> str:
    return _("rests (bye: %(mp)s MP)") % {"mp": display.signed(bye["mp"])}
