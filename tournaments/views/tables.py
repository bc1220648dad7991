"""django-tables2 tables of the referee's desk."""

import django_tables2 as tables
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from tournaments.models import Pair
from tournaments.services import lookup


def hidden_header(text) -> SafeString:
    """A column's header read aloud but not shown (a column of buttons): never empty."""
    return format_html('<span class="sr">{}</span>', text)


hidden_header_lazy = lazy(hidden_header, SafeString)


class PairTable(tables.Table):
    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num"}})
    player1 = tables.Column(
        verbose_name=_("Player 1"), accessor="player1__name", order_by="player1__name"
    )
    membership1 = tables.Column(
        verbose_name=_("Membership 1"), accessor="player1__membership_number", orderable=False
    )
    player2 = tables.Column(
        verbose_name=_("Player 2"), accessor="player2__name", order_by="player2__name"
    )
    membership2 = tables.Column(
        verbose_name=_("Membership 2"), accessor="player2__membership_number", orderable=False
    )
    club = tables.Column(verbose_name=_("Club"), accessor="player1__club")
    club2 = tables.Column(verbose_name=_("Club 2"), accessor="player2__club")
    province = tables.Column(verbose_name=_("Province"))
    region = tables.Column(verbose_name=_("Region"))
    membership = tables.Column(verbose_name=_("Membership check"), empty_values=(), orderable=False)
    edit = tables.TemplateColumn(
        template_name="tournaments/_pair_actions.html",
        verbose_name=hidden_header_lazy(_("Actions")),
        orderable=False,
    )

    class Meta:
        model = Pair
        fields = [
            "number",
            "player1",
            "membership1",
            "player2",
            "membership2",
            "club",
            "club2",
            "province",
            "region",
        ]
        order_by = "number"
        attrs = {"class": "pairs"}
        per_page = 100

    def __init__(self, *args, flags: dict[int, list[str]] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.flags = flags or {}

    def order_player1(self, queryset, is_descending):
        return lookup.pairs_by_surname(queryset, "player1", is_descending), True

    def order_player2(self, queryset, is_descending):
        return lookup.pairs_by_surname(queryset, "player2", is_descending), True

    def render_club2(self, record, value):
        return value if value != record.player1.club else "="

    def render_membership(self, record):
        found = self.flags.get(record.number)
        return "; ".join(found) if found else "✓"

    def value_club2(self, record, value):
        return value

    def value_membership(self, record):
        return "; ".join(self.flags.get(record.number, []))
