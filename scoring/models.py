"""Penalties, custom VP scales and the history of every result change."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.kinds import kind_of
from tournaments.models import (
    AppendOnly,
    Line,
    Player,
    Table,
    Team,
    Tournament,
    Turn,
    validate_bands,  # noqa: F401 - scoring's migration 0001 names it here
)


class RulingQuerySet(models.QuerySet):
    def for_tournament(self, tournament):
        """The federation's catalogue and the tournament's own entries, nobody else's."""
        return self.filter(models.Q(tournament__isnull=True) | models.Q(tournament=tournament))


class Ruling(models.Model):
    """One entry of the catalogue of rulings the referee picks from (data, not code).

    Entries without a tournament are the federation's catalogue, shared by every tournament
    and edited by staff only (admin). A referee's own entry belongs to the tournament it was
    added in: it is shown, used and backed up with that tournament only.
    """

    class Effect(models.TextChoices):
        WARNING = "warning", _("Warning")
        PENALTY = "penalty", _("Penalty in the general ranking")
        LATE_AWARDED = "late-awarded", _("Match awarded at the bye score (late pair)")
        ABANDONMENT = "abandonment", _("Abandonment: arbitral score")
        ABANDONMENT_JUSTIFIED = "abandonment-justified", _("Abandonment for force majeure")
        NOTE = "note", _("Recorded in the log, no sanction")

    code = models.SlugField(_("code"), max_length=40)
    tournament = models.ForeignKey(
        Tournament,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="own_rulings",
        verbose_name=_("tournament"),
        help_text=_("Empty: the federation's catalogue, for every tournament."),
    )
    article = models.CharField(_("article"), max_length=40, blank=True)
    title = models.CharField(_("ruling"), max_length=200)
    description = models.TextField(_("wording"), blank=True)
    effect = models.CharField(_("effect"), max_length=30, choices=Effect.choices)
    vp = models.PositiveSmallIntegerField(_("VP taken away"), default=0)
    mp = models.PositiveIntegerField(_("MP taken away"), default=0)
    active = models.BooleanField(_("active"), default=True)

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["article", "code"]
        verbose_name = _("ruling")
        verbose_name_plural = _("rulings")
        constraints = [
            models.UniqueConstraint(
                fields=["code"],
                condition=models.Q(tournament__isnull=True),
                name="unique_catalogue_ruling_code",
            ),
            models.UniqueConstraint(
                fields=["tournament", "code"], name="unique_tournament_ruling_code"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code}: {self.title}"


class Penalty(models.Model):
    """VP and/or MP taken away from a pair in the general ranking (Art. 23), or a warning.

    It counts in the standings from `turn` on and never gives anything to the opponents.
    """

    class Kind(models.TextChoices):
        PENALTY = "penalty", _("Penalty")
        WARNING = "warning", _("Warning")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="penalties")
    pair = models.ForeignKey(
        Line, null=True, blank=True, on_delete=models.RESTRICT, related_name="penalties"
    )
    # Individual events: the player penalised alone (Art. 23); team events: the team.
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.RESTRICT, related_name="penalties"
    )
    team = models.ForeignKey(
        Team, null=True, blank=True, on_delete=models.RESTRICT, related_name="penalties"
    )
    turn = models.ForeignKey(Turn, on_delete=models.RESTRICT, related_name="penalties")
    vp = models.PositiveSmallIntegerField(_("VP taken away"), default=0)
    mp = models.PositiveIntegerField(_("MP taken away"), default=0)
    reason = models.CharField(_("reason"), max_length=500)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.PENALTY)
    ruling = models.ForeignKey(
        Ruling, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    table_number = models.PositiveIntegerField(_("table"), null=True, blank=True)
    automatic = models.BooleanField(_("given automatically"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["tournament", "turn__number", "id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self) -> str:
        who = self.pair.number if self.pair else (self.player or self.team)
        return f"{who}: -{self.vp} VP -{self.mp} MP ({self.reason})"

    def clean(self) -> None:
        if self.kind == self.Kind.PENALTY and not self.vp and not self.mp:
            raise ValidationError(_("A penalty takes away some VP or some MP."))


class ResultChange(AppendOnly):
    """Append-only history of a table's result: who, when, old, new, why."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes")
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    SOURCES = [
        ("referee", _("referee's desk")),
        ("command", _("command line")),
        ("table", _("the table (confirmed by both lines)")),
        ("adjusted", _("adjusted score")),
        ("demo", _("demo")),
    ]
    source = models.CharField(_("source"), max_length=40, default="referee", choices=SOURCES)
    old_ns_points = models.IntegerField(null=True)
    old_ew_points = models.IntegerField(null=True)
    new_ns_points = models.IntegerField(null=True)
    new_ew_points = models.IntegerField(null=True)
    old_ns_vp = models.PositiveSmallIntegerField(null=True)
    old_ew_vp = models.PositiveSmallIntegerField(null=True)
    new_ns_vp = models.PositiveSmallIntegerField(null=True)
    new_ew_vp = models.PositiveSmallIntegerField(null=True)
    reason = models.CharField(_("reason"), max_length=500, blank=True)
    late_correction = models.BooleanField(
        _("late correction"),
        default=False,
        help_text=_(
            "Accepted after the next turn was seated, past the deadline of Art. 31: the "
            "seating already made stays as it is."
        ),
    )

    class Meta:
        ordering = ["table", "at", "id"]
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")

    def __str__(self) -> str:
        return (
            f"{self.table}: {self.old_ns_points}-{self.old_ew_points} → "
            f"{self.new_ns_points}-{self.new_ew_points}"
        )


class LogEntry(AppendOnly):
    """The referee's log (registro arbitrale): every ruling and adjusted score, append-only."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="log")
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    turn = models.PositiveSmallIntegerField(_("turn"), null=True, blank=True)
    table = models.PositiveIntegerField(_("table"), null=True, blank=True)
    pairs = models.JSONField(_("pairs"), default=list)
    code = models.CharField(_("ruling"), max_length=40, blank=True)
    article = models.CharField(_("article"), max_length=40, blank=True)
    decision = models.CharField(_("decision"), max_length=500)
    effect = models.CharField(_("effect"), max_length=500, blank=True)
    # What happened as data (scoring.services.logtext): `event` names the template that says
    # the decision and its effect in the reader's language, `params` fills it. The text above
    # is the same in the tournament's language when it was written: what older rows (and an
    # event no template knows) show.
    event = models.CharField(_("event"), max_length=40, blank=True)
    params = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        ordering = ["tournament", "at", "id"]
        verbose_name = _("log entry")
        verbose_name_plural = _("referee's log")

    def __str__(self) -> str:
        return f"{self.at:%H:%M} {self.code} {self.decision}"


class Document(models.Model):
    """A printable file built in the background (score sheets of a big turn take seconds):
    a tournament's, or a circuit's standings (scoring.documents.jobs: one pipeline)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Being built")
        READY = "ready", _("Ready")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="documents"
    )
    circuit = models.ForeignKey(
        "Circuit", null=True, blank=True, on_delete=models.CASCADE, related_name="documents"
    )
    kind = models.CharField(_("document"), max_length=30)
    turn = models.PositiveSmallIntegerField(_("turn"), null=True, blank=True)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    content = models.BinaryField(null=True, blank=True)
    error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    source_version = models.CharField(max_length=100, blank=True)
    # A turn's document: the seating it was built from (scoring.documents.jobs.seating_version).
    # Once the turn's seating is undone or swapped the document is replaced, never offered again.
    seating_version = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("document")
        verbose_name_plural = _("documents")
        constraints = [
            models.CheckConstraint(  # a tournament's or a circuit's, never both nor neither
                condition=models.Q(tournament__isnull=False, circuit__isnull=True)
                | models.Q(tournament__isnull=True, circuit__isnull=False),
                name="document_of_one_owner",
            )
        ]

    def __str__(self) -> str:
        owner = self.tournament.slug if self.tournament_id else f"circuit {self.circuit.slug}"
        return f"{owner} {self.kind} T{self.turn} {self.status}"

    @property
    def percent(self) -> int:
        return (
            100
            if self.status == self.Status.READY
            else (int(100 * self.done / self.total) if self.total else 0)
        )


class TableReport(models.Model):
    """A result entered at the table by one line and confirmed (or rejected) by the other
    (Art. 30: the score is countersigned by both lines)."""

    class Status(models.TextChoices):
        ENTERED = "entered", _("Waiting for the other line")
        CONFIRMED = "confirmed", _("Confirmed by both lines")
        REJECTED = "rejected", _("Rejected by the other line")
        APPROVED = "approved", _("Approved")
        SUPERSEDED = "superseded", _("Replaced")
        # The referee recorded the table (desk entry, ruling, adjusted score) meanwhile: the
        # referee always wins, this report can no longer be confirmed or approved.
        OVERRULED = "overruled", _("Superseded by the referee")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="reports")
    ns_points = models.IntegerField(_("N-S points"))
    ew_points = models.IntegerField(_("E-W points"))
    deals = models.JSONField(_("deals"), default=list, blank=True)
    entered_by = models.ForeignKey(Line, on_delete=models.RESTRICT, related_name="+")
    entered_at = models.DateTimeField(auto_now_add=True)
    # The table's version when this result was entered: it counts only while the table is
    # still at that version (nobody recorded anything there since).
    table_version = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ENTERED)
    answered_by = models.ForeignKey(
        Line, null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)
    note = models.CharField(_("note"), max_length=500, blank=True)
    conflict = models.BooleanField(_("contradicts the other line's entry"), default=False)

    class Meta:
        ordering = ["table", "-entered_at", "-id"]
        verbose_name = _("result from the table")
        verbose_name_plural = _("results from the tables")

    def __str__(self) -> str:
        return f"{self.table}: {self.ns_points}-{self.ew_points} {self.status}"


class Submission(models.Model):
    """A send from a table's phone that the server carried out (an entry stored, a
    confirmation or a rejection done), remembered by the random key the page put in its form.

    The same key sent again (the answer was lost on the hall's Wi-Fi and the phone retries)
    gets the same answer and changes nothing; refusals are never remembered. Kept for the
    tournament's life (deleted with its table)."""

    class Outcome(models.TextChoices):
        ENTERED = "entered", _("Result entered")
        CONFIRMED = "confirmed", _("Result confirmed")
        REJECTED = "rejected", _("Result rejected")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="submissions")
    key = models.UUIDField()
    outcome = models.CharField(max_length=12, choices=Outcome.choices)
    report = models.ForeignKey(TableReport, on_delete=models.CASCADE, related_name="+")
    pair = models.ForeignKey(Line, on_delete=models.RESTRICT, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    # How many times the same key came again, and the last time: the board shows it, so the
    # referee can tell a network problem from a dispute.
    replays = models.PositiveIntegerField(default=0)
    replayed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "key"], name="submission_table_key")
        ]
        verbose_name = _("send from a table")
        verbose_name_plural = _("sends from the tables")

    def __str__(self) -> str:
        return f"{self.table}: {self.outcome} {self.key}"


class PinAttempt(models.Model):
    """A wrong PIN, remembered a while to slow down guessing (per table and per address).

    The referee's unlock of a table (or of a device) stops its attempts counting against the
    table (or the device); they stay on record."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    address = models.GenericIPAddressField(null=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    table_unlocked = models.BooleanField(default=False)
    device_unlocked = models.BooleanField(default=False)

    class Meta:
        indexes = [models.Index(fields=["address", "at"], name="pin_attempt_address_at")]

    def __str__(self) -> str:
        return f"wrong PIN at {self.table_id} from {self.address} ({self.at:%H:%M:%S})"


class PinGuard(models.Model):
    """One row per device address that tried a PIN: held (SELECT ... FOR UPDATE) while that
    device's wrong PINs are counted and its PIN is checked, so that the count and the check
    are one step even for a burst of parallel requests from several tables (each table's own
    row is held the same way). On SQLite the write lock taken at the start of the transaction
    does it already."""

    address = models.GenericIPAddressField(unique=True)

    def __str__(self) -> str:
        return self.address


class Prize(models.Model):
    """One prize of the referee's list, listed from the most valuable (`position`): a place
    in a group's ranking, or a technical prize (a range of turns, a club's pairs)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    position = models.PositiveSmallIntegerField(_("order"))
    label = models.CharField(_("prize"), max_length=200)
    group = models.CharField(_("group"), max_length=2, blank=True)
    place = models.PositiveSmallIntegerField(_("place"))
    from_turn = models.PositiveSmallIntegerField(_("from turn"), null=True, blank=True)
    to_turn = models.PositiveSmallIntegerField(_("to turn"), null=True, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)

    class Meta:
        ordering = ["tournament", "position"]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "position"], name="unique_prize_position")
        ]

    def __str__(self) -> str:
        return self.label


