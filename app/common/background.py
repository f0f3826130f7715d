"""Run one function off the GUI thread and get its result back as a signal (for short jobs such as encoding a
held-out text or checking a regex on a sample). A newer job supersedes an older one: only the latest job's result
is delivered (:class:`~app.common.latest.LatestWins`). Each job is a :class:`~app.common.worker.Task` on its own
thread.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from app.common.latest import LatestWins
from app.common.worker import Task, WorkerThread


class _Call(Task):
    result = Signal(int, object)  # ticket, value
    failed = Signal(int, str, str)  # ticket, message, details

    def __init__(self, ticket: int, function: Callable[[], Any]):
        super().__init__()
        self.ticket = ticket
        self.function = function

    def work(self) -> None:
        try:
            value = self.function()
        except Exception as exc:  # noqa: BLE001  (reported to the GUI, never raised in the thread)
            self.failed.emit(self.ticket, str(exc), traceback.format_exc())
        else:
            self.result.emit(self.ticket, value)


class BackgroundRunner(QObject):
    """``submit(fn)`` runs ``fn()`` in a fresh thread; ``result``/``failed`` report the latest job only."""

    result = Signal(object)
    failed = Signal(str, str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._jobs: list[WorkerThread] = []
        self._latest = LatestWins()
        self._closed = False

    def submit(self, function: Callable[[], Any]) -> None:
        if self._closed:  # the widget is closing: a thread started now would outlive it
            return
        call = _Call(self._latest.issue(), function)
        call.result.connect(self._on_result)
        call.failed.connect(self._on_failed)
        job = WorkerThread(call, "bpe-background", self)
        job.stopped.connect(self._forget)
        self._jobs.append(job)
        job.start()

    def busy(self) -> bool:
        return any(job.is_running() for job in self._jobs)

    def wait_all(self, timeout_ms: int = 10000) -> None:
        """Block until every job's thread has ended (for closing the window); nothing still running is delivered
        and nothing submitted afterwards (by a timer that fires late) is started."""
        self._closed = True
        self._latest.retire_all()
        for job in self._jobs:
            job.stop_and_wait(timeout_ms)

    @Slot(object)
    def _forget(self, job: WorkerThread) -> None:
        if job in self._jobs:
            self._jobs.remove(job)
            job.deleteLater()

    @Slot(int, object)
    def _on_result(self, ticket: int, value: Any) -> None:
        if self._latest.is_newest(ticket):
            self.result.emit(value)

    @Slot(int, str, str)
    def _on_failed(self, ticket: int, message: str, details: str) -> None:
        if self._latest.is_newest(ticket):
            self.failed.emit(message, details)
