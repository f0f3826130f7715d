"""CSV cells a spreadsheet will not run: a text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return is read as a formula by Excel, LibreOffice and Google Sheets (a token or a tokenizer named
``=HYPERLINK("http://x","y")`` would become a link). As OWASP recommends, such a cell gets a leading ``'``, which
the spreadsheet shows as text. Every CSV writer of the engine and the window passes its rows through here.

Numbers we write as numbers stay numbers: only ``str`` cells change (a count of -3 is not text).

>>> text_cell('=HYPERLINK("http://x","y")')
'\\'=HYPERLINK("http://x","y")'
>>> text_cell("-"), text_cell("@x"), text_cell(-3), text_cell("low"), text_cell(True)
("'-", "'@x", -3, 'low', True)
>>> safe_row(["+", 1.5, "a"]), safe_record({"tokenizer": "=x", "id": 7})
(["'+", 1.5, 'a'], {'tokenizer': "'=x", 'id': 7})
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

#: What a spreadsheet takes as the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(value: object) -> object:
    """``value``, with a ``'`` before it when it is text that begins like a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def safe_row(row: Iterable[object]) -> list[object]:
    """A row of cells for ``csv.writer``, each through :func:`text_cell`."""
    return [text_cell(value) for value in row]


def safe_record(record: Mapping[str, object]) -> dict[str, object]:
    """A record for ``csv.DictWriter``, each value through :func:`text_cell`."""
    return {key: text_cell(value) for key, value in record.items()}
