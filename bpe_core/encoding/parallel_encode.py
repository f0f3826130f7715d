"""Encoding a large text on every core: the text is cut where no pre-token and no special token can straddle the
cut (the corpus reader's safe points, as for counting), the pieces are encoded by several threads or processes at
once, and the ids are joined in order -- the ids of encoding the whole text at once.

Where our compiled encoder encodes the text (:attr:`~bpe_core.encoding.tokenizer.Tokenizer.encodes_compiled`), the
pieces are encoded by threads of this process: the encoder leaves Python while it works, and keeps a cache for each
thread encoding with it at once, so each thread has a core, and nothing is started, loaded or sent. Elsewhere (no C
compiler: the Python path holds the interpreter) they go to worker processes.

The workers are cheap to use: forked from the engine's preloaded server (:mod:`bpe_core.spawning`), each loads the
tokenizer once and keeps it for the next text (:class:`Workers`, kept until the program ends or another tokenizer
needs them); a piece goes to a worker as UTF-8 bytes and its ids come back as raw 32-bit numbers, never as a list of
Python ints. This process encodes too, taking the next piece whenever it is free, as each worker does: the pieces
are shared out by who is free, so a worker still loading the tokenizer costs nothing (this process starts at once).

Only our own tokenizers with a shipped pattern (``gpt2``, ``cl100k``, ``o200k``) go this way: the safe points are
proven for those patterns; a published model's tokenizer is encoded by its own library, a custom regex in one
process (its time budget and its error offsets count from the text's start).

>>> from bpe_core.formats import load_any
>>> text = "Hello world. " * 3
>>> encode_array("gpt2", None, load_any("gpt2"), text, processes=1).tolist() == load_any("gpt2").encode(text)
True
"""

from __future__ import annotations

import atexit
import functools
import itertools
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any

from bpe_core import spawning
from bpe_core.corpus.reader import CorpusReader
from bpe_core.encoding import compiled_encode
from bpe_core.encoding.id_arrays import PlacedIds, ids_array
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.messages import EngineError, Message, message_of
from bpe_core.pretokenize.patterns import shipped_name
from bpe_core.pretokenize.specials import SpecialSplitter

if TYPE_CHECKING:  # numpy is imported when a text goes to workers: bpe encode starts without it
    import numpy as np

#: A text shorter than this is encoded in this process alone: below it, handing pieces to a worker costs about what
#: it saves (bench_parallel_encode.py).
MIN_CHARS = 2_000_000
#: The same for threads of this process (the compiled encoder): a thread costs little to start, but each has a cache
#: of its own to fill (bench_parallel_encode.py).
THREAD_MIN_CHARS = 1 << 19
#: The most threads sharing a text: the compiled encoder keeps this many caches (more would wait for one).
THREADS_MOST = 16
#: Characters per piece for threads: at least this many (each piece is a call) ...
THREAD_PIECE_LEAST = 1 << 16
#: ... and at most this many (before the pieces shrank toward the end, 2 M gave 1.66x one thread on the stdlib and
#: 1 M 1.76x, on an earlier machine: ratios of medians, not comparable with this machine's figures) ...
THREAD_PIECE_MOST = 1 << 20
#: ... and otherwise this share of what is left for each thread: the pieces shrink toward the end, so that the last
#: ones end together (the thread that took the last 1 M piece kept the other waiting 1-6.5 ms on the stdlib).
THREAD_PIECE_SHARE = 4
#: Characters per piece: small enough that the last piece ends the work of both processes at about the same time.
PIECE_CHARS = 1 << 19
#: How often (seconds) a worker still loading the tokenizer is looked at, to give up on it once the text is done.
POLL_SECONDS = 0.01


class WorkerError(EngineError, OSError):
    """A worker that failed: it ended unexpectedly (killed, out of memory) or could not encode (its error)."""


def worth_sharing(tokenizer, text: str, processes: int) -> bool:
    """Whether ``text`` is encoded faster on ``processes`` cores (and can be, exactly): by threads where the
    tokenizer encodes compiled (from :data:`THREAD_MIN_CHARS`), else by processes (from :data:`MIN_CHARS`).

    >>> worth_sharing(Tokenizer.from_tiktoken("gpt2"), "x" * MIN_CHARS, 2)
    True
    """
    if processes <= 1 or not isinstance(tokenizer, Tokenizer) or shipped_name(tokenizer.pattern) is None:
        return False
    return len(text) >= (THREAD_MIN_CHARS if _in_threads(tokenizer) else MIN_CHARS)


def _in_threads(tokenizer: Tokenizer) -> bool:
    """Whether threads of this process share the text (the compiled encoder), not worker processes."""
    return compiled_encode.available() and tokenizer.encodes_compiled


