"""Encoding a corpus with each tokenizer of the board, in worker processes, with bounded memory.

Each tokenizer is a task of its own, and so is counting the corpus's bytes, characters and words (once for all):
up to ``processes`` tasks run at once, each in a process of the engine's (:func:`bpe_core.spawning.start`: a
published model's library is hosted in a process of its own, which a pool's daemonic workers could not start).
A task reads the files in pieces (:class:`~bpe_core.corpus.reader.CorpusReader`), encodes each piece and adds its ids
to a count per id (``numpy.bincount``), so memory does not grow with the corpus. Our tokenizers and the references
are cut at their pattern's safe points (the ids of each whole file); a published model's tokenizer gets pieces of
about :data:`PIECE_CHARS` characters ending at a line break, as a program feeding it documents would.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> with open(os.path.join(folder, "en.txt"), "w") as f:
...     _ = f.write("Hello world. Hello again.")
>>> board = run_board([folder], ["gpt2"], processes=1)
>>> board.rows[0].tokens, board.text.total("words")
(6, 4)
"""

from __future__ import annotations

import functools
import glob
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import cast

import numpy as np

from bpe_core import spawning
from bpe_core.board.metrics import BoardRow, TextCounts, TokenCounts, board_row
from bpe_core.cancelled import Cancelled
from bpe_core.corpus.locations import expand, is_uri
from bpe_core.corpus.reader import CorpusInfo, CorpusReader
from bpe_core.messages import EngineError, Message, message_of
from bpe_core.output_paths import leave_out
from bpe_core.pretokenize.specials import SpecialSplitter

#: Characters per piece a task encodes at once.
PIECE_CHARS = 1 << 20
#: How often (seconds) the parent looks for progress and for a cancel.
POLL_SECONDS = 0.1


class BoardError(EngineError, ValueError):
    """A board that cannot be made: no corpus, an unknown reference language, a task that failed."""


class BoardCancelled(EngineError, Cancelled):
    """The board was cancelled: its workers were stopped, nothing was written."""


@dataclass
class Board:
    """The board's rows (one per tokenizer, in the order given), what the corpus holds, each file's language and
    the reference language."""

    rows: list[BoardRow]
    text: TextCounts
    languages: dict[str, str]
    reference: str | None


def corpus_files(sources: list[str], outputs=()) -> list[str]:
    """The files ``sources`` name: files and URIs as given, globs expanded, folders as the regular files under
    them, sorted, hidden ones left out; what a glob or a folder finds leaves ``outputs`` out (a board written into
    its corpus's folder is not read as corpus the next time).

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> for name in ("b.txt", "a.txt", ".hidden"):
    ...     _ = open(os.path.join(folder, name), "w").write("x")
    >>> [os.path.basename(path) for path in corpus_files([folder])]
    ['a.txt', 'b.txt']
    """
    files: list[str] = []
    for path in expand(sources, outputs):
        if is_uri(path) or not os.path.isdir(path):
            files.append(path)
            continue
        found = sorted(p for p in glob.glob(os.path.join(glob.escape(path), "**", "*"), recursive=True))
        files += leave_out([p for p in found if os.path.isfile(p)], outputs)
    if not files:
        raise BoardError(Message.of("board.no_files", sources=", ".join(sources) or "(none)"))
    return files


def language_of(path: str) -> str:
    """The language a file is taken to hold: its name up to the first dot.

    >>> language_of("corpus/zh.txt"), language_of("s3://b/en.wiki.txt"), language_of("README")
    ('zh', 'en', 'README')
    """
    name = path.rstrip("/").rsplit("/", 1)[-1]
    return name.split(".", 1)[0] or name


def pick_reference(languages: dict[str, str], wanted: str | None) -> str:
    """The reference language: ``wanted`` (which must be one of the corpus's), else English if there is an
    ``en`` file, else the first file's language.

    >>> pick_reference({"a/zh.txt": "zh", "a/en.txt": "en"}, None), pick_reference({"zh.txt": "zh"}, None)
    ('en', 'zh')
    """
    present = list(dict.fromkeys(languages.values()))
    if wanted is None:
        return "en" if "en" in present else present[0]
    if wanted not in present:
        raise BoardError(Message.of("board.no_such_language", language=wanted, languages=", ".join(present)))
    return wanted


