"""A SentencePiece BPE model's encode of a long text, a line at a time, the lines' tokens remembered: after an edit
only the edited lines (their block) are encoded again (Llama 2's pane in the Compare tab over a long text), with the
ids, offsets and word starts of the library's encode of the whole text.

Exact where the model allows it (:func:`by_lines`): BPE (the best-scored pair of adjacent pieces merged first, the
leftmost on ties); a normalization that leaves the text as it is (``identity``: Llama 2, Mistral, Gemma) and neither
strips nor squeezes spaces; a line break that is a piece of its own (its byte, ``<0x0A>``) and ends any other piece
it is in. Then no merge crosses the place after a line break, and pairs on either side of it never compete: BPE of
the text is BPE of each line. The text's first line is encoded as a text is (the space SentencePiece puts before it,
``▁``, is the text's); each other line without that space, by the same model with ``add_dummy_prefix`` set off
(:func:`bare`).

The lines (:func:`lines_from`) are remembered in blocks of about :data:`BLOCK_LINES` by a
:class:`~bpe_core.foreign.block_memo.BlockMemo`.

>>> lines_of("ab\\n\\ncd")
['ab\\n', '\\n', 'cd']
"""

from __future__ import annotations

import numpy as np

from bpe_core.foreign.block_memo import Tokens
from bpe_core.foreign.sp_proto import _field, message

#: A text shorter than this is encoded whole (one call; its lines' memo would save nothing).
LINES_LEAST = 20_000
#: A block of lines ends after a line whose hash is a multiple of this (a block holds about this many lines).
BLOCK_LINES = 32
#: ``NormalizerSpec.add_dummy_prefix = false`` as a ``ModelProto.normalizer_spec`` (field 3) of its own: a parser
#: merges it into the model's (protobuf merges a message field given twice), the rest of the model unchanged.
_NO_DUMMY_PREFIX = bytes([0x1A, 0x02, 0x18, 0x00])


def by_lines(data: bytes, processor, rest=None) -> bool:
    """Whether the model (``data`` serialized, ``processor`` loaded from it, ``rest`` its :func:`bare` if loaded
    already) encodes a text as its lines end to end (see the module): BPE, no normalization, no spaces stripped or
    squeezed, a line break a piece of its own and the last character of any other piece that holds one."""
    normalizer, trainer = message(data, 3), message(data, 2)  # (every copy: a hand-edited model may add one)
    if _field(trainer, 3) != 2 or _field(trainer, 24):  # not BPE, or whitespace as a suffix
        return False
    if _field(normalizer, 2) or _field(normalizer, 4) != 0:
        return False  # a character map (nmt_nfkc...), or extra spaces removed (the default when not set)
    pieces = (processor.IdToPiece(i) for i in range(processor.GetPieceSize()) if not processor.IsByte(i))
    if any("\n" in piece[:-1] for piece in pieces):  # a piece past a line break (one ending in it does not cross)
        return False
    line_break = (rest if rest is not None else bare(data)).EncodeAsIds("\n")
    return len(line_break) == 1 and line_break[0] != processor.unk_id()


def bare(data: bytes):
    """The model ``data`` loaded with no ``▁`` put before a text."""
    import sentencepiece

    processor = sentencepiece.SentencePieceProcessor()
    processor.LoadFromSerializedProto(data + _NO_DUMMY_PREFIX)
    return processor


def lines_of(text: str) -> list[str]:
    """``text`` cut after each line break (``\\n`` only: the one character :func:`by_lines` looks at)."""
    lines = text.split("\n")
    last = lines.pop()
    return [line + "\n" for line in lines] + ([last] if last else [])


def lines_from(text: str, start: int, stop: int) -> list[str]:
    """The lines of ``text`` from ``start`` (where one begins) through the first that ends at or past ``stop``
    (:data:`~bpe_core.foreign.block_memo.Units`: a line ends after a line break, or at the text's end).

    >>> lines_from("ab\\ncd\\nef", 0, 4), lines_from("ab\\ncd\\nef", 3, 8), lines_from("", 0, 0)
    (['ab\\n', 'cd\\n'], ['cd\\n', 'ef'], [])
    """
    end = text.find("\n", max(start, stop - 1)) + 1 or len(text)
    return lines_of(text[start:end])


def encode_lines(first, rest, blocks: list[str], at_start: bool) -> Tokens:
    """In the library host: each line of each of ``blocks`` encoded apart (``first``'s processor for the first
    block's first line when ``at_start``, else ``rest``'s): ids, character offsets from each block's start, whether
    each token begins a word, and each block's count of tokens."""
    ids: list[int] = []
    offsets: list[tuple[int, int]] = []
    begins: list[bool] = []
    counts = []
    for b, block in enumerate(blocks):
        start, count = 0, 0
        for k, line in enumerate(lines_of(block)):
            found = (first if at_start and b == 0 and k == 0 else rest).EncodeAsOffsetMapping(line)
            ids += found["ids"]
            offsets += ((a + start, z + start) for a, z in found["offsets"])
            begins += (piece.startswith("▁") for piece in found["pieces"])
            count += len(found["ids"])
            start += len(line)
        counts.append(count)
    return (
        np.asarray(ids, np.int64),
        np.asarray(offsets, np.int64).reshape(len(offsets), 2),
        np.asarray(begins, bool),
        np.asarray(counts, np.int64),
    )
