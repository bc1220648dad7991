"""Reading a pairs file (CSV or XLSX) into rows, with every row's problems.

The files people really have: Excel on Windows writes `;`-separated cp1252, "CSV UTF-8" adds a
BOM, "Unicode text" is tab-separated UTF-16; headers are English (`player1`, `Player 1`) or
Italian (`Giocatore 1`, `Tessera 1`, `Circolo`), in any case and accent form. The app's own
pairs export reads back unchanged. Nothing here touches the database:
`tournaments.services.setup.import_pairs` saves the rows, all or nothing.

An .xlsx is a zip of XML: it is opened only after its members' sizes and compression ratios are
checked, its XML is read through defusedxml (openpyxl uses it when installed), and its sheet is
read row by row within fixed bounds, whatever size it declares.
"""

from __future__ import annotations

import csv
import io
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

from django.utils.translation import gettext as _

from tournaments.rules.text import clean_code, clean_text, parse_int, uncsv_cell

MAX_BYTES = 5 * 1024 * 1024  # the file as uploaded
MAX_PAIRS = 2000  # rows under the header (a national championship has 500+ pairs)
MAX_COLUMNS = 50
MAX_EMPTY_RUN = 1000  # empty rows in a row that end a sheet's table
MAX_NAME = 120
MAX_MEMBERSHIP = 40
MAX_PLACE = 60  # a province or a region
MAX_NUMBER = 99999
# An .xlsx: what its zip may hold once uncompressed (a 2,000-row sheet is ~1 MB of XML).
XLSX_MAX_MEMBERS = 200
XLSX_MAX_MEMBER_BYTES = 32 * 1024 * 1024
XLSX_MAX_TOTAL_BYTES = 64 * 1024 * 1024
XLSX_MAX_RATIO = 100  # uncompressed / compressed, for members over XLSX_RATIO_FROM bytes
XLSX_RATIO_FROM = 1024 * 1024

# The columns, each with the header forms people write. A header cell is compared after
# folding (no accents, lower case, no spaces, dots, dashes or underscores): "Giocatore 1",
# "GIOCATORE_1" and "giocatore1" are one. Add a column here and to PairRow to read it.
COLUMNS: dict[str, tuple[str, ...]] = {
    "number": ("number", "no", "n", "nr", "num", "numero", "numerocoppia", "pairnumber"),
    "player1": ("player1", "giocatore1", "nome1", "name1"),
    "player2": ("player2", "giocatore2", "nome2", "name2"),
    "membership1": ("membership1", "tessera1", "ntessera1", "numerotessera1", "card1"),
    "membership2": ("membership2", "tessera2", "ntessera2", "numerotessera2", "card2"),
    "surname1": ("surname1", "cognome1", "lastname1", "familyname1"),
    "surname2": ("surname2", "cognome2", "lastname2", "familyname2"),
    "given1": ("givenname1", "firstname1", "nomeproprio1"),
    "given2": ("givenname2", "firstname2", "nomeproprio2"),
    "club1": ("club1", "circolo1", "associazione1", "asd1"),
    "club2": ("club2", "circolo2", "associazione2", "asd2"),
    "club": ("club", "circolo", "associazione", "asd"),
    "province": ("province", "provincia", "prov", "pr", "sigla", "siglaprovincia"),
    "region": ("region", "regione", "reg"),
}
# With a surname column, "Nome 1" is the player's given name, not the whole name.
GIVEN_WHEN_SURNAME = {"nome1": "given1", "name1": "given1", "nome2": "given2", "name2": "given2"}
# Headers without a player's number: the first one is player 1's, the second player 2's
# (the pairs page once exported "Membership" twice).
IN_TURN: dict[str, tuple[str, ...]] = {
    "membership": ("membership", "tessera", "ntessera", "numerotessera", "card"),
}
REQUIRED = ("player1", "player2")
OPTIONAL = ("membership1", "membership2", "club", "number")
PLACES = ("club1", "club2", "province", "region")
# Encodings charset-normalizer may propose for a file that is not UTF-8; among equally
# plausible ones, what Italian clubs' computers write comes first (Windows, Mac, DOS).
PREFERRED_ENCODINGS = ("cp1252", "mac_roman", "mac_iceland", "cp850", "iso8859_15", "latin_1")


