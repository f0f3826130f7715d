"""``bpe decode``: the text of token ids (arguments, or standard input)."""

from __future__ import annotations

import sys

from bpe_core.cli.errors import BadInputError, UserError
from bpe_core.cli.texts import read_capped
from bpe_core.cli.tokenizers import load_tokenizer, pattern_help, tokenizer_help

#: The largest token id ``bpe decode`` reads (ids are int64 in our files and the libraries').
MAX_TOKEN_ID = 2**63 - 1


def add_command(commands) -> None:
    """The ``decode`` subcommand, added to the program's subparsers."""
    decode = commands.add_parser("decode", help="show the text of token ids")
    decode.add_argument("tokenizer", metavar="TOKENIZER", help=tokenizer_help())
    decode.add_argument("ids", nargs="*", metavar="ID", help="token ids (default: read them from standard input)")
    decode.add_argument("--pattern", metavar="P", help=pattern_help())
    decode.set_defaults(run=_decode)


def _decode(args) -> int:
    tokenizer = load_tokenizer(args.tokenizer, args.pattern)
    if args.ids:
        ids = [token_id(word, f"ID {number}") for number, word in enumerate(args.ids, 1)]
    else:
        lines = read_capped(sys.stdin.buffer, "standard input", "decode").decode("utf-8", "replace").splitlines()
        where = "line {} of standard input".format
        ids = [token_id(word, where(number)) for number, line in enumerate(lines, 1) for word in line.split()]
    try:
        text = tokenizer.decode(ids)
    except ValueError as exc:  # an unknown id
        raise UserError(f"{args.tokenizer}: {exc}") from None
    sys.stdout.write(text + "\n")
    return 0


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
    if len(word) > len(str(MAX_TOKEN_ID)):
        shown = word if len(word) <= 24 else f"{word[:20]}..."
        raise BadInputError(f"{where}: {shown} ({len(word):,} digits) is not a token id: ids are below 2**63")
    return int(word)
