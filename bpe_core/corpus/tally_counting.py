"""Counting a UTF-8 corpus with a shipped pattern in compiled code, from bytes to the merge engine's counts.

The text path (:func:`~bpe_core.corpus.counting.count_pieces`) decodes and cuts the corpus in Python and adds each
piece's counts to a ``Counter`` of str. Here the parent reads and cuts bytes (:mod:`bpe_core.corpus.byte_pieces`);
each worker decodes its piece (``bytes.decode``, in C), splits out the special tokens and counts the pre-tokens in a
compiled :class:`Tally <bpe_core._count>` it keeps from one piece to the next; at the end (or when a tally holds
more than :data:`SPILL_BYTES`) the tally crosses the pipe as three byte strings and the parent merges them into its
own. The counts, keyed by UTF-8 bytes, are what the merge engine takes: no str is made per pre-token anywhere.
Where ``bpe_core._count`` was not built, the text path counts instead, with the same result.

>>> counts = count_byte_pieces(iter([b"the cat<|endoftext|>the hat"]), pattern="gpt2",
...                            special_tokens=("<|endoftext|>",), errors="strict", processes=1)
>>> sorted(counts.encoded.items()), counts.specials
([(b' cat', 1), (b' hat', 1), (b'the', 2)], 1)
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection

from bpe_core.cancelled import Cancelled
from bpe_core.corpus.counting import WordCounts, _picklable, _tools, _Workers, release_freed_memory
from bpe_core.pretokenize import scanner
from bpe_core.pretokenize.patterns import SHIPPED

try:  # built by pip where a C compiler is found; without it the text path counts
    from bpe_core import _count
except ImportError:  # pragma: no cover - the extension is optional
    _count = None

#: A worker whose tally holds more than this sends it to the parent and starts a new one, so that a corpus of
#: mostly distinct pre-tokens is not held twice over (once in each worker, once in the parent) until the end.
SPILL_BYTES = 64 << 20

#: Memory freed is handed back to the system (:func:`~bpe_core.corpus.counting.release_freed_memory`) once per this
#: many pieces, not after each: a piece's few large buffers (its bytes, its text) are then reused by the next instead
#: of being mapped again, page by page (a quarter of counting's time when done after every piece).
TRIM_EVERY = 16

#: A piece of UTF-8 bytes, the pattern, the special tokens, and how invalid bytes are read ("strict" or "replace").
ByteJob = tuple[bytes, str, tuple[str, ...], str]


def available(pattern: str) -> bool:
    """Whether ``pattern`` is counted here: a shipped pattern, with the compiled scanner and tally built."""
    return _count is not None and scanner.available() and pattern in SHIPPED


@dataclass
class Tallied:
    """A worker's counts as its tally exported them (``(bytes, ends, counts)``), and the special tokens it saw."""

    export: tuple[bytes, bytes, bytes]
    specials: int


class _Total:
    """The parent's tally, to which each worker's :class:`Tallied` is added."""

    def __init__(self):
        assert _count is not None, "available() first"
        self.tally = _count.Tally()
        self.specials = 0

    def add(self, other: Tallied) -> None:
        self.tally.merge(*other.export)
        self.specials += other.specials

    def counts(self) -> WordCounts:
        encoded = self.tally.to_dict()
        self.tally.clear()
        return WordCounts(specials=self.specials, encoded=encoded)


def count_byte_piece(job: ByteJob, tally) -> int:
    """Count the pre-tokens of one piece of UTF-8 bytes into ``tally``; the number of special tokens in it.
    Invalid bytes raise ``UnicodeDecodeError`` (``errors="strict"``) or count as U+FFFD (``"replace"``)."""
    data, pattern, special_tokens, errors = job
    text = data.decode("utf-8", errors)
    del data
    scanner._ready()  # the character classes, once per process
    number = scanner.PATTERNS[pattern]
    _, splitter = _tools(pattern, special_tokens)
    if splitter.regex is None:
        tally.add(text, number)
        return 0
    specials = 0
    for piece, is_special in splitter.split(text):
        if is_special:
            specials += 1
        else:
            tally.add(piece, number)
    return specials


def count_byte_pieces(
    pieces: Iterator[bytes],
    *,
    pattern: str,
    special_tokens: tuple[str, ...],
    errors: str,
    processes: int,
    stop: threading.Event | None = None,
) -> WordCounts:
    """Count all pieces, in ``processes`` worker processes when more than one (see the module's docstring).

    Setting ``stop`` (from any thread) raises :class:`Cancelled`; an error in a worker (``UnicodeDecodeError``: a
    piece that is not UTF-8) arrives here as itself. Either way the workers are terminated at once.
    """
    total = _Total()
    jobs = (((piece, pattern, special_tokens, errors),) for piece in pieces)
    if processes <= 1:
        for number, (job,) in enumerate(jobs, 1):
            if stop is not None and stop.is_set():
                raise Cancelled
            total.specials += count_byte_piece(job, total.tally)
            if number % TRIM_EVERY == 0:
                release_freed_memory()
        return total.counts()
    with _Workers(processes, serve=_serve) as workers:
        return workers.count(jobs, stop, total, trim_every=TRIM_EVERY).counts()


def _serve(pipe: Connection) -> None:
    """A worker's loop: receive a :data:`ByteJob` and count it into this worker's tally, answering ``(None, None)``
    (or ``(Tallied, None)`` when the tally grew past :data:`SPILL_BYTES`, starting a new one); receive ``None`` and
    answer ``(Tallied, None)``, starting a new tally. An error is answered ``(None, error)``."""
    assert _count is not None, "available() first"
    tally, specials, pieces = _count.Tally(), 0, 0
    while True:
        try:
            args: tuple[ByteJob] | None = pipe.recv()
        except (EOFError, OSError):
            return  # the parent has gone
        reply: tuple[Tallied | None, Exception | None] = (None, None)
        try:
            if args is not None:
                specials += count_byte_piece(args[0], tally)
                pieces += 1
                if pieces % TRIM_EVERY == 0:
                    release_freed_memory()
            if args is None or tally.nbytes > SPILL_BYTES:
                reply = (Tallied(tally.export(), specials), None)
                tally.clear()
                specials = 0
        except Exception as exc:  # noqa: BLE001  (handed to the parent, which raises it)
            reply = (None, _picklable(exc))
        try:
            pipe.send(reply)
        except OSError:
            return
