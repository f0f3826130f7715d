"""Counting pre-tokens: the first phase of training, in worker processes for large corpora or custom regexes.

Each piece of text (see :mod:`bpe_core.corpus.reader`) is split at special tokens, and each stretch of ordinary text is
cut into pre-tokens by the pattern (or kept whole with ``pattern="none"``). The result is a count of every
distinct pre-token's UTF-8 bytes, identical whatever the number of processes, and how many characters the
pattern left out (a custom regex drops the text it does not match).

>>> counts = count_piece(("the cat<|endoftext|>the hat", "gpt2", ("<|endoftext|>",)))
>>> sorted(counts.words.items()), counts.specials
([(' cat', 1), (' hat', 1), ('the', 2)], 1)
>>> count_piece(("to be, or not", r"\\w+", ())).unmatched_chars
4
"""

from __future__ import annotations

import ctypes
import pickle
import threading
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from multiprocessing.connection import Connection, Pipe, wait
from multiprocessing.process import BaseProcess
from typing import Any, Protocol, Self, TypeVar, cast

from bpe_core import spawning
from bpe_core.cancelled import Cancelled
from bpe_core.pretokenize.patterns import shipped_name
from bpe_core.pretokenize.pretokens import pretokenizer
from bpe_core.pretokenize.specials import SpecialSplitter

Job = tuple[str, str, tuple[str, ...]]


class _Total(Protocol):
    def add(self, other: Any, /) -> None: ...


T = TypeVar("T", bound=_Total)


@dataclass
class WordCounts:
    """Distinct pre-tokens (as text) with their counts, how many special tokens were seen, and how many
    characters of ordinary text no match of the pattern covered (always 0 for the shipped patterns)."""

    words: Counter = field(default_factory=Counter)
    specials: int = 0
    unmatched_chars: int = 0
    #: The counts keyed by each pre-token's UTF-8 bytes instead, as the compiled count gives them
    #: (:mod:`bpe_core.corpus.tally_counting`: no str is made per pre-token); ``words`` is then empty.
    encoded: dict[bytes, int] | None = None

    def add(self, other: WordCounts) -> None:
        self.words.update(other.words)
        self.specials += other.specials
        self.unmatched_chars += other.unmatched_chars

    def distinct(self) -> int:
        """How many distinct pre-tokens were counted.

        >>> WordCounts(Counter(ab=2)).distinct(), WordCounts(encoded={b"ab": 2, b"c": 1}).distinct()
        (1, 2)
        """
        return len(self.words) if self.encoded is None else len(self.encoded)


@lru_cache(maxsize=8)
def _tools(pattern: str, special_tokens: tuple[str, ...]):
    return pretokenizer(pattern), SpecialSplitter(special_tokens)


def count_piece(job: Job, where: str = "the text", offset: int = 0, into: WordCounts | None = None) -> WordCounts:
    """Count the pre-tokens of one piece: ``job = (text, pattern, special_tokens)``, adding them to ``into`` (a
    new :class:`WordCounts` if ``None``), which is returned.

    ``where`` and ``offset`` (of the piece in it) are for the message of a
    :class:`~bpe_core.pretokenize.patterns.PatternTimeoutError`.
    """
    text, pattern, special_tokens = job
    pre, splitter = _tools(pattern, special_tokens)
    result = WordCounts() if into is None else into
    words = result.words
    if pre is not None and pre.fast is not None:
        ordinary = []
        for piece, is_special in splitter.split(text):
            if is_special:
                result.specials += 1
            else:
                ordinary.append(piece)
        pre.fast.count(ordinary, words)
        words.pop("", None)
        return result
    start = offset
    for piece, is_special in splitter.split(text):
        if is_special:
            result.specials += 1
        elif pre is None:
            words[piece] += 1
        else:
            found = pre.findall(piece, where=where, offset=start)
            words.update(found)
            if not pre.covers_all:
                result.unmatched_chars += len(piece) - sum(map(len, found))
        start += len(piece)
    words.pop("", None)
    return result


@lru_cache(maxsize=1)
def _malloc_trim():
    """glibc's ``malloc_trim``, or ``None`` elsewhere (macOS, Windows, musl)."""
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None


def release_freed_memory() -> None:
    """Hand the memory freed by the last piece back to the system, where the C library can (glibc).

    Pieces of a few megabytes each, of varying sizes, freed one after another, leave glibc's heap fragmented: counting
    1 GB held 450 MB per worker process, 50 MB with this after each piece (it takes about a millisecond).
    """
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def count_pieces(
    pieces: Iterator[str],
    *,
    pattern: str,
    special_tokens: tuple[str, ...],
    processes: int,
    stop: threading.Event | None = None,
    name: str = "the corpus",
) -> WordCounts:
    """Count all pieces, in ``processes`` worker processes when more than one; in order-independent sums.

    Setting ``stop`` (from any thread) raises :class:`Cancelled`; an error in a worker arrives here as itself.
    Either way the workers are terminated at once, even in the middle of a match. With a custom regex and a
    ``stop`` event, counting always runs in at least one worker process, so that ``stop`` works even while a
    slow regex is matching (starting one costs 0.03 s, or 0.2 s where it is a fresh interpreter). Without
    ``stop``, ``processes=1`` counts in this process, and can then only be interrupted by the regex's time budget
    (or Ctrl-C in the main thread).
    ``name`` names the corpus in a :class:`~bpe_core.pretokenize.patterns.PatternTimeoutError`, whose offset counts
    characters from the first piece.
    """
    jobs = _jobs(pieces, pattern, special_tokens, name)
    slow_regex_possible = pattern != "none" and shipped_name(pattern) is None
    if processes <= 1 and not (stop is not None and slow_regex_possible):
        total = WordCounts()
        for args in jobs:
            if stop is not None and stop.is_set():
                raise Cancelled
            count_piece(*args, into=total)
            release_freed_memory()
        return total
    with _Workers(max(processes, 1)) as workers:
        return workers.count(jobs, stop, WordCounts())


