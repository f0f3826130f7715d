"""When the Train tab paints what a run sends, so that the event loop never waits for a whole window.

A *frame* is cut into *pieces* (the merges table, then each chart): while merge steps keep arriving, one piece is
painted at most every ``piece_ms``, the next one in turn; when they stop coming for ``idle_ms`` (a slow merge, the
end of a run), a whole frame is painted, one piece per ``piece_ms``. Other work that must not freeze the window
(clearing the views when a run starts, redrawing every chart when it ends) runs *in turns* the same way: one job
per ``piece_ms``, with the event loop, and Qt's painting, in between.

>>> from PySide6.QtCore import QCoreApplication
>>> app = QCoreApplication.instance() or QCoreApplication([])
>>> painted = []
>>> frames = FrameScheduler([lambda: painted.append("table"), lambda: painted.append("chart")], piece_ms=0)
>>> frames.steps_arrived(); frames.steps_arrived(); painted
['table', 'chart']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from PySide6.QtCore import QObject, QTimer, Slot


class FrameScheduler(QObject):
    """Paints ``pieces`` (callables, in order) in turns; see the module's documentation."""

    def __init__(
        self,
        pieces: Sequence[Callable[[], None]],
        *,
        piece_ms: int = 30,
        idle_ms: int = 400,
        parent: QObject | None = None,
    ):
        super().__init__(parent)
        self.pieces = list(pieces)
        self.piece_ms = piece_ms
        self.painted = 0  # pieces painted since the run began: the next one is pieces[painted % len(pieces)]
        self.last_piece = 0.0
        self.turns: list[Callable[[], None]] = []
        self.stopped = False
        self.idle_timer = QTimer(self)
        self.idle_timer.setSingleShot(True)
        self.idle_timer.setInterval(idle_ms)
        self.idle_timer.timeout.connect(self.paint_frame)
        self.turn_timer = QTimer(self)
        self.turn_timer.setInterval(piece_ms)
        self.turn_timer.timeout.connect(self._next_turn)

    def start_run(self, *jobs: Callable[[], None]) -> None:
        """A run begins: count pieces from the table again, and run ``jobs`` (clearing the old run's views) in
        turns instead of whatever was waiting."""
        self.painted = 0
        self.turns = list(jobs)
        self.turn_timer.start()

    def steps_arrived(self) -> None:
        """Steps came in: paint the next piece now if one is due, and a whole frame once they stop coming."""
        self.idle_timer.start()  # restarted by every batch: it fires once they stop coming
        if time.perf_counter() - self.last_piece >= self.piece_ms / 1000:
            self.paint_piece()

    def paint_piece(self) -> None:
        """Paint the next piece of the frame."""
        self.last_piece = time.perf_counter()
        piece = self.pieces[self.painted % len(self.pieces)]
        self.painted += 1
        piece()

    @Slot()
    def paint_frame(self) -> None:
        """Paint a whole frame in turns, from its first piece (the table, which takes in the pending steps)."""
        self.painted -= self.painted % len(self.pieces)
        self.in_turns(*[self.paint_piece] * len(self.pieces))

    def in_turns(self, *jobs: Callable[[], None]) -> None:
        """Run ``jobs`` after those waiting, one per ``piece_ms`` (a timer, not a queued call: the event loop
        serves its timers between two jobs, and Qt paints what each one changed before the next)."""
        self.turns.extend(jobs)
        if not self.turn_timer.isActive():
            self.turn_timer.start()

    def instead(self, *jobs: Callable[[], None]) -> None:
        """Run ``jobs`` in turns in place of whatever was waiting (the end of a run replaces its frames)."""
        self.turns = list(jobs)
        self.turn_timer.start()

    def busy(self) -> bool:
        """True while jobs wait for their turn."""
        return bool(self.turns)

    def stop(self) -> None:
        """Nothing more is painted or run (the tab is closing)."""
        self.stopped = True
        self.turns = []
        self.idle_timer.stop()
        self.turn_timer.stop()

    @Slot()
    def _next_turn(self) -> None:
        if self.turns and not self.stopped:
            self.turns.pop(0)()
        if not self.turns:
            self.turn_timer.stop()
