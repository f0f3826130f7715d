"""A text's pre-tokens counted by the compiled tally (``bpe_core/_count.c``) on two cores: the compiled tally leaves
Python while it counts, so a helper thread counts the parts this thread hands it, into a tally of its own, while
this thread reads and splits the next ones (Python) and counts those the helper has no room for. The helper's tally
is merged into this thread's at the end. A gigabyte of C sources was counted in 5.0 s on one core (half of its
X-ray, ``bpe vocab --xray``); see ``tests/bench/README.md`` for two.

The counts are those of one tally counting every part; the order of the words (their first sight) is this thread's
parts' words, then the helper's new ones: a consumer must not depend on it.

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
    is more than one, a helper. An error in either (the parts' own, or Ctrl-C here) stops both and is raised here;
    the helper finishes the part it is counting (a few milliseconds for a piece of a text) in the background."""
    assert _count is not None, "available() first"
    scanner._ready()  # the character classes, once per process
    tally = _count.Tally()
    if (threads or _cores()) < 2:
        for part in parts:
            tally.add(part, pattern)
        return tally
    helper = _Helper(pattern)
    try:
        for part in parts:
            if len(part) < HAND_OVER_CHARS or not helper.took(part):
                tally.add(part, pattern)
    finally:
        helper.stop()
    helper.wait()
    tally.merge(*helper.tally.export())
    helper.tally.clear()
    return tally


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
        """Whether the helper took ``part`` (it had room for it)."""
        if self.failure is not None:
            return False  # (counted here; the failure is raised by wait)
        try:
            self._parts.put_nowait(part)
        except queue.Full:
            return False
        return True

    def stop(self) -> None:
        """No more parts: the helper ends after those it has."""
        self._parts.put(None)

    def wait(self) -> None:
        """Wait for the helper to count what it took; its failure raised here."""
        self._thread.join()
        if self.failure is not None:
            raise self.failure

    def _count(self) -> None:
        while (part := self._parts.get()) is not None:
            if self.failure is None:
                try:
                    self.tally.add(part, self.pattern)
                except BaseException as exc:  # (MemoryError: raised in the caller's thread by wait)
                    self.failure = exc
