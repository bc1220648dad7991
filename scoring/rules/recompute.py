"""Every number of a received package recomputed: pure Python, no Django import.

The sealed package proves that nothing changed after the referee signed; it does not prove
that the numbers follow the rules. From the package's own results (`risultati.json`, the JSON
export of the scripting contract) this module recomputes, with the rules this program plays
by (never a copy of them):

- each table's VP from its MP difference by the declared VP scale and the turn's deals
  (Codice di Gara, Art. 30: `tournaments.rules.vp`); a table whose score the referee set
  (`adjusted`: Art. 32-33 rulings) keeps the VP and MP he set;
- each team match from its two tables by the declared team scoring
  (`scoring.rules.team_matches`);
- each bye's VP and MP by the scale's edition and the declared bye percentage (Art. 33);
- the standings (order, VP, MP, turns played, byes, penalties counted from their turn, the
  declared tie-breaks), group by group where there are groups (`scoring.rules.standings`,
  `scoring.rules.individual_standings`);
- over the declared prize list, who takes each prize (`scoring.rules.prizes`).

`recompute(data)` returns the differences, one item each (what, where, `said`: the package's
number, `computed`: the rules'), and what cannot be judged (`cannot`: a scale or a rule this
version does not know, a part a package made before the export carried it lacks), never
mixed. A difference that comes from a documented change of this program's own rules between
versions is an item with code `rules_changed` (not wrong: made by an older rule, named).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from scoring.rules import individual_standings as individual_rules
from scoring.rules import prizes as prize_rules
from scoring.rules import standings as rules
from scoring.rules import team_matches as team_rules
from tournaments.movements.groups import group_phase
from tournaments.rules import vp as vp_rules
from tournaments.rules.messages import RuleError, _
from tournaments.rules.tiebreaks import TIEBREAKS

RULES_CHANGED = "rules_changed"
# What the standings rows say and this module compares, entrant by entrant.
TOTALS = ("vp", "mp", "played", "byes", "penalty_vp", "penalty_mp")


@dataclass
class Recomputation:
    """What a recomputation found. `differences`: dicts of the contract (`code`, where,
    `said`, `computed`); `cannot`: (code, English msgid, params), translated by the adapter."""

    differences: list[dict] = field(default_factory=list)
    cannot: list[tuple[str, str, dict]] = field(default_factory=list)

    @property
    def wrong(self) -> list[dict]:
        """The differences that are not a documented change of rules between versions."""
        return [d for d in self.differences if d["code"] != RULES_CHANGED]

    @property
    def status(self) -> str:
        """`to_check` when a number differs from the rules' (a documented change of rules
        between versions is not one), `partial` when some part cannot be judged, else
        `verified`."""
        if self.wrong:
            return "to_check"
        return "partial" if self.cannot else "verified"

    def differ(self, code: str, said, computed, **where) -> None:
        self.differences.append({"code": code, **where, "said": said, "computed": computed})

    def cannot_judge(self, code: str, message: str, **params) -> None:
        self.cannot.append((code, message, params))


@dataclass
class Records:
    """The standings' records rebuilt from the package, with the recomputed numbers."""

    entrants: list[int]
    tables: list = field(default_factory=list)  # standings.Match, TableResult or TeamMatch
    byes: list[rules.Bye] = field(default_factory=list)
    penalties: list[rules.Penalty] = field(default_factory=list)


def recompute(data: dict) -> Recomputation:
    """Recompute a package's results export (parsed JSON). Never raises on bad data: what
    cannot be read is a reason in `cannot`."""
    out = Recomputation()
    try:
        head = data["tournament"]
        kind = KINDS.get(head.get("kind") or "pairs")
        if kind is None:
            out.cannot_judge("kind", _("unknown kind of event: %(kind)s"), kind=str(head["kind"]))
            return out
        kind.recompute(data, head, out)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RuleError) as exc:
        out.cannot_judge(
            "unreadable",
            _("the results cannot be read for recomputing (%(error)s)"),
            error=f"{type(exc).__name__}: {exc}"[:200],
        )
    return out