class HomologationPackage(models.Model):
    """A sealed homologation package made here (scoring.rules.homologation), kept whole so
    that /verify/<digest>/ can show it and the outbox can send it to the federation's hub."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="homologation_packages"
    )
    digest = models.CharField(_("digest"), max_length=64, unique=True)
    data = models.BinaryField(_("package"))
    manifest = models.JSONField(_("manifest"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.tournament.slug} {self.digest[:12]}"


class HubPush(models.Model):
    """One package to send to a hub: tried at once, then again by a job of the task queue
    (scoring.services.push.push_job), or by `homologation_outbox`, until the hub answers.
    The hub's token is kept to send it."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for the network")
        SENT = "sent", _("received by the hub")
        REFUSED = "refused", _("refused by the hub")

    package = models.ForeignKey(HomologationPackage, on_delete=models.CASCADE, related_name="+")
    hub_url = models.URLField(_("hub address"), max_length=300)
    token = models.CharField(max_length=200)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True)
    next_try_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    job = models.CharField(max_length=32, blank=True)  # the chain of queue jobs that may send it
    # What the hub said of the numbers once it recomputed them: its status and one line per
    # difference (in English, as the hub's API gives them).
    hub_status = models.CharField(max_length=10, blank=True)
    hub_differences = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["package", "hub_url"], name="hub_push_once_per_hub")
        ]

    def __str__(self) -> str:
        return f"{self.hub_url} {self.get_status_display()}"


