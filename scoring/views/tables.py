import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _


class NumberColumn(tables.Column):
    attrs = {"td": {"class": "num"}, "th": {"class": "num"}}


WIDE = {"td": {"class": "wide"}, "th": {"class": "wide"}}  # hidden on a phone
WIDE_NUM = {"td": {"class": "num wide"}, "th": {"class": "num wide"}}


class StandingsTable(tables.Table):
    rank = NumberColumn(verbose_name=_("Rank"))
    group = tables.Column(verbose_name=_("Group"), default="")
    group_rank = NumberColumn(verbose_name=_("Group rank"), default="")
    pair = NumberColumn(verbose_name=_("Pair"))
    players = tables.Column(verbose_name=_("Players"))
    club = tables.Column(verbose_name=_("Club"), attrs=WIDE)
    vp = NumberColumn(verbose_name=_("VP"))
    mp = NumberColumn(verbose_name=_("MP"))
    played = NumberColumn(verbose_name=_("Played"), attrs=WIDE_NUM)
    byes = NumberColumn(verbose_name=_("Byes"), attrs=WIDE_NUM)
    penalties = tables.Column(verbose_name=_("Penalties"), empty_values=(), orderable=False)

    class Meta:
        attrs = {"class": "standings", "id": "standings"}
        row_attrs = {
            "data-pair": lambda record: record["pair"],
            "data-vp": lambda record: record["vp"],
            "data-rank": lambda record: record["rank"],
        }
        orderable = True

    def __init__(self, *args, pair_url=None, names=None, **kwargs):
        """`names`: column -> head, where the kind of event names its entrant otherwise
        (an individual event: "No.", "Player"); each table has its own columns."""
        self.pair_url = pair_url
        super().__init__(*args, **kwargs)
        for key, name in (names or {}).items():
            if key in self.columns:
                self.columns[key].column.verbose_name = name

    def render_players(self, value, record):
        if self.pair_url is None:
            return value
        return format_html('<a href="{}">{}</a>', self.pair_url(record["pair"]), value)

    def render_penalties(self, record):
        parts = []
        if record["penalty_vp"]:
            parts.append(f"−{record['penalty_vp']} VP")
        if record["penalty_mp"]:
            parts.append(f"−{record['penalty_mp']} MP")
        return " ".join(parts) or "—"
