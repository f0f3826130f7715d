"""Training off the GUI process: a :class:`~app.common.background.worker.Task` starts a
:class:`~bpe_core.training.process.TrainingProcess` (the merge loop then shares no GIL with the window), receives
its records and sends them to the GUI: counting progress, then merge steps in batches -- one batch in flight at a
time, the steps that arrive meanwhile gathered into the next, so a busy window is never flooded and training never
waits for it.

:class:`TrainingRun` is the GUI-side handle of one run (a :class:`~app.common.background.worker.WorkerThread`): it
forwards the worker's signals (only for the current run, so a cancelled run's late batches never arrive), cancels, and
stops cleanly on close (the training process is ended with it).

:func:`counted_again` gives a finished run's pre-token counts, for *Save counts*: read again from the same files
with the same reader settings (pattern, special tokens, encoding, invalid bytes) by the same counting function, so
they are the counts the run trained on; a run on counts files gives their sum.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from functools import cached_property

from PySide6.QtCore import QCoreApplication, QTimer, Signal, Slot

from app.common.background.worker import Task, WorkerThread
from app.train.corpus_sources import CorpusSource
from bpe_core.cancelled import Cancelled
from bpe_core.corpus.counting import count_pieces
from bpe_core.corpus.counts_file import Counts, read_counts
from bpe_core.corpus.reader import CorpusInfo, CorpusReader
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.pretokenize.specials import SpecialSplitter
from bpe_core.training.config import TrainConfig
from bpe_core.training.merged_vocab import vocab_from_merges
from bpe_core.training.process import (
    FLUSH_SECONDS,
    Corpus,
    Counted,
    Counting,
    Failed,
    Finished,
    Steps,
    TrainingJob,
    TrainingProcess,
)
from bpe_core.training.steps import MergeStep, TrainingRecord
from bpe_core.variants.picky import PickyTokenizer

#: How long the worker waits for the training process's next record before looking at the window again.
POLL_SECONDS = 0.02


@dataclass(frozen=True)
class TrainingResult(Finished):
    """What a finished (or cancelled) run produced: the training process's last record, with its vocabulary and
    tokenizer, and the ``job`` it ran (what it read: see :func:`counted_again`)."""

    job: TrainingJob | None = None

    @cached_property
    def vocab(self) -> dict[int, bytes]:
        if self.picky is not None:  # the tokens PickyBPE kept, by the ids they were given
            return self.picky.vocab() | {i: token.encode("utf-8") for token, i in self.special_tokens.items()}
        return vocab_from_merges(self.merges, self.special_tokens)

    @cached_property
    def tokenizer(self) -> Tokenizer:
        """The trained tokenizer, carrying its training record (saved with it). Built in the worker thread."""
        if self.picky is not None:  # encodes by replaying the merges and removals
            tokenizer = PickyTokenizer(self.picky, dict(self.special_tokens), pattern=self.pattern)
        else:
            tokenizer = Tokenizer(self.vocab, self.merges, dict(self.special_tokens), pattern=self.pattern)
        tokenizer.record = self.record
        return tokenizer


@dataclass
class CorpusCounted:
    """Figures known once the counting phase is over."""

    corpus_bytes: int
    initial_tokens: int
    unique_words: int
    special_tokens: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


class TrainingWorker(Task):
    """Runs one training (in a process of its own) for whatever thread it lives in. ``cancel()`` may be called from
    any thread."""

    counting = Signal(int, int)  # bytes done, bytes total
    counted = Signal(object)  # CorpusCounted
    steps_ready = Signal(list)  # a batch of MergeStep, in rank order
    finished = Signal(object)  # TrainingResult
    # kind ("not-utf8", "encoding:utf-16" or "encoding:utf-32", "error" or "crash"), what to say (a
    # bpe_core.messages.Message, or plain text), details
    failed = Signal(str, object, str)

    def __init__(self, source: CorpusSource, settings: TrainConfig, flush_seconds: float = FLUSH_SECONDS):
        super().__init__()
        self.source = source
        self.settings = settings
        self.flush_seconds = flush_seconds
        self._lock = threading.Lock()
        self._process: TrainingProcess | None = None
        self._window_ready = threading.Event()  # the window has shown the last batch sent
        self._window_ready.set()
        self.result: TrainingResult | None = None  # the run's, once finished (read once the thread has ended)

    def cancel(self) -> None:
        with self._lock:
            super().cancel()
            if self._process is not None:
                self._process.cancel()

    def abandon(self) -> bool:
        """End the training process as a crash would, leaving its checkpoint (:meth:`TrainingProcess.abandon`);
        whether that checkpoint is there to resume the run."""
        with self._lock:
            process = self._process
        return process is not None and process.abandon()

    def batch_taken(self) -> None:
        """Called by the GUI thread once it has shown a batch: the next one may be sent."""
        self._window_ready.set()

    def work(self) -> None:
        try:
            job = self._job()
            with self._lock:
                if self.cancelled:  # before anything started: nothing to keep
                    self.finished.emit(self._cancelled_early())
                    return
                self._process = TrainingProcess(job)
        except Exception as exc:  # noqa: BLE001  (e.g. no process can be started: say so, keep the window)
            message = QCoreApplication.translate("TrainingWorker", "Training could not start: {error}").format(
                error=exc
            )
            self.failed.emit("error", message, traceback.format_exc())
            return
        try:
            self._follow(self._process, job)
        finally:
            self._process.stop()
            with self._lock:
                self._process = None  # what it received is in the result now: not kept twice, nor for long

    def _job(self) -> TrainingJob:
        source = self.source
        corpus = Corpus(
            paths=tuple(str(path) for path in source.files_to_read()),
            counts=tuple(str(path) for path in source.counts.paths) if source.counts else (),
        )
        config = dataclasses.replace(self.settings, errors=source.errors, encoding=source.encoding)
        return TrainingJob(config, corpus, self.flush_seconds)

    def _follow(self, process: TrainingProcess, job: TrainingJob) -> None:
        pending: list[MergeStep] = []
        while True:
            message = process.receive(POLL_SECONDS)
            if isinstance(message, Steps):
                pending.extend(message.steps)
            if pending and self._window_ready.is_set():
                self._window_ready.clear()
                self.steps_ready.emit(pending)
                pending = []
            if message is None or isinstance(message, Steps):
                continue
            if isinstance(message, Counting):
                self.counting.emit(message.done, message.total)
            elif isinstance(message, Counted):
                counted = CorpusCounted(
                    message.corpus_bytes,
                    message.initial_tokens,
                    message.unique_words,
                    message.special_tokens,
                    message.seconds,
                )
                self.counted.emit(counted)
            elif isinstance(message, Finished):
                if pending:
                    self.steps_ready.emit(pending)
                self.result = _result(message, job)
                self.finished.emit(self.result)
                return
            elif isinstance(message, Failed):
                self.failed.emit(_failure_kind(message), message.reason or message.message, message.details)
                return

    def _cancelled_early(self) -> TrainingResult:
        s = self.settings
        return TrainingResult(
            merges=[],
            special_tokens={token: 256 + i for i, token in enumerate(s.special_tokens)},
            pattern=s.pattern,
            record=TrainingRecord(stop_reason="cancelled before counting"),
            stop_reason="cancelled before counting",
            cancelled=True,
        )


def _result(finished: Finished, job: TrainingJob) -> TrainingResult:
    """The result, its tokenizer built here rather than in the GUI thread (an error in building it is reported
    by the window, which asks again)."""
    result = TrainingResult(**{f.name: getattr(finished, f.name) for f in fields(finished)}, job=job)
    if result.merges:
        with contextlib.suppress(Exception):
            _ = result.tokenizer
    return result


def counted_again(
    result: TrainingResult, cancelled: Callable[[], bool], progress: Callable[[int, int], None]
) -> Counts:
    """The pre-token counts ``result``'s run trained on (its first stage's, for SuperBPE), with the pattern, special
    tokens and corpus they belong to. Files of text are counted again, reporting ``progress(bytes_done,
    bytes_total)``; ``cancelled()`` is polled between pieces (:class:`~bpe_core.cancelled.Cancelled` then).

    >>> import tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp(), "c.txt")
    >>> _ = path.write_text("the cat<|endoftext|>the hat", encoding="utf-8")
    >>> from bpe_core.training.config import TrainConfig
    >>> job = TrainingJob(TrainConfig(300, ("<|endoftext|>",)), Corpus(paths=(str(path),)))
    >>> settings = {"pattern": "gpt2", "special_tokens": ["<|endoftext|>"], "errors": "strict", "encoding": "utf-8"}
    >>> result = TrainingResult([], {}, "gpt2", TrainingRecord(settings=settings), "", False, job=job)
    >>> counts = counted_again(result, lambda: False, lambda done, total: None)
    >>> sorted(counts.words.items()), counts.specials, counts.corpus_names
    ([(' cat', 1), (' hat', 1), ('the', 2)], 1, ('c.txt',))
    """
    corpus, settings = result.job.corpus, result.record.settings  # the settings the trainer was made with
    if corpus.counts:
        return read_counts(corpus.counts, pattern=settings["pattern"])
    pattern, specials = settings["pattern"], tuple(settings["special_tokens"])
    reader = CorpusReader(
        pattern=pattern, splitter=SpecialSplitter(specials), errors=settings["errors"], encoding=settings["encoding"]
    )
    info = CorpusInfo()
    pieces = _until_cancelled(reader.pieces_of_files(corpus.paths, info, progress), cancelled)
    large = info.total_bytes > 2 * reader.piece_chars  # as the trainer: worker processes only when worth it
    workers = (result.job.config.processes or 1) if large and pattern != "none" else 1
    counts = count_pieces(pieces, pattern=pattern, special_tokens=specials, processes=workers)
    return Counts(counts.words, pattern, specials, counts.specials, tuple(info.names), info.total_bytes, info.sha256)


def _until_cancelled(pieces: Iterator[str], cancelled: Callable[[], bool]) -> Iterator[str]:
    for piece in pieces:
        if cancelled():
            raise Cancelled("counting the pre-tokens again was cancelled")
        yield piece


def _failure_kind(failed: Failed) -> str:
    """The window's name for a failure: it offers to replace invalid bytes, or to read a UTF-16/32 file as such."""
    if failed.kind == "wrong-encoding":
        return f"encoding:{failed.encoding[:6]}"
    if failed.kind == "not-utf8":
        return "not-utf8"
    return "crash" if failed.kind == "crash" else "error"


