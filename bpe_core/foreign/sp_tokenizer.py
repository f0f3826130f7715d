"""A SentencePiece ``.model`` encoded by the ``sentencepiece`` library itself (BPE and Unigram models: Llama 2,
Mistral v1-v3, Gemma, Baichuan...), with the model's own normalization and no BOS/EOS.

``▁`` stands for a space and a byte piece ``<0xE4>`` for its byte. A BPE model has no merge list, but its pieces
and scores define one: BPE takes the adjacent pair whose joined piece has the highest score, so a piece's merge is
the pair that BPE over the higher-scored pieces makes of its characters (:func:`sentencepiece_merges`).
"""

from __future__ import annotations

import functools

import numpy as np
import sentencepiece

from bpe_core.encoding.protocol import TokenRank
from bpe_core.file_errors import TokenizerFileError
from bpe_core.foreign import sp_lines, word_memo
from bpe_core.foreign.base import IDS_CALL, ForeignTokenizer
from bpe_core.foreign.block_memo import BlockMemo
from bpe_core.foreign.library_host import LibraryEncoder, int_array, pair_array
from bpe_core.foreign.sp_lines import LINES_LEAST, bare, by_lines, encode_lines, lines_from
from bpe_core.foreign.sp_proto import model_type
from bpe_core.foreign.sp_words import WORD, by_words
from bpe_core.foreign.span_arrays import distinct_sorted
from bpe_core.foreign.spans import byte_piece


class SentencePieceTokenizer(ForeignTokenizer):
    """``data`` is the serialized model; ``path`` names it in errors."""

    family = "sentencepiece"

    def __init__(self, path: str, data: bytes):
        try:
            kind = model_type(data)
            processor = sentencepiece.SentencePieceProcessor()
            processor.LoadFromSerializedProto(data)
        except (RuntimeError, ValueError, OSError) as exc:
            raise TokenizerFileError.of(path, "file.sentencepiece_unreadable", detail=exc) from None
        size = processor.GetPieceSize()
        specials = {processor.IdToPiece(i): i for i in range(size) if processor.IsControl(i)}
        super().__init__(path, kind, size, specials)
        self._processor = processor
        self._host = LibraryEncoder(path, __name__, "library_calls", (data,))
        self._host_calls = frozenset([IDS_CALL])
        self._data = data
        self._lines = BlockMemo(lines_from, lambda: sp_lines.BLOCK_LINES, self._ask_lines)  # (read at each text)

    @functools.cached_property
    def by_lines(self) -> bool:
        """Whether a long text's lines are encoded apart and remembered (:mod:`~bpe_core.foreign.sp_lines`); asked
        at the first long text (it reads every piece and loads the model again: 31 ms for 8,000 pieces)."""
        return by_lines(self._data, self._processor)

    def _ask_lines(self, blocks: list[str], at_start: bool):
        """The tokens of ``blocks`` of a text's lines, each line encoded apart in the library host."""
        return self._host.call(LINES_CALLS[at_start], blocks, sum(map(len, blocks)))

    def _encode_offsets(self, text: str):
        if len(text) >= LINES_LEAST and self.by_lines:
            ids, offsets, firsts = self._lines.encode(text)
        else:
            ids, offsets, firsts = self._host(text)
        return ids, lambda: offsets, lambda starts: distinct_sorted(starts[firsts])

    def _decode_text(self, ids: list[int], data: bytes) -> str:
        """As sentencepiece decodes them (``▁Hello`` is ``Hello``)."""
        return self._host.call("decode", ids)

    def _bytes_of(self, token_id: int) -> bytes:
        if token_id >= self.vocab_size:
            raise KeyError(token_id)
        piece = self._processor.IdToPiece(token_id)
        if self._processor.IsByte(token_id) and (byte := byte_piece(piece)) is not None:
            return byte
        return piece.replace("▁", " ").encode("utf-8")

    def score(self, token_id: int) -> float:
        """The piece's score (log probability for Unigram, minus the merge order for BPE)."""
        return self._processor.GetScore(token_id)

    def rank(self, token_id: int) -> TokenRank:
        """A special token, or the piece's score (what SentencePiece ranks pieces by)."""
        if token_id in self._special_ids:
            return TokenRank("special")
        self.token_bytes(token_id)  # an unknown id raises here
        return TokenRank("score", self.score(token_id))

    def _derive_merges(self) -> list[tuple[bytes, bytes]] | None:
        if self.model != "BPE":
            return None
        p = self._processor
        normal = [
            i for i in range(self.vocab_size) if not (p.IsControl(i) or p.IsUnknown(i) or p.IsByte(i) or p.IsUnused(i))
        ]
        scores = {p.IdToPiece(i): p.GetScore(i) for i in normal}
        return [(self._piece_bytes(a), self._piece_bytes(b)) for a, b in sentencepiece_merges(scores)]

    def _piece_bytes(self, piece: str) -> bytes:
        return piece.replace("▁", " ").encode("utf-8")