def run_board(
    corpus: list[str],
    tokenizers: list[str],
    *,
    names: list[str] | None = None,
    reference: str | None = None,
    processes: int = 1,
    pattern: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    row_done: Callable[[int, BoardRow], None] | None = None,
) -> Board:
    """Encode the files ``corpus`` names with each of ``tokenizers`` (sources :func:`bpe_core.formats.load_any`
    takes; ``pattern`` for those that need one) and measure, each row named by ``names`` (default: the sources);
    ``progress(done, total)`` hears the bytes read by all tasks, ``cancelled()`` stops them
    (:class:`BoardCancelled`), and ``row_done(index, row)`` hears each tokenizer's row (``index``: its place in
    ``tokenizers``) as soon as its encodes and the word count are done: a gigabyte's references are measured in
    seconds, long before a published model's library ends (:func:`_start_order`)."""
    spawning.check_processes(processes)
    if not tokenizers:
        raise BoardError(Message.of("board.no_tokenizer"))
    files = corpus_files(corpus)
    _check_files(files)
    if not any(is_uri(path) for path in files) and _total_bytes(files) == 0:
        raise BoardError(Message.of("board.empty", files=", ".join(files)))
    _check_tokenizers(tokenizers)
    languages = {path: language_of(path) for path in files}
    reference = pick_reference(languages, reference)
    tasks = [Task("text", None, files, -1)] + [
        Task("tokenizer", spec, part, row)
        for row, spec in enumerate(tokenizers)
        for part in _shares(spec, files, processes)
    ]
    titles = names or tokenizers
    parts = [[index for index, task in enumerate(tasks) if task.row == row] for row in range(len(titles))]
    rows: dict[int, BoardRow] = {}

    def measure(results: dict[int, object]) -> None:
        """The row of each tokenizer whose tasks and the word count are done, made once and told at once."""
        text = cast(TextCounts, results.get(0))
        if text is None:
            return
        if text.total("bytes") == 0:
            raise BoardError(Message.of("board.empty", files=", ".join(files)))
        for row, name in enumerate(titles):
            if row in rows or any(index not in results for index in parts[row]):
                continue
            counts = _joined([cast(TokenCounts, results[index]) for index in parts[row]])
            counts.tokenizer = name
            rows[row] = board_row(counts, text, languages, reference)
            if row_done is not None:
                row_done(row, rows[row])

    results = _run_tasks(tasks, _start_order(tasks, processes), pattern, processes, progress, cancelled, measure)
    return Board([rows[row] for row in range(len(titles))], results[0], languages, reference)


@dataclass(frozen=True)
class Task:
    """What one process does: count the words of ``files`` (``kind`` "text") or encode them with the tokenizer
    ``spec`` for the board's row number ``row``."""

    kind: str
    spec: str | None
    files: list[str]
    row: int


def _shares(spec: str, files: list[str], processes: int) -> list[list[str]]:
    """The files each task of a tokenizer encodes. A reference (our fast encoder) takes one task for all; any other
    tokenizer (a published model's library is several times slower, and whether our engine takes it is known only
    once it is loaded) up to ``2 x processes`` tasks, the files dealt out largest first to the one with the fewest
    bytes, so that every core shares its long work.

    >>> _shares("gpt2", ["a.txt", "b.txt"], 2), _shares("m/tokenizer.model", ["a.txt", "b.txt"], 2)
    ([['a.txt', 'b.txt']], [['a.txt'], ['b.txt']])
    """
    from bpe_core.encoding.reference import reference_names

    count = 1 if spec in reference_names() else min(len(files), 2 * processes)
    shares: list[list[str]] = [[] for _ in range(count)]
    weight = [0] * count
    for path in sorted(files, key=lambda p: -_total_bytes([p])):
        lightest = weight.index(min(weight))
        shares[lightest].append(path)
        weight[lightest] += max(1, _total_bytes([path]))
    return [sorted(share, key=files.index) for share in shares if share]


def _joined(parts: list[TokenCounts]) -> TokenCounts:
    """One tokenizer's counts over every file from its tasks' (each over some of the files)."""
    first = parts[0]
    ids = np.zeros(max(len(part.ids) for part in parts), dtype=np.int64)
    for part in parts:
        ids[: len(part.ids)] += part.ids
    tokens = {path: n for part in parts for path, n in part.tokens.items()}
    partial = frozenset().union(*(part.partial_ids for part in parts))
    return TokenCounts(first.tokenizer, first.vocab_size, ids, tokens, partial)


def _check_files(files: list[str]) -> None:
    """Refuse, before any process starts, a file the reader would refuse (missing, a folder, a FIFO, a device)."""
    reader = CorpusReader(pattern="gpt2", splitter=SpecialSplitter([]))
    reader.pieces_of_files(files, CorpusInfo())  # checks every file; nothing is read until iterated


