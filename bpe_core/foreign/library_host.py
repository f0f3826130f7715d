"""Published tokenizers' libraries encode in a process of their own, where a runaway call can be stopped.

``tokenizers``, ``sentencepiece`` and ``tiktoken`` run what a tokenizer file says -- its regexes, its normalizers,
its rank table -- in Rust or C++, holding the interpreter while they work. A hostile or broken file can make them
panic (``(a+)+$`` exceeds Oniguruma's retry limit; a rank table without every byte), work for minutes (``a+b`` on a
long run of ``a``) or allocate gigabytes (a normalizer that replaces ``a`` by a thousand ``b``). In this program's
own process that would be a traceback, a frozen window or a dead program. So every encode runs in one *host*
process shared by all foreign tokenizers, within a time budget (:func:`bpe_core.pretokenize.pretokens.time_budget` of
the text, as for our own regexes) and a memory budget (:func:`memory_budget`, enforced with ``RLIMIT_AS`` where the
system has it). Past either budget the host is stopped, the caller gets a :class:`LibraryError` saying what
happened, and the next call starts a new host; a library's panic or error comes back as a :class:`LibraryError`
too. The host builds each tokenizer from a recipe (a module-level function and plain arguments: the file's text,
the model's bytes, a rank table) that returns its calls by name (``encode``, ``decode``), so nothing but data
crosses the pipe, and it is rebuilt after a restart. A call that gives a number a token sends arrays
(:func:`int_array`, :func:`pair_array`): pickled as one buffer each, where a list is pickled and unpickled an int
object at a time (a million tokens' ids, offsets and words: about 0.3 s in the host and 0.2-0.4 s here).

>>> library = LibraryEncoder("t", __name__, "_echo_calls", ())
>>> library("hé"), library.call("decode", [104, 105])
((2, 'hé'), 'hi')
>>> close_host()
"""

from __future__ import annotations

import atexit
import importlib
import itertools
import os
import signal
import sys
import threading
import weakref
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

import numpy as np

from bpe_core import spawning
from bpe_core.messages import Message
from bpe_core.pretokenize.pretokens import time_budget

#: Memory a call may take beyond what the host held before it: a base plus a multiple of the text's size (the
#: libraries keep tokens, offsets and words for every character; 200 bytes each is far more than any real model).
MEMORY_BASE = 1 << 30
MEMORY_PER_CHAR = 200
#: Seconds the host may take to build a tokenizer from its recipe (a 35 MB tokenizer.json takes about 2 s).
BUILD_SECONDS = 120.0


def library_seconds(chars: int) -> float:
    """How long a library may take on ``chars`` characters: our regexes' budget, or ``BPE_LIBRARY_SECONDS`` when
    that is longer (a slow or busy machine).

    >>> library_seconds(0) >= 5.0
    True
    """
    return max(time_budget(chars), float(os.environ.get("BPE_LIBRARY_SECONDS") or 0))


def memory_budget(chars: int) -> int:
    """Bytes an encode of ``chars`` characters may allocate in the host.

    >>> memory_budget(0) == MEMORY_BASE, memory_budget(1_000_000) // 1_000_000 - MEMORY_BASE // 1_000_000
    (True, 200)
    """
    return MEMORY_BASE + chars * MEMORY_PER_CHAR


