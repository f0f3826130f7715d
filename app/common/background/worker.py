"""The one way the app runs work off the GUI thread: a worker object moved into its own named ``QThread``, owned
by a :class:`WorkerThread` handle that lives in the GUI thread.

- A :class:`Task` runs once: ``work()`` runs in the thread as soon as it starts, signals carry its results (queued
  to the GUI thread, where only widgets are touched), ``cancel()`` may be called from any thread and the work
  checks ``cancelled`` between steps. The thread ends when the work returns. While it runs, the GUI thread waits
  less for the GIL (:mod:`app.common.background.gil`).
- Any other ``QObject`` is a service: the thread runs an event loop and the object's slots, reached by queued
  signals, run there one request after another (see :mod:`app.compare.encode_worker`).

Stale results are dropped with :class:`app.common.background.latest.LatestWins`. ``stop_and_wait()`` is for closing: no
thread outlives the widget that started it.

>>> from PySide6.QtCore import Qt
>>> class Square(Task):
...     result = Signal(int)
...     def __init__(self, n):
...         super().__init__()
...         self.n = n
...     def work(self):
...         self.result.emit(self.n * self.n)
>>> handle = WorkerThread(Square(7), "doc-square")
>>> got = []
>>> _ = handle.task.result.connect(got.append, Qt.ConnectionType.DirectConnection)
>>> handle.start(); handle.stop_and_wait()
True
>>> got
[49]
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QThread, Signal, Slot

from app.common.background import gil


class Task(QObject):
    """Work for one thread: subclass it, declare signals for the results, implement :meth:`work`."""

    ended = Signal()  # always last, from the worker thread, whatever happened

    def __init__(self) -> None:
        super().__init__()
        self._cancel = threading.Event()

    def work(self) -> None:
        """Runs in the worker thread. Report through signals; never touch a widget here."""
        raise NotImplementedError

    def cancel(self) -> None:
        """Ask the work to stop at its next check (callable from any thread)."""
        self._cancel.set()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    @Slot()
    def execute(self) -> None:
        try:
            self.work()
        finally:
            self.ended.emit()


class WorkerThread(QObject):
    """The GUI-side handle of one worker thread: ``start()``, ``cancel()``, ``stop_and_wait()``; ``stopped(self)``
    is emitted in the GUI thread once the thread has ended."""

    stopped = Signal(object)

    def __init__(self, worker: QObject, name: str, parent: QObject | None = None):
        super().__init__(parent)
        self.worker = worker
        self.thread = QThread()
        self.thread.setObjectName(name)
        worker.moveToThread(self.thread)
        self._gil_busy = False
        if isinstance(worker, Task):
            self.thread.started.connect(worker.execute)
            worker.ended.connect(self.thread.quit)
        else:
            self.thread.finished.connect(worker.deleteLater)
        self.thread.finished.connect(self._on_thread_finished)

    @property
    def task(self) -> Task:
        assert isinstance(self.worker, Task)
        return self.worker

    def start(self) -> None:
        if isinstance(self.worker, Task):  # a service waits for requests most of the time: no GIL policy
            gil.busy()
            self._gil_busy = True
        self.thread.start()

    def is_running(self) -> bool:
        return self.thread.isRunning()

    def cancel(self) -> None:
        if isinstance(self.worker, Task):
            self.worker.cancel()

    def stop_and_wait(self, timeout_ms: int | None = 10000) -> bool:
        """Cancel, end the thread's event loop and block until the thread has ended (``None``: however long it
        takes). True if it ended."""
        self.cancel()
        self.thread.quit()
        ended = self.thread.wait() if timeout_ms is None else self.thread.wait(timeout_ms)
        if ended:
            self._release_gil()
        return ended

    def _release_gil(self) -> None:
        if self._gil_busy:
            self._gil_busy = False
            gil.idle()

    @Slot()
    def _on_thread_finished(self) -> None:
        self._release_gil()
        self.stopped.emit(self)