def _check_tokenizers(specs: list[str]) -> None:
    """Refuse, before any process starts, a tokenizer file that does not exist (with the loader's message)."""
    from bpe_core.encoding.reference import reference_names
    from bpe_core.formats import load_any

    for spec in specs:
        if not spec.startswith("hf:") and spec not in reference_names() and not os.path.lexists(spec):
            load_any(spec)  # raises, naming the file


def _start_order(tasks: list[Task], processes: int) -> list[int]:
    """The order to start ``tasks`` in, so that rows come early and the cores end together. One core answers
    quickly: the word count first (every row needs it), then the references (our encoder: their rows come within
    seconds). Meanwhile the other cores start the longest work, the published models' libraries' largest shares (a
    file or a model id, several times slower), so that none of it is left to run alone at the end; the other shares
    follow the references. Of two alike, the one with more bytes to read first.

    >>> tasks = [Task("tokenizer", "m/tokenizer.json", ["a"], 1), Task("tokenizer", "gpt2", ["a", "b"], 0),
    ...          Task("text", None, ["a", "b"], -1), Task("tokenizer", "m/tokenizer.json", ["b"], 1)]
    >>> _start_order(tasks, 1), _start_order(tasks, 2)
    ([2, 1, 0, 3], [2, 0, 1, 3])
    """
    from bpe_core.encoding.reference import reference_names

    def larger_first(kept) -> list[int]:
        found = [index for index, task in enumerate(tasks) if kept(task)]
        return sorted(found, key=lambda index: -_total_bytes(tasks[index].files))

    text = larger_first(lambda task: task.kind == "text")
    references = larger_first(lambda task: task.kind != "text" and task.spec in reference_names())
    shares = larger_first(lambda task: task.kind != "text" and task.spec not in reference_names())
    longest = shares[: processes - 1]
    return text + longest + references + shares[len(longest) :]


def _run_tasks(tasks: list[Task], order, pattern, processes, progress, cancelled, finished) -> list:
    """Each task's result, in the order of ``tasks``, started in ``order``; up to ``processes`` run at once;
    ``finished(results)`` hears the results so far (by task index) each time a task ends."""
    waiting = [(index, tasks[index]) for index in order]
    running: dict[Connection, tuple[int, BaseProcess]] = {}
    results: dict[int, object] = {}
    done: dict[int, int] = {}
    size = {index: max(1, _total_bytes(task.files)) for index, task in enumerate(tasks)}
    total = sum(size.values())
    try:
        while waiting or running:
            while waiting and len(running) < processes:
                index, task = waiting.pop(0)
                mine, theirs = spawning.context().Pipe(duplex=False)
                process = spawning.start(_task, (theirs, task, pattern), name="bpe-board")
                theirs.close()
                running[mine] = (index, process)
            for ready in wait(list(running), timeout=POLL_SECONDS):
                conn = cast(Connection, ready)
                index, process = running[conn]
                try:
                    kind, value = conn.recv()
                except EOFError:
                    process.join()
                    raise BoardError(
                        Message.of("board.task_ended", task=_task_name(tasks[index]), code=process.exitcode)
                    ) from None
                if kind == "progress":
                    done[index] = value
                    continue
                del running[conn]
                conn.close()
                process.join()
                if kind == "error":
                    raise BoardError(value)
                results[index] = value
                done[index] = size[index]
                finished(results)
            if progress is not None:
                progress(min(total, sum(done.values())), total)
            if cancelled is not None and (waiting or running) and cancelled():  # (all done: the board stands)
                raise BoardCancelled(Message.of("board.cancelled"))
    finally:
        for conn, (_, process) in running.items():
            process.kill()
            process.join()
            conn.close()
    return [results[index] for index in range(len(tasks))]


def _task_name(task: Task) -> str:
    return task.spec if task.spec is not None else "counting the words"


def _total_bytes(files: list[str]) -> int:
    from bpe_core.corpus.locations import total_size

    return total_size(files)


# ----- in a worker process -----


def _task(conn: Connection, task: Task, pattern: str | None) -> None:
    """Run one task and send its result, or the error that stopped it, through ``conn``."""
    try:
        if task.spec is None:
            result: object = _count_text(task.files, conn)
        else:
            result = _count_tokens(task.spec, pattern, task.files, conn)
        conn.send(("done", result))
    except Exception as exc:  # sent to the parent, which raises it as a BoardError
        conn.send(("error", _said(exc, _task_name(task))))
    finally:
        conn.close()


