"""The Train tab: corpus and settings on the left, the merges table in the middle, the charts on the right.

It holds no BPE logic: it starts a :class:`~app.train.worker.TrainingRun`, appends the merge steps it delivers to
the table model, and redraws the charts from the same :class:`~app.train.merge_history.MergeHistory`. The tab is
built here from two parts: :class:`~app.train.run_lifecycle.RunLifecycle` starts, cancels and ends a run;
:class:`~app.train.run_display.RunDisplay` paints its steps, a frame in pieces (see
:meth:`~app.train.run_display.RunDisplay._on_steps`), and the current step (a selected row) on the charts. The
held-out text is measured off the GUI thread; ``status_labels`` say how the run goes (the main
window puts them in its status bar). In watch mode the run's steps wait in a :class:`~app.train.watch_pace.WatchPace`
and reach the table and charts at the chosen pace; a run the engine finished is shown finished once they all have.
"""

from __future__ import annotations

import dataclasses
import time

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QApplication,
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
from app.common.widgets.vertical_scroll import VerticalScroll
from app.common.wording.engine_messages import engine_message
from app.style import mono_font
from app.train.charts import CompressionChart, MergeCountChart, PairFrequencyChart
from app.train.corpus_panel import CorpusPanel
from app.train.corpus_sources import CorpusSource
from app.train.frame_scheduler import FrameScheduler
from app.train.held_out import DEFAULT_HELD_OUT, HeldOutCompression, measure_held_out
from app.train.kept_runs import KeptRunsControls
from app.train.merge_history import MergeHistory
from app.train.merges_model import MergesFilterModel, MergesTableModel
from app.train.merges_view import MergesTableView
from app.train.preview_marks import mark_pair
from app.train.progress import PhaseProgress
from app.train.run_box import RunBox
from app.train.run_display import PIECE_MS, RunDisplay
from app.train.run_lifecycle import RunLifecycle
from app.train.run_status import STATUS_KEYS, status_texts
from app.train.settings_panel import SettingsPanel
from app.train.steering import RunSteering
from app.train.watch_controls import WatchControls
from app.train.watch_pace import WatchPace
from app.train.worker import TrainingResult, TrainingRun
from bpe_core.teaching.lesson_text import lesson_text


class TrainTab(QSplitter, RunLifecycle, RunDisplay):
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
        #: The corpus the run shown was trained on (None: no run, or an opened tokenizer's), and the corpus of the
        #: last run started, which the run box speaks of (a run that failed leaves the one before it shown).
        self.trained_on: CorpusSource | None = None
        self.run_on: CorpusSource | None = None
        #: What the tab showed before the current run (history, tokenizer, result, current rank, trained_on),
        #: shown again if the run ends with nothing: cancelled while counting, or failed.
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
        self.left_scroll = VerticalScroll(self.left)  # scrolls on a short screen: nothing in it is squashed
        self.addWidget(self.left_scroll)
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
        self.corpus_panel.source_changed.connect(self._update_status)  # the run shown may now be the last one
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
    def _update_status(self, *_source) -> None:
        """The status line, and the run box's note that the run shown is the last one when another corpus is
        selected (it said "Corpus: 1.9 MB" and "Done" as if of the corpus now selected)."""
        if self.training and self._finished is None:
            self._elapsed = time.perf_counter() - self._started
        previous = self._not_selected(self.trained_on)
        texts = status_texts(self.history, self._elapsed, self.current_rank, last_run=previous is not None)
        for key, text in texts.items():
            self.status_labels[key].setText(text)
        tip = self.tr("The run shown was trained on {corpus}; Train trains on the corpus now selected.")
        self.status_labels["corpus"].setToolTip(tip.format(corpus=previous.name) if previous is not None else "")
        last = self._not_selected(self.run_on)
        self.run_box.show_previous(last.name if last is not None else None)

    def _not_selected(self, corpus: CorpusSource | None) -> CorpusSource | None:
        """``corpus`` (a run's) when another is selected now and no run is going, else None."""
        selected = self.corpus_panel.current_source()
        if self.training or corpus is None:
            return None
        same = selected is not None and (selected.name, selected.paths) == (corpus.name, corpus.paths)
        return None if same else corpus

    def show_run_box(self) -> None:
        """Scroll the left column (it scrolls on a short screen: 1366×768) to show the run box whole: how a run goes
        and how it ended, and Continue training, were under its fold."""
        QTimer.singleShot(0, self.left_scroll, self._reveal_run_box)

    def _reveal_run_box(self) -> None:
        """Once the run box's new text is laid out: a message's lines are laid out a step at a time (the label, the
        box, the column, the scroll area), each a posted layout request."""
        for _ in range(4):
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        self.left_scroll.ensureWidgetVisible(self.run_box, 0, 0)

    def show_kept(self, runs) -> None:
        """The ``runs`` kept beside this one (:class:`~app.common.session.KeptRun`): listed to be forgotten, and
        their curves on the compression chart."""
        self.keeping.show_kept(runs)
        self.compression_chart.set_kept(runs)

    def show_tokenizer(self, tokenizer, name: str) -> None:
        """Show an opened tokenizer and its training record (if it has one) without retraining."""
        record = getattr(tokenizer, "record", None)
        self.tokenizer, self.result, self.trained_on, self.run_on = tokenizer, None, None, None
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
        self._update_status()
        self.show_run_box()
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

    def end_run(self) -> tuple[bool | None, object | None]:
        """The program ends without asking (:meth:`~app.main_window.MainWindow.end_for_system`): a run under way
        (counting or merging) is ended as a crash would end it (:meth:`TrainingRun.abandon`), its merges so far left in
        its checkpoint for *Resume the interrupted run* at the next start. Whether a run was under way and can be
        resumed (None: none was under way), and the tokenizer of a run whose merges are all made but not shown yet
        (watched, or finished as it ended: it is no result until shown), to be kept; else None."""
        if not self.training or self.run is None:
            return None, None
        finished = self._finished
        resumable = None
        if finished is None:
            resumable, finished = self.run.abandon()
        if finished is None or not finished.merges:
            return resumable, None
        try:
            return None, finished.tokenizer
        except Exception:  # noqa: BLE001  (the engine refused its own output, as _on_finished says: nothing to keep)
            return resumable, None

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