class HubClub(models.Model):
    """A club registered on the federation's hub: its token (kept as a SHA-256) and the
    public key that must have signed every package it sends."""

    code = models.SlugField(_("club code"), max_length=40, unique=True)
    name = models.CharField(_("club"), max_length=200)
    token_sha256 = models.CharField(max_length=64, unique=True)
    public_key = models.CharField(_("public key"), max_length=120)
    active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class HubTournament(models.Model):
    """A tournament received by the hub: the package as sent, and what the pages show."""

    club = models.ForeignKey(HubClub, on_delete=models.PROTECT, related_name="tournaments")
    digest = models.CharField(max_length=64, unique=True)
    package = models.BinaryField()
    slug = models.CharField(max_length=80)
    name = models.CharField(max_length=200)
    date = models.DateField(db_index=True)
    venue = models.CharField(max_length=200, blank=True)
    referee = models.CharField(max_length=200, blank=True)
    referee_code = models.CharField(max_length=40, blank=True)
    kind = models.CharField(max_length=20, default="pairs")
    entrants = models.PositiveIntegerField(default=0)
    turns = models.PositiveSmallIntegerField(default=0)
    current = models.BooleanField(default=True)  # a newer package of the same one replaces it
    received_at = models.DateTimeField(auto_now_add=True)
    # Every number recomputed at the receipt (scoring.rules.recompute): "verified", "to_check"
    # (some number differs from the rules: "da verificare") or "partial" (some part could not
    # be recomputed); the differences as the contract's dicts, the reasons as
    # [code, English msgid, params].
    status = models.CharField(max_length=10, default="verified")
    differences = models.JSONField(default=list, blank=True)
    cannot_recompute = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-date", "name", "id"]
        indexes = [models.Index(fields=["current", "-date"], name="hub_calendar")]

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def event_kind(self):
        """The kind of the event the package holds (its words for the hub's pages)."""
        return kind_of(self.kind)


