"""The "Ours" pane: our tokenizer, trained or opened, at the step the Train tab shows (the main window calls
:meth:`OwnPane.set_tokenizer` at every step), or a run still in progress, rebuilt from its merges so far at most
every :data:`STEPS_INTERVAL_MS` and only while the tab is seen (:meth:`OwnPane.set_steps`)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QObject, QTimer, Slot

from app.common.sources import OWN_KEY, PaneSource, training_source
from app.compare.pane_set import PaneSet
from bpe_core.render.token_label import render_pair

#: While training, the "Ours" pane follows the merges at most this often.
STEPS_INTERVAL_MS = 100
NO_OWN_TOKENIZER = QT_TRANSLATE_NOOP(
    "OwnPane", "No tokenizer yet: train one or open a saved tokenizer, and its tokens appear here."
)


class OwnPane(QObject):
    """Adds the "Ours" pane to ``panes`` (first) and keeps it showing our tokenizer."""

    def __init__(self, panes: PaneSet):
        super().__init__(panes)
        self.panes = panes
        self.record = panes.add_pane(OWN_KEY, None, self.tr("Ours"))
        self.widget = self.record.widget
        self.widget.set_message(self.tr(NO_OWN_TOKENIZER))
        self._pending = None  # the newest merge steps not shown yet
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(STEPS_INTERVAL_MS)
        self.timer.timeout.connect(self._apply_steps)

    def set_tokenizer(
        self, tokenizer, label: str | None = None, *, partial: bool = False, next_pair: tuple | None = None
    ) -> None:
        """Show ``tokenizer`` (e.g. truncated to the current step), named ``label`` (None: "trained"); ``None``
        empties the pane. ``partial``: it is the run at an earlier merge, and the pane offers "All merges";
        ``next_pair``: the pair about to merge, marked in the tokens (:func:`~app.compare.pane_marks.mark_panes`)."""
        self.widget.whole_run_button.setVisible(partial and tokenizer is not None)
        self._pending = None
        self.panes.next_pairs[OWN_KEY] = next_pair if tokenizer is not None else None
        shown = next_pair is not None and tokenizer is not None
        self.widget.set_note(self.tr("next merge: {pair}").format(pair=render_pair(*next_pair)) if shown else "")
        if tokenizer is None:
            self.record.source = None
            self.panes.set_title(OWN_KEY, self.tr("Ours"))
            self.widget.set_message(self.tr(NO_OWN_TOKENIZER))
            self.panes.update_marks()
            return
        label = self.tr("trained") if label is None else label
        self._show(PaneSource(OWN_KEY, label, tokenizer))

    def set_steps(self, steps, special_tokens, pattern: str, label: str | None = None) -> None:
        """Follow a run in progress: the tokenizer made by the merge ``steps`` so far (the engine's MergeSteps, in
        rank order), named ``label`` (None: "training")."""
        self.widget.whole_run_button.hide()
        self.panes.next_pairs[OWN_KEY] = None
        self.widget.set_note("")
        label = self.tr("training") if label is None else label
        self._pending = (steps, len(steps), dict(special_tokens), pattern, label)
        if not self.timer.isActive():
            self.timer.start()

    def resume(self) -> None:
        """Show the steps that arrived while the tab was not seen (call when it is shown)."""
        if self._pending is not None:
            self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    @Slot()
    def _apply_steps(self) -> None:
        if self._pending is None or not self.panes.isVisible():
            return  # applied when the tab is shown
        steps, count, special_tokens, pattern, label = self._pending
        self._pending = None
        self._show(training_source(OWN_KEY, label, steps[:count], special_tokens, pattern))

    def _show(self, source: PaneSource) -> None:
        self.record.source = source
        title = self.tr("Ours: {label}").format(label=source.label) if source.label else self.tr("Ours")
        self.panes.set_title(OWN_KEY, title)
        self.panes.request([OWN_KEY])