class TrainingRun(WorkerThread):
    """The GUI-side handle of one training run (lives in the GUI thread; connect to its signals)."""

    counting = Signal(int, int)
    counted = Signal(object)
    steps_ready = Signal(list)
    finished = Signal(object)
    failed = Signal(str, object, str)

    def __init__(self, source: CorpusSource, settings: TrainConfig, parent=None):
        worker = TrainingWorker(source, settings)
        super().__init__(worker, "bpe-training", parent)
        self.worker: TrainingWorker = worker
        self.source = source
        self.settings = settings
        self.worker.counting.connect(self._on_counting)
        self.worker.counted.connect(self._on_counted)
        self.worker.steps_ready.connect(self._on_steps)
        self.worker.finished.connect(self._on_finished)
        self.worker.failed.connect(self._on_failed)
        self._detached = False

    def cancel(self) -> None:
        """Stop soon, keeping the merges made so far (a ``finished`` with ``cancelled=True`` follows)."""
        self.worker.cancel()

    def abandon(self, timeout_ms: int = 5000) -> tuple[bool, TrainingResult | None]:
        """The program ends (the system ends it): the training process is ended without cancelling, its merges so
        far left in its checkpoint for *Resume the interrupted run* at the next start; nothing is forwarded. Then
        the thread is waited for: a run that had just finished (its result made, not yet shown) gives its result.
        Whether the checkpoint is there to resume it, and that result (None if none)."""
        self._detached = True
        resumable = self.worker.abandon()
        self.thread.wait(timeout_ms)
        return resumable, self.worker.result

    def detach(self) -> None:
        """Cancel and stop forwarding anything: used before starting another run."""
        self._detached = True
        self.worker.cancel()

    def stop_and_wait(self, timeout_ms: int | None = 10000) -> bool:
        """Cancel, and block until the thread has ended (for closing the window). True if it ended."""
        self._detached = True
        return super().stop_and_wait(timeout_ms)

    @Slot(int, int)
    def _on_counting(self, done: int, total: int) -> None:
        if not self._detached:
            self.counting.emit(done, total)

    @Slot(object)
    def _on_counted(self, counted) -> None:
        if not self._detached:
            self.counted.emit(counted)

    @Slot(list)
    def _on_steps(self, steps: list) -> None:
        """Hand the batch to the window, then let training go on once the event loop has turned twice: the
        repaints the batch caused (pyqtgraph defers some: a scene update posts a view update, which posts the
        paint) happen while training waits."""
        if self._detached:
            self.worker.batch_taken()
            return
        try:
            self.steps_ready.emit(steps)
        finally:
            QTimer.singleShot(0, self._after_one_turn)

    @Slot()
    def _after_one_turn(self) -> None:
        QTimer.singleShot(0, self._release_worker)

    @Slot()
    def _release_worker(self) -> None:
        self.worker.batch_taken()

    @Slot(object)
    def _on_finished(self, result) -> None:
        if not self._detached:
            self.finished.emit(result)

    @Slot(str, object, str)
    def _on_failed(self, kind: str, message: object, details: str) -> None:
        if not self._detached:
            self.failed.emit(kind, message, details)