# --- the scale, the bye ------------------------------------------------------------------------


def played_scale(head: dict, out: Recomputation) -> vp_rules.VpScale | None:
    """The VP table the tournament played: a federation scale this version knows (by its code
    and the turn's deals), else the custom table the export declares; None (with the reason)
    when neither."""
    code, deals = str(head.get("vp_scale")), head.get("deals")
    if code in vp_rules.META_SCALES or code in vp_rules.SCALES:
        try:
            return vp_rules.scale_for(code, deals)
        except vp_rules.ScaleError:
            out.cannot_judge(
                "scale",
                _("the VP scale %(scale)s has no table for %(deals)s deals"),
                scale=code,
                deals=str(deals),
            )
            return None
    bands = head.get("vp_scale_bands")
    if not isinstance(bands, list):
        out.cannot_judge(
            "scale",
            _(
                "the VP scale %(scale)s is not one this version knows, and the package "
                "does not give its table"
            ),
            scale=code,
        )
        return None
    try:
        return vp_rules.VpScale.from_bands(
            code, code, [tuple(b) for b in bands], bye_percentage(head, None)
        )
    except vp_rules.ScaleError as exc:
        out.cannot_judge(
            "scale",
            _("the VP scale %(scale)s's table is not valid: %(error)s"),
            scale=code,
            error=str(exc)[:200],
        )
        return None


def bye_percentage(head: dict, scale: vp_rules.VpScale | None) -> int:
    """The declared bye percentage (the organiser's override or the edition's), else the
    scale's own edition's (Art. 33: 70%)."""
    declared = head.get("bye_percentage")
    if isinstance(declared, int) and not isinstance(declared, bool):
        return declared
    return scale.bye_percentage if scale is not None else vp_rules.DEFAULT_BYE_PERCENTAGE


def checked_bye(out, said_bye: dict, key: str, turn: int, computed: vp_rules.ByeScore):
    """A bye as the standings count it: the recomputed score; a difference when the package
    says another one."""
    said = [said_bye["vp"], said_bye["mp"]]
    if said != [computed.vp, computed.mp]:
        out.differ("bye", said, [computed.vp, computed.mp], turn=turn, **{key: said_bye[key]})
    return rules.Bye(turn, said_bye[key], computed.vp, computed.mp)


def declared_bye(said_bye: dict, key: str, turn: int) -> rules.Bye:
    return rules.Bye(turn, said_bye[key], said_bye["vp"], said_bye["mp"])


# --- the kinds -----------------------------------------------------------------------------------