@dataclass
class PairRow:
    line: int
    player1: str = ""
    player2: str = ""
    membership1: str = ""
    membership2: str = ""
    club: str = ""
    number: int | None = None
    problems: list[str] = field(default_factory=list)
    surname1: str = ""
    given1: str = ""
    surname2: str = ""
    given2: str = ""
    club1: str = ""
    club2: str = ""
    province: str = ""
    region: str = ""

    def club_of(self, player: int) -> str:
        """The player's own club, else the pair's."""
        return getattr(self, f"club{player}") or self.club


@dataclass
class PairsFile:
    """A file read: its rows, the columns it had that the app does not read, how it was read."""

    rows: list[PairRow]
    ignored: list[str] = field(default_factory=list)
    encoding: str = ""


class ImportFileError(ValueError):
    """The file as a whole cannot be read (size, format, header)."""


def size_text(size: int) -> str:
    """5242880 -> "5 MB", 10485761 -> "10.0 MB" ("10,0 MB" in Italian), 2048 -> "2 KB"."""
    from django.utils.formats import number_format

    for unit, scale in (("MB", 1024 * 1024), ("KB", 1024)):
        if size >= scale:
            exact = size % scale == 0
            return f"{number_format(size / scale, 0 if exact else 1)} {unit}"
    return f"{size} B"


def size_limit_text() -> str:
    return size_text(MAX_BYTES)


def check_size(size: int) -> None:
    """Refuse a file over MAX_BYTES (before reading it, when the size is known)."""
    if size > MAX_BYTES:
        raise ImportFileError(
            _("The file is %(size)s: the largest accepted is %(limit)s.")
            % {"size": size_text(size), "limit": size_limit_text()}
        )


def read_pairs_file(name: str, data: bytes) -> list[PairRow]:
    """Parse the file's bytes into rows, each with the list of its problems."""
    return read_pairs(name, data).rows


def read_pairs(name: str, data: bytes) -> PairsFile:
    check_size(len(data))
    suffix = Path(name).suffix.lower()
    if suffix == ".xlsx":
        lines, encoding = _xlsx_cells(data), ""
    elif suffix in (".csv", ".txt", ".tsv"):
        text, encoding = decode(data)
        lines = _csv_cells(text)
    else:
        raise ImportFileError(_("Use a .csv or .xlsx file, not %(name)s.") % {"name": name})
    result = _rows(lines)
    result.encoding = encoding
    return result


def read_numbered_rows(name: str, data: bytes) -> list[list[str]]:
    """Any small table the referee uploads (a prize list…), CSV (`,` `;` or tab) or XLSX, as
    rows of cells; blank rows kept empty so that row numbers match the file's lines."""
    check_size(len(data))
    lines, _encoding = read_cells(name if Path(name).suffix else f"{name}.csv", data)
    rows: list[list[str]] = []
    for number, cells in lines:
        rows.extend([] for _i in range(number - 1 - len(rows)))
        rows.append(cells)
    return rows


# --- CSV ---------------------------------------------------------------------------------


