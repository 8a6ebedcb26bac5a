"""A game's entries as a spreadsheet (CSV or XLSX): one row per entry, one column per field.

Cells are text; this module turns them into the catalog format's values (and
back) so a sheet goes through the same validation as a JSON import. The
conventions, also written into every template and export:

- an empty cell is unknown (null); ``""`` (two double quotes) is empty text,
  for the text fields where empty and unknown differ;
- lists (keywords, aliases) are separated by ``;``;
- roll bands are one per line: ``1-4: effect``, ``10+: effect``, ``5: effect``,
  with `` [keep]`` at the end of a band that keeps.

XLSX goes through openpyxl; a file that is not a spreadsheet, too big, or
too long is a SheetError with a clear message, before anything is parsed.
"""
from __future__ import annotations

import csv
import io
import re
import zipfile
from dataclasses import dataclass

from cardsite.catalog import games

COLUMNS = (
    "slug", "name", "kind", "component", "type", "glyph", "symbol", "initiative", "cost", "vp",
    "body", "mind", "strength", "copies", "keywords", "text", "flavor", "aliases", "bands",
    "source", "notes",
)
NUMBER_COLUMNS = set(games.NUMERIC_ATTRIBUTES)
LIST_COLUMNS = {"keywords", "aliases"}
# Null means unknown for these; "" (two quotes) writes an empty text.
NULLABLE_TEXT = {"component", "type", "glyph", "symbol", "text", "flavor"}
EMPTY_TEXT = '""'
KEEP_MARK = " [keep]"
BAND_RE = re.compile(r"^\s*(\d+)\s*(?:(\+)|-\s*(\d+))?\s*:\s*(.*)$", re.S)

MAX_BYTES = 5 * 1024 * 1024
MAX_ROWS = 20000
MAX_UNZIPPED = 60 * 1024 * 1024  # an XLSX is a zip: refuse one that inflates past this


class SheetError(ValueError):
    """The upload is not a readable sheet (the message says why)."""


@dataclass
class SheetRow:
    number: int  # the row number as the editor's spreadsheet shows it
    cells: dict[str, str]


# --- reading -------------------------------------------------------------------

def read_sheet(content: bytes, filename: str) -> tuple[list[str], list[SheetRow]]:
    """(header, rows) of a CSV or XLSX upload; rows starting with "#" are notes."""
    if len(content) > MAX_BYTES:
        raise SheetError(f"{filename} is {len(content) / 1048576:.1f} MB; the limit is "
                         f"{MAX_BYTES // 1048576} MB (split the file by game or component).")
    lower = filename.lower()
    if lower.endswith(".xlsx"):
        table = _xlsx_rows(content, filename)
    elif lower.endswith(".csv"):
        table = _csv_rows(content, filename)
    else:
        raise SheetError(f"{filename}: expected a .csv or .xlsx file (or a .json catalog file).")
    header, rows = None, []
    for number, values in table:
        cells = ["" if v is None else str(v) for v in values]
        if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
            continue
        if header is None:
            header = [c.strip().lower() for c in cells]
            _check_header(header, filename)
            continue
        if len(rows) >= MAX_ROWS:
            raise SheetError(f"{filename}: more than {MAX_ROWS} rows; split the file.")
        rows.append(SheetRow(number, {
            name: (cells[i] if i < len(cells) else "") for i, name in enumerate(header) if name
        }))
    if header is None:
        raise SheetError(f"{filename}: no header row (expected columns: {', '.join(COLUMNS)}).")
    return header, rows


def _check_header(header: list[str], filename: str) -> None:
    unknown = [h for h in header if h and h not in COLUMNS]
    if unknown:
        raise SheetError(f"{filename}: unknown column(s) {', '.join(unknown)} "
                         f"(expected: {', '.join(COLUMNS)}).")
    if "name" not in header:
        raise SheetError(f"{filename}: the header row needs at least a name column.")
    seen = set()
    for h in header:
        if h and h in seen:
            raise SheetError(f"{filename}: column {h} appears twice.")
        seen.add(h)


def _csv_rows(content: bytes, filename: str):
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SheetError(f"{filename}: not UTF-8 text (byte {exc.start}); save the CSV as UTF-8.") from exc
    if "\x00" in text:
        raise SheetError(f"{filename}: not a CSV file (it contains binary data).")
    try:
        return list(enumerate(csv.reader(io.StringIO(text, newline="")), start=1))
    except csv.Error as exc:
        raise SheetError(f"{filename}: not a readable CSV file ({exc}).") from exc


def _xlsx_rows(content: bytes, filename: str):
    from openpyxl import load_workbook

    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            if sum(info.file_size for info in archive.infolist()) > MAX_UNZIPPED:
                raise SheetError(f"{filename}: the spreadsheet inflates to more than "
                                 f"{MAX_UNZIPPED // 1048576} MB; split it.")
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except SheetError:
        raise
    except Exception as exc:  # zipfile, XML and openpyxl errors alike mean "not an XLSX"
        raise SheetError(f"{filename}: not a readable XLSX spreadsheet ({type(exc).__name__}).") from exc
    try:
        sheet = book["Entries"] if "Entries" in book.sheetnames else book.worksheets[0]
        rows = []
        for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
            rows.append((number, [_xlsx_cell(v) for v in values]))
            if len(rows) > MAX_ROWS + 50:
                raise SheetError(f"{filename}: more than {MAX_ROWS} rows; split the file.")
        return rows
    finally:
        book.close()


def _xlsx_cell(value):
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return value


