"""One text under several tokenizers, taken out of the window: a :class:`Comparison` written as an HTML page, an
SVG drawing, CSV rows (one per token) or JSON, and shown in Jupyter as it is (``_repr_html_``; a single
:class:`~bpe_core.encoding.token_spans.TokenView` shows itself the same way).

A comparison is built from ``(title, view)`` pairs, whatever made the views (every tokenizer shown has
``view(text)``: ours, the references, published models'; see :class:`bpe_core.encoding.protocol.ShownTokenizer`), or by
:func:`compare` from tokenizer sources (reference names, files, ``hf:ORG/NAME``) or tokenizers in hand.
Its figures are the Compare tab's: tokens, characters per token and UTF-8 bytes per token of the text.

>>> comparison = compare("Hello, 世界", ["gpt2", "cl100k_base"])
>>> [(s.tokens, f"{s.bytes_per_token:.2f}") for s in comparison.summaries()]
[(7, '1.86'), (6, '2.17')]
>>> print(comparison.to_csv().splitlines()[1])
gpt2,0,15496,Hello,48656c6c6f,0,5,0,5,False,
>>> comparison.to_html().startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from bpe_core.encoding.token_spans import TokenSpan, TokenView
from bpe_core.formats import (
    load_any,
    takes_pattern,
    write_bytes_atomically,
    write_chunks_atomically,
    write_text_atomically,
)
from bpe_core.render.csv_cells import safe_record
from bpe_core.render.html_tokens import DEFAULT_WIDTH, Summary, fragment_html, page_chunks, page_html, svg_document
from bpe_core.render.png_tokens import png_document
from bpe_core.render.token_label import render_token

#: The formats :meth:`Comparison.save` writes, by name (and file suffix).
FORMATS = ("html", "svg", "png", "csv", "json")
#: CSV rows made at a time when a comparison is written (:meth:`Comparison.csv_chunks`).
ROWS_AT_ONCE = 1_000
#: The CSV's columns, one row per token.
CSV_COLUMNS = (
    "tokenizer",
    "index",
    "id",
    "text",
    "bytes_hex",
    "byte_start",
    "byte_end",
    "char_start",
    "char_end",
    "special",
    "partial",
)


class Comparison:
    """The same text under several tokenizers: ``views`` is a sequence of ``(title, TokenView)``.

    Raises ``ValueError`` when there is no view, or when the views are of different texts.
    """

    def __init__(self, views: Iterable[tuple[str, TokenView]]):
        self.views = tuple((str(title), view) for title, view in views)
        if not self.views:
            raise ValueError("a comparison needs at least one tokenizer's view")
        if len({view.text for _, view in self.views}) > 1:
            raise ValueError("the views are of different texts; a comparison shows one text under each tokenizer")

    @property
    def text(self) -> str:
        return self.views[0][1].text

    def summaries(self) -> list[Summary]:
        """Each view's figures (tokens, characters, bytes; per token), in order."""
        return [Summary.of(view) for _, view in self.views]

    def rows(self) -> Iterator[dict]:
        """One record per token of each view, with the :data:`CSV_COLUMNS` as keys."""
        for title, view in self.views:
            for token in view.tokens:
                yield {"tokenizer": title, **token_record(token)}

    def to_html(self, *, title: str = "Tokenizer comparison", safe: bool = False) -> str:
        """A whole HTML page (inline style only, no script, nothing fetched); ``safe``: colour-blind-safe
        colours."""
        return page_html(self.views, title=title, safe=safe)

    def to_svg(self, width: float = DEFAULT_WIDTH, *, safe: bool = False) -> str:
        """An SVG drawing ``width`` pixels wide (at least 120), the views one under another."""
        return svg_document(self.views, width=width, safe=safe)

    def to_png(self, width: float = DEFAULT_WIDTH, *, safe: bool = False) -> bytes:
        """The SVG's drawing as a PNG image, at twice its size (:mod:`bpe_core.render.png_tokens`)."""
        return png_document(self.views, width=width, safe=safe)

    def to_csv(self) -> str:
        """Every token as a CSV row (header first): see :data:`CSV_COLUMNS`; ``text`` is the token as the window
        writes it, ``partial`` names the characters it holds only part of (empty: whole characters). A text that
        a spreadsheet would take for a formula begins with ``'`` (:mod:`bpe_core.render.csv_cells`)."""
        return "".join(self.csv_chunks())

    def csv_chunks(self) -> Iterator[str]:
        """:meth:`to_csv` in pieces of :data:`ROWS_AT_ONCE` rows, for a file written as they come."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for count, record in enumerate(map(safe_record, self.rows()), 1):
            writer.writerow(record)
            if count % ROWS_AT_ONCE == 0:
                yield out.getvalue()
                out.seek(0)
                out.truncate()
        yield out.getvalue()

    def to_json(self) -> str:
        """The text and, per tokenizer, its title, counts, characters and bytes per token (null without tokens)
        and its tokens (the CSV's records, ``partial`` as a list), a token a line."""
        return "".join(self.json_chunks())

    def json_chunks(self) -> Iterator[str]:
        """:meth:`to_json` in pieces, a token at a time: millions of tokens are never records all at once (a
        3 MB text under the four references took 12 GB as one object for ``json.dumps``)."""
        yield '{"text": ' + json.dumps(self.text, ensure_ascii=False) + ',\n "tokenizers": ['
        for k, ((title, view), summary) in enumerate(zip(self.views, self.summaries())):
            head = {
                "title": title,
                "token_count": summary.tokens,
                "char_count": summary.chars,
                "byte_count": summary.bytes,
                "chars_per_token": summary.chars_per_token,
                "bytes_per_token": summary.bytes_per_token,
            }
            yield ("," if k else "") + "\n  " + json.dumps(head, ensure_ascii=False)[:-1] + ', "tokens": ['
            for i, token in enumerate(view.tokens):
                record = token_record(token) | {"partial": [str(p) for p in token.partial]}
                yield ("," if i else "") + "\n   " + json.dumps(record, ensure_ascii=False)
            yield "\n  ]}"
        yield "\n ]\n}\n"

    def save(self, path: str | os.PathLike, fmt: str | None = None, *, width: float = DEFAULT_WIDTH) -> None:
        """Write the comparison as ``fmt`` (one of :data:`FORMATS`; by default the path's suffix) to ``path``,
        atomically; a folder, device or named pipe there is refused (:func:`bpe_core.formats.output_target`).
        HTML, CSV and JSON are written as they are made, never held whole."""
        fmt = fmt or Path(path).suffix.lstrip(".").lower()
        if fmt not in FORMATS:
            raise ValueError(f"{os.fspath(path)}: a comparison is written as {', '.join(FORMATS)}, not {fmt!r}")
        if fmt == "png":
            write_bytes_atomically(path, self.to_png(width))
        elif fmt == "svg":
            write_text_atomically(path, self.to_svg(width))
        elif fmt == "html":
            write_chunks_atomically(path, page_chunks(self.views))
        else:
            write_chunks_atomically(path, self.csv_chunks() if fmt == "csv" else self.json_chunks())

    def _repr_html_(self) -> str:
        return fragment_html(self.views)


def token_record(token: TokenSpan) -> dict:
    """A token's CSV record (without the tokenizer).

    >>> from bpe_core.encoding.token_spans import view_from_spans
    >>> token_record(view_from_spans("é", [7, 8], [b"\\xc3", b"\\xa9"], [0, 1], [1, 2], set()).tokens[1])["partial"]
    "bytes 1-1 of 2 of 'é'"
    """
    return {
        "index": token.index,
        "id": token.id,
        "text": render_token(token.token),
        "bytes_hex": token.token.hex(),
        "byte_start": token.byte_start,
        "byte_end": token.byte_end,
        "char_start": token.start,
        "char_end": token.end,
        "special": token.special,
        "partial": "; ".join(map(str, token.partial)),
    }


def compare(text: str, specs: Iterable, *, pattern: str | None = None) -> Comparison:
    """``text`` under each of ``specs``: a tokenizer source (a reference name such as ``gpt2``, ``cl100k_base``,
    ``o200k_base``; a tokenizer file or folder; ``hf:ORG/NAME``), loaded with :func:`bpe_core.formats.load_any`
    (``pattern`` for the files that need one, such as a ``.tiktoken``) and titled with it, or a ``(title,
    tokenizer)`` pair for a tokenizer already in hand (one of ours, or anything ``load_any`` gives)."""
    views = []
    for spec in specs:
        if isinstance(spec, tuple):
            title, tokenizer = spec
        else:
            title = os.fspath(spec)
            tokenizer = load_any(spec, pattern=pattern if takes_pattern(spec) else None)
        views.append((title, tokenizer.view(text)))
    return Comparison(views)
