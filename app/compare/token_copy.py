"""What a pane puts on the clipboard: its token ids, its tokens as text, or its tokens as JSON (no Qt here).

Tokens are written as everywhere else (:func:`bpe_core.render.token_label.render_token`: whitespace as ␣ ↵ ⇥, bytes that
are not a whole character as ``<E4><B8>``), so a copied line reads as the pane shows it and stays one line.

>>> from bpe_core.encoding.token_spans import view_from_spans
>>> view = view_from_spans("Hi, 鬱", [17250, 11, 220, 165, 105], [b"Hi", b",", b" \\xe9", b"\\xac", b"\\xb1"],
...                        [0, 2, 3, 5, 6], [2, 3, 5, 6, 7], set())
>>> ids_text(view)
'17250, 11, 220, 165, 105'
>>> tokens_text(view)
'Hi|,|␣<E9>|<AC>|<B1>'
>>> print(tokens_json(view).splitlines()[1])
 {"id": 17250, "text": "Hi", "bytes_hex": "4869"},
"""

from __future__ import annotations

import json

from bpe_core.encoding.token_spans import TokenView
from bpe_core.render.token_label import render_token

#: What separates the tokens of :func:`tokens_text`.
SEPARATOR = "|"


def ids_text(view: TokenView) -> str:
    """The ids, comma separated."""
    return ", ".join(str(token.id) for token in view.tokens)


def tokens_text(view: TokenView) -> str:
    """The tokens as the pane writes them, joined by ``|``."""
    return SEPARATOR.join(render_token(token.token) for token in view.tokens)


def tokens_json(view: TokenView) -> str:
    """A JSON list with one object per token: its ``id``, its ``text`` (as the pane writes it) and its bytes in
    hex (``bytes_hex``, as the exported comparison's CSV and JSON name them); one token a line."""
    records = (
        json.dumps({"id": t.id, "text": render_token(t.token), "bytes_hex": t.token.hex()}, ensure_ascii=False)
        for t in view.tokens
    )
    return "[\n " + ",\n ".join(records) + "\n]"
