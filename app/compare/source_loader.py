"""Loading the Compare tab's added tokenizers off the GUI thread: a 150k-vocabulary ``tokenizer.json`` takes a
second, a model id may be a download. Each load is a :class:`~app.common.background.worker.Task` on its own thread; any
number run at once (one per pane), the newest request for a pane wins, and a cancelled load's result is dropped when it
arrives (a library call cannot be interrupted, and :meth:`SourceLoader.shutdown` waits for it; a model's download
runs in a process of its own, stopped at once by Cancel).

A source that needs a pre-tokenization pattern (a ``.tiktoken`` file, GPT-2 files: the engine's
:func:`bpe_core.formats.takes_pattern`, which reads the file) and was given none is not loaded: ``needs_pattern``
asks the GUI for one, which loads it again with the user's choice.
"""

from __future__ import annotations

import traceback

from PySide6.QtCore import QObject, Signal, Slot

from app.common.background.latest import LatestWins
from app.common.background.worker import Task, WorkerThread
from app.common.sources import load_source
from app.common.wording.engine_messages import said_by
from bpe_core import formats


class _Load(Task):
    loaded = Signal(int, str, object)  # ticket, key, PaneSource
    failed = Signal(int, str, object, str)  # ticket, key, what it said (engine_messages.said_by), details
    needs_pattern = Signal(int, str)  # ticket, key

    def __init__(self, ticket: int, key: str, source: str, pattern: str | None):
        super().__init__()
        self.ticket, self.key, self.source, self.pattern = ticket, key, source, pattern

    def work(self) -> None:
        try:
            if self.pattern is None and formats.takes_pattern(self.source):
                self.needs_pattern.emit(self.ticket, self.key)
                return
            value = load_source(self.source, self.pattern, cancelled=lambda: self.cancelled)
            value.tokenizer.merges  # noqa: B018  derived here (seconds for 200k ranks), not when Teach opens
        except Exception as exc:  # noqa: BLE001  (reported to the GUI, never raised in the thread)
            self.failed.emit(self.ticket, self.key, said_by(exc), traceback.format_exc())
        else:
            self.loaded.emit(self.ticket, self.key, value)


class SourceLoader(QObject):
    """``load(key, source, pattern)`` loads in the background; ``loaded(key, PaneSource)``, ``failed(key, message,
    details)`` or ``needs_pattern(key, source)`` report the newest request for ``key``, in the GUI thread."""

    loaded = Signal(str, object)
    failed = Signal(str, object, str)
    needs_pattern = Signal(str, str)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._latest = LatestWins()
        self._jobs: list[WorkerThread] = []
        self._sources: dict[str, str] = {}  # key -> source, while its load is under way

    def load(self, key: str, source: str, pattern: str | None = None) -> None:
        task = _Load(self._latest.issue(key), key, source, pattern)
        task.loaded.connect(self._on_loaded)
        task.failed.connect(self._on_failed)
        task.needs_pattern.connect(self._on_needs_pattern)
        job = WorkerThread(task, "bpe-compare-load", self)
        job.stopped.connect(self._forget)
        self._jobs.append(job)
        self._sources[key] = source
        job.start()

    def cancel(self, key: str) -> None:
        """Drop the load under way for ``key`` (its thread ends when the library call returns)."""
        self._latest.issue(key)  # makes the running load's ticket stale
        self._sources.pop(key, None)
        for job in self._jobs:
            if job.task.key == key:
                job.cancel()

    def loading(self, key: str) -> bool:
        return key in self._sources

    def busy(self) -> bool:
        return any(job.is_running() for job in self._jobs)

    def shutdown(self, timeout_ms: int = 30000) -> None:
        """Drop every load and wait for their threads (for closing the view)."""
        self._latest.retire_all()
        self._sources.clear()
        for job in list(self._jobs):
            job.stop_and_wait(timeout_ms)

    @Slot(object)
    def _forget(self, job: WorkerThread) -> None:
        if job in self._jobs:
            self._jobs.remove(job)
            job.deleteLater()

    def _current(self, ticket: int, key: str) -> bool:
        return self._latest.is_newest(ticket, key) and key in self._sources

    @Slot(int, str, object)
    def _on_loaded(self, ticket: int, key: str, source) -> None:
        if self._current(ticket, key):
            del self._sources[key]
            self.loaded.emit(key, source)

    @Slot(int, str, object, str)
    def _on_failed(self, ticket: int, key: str, message: object, details: str) -> None:
        if self._current(ticket, key):
            del self._sources[key]
            self.failed.emit(key, message, details)

    @Slot(int, str)
    def _on_needs_pattern(self, ticket: int, key: str) -> None:
        if self._current(ticket, key):
            self.needs_pattern.emit(key, self._sources.pop(key))