#: The host's calls that encode blocks of a text's lines, each line apart
#: (:func:`~bpe_core.foreign.sp_lines.encode_lines`), by whether the first of them begins the text.
LINES_CALLS = {True: "lines at start", False: "lines"}


def library_calls(data: bytes) -> dict:
    """In the library host (:mod:`bpe_core.foreign.library_host`): the serialized model ``data`` as its calls:
    ``encode`` (a text to its ids, character offsets and the indices of the tokens that begin a word: arrays),
    ``decode`` (ids to text: the leading space of ``▁`` dropped, byte pieces joined), as the library does them,
    :data:`LINES_CALLS` (blocks of a text's lines, each line apart, for a model whose lines are encoded so) and
    ``IDS_CALL`` (a text's ids alone, an array: a long text's a word at a time where the model allows it,
    :mod:`~bpe_core.foreign.sp_words`)."""
    processor = sentencepiece.SentencePieceProcessor()
    processor.LoadFromSerializedProto(data)
    rest = functools.cache(lambda: bare(data))  # loaded when first asked
    # decided at the first long text (it reads every piece: 0.1 s for Llama 2's 32,000)
    words = functools.cache(
        lambda: (
            word_memo.WordMemo(WORD, processor.EncodeAsIds, rest().EncodeAsIds)
            if by_words(data, processor, rest())
            else None
        )
    )

    def encode(text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        found = processor.EncodeAsOffsetMapping(text)
        ids = found["ids"]
        firsts = (i for i, piece in enumerate(found["pieces"]) if i == 0 or piece.startswith("▁"))
        return int_array(ids, len(ids)), pair_array(found["offsets"]), int_array(firsts)

    return {
        "encode": encode,
        "decode": processor.DecodeIds,
        IDS_CALL: word_memo.ids_call(words, processor.EncodeAsIds),
        LINES_CALLS[True]: lambda blocks: encode_lines(processor, rest(), blocks, True),
        LINES_CALLS[False]: lambda blocks: encode_lines(processor, rest(), blocks, False),
    }


def sentencepiece_merges(scores: dict[str, float]) -> list[tuple[str, str]]:
    """The merges (pairs of pieces) that SentencePiece BPE makes, best first, from its pieces and scores.

    A piece that BPE over the higher-scored pieces cannot build from two parts (a user symbol, a character)
    is made by no merge.

    >>> sentencepiece_merges({"a": 0.0, "b": 0.0, "c": 0.0, "bc": -1.0, "abc": -2.0, "ab": -3.0})
    [('b', 'c'), ('a', 'bc'), ('a', 'b')]
    """
    order = sorted((piece for piece in scores if len(piece) > 1), key=lambda piece: -scores[piece])
    merges = []
    for piece in order:
        parts = _bpe(piece, scores, scores[piece])
        if len(parts) == 2:
            merges.append((parts[0], parts[1]))
    return merges


def _bpe(piece: str, scores: dict[str, float], floor: float) -> list[str]:
    """SentencePiece BPE on ``piece``'s characters with the pieces scored above ``floor`` (leftmost on ties)."""
    parts = list(piece)
    while len(parts) > 2:
        best, where = floor, -1
        for i in range(len(parts) - 1):
            score = scores.get(parts[i] + parts[i + 1])
            if score is not None and score > best:
                best, where = score, i
        if where < 0:
            break
        parts[where : where + 2] = [parts[where] + parts[where + 1]]
    return parts
