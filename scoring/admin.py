from django.contrib import admin

from scoring.models import Penalty, ResultChange, Ruling


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = ["tournament", "pair", "turn", "vp", "mp", "reason", "created_at"]
    list_filter = ["tournament"]
    raw_id_fields = ["pair", "turn"]


@admin.register(Ruling)
class RulingAdmin(admin.ModelAdmin):
    """The federation's catalogue (no tournament) is edited here, by staff with the right to
    it; a referee's own rulings (with a tournament) are listed for review."""

    list_display = ["code", "article", "title", "effect", "vp", "mp", "tournament", "active"]
    list_filter = [("tournament", admin.EmptyFieldListFilter), "effect", "active"]
    search_fields = ["code", "title", "article"]
    raw_id_fields = ["tournament"]


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    """Append-only: the history can be read, never edited."""

    list_display = [
        "table",
        "at",
        "by",
        "source",
        "old_ns_points",
        "old_ew_points",
        "new_ns_points",
        "new_ew_points",
        "reason",
    ]
    list_filter = ["table__turn__tournament", "source"]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request):
        return False
