"""Issue 24 point 7: the desk's prize list is a table (group, place, prize, turns, club) with
commas welcome in the prize, a proposal of the federation's usual list, every bad row named
and nothing saved; the CSV/XLSX upload and the commands' contract as before."""

import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from scoring.models import Prize
from scoring.rules import prizes as rules
from scoring.services import prizes as service
from tests.helpers import export, make_tournament, play_turn, run
from tests.test_groups_flow import spread_points
from tournaments.errors import Refused
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

COLUMNS = ("group", "place", "prize", "turns", "club")


def table(rows, *, extra=0, delete=()):
    """The POST of the desk's table: `rows` of cells, then `extra` blank rows."""
    rows = list(rows) + [[""] * 5] * extra
    data = {
        "action": "table",
        "prizes-TOTAL_FORMS": str(len(rows)),
        "prizes-INITIAL_FORMS": "0",
        "prizes-MIN_NUM_FORMS": "0",
        "prizes-MAX_NUM_FORMS": "1000",
    }
    for i, cells in enumerate(rows):
        for name, value in zip(COLUMNS, list(cells) + [""] * 5, strict=False):
            data[f"prizes-{i}-{name}"] = value
        if i in delete:
            data[f"prizes-{i}-DELETE"] = "on"
    return data


def table_from_csv(text):
    """The desk table's POST holding the rows of a CSV text (a header row is dropped)."""
    import csv

    rows = [r for r in csv.reader(io.StringIO(text)) if any(r)]
    if rows and rows[0][:2] == ["girone", "posto"]:
        rows = rows[1:]
    return table(rows)


@pytest.fixture
def referee(client):
    user = get_user_model().objects.create_user("ref", password="pw-ref-123")
    client.force_login(user)
    client.cookies["django_language"] = "it"
    return user


def national(tmp_path, user=None, *, played=3, groups=None, plan=None):
    slug = make_tournament(
        tmp_path, slug="naz", pairs=28, plan=plan or "mitchell:2,danish:1,danish-groups:3"
    )
    if user is not None:
        Tournament.objects.get(slug=slug).referees.add(user)
    for _i in range(played):
        play_turn(slug, spread_points)
    if groups:
        run("groups_set", slug, "--tables", groups)
    return slug


def url(slug):
    return reverse("prizes", args=[slug])


# ---------------------------------------------------------------- the rules


def test_table_rows_are_never_a_header_and_commas_are_text():
    found = rules.read_prizes(
        [["A", "1", "Coppa oro, targa e medaglie"], ["A", "2", "premio"]],
        turns=6,
        header=False,
    )
    assert not found.problems
    assert [p.label for p in found.prizes] == ["Coppa oro, targa e medaglie", "premio"]


def test_blank_table_rows_keep_the_numbers_of_the_rows_after_them():
    found = rules.read_prizes(
        [["A", "1", "Coppa"], [""] * 5, ["A", "x", "Targa"]], turns=6, header=False
    )
    assert [row for row, _m, _p in found.problems] == [3]


def test_federal_list_per_group_with_a_technical_prize():
    def label(group, place):
        return f"{group} {place}"

    found = rules.federal_list(["A", "B"], (9, 11), label)
    assert [(p.group, p.place, p.turns) for p in found] == [
        ("A", 1, None),
        ("A", 2, None),
        ("A", 3, None),
        ("A", 1, (9, 11)),
        ("B", 1, None),
        ("B", 2, None),
        ("B", 3, None),
        ("B", 1, (9, 11)),
    ]
    rules.check_order(found)
    assert [(p.group, p.place) for p in rules.federal_list([], None, label)] == [
        (None, 1),
        (None, 2),
        (None, 3),
    ]


@given(
    groups=st.lists(st.sampled_from("ABCDEFGH"), unique=True, max_size=8),
    span=st.none() | st.tuples(st.integers(2, 6), st.integers(0, 5)),
)
def test_federal_list_is_always_a_list_the_rules_accept(groups, span):
    turns = None if span is None else (span[0], span[0] + span[1])
    found = rules.federal_list(groups, turns, lambda g, p: f"{g}{p}")
    rules.check_order(found)
    per_group = 3 + (turns is not None)
    assert len(found) == (per_group * len(groups) if groups else 3)
    service_row = service.editor_row
    again = rules.read_prizes(
        [list(service_row(p).values()) for p in found],
        turns=11,
        header=False,
    )
    assert again.prizes == tuple(found) and not again.problems


# ---------------------------------------------------------------- the service