@dataclass(eq=False)
class LibraryError(ValueError):
    """A library call that failed, ran out of its time or memory budget, or panicked.

    ``reason`` is ``"panic"`` (the library's own failure; ``detail`` is its message), ``"time"`` (``limit`` is
    the budget in seconds), ``"memory"`` (``limit`` in bytes) or ``"crash"`` (the host died: ``detail`` says how).
    A panic the adapter explains becomes ``"no_token"`` (``detail`` shows the character no token stands for, ``at``
    its offset in the text) or ``"runaway_regex"`` (``detail`` is the file's regex that ran away, quoted, and
    ``step`` the step holding it: ``"pre_tokenizer"``, ``"normalizer"``, or ``""`` when one of several regexes
    listed in ``detail`` did).

    >>> print(LibraryError("qwen.json", "time", limit=5.0, chars=300_000))  # doctest: +NORMALIZE_WHITESPACE
    qwen.json: the tokenizer's library took more than 5.0 s on 300,000 characters and was stopped (a regex or
    normalizer in the file that never ends)
    """

    name: str
    reason: str
    detail: str = ""
    limit: float = 0.0
    chars: int = 0
    at: int = 0
    step: str = ""

    def __post_init__(self):
        super().__init__(str(self))

    @property
    def message(self) -> Message:
        """What happened, as a :class:`~bpe_core.messages.Message` (the error's text is its English)."""
        if self.reason == "time":
            return Message.of("library.time", path=self.name, seconds=f"{self.limit:.1f}", chars=f"{self.chars:,}")
        if self.reason == "memory":
            return Message.of("library.memory", path=self.name, gb=f"{self.limit / 1e9:.1f}", chars=f"{self.chars:,}")
        if self.reason == "no_token":
            return Message.of("library.no_token", path=self.name, char=self.detail, offset=f"{self.at:,}")
        if self.reason == "runaway_regex":
            code = f"library.runaway_{self.step}" if self.step else "library.runaway_regexes"
            return Message.of(code, path=self.name, pattern=self.detail)
        code = "library.crash" if self.reason == "crash" else "library.failed"
        return Message.of(code, path=self.name, detail=self.detail)

    def __str__(self) -> str:
        return str(self.message)

    def __reduce__(self):  # an exception dataclass pickles by its fields
        return LibraryError, (self.name, self.reason, self.detail, self.limit, self.chars, self.at, self.step)


class LibraryEncoder:
    """The caller's handle on one tokenizer in the host: ``encoder(text)`` returns what
    ``module.function(*args)["encode"](text)`` returns there, ``encoder.call(name, argument)`` what its call
    ``name`` returns. ``name`` names the tokenizer in errors."""

    _keys = itertools.count()

    def __init__(self, name: str, module: str, function: str, args: tuple):
        self.name = name
        self.key = next(self._keys)
        self.recipe = (module, function, args)
        weakref.finalize(self, _host.forget, self.key)

    def __call__(self, text: str):
        return _host.call(self, "encode", text, len(text))

    def call(self, name: str, argument, chars: int | None = None):
        """The tokenizer's call ``name`` on ``argument``, budgeted as a text of ``chars`` characters (by default
        ``len(argument)``: a text's)."""
        return _host.call(self, name, argument, len(argument) if chars is None else chars)


class _Host:
    """The host process and the pipe to it; one call at a time (a lock), started on first use."""

    def __init__(self):
        self.lock = threading.Lock()
        self.process: BaseProcess | None = None
        self.conn: Connection | None = None
        self.built: set[int] = set()
        self.forgotten: set[int] = set()  # handles gone while a call held the lock: dropped at the next call
        self.closing = False  # close() is killing the host: a call's end is not a crash of the library

    def call(self, encoder: LibraryEncoder, name: str, argument, size: int):
        with self.lock:
            conn = self._start()
            for key in self.forgotten & self.built:
                conn.send(("forget", key))
                self.built.discard(key)
            self.forgotten.clear()
            if encoder.key not in self.built:
                self._ask(encoder, ("build", encoder.key, encoder.recipe), BUILD_SECONDS, size)
                self.built.add(encoder.key)
            message = ("call", encoder.key, name, argument, memory_budget(size))
            return self._ask(encoder, message, library_seconds(size), size)

    def _ask(self, encoder: LibraryEncoder, message: tuple, seconds: float, chars: int):
        assert self.conn is not None, "call() started the host"
        try:
            self.conn.send(message)
            answered = self.conn.poll(seconds)
            reply = self.conn.recv() if answered else None
        except (EOFError, OSError):  # the host died: out of memory (the limit), or killed
            code = self._stop()
            if self.closing:
                raise LibraryError(encoder.name, "crash", detail="stopped: the program is closing") from None
            if code in (-signal.SIGABRT, -signal.SIGSEGV, -signal.SIGKILL) and message[0] == "call":
                raise LibraryError(encoder.name, "memory", limit=message[-1], chars=chars) from None
            raise LibraryError(encoder.name, "crash", detail=f"exit code {code}") from None
        except BaseException:  # interrupted (Ctrl-C): the host's answer would be read as the next call's
            self._stop()
            raise
        if reply is None:
            self._stop()
            raise LibraryError(encoder.name, "time", limit=seconds, chars=chars)
        ok, value = reply
        if ok:
            return value
        if isinstance(value, LibraryError):
            raise LibraryError(encoder.name, value.reason, value.detail, value.limit, chars)
        raise LibraryError(encoder.name, "panic", detail=value)

    def _start(self) -> Connection:
        """The pipe to the host, started if it is not running."""
        if self.process is not None and self.process.is_alive():
            assert self.conn is not None, "the pipe lives as long as the process"
            return self.conn
        self._stop()
        self.conn, theirs = Pipe()
        self.process = spawning.start(_serve, (theirs,), name="bpe-library-host", daemon=True)
        theirs.close()
        return self.conn

    def _stop(self) -> int | None:
        """Kill the host (if any); its exit code. Every tokenizer is built again in the next host."""
        process, self.process, self.built = self.process, None, set()
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        if process is None:
            return None
        if process.is_alive():
            process.kill()
        process.join(5)
        return process.exitcode

    def forget(self, key: int) -> None:
        """A handle went away: the host drops its tokenizer, now or, if a call is under way, at the next call
        (never waits: called from a finalizer)."""
        if not self.lock.acquire(blocking=False):
            self.forgotten.add(key)
            return
        try:
            if key in self.built and self.conn is not None:
                self.built.discard(key)
                self.conn.send(("forget", key))
        except OSError:
            pass
        finally:
            self.lock.release()

    def close(self) -> None:
        """End the host now, even during a call (which then fails as a crash): closing never waits for a
        library."""
        process, self.closing = self.process, True
        try:
            if process is not None and process.is_alive():
                process.kill()
            with self.lock:
                self._stop()
        finally:
            self.closing = False