def thread_piece_chars(left: int, threads: int) -> int:
    """Characters of the next piece for ``threads`` threads sharing a text of which ``left`` characters are not yet
    in a piece: a :data:`THREAD_PIECE_SHARE`-th of each thread's share of them (who is free takes the next piece, and
    the pieces shrink as the text is used up: the last ones end together), within :data:`THREAD_PIECE_LEAST` and
    :data:`THREAD_PIECE_MOST`.

    >>> thread_piece_chars(40_000_000, 2), thread_piece_chars(4_000_000, 2), thread_piece_chars(100, 2)
    (1048576, 500000, 65536)
    """
    return min(max(left // (THREAD_PIECE_SHARE * threads), THREAD_PIECE_LEAST), THREAD_PIECE_MOST)


def cuts(tokenizer: Tokenizer, text: str, piece_chars: int | None = None) -> list[int]:
    """Where ``text`` is cut: 0, the first safe point of the tokenizer's pattern and special tokens at or after
    each ``piece_chars`` (default :data:`PIECE_CHARS`) characters of a piece, and the text's end.

    >>> cuts(Tokenizer.from_tiktoken("gpt2"), "Hello world, hello again.", 8)
    [0, 12, 25]
    """
    return _reader(tokenizer, piece_chars or PIECE_CHARS).cuts(text)


def thread_cuts(tokenizer: Tokenizer, text: str, threads: int) -> list[int]:
    """Where ``text`` is cut for ``threads`` threads: as :func:`cuts`, each piece :func:`thread_piece_chars` long.

    >>> bounds = thread_cuts(Tokenizer.from_tiktoken("gpt2"), "Hello world. " * 100_000, 2)
    >>> [b - a for a, b in itertools.pairwise(bounds)][:3], len(bounds) - 1
    ([162505, 142188, 124416], 15)
    """
    return _reader(tokenizer).cuts(text, functools.partial(thread_piece_chars, threads=threads))


def _reader(tokenizer: Tokenizer, piece_chars: int = PIECE_CHARS) -> CorpusReader:
    """The corpus reader that finds where a text may be cut for ``tokenizer``: its pattern's safe points, away from
    its special tokens."""
    return CorpusReader(
        pattern=tokenizer.pattern, splitter=SpecialSplitter(tokenizer.special_tokens), piece_chars=piece_chars
    )


def pieces(tokenizer: Tokenizer, text: str, piece_chars: int | None = None) -> Iterator[str]:
    """``text`` cut at :func:`cuts`."""
    bounds = cuts(tokenizer, text, piece_chars)
    return (text[a:b] for a, b in itertools.pairwise(bounds))


def encode_in_processes(spec: str, pattern: str | None, tokenizer, text: str, processes: int) -> list[int] | np.ndarray:
    """:func:`encode_array`'s ids, or the tokenizer's list of them when this process alone encodes (not worth
    more); an array stays an array (4 bytes an id, where a list of new ints takes 40)."""
    spawning.check_processes(processes)
    if not worth_sharing(tokenizer, text, processes):
        return tokenizer.encode(text)
    return encode_array(spec, pattern, tokenizer, text, processes)


def encode_array(spec: str, pattern: str | None, tokenizer, text: str, processes: int) -> np.ndarray:
    """The ids of ``text`` encoded by ``tokenizer`` as an array of unsigned 32-bit numbers, in order, on
    ``processes`` cores (at most :func:`~bpe_core.spawning.max_processes`): by this thread and ``processes - 1``
    others where the tokenizer encodes compiled, else by this process and ``processes - 1`` workers that load the
    tokenizer from ``spec`` with ``pattern`` (as :func:`bpe_core.formats.load_any`); by this thread alone when it is
    not worth it (:func:`worth_sharing`). A worker that fails raises :class:`WorkerError`; Ctrl-C stops the others
    after their piece."""
    spawning.check_processes(processes)
    if not worth_sharing(tokenizer, text, processes):
        return array_of(tokenizer, text)
    if _in_threads(tokenizer):
        most = min(processes, THREADS_MOST)
        bounds = thread_cuts(tokenizer, text, most)
        threads = min(most, len(bounds) - 1)
        helpers = [functools.partial(_encode_here, tokenizer)] * (threads - 1)
        return _encode_shared(tokenizer, text, bounds, helpers, wait=True)
    bounds = cuts(tokenizer, text)
    with _busy:  # one text at a time through the kept workers
        workers = kept_workers(spec, pattern, min(processes, len(bounds) - 1) - 1)
        try:
            feeders = [functools.partial(_feed, w, k) for w, k in workers]
            return _encode_shared(tokenizer, text, bounds, feeders, wait=False)
        except BaseException:
            close_workers()  # a worker may be mid-piece: the next text starts afresh
            raise


def large_text_encoder(
    spec: str, pattern: str | None = None, processes: int | None = None, *, short: Callable | None = None
) -> Callable[[str], Any]:
    """An encode for texts of any size with the tokenizer ``load_any(spec, pattern=pattern)``: :func:`encode_array`
    in ``processes`` processes (default: one per core) for a text worth it, the same ids as an array; a shorter
    text by ``short`` (an encode giving the same ids, such as the tiktoken reference the window has loaded) or the
    tokenizer's own encode. The tokenizer is loaded once per program, on first use. The audit's and parity's
    whole texts go through it.

    >>> encode = large_text_encoder("gpt2")
    >>> encode("hello world")
    [31373, 995]
    """
    count = _cores_for(processes)
    spawning.check_processes(count)

    def encode(text: str):
        if short is not None and len(text) < (THREAD_MIN_CHARS if compiled_encode.available() else MIN_CHARS):
            return short(text)
        tokenizer = _loaded(spec, pattern)
        if not worth_sharing(tokenizer, text, count):
            return tokenizer.encode(text)
        return encode_array(spec, pattern, tokenizer, text, count)

    return encode


def shares_in_threads(processes: int | None = None) -> bool:
    """Whether :func:`large_text_encoder` with ``processes`` (default: every core) shares a large text of a shipped
    tokenizer (whose compiled encoder is built wherever the module is) among threads of this process, so that its
    ids come as one array: the compiled encoder is built and more than one core is asked for.

    >>> shares_in_threads(1)
    False
    """
    return compiled_encode.available() and _cores_for(processes) > 1


def _cores_for(processes: int | None) -> int:
    """The cores :func:`large_text_encoder` uses for ``processes`` (default: every core)."""
    return min(processes or os.cpu_count() or 1, spawning.max_processes())


@functools.lru_cache(maxsize=2)
def _loaded(spec: str, pattern: str | None):
    from bpe_core.formats import load_any

    return load_any(spec, pattern=pattern)


class Workers:
    """``count`` worker processes holding the tokenizer ``load_any(spec, pattern=pattern)``, each answering pieces
    of text (UTF-8 bytes) with their ids (raw unsigned 32-bit numbers) through a pipe of its own."""

    def __init__(self, spec: str, pattern: str | None, count: int):
        self.key = (spec, pattern)
        self.processes: list[BaseProcess] = []
        self.connections: list[Connection] = []
        self.ready = [False] * count
        for _ in range(count):
            mine, theirs = spawning.context().Pipe(duplex=True)
            self.processes.append(spawning.start(_serve, (theirs, spec, pattern), name="bpe-encode", daemon=True))
            theirs.close()
            self.connections.append(mine)

    def close(self) -> None:
        """Stop the workers (they may be mid-piece) and close their pipes."""
        for process in self.processes:
            if process.is_alive():
                process.kill()
        for process, connection in zip(self.processes, self.connections):
            process.join()
            connection.close()


_kept: Workers | None = None
_kept_lock = threading.Lock()
_busy = threading.Lock()


def start_workers(spec: str, pattern: str | None, processes: int) -> None:
    """Start now the workers that :func:`encode_array` will want for ``processes`` processes, so that they load
    the tokenizer (a shipped one, ``spec``) while this process loads its own and reads the text (``bpe encode
    --processes``); none where the compiled encoder is built (threads of this process encode)."""
    spawning.check_processes(processes)
    if not compiled_encode.available():
        kept_workers(spec, pattern, processes - 1)


def kept_workers(spec: str, pattern: str | None, count: int) -> list[tuple[Workers, int]]:
    """``count`` workers holding ``spec``'s tokenizer, as (their :class:`Workers`, the worker's number): those kept
    from the last text when they hold the same tokenizer, more started if needed."""
    global _kept
    with _kept_lock:
        if _kept is not None and (
            _kept.key != (spec, pattern)
            or len(_kept.processes) < count
            or not all(process.is_alive() for process in _kept.processes)  # one ended since: start afresh
        ):
            _kept.close()
            _kept = None
        if _kept is None and count > 0:
            _kept = Workers(spec, pattern, count)
        return [(_kept, k) for k in range(count)] if _kept is not None else []


@atexit.register
def close_workers() -> None:
    """Stop the kept workers, if any."""
    global _kept
    with _kept_lock:
        if _kept is not None:
            _kept.close()
            _kept = None


def _encode_shared(
    tokenizer, text: str, bounds: list[int], helpers: Sequence[Callable[..., None]], *, wait: bool
) -> np.ndarray:
    """The pieces ``text[bounds[i]:bounds[i + 1]]`` encoded by this thread and a thread for each of ``helpers``
    (:func:`_encode_here`, or :func:`_feed` to a worker), each taking the next piece when it is free, joined in
    order. ``wait``: on an error here (Ctrl-C) too, the helpers are waited for (threads encoding here stop after
    their piece; a feeder waits for its worker, which the caller stops instead)."""

    count = len(bounds) - 1
    placed = PlacedIds(count, expected=(bounds[-1] - bounds[0]) // 2 + 1024)  # (a token per two characters, mostly)
    failures: list[BaseException] = []
    taken = itertools.count()  # next() on it is atomic: each piece is taken once
    done = threading.Event()

    def take() -> int | None:
        index = next(taken)
        return index if index < count and not failures and not done.is_set() else None

    threads = [
        threading.Thread(target=helper, args=(take, text, bounds, placed, failures, done), daemon=True)
        for helper in helpers
    ]
    try:
        for thread in threads:
            thread.start()
        while (index := take()) is not None:
            placed.add(index, array_of(tokenizer, text, bounds[index], bounds[index + 1]))
    except BaseException:
        done.set()  # on Ctrl-C too (or a thread that could not start): the helpers take no more pieces
        if wait:
            for thread in threads:
                if thread.ident is not None:
                    thread.join()
        raise
    done.set()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    return placed.array()


def _encode_here(tokenizer, take, text, bounds, placed, failures, done) -> None:
    """In a thread of this process: encode the next piece until none is left (the compiled encoder, outside Python,
    with a cache of this thread's, reading the piece in place); a failure is recorded."""
    try:
        while (index := take()) is not None:
            placed.add(index, array_of(tokenizer, text, bounds[index], bounds[index + 1]))
    except BaseException as exc:
        failures.append(exc)


def _feed(workers, k, take, text, bounds, placed, failures, done) -> None:
    """In a thread of this process: hand worker ``k`` the next piece until none is left; a failure is recorded."""
    connection, process = workers.connections[k], workers.processes[k]
    try:
        while not workers.ready[k]:
            if done.is_set():
                return  # the text was encoded before the worker was ready: it goes on loading for the next
            if connection.poll(POLL_SECONDS):
                _answer(connection, process)
                workers.ready[k] = True
        while (index := take()) is not None:
            piece = text[bounds[index] : bounds[index + 1]].encode("utf-8", "surrogatepass")
            placed.add(index, _from_bytes(_answer(connection, process, piece)))
    except BaseException as exc:
        failures.append(exc)


def _answer(connection: Connection, process: BaseProcess, piece: bytes | None = None) -> bytes:
    """A worker's answer to ``piece`` (its ids' bytes), or to nothing (``b""``: it is ready); its failure raised
    as :class:`WorkerError`."""
    try:
        if piece is not None:
            connection.send_bytes(piece)
        kind, said = connection.recv()
        if kind == "error":
            raise WorkerError(said)
        return connection.recv_bytes() if kind == "ids" else b""
    except (EOFError, OSError):  # it ended: killed, out of memory
        process.join(1)
        raise WorkerError(Message.of("encode.worker_ended", code=process.exitcode)) from None


def array_of(tokenizer, text: str, start: int = 0, stop: int | None = None) -> np.ndarray:
    """The ids of ``text[start:stop]`` as unsigned 32-bit numbers: ours straight from the compiled encoder (no
    Python int per token, the part read in place), another's through its list."""
    if isinstance(tokenizer, Tokenizer):
        return tokenizer.encode_array(text, start, stop)
    return ids_array(tokenizer.encode(text[start:stop]))


def _from_bytes(data) -> np.ndarray:
    """Raw unsigned 32-bit numbers as an array (no copy)."""
    import numpy as np

    return np.frombuffer(data, dtype=np.uint32)


# ----- in a worker process -----


def _serve(connection: Connection, spec: str, pattern: str | None) -> None:
    """Load the tokenizer, say so, then answer each piece (UTF-8 bytes) with its ids until the pipe is closed."""
    from bpe_core.formats import load_any

    try:
        tokenizer = load_any(spec, pattern=pattern)
    except Exception as exc:  # the parent raises it as a WorkerError
        connection.send(("error", _said(exc, spec)))
        return
    tokenizer.encode(
        "warm up"
    )  # builds what the first encode builds (the compiled encoder's tables) before saying ready
    connection.send(("ready", None))
    while True:
        try:
            piece = connection.recv_bytes().decode("utf-8", "surrogatepass")
        except EOFError:
            return  # the parent closed the pipe or ended
        try:
            ids = array_of(tokenizer, piece)
        except Exception as exc:
            connection.send(("error", _said(exc, spec)))
            continue
        connection.send(("ids", None))
        connection.send_bytes(ids.data)  # the array's bytes, not copied


def _said(error: Exception, spec: str) -> Message | str:
    """What an error says, as data that crosses a pipe: its Message, or its text naming the tokenizer.

    >>> _said(ValueError("boom"), "gpt2")
    'gpt2: boom'
    """
    said = message_of(error)
    return said if said is not None else f"{spec}: {' '.join(str(error).split()) or type(error).__name__}"
