"""Run one function off the GUI thread and get its result back as a signal (for short jobs such as encoding a
held-out text). A newer job supersedes an older one: only the latest job's result is delivered.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot


class _Job(QObject):
    result = Signal(object)
    failed = Signal(str, str)

    def __init__(self, function: Callable[[], Any]):
        super().__init__()
        self.function = function

    @Slot()
    def run(self) -> None:
        try:
            value = self.function()
        except Exception as exc:  # reported to the GUI, never raised in the thread
            self.failed.emit(str(exc), traceback.format_exc())
        else:
            self.result.emit(value)


class BackgroundRunner(QObject):
    """``submit(fn)`` runs ``fn()`` in a fresh thread; ``result``/``failed`` report the latest job only."""

    result = Signal(object)
    failed = Signal(str, str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._jobs: dict[int, tuple[QThread, _Job]] = {}
        self._latest = 0

    def submit(self, function: Callable[[], Any]) -> None:
        self._latest += 1
        job_id = self._latest
        thread = QThread()
        job = _Job(function)
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.result.connect(self._on_result)
        job.failed.connect(self._on_failed)
        job.result.connect(thread.quit)
        job.failed.connect(thread.quit)
        thread.finished.connect(self._on_thread_finished)
        job.setProperty("job_id", job_id)
        thread.setProperty("job_id", job_id)
        self._jobs[job_id] = (thread, job)
        thread.start()

    def busy(self) -> bool:
        return any(thread.isRunning() for thread, _ in self._jobs.values())

    def wait_all(self, timeout_ms: int = 10000) -> None:
        """Block until every job's thread has ended (for closing the window)."""
        self._latest += 1  # nothing still running will be delivered
        for thread, _ in list(self._jobs.values()):
            thread.quit()
            thread.wait(timeout_ms)
        self._jobs.clear()

    @Slot(object)
    def _on_result(self, value: Any) -> None:
        if self.sender().property("job_id") == self._latest:
            self.result.emit(value)

    @Slot(str, str)
    def _on_failed(self, message: str, details: str) -> None:
        if self.sender().property("job_id") == self._latest:
            self.failed.emit(message, details)

    @Slot()
    def _on_thread_finished(self) -> None:
        job_id = self.sender().property("job_id")
        self._jobs.pop(job_id, None)
