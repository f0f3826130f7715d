"""One kind of job off the GUI thread (a vocabulary analysis or filter, a regex check, a held-out measure, the
Teach window's tokenizer made ready): ``submit(fn)`` runs ``fn(cancelled, progress)`` as a
:class:`~app.common.background.worker.Task` on a thread of its own; a newer job cancels the older one and only the
newest job's ``result``, ``failed``, ``cancelled`` and ``progress`` come through
(:class:`~app.common.background.latest.LatestWins`).

``fn`` polls ``cancelled()`` (a callable returning a bool) and may call ``progress(done, total)``; it raises
:class:`~bpe_core.cancelled.Cancelled` to stop. ``call(fn)`` is for a short job that neither
polls nor reports: it runs ``fn()``.

>>> from PySide6.QtCore import QCoreApplication
>>> app = QCoreApplication.instance() or QCoreApplication([])
>>> jobs, got = Jobs("doc"), []
>>> _ = jobs.result.connect(got.append)
>>> jobs.submit(lambda cancelled, progress: 6 * 7)
>>> while jobs.busy():
...     QCoreApplication.processEvents()
>>> jobs.wait_all()
>>> got
[42]
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from app.common.background.latest import LatestWins
from app.common.background.worker import Task, WorkerThread
from app.common.wording.engine_messages import said_by
from bpe_core.cancelled import Cancelled

Job = Callable[[Callable[[], bool], Callable[[int, int], None]], Any]


class _JobTask(Task):
    result = Signal(int, object)
    failed = Signal(int, object, str)  # ticket, what the job said (a bpe_core Message or text), details
    was_cancelled = Signal(int)
    progressed = Signal(int, int, int)

    def __init__(self, ticket: int, job: Job):
        super().__init__()
        self.ticket, self.job = ticket, job

    def work(self) -> None:
        try:
            value = self.job(lambda: self.cancelled, self._progress)
        except Cancelled:
            self.was_cancelled.emit(self.ticket)
        except Exception as exc:  # noqa: BLE001  (reported to the GUI, never raised in the thread)
            self.failed.emit(self.ticket, said_by(exc), traceback.format_exc())
        else:
            self.result.emit(self.ticket, value)

    def _progress(self, done: int, total: int) -> None:
        self.progressed.emit(self.ticket, done, total)


class Jobs(QObject):
    """Runs jobs of one kind, newest wins; ``busy()`` until the newest job has reported."""

    result = Signal(object)
    failed = Signal(object, str)  # what the job said (see engine_messages.said_by), details
    cancelled = Signal()
    progress = Signal(int, int)

    def __init__(self, name: str, parent: QObject | None = None):
        super().__init__(parent)
        self.name = name
        self._threads: list[WorkerThread] = []
        self._latest = LatestWins()
        self._running = False
        self._closed = False

    def submit(self, job: Job) -> None:
        """Run ``job`` in a new thread, cancelling the job before it (nothing once :meth:`wait_all` has closed)."""
        if self._closed:  # the tab is closing: a thread started now would outlive it
            return
        for thread in self._threads:
            thread.cancel()
        task = _JobTask(self._latest.issue(), job)
        task.result.connect(self._on_result)
        task.failed.connect(self._on_failed)
        task.was_cancelled.connect(self._on_cancelled)
        task.progressed.connect(self._on_progress)
        thread = WorkerThread(task, f"bpe-{self.name}", self)
        thread.stopped.connect(self._forget)
        self._threads.append(thread)
        self._running = True
        thread.start()

    def call(self, function: Callable[[], Any]) -> None:
        """Run ``function()`` as the newest job (for a short job that neither polls nor reports progress)."""
        self.submit(lambda _cancelled, _progress: function())

    def cancel(self) -> None:
        """Ask the running job to stop (``cancelled`` follows when it does)."""
        for thread in self._threads:
            thread.cancel()

    def busy(self) -> bool:
        """True from ``submit`` until the newest job has reported."""
        return self._running

    def wait_all(self, timeout_ms: int = 10000) -> None:
        """Cancel every job and wait for its thread (for closing); nothing still running is delivered and nothing
        is started afterwards."""
        self._closed = True
        self._latest.retire_all()
        self._running = False
        for thread in list(self._threads):
            thread.stop_and_wait(timeout_ms)

    @Slot(object)
    def _forget(self, thread: WorkerThread) -> None:
        if thread in self._threads:
            self._threads.remove(thread)
            thread.deleteLater()

    def _newest(self, ticket: int) -> bool:
        if not self._latest.is_newest(ticket):
            return False
        self._running = False
        return True

    @Slot(int, object)
    def _on_result(self, ticket: int, value: Any) -> None:
        if self._newest(ticket):
            self.result.emit(value)

    @Slot(int, object, str)
    def _on_failed(self, ticket: int, message: object, details: str) -> None:
        if self._newest(ticket):
            self.failed.emit(message, details)

    @Slot(int)
    def _on_cancelled(self, ticket: int) -> None:
        if self._newest(ticket):
            self.cancelled.emit()

    @Slot(int, int, int)
    def _on_progress(self, ticket: int, done: int, total: int) -> None:
        if self._latest.is_newest(ticket):
            self.progress.emit(done, total)
