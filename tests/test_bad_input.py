"""Bad input never hurts: random and malformed input to the score form, the imports and the
commands gives a clear refusal or a correct result; never a server error, never half a change."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from tests.helpers import make_tournament, run
from tournaments.models import Pair, Player, Table, Tournament
from tournaments.services.imports import ImportFileError, read_pairs_file

pytestmark = pytest.mark.django_db
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

junk = st.one_of(
    st.text(max_size=30),
    st.integers(min_value=-(10**12), max_value=10**12).map(str),
    st.sampled_from(
        [
            "",
            " ",
            "1e3",
            "0x10",
            "١٢٣",
            "5.0",
            "-0",
            "NaN",
            "∞",
            "1 000",
            "12,5",
            "\x00",
            "' OR 1=1 --",
            "<script>",
            "9" * 40,
        ]
    ),
)


@pytest.fixture
def entry(client, tmp_path):
    user = get_user_model().objects.create_user("ref", password="x")
    slug = make_tournament(tmp_path, pairs=6, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    run("turn_seat", slug)
    return client, slug


@FUZZ
@given(table=junk, ns=junk, ew=junk, reason=st.text(max_size=600), version=junk)
def test_score_form_with_anything(entry, table, ns, ew, reason, version):
    client, slug = entry
    before = list(
        Table.objects.order_by("number").values_list("number", "ns_points", "ew_points", "ns_vp")
    )
    response = client.post(
        reverse("entry", args=[slug]),
        {"turn": 1, "table": table, "ns": ns, "ew": ew, "reason": reason, "version": version},
    )
    assert response.status_code in (400, 302)
    after = list(
        Table.objects.order_by("number").values_list("number", "ns_points", "ew_points", "ns_vp")
    )
    changed = [a for a, b in zip(after, before) if a != b]
    if response.status_code == 400:
        assert not changed  # refused: nothing at all changed
    else:
        assert len(changed) == 1
        number, ns_points, ew_points, _vp = changed[0]
        assert str(number) == table.strip().lstrip("+").lstrip("0") or int(table) == number
        assert ns_points % 5 == 0 and ew_points % 5 == 0
        assert abs(ns_points) <= 50_000 and abs(ew_points) <= 50_000


@FUZZ
@given(
    content=st.one_of(st.binary(max_size=400), st.text(max_size=400).map(str.encode)),
    name=st.sampled_from(["p.csv", "p.xlsx", "p.txt", "p.pdf", "p"]),
)
def test_import_reader_with_anything(content, name):
    try:
        rows = read_pairs_file(name, content)
    except ImportFileError as exc:
        assert str(exc)
        return
    assert all(isinstance(r.problems, list) for r in rows)


@FUZZ
@given(
    lines=st.lists(st.lists(st.text(max_size=15), min_size=0, max_size=6), max_size=8),
    sep=st.sampled_from([",", ";"]),
)
def test_import_command_all_or_nothing(tmp_path_factory, lines, sep):
    folder = tmp_path_factory.mktemp("fuzz")
    slug = f"f{abs(hash((str(lines), sep))) % 10**9}"
    run("tournament_create", "--slug", slug, "--name", "F", "--turns", "1")
    t = Tournament.objects.get(slug=slug)
    path = folder / "p.csv"
    body = "\n".join(
        sep.join(
            c.replace(sep, " ").replace("\n", " ").replace("\r", " ").replace('"', "") for c in row
        )
        for row in lines
    )
    path.write_text("player1" + sep + "player2" + sep + "membership1\n" + body, encoding="utf-8")
    expected_rows = [row for row in lines if any(c.strip() for c in row)]
    try:
        run("pairs_import", slug, str(path))
    except CommandError as exc:
        assert str(exc) and "\n" not in str(exc).strip()
        assert not Pair.objects.filter(tournament=t).exists()
        assert not Player.objects.filter(tournament=t).exists()
        return
    assert Pair.objects.filter(tournament=t).count() == len(expected_rows)


def test_import_of_a_10_mb_file_and_an_empty_one(tmp_path):
    slug = make_tournament(tmp_path, pairs=0, turns=1)
    big = tmp_path / "big.csv"
    big.write_bytes(b"player1,player2\n" + b"A,B\n" * (10 * 1024 * 1024 // 4))
    with pytest.raises(CommandError, match="the largest accepted is 5 MB"):
        run("pairs_import", slug, str(big))
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    with pytest.raises(CommandError, match="empty"):
        run("pairs_import", slug, str(empty))
    assert not Pair.objects.exists()


def test_spreadsheet_with_formulas_and_merged_cells(tmp_path):
    wb = Workbook()
    ws = wb.active
    ws.append(["player1", "player2", "membership1", "membership2", "club"])
    ws.append(["Rossi Mario", '=CONCAT("Bian","chi")', "R1", "R2", "Roma"])
    ws.append(["Verdi Luca", "Neri Sara", "R3", "R4", "Roma"])
    ws.merge_cells("E2:E3")
    wb.save(tmp_path / "f.xlsx")
    rows = read_pairs_file("f.xlsx", (tmp_path / "f.xlsx").read_bytes())
    # a formula never computed by Excel has no value: the row says so instead of importing it
    assert rows[0].problems and not rows[1].problems
    slug = make_tournament(tmp_path, pairs=0, turns=1)
    with pytest.raises(CommandError, match="name is missing"):
        run("pairs_import", slug, str(tmp_path / "f.xlsx"))
    assert not Pair.objects.exists()


def test_a_damaged_spreadsheet(tmp_path):
    path = tmp_path / "broken.xlsx"
    path.write_bytes(b"PK\x03\x04 definitely not a workbook")
    slug = make_tournament(tmp_path, pairs=0, turns=1)
    with pytest.raises(CommandError, match="not a readable .xlsx"):
        run("pairs_import", slug, str(path))


@FUZZ
@given(
    args=st.lists(junk, min_size=0, max_size=4),
    command=st.sampled_from(
        ["score_record", "penalty_add", "score_adjust", "pair_withdraw", "turn_release"]
    ),
)
def test_commands_with_anything(tmp_path_factory, args, command):
    slug = "cmd"
    if not Tournament.objects.filter(slug=slug).exists():
        make_tournament(tmp_path_factory.mktemp("c"), slug=slug, pairs=4, turns=2)
        run("turn_seat", slug)
    options = {
        "score_record": ["--turn", "--table", "--ns", "--ew"],
        "penalty_add": ["--pair", "--vp", "--mp", "--reason"],
        "score_adjust": ["--turn", "--table", "--ns-vp", "--ew-vp"],
        "pair_withdraw": ["--pair", "--reason"],
        "turn_release": ["--turn"],
    }[command]
    argv = [slug]
    for flag, value in zip(options, args):
        argv += [flag, value]
    try:
        run(command, *argv)
    except (CommandError, SystemExit):
        pass  # a refusal (or argparse's usage error): fine


@pytest.mark.parametrize("digits", ["١", "١٠٠", "１", "۵", "\u0661\u0660\u0660"])
def test_foreign_digits_are_refused_by_every_form(entry, digits):
    """Django's IntegerField would read them as numbers: the app's forms read ASCII only."""
    client, slug = entry
    before = list(Table.objects.values_list("ns_points", "ew_points"))
    response = client.post(
        reverse("entry", args=[slug]), {"turn": 1, "table": digits, "ns": "100", "ew": "0"}
    )
    assert response.status_code == 400
    response = client.post(
        reverse("entry", args=[slug]), {"turn": 1, "table": "1", "ns": digits, "ew": "0"}
    )
    assert response.status_code == 400
    assert list(Table.objects.values_list("ns_points", "ew_points")) == before
    penalty = client.post(
        reverse("ruling_penalty", args=[slug]), {"pair": "1", "vp": digits, "reason": "x"}
    )
    assert penalty.status_code == 400
    from scoring.models import Penalty

    assert not Penalty.objects.exists()


def test_invisible_characters_are_stripped_before_uniqueness(client, tmp_path):
    user = get_user_model().objects.create_user("ref", password="x")
    slug = make_tournament(tmp_path, pairs=0, turns=2)
    Tournament.objects.get(slug=slug).referees.add(user)
    client.force_login(user)
    add = reverse("pair_add", args=[slug])
    first = {"player1": "Rossi\u200b Mario", "player2": "Bianchi Anna", "membership1": "M001"}
    assert client.post(add, first).status_code == 302
    assert Player.objects.get(membership_number="M001").name == "Rossi Mario"
    twin = {"player1": "Verdi Luca", "player2": "Neri Sara", "membership1": "M\u2066001\u2069"}
    response = client.post(add, twin)
    assert response.status_code == 400 and Pair.objects.count() == 1
    blank = {"player1": "\u200b\u200d", "player2": "Neri Sara"}
    assert client.post(add, blank).status_code == 400 and Pair.objects.count() == 1


def test_unknown_turns_and_pages_in_query_strings_answer_400(entry):
    client, slug = entry
    for url in (
        reverse("entry", args=[slug]) + "?turn=abc",
        reverse("entry", args=[slug]) + "?table=99999999999999999999",
        reverse("seating", args=[slug]) + "?turn=٣",
        reverse("standings", args=[slug]) + "?after=99999999999999999999",
        reverse("pairs", args=[slug]) + "?page=-1",
        reverse("pairs", args=[slug]) + "?per_page=١٠",
        reverse("pairs", args=[slug]) + "?_export=pdf",
    ):
        response = client.get(url)
        assert response.status_code == 400, url
        assert b'class="error"' in response.content, url
    assert client.get(reverse("entry", args=[slug]) + "?turn=1").status_code == 200


def test_a_malformed_post_value_is_a_400_page_with_its_message(entry):
    client, slug = entry
    response = client.post(reverse("seat_release", args=[slug]), {"turn": "abc"})
    assert response.status_code == 400 and "abc" in response.content.decode()
    response = client.post(reverse("swap", args=[slug]), {"a": "١", "b": "2"})
    assert response.status_code == 400
    response = client.post(reverse("entry", args=[slug]), {"turn": "9", "table": "1"})
    assert response.status_code == 400
    assert client.get("/desk/t/pairs/?q=%00").status_code == 400


def test_the_pairs_page_sorts_only_by_its_columns(entry):
    client, slug = entry
    assert client.get(reverse("pairs", args=[slug]) + "?sort=-player1").status_code == 200
    assert client.get(reverse("pairs", args=[slug]) + "?sort=../../etc").status_code == 400