def row_to_entry(row: SheetRow) -> tuple[dict, dict[str, str]]:
    """The row as a catalog-format entry (only the columns present) and the
    cell errors that stop a value from being read at all, by column."""
    entry, errors = {}, {}
    for column, raw in row.cells.items():
        value = raw.strip() if column not in ("text", "flavor", "notes") else raw
        if column in NUMBER_COLUMNS:
            if not value.strip():
                entry[column] = None
            elif re.fullmatch(r"-?\d+", value.strip()):
                entry[column] = int(value.strip())
            else:
                entry[column] = value.strip()  # the format check reports it with its range
        elif column in LIST_COLUMNS:
            entry[column] = [part.strip() for part in value.split(";") if part.strip()]
        elif column == "bands":
            entry[column], problem = _bands(value)
            if problem:
                errors[column] = problem
        elif column in NULLABLE_TEXT:
            entry[column] = "" if value.strip() == EMPTY_TEXT else (value if value.strip() else None)
        else:
            entry[column] = "" if value.strip() == EMPTY_TEXT else value
    return entry, errors


def _bands(text: str) -> tuple[list[dict], str | None]:
    bands = []
    for line in text.splitlines():
        if not line.strip():
            continue
        match = BAND_RE.match(line)
        if not match:
            return [], f'cannot read the band {line.strip()[:40]!r} (write "1-4: effect" or "10+: effect")'
        low, plus, high, effect = match.groups()
        keep = effect.rstrip().endswith(KEEP_MARK.strip())
        if keep:
            effect = effect.rstrip()[: -len(KEEP_MARK.strip())]
        bands.append({
            "low": int(low), "high": None if plus else int(high) if high else int(low),
            "effect": effect.strip(), "keep": keep,
        })
    return bands, None


# --- writing -------------------------------------------------------------------

def entry_to_cells(entry: dict) -> list[str]:
    out = []
    for column in COLUMNS:
        value = entry.get(column)
        if column in LIST_COLUMNS:
            out.append("; ".join(value or []))
        elif column == "bands":
            out.append(bands_text(value or []))
        elif value is None:
            out.append("")
        elif value == "" and column in NULLABLE_TEXT:
            out.append(EMPTY_TEXT)
        else:
            out.append(str(value))
    return out


def bands_text(bands: list[dict]) -> str:
    return "\n".join(_band_text(b) for b in bands)


def _band_text(band: dict) -> str:
    if band["high"] is None:
        span = f"{band['low']}+"
    elif band["high"] == band["low"]:
        span = str(band["low"])
    else:
        span = f"{band['low']}-{band['high']}"
    return f"{span}: {band['effect']}" + (KEEP_MARK if band["keep"] else "")


def help_lines(game: str, game_name: str) -> list[str]:
    """What a template or an export says about the game: its types and glyphs."""
    lines = [
        f"Grimoire entries of {game_name} (game: {game}). One row per entry.",
        'Empty cell: unknown. "" (two double quotes): empty text. Lists: separated by ;.',
        'Bands: one per line, "1-4: effect", "10+: effect"; end with [keep] for KEEP.',
        "A row whose slug matches an entry updates it; a new slug (or none: made from the name) adds one.",
        "Types (and the attributes each has besides type and copies):",
    ]
    for t in games.GAME_TYPES.get(game, ()):
        lines.append(f"  {t.slug}: {', '.join(t.attributes) or 'no other attributes'} "
                     f"(rulebook: {t.source})")
    if games.GAME_GLYPHS.get(game):
        lines.append("Glyphs: " + ", ".join(games.GAME_GLYPHS[game]))
    if games.GAME_SYMBOLS.get(game):
        lines.append("Symbols the rulebook names: " + ", ".join(games.GAME_SYMBOLS[game]))
    lines.append("Kinds: " + ", ".join(games.ENTRY_KINDS))
    return lines


def write_csv(game: str, game_name: str, entries: list[dict]) -> bytes:
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    for line in help_lines(game, game_name):
        writer.writerow([f"# {line}"])
    writer.writerow(COLUMNS)
    for entry in entries:
        writer.writerow(entry_to_cells(entry))
    return out.getvalue().encode("utf-8-sig")  # the BOM makes spreadsheet apps read UTF-8


def write_xlsx(game: str, game_name: str, entries: list[dict]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font
    from openpyxl.worksheet.datavalidation import DataValidation

    book = Workbook()
    sheet = book.active
    sheet.title = "Entries"
    sheet.append(list(COLUMNS))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    for entry in entries:
        sheet.append(entry_to_cells(entry))
    wrap = Alignment(wrap_text=True, vertical="top")
    for column in ("text", "bands", "flavor"):
        index = COLUMNS.index(column)
        for row in sheet.iter_rows(min_row=2, min_col=index + 1, max_col=index + 1):
            row[0].alignment = wrap
    # Pick-lists for the columns with a fixed vocabulary (typed values still work).
    help_sheet = book.create_sheet("Help")
    for line in help_lines(game, game_name):
        help_sheet.append([line])
    lists = book.create_sheet("Lists")
    vocab = {"type": games.type_choices(game), "kind": list(games.ENTRY_KINDS),
             "glyph": list(games.GAME_GLYPHS.get(game, ()))}
    for col, (name, values) in enumerate(vocab.items(), start=1):
        lists.cell(row=1, column=col, value=name)
        for r, value in enumerate(values, start=2):
            lists.cell(row=r, column=col, value=value)
        if values:
            letter = lists.cell(row=1, column=col).column_letter
            target = sheet.cell(row=1, column=COLUMNS.index(name) + 1).column_letter
            check = DataValidation(type="list", formula1=f"=Lists!${letter}$2:${letter}${len(values) + 1}",
                                   allow_blank=True, showErrorMessage=False)
            check.add(f"{target}2:{target}{max(len(entries) + 200, 1000)}")
            sheet.add_data_validation(check)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