def test_service_reads_the_table_with_commas(tmp_path):
    slug = national(tmp_path, groups="6,8")
    tournament = Tournament.objects.get(slug=slug)
    found = service.read_prize_rows(
        tournament,
        [
            ["A", "1", "Coppa oro, targa e medaglie", "", ""],
            ["", "", "", "", ""],
            ["B", "1", "Migliori, ultimi tre turni", "4-6", ""],
            ["a", "1°", "Targa, circolo", "", "Jolly, Roma"],
        ],
    )
    assert [(p.group, p.place, p.label, p.turns, p.club) for p in found] == [
        ("A", 1, "Coppa oro, targa e medaglie", None, None),
        ("B", 1, "Migliori, ultimi tre turni", (4, 6), None),
        ("A", 1, "Targa, circolo", None, "Jolly, Roma"),
    ]


def test_service_names_every_bad_row_in_italian(tmp_path):
    from django.utils import translation

    slug = national(tmp_path, groups="6,8")
    tournament = Tournament.objects.get(slug=slug)
    with translation.override("it"), pytest.raises(service.PrizeListRefused) as caught:
        service.read_prize_rows(
            tournament,
            [
                ["A", "1", "Coppa, targa"],
                ["Z", "1", "Coppa"],
                ["A", "uno", "Targa"],
                ["A", "2", "Targa", "9-11"],
            ],
        )
    assert caught.value.rows == {2, 3, 4}
    text = caught.value.message
    assert "riga 2" in text and "riga 3" in text and "riga 4" in text
    assert "il girone Z non esiste" in text
    assert not Prize.objects.exists()


def test_federal_proposal_with_groups_set(tmp_path):
    slug = national(tmp_path, groups="6,8")
    found = service.federal_proposal(Tournament.objects.get(slug=slug))
    assert [(p.group, p.place, p.turns) for p in found] == [
        (g, place, turns)
        for g in "AB"
        for place, turns in ((1, None), (2, None), (3, None), (1, (4, 6)))
    ]
    assert not Prize.objects.exists()  # a proposal saves nothing


def test_federal_proposal_before_the_groups_takes_the_groups_page_proposal(tmp_path):
    slug = national(tmp_path, played=0)
    found = service.federal_proposal(Tournament.objects.get(slug=slug))
    assert [p.group for p in found] == ["A"] * 4 + ["B"] * 4  # 14 tables: 2 groups of 7


def test_federal_proposal_without_groups_is_the_first_three_of_the_field(tmp_path):
    slug = national(tmp_path, played=0, plan="mitchell:3")
    found = service.federal_proposal(Tournament.objects.get(slug=slug))
    assert [(p.group, p.place, p.turns) for p in found] == [
        (None, 1, None),
        (None, 2, None),
        (None, 3, None),
    ]
    service.set_prizes(Tournament.objects.get(slug=slug), found)


# ---------------------------------------------------------------- the desk


def test_the_table_saves_a_prize_with_commas(client, referee, tmp_path):
    slug = national(tmp_path, referee, groups="6,8")
    rows = [
        ["A", "1", "Coppa oro, targa e medaglie"],
        ["A", "2", "Targa, medaglie"],
        ["B", "1", "Coppa girone B"],
        ["A", "1", "Migliori ultimi turni, girone A", "4-6"],
    ]
    response = client.post(url(slug), table(rows, extra=3))
    assert response.status_code == 302
    saved = list(Prize.objects.order_by("position").values_list("label", "group", "from_turn"))
    assert saved == [
        ("Coppa oro, targa e medaglie", "A", None),
        ("Targa, medaglie", "A", None),
        ("Coppa girone B", "B", None),
        ("Migliori ultimi turni, girone A", "A", 4),
    ]
    page = client.get(url(slug)).content.decode()
    assert 'id="prize-rows"' in page and "<textarea" not in page
    assert 'value="Coppa oro, targa e medaglie"' in page  # the saved list, to edit
    assert "Coppa oro, targa e medaglie" in page.split('id="prizes"')[1].split("</table>")[0]
    rows_json = json.loads(run("prizes", slug, "--json"))
    assert rows_json[0]["prize"] == "Coppa oro, targa e medaglie"
    assert set(rows_json[0]) == {"group", "place", "prize", "turns", "pair"}


def test_a_removed_row_is_not_saved(client, referee, tmp_path):
    slug = national(tmp_path, referee, groups="6,8")
    rows = [["A", "1", "Coppa"], ["A", "2", "Da togliere"], ["B", "1", "Coppa B"]]
    assert client.post(url(slug), table(rows, delete={1})).status_code == 302
    assert list(Prize.objects.values_list("label", flat=True)) == ["Coppa", "Coppa B"]


