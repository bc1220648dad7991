"""Tournaments, players, pairs, turns and their tables (glossary in docs/glossary.md)."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.kinds import kind_of
from tournaments.movements import groups as groups_rules
from tournaments.rules import vp as vp_rules
from tournaments.rules.messages import RuleError
from tournaments.rules.tiebreaks import DEFAULT_TIEBREAKS, TIEBREAKS

MOVEMENTS = [
    ("mitchell", _("Mitchell")),
    ("danish", _("Danish (pure)")),
    ("danish-modified", _("Danish (modified)")),
    ("danish-groups", _("Danish in groups (pure)")),
    ("danish-modified-groups", _("Danish in groups (modified)")),
    ("rainbow", _("Fixed individual movement (Rainbow)")),
    ("round-robin", _("Round robin in groups")),
]
MOVEMENT_WORDS = [word for word, _label in MOVEMENTS]
GROUP_WORDS = groups_rules.GROUP_WORDS  # Danish inside each group (girone)


GAME_RULES = [
    ("fibur", _("FIBUR, current Codice di Gara (clean 200, semi-clean 150, dirty 100)")),
    ("feburit-2007", _("FE.BUR.IT, Codice di Gara 2007 (clean 200, dirty 100)")),
    ("club", _("Club burraco (semi-clean, super, royal)")),
    ("parole", "Burraco Parole"),
]


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


def validate_plan(value) -> None:
    if not isinstance(value, list) or not value:
        raise ValidationError(_("The plan needs at least one turn."))
    bad = [w for w in value if w not in MOVEMENT_WORDS]
    if bad:
        raise ValidationError(
            _("Unknown movement %(word)s (known: %(known)s)."),
            params={"word": bad[0], "known": ", ".join(MOVEMENT_WORDS)},
        )
    try:
        groups_rules.check_plan(value)
    except RuleError as exc:
        raise ValidationError(
            _(exc.message) % exc.params if exc.params else _(exc.message)
        ) from None


def validate_tiebreaks(value) -> None:
    if not isinstance(value, list) or any(t not in TIEBREAKS for t in value):
        raise ValidationError(
            _("Tie-breaks are chosen among %(known)s."), params={"known": ", ".join(TIEBREAKS)}
        )
    if len(set(value)) != len(value):
        raise ValidationError(_("A tie-break is listed twice."))


def validate_bands(value) -> None:
    try:
        rows = [(int(high), int(vp)) for high, vp in value]
        vp_rules.VpScale.from_bands("custom", "custom", rows)
    except (TypeError, ValueError) as exc:
        raise ValidationError(_("Invalid VP scale: %(error)s"), params={"error": exc}) from exc


class VpScaleDefinition(models.Model):
    """A referee's own VP scale: rows of [highest difference, winner's VP], the last one open.
    A tournament's settings name it (`Tournament.vp_scale`), so it lives with them."""

    code = models.SlugField(_("code"), max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=120)
    bands = models.JSONField(_("bands"), validators=[validate_bands])
    bye_percentage = models.PositiveSmallIntegerField(
        _("bye percentage"),
        default=vp_rules.DEFAULT_BYE_PERCENTAGE,
        validators=[MinValueValidator(50), MaxValueValidator(100)],
        help_text=_("The bye score of this scale's edition, as a share of the 20 VP (Art. 33)."),
    )

    class Meta:
        # The model was born in the scoring app; its table keeps that name (moving it here
        # changed no database: migrations tournaments 0014 and scoring 0022).
        db_table = "scoring_vpscaledefinition"
        verbose_name = _("VP scale")
        verbose_name_plural = _("VP scales")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.code in vp_rules.SCALES:
            raise ValidationError(
                _("The code %(code)s is a federation scale."), params={"code": self.code}
            )

    def as_scale(self) -> vp_rules.VpScale:
        return vp_rules.VpScale.from_bands(
            self.code, self.name, [tuple(r) for r in self.bands], self.bye_percentage
        )


