"""Encoding off the GUI thread: one long-lived thread encodes the panes' texts and sends each pane's result back.

Only the newest request for a pane counts: the worker skips a pane whose request has been superseded before it
gets to it, and :class:`EncodeService` drops any result that is no longer the newest, so stale tokens never
reach the screen. Results arrive as queued signals; only the GUI thread touches widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from app.common.main_thread_gc import pin_gc_to_main_thread
from app.compare.sources import PaneResult, PaneSource


@dataclass(frozen=True)
class EncodeJob:
    generation: int
    text: str
    sources: tuple[PaneSource, ...]


class _Worker(QObject):
    """Lives in the encoding thread. ``latest`` maps pane key -> newest generation (written by the GUI thread)."""

    pane_done = Signal(int, object)  # generation, PaneResult
    job_done = Signal(int)

    def __init__(self, latest: dict[str, int]):
        super().__init__()
        self._latest = latest

    @Slot(object)
    def run(self, job: EncodeJob) -> None:
        for source in job.sources:
            if self._latest.get(source.key, 0) > job.generation:
                continue  # a newer request for this pane is queued: do not waste time on this one
            self.pane_done.emit(job.generation, source.encode(job.text))
        self.job_done.emit(job.generation)


class EncodeService(QObject):
    """``request(text, sources)`` encodes in the background; ``pane_ready(PaneResult)`` delivers each pane's
    newest result, ``idle()`` is emitted when no request is outstanding. Call :meth:`shutdown` before exit."""

    pane_ready = Signal(object)
    idle = Signal()
    _submit = Signal(object)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        pin_gc_to_main_thread()  # the encoding thread allocates a lot: no collection may start there
        self._latest: dict[str, int] = {}
        self._generation = 0
        self._outstanding = 0
        self._thread = QThread()
        self._thread.setObjectName("bpe-compare-encoder")
        self._worker = _Worker(self._latest)
        self._worker.moveToThread(self._thread)
        self._submit.connect(self._worker.run)
        self._worker.pane_done.connect(self._on_pane_done)
        self._worker.job_done.connect(self._on_job_done)
        self._thread.finished.connect(self._worker.deleteLater)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        self._thread.start()

    def request(self, text: str, sources: Sequence[PaneSource]) -> int:
        """Encode ``text`` with each source; returns the request's generation."""
        if not self._thread.isRunning():
            return self._generation
        self._generation += 1
        for source in sources:
            self._latest[source.key] = self._generation
        self._outstanding += 1
        self._submit.emit(EncodeJob(self._generation, text, tuple(sources)))
        return self._generation

    def busy(self) -> bool:
        return self._outstanding > 0

    def shutdown(self) -> None:
        """Stop the thread after the job in hand (results still queued are dropped)."""
        if self._thread.isRunning():
            self._generation += 1
            for key in self._latest:
                self._latest[key] = self._generation
            self._thread.quit()
            self._thread.wait()

    def is_running(self) -> bool:
        return self._thread.isRunning()

    @Slot(int, object)
    def _on_pane_done(self, generation: int, result: PaneResult) -> None:
        if self._latest.get(result.key) == generation and self._thread.isRunning():
            self.pane_ready.emit(result)

    @Slot(int)
    def _on_job_done(self, _generation: int) -> None:
        self._outstanding -= 1
        if self._outstanding == 0 and self._thread.isRunning():
            self.idle.emit()
