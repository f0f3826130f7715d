"""Watch a run at human pace: the engine runs ahead at full speed, its merge steps wait here and are let out to the
Train tab at ``rate`` merges a second (1–50), or all at once (:meth:`WatchPace.catch_up`). Only when they are shown;
the engine and what it makes are untouched.

>>> from PySide6.QtCore import QCoreApplication
>>> app = QCoreApplication.instance() or QCoreApplication([])
>>> pace, shown = WatchPace(rate=50), []
>>> _ = pace.released.connect(shown.extend)
>>> pace.add(["merge 0", "merge 1", "merge 2"])
>>> pace.tick(); shown, pace.waiting
(['merge 0'], 2)
>>> pace.catch_up(); shown, pace.waiting
(['merge 0', 'merge 1', 'merge 2'], 0)
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal, Slot

#: The paces offered, in merges a second.
SLOWEST, FASTEST = 1, 50


class WatchPace(QObject):
    """The steps waiting to be shown. ``released(steps)`` lets some out, in order; ``drained`` is emitted when the
    last one waiting is let out."""

    released = Signal(list)
    drained = Signal()

    def __init__(self, rate: int = 5, parent: QObject | None = None):
        super().__init__(parent)
        self.backlog: list = []
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.tick)
        self.set_rate(rate)

    @property
    def waiting(self) -> int:
        """How many steps the engine has made that are not shown yet."""
        return len(self.backlog)

    def set_rate(self, rate: int) -> None:
        """Show ``rate`` merges a second (one per tick)."""
        self.rate = max(SLOWEST, min(FASTEST, rate))
        self.timer.setInterval(round(1000 / self.rate))

    def add(self, steps: list) -> None:
        """Steps came from the engine: they wait their turn."""
        self.backlog.extend(steps)
        if self.backlog and not self.timer.isActive():
            self.timer.start()

    @Slot()
    def tick(self) -> None:
        """Let the next step out."""
        if self.backlog:
            self._release(self.backlog[:1])

    def catch_up(self) -> None:
        """Let every waiting step out at once (the live end of the run)."""
        if self.backlog:
            self._release(self.backlog)

    def clear(self) -> None:
        """Forget the steps waiting (a new run, a failed one, closing)."""
        self.backlog = []
        self.timer.stop()

    def _release(self, steps: list) -> None:
        self.backlog = self.backlog[len(steps) :]
        if not self.backlog:
            self.timer.stop()
        self.released.emit(list(steps))
        if not self.backlog:
            self.drained.emit()