def test_bad_rows_are_400_named_in_italian_and_nothing_is_saved(client, referee, tmp_path):
    slug = national(tmp_path, referee, groups="6,8")
    client.post(url(slug), table([["A", "1", "Vecchio premio"]]))
    rows = [
        ["A", "1", "Coppa oro, targa e medaglie"],
        ["Z", "1", "Coppa"],
        ["A", "2", "Targa", "20-21"],
    ]
    response = client.post(url(slug), table(rows, extra=1))
    assert response.status_code == 400
    html = response.content.decode()
    problems = html.split('id="prize-problems"')[1].split("</div>")[0]
    assert "riga 2: il girone Z non esiste" in problems
    assert "riga 3: 20-21 non è un intervallo di turni" in problems
    assert "riga 1" not in problems
    assert html.index('id="prize-problems"') < html.index('id="prize-rows"')  # first
    assert 'value="Coppa oro, targa e medaglie"' in html  # what was typed stays
    assert html.count('class="prize-row bad"') == 2
    assert list(Prize.objects.values_list("label", flat=True)) == ["Vecchio premio"]


def test_a_table_not_sent_whole_is_400(client, referee, tmp_path):
    slug = national(tmp_path, referee, groups="6,8")
    data = table([["A", "1", "Coppa"]])
    del data["prizes-TOTAL_FORMS"]
    response = client.post(url(slug), data)
    assert response.status_code == 400
    assert "non è arrivata intera" in response.content.decode()
    data = table([["A", "1", "Coppa"]])
    data["prizes-TOTAL_FORMS"] = "100000"
    assert client.post(url(slug), data).status_code == 400
    assert not Prize.objects.exists()


def test_propose_fills_the_table_and_saves_nothing(client, referee, tmp_path):
    slug = national(tmp_path, referee, groups="6,8")
    page = client.get(url(slug) + "?propose=1")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Proponi l&#x27;elenco federale" in html or "Proponi l'elenco federale" in html
    rows = html.split('id="prize-rows"')[1].split("<template")[0]
    assert rows.count('class="prize-row"') == 8 + 3  # and three blank rows
    assert rows.count('-prize" value="') == 8
    assert 'value="Premio tecnico, girone B"' in html
    assert 'value="1° classificato, girone A"' in html
    assert not Prize.objects.exists()
    assert page.context["formset"].management_form.initial["TOTAL_FORMS"] == 11


def test_the_file_upload_stays(client, referee, tmp_path):
    slug = national(tmp_path, referee, groups="6,8")
    upload = io.BytesIO(b'girone,posto,premio\nA,1,"Coppa oro, targa e medaglie"\n')
    upload.name = "premi.csv"
    assert client.post(url(slug), {"action": "list", "file": upload}).status_code == 302
    assert Prize.objects.get().label == "Coppa oro, targa e medaglie"
    bad = io.BytesIO(b"A,1,Coppa\nA,3,Targa\nQ,1,X\n")
    bad.name = "premi.csv"
    response = client.post(url(slug), {"action": "list", "file": bad})
    assert response.status_code == 400
    problems = response.content.decode().split('id="prize-problems"')[1]
    assert "riga 2" in problems and "riga 3" in problems
    assert client.post(url(slug), {"action": "list"}).status_code == 400
    assert Prize.objects.get().label == "Coppa oro, targa e medaglie"


def test_prizes_set_contract_is_unchanged(tmp_path):
    slug = national(tmp_path, groups="6,8")
    path = tmp_path / "premi.csv"
    path.write_text('girone,posto,premio,turni\nA,1,"Coppa, targa",\nA,1,Tecnico,4-6\n')
    assert "2 prizes loaded." in run("prizes_set", slug, "--file", str(path))
    rows = json.loads(run("prizes", slug, "--json"))
    a = [r["pair"] for r in export(slug)["standings"] if r["group"] == "A"]
    assert rows[0] == {
        "group": "A",
        "place": 1,
        "prize": "Coppa, targa",
        "turns": None,
        "pair": a[0],
    }
    assert rows[1]["turns"] == "4-6" and set(rows[1]) == {
        "group",
        "place",
        "prize",
        "turns",
        "pair",
    }
    path.write_text("A,1,Coppa\nZ,1,X\n")
    with pytest.raises(Exception, match="row 2"):
        run("prizes_set", slug, "--file", str(path))
    assert Prize.objects.count() == 2


def test_refusal_is_a_refused():
    assert issubclass(service.PrizeListRefused, Refused)