class Tournament(models.Model):
    class Kind(models.TextChoices):
        PAIRS = "pairs", _("Pairs")
        INDIVIDUAL = "individual", _("Individual")
        TEAMS = "teams", _("Teams")

    class TeamScoring(models.TextChoices):
        VP_SUM = "vp-sum", _("Sum of the two tables' VP")
        MP_SCALE = "mp-scale", _("MP differences summed, on the team scale")

    class IndividualTable(models.TextChoices):
        PARTNERS_1_2 = "12-34", _("1st and 2nd against 3rd and 4th")
        OPPONENTS_1_2 = "14-23", _("1st and 4th against 2nd and 3rd (1st against 2nd)")

    class LineupsClose(models.TextChoices):
        FIRST_RESULT = "first-result", _("At the turn's first result")
        RELEASE = "release", _("When the turn's seating is published to the players")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class FirstSeating(models.TextChoices):
        REGISTRATION = "registration", _("Registration order")
        DRAW = "draw", _("Draw")
        ALPHABETICAL = "alphabetical", _("Alphabetical (first player's surname)")
        SPREAD = "spread", _("Clubs, provinces and regions kept apart")

    class Level(models.TextChoices):
        CIRCOLO = "circolo", _("Club tournament")
        FEDERALE = "federale", _("Federal tournament")
        REGIONALE = "regionale", _("Regional tournament")
        NAZIONALE = "nazionale", _("National tournament")

    name = models.CharField(_("name"), max_length=200)
    kind = models.CharField(
        _("kind of event"),
        max_length=12,
        choices=Kind.choices,
        default=Kind.PAIRS,
        help_text=_(
            "Pairs; individual (the partnership changes every turn); teams (a match is "
            "played on two tables). Art. 2."
        ),
    )
    team_scoring = models.CharField(
        _("team match scoring"),
        max_length=12,
        choices=TeamScoring.choices,
        default=TeamScoring.VP_SUM,
    )
    team_group_size = models.PositiveSmallIntegerField(
        _("teams per round-robin group"),
        null=True,
        blank=True,
        help_text=_("Empty: one group of all the teams."),
    )
    # The referee's choices where the federation's texts are thin (docs/individual-and-teams.md);
    # which kinds each applies to: the kind objects' `settings` (tournaments/kinds).
    last_danish_by_ranking = models.BooleanField(
        _("last Danish turn by the ranking only"),
        default=False,
        help_text=_(
            "On: in the plan's last Danish turn the 1st meets the 2nd, the 3rd the 4th, even "
            "if they met before. Off: as the other Danish turns."
        ),
    )
    individual_table = models.CharField(
        _("a Danish table of four players"),
        max_length=8,
        choices=IndividualTable.choices,
        default=IndividualTable.PARTNERS_1_2,
        help_text=_(
            "Art. 2 says «primo classificato contro secondo; terzo contro quarto»: the second "
            "choice reads it literally, the 1st and the 2nd as opponents."
        ),
    )
    lineups_close = models.CharField(
        _("team line-ups close"),
        max_length=16,
        choices=LineupsClose.choices,
        default=LineupsClose.FIRST_RESULT,
    )
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    organiser = models.CharField(_("organiser"), max_length=200, blank=True)
    referee_name = models.CharField(_("referee"), max_length=200, blank=True)
    referee_code = models.CharField(_("referee's federation code"), max_length=40, blank=True)
    referees = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="directed_tournaments",
        verbose_name=_("referees with access"),
    )
    turns = models.PositiveSmallIntegerField(
        _("turns"), validators=[MinValueValidator(1), MaxValueValidator(30)]
    )
    deals = models.PositiveSmallIntegerField(
        _("deals per turn"), choices=[(2, "2"), (3, "3"), (4, "4")], default=3
    )
    minutes_per_turn = models.PositiveSmallIntegerField(_("minutes per turn"), default=35)
    plan = models.JSONField(_("plan"), validators=[validate_plan])
    mitchell_step = models.PositiveSmallIntegerField(_("Mitchell step"), default=1)
    first_seating = models.CharField(
        _("first-turn seating"),
        max_length=20,
        choices=FirstSeating.choices,
        default=FirstSeating.REGISTRATION,
    )
    seed = models.BigIntegerField(_("draw seed"), null=True, blank=True)
    vp_scale = models.CharField(_("VP scale"), max_length=40, default=vp_rules.DEFAULT_SCALE)
    game_variant = models.CharField(
        _("game rules"),
        max_length=20,
        default="feburit-2007",
        choices=GAME_RULES,
        help_text=_("How a deal is scored and which VP table applies by default."),
    )
    level = models.CharField(
        _("level"),
        max_length=20,
        choices=Level.choices,
        default=Level.CIRCOLO,
        help_text=_(
            "Decides which membership cards allow a player in (ridotta: club and "
            "federal tournaments only)."
        ),
    )
    seating_report = models.JSONField(
        _("first seating report"),
        default=dict,
        blank=True,
        help_text=_(
            "How turn 1 was seated: criterion, seed, the meetings left between pairs "
            "of one club, province or region."
        ),
    )
    bye_percentage = models.PositiveSmallIntegerField(
        _("bye percentage"),
        null=True,
        blank=True,
        validators=[MinValueValidator(50), MaxValueValidator(100)],
        help_text=_("Empty: the VP scale's own (Art. 33). A number here overrides it."),
    )
    tiebreaks = models.JSONField(
        _("tie-breaks"), default=default_tiebreaks, validators=[validate_tiebreaks]
    )
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.REGISTRATION
    )
    public_standings = models.BooleanField(
        _("public standings"),
        default=True,
        help_text=_("Players see the provisional and final standings on their phones."),
    )
    public_pairs = models.BooleanField(
        _("public pair pages"),
        default=True,
        help_text=_("Players see each pair's turn-by-turn results."),
    )
    public_version = models.PositiveIntegerField(default=0, editable=False)
    table_entry = models.BooleanField(
        _("results from the tables"),
        default=True,
        help_text=_(
            "Players enter the result on a phone with the table's code; the other "
            "line confirms with its pair's PIN."
        ),
    )
    approval_required = models.BooleanField(
        _("confirmed results need the referee's approval"),
        default=False,
        help_text=_("Off: a result confirmed by both lines counts at once."),
    )
    prizes_cumulate = models.BooleanField(
        _("a pair may take several prizes"),
        default=False,
        help_text=_(
            "Off (the federation's custom): a pair takes only its most valuable prize and the "
            "next pair moves up."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def pairs(self):
        """The registered pairs (a pairs event's entrants, as ``Pair``), never a turn's line:
        every line, pairs included, is ``self.lines``. Each pair comes with its tournament
        (no query per pair when a page reads it)."""
        return Pair.objects.filter(tournament=self).select_related("tournament")

    @property
    def plays_in_groups(self) -> bool:
        """The plan has turns of Danish in groups (gironi)."""
        return isinstance(self.plan, list) and any(w in GROUP_WORDS for w in self.plan)

    @property
    def event_kind(self):
        """The object that knows how this kind of event behaves (`tournaments.kinds`): pages
        ask it for its nouns and pages instead of testing the kind."""
        return kind_of(self)

    @property
    def kind_settings(self) -> list[tuple[str, str]]:
        """(label, value) of the settings of this kind of event (the settings page)."""
        return kind_of(self).settings_shown(self)

    @property
    def words(self):
        """The kind's nouns (pair, player, team) for pages, documents and messages: the kind
        of event itself (`tournaments.kinds`), which holds them."""
        return kind_of(self)

    def clean(self) -> None:
        allowed = list(kind_of(self).movements)
        bad = [w for w in self.plan if w not in allowed] if isinstance(self.plan, list) else []
        if bad:
            raise ValidationError(
                _("Movement %(word)s is not played in this kind of event (%(kind)s: %(known)s)."),
                params={
                    "kind": self.get_kind_display(),
                    "word": bad[0],
                    "known": ", ".join(allowed),
                },
            )
        if isinstance(self.plan, list) and self.turns and len(self.plan) != self.turns:
            raise ValidationError(
                _("The plan has %(plan)d turns but the tournament has %(turns)d."),
                params={"plan": len(self.plan), "turns": self.turns},
            )


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=120)  # "Surname Given name" when kept apart
    surname = models.CharField(_("surname"), max_length=120, blank=True)
    given_name = models.CharField(_("given name"), max_length=120, blank=True)
    membership_number = models.CharField(_("membership number"), max_length=40, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    # Individual and team events: the player's own number (pairs events number the pairs).
    number = models.PositiveIntegerField(_("number"), null=True, blank=True)
    team = models.ForeignKey(
        "Team", null=True, blank=True, on_delete=models.CASCADE, related_name="members"
    )
    team_order = models.PositiveSmallIntegerField(
        _("order in the team"),
        null=True,
        blank=True,
        help_text=_("1 to 6: without a line-up, players 1+2 and 3+4 make the lines."),
    )
    withdrawn_after_turn = models.PositiveSmallIntegerField(
        _("withdrawn after turn"), null=True, blank=True
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"],
                condition=models.Q(number__isnull=False),
                name="unique_player_number",
            ),
            models.UniqueConstraint(
                fields=["tournament", "membership_number"],
                condition=~models.Q(membership_number=""),
                name="unique_membership_per_tournament",
            ),
        ]

    def __str__(self) -> str:
        return self.name


def new_pin() -> str:
    import secrets

    return f"{secrets.randbelow(10_000):04d}"


def new_table_code() -> str:
    """Short, unambiguous, hard to guess: 7 characters of 31 (27 billion codes)."""
    import secrets

    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ2345679"
    return "".join(secrets.choice(alphabet) for _i in range(7))


class Team(models.Model):
    """A team of a team event (Art. 2): 4 to 6 players, the fifth and sixth substitutes."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=120)
    withdrawn_after_turn = models.PositiveSmallIntegerField(
        _("withdrawn after turn"), null=True, blank=True
    )
    withdrawal_reason = models.CharField(_("reason for the withdrawal"), max_length=500, blank=True)
    pin = models.CharField(_("PIN"), max_length=8, default=new_pin)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_team_number")
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class Lineup(models.Model):
    """A team's two lines for one turn's match, chosen before it (Art. 32: substitutes)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    turn_number = models.PositiveSmallIntegerField(_("turn"))
    lines = models.JSONField(_("lines"), help_text=_("[[p1, p2], [p3, p4]]: player numbers."))
    set_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["team", "turn_number"]
        verbose_name = _("line-up")
        verbose_name_plural = _("line-ups")
        constraints = [
            models.UniqueConstraint(fields=["team", "turn_number"], name="unique_lineup")
        ]

    def __str__(self) -> str:
        return f"{self.team} T{self.turn_number}: {self.lines}"


class Line(models.Model):
    """One side of a table. In a pairs event the registered pair itself, the same line every
    turn (``line_turn`` empty: see ``Pair``); in individual and team events the two players
    seated together for one turn (``line_turn`` set; ``team`` for team events). A turn's line
    is never shown by its number, only by its players."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="lines")
    number = models.PositiveIntegerField(_("number"))
    player1 = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="+")
    player2 = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="+")
    withdrawn_after_turn = models.PositiveSmallIntegerField(
        _("withdrawn after turn"),
        null=True,
        blank=True,
        help_text=_("Absent from every turn after this one (0: before turn 1)."),
    )
    withdrawal_reason = models.CharField(_("reason for the withdrawal"), max_length=500, blank=True)
    province = models.CharField(_("province"), max_length=60, blank=True)
    region = models.CharField(_("region"), max_length=60, blank=True)
    line_turn = models.PositiveSmallIntegerField(
        _("line of turn"), null=True, blank=True, db_index=True
    )
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.CASCADE, related_name="lines"
    )
    pin = models.CharField(
        _("PIN"),
        max_length=8,
        default=new_pin,
        help_text=_(
            "Secret code of the pair, printed on its card: it confirms the results "
            "entered at its tables."
        ),
    )

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("line")
        verbose_name_plural = _("lines")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_pair_number")
        ]

    def __str__(self) -> str:
        if self.line_turn is not None:
            return f"{self.player1} – {self.player2}"
        return f"{self.number}. {self.player1} – {self.player2}"

    @property
    def is_line(self) -> bool:
        return self.line_turn is not None

    # How pages show a pair or a line: a line's number is internal, its players' are shown.
    @property
    def shown_number(self) -> int | str:
        """A pair's number; a team's line by its team (number and name); an individual
        event's line by nothing (its players follow). A line's own number is internal."""
        if self.team_id is not None:
            return f"{self.team.number} {self.team.name}"
        return "" if self.is_line else self.number

    @property
    def member1(self) -> str:
        return f"{self.player1.number} {self.player1.name}" if self.is_line else self.player1.name

    @property
    def member2(self) -> str:
        return f"{self.player2.number} {self.player2.name}" if self.is_line else self.player2.name

    @property
    def members(self) -> str:
        return f"{self.member1} – {self.member2}"

    @property
    def label(self) -> int | str:
        """A pair by its number, a team's line by its team, an individual line by its players."""
        if self.team_id is not None:
            return self.shown_number
        return self.members if self.is_line else self.number


class PairManager(models.Manager):
    """Only registered pairs: the lines without a turn."""

    def get_queryset(self):
        return super().get_queryset().filter(line_turn__isnull=True)


class Pair(Line):
    """A registered pair of a pairs event: a ``Line`` without ``line_turn``, sitting at its
    tables every turn. ``Pair.objects`` never holds a turn's line."""

    objects = PairManager()

    class Meta:
        proxy = True
        ordering = ["tournament", "number"]
        verbose_name = _("pair")
        verbose_name_plural = _("pairs")


class Turn(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="turn_set")
    number = models.PositiveSmallIntegerField(_("number"))
    movement = models.CharField(_("movement"), max_length=30, choices=MOVEMENTS)
    seated_at = models.DateTimeField(_("seated at"), auto_now_add=True)
    released_at = models.DateTimeField(
        _("released at"),
        null=True,
        blank=True,
        help_text=_("When the seating was made public to the players."),
    )
    order = models.JSONField(
        _("seating order"),
        default=list,
        blank=True,
        help_text=_(
            "Pair numbers in the order the movement used: the Mitchell block's "
            "seating order, or the ranking for a Danish turn."
        ),
    )
    repeats = models.JSONField(
        _("pairs meeting again"),
        default=list,
        blank=True,
        help_text=_("Danish: the (N-S, E-O) pairs that meet again because no seating avoided it."),
    )

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("turn")
        verbose_name_plural = _("turns")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_turn_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament.slug} T{self.number}"


