"""Counting pre-tokens: the first phase of training, in worker processes for large corpora.

Each piece of text (see :mod:`bpe_core.corpus`) is split at special tokens, and each stretch of ordinary text is
cut into pre-tokens by the pattern (or kept whole with ``pattern="none"``). The result is a count of every
distinct pre-token's UTF-8 bytes, identical whatever the number of processes.

>>> counts = count_piece(("the cat<|endoftext|>the hat", "gpt2", ("<|endoftext|>",)))
>>> sorted(counts.words.items()), counts.specials
([(' cat', 1), (' hat', 1), ('the', 2)], 1)
"""

from __future__ import annotations

import multiprocessing
import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import lru_cache

from bpe_core.fast_findall import fast_findall
from bpe_core.specials import SpecialSplitter


@dataclass
class WordCounts:
    """Distinct pre-tokens (as text) with their counts, and how many special tokens were seen."""

    words: Counter = field(default_factory=Counter)
    specials: int = 0

    def add(self, other: WordCounts) -> None:
        self.words.update(other.words)
        self.specials += other.specials


@lru_cache(maxsize=8)
def _tools(pattern: str, special_tokens: tuple[str, ...]):
    return fast_findall(pattern), SpecialSplitter(special_tokens)


def count_piece(job: tuple[str, str, tuple[str, ...]]) -> WordCounts:
    """Count the pre-tokens of one piece: ``job = (text, pattern, special_tokens)``. Top-level, so it pickles."""
    text, pattern, special_tokens = job
    findall, splitter = _tools(pattern, special_tokens)
    result = WordCounts()
    words = result.words
    for piece, is_special in splitter.split(text):
        if is_special:
            result.specials += 1
        elif findall is None:
            words[piece] += 1
        else:
            words.update(findall(piece))
    words.pop("", None)
    return result


class Cancelled(Exception):
    """Raised inside counting when the caller asked to stop."""


def count_pieces(
    pieces: Iterator[str],
    *,
    pattern: str,
    special_tokens: tuple[str, ...],
    processes: int,
    stop: threading.Event,
) -> WordCounts:
    """Count all pieces, in ``processes`` spawned workers when more than one; in order-independent sums.

    At most ``2 * processes`` pieces are in flight, so memory stays bounded however large the corpus.
    """
    total = WordCounts()
    if processes <= 1:
        for piece in pieces:
            if stop.is_set():
                raise Cancelled
            total.add(count_piece((piece, pattern, special_tokens)))
        return total
    context = multiprocessing.get_context("spawn")
    executor = ProcessPoolExecutor(max_workers=processes, mp_context=context)
    try:
        in_flight = set()
        exhausted = False
        while True:
            while not exhausted and len(in_flight) < 2 * processes:
                if stop.is_set():
                    raise Cancelled
                piece = next(pieces, None)
                if piece is None:
                    exhausted = True
                else:
                    in_flight.add(executor.submit(count_piece, (piece, pattern, special_tokens)))
            if not in_flight:
                return total
            done, in_flight = wait(in_flight, timeout=0.1, return_when=FIRST_COMPLETED)
            if stop.is_set():
                raise Cancelled
            for future in done:
                try:
                    total.add(future.result())
                except BrokenProcessPool:
                    raise RuntimeError(
                        "a pre-token counting worker process died. If you train from a script, put the call "
                        "under `if __name__ == '__main__':` (worker processes re-import the main module), "
                        "or train with processes=1."
                    ) from None
    finally:
        executor.shutdown(wait=True, cancel_futures=True)

