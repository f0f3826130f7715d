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

The lines are remembered in blocks of about :data:`BLOCK_LINES` (:func:`block_ends`), so that putting a text of 10,000
lines together takes a few hundred look-ups, not 10,000.

>>> lines_of("ab\\n\\ncd")
['ab\\n', '\\n', 'cd']
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

from bpe_core.foreign.sp_proto import _field, message

#: A text shorter than this is encoded whole (one call; its lines' memo would save nothing).
LINES_LEAST = 20_000
#: The memo forgets every block once it holds more characters than this (a token in 9 bytes: 4 M characters of
#: Chinese, about 3 M tokens, in some 30 MB).
MEMO_CHARS = 4_000_000
#: A block of lines ends after a line whose hash is a multiple of this (a block holds about this many lines),
#: wherever the line is: an edit changes the blocks of the lines it touches, and every other block stays as it was.
BLOCK_LINES = 32
#: ``NormalizerSpec.add_dummy_prefix = false`` as a ``ModelProto.normalizer_spec`` (field 3) of its own: a parser
#: merges it into the model's (protobuf merges a message field given twice), the rest of the model unchanged.
_NO_DUMMY_PREFIX = bytes([0x1A, 0x02, 0x18, 0x00])


def by_lines(data: bytes, processor) -> bool:
    """Whether the model (``data`` serialized, ``processor`` loaded from it) encodes a text as its lines end to end
    (see the module): BPE, no normalization, no spaces stripped or squeezed, a line break a piece of its own and the
    last character of any other piece that holds one."""
    normalizer, trainer = message(data, 3), message(data, 2)  # (every copy: a hand-edited model may add one)
    if _field(trainer, 3) != 2 or _field(trainer, 24):  # not BPE, or whitespace as a suffix
        return False
    if _field(normalizer, 2) or _field(normalizer, 4) != 0:
        return False  # a character map (nmt_nfkc...), or extra spaces removed (the default when not set)
    pieces = (processor.IdToPiece(i) for i in range(processor.GetPieceSize()) if not processor.IsByte(i))
    if any("\n" in piece[:-1] for piece in pieces):  # a piece past a line break (one ending in it does not cross)
        return False
    line_break = bare(data).EncodeAsIds("\n")
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


def block_ends(text: str) -> np.ndarray:
    """Where the blocks of ``text``'s lines end (character positions, the last at its end): after each line whose
    hash is a multiple of :data:`BLOCK_LINES`, wherever it is.

    >>> block_ends(""), block_ends("one line").tolist()
    (array([], dtype=int64), [8])
    """
    lines = lines_of(text)
    if not lines:
        return np.zeros(0, np.int64)
    ends = np.cumsum(np.fromiter(map(len, lines), np.int64, len(lines)))
    marks = np.fromiter(map(hash, lines), np.int64, len(lines)) % BLOCK_LINES == 0
    marks[-1] = True
    return ends[marks]


def encode_lines(first, rest, text: str, at_start: bool) -> tuple[np.ndarray, ...]:
    """In the library host: each line of ``text`` encoded apart (``first``'s processor for the first when
    ``at_start``, else ``rest``'s): ids, character offsets in ``text``, whether each token begins a word, and each
    line's count of tokens."""
    ids: list[int] = []
    offsets: list[tuple[int, int]] = []
    begins: list[bool] = []
    counts = []
    start = 0
    for k, line in enumerate(lines_of(text)):
        found = (first if at_start and k == 0 else rest).EncodeAsOffsetMapping(line)
        ids += found["ids"]
        offsets += ((a + start, b + start) for a, b in found["offsets"])
        begins += (piece.startswith("▁") for piece in found["pieces"])
        counts.append(len(found["ids"]))
        start += len(line)
    return (
        np.asarray(ids, np.int64),
        np.asarray(offsets, np.int64).reshape(len(offsets), 2),
        np.asarray(begins, bool),
        np.asarray(counts, np.int64),
    )


class LineMemo:
    """The tokens of blocks of lines (:func:`block_ends`) as :func:`encode_lines` gave them, by the block's text
    (and whether it began its text); a text's ids, offsets and first tokens of its words put together from them, the
    blocks not remembered asked of ``ask(text, at_start)``, one call for the text's first block and one for the
    others."""

    def __init__(self, ask: Callable[[str, bool], tuple[np.ndarray, ...]]):
        self.ask = ask
        self.blocks: dict[tuple[str, bool], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self.chars = 0
        self._lock = threading.Lock()  # (the window's encoding thread and the main one may both encode)

    def encode(self, text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Ids, ``(n, 2)`` character offsets and the indices of the tokens that begin a word (the first token
        always), as the library's encode of the whole ``text`` gives them."""
        ends = block_ends(text)
        if not len(ends):  # (no text)
            return np.zeros(0, np.int64), np.zeros((0, 2), np.int64), np.zeros(0, np.int64)
        starts = np.concatenate(([0], ends[:-1]))
        keys = [(text[a:b], k == 0) for k, (a, b) in enumerate(zip(starts.tolist(), ends.tolist()))]
        with self._lock:
            if self.chars > MEMO_CHARS:  # (forgotten between texts, never while one is put together)
                self.blocks.clear()
                self.chars = 0
            learned = self._learn([key for key in dict.fromkeys(keys) if key not in self.blocks])
            parts = [learned.get(key) or self.blocks[key] for key in keys]
        counts = np.fromiter((len(part[0]) for part in parts), np.int64, len(parts))
        ids = np.concatenate([part[0] for part in parts]).astype(np.int64)
        offsets = np.concatenate([part[1] for part in parts]).astype(np.int64) + np.repeat(starts, counts)[:, None]
        begins = np.concatenate([part[2] for part in parts])
        if len(begins):
            begins[0] = True
        return ids, offsets, np.flatnonzero(begins)

    def _learn(self, keys: list[tuple[str, bool]]) -> dict:
        """The tokens of the blocks ``keys`` (the text's first in a call of its own), offsets from each block's
        start, each remembered unless it is longer than the memo (its offsets then past int32's)."""
        learned = {}
        for at_start in (True, False):
            wanted = [block for block, first in keys if first == at_start]
            if not wanted:
                continue
            ids, offsets, begins, counts = self.ask("".join(wanted), at_start)
            lines = [block.count("\n") + (not block.endswith("\n")) for block in wanted]
            if len(counts) != sum(lines):
                raise ValueError(f"{sum(lines)} lines asked, {len(counts)} encoded")
            ends = np.cumsum(counts)[np.cumsum(lines) - 1]  # where each block's tokens end
            shifts = np.cumsum([0] + [len(block) for block in wanted])
            for block, a, b, shift in zip(wanted, [0, *ends[:-1].tolist()], ends.tolist(), shifts.tolist()):
                tokens = (ids[a:b], offsets[a:b] - shift, begins[a:b])
                learned[block, at_start] = tokens
                if len(block) <= MEMO_CHARS:
                    self.blocks[block, at_start] = (tokens[0].astype(np.int32), tokens[1].astype(np.int32), tokens[2])
                    self.chars += len(block)
        return learned
