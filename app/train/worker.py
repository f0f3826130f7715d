"""Training off the GUI thread: a :class:`~app.common.worker.Task` consumes the trainer's steps and sends them to
the GUI in batches, at most ~30 times a second, never one signal per merge.

:class:`TrainingRun` is the GUI-side handle of one run (a :class:`~app.common.worker.WorkerThread`): it forwards
the worker's signals (only for the current run, so a cancelled run's late batches never arrive), cancels, and
stops cleanly on close.
"""

from __future__ import annotations

import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QTimer, Signal, Slot

from app.common.worker import Task, WorkerThread
from app.train.corpus_sources import CorpusSource
from app.train.settings import TrainSettings
from bpe_core import BpeTrainer, CorpusError, PatternError, TrainingCancelled
from bpe_core.corpus import NotUtf8Error, WrongEncodingError
from bpe_core.steps import TrainingRecord
from bpe_core.tokenizer import Tokenizer

FLUSH_SECONDS = 1 / 30
#: Longest pause of training while the GUI shows a batch.
MAX_PAUSE_SECONDS = 0.5


@dataclass
class TrainingResult:
    """What a finished (or cancelled) run produced, straight from the trainer."""

    vocab: dict[int, bytes]
    merges: list[tuple[bytes, bytes]]
    special_tokens: dict[str, int]
    pattern: str
    record: TrainingRecord
    stop_reason: str
    cancelled: bool
    seconds: float = 0.0

    def tokenizer(self) -> Tokenizer:
        """The trained tokenizer, carrying its training record (saved with it)."""
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
    """Runs one training in whatever thread it lives in. ``cancel()`` may be called from any thread."""

    counting = Signal(int, int)  # bytes done, bytes total
    counted = Signal(object)  # CorpusCounted
    steps_ready = Signal(list)  # a batch of MergeStep, in rank order
    finished = Signal(object)  # TrainingResult
    failed = Signal(
        str, str, str
    )  # kind ("not-utf8", "encoding:utf-16" or "encoding:utf-32", or "error"), plain message, details

    def __init__(
        self,
        source: CorpusSource,
        settings: TrainSettings,
        flush_seconds: float = FLUSH_SECONDS,
    ):
        super().__init__()
        self.source = source
        self.settings = settings
        self.flush_seconds = flush_seconds
        self._lock = threading.Lock()
        self._trainer: BpeTrainer | None = None
        # Set by the GUI thread once it has shown the last batch (see _hand_over).
        self._delivered = threading.Event()

    def cancel(self) -> None:
        with self._lock:
            super().cancel()
            if self._trainer is not None:
                self._trainer.cancel()
        self._delivered.set()  # never leave the worker waiting for a GUI that is gone

    def batch_taken(self) -> None:
        """Called by the GUI thread once it has shown a batch: training goes on."""
        self._delivered.set()

    def _hand_over(self, batch: list) -> None:
        """Send a batch and pause until the GUI thread has shown it (at most ``MAX_PAUSE_SECONDS``).

        While the window draws, training holds nothing the GUI thread needs: otherwise each of the many calls
        from Qt into Python during a repaint could wait for the GIL behind a long array operation of the merge
        engine, and one frame would freeze the window for hundreds of milliseconds.
        """
        self._delivered.clear()
        self.steps_ready.emit(batch)
        self._delivered.wait(MAX_PAUSE_SECONDS)

    def work(self) -> None:
        started = time.perf_counter()
        try:
            self._run(started)
        except TrainingCancelled:
            self.finished.emit(self._result(started, cancelled=True))
        except WrongEncodingError as exc:  # a byte-order mark: the GUI offers to read it in that encoding
            self.failed.emit(f"encoding:{exc.encoding[:6]}", str(exc), traceback.format_exc())
        except NotUtf8Error as exc:
            self.failed.emit("not-utf8", str(exc), traceback.format_exc())
        except CorpusError as exc:
            self.failed.emit("error", str(exc), traceback.format_exc())
        except (PatternError, ValueError, OSError) as exc:
            self.failed.emit("error", str(exc), traceback.format_exc())
        except Exception as exc:  # noqa: BLE001  (a bug: report it rather than lose the thread)
            self.failed.emit("error", f"Training failed unexpectedly: {exc}", traceback.format_exc())

    def _run(self, started: float) -> None:
        s = self.settings
        trainer = BpeTrainer(
            s.vocab_size,
            s.special_tokens,
            pattern=s.pattern,
            processes=s.processes,
            errors=self.source.errors,
            encoding=self.source.encoding,
        )
        with self._lock:
            self._trainer = trainer
            if self.cancelled:
                trainer.cancel()
        paths: list[Path] = self.source.files_to_read()
        if trainer.cancelled:
            raise TrainingCancelled("cancelled before counting")
        last = [0.0]

        def progress(done: int, total: int) -> None:
            now = time.perf_counter()
            if now - last[0] >= self.flush_seconds or done >= total:
                last[0] = now
                self.counting.emit(done, total)

        trainer.count_files(paths, progress=progress)
        record = trainer.record
        self.counted.emit(
            CorpusCounted(
                record.corpus_bytes,
                record.initial_tokens,
                record.unique_words,
                trainer.special_tokens,
                time.perf_counter() - started,
            )
        )
        batch: list = []
        last_flush = time.perf_counter()
        for step in trainer.steps():
            batch.append(step)
            if time.perf_counter() - last_flush >= self.flush_seconds:
                self._hand_over(batch)
                batch, last_flush = [], time.perf_counter()
        if batch:
            self.steps_ready.emit(batch)
        self.finished.emit(self._result(started, cancelled=trainer.cancelled))

    def _result(self, started: float, cancelled: bool) -> TrainingResult:
        t = self._trainer
        assert t is not None
        return TrainingResult(
            vocab=t.vocab,
            merges=list(t.merges),
            special_tokens=t.special_tokens,
            pattern=t.pattern,
            record=t.record,
            stop_reason=t.stop_reason or "cancelled while counting",
            cancelled=cancelled,
            seconds=time.perf_counter() - started,
        )


class TrainingRun(WorkerThread):
    """The GUI-side handle of one training run (lives in the GUI thread; connect to its signals)."""

    counting = Signal(int, int)
    counted = Signal(object)
    steps_ready = Signal(list)
    finished = Signal(object)
    failed = Signal(str, str, str)

    def __init__(self, source: CorpusSource, settings: TrainSettings, parent=None):
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

    @Slot(str, str, str)
    def _on_failed(self, kind: str, message: str, details: str) -> None:
        if not self._detached:
            self.failed.emit(kind, message, details)