class KindRecompute:
    """What varies by kind of event: the key naming an entrant, what a turn holds and how
    the standings rank. The rest is the same for every kind."""

    entrants_key = "pairs"
    key = "pair"
    has_groups = True
    prizes_known = True

    def recompute(self, data: dict, head: dict, out: Recomputation) -> None:
        scale = played_scale(head, out)
        records = Records([int(e["number"]) for e in data[self.entrants_key]])
        for turn in data["turns"]:
            number = int(turn["number"])
            self.turn(turn, number, scale, head, records, out)
            for bye in turn.get("byes", []):
                records.byes.append(self.bye(bye, number, scale, head, out))
        records.penalties = [
            rules.Penalty(int(p["turn"]), int(p[self.key]), int(p["vp"]), int(p.get("mp") or 0))
            for p in data.get("penalties", [])
        ]
        tiebreaks = declared_tiebreaks(head, out)
        groups = self.groups(data, head)
        ranked = self.rank(records, tiebreaks or rules.DEFAULT_TIEBREAKS, groups)
        compare_standings(data["standings"], ranked, self.key, bool(groups), tiebreaks, out)
        self.prizes(data, head, records, tiebreaks, groups, out)

    # A table of a pairs or individual event; a team event's turn holds matches.
    def turn(self, turn, number, scale, head, records, out) -> None:
        for table in turn.get("tables", []):
            if table.get("ns_vp") is None:
                continue
            ns_vp, ew_vp = checked_table(table, number, scale, out)
            records.tables.append(self.record(table, number, ns_vp, ew_vp))

    def record(self, table, number, ns_vp, ew_vp):
        ns_mp, ew_mp = table_mp(table)
        return rules.Match(number, int(table["ns"]), int(table["ew"]), ns_vp, ew_vp, ns_mp, ew_mp)

    def bye(self, bye, number, scale, head, out) -> rules.Bye:
        if scale is None:
            return declared_bye(bye, self.key, number)
        return checked_bye(
            out, bye, self.key, number, vp_rules.bye_score(scale, bye_percentage(head, scale))
        )

    def groups(self, data: dict, head: dict) -> dict[str, list[int]]:
        """The groups the final standings are given by: those of a plan with turns in groups."""
        if not self.has_groups or group_phase(head.get("plan") or []) is None:
            return {}
        members = self.entrants_key
        return {
            str(g["group"]): [int(p) for p in g.get(members, g.get("pairs", []))]
            for g in data.get("groups", [])
        }

    def rank(self, records: Records, tiebreaks, groups) -> list[rules.Row]:
        if groups:
            return rules.compute_groups(
                records.entrants,
                records.tables,
                records.byes,
                records.penalties,
                groups=groups,
                tiebreaks=tiebreaks,
            )
        return rules.compute(
            records.entrants,
            records.tables,
            records.byes,
            records.penalties,
            tiebreaks=tiebreaks,
        )

    def prize_matches(self, records: Records) -> list:
        """The standings' records of the tables the prizes rank on."""
        return records.tables

    def rankings(self, prizes, records: Records, tiebreaks, groups) -> dict:
        known = [p for p in prizes if p.group is None or p.group in groups]
        return prize_rules.rankings_for(
            known,
            records.entrants,
            self.prize_matches(records),
            records.byes,
            records.penalties,
            groups=groups,
            tiebreaks=tiebreaks,
        )

    def clubs(self, data: dict) -> dict[int, str | None]:
        return {
            int(e["number"]): prize_rules.pair_club(p.get("club") for p in e["players"])
            for e in data[self.entrants_key]
        }

    def prizes(self, data, head, records, tiebreaks, groups, out) -> None:
        said = data.get("prizes")
        if said is None or not isinstance(head.get("prizes_cumulate"), bool):
            out.cannot_judge(
                "prizes",
                _("the package does not give the prize list (made before the export carried it)"),
            )
            return
        if not said:
            return
        if not self.prizes_known or tiebreaks is None:
            out.cannot_judge(
                "prizes", _("this version cannot assign the prizes of this kind of event")
            )
            return
        prizes = [prize_of(row) for row in said]
        turns = int(head["turns"])
        awards = prize_rules.assign(
            prizes,
            self.rankings(prizes, records, tiebreaks, groups),
            clubs=self.clubs(data),
            ineligible={
                int(e["number"])
                for e in data[self.entrants_key]
                if isinstance(e.get("withdrawn_after_turn"), int)
                and e["withdrawn_after_turn"] < turns
            },
            exclusive=not head["prizes_cumulate"],
        )
        for row, award in zip(said, awards, strict=True):
            if row.get(self.key) != award.pair:
                out.differ(
                    "prize",
                    row.get(self.key),
                    award.pair,
                    prize=row["prize"],
                    group=row.get("group"),
                    place=row["place"],
                    turns=row.get("turns"),
                )