def decode(data: bytes) -> tuple[str, str]:
    """The file's text and its encoding: BOMs first, then UTF-8, then charset-normalizer's
    guess (never a refusal: the last resort is cp1252 with unknown bytes replaced)."""
    for bom, encoding in (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if data.startswith(bom):
            try:
                return data.decode(encoding), encoding.removesuffix("-sig")
            except UnicodeDecodeError:
                break
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    matches = list(from_bytes(data))
    if matches:
        least = min(m.chaos for m in matches)
        plausible = [m for m in matches if m.chaos <= least + 0.01]
        ranked = sorted(
            plausible,
            key=lambda m: (
                PREFERRED_ENCODINGS.index(m.encoding)
                if m.encoding in PREFERRED_ENCODINGS
                else len(PREFERRED_ENCODINGS)
            ),
        )
        best = ranked[0]
        return str(best), best.encoding
    return data.decode("cp1252", errors="replace"), "cp1252"


Lines = list[tuple[int, list[str]]]  # the file's non-blank rows, with their line numbers


def read_cells(name: str, data: bytes, max_rows: int = MAX_PAIRS) -> tuple[Lines, str]:
    """A CSV (`,` `;` or tab) or XLSX file's non-blank rows of text cells, and its encoding;
    `max_rows` rows under the header at most."""
    suffix = Path(name).suffix.lower()
    if suffix == ".xlsx":
        return _xlsx_cells(data, max_rows), ""
    if suffix in (".csv", ".txt", ".tsv"):
        text, encoding = decode(data)
        return _csv_cells(text, max_rows), encoding
    raise ImportFileError(_("Use a .csv or .xlsx file, not %(name)s.") % {"name": name})


def _csv_cells(text: str, max_rows: int = MAX_PAIRS) -> Lines:
    if "\x00" in text:
        raise ImportFileError(_("The file is not a text CSV file."))
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max((";", ",", "\t"), key=first.count) if first else ","
    lines: Lines = []
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            if len(lines) > max_rows:
                raise _too_large(rows=len(lines) + 1, top=max_rows)
            if len(row) > MAX_COLUMNS:
                raise _too_large(columns=len(row))
            lines.append((reader.line_num, [uncsv_cell(cell) for cell in row]))
        return lines
    except csv.Error as exc:
        raise ImportFileError(
            _("The file is not a readable CSV file: %(error)s") % {"error": exc}
        ) from None


# --- XLSX --------------------------------------------------------------------------------


def _check_zip(data: bytes) -> None:
    """The zip's members, from its directory, before anything is uncompressed (zipfile never
    inflates a member beyond the size its directory declares)."""
    too_big = _("The workbook is too big once uncompressed: save only the pairs' sheet.")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        raise ImportFileError(_("The file is not a readable .xlsx workbook.")) from None
    if len(members) > XLSX_MAX_MEMBERS:
        raise ImportFileError(too_big)
    total = 0
    for member in members:
        total += member.file_size
        ratio = member.file_size / max(member.compress_size, 1)
        if (
            member.file_size > XLSX_MAX_MEMBER_BYTES
            or total > XLSX_MAX_TOTAL_BYTES
            or (member.file_size > XLSX_RATIO_FROM and ratio > XLSX_MAX_RATIO)
        ):
            raise ImportFileError(too_big)


def open_unmeasured(data: bytes):
    """The workbook, read only, without measuring its sheets: openpyxl measures a sheet that
    does not declare its size by parsing it whole before the first row is read (seconds for a
    few MB of empty cells); the rows are bounded as they are read instead (bounded_rows)."""
    from openpyxl.reader.excel import ExcelReader
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

    class UnmeasuredSheet(ReadOnlyWorksheet):
        def _get_size(self):  # openpyxl's hook: only a size declared before the cells
            self._min_column, self._min_row, self._max_column, self._max_row = declared_size(
                self._get_source()
            )

    class Reader(ExcelReader):
        def read_worksheets(self):
            for sheet, rel in self.parser.find_sheets():
                if rel.target in self.valid_files and "chartsheet" not in rel.Type:
                    ws = UnmeasuredSheet(self.wb, sheet.name, rel.target, self.shared_strings)
                    self.wb._sheets.append(ws)

    reader = Reader(io.BytesIO(data), read_only=True, data_only=True)
    reader.read()
    return reader.wb


def declared_size(source) -> tuple:
    """(min column, min row, max column, max row) as the sheet declares them before its cells,
    or Nones: the cells themselves are not parsed."""
    from openpyxl.worksheet.dimensions import SheetDimension
    from openpyxl.xml.constants import SHEET_MAIN_NS

    try:
        for _event, element in ElementTree.iterparse(source, events=("start",)):
            if element.tag == f"{{{SHEET_MAIN_NS}}}dimension":
                return SheetDimension(ref=element.get("ref", "A1")).boundaries
            if element.tag == f"{{{SHEET_MAIN_NS}}}sheetData":
                break
    except (ElementTree.ParseError, ValueError, TypeError):
        pass
    finally:
        source.close()
    return (1, 1, None, None)


def _xlsx_cells(data: bytes, max_rows: int = MAX_PAIRS) -> Lines:
    _check_zip(data)
    try:
        book = open_unmeasured(data)
    except Exception:  # openpyxl and defusedxml raise many kinds for a damaged or hostile file
        raise ImportFileError(_("The file is not a readable .xlsx workbook.")) from None
    try:
        if not book.worksheets:
            raise ImportFileError(_("The workbook has no sheet."))
        sheet = book.worksheets[0]
        _check_declared(sheet.max_row, sheet.max_column, max_rows)
        sheet.reset_dimensions()  # never trust the declared size: read what is there
        return bounded_rows(sheet, max_rows)
    except ImportFileError:
        raise
    except Exception:
        raise ImportFileError(_("The file is not a readable .xlsx workbook.")) from None
    finally:
        book.close()


def _too_large(
    rows: int | None = None, columns: int | None = None, top: int = MAX_PAIRS
) -> ImportFileError:
    from django.utils.formats import number_format

    if rows is not None and top != MAX_PAIRS:
        return ImportFileError(
            _("The file has %(rows)s rows: at most %(max)s are read, with the header.")
            % {
                "rows": number_format(rows, force_grouping=True),
                "max": number_format(top, force_grouping=True),
            }
        )
    if rows is not None:
        return ImportFileError(
            _("The file has %(rows)s rows: at most %(max)d pairs are read, with the header.")
            % {"rows": number_format(rows, force_grouping=True), "max": MAX_PAIRS}
        )
    return ImportFileError(
        _("The file has %(cols)s columns: at most %(max)d are read.")
        % {"cols": number_format(columns, force_grouping=True), "max": MAX_COLUMNS}
    )


def _check_declared(rows: int | None, columns: int | None, max_rows: int = MAX_PAIRS) -> None:
    if rows and rows > max_rows + 1:
        raise _too_large(rows=rows, top=max_rows)
    if columns and columns > MAX_COLUMNS:
        raise _too_large(columns=columns)


def bounded_rows(sheet, max_rows: int = MAX_PAIRS) -> Lines:
    """At most MAX_PAIRS + 1 rows of MAX_COLUMNS cells; data beyond either bound refuses the
    file (the rows openpyxl pads in between are one shared empty tuple: no memory). The table
    ends at MAX_EMPTY_RUN empty rows in a row: a sheet of hundreds of thousands of empty
    cells (a few MB that hold a worker for seconds) is not read to its end."""
    lines: Lines = []
    empty_run = 0
    for index, row in enumerate(sheet.iter_rows(max_col=MAX_COLUMNS + 1, values_only=True), 1):
        if not any(v not in (None, "") for v in row):
            empty_run += 1
            if empty_run >= MAX_EMPTY_RUN:
                break
            continue
        empty_run = 0
        if index > max_rows + 1:
            raise _too_large(rows=index, top=max_rows)
        if row[MAX_COLUMNS] not in (None, ""):
            raise _too_large(columns=MAX_COLUMNS + 1)
        cells = ["" if v is None else _cell_text(v) for v in row[:MAX_COLUMNS]]
        if any(c.strip() for c in cells):
            lines.append((index, cells))
    return lines


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if hasattr(value, "strftime"):
        return value.strftime("%d/%m/%Y")
    return str(value)


# --- Rows --------------------------------------------------------------------------------


def fold(header: str) -> str:
    """ "Giocatore 1" / "GIOCATORE_1" / "giocatore1" -> "giocatore1"; "Città" -> "citta"."""
    decomposed = unicodedata.normalize("NFKD", clean_text(header))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return "".join(c for c in plain.lower() if c.isalnum())


ALIASES = {alias: column for column, aliases in COLUMNS.items() for alias in aliases}


def header_columns(header: list[str]) -> tuple[dict[str, int], list[str]]:
    """{column: index} for the header's known columns, and the header cells not read."""
    index: dict[str, int] = {}
    ignored: list[str] = []
    keys = [fold(cell) for cell in header]
    surnames = {ALIASES.get(k) for k in keys} & {"surname1", "surname2"}
    for i, cell in enumerate(header):
        key = keys[i]
        column = ALIASES.get(key)
        if surnames and key in GIVEN_WHEN_SURNAME:
            column = GIVEN_WHEN_SURNAME[key]
        if column is None:
            for base, aliases in IN_TURN.items():
                if key in aliases:
                    column = next((c for c in (f"{base}1", f"{base}2") if c not in index), None)
        if column is not None and column not in index:
            index[column] = i
        elif clean_text(cell):
            ignored.append(clean_text(cell))
    return index, ignored


def _rows(lines: Lines) -> PairsFile:
    if not lines:
        raise ImportFileError(_("The file is empty."))
    index, ignored = header_columns(lines[0][1])
    missing = [col for col in REQUIRED if col not in index and f"surname{col[-1]}" not in index]
    if missing:
        raise ImportFileError(
            _(
                "The first row must name the columns: %(col)s is missing (accepted: player1, "
                "player2, membership1, membership2, club; or Giocatore 1, Giocatore 2, "
                "Tessera 1, Tessera 2, Circolo)."
            )
            % {"col": missing[0]}
        )
    rows = []
    for line, cells in lines[1:]:
        row = PairRow(line=line)
        for col, i in index.items():
            value = str(cells[i]) if i < len(cells) else ""
            if col == "number":
                _read_number(row, value)
            else:
                clean = clean_code if col.startswith("membership") else clean_text
                setattr(row, col, clean(value))
        for i in ("1", "2"):
            surname = getattr(row, f"surname{i}")
            if surname:  # the whole name as the app lists it: "Surname Given name"
                whole = f"{surname} {getattr(row, f'given{i}')}".strip()
                setattr(row, f"player{i}", whole)
        _check(row)
        rows.append(row)
    if not rows:
        raise ImportFileError(_("The file has a header but no pairs."))
    _check_duplicates(rows)
    return PairsFile(rows, ignored)


def _read_number(row: PairRow, value: str) -> None:
    value = clean_text(value)
    if not value:
        return
    number = parse_int(value)
    if number is None or not 1 <= number <= MAX_NUMBER:
        row.problems.append(
            _("number: %(value)s is not a pair number (1 to %(max)d).")
            % {"value": value[:20], "max": MAX_NUMBER}
        )
    else:
        row.number = number


def _check(row: PairRow) -> None:
    for col in REQUIRED:
        value = getattr(row, col)
        if not value:
            row.problems.append(_("%(col)s: the name is missing.") % {"col": col})
        elif len(value) > MAX_NAME:
            row.problems.append(_("%(col)s: the name is too long.") % {"col": col})
    for col in ("membership1", "membership2"):
        if len(getattr(row, col)) > MAX_MEMBERSHIP:
            row.problems.append(_("%(col)s: the membership number is too long.") % {"col": col})
    if len(row.club) > MAX_NAME:
        row.problems.append(_("club: the name is too long."))
    for col in PLACES:
        if len(getattr(row, col)) > (MAX_NAME if col.startswith("club") else MAX_PLACE):
            row.problems.append(_("%(col)s: the name is too long.") % {"col": col})
    if row.membership1 and row.membership1 == row.membership2:
        row.problems.append(_("The two players have the same membership number."))


def _check_duplicates(rows: list[PairRow]) -> None:
    seen: dict[str, int] = {}
    numbers: dict[int, int] = {}
    for row in rows:
        for number in (row.membership1, row.membership2):
            if not number:
                continue
            if number in seen and seen[number] != row.line:
                row.problems.append(
                    _("Membership number %(num)s is already on line %(line)d.")
                    % {"num": number, "line": seen[number]}
                )
            seen.setdefault(number, row.line)
        if row.number is not None:
            if row.number in numbers:
                row.problems.append(
                    _("Pair number %(n)d is already on line %(line)d.")
                    % {"n": row.number, "line": numbers[row.number]}
                )
            numbers.setdefault(row.number, row.line)


def problem_lines(rows) -> list[str]:
    """Every problem of the rows (anything with `line` and `problems`), one text each with its
    row number, in file order: "riga 33: il numero di tessera 474492 è già alla riga 32"."""
    return [
        _("row %(line)d: %(problem)s") % {"line": row.line, "problem": _lower_first(problem)}
        for row in rows
        for problem in row.problems
    ]


def _lower_first(text: str) -> str:
    """ "Il numero…" -> "il numero…" after "riga 33:" (every problem opens with a common
    word); an acronym stays as written."""
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        return text[0].lower() + text[1:]
    return text
