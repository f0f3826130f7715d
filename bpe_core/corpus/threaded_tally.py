"""A text's pre-tokens counted by the compiled tally (``bpe_core/_count.c``) on two cores: the compiled tally leaves
Python while it counts, so a helper thread counts the parts this thread hands it, into a tally of its own, while
this thread reads and splits the next ones (Python) and counts those the helper has no room for. The two tallies are
made one at the end. A gigabyte of C sources is read and counted in 6.4-6.5 s on one core (more than half of its
X-ray, ``bpe vocab --xray``) and in 3.3-3.4 s on two (``tests/bench/README.md``).

The counts are those of one tally counting every part; the order of the words (their first sight) is not the text's:
a consumer must not depend on it.

>>> from bpe_core.pretokenize import scanner
>>> tally = tally_parts(["the cat", " the hat"], scanner.PATTERNS["gpt2"]) if available() else None
>>> tally is None or sorted(tally.to_dict().items()) == [(b" cat", 1), (b" hat", 1), (b" the", 1), (b"the", 1)]
True
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Iterable

from bpe_core.pretokenize import scanner

try:  # built by pip where a C compiler is found
    from bpe_core import _count
except ImportError:  # pragma: no cover - the extension is optional
    _count = None

#: A part shorter than this is counted here: handing it over would cost about what counting it does.
HAND_OVER_CHARS = 1 << 16


def available() -> bool:
    """Whether the compiled tally and scanner were built."""
    return _count is not None and scanner.available()


def tally_parts(parts: Iterable[str], pattern: int, threads: int | None = None):
    """A compiled tally of the pre-tokens of every part of ``parts`` under the scanner ``pattern`` (a number of
    ``scanner.PATTERNS``), counted by this thread and, where ``threads`` (default: the cores this process may use)
    is more than one, a helper started at the first part of :data:`HAND_OVER_CHARS` or more. An error here (the
    parts' own, Ctrl-C) or the helper's (raised here at the next part) stops both: the helper drops what it has not
    begun and ends after the part it is counting (a few milliseconds for a piece of a text)."""
    assert _count is not None, "available() first"
    scanner._ready()  # the character classes, once per process
    tally, two = _count.Tally(), (threads or _cores()) > 1
    helper: _Helper | None = None
    try:
        for part in parts:
            if two and len(part) >= HAND_OVER_CHARS:
                helper = helper or _Helper(pattern)
                if helper.took(part):
                    continue
            tally.add(part, pattern)
    except BaseException:
        if helper is not None:
            helper.stop()
        raise
    if helper is None:
        return tally
    left = helper.stop()
    if left is not None:  # (taken, not begun: counted here)
        tally.add(left, pattern)
    helper.wait()
    return _joined(tally, helper.tally)


def _joined(one, other):
    """The two tallies as one: the smaller's export merged into the larger, the smaller emptied first (its table
    freed before the larger grows)."""
    small, large = sorted((one, other), key=lambda tally: tally.nbytes)
    export = small.export()
    small.clear()
    large.merge(*export)
    return large


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # (not Linux)
        return os.cpu_count() or 1


class _Helper:
    """A thread counting the parts it is handed into a tally of its own; one part waits for it at most."""

    def __init__(self, pattern: int):
        assert _count is not None
        self.pattern = pattern
        self.tally = _count.Tally()
        self.failure: BaseException | None = None
        self._parts: queue.Queue[str | None] = queue.Queue(maxsize=1)
        self._thread = threading.Thread(target=self._count, name="bpe-tally", daemon=True)
        self._thread.start()

    def took(self, part: str) -> bool:
        """Whether the helper took ``part`` (it had room for it); its failure, if it failed, raised here."""
        if self.failure is not None:
            raise self.failure
        try:
            self._parts.put_nowait(part)
        except queue.Full:
            return False
        return True

    def stop(self) -> str | None:
        """No more parts: the helper ends after the one it is counting. The part taken but not begun, if any, is
        given back (never waited for: Ctrl-C cannot leave the helper waiting for parts forever)."""
        try:
            left = self._parts.get_nowait()
        except queue.Empty:
            left = None
        self._parts.put_nowait(None)  # (room for it now: only this thread puts)
        return left

    def wait(self) -> None:
        """Wait for the helper to count what it began; its failure raised here."""
        self._thread.join()
        if self.failure is not None:
            raise self.failure

    def _count(self) -> None:
        while (part := self._parts.get()) is not None:
            try:
                self.tally.add(part, self.pattern)
            except BaseException as exc:  # (MemoryError: raised in the caller's thread at its next part)
                self.failure = exc
                return