def _jobs(
    pieces: Iterable[str], pattern: str, special_tokens: tuple[str, ...], name: str
) -> Iterator[tuple[Job, str, int]]:
    """``count_piece`` arguments for each piece: the job, the corpus name and the piece's character offset."""
    offset = 0
    for piece in pieces:
        yield (piece, pattern, special_tokens), name, offset
        offset += len(piece)


class _Workers:
    """Worker processes (:mod:`bpe_core.spawning`), each counting one piece at a time sent over its own pipe.

    Leaving the ``with`` block terminates them at once (finished or not): cancelling, an error or Ctrl-C never
    waits for a running match. Workers ignore SIGINT, so Ctrl-C in a terminal reaches only the parent.
    """

    def __init__(self, count: int, serve: Callable[[Connection], None] | None = None):
        self.processes: list[BaseProcess] = []
        self.pipes: list[Connection] = []
        try:
            for _ in range(count):
                ours, theirs = Pipe()
                process = spawning.start(serve or _serve, (theirs,), daemon=True, name="bpe-counting")
                theirs.close()
                self.processes.append(process)
                self.pipes.append(ours)
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def close(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.join()
            process.close()
        for pipe in self.pipes:
            pipe.close()

    def count(self, jobs: Iterator[tuple], stop: threading.Event | None, total: T, trim_every: int = 1) -> T:
        """Hand out ``jobs`` one at a time to whichever worker is free, then collect their totals and add them to
        ``total`` (anything with an ``add``), which is returned. Freed memory is handed back to the system after
        every ``trim_every`` jobs sent.

        Each worker keeps its own total and answers a job with a bare acknowledgement (or, when its total has grown
        large, with that total, which it then starts again), so counts cross a pipe once per worker, not once per
        piece. The next job is read while the workers count.
        """
        idle = list(self.pipes)
        busy: list[Connection] = []
        upcoming = next(jobs, None)
        sent = 0
        while upcoming is not None or busy:
            while idle and upcoming is not None:
                if stop is not None and stop.is_set():
                    raise Cancelled
                pipe = idle.pop()
                self._send(pipe, upcoming)
                busy.append(pipe)
                upcoming = next(jobs, None)
                sent += 1
                if sent % trim_every == 0:
                    release_freed_memory()  # the piece sent, and what reading it freed
            ready = cast("list[Connection]", wait(busy, timeout=0.1))  # some of the pipes it was given
            if stop is not None and stop.is_set():
                raise Cancelled  # before reading: a signal that set it may also have ended the workers
            for pipe in ready:
                if (spilled := self._receive(pipe, stop)) is not None:
                    total.add(spilled)
                busy.remove(pipe)
                idle.append(pipe)
        for pipe in self.pipes:
            self._send(pipe, None)  # "your total, please"
        for pipe in self.pipes:
            counted = self._receive(pipe, stop)
            assert counted is not None, "a worker answers None with its total"
            total.add(counted)
        return total

    @staticmethod
    def _send(pipe: Connection, job: tuple | None) -> None:
        try:
            pipe.send(job)
        except OSError:
            raise _worker_died() from None

    @staticmethod
    def _receive(pipe: Connection, stop: threading.Event | None) -> Any:
        """A worker's answer: its total, or ``None`` for a job done; its error raised here. A worker that died
        after ``stop`` was set died of the same signal: that is a cancel."""
        try:
            result, error = pipe.recv()
        except (EOFError, OSError):
            if stop is not None and stop.is_set():
                raise Cancelled from None
            raise _worker_died() from None
        if error is not None:
            raise error
        return result


def _worker_died() -> RuntimeError:
    return RuntimeError(
        "a pre-token counting worker process died (out of memory, or killed?); try again with fewer processes, or "
        "processes=1 to count in this process"
    )


def _serve(pipe: Connection) -> None:
    """A worker's loop: receive ``count_piece`` arguments and add the piece to this worker's total, answering
    ``(None, None)``; receive ``None`` and answer ``(total, None)``, starting a new total. An error is answered
    ``(None, error)``."""
    total = WordCounts()
    while True:
        try:
            args: tuple[Job, str, int] | None = pipe.recv()  # count_piece's arguments (see _jobs)
        except (EOFError, OSError):
            return  # the parent has gone
        reply: tuple[WordCounts | None, Exception | None]
        try:
            if args is None:
                reply, total = (total, None), WordCounts()
            else:
                count_piece(*args, into=total)
                release_freed_memory()
                reply = (None, None)
        except Exception as exc:  # noqa: BLE001  (handed to the parent, which raises it)
            reply = (None, _picklable(exc))
        try:
            pipe.send(reply)
        except OSError:
            return


def _picklable(exc: Exception) -> Exception:
    """``exc`` with the worker's traceback as a note, or a RuntimeError saying the same if it does not pickle."""
    exc.add_note("in a pre-token counting worker process:\n" + traceback.format_exc().rstrip())
    try:
        pickle.dumps(exc)
    except Exception:  # noqa: BLE001
        return RuntimeError(f"{type(exc).__name__}: {exc}")
    return exc