class HubEntry(models.Model):
    """One player's placing in a received tournament (a pair has two rows)."""

    tournament = models.ForeignKey(HubTournament, on_delete=models.CASCADE, related_name="entries")
    membership = models.CharField(max_length=40, db_index=True)
    name = models.CharField(max_length=120)
    folded = models.CharField(max_length=120, db_index=True)
    partner = models.CharField(max_length=120, blank=True)
    club = models.CharField(max_length=120, blank=True)
    pair = models.PositiveIntegerField()
    rank = models.PositiveIntegerField()
    vp = models.IntegerField()
    mp = models.IntegerField()
    turns = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["rank", "pair", "id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.membership}): {self.rank}"


class HubPlayer(models.Model):
    """A player as the hub's search and history pages read him: one row per membership
    number, filled at receipt from the current tournaments' rows (scoring.services.hub), so
    that searching by name reads distinct players, not every placing."""

    membership = models.CharField(max_length=40, unique=True)
    name = models.CharField(max_length=120)
    folded = models.CharField(max_length=120, db_index=True)
    tournaments = models.PositiveIntegerField(default=0)
    best = models.PositiveIntegerField(default=0)
    rank_avg = models.FloatField(default=0)
    vp = models.BigIntegerField(default=0)
    turns = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["name", "membership"]

    def __str__(self) -> str:
        return f"{self.name} ({self.membership})"


class Circuit(models.Model):
    """A season of tournaments ranked together (scoring.rules.circuit): its stages, the
    organiser's rules, the merges of two spellings of one player. It belongs to whoever
    created it (no owner: made by a command, managed by staff)."""

    class Points(models.TextChoices):
        VP = "vp", _("the VP of the stage")
        PLACING = "placing", _("points by final rank")

    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    name = models.CharField(_("name"), max_length=200)
    season = models.PositiveSmallIntegerField(_("season"), null=True, blank=True)
    points = models.CharField(_("points per stage"), max_length=10, choices=Points.choices)
    placing = models.JSONField(_("points by rank"), default=list, blank=True)
    points_beyond = models.IntegerField(_("points beyond the table"), default=0)
    best = models.PositiveSmallIntegerField(_("best results counted"), null=True, blank=True)
    min_stages = models.PositiveSmallIntegerField(_("minimum stages to be ranked"), default=1)
    finalists_percent = models.DecimalField(
        _("finalists (%)"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    finalists = models.PositiveIntegerField(_("finalists"), null=True, blank=True)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    version = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-season", "name", "id"]

    def __str__(self) -> str:
        return self.name


class CircuitStage(models.Model):
    """One stage: a tournament of this installation, or a tournament received by the hub
    named by its club and slug (the newest package of it is read)."""

    circuit = models.ForeignKey(Circuit, on_delete=models.CASCADE, related_name="stages")
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    hub_club = models.CharField(max_length=40, blank=True)
    hub_slug = models.CharField(max_length=80, blank=True)
    # A local stage's results as the circuit reads them ([membership, name, club, vp, rank]
    # per player), kept with the tournament's public version they were read at: read again
    # only once the tournament changed (scoring.services.circuits).
    snapshot = models.JSONField(default=list, blank=True, editable=False)
    snapshot_version = models.IntegerField(null=True, blank=True, editable=False)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["circuit", "tournament"],
                condition=models.Q(tournament__isnull=False),
                name="circuit_stage_once",
            ),
            models.UniqueConstraint(
                fields=["circuit", "hub_club", "hub_slug"],
                condition=models.Q(tournament__isnull=True),
                name="circuit_hub_stage_once",
            ),
        ]

    def __str__(self) -> str:
        return self.reference

    @property
    def reference(self) -> str:
        return self.tournament.slug if self.tournament_id else f"{self.hub_club}/{self.hub_slug}"


class CircuitMerge(models.Model):
    """Two spellings of one player merged at the desk: `merged` is followed as `kept` (keys
    of scoring.rules.circuit). Logged with who and why; undone, never deleted."""

    circuit = models.ForeignKey(Circuit, on_delete=models.CASCADE, related_name="merges")
    kept = models.CharField(max_length=160)
    merged = models.CharField(max_length=160)
    reason = models.CharField(_("reason"), max_length=300)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.merged} -> {self.kept}"
