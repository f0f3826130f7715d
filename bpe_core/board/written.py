"""The board written out: a text table for the terminal, a CSV of one row per tokenizer, an HTML page.

>>> from bpe_core.board.metrics import BoardRow, LanguageRow
>>> row = BoardRow("=gpt2", 10, 4.0, 4.0, 0.8, 1.25, 50257, 9, 0.0002, 0.41, 0.0, None, None,
...                (LanguageRow("en", 40, 10, 0.25, 1.0),))
>>> board_csv([row]).splitlines()[1][:26]
"'=gpt2,10,4.0,4.0,0.8,1.25"
>>> "tokens_per_char_en" in board_csv([row]).splitlines()[0]
True
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence

from bpe_core.board.metrics import COLUMNS, BoardRow
from bpe_core.render.csv_cells import safe_row

#: The columns of the terminal's table and the HTML page: (field, heading, format, whether more is better).
SHOWN = [
    ("tokens", "tokens", "{:,}", False),
    ("bytes_per_token", "bytes/token", "{:.2f}", True),
    ("chars_per_token", "chars/token", "{:.2f}", True),
    ("tokens_per_word", "tokens/word", "{:.2f}", False),
    ("vocab_used", "vocab used", "{:,}", None),
    ("vocab_used_share", "of vocab", "{:.1%}", None),
    ("renyi_efficiency", "Rényi eff.", "{:.3f}", None),
    ("partial_share", "partial", "{:.2%}", False),
    ("premium_gini", "Gini", "{:.3f}", False),
]


def _cell(value, fmt: str) -> str:
    return "-" if value is None else fmt.format(value)


def languages_of(rows: Sequence[BoardRow]) -> list[str]:
    """The languages of the rows, in their order."""
    return list(dict.fromkeys(language.language for row in rows for language in row.languages))


def board_csv(rows: Sequence[BoardRow]) -> str:
    """One row per tokenizer: :data:`~bpe_core.board.metrics.COLUMNS`, then each language's tokens per character
    and premium (formula-like text begins with ``'``, :mod:`bpe_core.render.csv_cells`)."""
    languages = languages_of(rows)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS + [f"{what}_{code}" for code in languages for what in ("tokens_per_char", "premium")])
    for row in rows:
        by_language = {language.language: language for language in row.languages}
        cells: list[object] = [getattr(row, name) for name in COLUMNS]
        for code in languages:
            found = by_language.get(code)
            cells += [found.tokens_per_char, found.premium] if found is not None else [None, None]
        writer.writerow(safe_row(["" if cell is None else cell for cell in cells]))
    return out.getvalue()


def board_table(rows: Sequence[BoardRow]) -> list[str]:
    """Lines of text: a row per tokenizer, then one per language (tokens per character and premium)."""
    headings = ["tokenizer"] + [heading for _, heading, _, _ in SHOWN]
    table = [[row.tokenizer] + [_cell(getattr(row, name), fmt) for name, _, fmt, _ in SHOWN] for row in rows]
    lines = _aligned([headings, *table])
    languages = languages_of(rows)
    if len(languages) > 1:
        lines.append("")
        grid = [["language"] + [row.tokenizer for row in rows]]
        for code in languages:
            cells = [code]
            for row in rows:
                found = next(language for language in row.languages if language.language == code)
                premium = "" if found.premium is None else f" ({found.premium:.2f}x)"
                cells.append(f"{found.tokens_per_char:.3f}{premium}")
            grid.append(cells)
        lines += _aligned(grid)
    return lines


def _aligned(grid: list[list[str]]) -> list[str]:
    widths = [max(len(line[i]) for line in grid) for i in range(len(grid[0]))]
    return [
        line[0].ljust(widths[0]) + "".join("  " + cell.rjust(width) for cell, width in zip(line[1:], widths[1:]))
        for line in grid
    ]


def board_html(rows: Sequence[BoardRow], *, corpus: str, segmenters: Sequence[str]) -> str:
    """A self-contained page: the table, each number with a bar as long as its share of the column's largest."""
    head = "".join(f"<th>{html.escape(heading)}</th>" for _, heading, _, _ in SHOWN)
    body = []
    for row in rows:
        cells = [f"<td class=name>{html.escape(row.tokenizer)}</td>"]
        for name, _, fmt, _ in SHOWN:
            value = getattr(row, name)
            top = max((getattr(other, name) or 0 for other in rows), default=0) or 1
            width = 0 if value is None else round(100 * value / top)
            bar = f'<span class=bar style="width:{width}%"></span>'
            cells.append(f"<td>{bar}<span class=num>{html.escape(_cell(value, fmt))}</span></td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    words = ", ".join(segmenters) or "none"
    return f"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Tokenizer board</title>
<style>
body {{ font-family: sans-serif; margin: 2em; }}
table {{ border-collapse: collapse; }}
th, td {{ padding: 4px 10px; border-bottom: 1px solid #ddd; text-align: right; }}
td {{ position: relative; min-width: 6em; }}
td.name {{ text-align: left; font-family: monospace; }}
.bar {{ position: absolute; left: 0; top: 20%; height: 60%; background: #cfe3f7; z-index: 0; }}
.num {{ position: relative; z-index: 1; }}
</style></head><body>
<h1>Tokenizer board</h1>
<p>Corpus: {html.escape(corpus)}. Words cut by: {html.escape(words)}.</p>
<table><tr><th>tokenizer</th>{head}</tr>
{chr(10).join(body)}
</table>
<p>Rényi efficiency (α = 2.5; Zouhar et al., 2023, "Tokenization and the Noiseless Channel") predicts some
downstream results and not others (Cognetta et al., 2024; Schmidt et al., 2024, "Tokenization Is More Than
Compression"): read it as one measure among these.</p>
</body></html>
"""