class Table(models.Model):
    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField(_("table"))
    ns = models.ForeignKey(Line, on_delete=models.RESTRICT, related_name="+", verbose_name=_("N-S"))
    ew = models.ForeignKey(Line, on_delete=models.RESTRICT, related_name="+", verbose_name=_("E-W"))
    ns_points = models.IntegerField(_("N-S points"), null=True, blank=True)
    ew_points = models.IntegerField(_("E-W points"), null=True, blank=True)
    ns_vp = models.PositiveSmallIntegerField(_("N-S VP"), null=True, blank=True)
    ew_vp = models.PositiveSmallIntegerField(_("E-W VP"), null=True, blank=True)
    adjusted = models.BooleanField(_("adjusted score"), default=False)
    deals = models.JSONField(
        _("deals"),
        default=list,
        blank=True,
        help_text=_("The score sheet deal by deal, when entered so."),
    )
    ns_mp = models.IntegerField(_("N-S MP (adjusted)"), null=True, blank=True)
    ew_mp = models.IntegerField(_("E-W MP (adjusted)"), null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    code = models.CharField(_("table code"), max_length=12, unique=True, default=new_table_code)

    class Meta:
        ordering = ["turn", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["turn", "number"], name="unique_table_number"),
        ]

    def __str__(self) -> str:
        return f"T{self.turn.number} #{self.number}: {self.ns.number} v {self.ew.number}"

    @property
    def has_result(self) -> bool:
        """Points entered, or a score set by the referee: the VP are there either way."""
        return self.ns_vp is not None

    @property
    def mp_diffs(self) -> tuple[int, int] | None:
        """The MP difference of each line: the referee's when adjusted, else from the points."""
        if self.adjusted:
            return self.ns_mp, self.ew_mp
        if self.ns_points is None:
            return None
        return self.ns_points - self.ew_points, self.ew_points - self.ns_points