class IndividualRecompute(KindRecompute):
    """Players: each scores his line's result (Art. 2); group by group once the groups are
    set (the export's `groups` list their `players`)."""

    entrants_key = "players"
    key = "player"

    def record(self, table, number, ns_vp, ew_vp):
        ns_mp, ew_mp = table_mp(table)
        ns, ew = tuple(int(p) for p in table["ns"]), tuple(int(p) for p in table["ew"])
        return individual_rules.TableResult(number, ns, ew, ns_vp, ew_vp, ns_mp, ew_mp)

    def rank(self, records: Records, tiebreaks, groups) -> list[rules.Row]:
        ranked = individual_rules.individual_standings(
            records.entrants,
            records.tables,
            records.byes,
            records.penalties,
            tiebreaks=tiebreaks,
        )
        return individual_rules.in_groups(ranked, groups)

    def rankings(self, prizes, records: Records, tiebreaks, groups) -> dict:
        """The players' ranking (a prize of a group: that group's players, unassigned while the
        groups are not set), a technical
        prize's over its turns only."""
        found: dict = {}
        for prize in prizes:
            key = (prize.group, prize.turns)
            if key in found or (prize.group is not None and prize.group not in groups):
                continue
            first, last = prize.turns or (1, 10**6)
            inside = Records(
                records.entrants,
                *(
                    [r for r in kept if first <= r.turn <= last]
                    for kept in (records.tables, records.byes, records.penalties)
                ),
            )
            members = set(groups.get(prize.group, ())) if prize.group is not None else None
            found[key] = [
                row.pair
                for row in self.rank(inside, tiebreaks, groups if prize.turns is None else {})
                if members is None or row.pair in members
            ]
        return found

    def clubs(self, data: dict) -> dict[int, str | None]:
        return {int(e["number"]): e.get("club") or None for e in data[self.entrants_key]}


class TeamsRecompute(KindRecompute):
    """Teams: a match from its two tables by the declared team scoring (Art. 2)."""

    entrants_key = "teams"
    key = "team"

    def turn(self, turn, number, scale, head, records, out) -> None:
        scoring = team_scoring(head, out)
        for match in turn.get("matches", []):
            tables = match.get("tables", [])
            if len(tables) != 2 or match.get("vp_a") is None:
                continue
            open_vp, closed_vp = (checked_table(t, number, scale, out) for t in tables)
            said = [match["vp_a"], match["vp_b"], match["mp_a"]]
            result = self.match(tables, open_vp, closed_vp, scale, scoring)
            if result is None:
                result = team_rules.MatchResult(said[0], said[1], said[2], (open_vp, closed_vp))
            elif said != [result.vp_a, result.vp_b, result.mp_a]:
                out.differ(
                    "match",
                    said,
                    [result.vp_a, result.vp_b, result.mp_a],
                    turn=number,
                    match=match["match"],
                )
            records.tables.append(
                team_rules.TeamMatch(number, int(match["team_a"]), int(match["team_b"]), result)
            )

    def match(self, tables, open_vp, closed_vp, scale, scoring):
        """The match result by the rules (None when the scale or the scoring is unknown)."""
        if scale is None or scoring is None:
            return None
        open_t, closed_t = tables
        team_scale = team_rules.TeamScale.doubled(scale)
        if not (open_t.get("adjusted") or closed_t.get("adjusted")):
            return team_rules.score_match(
                scale,
                (open_t["ns_points"], open_t["ew_points"]),
                (closed_t["ns_points"], closed_t["ew_points"]),
                scoring,
                team_scale,
            )
        mp_a = table_mp(open_t)[0] + table_mp(closed_t)[1]
        return team_rules.adjusted_match(
            open_vp, (closed_vp[1], closed_vp[0]), mp_a, scoring, team_scale
        )

    def bye(self, bye, number, scale, head, out) -> rules.Bye:
        scoring = head.get("team_scoring")
        if scale is None or scoring not in team_rules.SCORING:
            return declared_bye(bye, self.key, number)
        team_scale = team_rules.TeamScale.doubled(scale)
        computed = team_rules.team_bye(scale, scoring, team_scale, bye_percentage(head, scale))
        if older_team_bye(bye, computed, scoring, team_scale):
            out.differ(
                RULES_CHANGED,
                [bye["vp"], bye["mp"]],
                [computed.vp, computed.mp],
                rule="team_bye_mp",
                turn=number,
                team=bye["team"],
            )
            return declared_bye(bye, self.key, number)
        return checked_bye(out, bye, self.key, number, computed)

    def rank(self, records: Records, tiebreaks, groups) -> list[rules.Row]:
        return team_rules.team_standings(
            records.entrants,
            records.tables,
            records.byes,
            records.penalties,
            tiebreaks=tiebreaks,
            groups=groups,
        )

    def prize_matches(self, records: Records) -> list:
        """The teams' matches as the prizes rank them (per group once the groups are set; the
        export's `groups` list their `teams`)."""
        return team_rules.match_records(records.tables)

    def clubs(self, data: dict) -> dict[int, str | None]:
        return {}


