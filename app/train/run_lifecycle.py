"""A run's lifecycle in the Train tab: Train enabled or why not, a run started (the one shown kept aside), counted,
finished, cancelled or failed (what was shown before comes back if the run made nothing), and a run replaced by the
next one retired until its process ends.

:class:`RunLifecycle` is a part of :class:`~app.train.train_tab.TrainTab` (a mixin: it uses the tab's widgets and
state, e.g. ``self.history``, ``self.run_box``); how the steps of a run are painted is
:class:`~app.train.run_display.RunDisplay`'s. For example, ``tab.start_training()`` starts a run with the settings
panel's settings and ``tab.cancel_training()`` cancels it.
"""

from __future__ import annotations

import dataclasses
import time

from PySide6.QtCore import QTimer, Slot

from app.common.widgets import dialogs
from app.common.wording.engine_messages import engine_message
from app.train.merge_history import MergeHistory
from app.train.progress import PhaseProgress, format_seconds
from app.train.steering import run_folder
from app.train.worker import CorpusCounted, TrainingResult, TrainingRun
from bpe_core.training.config import TrainConfig

#: While counting, the progress is shown at most this often (8 times a second).
COUNTING_MS = 125


class RunLifecycle:
    """Start, cancel and end the tab's training runs (a part of :class:`~app.train.train_tab.TrainTab`).

    A mixin, not an object of its own: a run's start and end change what the whole tab shows (``history``,
    ``tokenizer``, ``result``, ``current_rank``), which :class:`~app.train.run_display.RunDisplay` paints.
    """

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
        self._kept = (self.history, self.tokenizer, self.result, self.current_rank, self.trained_on)
        self.trained_on = self.run_on = source
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
        self.run_box.say(self.tr("Reading {name}…").format(name=source.name))
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
        self.show_run_box()  # how the run goes
        run.start()

    @Slot()
    def cancel_training(self) -> None:
        if self.run is not None:
            self.cancel_button.setEnabled(False)
            self.run_box.say(self.tr("Cancelling…"))
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
        self.run_box.say(
            self.tr("Counted {words} unique pre-tokens; merging…", "", counted.unique_words).format(
                words=f"{counted.unique_words:,}"
            )
        )
        self._update_status()

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
            self.run_box.say(text.format(time=format_seconds(result.seconds, tenths=True)))
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
        if result.cancelled:  # its reason would only say again that it was cancelled after so many merges
            text = self.tr("Cancelled in {time}: {merges} merges.", "", len(self.history))
        else:
            text = self.tr("Done in {time}: {merges} merges. {reason}", "", len(self.history))
        text = text.format(
            time=format_seconds(result.seconds, tenths=True),
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
        self.run_box.say(
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
        self.history, self.tokenizer, self.result, rank, self.trained_on = self._kept
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
        self.show_run_box()  # how the run ended

    @Slot(object)
    def _on_stopped(self, run: TrainingRun) -> None:
        if run is self.run and not self.training:
            self.run = None
