"""Reading a pairs file (CSV or XLSX) into rows, with every row's problems.

Header: player1,player2[,membership1,membership2,club]. CSV with ',' or ';'
as separator, UTF-8 with or without BOM. Nothing here touches the database:
`tournaments.adapter.import_pairs` saves the rows, all or nothing.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

from django.utils.translation import gettext as _

REQUIRED = ("player1", "player2")
OPTIONAL = ("membership1", "membership2", "club")
MAX_BYTES = 5 * 1024 * 1024
MAX_NAME = 120
MAX_MEMBERSHIP = 40


@dataclass
class PairRow:
    line: int
    player1: str = ""
    player2: str = ""
    membership1: str = ""
    membership2: str = ""
    club: str = ""
    problems: list[str] = field(default_factory=list)


class ImportFileError(ValueError):
    """The file as a whole cannot be read (encoding, format, header)."""


def read_pairs_file(name: str, data: bytes) -> list[PairRow]:
    """Parse the file's bytes into rows, each with the list of its problems."""
    if len(data) > MAX_BYTES:
        raise ImportFileError(_("The file is larger than 5 MB."))
    suffix = Path(name).suffix.lower()
    if suffix == ".xlsx":
        table = _xlsx_cells(data)
    elif suffix in (".csv", ".txt"):
        table = _csv_cells(data)
    else:
        raise ImportFileError(_("Use a .csv or .xlsx file, not %(name)s.") % {"name": name})
    return _rows(table)


def _csv_cells(data: bytes) -> list[list[str]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ImportFileError(
            _("The file is not UTF-8 text (byte %(pos)d): save it as CSV UTF-8.")
            % {"pos": exc.start + 1}
        ) from None
    if "\x00" in text:
        raise ImportFileError(_("The file is not a text CSV file."))
    first = text.splitlines()[0] if text.strip() else ""
    delimiter = ";" if first.count(";") > first.count(",") else ","
    try:
        return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error as exc:
        raise ImportFileError(
            _("The file is not a readable CSV file: %(error)s") % {"error": exc}
        ) from None


def _xlsx_cells(data: bytes) -> list[list[str]]:
    from openpyxl import load_workbook

    try:
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises many kinds for a damaged file
        raise ImportFileError(_("The file is not a readable .xlsx workbook.")) from None
    try:
        sheet = book.worksheets[0]
        return [
            ["" if v is None else _cell_text(v) for v in row]
            for row in sheet.iter_rows(values_only=True)
        ]
    finally:
        book.close()


def _cell_text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _rows(table: list[list[str]]) -> list[PairRow]:
    table = [row for row in table if any(str(c).strip() for c in row)]
    if not table:
        raise ImportFileError(_("The file is empty."))
    header = [c.strip().lower() for c in table[0]]
    missing = [col for col in REQUIRED if col not in header]
    if missing:
        raise ImportFileError(
            _("The header lacks the column %(col)s (expected: %(cols)s).")
            % {"col": missing[0], "cols": ",".join(REQUIRED + OPTIONAL)}
        )
    index = {col: header.index(col) for col in REQUIRED + OPTIONAL if col in header}
    rows = []
    for line, cells in enumerate(table[1:], start=2):
        row = PairRow(line=line)
        for col, i in index.items():
            setattr(row, col, " ".join(str(cells[i]).split()) if i < len(cells) else "")
        _check(row)
        rows.append(row)
    if not rows:
        raise ImportFileError(_("The file has a header but no pairs."))
    _check_duplicates(rows)
    return rows


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
    if row.membership1 and row.membership1 == row.membership2:
        row.problems.append(_("The two players have the same membership number."))


def _check_duplicates(rows: list[PairRow]) -> None:
    seen: dict[str, int] = {}
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
