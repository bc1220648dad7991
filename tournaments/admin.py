from django.contrib import admin

from tournaments.models import Bye, Line, Pair, Player, Table, Tournament, Turn, VpScaleDefinition


class TurnInline(admin.TabularInline):
    model = Turn
    extra = 0
    fields = ["number", "movement", "seated_at"]
    readonly_fields = ["seated_at"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "date", "venue", "turns", "deals", "vp_scale", "status"]
    list_filter = ["status", "deals", "vp_scale"]
    search_fields = ["name", "slug", "venue", "referee_name"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["referees"]
    inlines = [TurnInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "membership_number", "club", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["name", "membership_number", "club"]


@admin.register(Pair)
class PairAdmin(admin.ModelAdmin):
    list_display = ["number", "player1", "player2", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["player1__name", "player2__name", "player1__membership_number"]
    list_select_related = ["player1", "player2", "tournament"]
    raw_id_fields = ["player1", "player2"]


@admin.register(Line)
class LineAdmin(admin.ModelAdmin):
    """Every line: the registered pairs and the turns' lines of individual and team events."""

    list_display = ["number", "player1", "player2", "line_turn", "team", "tournament"]
    list_filter = ["tournament", "line_turn"]
    search_fields = ["player1__name", "player2__name", "player1__membership_number"]
    list_select_related = ["player1", "player2", "team", "tournament"]
    raw_id_fields = ["player1", "player2", "team"]


class TableInline(admin.TabularInline):
    model = Table
    extra = 0
    raw_id_fields = ["ns", "ew", "entered_by"]


class ByeInline(admin.TabularInline):
    model = Bye
    extra = 0
    raw_id_fields = ["pair"]


@admin.register(Turn)
class TurnAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "movement", "seated_at"]
    list_filter = ["tournament", "movement"]
    inlines = [TableInline, ByeInline]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = [
        "turn",
        "number",
        "ns",
        "ew",
        "ns_points",
        "ew_points",
        "ns_vp",
        "ew_vp",
        "entered_at",
    ]
    list_filter = ["turn__tournament", "turn__number"]
    list_select_related = [
        "turn__tournament",
        "ns__player1",
        "ns__player2",
        "ew__player1",
        "ew__player2",
    ]
    raw_id_fields = ["ns", "ew", "entered_by"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ["turn", "pair", "vp", "mp"]
    list_filter = ["turn__tournament"]
    raw_id_fields = ["pair"]


@admin.register(VpScaleDefinition)
class VpScaleDefinitionAdmin(admin.ModelAdmin):
    list_display = ["code", "name"]