class Bye(models.Model):
    """A pair without opponent in a turn (riposo, tavolo zoppo: Art. 33)."""

    turn = models.ForeignKey(Turn, on_delete=models.CASCADE, related_name="byes")
    pair = models.ForeignKey(
        Line, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    # Individual events: a resting player; team events: a team without a match.
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    table_number = models.PositiveIntegerField(_("table"), null=True, blank=True)
    vp = models.PositiveSmallIntegerField(_("VP"))
    mp = models.IntegerField(_("MP"))

    class Meta:
        ordering = ["turn", "pair__number"]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["turn", "pair"], name="unique_bye"),
            models.UniqueConstraint(fields=["turn", "player"], name="unique_player_rest"),
            models.UniqueConstraint(fields=["turn", "team"], name="unique_team_bye"),
        ]

    def __str__(self) -> str:
        who = self.pair or self.player or self.team
        return f"T{self.turn.number} bye {who}"


class Group(models.Model):
    """A group (girone) of the Danish in groups: cut from the standings before its first
    turn, it plays its turns on its own tables (docs/national.md)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="groups")
    name = models.CharField(_("group"), max_length=2)
    tables = models.PositiveSmallIntegerField(_("tables"))
    first_table = models.PositiveIntegerField(_("first table"))
    pairs = models.JSONField(_("pairs"), default=list, help_text=_("Pair numbers, best first."))
    before_turn = models.PositiveSmallIntegerField(_("set before turn"))
    set_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "name"]
        verbose_name = _("group")
        verbose_name_plural = _("groups")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_group_name")
        ]

    def __str__(self) -> str:
        return f"{self.tournament.slug} {self.name}"


def touch(tournament_id: int) -> None:
    """Something players may see changed: their open pages refresh (see scoring.services.public)."""
    Tournament.objects.filter(pk=tournament_id).update(
        public_version=models.F("public_version") + 1
    )


class AppendOnly(models.Model):
    """A log: rows are added, never changed or deleted (the database cascade of a whole
    tournament aside)."""

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError(f"{self._meta.verbose_name_plural} is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError(f"{self._meta.verbose_name_plural} is append-only")


class AuditEntry(AppendOnly):
    """Append-only record of every change to a tournament's seating, pairs, penalties and
    settings: who, when, what it was, what it became, why. (Results have their own history,
    `scoring.ResultChange`.)"""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    action = models.CharField(_("action"), max_length=40)
    target = models.CharField(_("object"), max_length=100, blank=True)
    old = models.JSONField(_("before"), null=True, blank=True)
    new = models.JSONField(_("after"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=500, blank=True)

    class Meta:
        ordering = ["tournament", "at", "id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.action} {self.target}"


def audit(
    tournament, action: str, *, user=None, target: str = "", old=None, new=None, reason: str = ""
) -> AuditEntry:
    by = user if getattr(user, "is_authenticated", False) else None
    return AuditEntry.objects.create(
        tournament=tournament if isinstance(tournament, Tournament) else Tournament(pk=tournament),
        by=by,
        action=action,
        target=str(target)[:100],
        old=old,
        new=new,
        reason=str(reason)[:500],
    )


class PendingImport(models.Model):
    """A pairs file kept on the server between its preview and its confirmation: the
    confirmation names it by a random token, valid only for the user, the browser session
    and the tournament that previewed it, for an hour at most."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    session_key = models.CharField(max_length=64)
    token_hash = models.CharField(max_length=64, unique=True)
    name = models.CharField(max_length=255)
    content = models.BinaryField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("pairs file being imported")
        verbose_name_plural = _("pairs files being imported")

    def __str__(self) -> str:
        return f"{self.name} ({self.created_at:%H:%M})"


