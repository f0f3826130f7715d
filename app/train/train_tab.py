"""The Train tab: corpus and settings on the left, the merges table in the middle, the charts on the right.

It holds no BPE logic: it starts a :class:`~app.train.worker.TrainingRun`, appends the merge steps it delivers to
the table model, and redraws the charts from the same :class:`~app.train.merge_history.MergeHistory`. While
training, a frame is painted in pieces (see :meth:`TrainTab._on_steps`); the current step (a selected row) drives
the charts; the held-out text is measured off the GUI thread; ``status_labels`` say how the run goes (the main
window puts them in its status bar). In watch mode the run's steps wait in a :class:`~app.train.watch_pace.WatchPace`
and reach the table and charts at the chosen pace; a run the engine finished is shown finished once they all have.
"""

from __future__ import annotations

import dataclasses
import time

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QItemSelection, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app.common.background.jobs import Jobs
from app.common.files.samples import corpus_start
from app.common.session import Corpus, Session
from app.common.tab_part import TourPage
from app.common.widgets import dialogs
from app.common.widgets.vertical_scroll import VerticalScroll
from app.common.wording.engine_messages import engine_message
from app.style import mono_font
from app.train.charts import CompressionChart, MergeCountChart, PairFrequencyChart
from app.train.corpus_panel import CorpusPanel
from app.train.frame_scheduler import FrameScheduler
from app.train.held_out import DEFAULT_HELD_OUT, HeldOutCompression, measure_held_out
from app.train.kept_runs import KeptRunsControls
from app.train.merge_history import MergeHistory
from app.train.merges_model import MergesFilterModel, MergesTableModel
from app.train.merges_view import MergesTableView
from app.train.preview_marks import mark_pair
from app.train.progress import PhaseProgress, format_seconds
from app.train.run_box import RunBox
from app.train.run_status import STATUS_KEYS, status_texts
from app.train.settings_panel import SettingsPanel
from app.train.steering import RunSteering, run_folder
from app.train.watch_controls import WatchControls
from app.train.watch_pace import WatchPace
from app.train.worker import CorpusCounted, TrainingResult, TrainingRun
from bpe_core.teaching.lesson_text import lesson_text
from bpe_core.training.config import TrainConfig

#: While training, a piece of a frame (see ``TrainTab._on_steps``) is painted at most this often. A frame has four
#: pieces (the table, then each chart), so each is repainted about every 4 x 30 ms: 8 times a second.
PIECE_MS = 30
#: While counting, the progress is shown at most this often (8 times a second).
COUNTING_MS = 125


