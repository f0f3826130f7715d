"""Run one function off the GUI thread and get its result back as a signal (for short jobs such as encoding a
held-out text). A newer job supersedes an older one: only the latest job's result is delivered.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThread, Signal, Slot

from app.common import gil


class _Job(QObject):
    result = Signal(int, object)  # job id, value
    failed = Signal(int, str, str)  # job id, message, details

    def __init__(self, job_id: int, function: Callable[[], Any]):
        super().__init__()
        self.job_id = job_id
        self.function = function

    @Slot()
    def run(self) -> None:
        try:
            value = self.function()
        except Exception as exc:  # noqa: BLE001  (reported to the GUI, never raised in the thread)
            self.failed.emit(self.job_id, str(exc), traceback.format_exc())
        else:
            self.result.emit(self.job_id, value)


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
        self._jobs = {k: v for k, v in self._jobs.items() if v[0].isRunning()}  # forget finished jobs
        thread = QThread()
        thread.setObjectName("bpe-background")
        job = _Job(job_id, function)
        job.moveToThread(thread)
        thread.started.connect(job.run)
        job.result.connect(self._on_result)
        job.failed.connect(self._on_failed)
        job.result.connect(thread.quit)
        job.failed.connect(thread.quit)
        thread.finished.connect(self._on_thread_finished)
        self._jobs[job_id] = (thread, job)
        gil.busy()
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

    @Slot()
    def _on_thread_finished(self) -> None:
        gil.idle()

    @Slot(int, object)
    def _on_result(self, job_id: int, value: Any) -> None:
        if job_id == self._latest:
            self.result.emit(value)

    @Slot(int, str, str)
    def _on_failed(self, job_id: int, message: str, details: str) -> None:
        if job_id == self._latest:
            self.failed.emit(message, details)
