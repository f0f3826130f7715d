"""Steering a run: *Continue training* goes on from the tokenizer shown (its merges replayed on the corpus, then
more), and *Forbid and continue from here* (the merges table's context menu) goes on from merge ``r`` without the
token merge ``r`` made -- what if that merge never happened. The run steered away from is kept, as *Keep this run*
keeps one (``kept(tokenizer, name)``: :mod:`app.train.kept_runs`), so that the Compare tab can show both. Built
on :mod:`bpe_core.variants` (``resume``, ``forbid``)."""

from __future__ import annotations

import dataclasses
import functools
import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QObject, QPoint, Signal, Slot
from PySide6.QtWidgets import QMenu, QPushButton

from app.common.widgets import dialogs
from app.common.wording.engine_messages import engine_message
from app.train.run_name import tokenizer_run_name
from bpe_core.formats import load_json, save_json
from bpe_core.render.token_label import render_token
from bpe_core.training.checkpoint import interrupted
from bpe_core.variants.forbid import exactly


class RunSteering(QObject):
    """The steering of ``tab`` (a :class:`~app.train.train_tab.TrainTab`): a *Continue training* button in its run
    box and a context menu on its merges table."""

    # The tokenizer steered away from, its name ("plain · 8,000 · with ␣the") and the regex forbidden ("" if none).
    kept = Signal(object, str, str)

    def __init__(self, tab):
        super().__init__(tab)
        self.tab = tab
        self._folder: tempfile.TemporaryDirectory | None = None  # made at the first steered run (_start)
        self._saved = 0
        self.continue_button = QPushButton(self.tr("Continue training"))
        self.continue_button.setObjectName("continueButton")
        self.continue_button.setToolTip(
            self.tr(
                "Go on from the tokenizer shown: its merges are replayed on the corpus, then training continues to "
                "the vocabulary size set (the ids it has never change)"
            )
        )
        self.continue_button.clicked.connect(self.continue_training)
        tab.run_box.layout().addWidget(self.continue_button)
        self.resume_button = QPushButton()
        self.resume_button.setObjectName("resumeButton")
        self.resume_button.setToolTip(
            self.tr("A run was interrupted (the window or its training process ended): go on from its last merges")
        )
        self.resume_button.clicked.connect(self.resume_interrupted)
        tab.run_box.layout().addWidget(self.resume_button)
        tab.table.setContextMenuPolicy(tab.table.contextMenuPolicy().CustomContextMenu)
        tab.table.customContextMenuRequested.connect(self._menu)
        tab.state_changed.connect(self.update)
        self.update()

    @Slot()
    def update(self) -> None:
        tab = self.tab
        ours = tab.tokenizer is not None and getattr(tab.tokenizer, "merge_rule", "") == "pairs"
        self.continue_button.setEnabled(ours and not tab.training and not tab.problems())
        found = None if tab.training else interrupted(run_folder())
        self.resume_button.setVisible(found is not None)
        if found is not None:
            merges = _merge_count(found[1], found[1].stat().st_mtime_ns)
            said = "?" if merges is None else f"{merges:,}"
            run = self.tr("Resume the interrupted run ({merges} merges)", "", -1 if merges is None else merges)
            self.resume_button.setText(run.format(merges=said))

    @Slot()
    def resume_interrupted(self) -> None:
        """Train the interrupted run again from its last merges: its corpus and settings, its merges replayed."""
        found = interrupted(run_folder())
        if found is None or not self.tab.may_replace():
            return
        run, merges = found
        tab = self.tab
        corpus = [p for p in (run.get("counts") or run.get("paths") or []) if Path(p).exists()]
        if corpus:
            tab.corpus_panel.add_files(corpus)
        specials = list(run.get("special_tokens") or [])
        tab.settings_panel.apply(vocab_size=run.get("vocab_size"), pattern=run.get("pattern"), special_tokens=specials)
        settings = tab.settings_panel.settings()
        settings = dataclasses.replace(
            settings,
            min_count=run.get("min_count") or 1,
            forbid=tuple(run.get("forbid") or ()),
            superword_after=run.get("superword_after") or None,
            resume=str(merges),
        )
        tab.start_training(settings)

    @Slot()
    def continue_training(self) -> None:
        """Train on from the tokenizer shown, to the vocabulary size set."""
        tokenizer = self.tab.tokenizer
        settings = self.tab.settings_panel.settings()
        if settings.vocab_size <= tokenizer.vocab_size:
            dialogs.show_error(
                self.tab,
                self.tr("Continue training"),
                self.tr("Set a vocabulary size above {size} to continue: the tokenizer has {size} tokens.").format(
                    size=f"{tokenizer.vocab_size:,}"
                ),
            )
            return
        if not self.tab.may_replace():
            return
        self._start(tokenizer, dataclasses.replace(settings, pattern=tokenizer.pattern), self.tr("before continuing"))

    def forbid_and_continue(self, rank: int) -> None:
        """Go on from merge ``rank`` without the token it made: the merges before it replayed, that token forbidden."""
        if not self.tab.may_replace():
            return
        tokenizer = self.tab.tokenizer
        left, right = tokenizer.merges[rank]
        settings = self.tab.settings_panel.settings()
        forbid = (*settings.forbid, exactly(left + right))
        settings = dataclasses.replace(
            settings,
            vocab_size=max(settings.vocab_size, tokenizer.vocab_size),
            forbid=forbid,
            pattern=tokenizer.pattern,
        )
        label = self.tr("with {token}").format(token=render_token(left + right))
        self._start(tokenizer.truncated(rank), settings, label, whole=tokenizer, forbidden=forbid[-1])

    def _start(self, start_from, settings, label: str, whole=None, forbidden: str = "") -> None:
        """Save ``start_from`` where the training process reads it, keep the run shown (it steered away by
        forbidding the regex ``forbidden``), and train."""
        try:
            if self._folder is None:  # (not at every start: a window killed before it closes leaves it behind)
                self._folder = tempfile.TemporaryDirectory(prefix="bpe-explorer-runs-")
            path = Path(self._folder.name) / f"run-{self._saved + 1}.json"
            save_json(start_from, path)
        except (OSError, ValueError) as exc:  # no temporary folder, a full disk: nothing started, nothing lost
            dialogs.show_error(
                self.tab,
                self.tr("Forbid and continue") if forbidden else self.tr("Continue training"),
                self.tr("The run could not be kept to go on from: {error}").format(error=engine_message(exc)),
                repr(exc),
            )
            return
        self._saved += 1
        kept = whole or self.tab.tokenizer
        self.kept.emit(kept, self.tr("{run} · {label}").format(run=tokenizer_run_name(kept), label=label), forbidden)
        self.tab.start_training(dataclasses.replace(settings, resume=str(path)))

    @Slot(QPoint)
    def _menu(self, point: QPoint) -> None:
        tab = self.tab
        index = tab.table.indexAt(point)
        if not index.isValid() or tab.training or tab.tokenizer is None:
            return
        rank = tab.proxy.mapToSource(index).row()
        if getattr(tab.tokenizer, "merge_rule", "") != "pairs" or rank >= len(tab.tokenizer.merges):
            return
        left, right = tab.tokenizer.merges[rank]
        menu = QMenu(tab.table)
        action = menu.addAction(
            self.tr("Forbid {token} and continue from here").format(token=render_token(left + right))
        )
        action.triggered.connect(lambda: self.forbid_and_continue(rank))
        menu.popup(tab.table.viewport().mapToGlobal(point))
        self.menu = menu  # kept for the tests

    def shutdown(self) -> None:
        if self._folder is not None:
            self._folder.cleanup()


def run_folder() -> Path:
    """Where the window's training process keeps the merges so far (left behind only by a crash):
    ``BPE_RUN_FOLDER``, else ``$XDG_CACHE_HOME/bpe-explorer/interrupted-run``."""
    if os.environ.get("BPE_RUN_FOLDER"):
        return Path(os.environ["BPE_RUN_FOLDER"])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bpe-explorer" / "interrupted-run"


@functools.lru_cache(maxsize=4)
def _merge_count(path: Path, _modified: int) -> int | None:
    """How many merges a saved tokenizer holds, for the button (None if it cannot be read); read once a version."""
    try:
        return len(load_json(path).merges)
    except (OSError, ValueError):
        return None