_host = _Host()
atexit.register(_host.close)


def close_host() -> None:
    """End the host process (the next encode starts another): for a program shutting down, or a test's end."""
    _host.close()


def host_running() -> bool:
    """Whether a host process is alive now."""
    return _host.process is not None and _host.process.is_alive()


# ----- in the host -------------------------------------------------------------------------------------------------


def _serve(conn) -> None:
    """The host's loop: build tokenizers, forget them, encode with them until the pipe closes."""
    # A Rust panic prints its message (and a backtrace) to stderr before it is raised as an exception: the error
    # sent back says it; the terminal should not.
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    encoders: dict[int, dict] = {}
    reply: tuple[bool, object]
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message[0] == "forget":
            encoders.pop(message[1], None)
            continue
        try:
            if message[0] == "build":
                module, function, args = message[2]
                encoders[message[1]] = getattr(importlib.import_module(module), function)(*args)
                reply = (True, None)
            else:
                _, key, name, argument, memory = message
                with _memory_limit(memory):
                    reply = (True, encoders[key][name](argument))
        except MemoryError:
            limit = message[-1] if message[0] == "call" else 0
            reply = (False, LibraryError("", "memory", limit=limit))
        except BaseException as exc:  # noqa: BLE001 - a Rust panic (pyo3's PanicException) is a BaseException
            reply = (False, f"{type(exc).__name__}: {' '.join(str(exc).split())[:500]}")
        conn.send(reply)


class _memory_limit:
    """Lower the soft address-space limit to what the process holds now plus ``extra`` bytes, for a block
    (Linux; elsewhere only the time budget applies)."""

    def __init__(self, extra: int):
        self.extra = extra

    def __enter__(self):
        self.saved = None
        if sys.platform.startswith("linux"):
            import resource

            with open("/proc/self/statm") as f:
                held = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            self.saved = resource.getrlimit(resource.RLIMIT_AS)
            hard = self.saved[1]
            soft = held + self.extra if hard == resource.RLIM_INFINITY else min(held + self.extra, hard)
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        return self

    def __exit__(self, *exc):
        if self.saved is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, self.saved)


def int_array(values: Iterable[int], count: int = -1) -> np.ndarray:
    """``values`` as an int64 array (``count`` of them, when known), for a call's reply.

    >>> int_array(iter([3, 1, 2])).tolist(), int_array([], 0).dtype
    ([3, 1, 2], dtype('int64'))
    """
    return np.fromiter(values, np.int64, count)


def pair_array(pairs: Sequence[tuple[int, int]]) -> np.ndarray:
    """``pairs`` (such as each token's character offsets) as an ``(n, 2)`` int64 array, for a call's reply.

    >>> pair_array([(0, 1), (1, 3)]).tolist(), pair_array([]).shape
    ([[0, 1], [1, 3]], (0, 2))
    """
    return int_array(itertools.chain.from_iterable(pairs), 2 * len(pairs)).reshape(len(pairs), 2)


def _echo_calls():
    """A recipe for the doctest: ``encode`` gives the text's length and the text, ``decode`` the characters."""
    return {"encode": lambda text: (len(text), text), "decode": lambda ids: "".join(map(chr, ids))}
