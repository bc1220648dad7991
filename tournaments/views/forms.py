"""Forms of the referee's desk: tournament settings and pairs."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.rules import vp as vp_rules
from tournaments.errors import Refused
from tournaments.fields import CodeField, NameField
from tournaments.kinds import all_settings, kind_of, registered
from tournaments.models import MOVEMENT_WORDS, MOVEMENTS, Pair, Tournament
from tournaments.rules.names import split_name
from tournaments.rules.text import ascii_int, clean_text
from tournaments.services.setup import parse_plan, plan_text

KIND_SETTINGS = all_settings()  # the kind objects say which apply (tournaments/kinds)

TIEBREAK_ORDERS = [
    ("mp,h2h,number", _("MP difference, then head-to-head, then pair number")),
    ("h2h,mp,number", _("Head-to-head, then MP difference, then pair number")),
    ("mp,number", _("MP difference, then pair number")),
]


def scale_choices():
    from scoring.models import VpScaleDefinition

    metas = [(code, name) for code, (name, _tables) in vp_rules.META_SCALES.items()]
    return (
        metas
        + [(s.code, s.name) for s in vp_rules.SCALES.values()]
        + [(s.code, s.name) for s in VpScaleDefinition.objects.all()]
    )


MAX_PLAN_ROWS = 30


def plan_rows_posted(data) -> list[tuple[str, str]] | None:
    """The plan's rows as posted (`plan_movement` and `plan_turns`, one pair per row), or
    None when the form came without rows (a script posting `plan_text`)."""
    if not hasattr(data, "getlist") or "plan_movement" not in data:
        return None
    movements, turns = data.getlist("plan_movement"), data.getlist("plan_turns")
    turns += [""] * (len(movements) - len(turns))
    return list(zip(movements, turns, strict=False))[: MAX_PLAN_ROWS + 1]


def rows_to_plan_text(rows: list[tuple[str, str]]) -> str:
    """Rows (movement, number of turns) as the plan's words: a row without a number of turns
    is a spare one and counts for nothing; a bad word or number is refused (parse_plan)."""
    if len(rows) > MAX_PLAN_ROWS:
        raise forms.ValidationError(_("A plan has at most %(n)d rows.") % {"n": MAX_PLAN_ROWS})
    parts = []
    for word, count in rows:
        count = count.strip()
        if not count:
            continue
        if word not in MOVEMENT_WORDS:
            raise forms.ValidationError(_("Choose the movement of every row."))
        number = ascii_int(count)
        if number is None or not 1 <= number <= 30:
            raise forms.ValidationError(
                _("%(v)s is not a number of turns (1 to 30).") % {"v": count[:20]}
            )
        parts.append(f"{word}:{number}")
    if not parts:
        raise forms.ValidationError(_("Give the plan at least one row: movement and turns."))
    return ",".join(parts)


class TournamentForm(forms.ModelForm):
    # The desk builds the plan with rows (movement + turns, see plan_rows); the typed
    # mini-language stays for scripts and commands ("mitchell:4,danish:3").
    plan_text = forms.CharField(
        label=_("Plan"),
        required=False,
        help_text=_(
            "The turns in order: each row a movement and how many turns it lasts. Mitchell "
            "first, then the Danish turns seat by the standings."
        ),
    )
    tiebreak_order = forms.ChoiceField(label=_("Tie-breaks after VP"), choices=TIEBREAK_ORDERS)
    vp_scale = forms.ChoiceField(label=_("VP scale"))
    minutes_per_turn = forms.IntegerField(
        label=_("Minutes per turn"),
        required=False,
        min_value=5,
        max_value=180,
        help_text=_("Empty: 25, 35 or 45 by deals (Art. 5)."),
    )
    bye_percentage = forms.IntegerField(
        label=_("Bye percentage"),
        required=False,
        min_value=50,
        max_value=100,
        help_text=_(
            "Empty: the VP scale's own (70% FE.BUR.IT 2007 and FIBUR 3 deals, 60% FIBUR 4 "
            "deals), which follows the scale if you change it later."
        ),
    )

    class Meta:
        model = Tournament
        fields = [
            "name",
            "slug",
            "date",
            "venue",
            "organiser",
            "referee_name",
            "referee_code",
            "kind",
            "deals",
            "minutes_per_turn",
            "bye_percentage",
            "vp_scale",
            "game_variant",
            "level",
            "first_seating",
            "seed",
            "mitchell_step",
            "public_standings",
            "public_pairs",
            "table_entry",
            "approval_required",
            "kind",  # Art. 2; team events: the two settings below
            "team_scoring",
            "team_group_size",
            *KIND_SETTINGS,  # the referee's choices where the sources are thin
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "slug": forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
        }
        help_texts = {
            "slug": _(
                "The tournament's short name in the addresses (/t/<name>/ on the players' "
                "phones): letters, digits and hyphens. Filled from the name; change it if you "
                "like, before turn 1 is seated."
            ),
            "seed": _(
                "Only for a drawn first seating: any whole number. The same number always "
                "gives the same draw, so anyone can check it afterwards. Empty: a random draw "
                "that cannot be repeated."
            ),
            "mitchell_step": _(
                "How many tables the E-W pairs move up after each Mitchell turn (N-S stay). "
                "Usually 1; a step sharing a factor with the number of tables is refused, "
                "since pairs would meet again."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["vp_scale"].choices = scale_choices()
        self.fields["level"].required = False  # a form without it: a club tournament
        for name in ("kind", "team_scoring", *KIND_SETTINGS):  # a form without them: as before
            self.fields[name].required = False
        if self.instance.pk:  # only the settings of the tournament's kind
            for name in set(KIND_SETTINGS) - set(kind_of(self.instance).settings):
                del self.fields[name]
        if self.instance.pk:
            self.fields["plan_text"].initial = plan_text(self.instance.plan)
            self.fields["tiebreak_order"].initial = ",".join(self.instance.tiebreaks)
            if self.instance.turn_set.exists():  # seated: the seating settings are history
                for name in ("first_seating", "seed", "slug", "kind"):
                    self.fields[name].disabled = True
            if self.instance.pairs.exists() or self.instance.players.exists():
                self.fields["kind"].disabled = True  # the entrants are pairs, or players
        else:
            self.fields["plan_text"].initial = "mitchell:4,danish:3"
            self.fields["minutes_per_turn"].initial = None

    def plan_rows(self) -> list[tuple[str, str]]:
        """The rows shown: as posted (nothing typed is lost), else the plan's, plus a spare."""
        rows = plan_rows_posted(self.data) if self.is_bound else None
        if rows is None:
            text = self.data.get("plan_text") if self.is_bound else None
            text = text or self.fields["plan_text"].initial or ""
            rows = [(w, n) for w, _s, n in (p.strip().partition(":") for p in text.split(",") if p)]
        return [*rows, ("", "")] if not rows or rows[-1][1] else rows

    def movement_choices(self):
        return MOVEMENTS

    def clean_plan_text(self):
        text = self.cleaned_data.get("plan_text", "")
        rows = plan_rows_posted(self.data)
        if rows is not None:
            text = rows_to_plan_text(rows)
        elif not text:
            raise forms.ValidationError(self.fields["plan_text"].error_messages["required"])
        try:
            plan = parse_plan(text)
        except Refused as exc:
            raise forms.ValidationError(exc.message) from None
        seated = self.instance.turn_set.count() if self.instance.pk else 0
        if seated and plan[:seated] != self.instance.plan[:seated]:
            raise forms.ValidationError(_("The movements of turns already seated cannot change."))
        if len(plan) < seated:
            raise forms.ValidationError(
                _("%(n)d turns are already seated: the plan cannot be shorter.") % {"n": seated}
            )
        if self.instance.pk:
            from tournaments.services.seating import plan_problems

            problems = plan_problems(self.instance, plan)
            if problems:
                raise forms.ValidationError(problems[0])
        return plan

    def clean_kind(self):
        return self.cleaned_data.get("kind") or self.instance.kind or Tournament.Kind.PAIRS

    def clean_team_scoring(self):
        return self.cleaned_data.get("team_scoring") or self.instance.team_scoring

    def clean_team_group_size(self):
        size = self.cleaned_data.get("team_group_size")
        if size is not None and size < 2:
            raise forms.ValidationError(_("A round-robin group has at least 2 teams."))
        return size

    def kind_setting_fields(self) -> list[tuple[forms.BoundField, str]]:
        """The kind settings shown, each with the kinds of event it is for (a new tournament
        shows them all; an existing one its kind's)."""
        kinds = registered().values()
        return [
            (self[name], ", ".join(str(k.label) for k in kinds if name in k.settings))
            for name in KIND_SETTINGS
            if name in self.fields
        ]

    def clean_individual_table(self):
        return self.cleaned_data.get("individual_table") or self.instance.individual_table

    def clean_lineups_close(self):
        return self.cleaned_data.get("lineups_close") or self.instance.lineups_close

    def clean_level(self):
        return self.cleaned_data.get("level") or Tournament.Level.CIRCOLO

    def clean(self):
        data = super().clean()
        deals = data.get("deals")
        if deals in (2, 3, 4):
            if data.get("minutes_per_turn") is None:
                data["minutes_per_turn"] = vp_rules.default_minutes(deals)
        return data

    def _post_clean(self):
        plan = self.cleaned_data.get("plan_text")
        if plan:
            self.instance.plan = plan
            self.instance.turns = len(plan)
        order = self.cleaned_data.get("tiebreak_order")
        if order:
            self.instance.tiebreaks = order.split(",")
        super()._post_clean()
        kind = kind_of(self.instance)
        for name in set(KIND_SETTINGS) - set(kind.settings):  # another kind's: its default
            setattr(self.instance, name, Tournament._meta.get_field(name).get_default())


