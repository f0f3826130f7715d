"""The main window's tabs following the Teach window's replay of our run: at each merge the replay shows, the Train
tab selects (and scrolls to) its row, the pair chart marks it, and our tokenizer goes into the session at that
step -- before the merge, with the pair about to merge (:attr:`Own.next_pair <app.common.session.Own>`), then
after it, the pair fused. The replay may play 50 merges a second: the tabs follow at most every
:data:`FOLLOW_MS`, or twice as long as showing a frame took (the newest frame, the ones in between skipped), so
that following never takes more than a third of the window's time. When the replay is left, every tab goes back to
the step it showed before, and the status bar says so.

>>> from app.common.session import Session
>>> class Run: merges = [(b"a", b"b")] * 20
>>> following, run = ReplayFollowing.__new__(ReplayFollowing), Run()
>>> following.frame, following.tokenizer = (9, False), run
>>> following.step_at(9, run)
(9, (b'a', b'b'))
>>> following.step_at(4, run) is None  # the table's row was clicked meanwhile
True
>>> following.step_at(9, Run()) is None  # another run: trained since
True
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Slot

#: The tabs follow a replay at most this often (25 frames a second).
FOLLOW_MS = 40


class ReplayFollowing(QObject):
    """Makes ``train_tab`` follow a replay; ``say(text)`` shows a passing message (the status bar's)."""

    def __init__(self, train_tab, say: Callable[[str], None], parent: QObject | None = None):
        super().__init__(parent)
        self.train_tab = train_tab
        self.say = say
        self.frame: tuple[int, bool] | None = None  # the replay's merge and whether it is fused, while followed
        self.tokenizer = None  # the run followed (the Train tab's when the replay began)
        self._shown: tuple[int, bool] | None = None  # the frame the tabs show
        self._back_to: int | None = None  # the Train tab's step before the replay (None: none chosen)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(FOLLOW_MS)
        self.timer.timeout.connect(self._catch_up)

    @Slot(int, bool)
    def follow(self, rank: int, fused: bool) -> None:
        """The replay shows merge ``rank`` (``fused``: after it): the tabs show it now, or at the next turn."""
        if self.frame is None:
            self._back_to, self.tokenizer = self.train_tab.current_rank, self.train_tab.tokenizer
        self.frame = (rank, fused)
        if not self.timer.isActive():
            self._show()
            self.timer.start()

    @Slot()
    def _catch_up(self) -> None:
        if self.frame is not None and self.frame != self._shown:
            self._show()
            self.timer.start()

    def _show(self) -> None:
        self._shown = self.frame
        started = time.perf_counter()
        self.train_tab.show_replayed(self.frame[0])
        self.timer.setInterval(max(FOLLOW_MS, round(2000 * (time.perf_counter() - started))))

    def step_at(self, rank: int | None, tokenizer) -> tuple[int, tuple | None] | None:
        """The step at which ``tokenizer`` (the Train tab's) is shown, and the pair about to merge, when its
        current merge ``rank`` is the replay's (None: it is not followed, the user chose another row, or it is
        another run)."""
        if self.frame is None or rank != self.frame[0] or tokenizer is not self.tokenizer:
            return None
        rank, fused = self.frame
        return (rank + 1, None) if fused else (rank, tuple(tokenizer.merges[rank]))

    @Slot()
    def leave(self) -> None:
        """The replay is no longer followed: the tabs go back to the step they showed before it (not while a new
        run trains: it is shown as it comes)."""
        if self.frame is None:
            return
        self.timer.stop()
        self.frame = self._shown = None
        tab, back, followed = self.train_tab, self._back_to, self.tokenizer
        self.tokenizer = None
        if tab.training or tab.tokenizer is not followed:
            return  # another run is shown: it keeps its own step
        if back is None or back + 1 >= tab.tokenizer.merge_count:
            tab.show_replayed(None)
            self.say(self.tr("Replay left: every tab shows the whole run again."))
        else:
            tab.show_replayed(back)
            self.say(
                self.tr("Replay left: every tab is back at merge {rank}, as before the replay.").format(
                    rank=f"{back + 1:,}"
                )
            )
