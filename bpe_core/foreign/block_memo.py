"""A published tokenizer's encode of a long text put together from blocks of it, each block's tokens remembered:
after an edit only the blocks the edit touches are encoded again (a Compare pane over a long text), with the ids,
offsets and word starts of the library's encode of the whole text.

A tokenizer allows it where its text can be cut into units whose tokens never cross from one into the next: a
SentencePiece model's lines (:mod:`~bpe_core.foreign.sp_lines`), a Llama 2 ``tokenizer.json``'s words
(:mod:`~bpe_core.foreign.hf_words`). Units are grouped in blocks (:func:`marked_ends`): a block ends after a unit
whose hash is a multiple of ``every``, wherever it is, so an edit changes the blocks of the units it touches and every
other block stays as it was; and putting a text of 10,000 lines together takes a few hundred look-ups, not 10,000.

>>> marked_ends([], 4).tolist(), marked_ends(["ab\\n", "cd\\n", "e"], 1).tolist()
([], [3, 6, 7])
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

#: The memo forgets every block once it holds more characters than this (a token in 13 bytes, the blocks' text
#: besides: 4 M characters of Chinese, about 3 M tokens, in some 50 MB).
MEMO_CHARS = 4_000_000

#: What a tokenizer's library is asked for blocks of a text: ids, ``(n, 2)`` character offsets from each block's
#: start, whether each token begins a word, and each block's count of tokens.
Tokens = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]

#: How a family cuts a text into units: ``units(text, start, stop)`` are the units from ``start`` (where one begins)
#: through the first that ends at or past ``stop`` (``start < stop <= len(text)``; none at the text's end), as
#: cutting the whole text gives them. Units follow one another, none empty, and each is found by reading its own
#: characters and the one after it (the text's end where there is none).
Units = Callable[[str, int, int], list[str]]


def marked_ends(units: list[str], every: int) -> np.ndarray:
    """Where the blocks of a text cut into ``units`` end (character positions, the last at its end): after each
    unit whose hash is a multiple of ``every`` (a block holds about ``every`` units)."""
    if not units:
        return np.zeros(0, np.int64)
    ends = np.cumsum(np.fromiter(map(len, units), np.int64, len(units)))
    marks = np.fromiter(map(hash, units), np.int64, len(units)) % every == 0
    marks[-1] = True
    return ends[marks]


class BlockMemo:
    """The tokens of blocks of texts, by the block's text (and whether it began its text). ``units`` cuts a text
    into units (:data:`Units`), and a block ends after a unit whose hash is a multiple of ``every()`` (the family's
    setting, read at each text); ``ask(blocks, at_start)`` encodes blocks apart in the library, one call for a
    text's first block (``at_start``: as a text begins) and one for the others it has not met."""

    def __init__(self, units: Units, every: Callable[[], int], ask: Callable[[list[str], bool], Tokens]):
        self.units, self.every, self.ask = units, every, ask
        self.blocks: dict[tuple[str, bool], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self.chars = 0
        self._lock = threading.Lock()  # (the window's encoding thread and the main one may both encode)

    def encode(self, text: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Ids, ``(n, 2)`` character offsets and the indices of the tokens that begin a word (the first token
        always), as the library's encode of the whole ``text`` gives them."""
        ends = self.ends(text)
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
        ids = np.concatenate([part[0] for part in parts]).astype(np.int64, copy=False)
        offsets = np.concatenate([part[1] for part in parts]).astype(np.int64, copy=False)
        offsets += np.repeat(starts, counts)[:, None]
        begins = np.concatenate([part[2] for part in parts])
        if len(begins):
            begins[0] = True
        return ids, offsets, np.flatnonzero(begins)

    def ends(self, text: str) -> np.ndarray:
        """Where ``text``'s blocks end (:func:`marked_ends` of all its units)."""
        return marked_ends(self.units(text, 0, len(text)), self.every())

    def _learn(self, keys: list[tuple[str, bool]]) -> dict:
        """The tokens of the blocks ``keys`` (the text's first in a call of its own), each remembered unless it is
        longer than the memo (its offsets then past int32's)."""
        learned = {}
        for at_start in (True, False):
            wanted = [block for block, first in keys if first == at_start]
            if not wanted:
                continue
            ids, offsets, begins, counts = self.ask(wanted, at_start)
            if len(counts) != len(wanted):
                raise ValueError(f"{len(wanted)} blocks asked, {len(counts)} encoded")
            ends = np.cumsum(counts).tolist()
            for block, a, b in zip(wanted, [0, *ends[:-1]], ends):
                tokens = (ids[a:b], offsets[a:b], begins[a:b])
                learned[block, at_start] = tokens
                if len(block) <= MEMO_CHARS:  # (copies: a slice would keep the whole reply alive)
                    ids32 = tokens[0].astype(np.uint32)  # (both libraries' ids are unsigned 32-bit numbers)
                    self.blocks[block, at_start] = (ids32, tokens[1].astype(np.int32), tokens[2].copy())
                    self.chars += len(block)
        return learned
