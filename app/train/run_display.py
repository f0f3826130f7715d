"""How the Train tab shows a run: the steps it delivers painted a frame at a time (the merges table, then each
chart), or let out at the watch pace; the current step (a selected row) marked on the charts; the charts redrawn
for the whole run once it ends.

:class:`RunDisplay` is a part of :class:`~app.train.train_tab.TrainTab` (a mixin: it uses the tab's widgets and
state, e.g. ``self.history``, ``self.table``, the charts); the run's start and end are
:class:`~app.train.run_lifecycle.RunLifecycle`'s. For example, ``tab.select_rank(9)`` makes the tenth merge current
and ``tab.catch_up()`` shows every merge a watched run has made.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QItemSelection, Slot

from app.train.charts import CompressionChart, MergeCountChart

#: While training, a piece of a frame (see ``RunDisplay._on_steps``) is painted at most this often. A frame has four
#: pieces (the table, then each chart), so each is repainted about every 4 x 30 ms: 8 times a second.
PIECE_MS = 30


class RunDisplay:
    """Paint a run's steps and the current step (a part of :class:`~app.train.train_tab.TrainTab`).

    A mixin, not an object of its own: it paints the state the run's lifecycle sets (``history``, the steps
    still ``_pending``, ``current_rank``) into the tab's table and charts.
    """

    @Slot(list)
    def _on_steps(self, steps: list) -> None:
        """Take a batch of steps and, if one is due, paint the next piece of a frame.

        Training runs in another process; the next batch is sent once the event loop has turned twice more
        (``TrainingRun._on_steps``), so deferred repaints happen first. A piece (the table or a chart:
        :meth:`_paint_table`, :meth:`_paint_pairs`, ...) is painted here, at once, at most every ``PIECE_MS``, by
        :meth:`~app.train.frame_scheduler.FrameScheduler.steps_arrived`.
        """
        if self.watch.watch.isChecked():
            self.pace.add(steps)
        else:
            self._pending.extend(steps)
        if self._phase is not None:
            self._phase.update(self._made(), time.perf_counter())
        if self.pace.waiting:
            self._show_behind()
        else:
            self.frames.steps_arrived()

    # --- watch mode: the steps shown at a pace ---------------------------------------------------------------
    def _made(self) -> int:
        """How many merges the engine has made in this run (shown or not)."""
        return len(self.history) + len(self._pending) + self.pace.waiting

    def _show_behind(self) -> None:
        self.watch.show_behind(len(self.history), self._made(), self._finished is not None)

    @Slot(list)
    def _on_released(self, steps: list) -> None:
        """Steps let out at the watch pace: a whole frame for them (the table first), unless one is still being
        painted (at 50 merges a second: the next frame takes in the steps released meanwhile)."""
        self._pending.extend(steps)
        if not self.frames.busy():
            self.frames.paint_frame()

    @Slot()
    def _on_drained(self) -> None:
        """Every step made is shown: a run the engine finished meanwhile is shown finished now."""
        if self._finished is not None:
            result, self._finished = self._finished, None
            self._on_finished(result)

    @Slot()
    def catch_up(self) -> None:
        """Show every merge the engine has made (watch mode goes on at its pace from there)."""
        self.pace.catch_up()

    @Slot(bool)
    def _on_watch_toggled(self, on: bool) -> None:
        if not on:
            self.catch_up()

    # The pieces of a frame (see FrameScheduler): each marks only its own widgets for repainting, painted by Qt
    # right after (once: pyqtgraph marks a chart again after a forced repaint).
    def _paint_table(self) -> None:
        """The new rows of the merges table, with the status."""
        rows_before, follow = self.proxy.rowCount(), self.table.at_bottom()
        self._show_pending()
        self._show_behind()
        if len(self.history):
            self.current_rank = len(self.history) - 1
            self._update_status()
            self.table.show_new_rows(rows_before, follow)

    def _paint_pairs(self) -> None:
        if len(self.history):
            self.pair_chart.show_step(self.history, self.current_rank)
            self.current_changed.emit()

    def _paint_counts(self) -> None:
        if len(self.history):
            self.count_chart.update_history(self.history)
            self._mark_step(self.count_chart, self.current_rank)

    def _paint_compression(self) -> None:
        if len(self.history):
            self.compression_chart.update_history(self.history)
            self._mark_step(self.compression_chart, self.current_rank)

    def _show_pending(self) -> None:
        """Put the steps received since the last frame into the table and show how far merging has come."""
        pending, self._pending = self._pending, []
        self.model.extend(pending)
        if self._phase is not None and self._phase.unit == "merges":
            self.run_box.show_phase(self._phase)

    def _mark_step(self, chart: MergeCountChart | CompressionChart, rank: int | None) -> None:
        """Put ``chart``'s step line at merge ``rank``; the compression chart's x is the vocabulary size then."""
        if chart is self.compression_chart and rank is not None:
            chart.mark(self.history.vocab_size(rank))  # less the tokens a PickyBPE run removed
        else:
            chart.mark(rank)

    def _show_final(self) -> None:
        """Redraw the charts for the whole run, one chart per turn, then measure the held-out text, so that the end
        of a run never freezes the window."""
        self.frames.instead(
            lambda: self._final_chart(self.pair_chart),
            lambda: self._final_chart(self.count_chart),
            lambda: self._final_chart(self.compression_chart),
            self.held_out_timer.start,
        )

    def redrawing(self) -> bool:
        """True while the charts are still being redrawn in turns (after a run, or when a run starts)."""
        return self.frames.busy()

    def _final_chart(self, chart) -> None:
        if self.training:
            return
        rank = self.current_rank
        if chart is self.pair_chart:
            self.pair_chart.show_step(self.history, rank)
            self._update_status()
        else:
            chart.hold_axes(None)
            chart.update_history(self.history)
            self._mark_step(chart, rank)

    # --- current step --------------------------------------------------------------------------------------
    def _set_current(self, rank: int | None) -> None:
        self.current_rank = rank
        self.pair_chart.show_step(self.history, rank)
        self._mark_step(self.count_chart, rank)
        self._mark_step(self.compression_chart, rank)
        self._update_status()
        self.current_changed.emit()

    def _clear_run_chart(self, chart: MergeCountChart | CompressionChart, axis_end: int) -> None:
        """Empty a run chart for a new run whose axis ends at ``axis_end`` (merges or vocabulary size)."""
        chart.hold_axes(axis_end)
        chart.update_history(self.history)
        self._mark_step(chart, None)
        if chart is self.compression_chart:
            chart.set_held_out([], [])

    def _redraw_curves(self) -> None:
        self.count_chart.update_history(self.history)
        self.compression_chart.update_history(self.history)

    @Slot(QItemSelection, QItemSelection)
    def _on_selection(self, *_args) -> None:
        if self.training:
            return
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self._set_current(self.proxy.mapToSource(rows[0]).row())

    def show_whole_run(self) -> None:
        """Make the last merge the current step again: the other tabs show the tokenizer with every merge."""
        if len(self.history) and not self.training:
            self.select_rank(len(self.history) - 1)

    def show_replayed(self, rank: int | None) -> None:
        """Make merge ``rank`` (None: the last) current as a replay shows it: its row selected and scrolled to, the
        charts marked. A tokenizer opened without its training record has no rows: only the other tabs follow."""
        if self.training:
            return
        if rank is None and len(self.history):
            rank = len(self.history) - 1
        if rank is not None and rank < len(self.history):
            self.select_rank(rank)
        else:
            self.current_rank = rank
            self.current_changed.emit()

    def select_rank(self, rank: int) -> None:
        """Make merge ``rank`` the current step and show it in the table."""
        index = self.proxy.mapFromSource(self.model.index(rank, 0))
        if index.isValid():
            self.table.selectRow(index.row())
            self.table.scrollTo(index)
        self._set_current(rank)
