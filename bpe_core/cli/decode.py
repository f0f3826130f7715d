"""``bpe decode``: the text of token ids (arguments, or standard input)."""

from __future__ import annotations

import re
import sys
from array import array
from collections.abc import Sequence

from bpe_core.cli.errors import BadInputError, UserError
from bpe_core.cli.texts import read_capped
from bpe_core.cli.tokenizers import load_tokenizer, pattern_help, tokenizer_help

#: The largest token id ``bpe decode`` reads (ids are int64 in our files and the libraries').
MAX_TOKEN_ID = 2**63 - 1
#: Fewer digits than this make an id at most MAX_TOKEN_ID (18 digits; 19 may be more: token_id checks those).
_ID_DIGITS = len(str(MAX_TOKEN_ID))
_SPACE = re.compile(r"\s")
#: What ``str.splitlines`` cuts lines at (a CRLF once).
_LINE_BREAK = re.compile("\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def add_command(commands) -> None:
    """The ``decode`` subcommand, added to the program's subparsers."""
    decode = commands.add_parser("decode", help="show the text of token ids")
    decode.add_argument("tokenizer", metavar="TOKENIZER", help=tokenizer_help())
    decode.add_argument("ids", nargs="*", metavar="ID", help="token ids (default: read them from standard input)")
    decode.add_argument("--pattern", metavar="P", help=pattern_help())
    decode.set_defaults(run=_decode)


def _decode(args) -> int:
    tokenizer = load_tokenizer(args.tokenizer, args.pattern)
    ids: Sequence[int]
    if args.ids:
        ids = [token_id(word, f"ID {number}") for number, word in enumerate(args.ids, 1)]
    else:
        ids = ids_of(read_capped(sys.stdin.buffer, "standard input", "decode").decode("utf-8", "replace"))
    try:
        text = tokenizer.decode(ids)
    except ValueError as exc:  # an unknown id
        raise UserError(f"{args.tokenizer}: {exc}") from None
    sys.stdout.write(text)  # not text + "\n": a copy of it (126 MB for 31 MB of code with an emoji)
    sys.stdout.write("\n")
    return 0


def ids_of(text: str, block: int = 1 << 20) -> array:
    """The token ids written in ``text`` (words between white space), as an array: converted ``block`` characters at
    a time, cut at white space, so that 15 million ids never stand as 15 million strings at once (1.2 GB where the
    array takes 120 MB). A word that is no id raises :func:`token_id`'s error, naming its line.

    >>> ids_of("15947 24486\\n 995", block=4).tolist()
    [15947, 24486, 995]
    """
    ids = array("q")
    start = 0
    while start < len(text):
        space = _SPACE.search(text, min(start + block, len(text)))
        end = space.start() if space else len(text)
        words = text[start:end].split()
        if all(word.isascii() and word.isdigit() and len(word) < _ID_DIGITS for word in words):
            ids.extend(map(int, words))
        else:  # a word to look at closely: an error names its line, found only then
            for word in words:
                try:
                    ids.append(token_id(word, "standard input"))
                except BadInputError:
                    token_id(word, f"line {_line_of(text, text.index(word, start))} of standard input")
        start = end
    return ids


def _line_of(text: str, at: int) -> int:
    """The number (from 1) of the line of ``text`` that character ``at`` is on, as ``str.splitlines`` cuts lines
    (counted, not cut: the text before may be hundreds of megabytes).

    >>> _line_of("1\\r\\n2\\u2028 x", 6)
    3
    """
    return 1 + sum(1 for _ in _LINE_BREAK.finditer(text, 0, at))


def token_id(word: str, where: str) -> int:
    """``word`` as a token id: ASCII digits (``int`` takes ``²`` and ``٣`` too, and refuses 5,000 digits with a
    message of its own) short enough for an id; else a :class:`BadInputError` naming ``where``.

    >>> token_id("15947", "ID 1")
    15947
    >>> token_id("²", "line 2 of standard input")
    Traceback (most recent call last):
    ...
    bpe_core.cli.errors.BadInputError: line 2 of standard input: '²' is not a token id (a whole number in the ...
    """
    if not (word.isascii() and word.isdigit()):
        raise BadInputError(f"{where}: {word!r:.40} is not a token id (a whole number in the digits 0-9)")
    if len(word) > _ID_DIGITS or int(word) > MAX_TOKEN_ID:
        shown = word if len(word) <= 24 else f"{word[:20]}..."
        raise BadInputError(f"{where}: {shown} ({len(word):,} digits) is not a token id: ids are below 2**63")
    return int(word)
