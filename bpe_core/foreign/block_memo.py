"""A published tokenizer's encode of a long text put together from blocks of it, each block's tokens remembered:
after an edit only the blocks the edit touches are encoded again (a Compare pane over a long text), with the ids,
offsets and word starts of the library's encode of the whole text.

A tokenizer allows it where its text can be cut into units whose tokens never cross from one into the next: a
SentencePiece model's lines (:mod:`~bpe_core.foreign.sp_lines`), a Llama 2 ``tokenizer.json``'s words
(:mod:`~bpe_core.foreign.hf_words`). Units are grouped in blocks (:func:`marked_ends`): a block ends after a unit
whose hash is a multiple of ``every``, wherever it is, so an edit changes the blocks of the units it touches and every
other block stays as it was; and putting a text of 10,000 lines together takes a few hundred look-ups, not 10,000.

A unit is found by reading its own characters and the one after it, so an edit changes only the units near it: the
memo finds the block ends of a text from those of the text before it (:func:`ends_after_edit`), cutting units only
from the last block end before the edit to the first place after it where the old blocks go on (a few blocks, not
the whole text: at every key of a Compare pane).

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
#: characters and the one after it (the text's end where there is none): :func:`ends_after_edit` relies on it.
Units = Callable[[str, int, int], list[str]]


def marked_ends(units: list[str], every: int, start: int = 0, at_end: bool = True) -> np.ndarray:
    """Where the blocks of a text cut into ``units`` end (character positions, the last at its end): after each
    unit whose hash is a multiple of ``every`` (a block holds about ``every`` units), and after the last. Of units
    that begin at ``start`` rather than at the text's start, the last ends a block only if it ends the text
    (``at_end``).

    >>> marked_ends(["ab\\n", "cd\\n"], 10**9, start=5).tolist(), marked_ends(["ab\\n"], 10**9, 5, False).tolist()
    ([11], [])
    """
    if not units:
        return np.zeros(0, np.int64)
    ends = start + np.cumsum(np.fromiter(map(len, units), np.int64, len(units)))
    marks = np.fromiter(map(hash, units), np.int64, len(units)) % every == 0
    marks[-1] |= at_end
    return ends[marks]


def ends_after_edit(units: Units, every: int, old: str, old_ends: np.ndarray, text: str) -> np.ndarray:
    """The block ends of ``text`` (:func:`marked_ends` of all its ``units``) from those of ``old``, a text before an
    edit (``old_ends``, marked with the same ``every``; ``old`` not empty), units cut only near the edit.

    Why they are the whole text's: the old ends before the first changed character (``prefix``) stay, as every
    unit up to them was found by reading characters both texts share (its own and the one after it), and none is a
    text's last. From the last of them (``reached``, a unit's start in both texts) the new text's units are cut and
    marked, up to an old block end at a time, until ``reached`` is an old block end shifted by the edit's length
    within the texts' common end: from there the new text goes on with the old one's characters from that block end,
    and units cut from a unit's start depend only on the characters from there, so its units and blocks after it
    are the old ones, shifted. (That comes at the text's end at the latest: both texts' last block ends there.)

    >>> asked = []
    >>> def chars(text, start, stop):  # (a unit a character, each a block of its own with every=1)
    ...     asked.append((start, stop))
    ...     return list(text[start:stop])
    >>> ends_after_edit(chars, 1, "abcdef", np.arange(1, 7), "abcXdef").tolist(), asked
    ([1, 2, 3, 4, 5, 6, 7], [(2, 4)])
    """
    prefix, suffix = common_ends(old, text)
    shift = len(text) - len(old)
    kept = int(np.searchsorted(old_ends, prefix))  # (the old ends before the first changed character)
    reached = int(old_ends[kept - 1]) if kept else 0
    found: list[np.ndarray] = []
    while True:
        # the first old end that may follow reached in the new text, within the texts' common end
        tail = int(np.searchsorted(old_ends, max(reached, len(text) - suffix) - shift))
        if old_ends[tail] + shift == reached:
            return np.concatenate((old_ends[:kept], *found, old_ends[tail + 1 :] + shift))
        cut = units(text, reached, int(old_ends[tail]) + shift)
        start, reached = reached, reached + sum(map(len, cut))
        found.append(marked_ends(cut, every, start, reached == len(text)))


def common_ends(a: str, b: str) -> tuple[int, int]:
    """How many characters ``a`` and ``b`` begin with in common, and how many they then end with in common (not
    counting the first ones again).

    >>> common_ends("abXcd", "abcd"), common_ends("aaa", "aa"), common_ends("", "ab")
    ((2, 2), (2, 0), (0, 0))
    """
    most = min(len(a), len(b))
    prefix = _longest(most, lambda i, j: a[i:j] == b[i:j])
    suffix = _longest(most - prefix, lambda i, j: a[len(a) - j : len(a) - i] == b[len(b) - j : len(b) - i])
    return prefix, suffix


def _longest(most: int, same: Callable[[int, int], bool]) -> int:
    """The longest run of agreeing characters, up to ``most``, found by halves: ``same(i, j)`` says whether the
    ``i``-th to ``j``-th agree, the first ``i`` agreeing (slices compared as memory is, each character copied about
    once in all, not a Python loop over them)."""
    length = 0
    while length < most:
        half = (length + most + 1) // 2
        if same(length, half):
            length = half
        else:
            most = half - 1
    return length


class BlockMemo:
    """The tokens of blocks of texts, by the block's text (and whether it began its text). ``units`` cuts a text
    into units (:data:`Units`), and a block ends after a unit whose hash is a multiple of ``every()`` (the family's
    setting, read at each text); ``ask(blocks, at_start)`` encodes blocks apart in the library, one call for a
    text's first block (``at_start``: as a text begins) and one for the others it has not met."""

    def __init__(self, units: Units, every: Callable[[], int], ask: Callable[[list[str], bool], Tokens]):
        self.units, self.every, self.ask = units, every, ask
        self.blocks: dict[tuple[str, bool], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        self.chars = 0
        self._last = ("", np.zeros(0, np.int64), 0)  # the text cut last, its block ends and the every they were for
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
        """Where ``text``'s blocks end (:func:`marked_ends` of all its units): found near the edit from the text
        cut before it (:func:`ends_after_edit`), over the whole text where there is none or ``every()`` changed."""
        every = self.every()
        with self._lock:
            old, old_ends, old_every = self._last
            if len(old_ends) and every == old_every:
                ends = ends_after_edit(self.units, every, old, old_ends, text)
            else:
                ends = marked_ends(self.units(text, 0, len(text)), every)
            self._last = (text, ends, every)
        return ends

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
