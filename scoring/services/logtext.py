"""The referee's log said in the reader's language, whoever wrote it and in whatever language.

A log entry keeps what happened as data: an `event` (one of `EVENTS` below) and its `params`
(numbers, the referee's own words, a catalogue title). Every page and paper says it through
the event's translatable template in the language active at the time (`say`); the JSON export
says it in the tournament's language (`say_in`, Italian by default) and gives `code` and
`params` beside, so that scripts need not read text. Entries older than the events, and any
event no template knows (or whose details do not fit it), show the text stored with them.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from scoring.models import LogEntry
from scoring.services import labels
from tournaments.kinds import kind_of


def _deduction(params: dict) -> str:
    return _("%(amount)s in the general ranking") % {
        "amount": labels.deduction(int(params.get("vp") or 0), int(params.get("mp") or 0))
    }


def _penalty(p: dict) -> tuple[str, str]:
    """A penalty or a warning to a pair, a player or a team (Art. 23)."""
    decision = str(p["reason"])
    if p.get("team") is not None:
        team = _("Team %(n)d") % {"n": int(p["team"])}
        decision = f"{team} {p.get('name', '')}".strip() + f": {decision}"
    return decision, (_("warning") if p.get("warning") else _deduction(p))


def _note(p: dict) -> tuple[str, str]:
    """A ruling that is only written down (Art. 4: the hand started early)."""
    return str(p["reason"]), str(p.get("title", ""))


def _warnings(p: dict) -> tuple[str, str]:
    return _("Two warnings: 1 VP in the general ranking (Art. 23)"), _deduction({"vp": 1})


def _adjusted(p: dict) -> tuple[str, str]:
    """An arbitral score, set by hand or by a ruling of the catalogue (its title leads the
    reason)."""
    decision = str(p["reason"])
    effect = _("N-S %(nv)d VP %(nm)+d MP, E-W %(ev)d VP %(em)+d MP") % {
        "nv": int(p["ns_vp"]),
        "nm": int(p["ns_mp"]),
        "ev": int(p["ew_vp"]),
        "em": int(p["ew_mp"]),
    }
    return decision, effect


def _withdrawal(p: dict) -> tuple[str, str]:
    return str(p["reason"]), _("absent from turn %(n)d on") % {"n": int(p["from_turn"])}


def _late_pair(p: dict) -> tuple[str, str]:
    decision = _("Late pair %(n)d completes table %(t)d.") % {
        "n": int(p["pair"]),
        "t": int(p["table"]),
    }
    return decision, _("pair %(r)d plays instead of resting") % {"r": int(p["resting"])}


def _late_player(p: dict) -> tuple[str, str]:
    """Art. 33 in an individual event: the late player and the three who would have rested
    make a new table."""
    decision = _("Late player %(n)d %(name)s completes table %(t)d.") % {
        "n": int(p["player"]),
        "name": p["name"],
        "t": int(p["table"]),
    }
    resting = ", ".join(str(int(n)) for n in p["resting"])
    return decision, _("players %(r)s play instead of resting") % {"r": resting}


def _late_team(p: dict) -> tuple[str, str]:
    """Art. 33 in a team event: the late team plays the team that would have rested."""
    decision = _("Late team %(n)d %(name)s plays match %(m)d (tables %(t)s).") % {
        "n": int(p["team"]),
        "name": p["name"],
        "m": int(p["match"]),
        "t": ", ".join(str(int(t)) for t in p["tables"]),
    }
    return decision, _("team %(r)d plays instead of resting") % {"r": int(p["resting"])}


def _points(value) -> str:
    return "—" if value is None else str(int(value))


def _late_correction(p: dict) -> tuple[str, str]:
    old, new = p["old"], p["new"]
    effect = _(
        "Late correction: %(ons)s–%(oew)s → %(nns)s–%(new)s; the seating already made "
        "stays as it is."
    ) % {
        "ons": _points(old[0]),
        "oew": _points(old[1]),
        "nns": _points(new[0]),
        "new": _points(new[1]),
    }
    return str(p["reason"]), effect


def _admission(p: dict) -> tuple[str, str]:
    """The referee lets a player flagged by the membership check play (or a pair, for the
    juniors' rule), or a player of an individual event: who, and the referee's reason."""
    if p.get("pair") is None and p.get("player"):  # a team's player, by his place in it
        who = _("%(name)s (player %(player)d of %(entrant)s %(number)d)") % {
            "name": p["name"],
            "player": int(p["player"]),
            "entrant": kind_of(p.get("kind", "teams")).entrant_noun,
            "number": int(p["entrant"]),
        }
    elif p.get("pair") is None:
        who = _("%(name)s (player %(number)d)") % {"name": p["name"], "number": int(p["entrant"])}
    elif p.get("player"):
        who = _("%(name)s (player %(player)d of pair %(pair)d)") % {
            "name": p["name"],
            "player": int(p["player"]),
            "pair": int(p["pair"]),
        }
    else:  # a whole pair (the juniors' rule), a player of an individual event, a team
        who = _("%(name)s (%(entrant)s %(pair)d)") % {
            "name": p["name"],
            "entrant": kind_of(p.get("kind", "pairs")).entrant_noun,
            "pair": int(p["pair"]),
        }
    decision = _("Admitted: %(who)s. Reason: %(reason)s") % {"who": who, "reason": p["reason"]}
    return decision, _("plays despite the membership check")


def _swap(p: dict) -> tuple[str, str]:
    """The referee exchanges the seats of two entrants of a seated turn before any result."""
    decision = _("Seats exchanged: %(entrants)s %(a)d and %(b)d. Reason: %(reason)s") % {
        "entrants": kind_of(p.get("kind", "pairs")).entrants_noun,
        "a": int(p["a"]),
        "b": int(p["b"]),
        "reason": p["reason"],
    }
    if p.get("problems"):
        effect = _("against the rules, confirmed by the referee: %(problems)s") % {
            "problems": " ".join(str(x) for x in p["problems"])
        }
    else:
        effect = _("before any result, within the rules")
    return decision, effect


def _impossible_total(p: dict) -> tuple[str, str]:
    """Art. 29: the referee records a total beyond what the cards can produce."""
    effect = _(
        "%(ns)s–%(ew)s recorded: beyond what the cards can produce, the referee states it is right"
    ) % {"ns": _points(p["ns"]), "ew": _points(p["ew"])}
    names = {"ns": _("N-S"), "ew": _("E-W")}
    bounds = [f"{names[d['line']]}: {_(d['message']) % d['params']}" for d in p.get("doubts", [])]
    return str(p["reason"]), " ".join([effect + ".", *bounds])


EVENTS: dict[str, Callable[[dict], tuple[str, str]]] = {
    "penalty": _penalty,
    "note": _note,
    "warnings": _warnings,
    "adjusted": _adjusted,
    "withdrawal": _withdrawal,
    "late-pair": _late_pair,
    "late-player": _late_player,
    "late-team": _late_team,
    "late-correction": _late_correction,
    "admission": _admission,
    "impossible-total": _impossible_total,
    "swap": _swap,
}


def render(event: str, params: dict) -> tuple[str, str]:
    """(decision, effect) of an event in the active language; KeyError/TypeError/ValueError
    when the details do not fit the event (a hand-edited backup)."""
    return EVENTS[event](params)


def _fields(entry) -> tuple:
    if isinstance(entry, dict):  # a row of the JSON `log`: the event is its `code`
        return (entry.get(k) for k in ("code", "params", "decision", "effect"))
    return (getattr(entry, k, None) for k in ("event", "params", "decision", "effect"))


def say(entry) -> tuple[str, str]:
    """(decision, effect) of a log entry (a LogEntry or a row of the JSON `log`) in the active
    language; the stored text when its event is unknown or its details do not fit."""
    event, params, decision, effect = _fields(entry)
    stored = (decision or "", effect or "")
    if event not in EVENTS or not isinstance(params, dict):
        return stored
    try:
        decision, effect = render(event, params)
    except (KeyError, TypeError, ValueError, IndexError):
        return stored
    return decision[:500], effect[:500]


def say_in(entry, language: str | None = None) -> tuple[str, str]:
    """The same in the tournament's language (the installation's LANGUAGE_CODE by default)."""
    with translation.override(language or settings.LANGUAGE_CODE):
        return say(entry)


def annotate(entries) -> list:
    """LogEntry rows with `decision_text` and `effect_text` in the active language (pages)."""
    entries = list(entries)
    for e in entries:
        e.decision_text, e.effect_text = say(e)
    return entries


def localise(rows: list[dict]) -> list[dict]:
    """Rows of the JSON `log` with `decision` and `effect` in the active language (papers)."""
    out = []
    for row in rows:
        decision, effect = say(row)
        out.append({**row, "decision": decision, "effect": effect})
    return out


def write_log(
    tournament,
    *,
    user,
    event: str,
    params: dict,
    turn=None,
    table=None,
    pairs=(),
    ruling=None,
    code="",
    article="",
) -> LogEntry:
    """One entry of the referee's log: what happened as data (`event`, `params`: see
    scoring.services.logtext) and its text in the tournament's language beside."""
    with translation.override(settings.LANGUAGE_CODE):
        decision, effect = render(event, params)
    return LogEntry.objects.create(
        tournament=tournament,
        by=user if getattr(user, "is_authenticated", False) else None,
        turn=turn,
        table=table,
        pairs=list(pairs),
        code=ruling.code if ruling else code,
        article=ruling.article if ruling else article,
        decision=decision[:500],
        effect=effect[:500],
        event=event,
        params=params,
    )


def log_admission(
    sender, *, tournament, pair, player, name, reason, user=None, entrant=None, **kwargs
):
    """The membership check's admission as an entry of the referee's log (the receiver of
    tournaments.signals.member_admitted, connected in scoring.apps). A player who is the
    entrant (an individual event) is logged by his number under `entrant`, with no `pair`."""
    if pair is None:
        params = {"entrant": entrant, "player": player, "name": name, "reason": reason}
    else:
        params = {"pair": pair, "player": player, "name": name, "reason": reason}
    params["kind"] = tournament.kind
    write_log(
        tournament,
        user=user,
        pairs=[pair if pair is not None else entrant],
        code="admission",
        event="admission",
        params=params,
    )