def _said(error: Exception, task: str) -> Message | str:
    """What an error says, as data that crosses a pipe: its Message, or its text naming the task.

    >>> _said(ValueError("boom"), "gpt2"), _said(ValueError("gpt2: boom"), "gpt2")
    ('gpt2: boom', 'gpt2: boom')
    """
    said = message_of(error)
    if said is not None:
        return said
    text = " ".join(str(error).split()) or type(error).__name__
    return text if task in text else f"{task}: {text}"


def _pieces(files: list[str], reader: CorpusReader, conn: Connection) -> Iterator[tuple[str, str]]:
    """``(file, piece)`` for every piece of every file, the bytes read sent as progress."""
    read = 0
    for path in files:
        info = CorpusInfo()
        heard = functools.partial(_send_progress, conn, read)
        for piece in reader.pieces_of_files([path], info, progress=heard):
            yield path, piece
        read += info.total_bytes


def _send_progress(conn: Connection, before: int, done: int, _total: int) -> None:
    conn.send(("progress", before + done))


def _count_text(files: list[str], conn: Connection) -> TextCounts:
    from bpe_core.words import count_words

    reader = CorpusReader(pattern="gpt2", splitter=SpecialSplitter([]), piece_chars=PIECE_CHARS)
    counts = TextCounts({path: 0 for path in files}, {path: 0 for path in files}, {path: 0 for path in files})
    used: set[str] = set()
    for path, piece in _pieces(files, reader, conn):
        counts.bytes[path] += len(piece.encode("utf-8"))
        counts.chars[path] += len(piece)
        words, cut_by = count_words(piece)
        counts.words[path] += words
        used.update(cut_by)
    counts.segmenters = tuple(sorted(used))
    return counts


def _count_tokens(spec: str, pattern: str | None, files: list[str], conn: Connection) -> TokenCounts:
    from bpe_core.encoding.id_arrays import ids_array
    from bpe_core.encoding.parallel_encode import array_of
    from bpe_core.encoding.tokenizer import Tokenizer
    from bpe_core.formats import load_any
    from bpe_core.pretokenize.patterns import shipped_name

    tokenizer = load_any(spec, pattern=pattern)
    ours = isinstance(tokenizer, Tokenizer)
    safe = shipped_name(tokenizer.pattern) if ours else "gpt2"
    specials = list(tokenizer.special_tokens) if ours else []
    reader = CorpusReader(pattern=safe or "none", splitter=SpecialSplitter(specials), piece_chars=PIECE_CHARS)
    pieces = _pieces(files, reader, conn) if ours else _line_pieces(_pieces(files, reader, conn))
    ids = np.zeros(tokenizer.vocab_size, dtype=np.int64)
    tokens = {path: 0 for path in files}
    for path, piece in pieces:
        # a library's ids without their offsets
        encoded = array_of(tokenizer, piece) if ours else ids_array(tokenizer.encode_ids(piece))
        tokens[path] += len(encoded)
        if len(encoded):
            counted = np.bincount(encoded)
            if len(counted) > len(ids):
                ids = np.concatenate([ids, np.zeros(len(counted) - len(ids), dtype=np.int64)])
            ids[: len(counted)] += counted
    partial = frozenset(int(i) for i in np.flatnonzero(ids) if not _whole_text(tokenizer, int(i)))
    return TokenCounts(spec, tokenizer.vocab_size, ids, tokens, partial)


def _whole_text(tokenizer, token_id: int) -> bool:
    """Whether a token's bytes are whole UTF-8 text (not part of a character, not a byte-fallback byte)."""
    try:
        tokenizer.token_bytes(token_id).decode("utf-8")
    except (UnicodeDecodeError, KeyError, ValueError):
        return False
    return True


def _line_pieces(pieces: Iterator[tuple[str, str]]) -> Iterator[tuple[str, str]]:
    """The pieces of each file joined into pieces of at least :data:`PIECE_CHARS` characters that end at a line
    break (a file's last piece ends where it ends; a file without line breaks is cut at 4 x PIECE_CHARS).

    >>> list(_line_pieces(iter([("a", "one\\ntw"), ("a", "o"), ("b", "x")])))
    [('a', 'one\\ntwo'), ('b', 'x')]
    """
    held: list[str] = []
    size = 0
    current = ""
    for path, piece in pieces:
        if path != current and held:
            yield current, "".join(held)
            held, size = [], 0
        current = path
        held.append(piece)
        size += len(piece)
        if size >= PIECE_CHARS:
            text = "".join(held)
            cut = text.rfind("\n") + 1 or (len(text) if size >= 4 * PIECE_CHARS else 0)
            if cut:
                yield path, text[:cut]
                held, size = [text[cut:]], len(text) - cut
            else:
                held = [text]
    if held:
        yield current, "".join(held)