class PlayerNamesForm(forms.Form):
    """Each player's surname and given name, asked apart as the federation's files keep them
    (the list sorts by surname, then given name). A script that still posts one whole name
    (`player1`, `player2`, "Surname Given name") is read as before."""

    surname1 = NameField(label=_("Surname 1"), max_length=120, required=False)
    given1 = NameField(label=_("Name 1"), max_length=120, required=False)
    surname2 = NameField(label=_("Surname 2"), max_length=120, required=False)
    given2 = NameField(label=_("Name 2"), max_length=120, required=False)

    def clean(self):
        data = super().clean()
        for i in ("1", "2"):
            surname, given = data.get(f"surname{i}") or "", data.get(f"given{i}") or ""
            whole = clean_text(self.data.get(f"player{i}", ""))
            if not surname and not given and whole:  # the whole name, as scripts post it
                data.pop(f"surname{i}", None)
                data.pop(f"given{i}", None)
                data[f"player{i}"] = whole
            elif not surname:
                self.add_error(f"surname{i}", _("Give the surname of player %(n)s.") % {"n": i})
            else:
                data[f"player{i}"] = f"{surname} {given}".strip()
            if len(data.get(f"player{i}", "")) > 120:
                self.add_error(
                    f"given{i}" if surname else None,
                    _("The name of player %(n)s is too long (120 characters at most).") % {"n": i},
                )
        return data

    @staticmethod
    def initial_names(pair: Pair) -> dict:
        """The form's names for a registered pair (a whole name split as `split_name` reads
        it: the referee sees and may correct where the surname ends)."""
        initial = {}
        for i, player in (("1", pair.player1), ("2", pair.player2)):
            if player.surname:
                surname, given = player.surname, player.given_name
            else:
                surname, given = split_name(player.name)
            initial.update({f"surname{i}": surname, f"given{i}": given})
        return initial


