"""Encoding off the GUI thread: one long-lived thread encodes the panes' texts and sends each pane's result back,
the quickest panes first (by how long each took last time).

Only the newest request for a pane counts (:class:`~app.common.background.latest.LatestWins`, one key per pane): the
worker skips a pane whose request has been superseded before it gets to it, and :class:`EncodeService` drops any result
that is no longer the newest, so stale tokens never reach the screen. The thread is a service of
:class:`~app.common.background.worker.WorkerThread`; results arrive as queued signals; only the GUI thread touches
widgets.

While the thread builds a slow pane's view in Python, a quick pane's result waits for the interpreter on the GUI
thread: the service asks the interpreter to hand it over every :data:`SWITCH_SECONDS` (Python's default is 5 ms;
a key's quick panes were shown 5-6 ms later behind a SentencePiece pane's view of 300,000 characters).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from app.common.background.latest import LatestWins
from app.common.background.worker import WorkerThread
from app.common.sources import PaneResult, PaneSource


@dataclass(frozen=True)
class EncodeJob:
    generation: int
    text: str
    sources: tuple[PaneSource, ...]


class _Worker(QObject):
    """Lives in the encoding thread. ``latest`` holds each pane's newest request (issued by the GUI thread)."""

    pane_done = Signal(int, object)  # generation, PaneResult
    job_done = Signal(int)

    def __init__(self, latest: LatestWins):
        super().__init__()
        self._latest = latest

    @Slot(object)
    def run(self, job: EncodeJob) -> None:
        # the quickest panes first, by their last encode: a pane that takes seconds (a library encoding a long text
        # whole at every edit) no longer holds back the keystrokes of the panes after it
        for source in sorted(job.sources, key=lambda source: source.seconds):
            if not self._latest.is_newest(job.generation, source.key):
                continue  # a newer request for this pane is queued (or the service stopped): skip this one
            self.pane_done.emit(job.generation, source.encode(job.text))
        self.job_done.emit(job.generation)


#: The longest the GUI thread waits for the interpreter while the encoding thread runs Python (sys.setswitchinterval).
SWITCH_SECONDS = 0.001


class EncodeService(QObject):
    """``request(text, sources)`` encodes in the background; ``pane_ready(PaneResult)`` delivers each pane's
    newest result, ``idle()`` is emitted when no request is outstanding. Call :meth:`shutdown` before exit."""

    pane_ready = Signal(object)
    idle = Signal()
    _submit = Signal(object)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self._latest = LatestWins()
        self._generation = 0
        self._outstanding = 0
        worker = _Worker(self._latest)
        self._submit.connect(worker.run)
        worker.pane_done.connect(self._on_pane_done)
        worker.job_done.connect(self._on_job_done)
        self._thread = WorkerThread(worker, "bpe-compare-encoder")
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_SECONDS))
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        self._thread.start()

    def request(self, text: str, sources: Sequence[PaneSource]) -> int:
        """Encode ``text`` with each source; returns the request's generation."""
        if not self._thread.is_running():
            return self._generation
        self._generation = self._latest.issue(*(source.key for source in sources))
        self._outstanding += 1
        self._submit.emit(EncodeJob(self._generation, text, tuple(sources)))
        return self._generation

    def busy(self) -> bool:
        return self._outstanding > 0

    def shutdown(self) -> None:
        """Stop the thread after the job in hand (results still queued are dropped)."""
        if self._thread.is_running():
            self._latest.retire_all()
            self._thread.stop_and_wait(None)

    def is_running(self) -> bool:
        return self._thread.is_running()

    @Slot(int, object)
    def _on_pane_done(self, generation: int, result: PaneResult) -> None:
        if self._latest.is_newest(generation, result.key) and self._thread.is_running():
            self.pane_ready.emit(result)

    @Slot(int)
    def _on_job_done(self, _generation: int) -> None:
        self._outstanding -= 1
        if self._outstanding == 0 and self._thread.is_running():
            self.idle.emit()
