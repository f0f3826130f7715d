"""A text, whole or read in blocks (``bpe vocab --text``), cut into pieces that encode one after the other to the
ids of the whole text: at the safe points of the tokenizer's pattern and special tokens
(:mod:`bpe_core.corpus.reader`), so that counting or X-raying a gigabyte holds a piece at a time. Only cuts proven
for the tokenizer are made: our engine's and OpenAI's encodings under a shipped pattern; any other tokenizer (a
published model's library, a custom regex) gets the whole text at once, as before.

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> gpt2 = Tokenizer.from_tiktoken("gpt2")
>>> pieces = list(text_pieces(["Hello wor", "ld, hello", " again."], gpt2, piece_chars=8))
>>> pieces
['Hello world,', ' hello again.']
>>> [i for piece in pieces for i in gpt2.encode(piece)] == gpt2.encode("".join(pieces))
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from bpe_core.corpus.reader import CorpusReader
from bpe_core.encoding.parallel_encode import shares_in_threads
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.pretokenize.patterns import shipped_name

#: Characters of text per piece, about: a few megabytes, each encoded on every core (the text's end is shorter).
PIECE_CHARS = 1 << 21
#: The same where our engine counts token usage on several threads (the audit's usage text, ``bpe vocab --text``): a
#: piece starts the threads and cuts itself once, so larger pieces pay for that less often (a gigabyte of C with
#: GPT-2: 2 M characters 6.4-6.6 s, 8 M 6.0 s; before the ids went in the allocator's memory 7.3-7.5 s, 8 M 6.2-6.5 s,
#: 16 M 6.5-6.6 s; peak memory about 70 MB more at 8 M). On one core a piece's ids are a list (40 bytes an id), which
#: a larger piece only makes larger.
USAGE_PIECE_CHARS = 1 << 23
#: A text given in blocks to a tokenizer that needs it whole is joined up to this many characters (a file of blocks
#: is otherwise of any size).
WHOLE_MOST_CHARS = 256_000_000


class WholeTextTooLong(ValueError):
    """A text given in blocks, longer than :data:`WHOLE_MOST_CHARS`, for a tokenizer that encodes its text whole."""


def text_pieces(
    text: str | Iterable[str], tokenizer, piece_chars: int | None = None, *, usage: bool = False
) -> Iterator[str]:
    """A text (a str, or its blocks as a file is read) in pieces of about ``piece_chars`` (default
    :data:`PIECE_CHARS`, or :data:`USAGE_PIECE_CHARS` for ``usage`` our engine counts on several threads here,
    :func:`~bpe_core.encoding.parallel_encode.shares_in_threads`) characters that ``tokenizer`` encodes, one after
    the other, to the ids of the whole; the whole text as one piece when its cuts are not proven for ``tokenizer``
    (:func:`cut_pattern`)."""
    pattern = cut_pattern(tokenizer)
    if pattern is None:
        return iter([text if isinstance(text, str) else _joined(text)])
    piece_chars = piece_chars or (USAGE_PIECE_CHARS if usage and shares_in_threads() else PIECE_CHARS)
    # cut where no special token the tokenizer finds in text crosses (a Tekken file finds none: its text is cut alike)
    reader = CorpusReader(pattern=pattern, splitter=tokenizer.pretokenizer.specials, piece_chars=piece_chars)
    if isinstance(text, str):  # slices of it: a block fed whole would be copied twice
        bounds = reader.cuts(text)
        pieces: Iterable[str] = (text[a:b] for a, b in itertools.pairwise(bounds))
    else:
        pieces = reader.pieces_of_blocks(text)
    return _tail_joined(pieces, piece_chars)


def _joined(blocks: Iterable[str]) -> str:
    """The blocks of a text joined, up to :data:`WHOLE_MOST_CHARS` characters (:class:`WholeTextTooLong` past it)."""
    parts, total = [], 0
    for block in blocks:
        total += len(block)
        if total > WHOLE_MOST_CHARS:
            raise WholeTextTooLong(f"a text encoded whole holds at most {WHOLE_MOST_CHARS:,} characters")
        parts.append(block)
    return "".join(parts)


def _tail_joined(pieces: Iterable[str], piece_chars: int) -> Iterator[str]:
    """``pieces`` (each at least ``piece_chars`` long but the last) with a short last piece joined to the one
    before: a short text is encoded as a list of ints, 40 bytes an id, where a long one is an array of 4.

    >>> list(_tail_joined(["abcd", "efgh", "ij"], 4))
    ['abcd', 'efghij']
    """
    held = None
    for piece in pieces:
        if held is not None and len(piece) < piece_chars:
            held += piece  # the last piece
        else:
            if held is not None:
                yield held
            held = piece
    if held is not None:
        yield held


def cut_pattern(tokenizer) -> str | None:
    """The shipped pattern whose safe points cut ``tokenizer``'s text exactly: ours or OpenAI's encoding with a
    shipped pattern; None for any other.

    >>> cut_pattern(TiktokenTokenizer.reference("cl100k_base"))
    'cl100k'
    """
    if not isinstance(tokenizer, (Tokenizer, TiktokenTokenizer)) or tokenizer.pretokenizer is None:
        return None
    return shipped_name(tokenizer.pretokenizer.pattern)