class PairForm(PlayerNamesForm):
    field_order = [
        "surname1",
        "given1",
        "membership1",
        "surname2",
        "given2",
        "membership2",
        "club",
        "club2",
        "province",
        "region",
        "number",
    ]
    number = forms.IntegerField(
        label=_("Number"),
        min_value=1,
        max_value=99999,
        required=False,
        help_text=_("Empty: after the highest number."),
    )
    membership1 = CodeField(label=_("Membership number 1"), max_length=40, required=False)
    membership2 = CodeField(label=_("Membership number 2"), max_length=40, required=False)
    club = NameField(label=_("Club"), max_length=120, required=False)
    club2 = NameField(
        label=_("Club of player 2"),
        max_length=120,
        required=False,
        help_text=_("Empty: the same club as player 1."),
    )
    province = NameField(label=_("Province"), max_length=60, required=False)
    region = NameField(label=_("Region"), max_length=60, required=False)

    @classmethod
    def initial_for(cls, pair: Pair) -> dict:
        other = pair.player2.club if pair.player2.club != pair.player1.club else ""
        return {
            **cls.initial_names(pair),
            "club2": other,
            "province": pair.province,
            "region": pair.region,
            "number": pair.number,
            "membership1": pair.player1.membership_number,
            "membership2": pair.player2.membership_number,
            "club": pair.player1.club,
        }


class ImportForm(forms.Form):
    file = forms.FileField(label=_("File (.csv or .xlsx)"))