class TrainTab(QSplitter):
    """Train a tokenizer and watch it: ``tokenizer``/``result``/``history`` hold what is shown.

    ``current_changed`` is emitted when the step shown changes (or the tokenizer behind it), ``state_changed``
    when training starts or ends or the tokenizer changes, ``message(text, ms)`` for a passing status message,
    ``run_kept(key)`` when a run is kept in the session, ``kept_run_requested(key)`` to see a kept run in Compare.
    """

    current_changed = Signal()
    state_changed = Signal()
    message = Signal(str, int)
    run_kept = Signal(str)
    kept_run_requested = Signal(str)
    # The tab's title and its page of the guided tour (a tab of the window: :mod:`app.common.tab_part`).
    TOUR = TourPage(
        "TrainTab",
        QT_TRANSLATE_NOOP("TrainTab", "Train"),
        QT_TRANSLATE_NOOP(
            "TrainTab",
            "Byte-level BPE trained on your corpus, merge by merge: the merges table, the pair counts and the "
            "compression as they grow.",
        ),
        QT_TRANSLATE_NOOP(
            "TrainTab",
            "Press Train on the sample corpus, then click a row of the merges table: every tab follows that step.",
        ),
    )

    def __init__(self, parent: QWidget | None = None):
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.history = MergeHistory()
        self.run: TrainingRun | None = None
        self._retired: list[TrainingRun] = []
        self.tokenizer = None  # the trained or opened tokenizer (bpe_core), for saving, exporting and comparing
        self.result: TrainingResult | None = None
        self.current_rank: int | None = None
        self.training = False
        self._phase: PhaseProgress | None = None
        self._target_merges = 0
        self._started = 0.0
        self._elapsed = 0.0
        self._pending: list = []  # steps received but not yet shown
        self._last_counting = 0.0  # when the counting progress was last shown
        #: What the tab showed before the current run (history, tokenizer, result, current rank), shown again
        #: if the run ends with nothing: cancelled while counting, or failed.
        self._kept: tuple | None = None
        self._finished: TrainingResult | None = None  # a watched run the engine finished, shown as its steps come
        # Asked before a run the user starts replaces the one shown: True to go on. The main window asks about an
        # unsaved run there (Save / Discard / Cancel: :meth:`app.file_menu.FileMenu.may_discard`).
        self.may_replace = lambda: True
        self.held_out_runner = Jobs("held-out", self)
        self.held_out_runner.result.connect(self._on_held_out)
        self.held_out_runner.failed.connect(self._on_held_out_failed)

        self._build_left()
        self._build_table()
        self._build_charts()
        self._build_status()
        self.addWidget(VerticalScroll(self.left))  # scrolls on a short screen: nothing in it is squashed
        self.addWidget(self.table_area)
        self.addWidget(self.charts_area)
        self.setStretchFactor(0, 0)
        self.setStretchFactor(1, 2)
        self.setStretchFactor(2, 3)
        self.setSizes([340, 660, 560])  # the table wide enough for its number columns at 1,400 px
        self.setChildrenCollapsible(False)

        self.frames = FrameScheduler(
            [self._paint_table, self._paint_pairs, self._paint_counts, self._paint_compression],
            piece_ms=PIECE_MS,
            parent=self,
        )
        self.tick = QTimer(self)
        self.tick.setInterval(250)
        self.tick.timeout.connect(self._update_status)
        self.held_out_timer = QTimer(self)
        self.held_out_timer.setSingleShot(True)
        self.held_out_timer.setInterval(400)
        self.held_out_timer.timeout.connect(self.refresh_held_out)

        self.corpus_panel.source_changed.connect(self.settings_panel.set_sample_source)
        self.settings_panel.set_sample_source(self.corpus_panel.current_source())
        self.corpus_panel.source_changed.connect(self._update_train_button)
        self.settings_panel.changed.connect(self._update_train_button)
        self.steering = RunSteering(self)  # Continue training; Forbid and continue from here
        self.settings_panel.changed.connect(self.steering.update)
        self.keeping = KeptRunsControls(self)  # Keep this run; Kept runs
        self.keeping.show_requested.connect(self.kept_run_requested)
        self.session: Session | None = None  # the window's, once bound
        self._update_train_button()
        self._update_status()
        QTimer.singleShot(0, self.refresh_held_out)

    # --- building the tab ----------------------------------------------------------------------------------
    def _build_left(self) -> None:
        self.corpus_panel = CorpusPanel()
        self.settings_panel = SettingsPanel()
        self.run_box = RunBox()
        box = self.run_box
        self.train_button, self.cancel_button, self.train_reason = box.train_button, box.cancel_button, box.train_reason
        self.watch = WatchControls()
        box.layout().insertWidget(1, self.watch)
        self.pace = WatchPace(self.watch.rate.value(), self)
        self.watch.rate.valueChanged.connect(self.pace.set_rate)
        self.watch.watch.toggled.connect(self._on_watch_toggled)
        self.watch.catch_up_button.clicked.connect(self.catch_up)
        self.pace.released.connect(self._on_released)
        self.pace.drained.connect(self._on_drained)
        self.progress, self.progress_text = box.progress, box.progress_text

        self.held_out_edit = QPlainTextEdit(QCoreApplication.translate("HeldOut", DEFAULT_HELD_OUT))
        self.held_out_edit.setObjectName("heldOutText")
        self.held_out_edit.setFont(mono_font(9))
        self.held_out_edit.setMaximumHeight(110)
        self.held_out_edit.setToolTip(
            self.tr("Text not in the corpus: the compression chart shows how well it is encoded")
        )
        held = QGroupBox(self.tr("Held-out text (compression chart)"))
        QVBoxLayout(held).addWidget(self.held_out_edit)
        self.held_out_edit.textChanged.connect(lambda: self.held_out_timer.start())

        self.left = QWidget()
        self.left.setMinimumWidth(340)
        self.left.setMaximumWidth(480)
        layout = QVBoxLayout(self.left)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.corpus_panel, 1)
        layout.addWidget(self.settings_panel)
        layout.addWidget(self.run_box)
        layout.addWidget(held)
        self.train_button.clicked.connect(lambda: self.may_replace() and self.start_training())
        self.cancel_button.clicked.connect(self.cancel_training)

    def _build_table(self) -> None:
        self.model = MergesTableModel(self.history, self)
        self.proxy = MergesFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setObjectName("mergeSearch")
        self.search.setPlaceholderText(self.tr("Filter merges by token text (e.g. “ing”, “␣the”, “中”)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_search)
        self.table = MergesTableView()
        self.table.setModel(self.proxy)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.table_title = QLabel(self.tr("<b>Merges</b>"))
        self.table_area = QWidget()
        layout = QVBoxLayout(self.table_area)
        layout.setContentsMargins(4, 6, 4, 4)
        layout.addWidget(self.table_title)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)

    def _build_charts(self) -> None:
        self.pair_chart = PairFrequencyChart()
        self.count_chart = MergeCountChart()
        self.compression_chart = CompressionChart()
        self.charts_area = QSplitter(Qt.Orientation.Vertical)
        self.charts_area.addWidget(self.pair_chart)
        self.charts_area.addWidget(self.count_chart)
        self.charts_area.addWidget(self.compression_chart)
        self.charts_area.setSizes([420, 240, 280])
        self.charts_area.setChildrenCollapsible(False)

    def _build_status(self) -> None:
        self.status_labels: dict[str, QLabel] = {}
        for key in STATUS_KEYS:
            label = QLabel()
            label.setObjectName(f"status_{key}")
            label.setContentsMargins(8, 0, 8, 0)
            self.status_labels[key] = label

    # --- the training lifecycle ---------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why Train is disabled (empty when it is enabled)."""
        found = []
        if self.corpus_panel.current_source() is None:
            found.append(self.tr("Choose a corpus first."))
        found.extend(self.settings_panel.problems())
        return found

    @Slot()
    def _update_train_button(self, *_args) -> None:
        self.run_box.show_problems(self.problems(), self.training)

    @Slot()
    def start_training(self, settings: TrainConfig | None = None) -> None:
        """Start a run (cancelling and disconnecting any previous one first), with the settings panel's settings
        or ``settings`` (a run that goes on from another: :mod:`app.train.steering`)."""
        if self.problems():
            return
        self._retire_run()
        self.pace.clear()
        self._finished = None
        source = self.corpus_panel.current_source()
        settings = dataclasses.replace(settings or self.settings_panel.settings(), checkpoint=str(run_folder()))
        self._kept = (self.history, self.tokenizer, self.result, self.current_rank)
        self.history = MergeHistory()
        self._pending = []
        self.model.set_history(self.history)
        self.tokenizer, self.result = None, None
        self.current_rank = None
        self._update_status()
        self.training = True
        self.frames.start_run(  # the old run's views cleared one per turn
            self.current_changed.emit,  # the Compare and Vocabulary tabs
            lambda: self.pair_chart.show_step(self.history, None, waiting=False),  # a run is starting
            lambda: self._clear_run_chart(self.count_chart, settings.target_merges),
            lambda: self._clear_run_chart(self.compression_chart, settings.vocab_size),
        )
        self._started = time.perf_counter()
        self._elapsed = 0.0
        self._phase = PhaseProgress(
            self.tr("Counting pre-tokens"),
            total=max(1, source.total_bytes),
            unit="bytes",
            started=self._started,
        )
        self.progress.setValue(0)
        self.progress_text.setText(self.tr("Reading {name}…").format(name=source.name))
        run = TrainingRun(source, settings, self)
        run.counting.connect(self._on_counting)
        run.counted.connect(self._on_counted)
        run.steps_ready.connect(self._on_steps)
        run.finished.connect(self._on_finished)
        run.failed.connect(self._on_failed)
        run.stopped.connect(self._on_stopped)
        self.run = run
        self._target_merges = settings.target_merges
        self.cancel_button.setEnabled(True)
        self._update_train_button()
        self.state_changed.emit()
        self.tick.start()
        run.start()

    @Slot()
    def cancel_training(self) -> None:
        if self.run is not None:
            self.cancel_button.setEnabled(False)
            self.progress_text.setText(self.tr("Cancelling…"))
            self.run.cancel()
            self.catch_up()  # a cancelled run is shown as far as it went

    def _retire_run(self) -> None:
        if self.run is None:
            return
        old = self.run
        self.run = None
        old.detach()
        if old.is_running():
            self._retired.append(old)
            old.stopped.connect(self._forget_retired)
        else:
            old.deleteLater()  # a child of this tab: kept, with all it received, until deleted

    @Slot(object)
    def _forget_retired(self, _run=None) -> None:
        for run in self._retired:
            if not run.is_running():
                run.deleteLater()
        self._retired = [r for r in self._retired if r.is_running()]

    @Slot(int, int)
    def _on_counting(self, done: int, total: int) -> None:
        phase = self._phase
        if phase is None or phase.unit != "bytes":
            return
        phase.total = max(1, total)
        now = time.perf_counter()
        phase.update(done, now)
        if now - self._last_counting >= COUNTING_MS / 1000 or done >= total:
            self._last_counting = now
            self.run_box.show_phase(phase)  # repainting it costs ~20 ms of the GUI thread: not at every report

    @Slot(object)
    def _on_counted(self, counted: CorpusCounted) -> None:
        self.history.set_corpus(
            corpus_bytes=counted.corpus_bytes,
            initial_tokens=counted.initial_tokens,
            unique_words=counted.unique_words,
        )
        self.history.set_special_tokens(counted.special_tokens)
        self._phase = PhaseProgress(
            self.tr("Merging"),
            total=max(1, self._target_merges),
            unit="merges",
            started=time.perf_counter(),
        )
        self.progress.setValue(0)
        self.progress_text.setText(
            self.tr("Counted {words} unique pre-tokens; merging…", "", counted.unique_words).format(
                words=f"{counted.unique_words:,}"
            )
        )
        self._update_status()

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

    @Slot(object)
    def _on_finished(self, result: TrainingResult) -> None:
        if result.cancelled:
            self.catch_up()  # a cancelled run is shown as far as it went, at once
        if self.pace.waiting:  # watched: finished once its steps are all shown (or Catch up)
            self._finished = result
            self.tick.stop()
            self._elapsed = result.seconds  # the run's time, not the watching's
            self.cancel_button.setEnabled(False)
            self._show_behind()
            return
        self.training = False
        self.tick.stop()
        self.frames.idle_timer.stop()  # the run ended: no frame of it is painted any more
        if result.cancelled and not result.merges:
            self._pending = []
            self.count_chart.hold_axes(None)
            self.compression_chart.hold_axes(None)
            kept = self._restore_kept()
            self.progress.setValue(0)
            if kept:
                text = self.tr("Cancelled after {time}, before any merge; the previous result is kept.")
            else:
                text = self.tr("Cancelled after {time}, before any merge.")
            self.progress_text.setText(text.format(time=format_seconds(result.seconds)))
            self._after_run()
            return
        self._kept = None  # the run made merges: they replace what was shown
        self.result = result
        self.corpus_panel.set_counted_run(result)  # Save counts writes what this run counted
        self._elapsed = result.seconds
        self.model.extend(self._pending)  # steps still waiting for a frame
        self._pending = []
        try:
            self.tokenizer = result.tokenizer
        except Exception as exc:  # noqa: BLE001  (the engine refused its own output: report, keep the table)
            self.tokenizer = None
            dialogs.show_error(
                self,
                self.tr("Tokenizer not built"),
                self.tr("The trained tokenizer could not be built: {error}").format(error=exc),
                repr(exc),
            )
        self.history.parity = result.record.parity  # a parity-aware run: a compression curve per language
        if self.history.corpus_bytes == 0 and result.record.corpus_bytes:
            self.history.set_corpus(
                corpus_bytes=result.record.corpus_bytes,
                initial_tokens=result.record.initial_tokens,
                unique_words=result.record.unique_words,
            )
        if result.cancelled:
            text = self.tr("Cancelled in {time}: {merges} merges. {reason}", "", len(self.history))
        else:
            text = self.tr("Done in {time}: {merges} merges. {reason}", "", len(self.history))
        text = text.format(
            time=format_seconds(result.seconds),
            merges=f"{len(self.history):,}",
            reason=engine_message(result.stop_message or result.stop_reason),
        )
        if result.warning:  # e.g. a custom pattern that left characters unmatched
            text += self.tr(" Note: {warning}").format(warning=engine_message(result.warning_message or result.warning))
        if result.checkpoint_warning is not None:  # e.g. a full disk: the merges so far were not saved
            text += self.tr(" Note: {warning}").format(warning=engine_message(result.checkpoint_warning))
        self.run_box.show_progress(None if result.cancelled else 1.0, text)
        self._after_run()
        self.current_rank = len(self.history) - 1 if len(self.history) else None
        self.current_changed.emit()
        self._show_final()

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

    @Slot(str, object, str)
    def _on_failed(self, kind: str, message: object, details: str) -> None:
        self.training = False
        self.tick.stop()
        self.frames.idle_timer.stop()  # the run ended: no frame of it is painted any more
        self._pending = []
        self.pace.clear()
        self.count_chart.hold_axes(None)
        self.compression_chart.hold_axes(None)
        kept = self._restore_kept()
        self._after_run()
        message = engine_message(message)
        self.progress_text.setText(
            self.tr("Training failed; the previous result is kept.") if kept else self.tr("Training failed.")
        )
        source = self.corpus_panel.current_source()
        if kind.startswith("encoding:") and source is not None and source.encoding == "utf-8":
            encoding = kind.partition(":")[2]
            if dialogs.ask_read_as(self, message, encoding):
                self.corpus_panel.mark_encoding(source, encoding)
                QTimer.singleShot(0, self.start_training)
            return
        if kind == "not-utf8" and source is not None and source.errors == "strict":
            if dialogs.ask_replace_invalid(self, message):
                self.corpus_panel.mark_replace(source)
                QTimer.singleShot(0, self.start_training)
            return
        dialogs.show_error(self, self.tr("Training failed"), message, details)

    def _restore_kept(self) -> bool:
        """Show again what the window showed before the run (a run that made nothing loses nothing). True if
        there was a result to show."""
        if self._kept is None:
            return False
        self.history, self.tokenizer, self.result, rank = self._kept
        self.model.set_history(self.history)
        self._redraw_curves()
        self._set_current(rank)
        self.refresh_held_out()
        return self.tokenizer is not None

    def _after_run(self) -> None:
        self.cancel_button.setEnabled(False)
        self._show_behind()  # every merge made is shown
        self._update_train_button()
        self.state_changed.emit()
        self._update_status()

    @Slot(object)
    def _on_stopped(self, run: TrainingRun) -> None:
        if run is self.run and not self.training:
            self.run = None

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

    # --- held-out text -------------------------------------------------------------------------------------
    @Slot()
    def refresh_held_out(self) -> None:
        text = self.held_out_edit.toPlainText()
        tokenizer = self.tokenizer
        self.held_out_runner.call(lambda: measure_held_out(text, tokenizer))

    @Slot(object)
    def _on_held_out(self, measured: HeldOutCompression) -> None:
        self.compression_chart.set_references(measured.references)
        self.compression_chart.set_held_out(measured.vocab_sizes, measured.bytes_per_token)

    @Slot(str, str)
    def _on_held_out_failed(self, message: str, details: str) -> None:
        self.message.emit(self.tr("Held-out text not measured: {error}").format(error=message), 8000)

    # --- status line ---------------------------------------------------------------------------------------
    @Slot()
    def _update_status(self) -> None:
        if self.training and self._finished is None:
            self._elapsed = time.perf_counter() - self._started
        for key, text in status_texts(self.history, self._elapsed, self.current_rank).items():
            self.status_labels[key].setText(text)

    def show_kept(self, runs) -> None:
        """The ``runs`` kept beside this one (:class:`~app.common.session.KeptRun`): listed to be forgotten, and
        their curves on the compression chart."""
        self.keeping.show_kept(runs)
        self.compression_chart.set_kept(runs)

    def show_tokenizer(self, tokenizer, name: str) -> None:
        """Show an opened tokenizer and its training record (if it has one) without retraining."""
        record = getattr(tokenizer, "record", None)
        self.tokenizer, self.result = tokenizer, None
        self.history = MergeHistory.from_record(record, dict(tokenizer.special_tokens)) if record else MergeHistory()
        self.model.set_history(self.history)
        self._elapsed = 0.0
        if record is not None:
            settings = record.settings
            self.settings_panel.apply(
                vocab_size=int(settings.get("vocab_size", self.settings_panel.vocab_size.value())),
                pattern=str(settings.get("pattern", tokenizer.pattern)),
                special_tokens=list(settings.get("special_tokens", [])),
            )
            opened = self.tr("Opened {name}: {merges} merges. {reason}", "", len(self.history)).format(
                name=name, merges=f"{len(self.history):,}", reason=engine_message(record.stop_reason)
            )
        else:
            opened = self.tr("Opened {name}: no training record, so no merge history to show.").format(name=name)
        self.run_box.show_progress(1.0, opened)
        self._redraw_curves()
        self._set_current(len(self.history) - 1 if len(self.history) else None)
        self.state_changed.emit()
        self.refresh_held_out()

    # --- a tab of the window (app.common.tab_part) -------------------------------------------------------------
    def bind(self, session: Session, say) -> None:
        """Publish in ``session`` the corpus trained on and the runs kept (on disk too), and follow it: the runs
        kept on the compression chart, a replay's pair marked in the corpus preview."""
        self.session = session
        self.message.connect(say)
        self.state_changed.connect(self._publish_corpus)
        self.steering.kept.connect(self._keep_run)
        self.keeping.kept.connect(self._keep_run)
        self.keeping.forget.connect(session.forget)
        self.keeping.renamed.connect(lambda key, name: session.keep(dataclasses.replace(session.kept[key], name=name)))
        session.watch("own", lambda: self._mark_pair(session.own))
        session.watch("kept", lambda: self.show_kept(list(session.kept.values())))

    def _mark_pair(self, own) -> None:
        """The pair a replay of ours is about to merge, marked in the corpus preview (no replay: no mark)."""
        mark_pair(self.corpus_panel.preview, own and own.shown, own and own.next_pair)

    def status_widgets(self) -> list[QWidget]:
        return list(self.status_labels.values())

    def load_kept(self) -> None:
        """Keep in the session the runs kept on disk, from before."""
        for run in self.keeping.load():
            self.session.keep(run)

    def _keep_run(self, tokenizer, name: str, forbidden: str = "") -> None:
        """A run kept (*Keep this run*, or steered away from: continued, or a merge forbidden) stays in the session
        and on disk (``run_kept``: the Compare tab shows it at once beside the new one)."""
        run = self.keeping.store(tokenizer, name, forbidden)
        self.session.keep(run)
        self.run_kept.emit(run.key)

    @Slot()
    def _publish_corpus(self) -> None:
        """The files our tokenizer was trained on: the run's corpus; for an opened tokenizer, the corpus panel's
        files when their names are the ones its record names (else none: the user picks them)."""
        if self.training and self.run is not None:
            paths, encoding = self.run.source.paths, self.run.source.encoding
        else:
            record = getattr(self.tokenizer, "record", None)
            if record is None or self.result is not None:
                return
            source = self.corpus_panel.current_source()
            if source is None or [p.name for p in source.paths] != list(record.corpus_names):
                self.session.set_corpus(Corpus())
                return
            paths, encoding = source.paths, source.encoding
        if tuple(paths) != self.session.corpus.paths:
            lesson = lesson_text(corpus_start(paths, encoding))
            self.session.set_corpus(Corpus(tuple(paths), encoding, lesson))

    def run_so_far(self) -> tuple | None:
        """While training, what the merges made so far make: ``(steps, special_tokens, pattern)`` (None: not
        training, or no merge yet)."""
        if not self.training or self.run is None or not len(self.history):
            return None
        return self.history.steps, self.history.special_tokens, self.run.settings.pattern

    def shutdown(self) -> None:
        """Stop every thread this tab started, waiting for each (no thread outlives the tab)."""
        self.frames.stop()
        self.pace.clear()
        self.tick.stop()
        self.held_out_timer.stop()
        runs = ([self.run] if self.run is not None else []) + self._retired
        for run in runs:
            run.stop_and_wait()
        self.run, self._retired = None, []
        self.steering.shutdown()
        self.training = False
        self.held_out_runner.wait_all()
        self.settings_panel.shutdown()
        self.corpus_panel.shutdown()
