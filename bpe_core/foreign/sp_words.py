"""A SentencePiece BPE model's ids of a long text, a word at a time: each word the text holds encoded once by the
library, the text's ids put together from its words' (counting a corpus's tokens for the board: Llama 2 encodes
English prose at about 1.3 MB/s whole, some 6x faster so).

Exact where the model allows it (:func:`by_words`): it encodes a text as its lines end to end
(:func:`~bpe_core.foreign.sp_lines.by_lines`: BPE, no normalization, no spaces stripped or squeezed, a line break a
piece of its own), turns spaces into ``▁`` (``escape_whitespaces``, the default), has ``▁`` as a piece, and none of
its pieces holds a ``▁`` after another character (``▁▁in`` may be a piece, ``in▁`` may not: what a model trained with
``split_by_whitespace``, the default, has). Then no piece, so no merge, crosses the place before a space that follows
another character, nor the place after a line break; the pairs on either side never compete, and a run of unknown
characters (one token, without byte fallback) never reaches across either, ``▁`` and the line break being pieces.
So BPE of the text is BPE of each of its words (:data:`WORD`: spaces, other characters, a line break) end to end. A
``▁`` the text holds is one to SentencePiece, so it counts as a space here.
The first word is encoded as a text is (the ``▁`` SentencePiece puts before a text is the text's), every other one
without that ``▁`` (:func:`~bpe_core.foreign.sp_lines.bare`).

>>> WORD.findall("A  tale\\n of\\n\\ntwo▁ cities")[:-1]
['A', '  tale\\n', ' of\\n', '\\n', 'two', '▁ cities']
"""

from __future__ import annotations

import itertools
import re

import numpy as np

from bpe_core.foreign.sp_lines import by_lines
from bpe_core.foreign.sp_proto import _field, message

#: A word: spaces (or ``▁``), then characters that are neither nor a line break, then a line break if one follows
#: (``findall`` ends with an empty match). Each starts where the text may be cut (the module's rule).
WORD = re.compile(r"[ ▁]*[^ ▁\n]*\n?")
#: A text shorter than this is encoded whole (one call: putting it together would save nothing).
WORDS_LEAST = 20_000
#: The memo forgets its words before a text once it holds more than this many words or ids (some 60 MB in all).
MEMO_WORDS = 1 << 19
MEMO_IDS = 1 << 22


def by_words(data: bytes, processor) -> bool:
    """Whether the model (``data`` serialized, ``processor`` loaded from it) encodes a text as its words end to end
    (see the module)."""
    if _field(message(data, 3), 5) == 0 or not by_lines(data, processor):  # spaces kept as spaces, or not by lines
        return False
    if processor.PieceToId("▁") == processor.unk_id():
        return False
    space_after = re.compile("[^▁]▁")
    return not any(space_after.search(processor.IdToPiece(i)) for i in range(processor.GetPieceSize()))


class WordMemo:
    """The ids of the words of the texts it encoded, in the library host: ``first`` encodes a text's first word (the
    model), ``rest`` the others (the model without the ``▁`` before a text); :meth:`encode` asks the library only
    for the words it has not met, in one call."""

    def __init__(self, first, rest):
        self.first, self.rest = first, rest
        self._forget()

    def _forget(self) -> None:
        self.index: dict[str, int] = {}  # a word -> its number k: its ids are ids[starts[k] : starts[k] + lengths[k]]
        self.starts = np.zeros(0, np.int64)
        self.lengths = np.zeros(0, np.int64)
        self.ids = np.zeros(1 << 16, np.int32)
        self.used = 0  # ids[:used] hold ids

    def encode(self, text: str) -> np.ndarray:
        """The ids of ``text`` (int64), as the library's encode of the whole text gives them."""
        words = WORD.findall(text)
        words.pop()  # (the empty match at the end)
        if not words:
            return np.zeros(0, np.int64)
        if len(self.index) > MEMO_WORDS or self.used > MEMO_IDS:  # (between texts, never within one)
            self._forget()
        head = np.asarray(self.first.EncodeAsIds(words[0]), np.int64)
        rest = words[1:]
        self._learn([word for word in dict.fromkeys(rest) if word not in self.index])
        numbers = np.fromiter(map(self.index.__getitem__, rest), np.int64, len(rest))
        lengths = self.lengths[numbers]
        ends = np.cumsum(lengths)
        # each id's place among the remembered ids: its word's start, plus its place in the word
        places = np.repeat(self.starts[numbers] - (ends - lengths), lengths) + np.arange(ends[-1] if len(ends) else 0)
        return np.concatenate((head, self.ids[places]))

    def _learn(self, words: list[str]) -> None:
        """The ids of ``words`` (none of them known yet) asked of the library in one call, and remembered."""
        if not words:
            return
        encoded = self.rest.EncodeAsIds(words)
        lengths = np.fromiter(map(len, encoded), np.int64, len(encoded))
        count = int(lengths.sum())
        if self.used + count > len(self.ids):  # (room doubled: a text's new words copy the ids once or twice)
            grown = np.zeros(max(2 * len(self.ids), self.used + count), np.int32)
            grown[: self.used] = self.ids[: self.used]
            self.ids = grown
        self.ids[self.used : self.used + count] = np.fromiter(itertools.chain.from_iterable(encoded), np.int32, count)
        base = len(self.index)
        self.index.update(zip(words, range(base, base + len(words))))
        self.starts = np.concatenate((self.starts, self.used + np.cumsum(lengths) - lengths))
        self.lengths = np.concatenate((self.lengths, lengths))
        self.used += count