def older_team_bye(bye: dict, computed, scoring: str, team_scale) -> bool:
    """Before the team bye gave twice the pairs bye's MP under both scorings
    (docs/individual-and-teams.md, "Team bye"), an `mp-scale` team bye scored the lowest
    difference earning its VP on the doubled team scale (705 with the 2007 scale, not 710)."""
    return (
        scoring == "mp-scale"
        and bye["vp"] == computed.vp
        and bye["mp"] != computed.mp
        and bye["mp"] == team_scale.min_difference_for(computed.vp)
    )


def team_scoring(head: dict, out: Recomputation) -> str | None:
    scoring = head.get("team_scoring")
    if scoring in team_rules.SCORING:
        return scoring
    reason = ("team_scoring", _("unknown team scoring: %(scoring)s"), {"scoring": str(scoring)})
    if reason not in out.cannot:
        out.cannot.append(reason)
    return None


KINDS: dict[str, KindRecompute] = {
    "pairs": KindRecompute(),
    "individual": IndividualRecompute(),
    "teams": TeamsRecompute(),
}


# --- a table, the standings, a prize --------------------------------------------------------


def table_mp(table: dict) -> tuple[int, int]:
    """Each line's MP difference: the referee's when he set the score, else from the points."""
    if table.get("adjusted"):
        return int(table["ns_mp"]), int(table["ew_mp"])
    difference = int(table["ns_points"]) - int(table["ew_points"])
    return difference, -difference


def checked_table(table: dict, turn: int, scale, out: Recomputation) -> tuple[int, int]:
    """A table's VP as the standings count them: from its MP difference by the scale
    (Art. 30), the referee's when he set the score; a difference when the package says
    other VP."""
    said = (table["ns_vp"], table["ew_vp"])
    if scale is None or table.get("adjusted"):
        return said
    computed = scale.split(table["ns_points"], table["ew_points"])
    if list(said) != list(computed):
        out.differ("vp", list(said), list(computed), turn=turn, table=table["table"])
    return computed


def declared_tiebreaks(head: dict, out: Recomputation) -> list[str] | None:
    tiebreaks = head.get("tiebreaks")
    if not isinstance(tiebreaks, list):
        out.cannot_judge("tiebreaks", _("the package does not give the tie-breaks"))
        return None
    unknown = [str(t) for t in tiebreaks if t not in TIEBREAKS]
    if unknown:
        out.cannot_judge(
            "tiebreaks", _("unknown tie-break: %(tiebreak)s"), tiebreak=", ".join(unknown)
        )
        return None
    return tiebreaks


def compare_standings(said_rows, ranked, key: str, groups: bool, tiebreaks, out) -> None:
    """The order (rank by rank: who is there; only when the tie-breaks are known) and each
    entrant's totals (its group and place in it where there are groups)."""
    computed = {row.pair: row for row in ranked}
    if tiebreaks is not None:
        for rank in range(1, max(len(said_rows), len(ranked)) + 1):
            said = said_rows[rank - 1].get(key) if rank <= len(said_rows) else None
            got = ranked[rank - 1].pair if rank <= len(ranked) else None
            if said != got:
                out.differ("standings", said, got, rank=rank)
    fields = TOTALS + (("group", "group_rank") if groups else ())
    if tiebreaks is None:
        fields = tuple(f for f in fields if f != "group_rank")
    for said in said_rows:
        row = computed.get(said.get(key))
        if row is None:
            continue
        for name in fields:
            if said.get(name) != getattr(row, name):
                out.differ(
                    "total", said.get(name), getattr(row, name), field=name, **{key: row.pair}
                )


