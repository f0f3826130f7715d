"""A published tokenizer's ids of a long text put together from its words' ids, each word the text holds asked of
the library once (in one call) and remembered between texts: where the tokenizer's pieces never cross the places a
word starts (a space after another character...), its ids of the text are its ids of each word end to end. Which
tokenizers allow it, and where their words start, is each family's own rule: SentencePiece models
(:mod:`~bpe_core.foreign.sp_words`) and Llama 2's ``tokenizer.json`` (:mod:`~bpe_core.foreign.hf_words`).

>>> import re
>>> memo = WordMemo(re.compile(r" *[^ ]*"), lambda text: [len(text)], lambda words: [[ord(w[-1])] for w in words])
>>> memo.encode("ab cd cd").tolist(), sorted(memo.index)
([2, 100, 100], [' cd'])
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence

import numpy as np

from bpe_core.foreign.library_host import int_array

#: A token that runs on past a word's start: a ``▁`` (a space) after another character. A tokenizer with none is one
#: whose ids of a text are its words' (each family's rule asks this of every token).
SPACE_AFTER = re.compile("[^▁]▁")
#: A word that also ends after a line break: spaces (or ``▁``), then characters that are none of those nor a line
#: break, then a line break if one follows (``findall`` ends with an empty match): the words of a tokenizer whose
#: line breaks end its tokens too (SentencePiece's, :mod:`~bpe_core.foreign.sp_words`; some ``tokenizer.json``,
#: :func:`~bpe_core.foreign.hf_words.word_pattern`).
WORD_OR_LINE = re.compile(r"[ ▁]*[^ ▁\n]*\n?")
#: A text shorter than this is encoded whole (one call: putting it together would save nothing).
WORDS_LEAST = 20_000
#: The memo forgets its words before a text once it holds more than this many words or ids (some 80 MB in all).
MEMO_WORDS = 1 << 19
MEMO_IDS = 1 << 22


class WordMemo:
    """The ids of the words of the texts it encoded (in the library host). ``word`` finds a text's words (its
    ``findall`` ends with an empty match); ``first`` encodes a text's first word as the library encodes a text,
    ``rest`` a list of the other words, each as it is encoded after another word (for SentencePiece, without the
    ``▁`` put before a text); :meth:`encode` asks ``rest`` only for the words it has not met, in one call."""

    def __init__(
        self,
        word: re.Pattern,
        first: Callable[[str], Sequence[int]],
        rest: Callable[[list[str]], Sequence[Sequence[int]]],
    ):
        self.word, self.first, self.rest = word, first, rest
        self._forget()

    def _forget(self) -> None:
        self.index: dict[str, int] = {}  # a word -> its number k: its ids are ids[starts[k] : starts[k] + lengths[k]]
        self.starts = np.zeros(0, np.int64)
        self.lengths = np.zeros(0, np.int64)
        self.ids = np.zeros(1 << 16, np.int64)
        self.used = 0  # ids[:used] hold ids

    def encode(self, text: str) -> np.ndarray:
        """The ids of ``text`` (int64), as the library's encode of the whole text gives them."""
        words = self.word.findall(text)
        words.pop()  # (the empty match at the end)
        if not words:
            return np.zeros(0, np.int64)
        if len(self.index) > MEMO_WORDS or self.used > MEMO_IDS:  # (between texts, never within one)
            self._forget()
        head = np.asarray(self.first(words[0]), np.int64)
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
        encoded = self.rest(words)
        lengths = np.fromiter(map(len, encoded), np.int64, len(encoded))
        count = int(lengths.sum())
        if self.used + count > len(self.ids):  # (room doubled: a text's new words copy the ids once or twice)
            grown = np.zeros(max(2 * len(self.ids), self.used + count), np.int64)
            grown[: self.used] = self.ids[: self.used]
            self.ids = grown
        self.ids[self.used : self.used + count] = np.fromiter(itertools.chain.from_iterable(encoded), np.int64, count)
        base = len(self.index)
        self.index.update(zip(words, range(base, base + len(words))))
        self.starts = np.concatenate((self.starts, self.used + np.cumsum(lengths) - lengths))
        self.lengths = np.concatenate((self.lengths, lengths))
        self.used += count


def ids_call(
    memo: Callable[[], WordMemo | None],
    whole: Callable[[str], Sequence[int]],
    goes_whole: Callable[[str], bool] = lambda text: False,
) -> Callable[[str], np.ndarray]:
    """A library host's ids call (int64 arrays): a text of :data:`WORDS_LEAST` characters or more by ``memo()``
    (made when first asked; None: the tokenizer's ids are not its words'), unless ``goes_whole(text)``; any other
    text by ``whole``, the library's encode.

    >>> ids = ids_call(lambda: None, lambda text: [len(text)])
    >>> ids("abc").tolist()
    [3]
    """

    def ids(text: str) -> np.ndarray:
        if len(text) >= WORDS_LEAST and (found := memo()) is not None and not goes_whole(text):
            return found.encode(text)
        encoded = whole(text)
        return int_array(encoded, len(encoded))

    return ids
