"""CSV and XLSX files that cannot hurt whoever opens them.

OWASP's rule against CSV injection: a text cell starting with = + - @, tab or carriage return
is stored as text, never as a formula. In CSV such text gets a leading apostrophe (what
spreadsheets show as text; the app's own import takes it off again); in XLSX it is written as
a string cell with Excel's "quote prefix", so its text stays exactly as typed. Numbers stay
numbers: a negative MP difference is a numeric cell.

The pages' tables (django-tables2) export only through `table_response`: CSV (UTF-8 with BOM,
`;`-separated, as Italian Excel opens it) and XLSX; any other `_export` is refused (400).
Both apps write spreadsheets (the pairs list here, the standings and workbooks in `scoring`):
the helper lives in the lower app.
"""

from __future__ import annotations

import csv
import io

from django.contrib import messages
from django.http import HttpResponse
from django.utils.translation import gettext as _

from tournaments.rules.text import csv_cell, formula_risk

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def csv_bytes(header: list, rows: list[list]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([csv_cell(v) for v in header])
    for row in rows:
        writer.writerow([csv_cell(v) for v in row])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def protect(sheet) -> None:
    """Every text cell of an openpyxl sheet that looks like a formula becomes plain text."""
    for row in sheet.iter_rows():
        for cell in row:
            if formula_risk(cell.value):
                cell.data_type = "s"
                cell.quotePrefix = True


def printable(value):
    """Text without the control characters XLSX cannot hold (numbers as they are)."""
    if isinstance(value, str):
        from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

        return ILLEGAL_CHARACTERS_RE.sub("", value)
    return value


def xlsx_bytes(title: str, header: list, rows: list[list]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    sheet = book.active
    sheet.title = title[:31]
    sheet.append([printable(v) for v in header])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append([printable(v) for v in row])
    protect(sheet)
    sheet.freeze_panes = "A2"
    for column in sheet.columns:
        width = max(len(str(c.value)) if c.value is not None else 0 for c in column)
        sheet.column_dimensions[column[0].column_letter].width = min(max(width + 2, 6), 60)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def table_values(table, exclude: tuple[str, ...] = ()) -> tuple[list, list[list]]:
    """A django-tables2 table's header and rows as exported values (numbers stay int)."""
    values = list(table.as_values(exclude_columns=exclude))
    return values[0], [list(row) for row in values[1:]]


def unsupported(fmt: str) -> str | None:
    """The message for an export format the app does not write (None when it does)."""
    if fmt in CONTENT_TYPES:
        return None
    return _("Files are exported as CSV or Excel (xlsx) only, not %(fmt)s.") % {
        "fmt": str(fmt)[:20]
    }


def table_response(fmt: str, table, filename: str, exclude: tuple[str, ...] = ()):
    """The table as a CSV or XLSX download (`fmt` checked with `unsupported` first)."""
    header, rows = table_values(table, exclude)
    if fmt == "csv":
        payload = csv_bytes(header, rows)
    else:
        payload = xlsx_bytes(filename.rsplit(".", 1)[0][-31:], header, rows)
    response = HttpResponse(payload, content_type=CONTENT_TYPES[fmt])
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def export_or_page(view, context, table, filename: str, exclude: tuple[str, ...] = ()):
    """A page's response for `?_export=`: the file, or the page with a message and 400."""
    fmt = view.request.GET.get("_export")
    if fmt is None:
        return None
    problem = unsupported(fmt)
    if problem is None:
        return table_response(fmt, table, f"{filename}.{fmt}", exclude)
    messages.error(view.request, problem)
    response = view.response_class(
        request=view.request,
        template=view.get_template_names(),
        context=context,
        using=view.template_engine,
        status=400,
    )
    return response