def prize_of(row: dict) -> prize_rules.Prize:
    turns = prize_rules.parse_turns(row["turns"]) if row.get("turns") else None
    return prize_rules.Prize(
        str(row["prize"]), row.get("group"), int(row["place"]), turns, row.get("club")
    )


def recompute_export(raw: bytes) -> Recomputation:
    """Recompute the package's `risultati.json` as it was received (bytes)."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        out = Recomputation()
        out.cannot_judge("unreadable", _("the results export is not JSON"))
        return out
    if not isinstance(data, dict):
        data = {}
    return recompute(data)


# --- in words ----------------------------------------------------------------------------------
# Each difference as an English msgid and its parameters; a parameter may itself be a
# (msgid, params) pair (an entrant, a field's name), which the adapter translates first.

ENTRANTS = {"pair": _("pair %(n)s"), "player": _("player %(n)s"), "team": _("team %(n)s")}
FIELDS = {
    "vp": _("VP"),
    "mp": _("MP"),
    "played": _("turns played"),
    "byes": _("byes"),
    "penalty_vp": _("penalty VP"),
    "penalty_mp": _("penalty MP"),
    "group": _("group"),
    "group_rank": _("place in the group"),
}
SAYS = {
    "vp": _(
        "turn %(turn)s, table %(table)s: VP %(said)s in the package, %(computed)s by the "
        "VP scale (Art. 30)"
    ),
    "match": _(
        "turn %(turn)s, match %(match)s: %(said)s in the package, %(computed)s by the team scoring"
    ),
    "bye": _(
        "turn %(turn)s, bye of %(entrant)s: VP and MP %(said)s in the package, "
        "%(computed)s by the bye of the scale's edition (Art. 33)"
    ),
    "standings": _("standings, rank %(rank)s: %(said)s in the package, %(computed)s by the rules"),
    "total": _(
        "standings, %(entrant)s: %(field)s %(said)s in the package, %(computed)s by the rules"
    ),
    "prize": _("prize %(prize)s: %(said)s in the package, %(computed)s by the prize list"),
    RULES_CHANGED: _(
        "turn %(turn)s, bye of %(entrant)s: %(said)s in the package, by a "
        "former rule of this program (%(computed)s today): the team bye's MP "
        "changed between versions"
    ),
}


def entrant_of(difference: dict) -> tuple[str, dict] | None:
    for key, message in ENTRANTS.items():
        if key in difference:
            return message, {"n": shown(difference[key])}
    return None


def shown(value) -> str:
    """A number as a reader sees it: VP of two lines as 14-6, none as —."""
    if value is None:
        return "—"
    if isinstance(value, list):
        if len(value) == 3:  # a match: VP of both teams, A's MP
            return f"{shown(value[0])}-{shown(value[1])}, MP {shown(value[2])}"
        return "-".join(shown(v) for v in value)
    return str(value)


def describe(difference: dict) -> tuple[str, dict]:
    """(English msgid, params) of a difference; params may hold (msgid, params) pairs."""
    code = difference.get("code")
    params = {k: shown(v) for k, v in difference.items() if k not in ("code", "field")}
    params["entrant"] = entrant_of(difference) or "—"
    field_name = difference.get("field")
    params["field"] = (FIELDS[field_name], {}) if field_name in FIELDS else str(field_name)
    params["prize"] = str(difference.get("prize", ""))
    return SAYS.get(code, _("%(code)s: %(said)s in the package, %(computed)s by the rules")), {
        "code": str(code),
        **params,
    }


def english(message: str, params: dict) -> str:
    """A described difference or reason in English (scripts read it)."""
    resolved = {k: english(*v) if isinstance(v, tuple) else v for k, v in params.items()}
    return message % resolved if resolved else message
