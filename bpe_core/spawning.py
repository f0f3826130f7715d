"""Starting the engine's processes (training, counting workers, the library host, encoding pools, downloads) quickly.

- **Forked from a server that has imported the engine** on Linux (multiprocessing's ``forkserver``, Python 3.14's
  default there): a training run's process is ready in about 30 ms, where a fresh interpreter importing numpy and
  the trainer takes 250. The server lives as long as the program. The window starts it (:func:`warm_up`) with the
  training process and the encoding pool imported; a program that starts no window starts it with its first
  process, and the server imports that process's module only (a script's counting workers need not wait for
  numpy and the trainer). Elsewhere (macOS, Windows) every process is a fresh interpreter (``spawn``), as Python
  does there; so are the processes one of ours starts (a training run's counting workers): a server of its own
  would cost more than it saves, and a process forked from the server cannot use it (CPython starts a new one).
- **The parent's environment as it is now**: a forked process would otherwise see the server's, frozen when the
  server started (a ``BPE_REGEX_SECONDS`` or ``HF_ENDPOINT`` set since would be lost).
- **Ctrl-C is the parent's**: the process ignores SIGINT from its first instruction; the program that started it
  decides what an interruption stops.
- **The parent's main script is not run again**: ``multiprocessing`` runs it in every child (as ``__mp_main__``)
  for the sake of functions defined there. Ours only run functions of :mod:`bpe_core`, so it buys nothing and
  costs its imports: Qt and the whole window for the app, numpy for a script that calls ``train_bpe``, and a
  script without an ``if __name__ == "__main__":`` guard would even start training again. While
  :func:`main_module_hidden` is active, a process being started sees no main module to run.

>>> import os
>>> process = start(os.getenv, ("HOME",), name="example")
>>> process.join(); process.exitcode
0
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import types
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # ForkServerContext is not defined on Windows
    from multiprocessing.context import ForkServerContext, SpawnContext

#: What the server started by :func:`warm_up` imports once, so that a forked process has it already (the library
#: host's libraries are not among them: they are imported only where a published tokenizer is used).
PRELOADED = ["bpe_core.training.process", "bpe_core.encoding.parallel_encode"]

_lock = threading.Lock()
_in_a_process_of_ours = False  # set in the processes started here


def context() -> SpawnContext | ForkServerContext:
    """The start method of the engine's processes: ``forkserver`` on Linux, ``spawn`` elsewhere (and in them)."""
    if _in_a_process_of_ours or not sys.platform.startswith("linux"):
        return multiprocessing.get_context("spawn")
    return multiprocessing.get_context("forkserver")


def warm_up() -> None:
    """Start the server now, if processes are forked from one, so the first run does not wait for its imports
    (they happen in the server, not here: this returns in milliseconds)."""
    method = context()
    if method.get_start_method() == "forkserver":
        method.set_forkserver_preload(PRELOADED)
        _server_running(method)


def start(target: Callable, args: Sequence = (), *, name: str, daemon: bool = False) -> BaseProcess:
    """``target(*args)`` running in a new process of the engine's (see the module's notes), started."""
    method = _preloading(target)
    _server_running(method)
    process = method.Process(target=_run, args=(dict(os.environ), target, tuple(args)), name=name, daemon=daemon)
    spawned = method.get_start_method() == "spawn"
    with _sigint_ignored() if spawned else nullcontext(), main_module_hidden():
        process.start()
    return process


def pool(processes: int, initializer: Callable, initargs: Sequence = ()) -> Pool:
    """A ``multiprocessing`` pool of ``processes`` of the engine's processes, each running ``initializer(*initargs)``
    first."""
    method = _preloading(initializer)
    _server_running(method)
    with main_module_hidden():
        return method.Pool(processes, initializer=_run, initargs=(dict(os.environ), initializer, tuple(initargs)))


def _preloading(function: Callable) -> SpawnContext | ForkServerContext:
    """:func:`context`, whose server, if it starts now, imports ``function``'s module (a running one is kept)."""
    method = context()
    if method.get_start_method() == "forkserver":
        method.set_forkserver_preload([function.__module__])
    return method


def _server_running(method: BaseContext) -> None:
    """Start the fork server, if processes are forked from one and it is not running yet, with SIGINT blocked: it
    is a fresh interpreter in the terminal's process group, so a Ctrl-C while it imports would otherwise end it
    with a traceback ("Fatal Python error: init_import_site", then "EOFError" in the process waiting for it). The
    mask is inherited through the exec and never lifted there (the server ignores SIGINT anyway, and so do the
    processes forked from it); here it is lifted after the exec, so a Ctrl-C meanwhile is delivered, not lost.
    The resource tracker the server needs is started first: starting it unblocks SIGINT (CPython blocks and then
    unblocks it around that start), which would undo the mask here."""
    if method.get_start_method() == "forkserver":
        from multiprocessing import forkserver, resource_tracker

        resource_tracker.ensure_running()
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            forkserver.ensure_running()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _run(environment: dict[str, str], target: Callable, args: tuple):
    """In the new process: Ctrl-C ignored, the parent's environment, then the work."""
    global _in_a_process_of_ours
    _in_a_process_of_ours = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if os.environ != environment:
        os.environ.clear()
        os.environ.update(environment)
    return target(*args)


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Ignore SIGINT while a fresh interpreter starts (from the main thread only), so that it ignores it from its
    first instruction: a Ctrl-C while it imports is no traceback."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def main_module_hidden() -> Iterator[None]:
    """Stand an empty module in for ``__main__`` while processes are started in this block (keep it short).

    >>> with main_module_hidden():
    ...     sys.modules["__main__"].__name__, getattr(sys.modules["__main__"], "__file__", None)
    ('__main__', None)
    """
    with _lock:
        main = sys.modules["__main__"]
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            yield
        finally:
            sys.modules["__main__"] = main


def max_processes() -> int:
    """The most worker processes a command may start: four per core, and at least 64 (each takes ~40 MB).

    >>> max_processes() >= 64
    True
    """
    return max(64, 4 * (os.cpu_count() or 1))


def check_processes(processes: int) -> None:
    """A ``ValueError`` saying why ``processes`` workers cannot be started, if they cannot.

    >>> check_processes(10_000)
    Traceback (most recent call last):
    ...
    ValueError: processes must be at most ... on this machine (... cores), not 10,000
    """
    if processes < 1:
        raise ValueError(f"processes must be at least 1, not {processes}")
    if processes > max_processes():
        raise ValueError(
            f"processes must be at most {max_processes()} on this machine ({os.cpu_count() or 1} cores), "
            f"not {processes:,}"
        )