class MemberList(models.Model):
    """The federation's member list, one per installation: the latest import replaces the
    previous one (its members with it)."""

    name = models.CharField(_("file"), max_length=255)
    imported_at = models.DateTimeField(auto_now_add=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    members_count = models.PositiveIntegerField(default=0)
    cards = models.BooleanField(default=True, help_text="The list gives each card's type.")

    class Meta:
        verbose_name = _("member list")
        verbose_name_plural = _("member lists")

    def __str__(self) -> str:
        return f"{self.name} ({self.members_count})"


class Member(models.Model):
    """A member of the federation as its list gives them (keyed by the normalized number)."""

    member_list = models.ForeignKey(MemberList, on_delete=models.CASCADE, related_name="members")
    number = models.CharField(_("membership number"), max_length=40)
    surname = models.CharField(_("surname"), max_length=120)
    given_name = models.CharField(_("given name"), max_length=120, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    card = models.CharField(_("card type"), max_length=20, blank=True)  # blank: not given
    expires = models.DateField(_("expiry"), null=True, blank=True)
    year = models.PositiveSmallIntegerField(_("year"), null=True, blank=True)

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        constraints = [
            models.UniqueConstraint(fields=["member_list", "number"], name="unique_member_number")
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.surname} {self.given_name}".strip()
