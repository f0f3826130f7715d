"""Adding tokenizers as panes: a file, a folder or a model id loads in the background
(:mod:`app.compare.source_loader`) in a pane that says what is loading and can cancel it, until it shows the tokens
or why it could not load; a tokenizer already loaded (File ▸ Open) is shown at once. A source that needs a
pre-tokenization pattern and was given none is reported (``needs_pattern``) for the view to ask the user."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtWidgets import QWidget

from app.common.files.tokenizers import tokenizer_path
from app.common.sources import PaneSource, load_source, source_key, source_title
from app.common.widgets import dialogs
from app.common.wording.engine_messages import engine_message
from app.compare.pane_set import PaneSet
from app.compare.source_loader import SourceLoader
from app.compare.token_pane import TokenPane
from bpe_core.formats.loader import source_file, takes_pattern
from bpe_core.formats.pattern_guess import guess_file


class PaneAdder(QObject):
    """Adds panes to ``panes``; messages are shown over ``window``. ``source_shown(PaneSource)`` when a pane shows
    a tokenizer added (or loaded again); ``needs_pattern(key, source)`` when one needs a pattern."""

    source_shown = Signal(object)
    needs_pattern = Signal(str, str)

    def __init__(self, panes: PaneSet, window: QWidget):
        super().__init__(window)
        self.panes = panes
        self.window = window
        self.loader = SourceLoader(self)
        self.loader.loaded.connect(self._on_loaded)
        self.loader.failed.connect(self._on_failed)
        self.loader.needs_pattern.connect(self.needs_pattern)
        panes.removed.connect(self._on_removed)

    def add_tokenizer_file(self, path: str | Path, pattern: str | None = None) -> TokenPane | None:
        """Add a pane for a tokenizer file or folder, loaded now (``pattern`` is how a ``.tiktoken`` file or GPT-2
        files pre-tokenize; None: the one guessed from the file, as the question offers it). On error the user
        sees a message and nothing changes; returns None then."""
        try:
            path = tokenizer_path(path)
            if pattern is None and takes_pattern(path):
                guess = guess_file(source_file(path))
                if guess is None:  # the file says nothing: its own problem first (bad lines), else "give a pattern"
                    load_source(path, "gpt2")
                pattern = None if guess is None else guess.pattern
            source = load_source(path, pattern)
        except (OSError, ValueError) as exc:
            dialogs.show_error(
                self.window,
                self.tr("Cannot add tokenizer"),
                self.tr("“{name}” could not be read: {error}").format(name=Path(path).name, error=engine_message(exc)),
                repr(exc),
            )
            return None
        return self.show_source(source)

    def add_source(self, source: str | Path, pattern: str | None = None) -> str:
        """Add a pane for ``source`` (a file, a folder or ``hf:ORG/NAME``) and load it in the background. Returns
        the pane's key."""
        key = source_key(source)
        if key in self.panes.records:
            self.panes.remove_pane(key)
        title = source_title(source)
        record = self.panes.add_pane(key, None, self.tr("{name} (loading)").format(name=title), removable=True)
        record.loading, record.name = True, title
        record.widget.set_message(self.tr("Loading {name}…").format(name=str(source)), loading=True)  # what is fetched
        self.loader.load(key, str(source), pattern)
        return key

    def show_source(self, source: PaneSource) -> TokenPane:
        """Show an already loaded ``source`` in its pane (added, or replacing the pane of the same key)."""
        record = self.panes.records.get(source.key)
        if record is not None and not record.loading:
            self.panes.remove_pane(source.key)
            record = None
        if record is None:
            record = self.panes.add_pane(source.key, source, removable=True)
        else:
            record.source, record.loading = source, False
            self.panes.set_title(source.key, source.label)
        warning = engine_message(source.warning) if source.warning is not None else ""
        record.widget.set_note(warning)  # what the file does silently, under the pane's figures and in its tooltip
        said = (source.warning, source.encoding_path)  # and which path encodes it, and why
        record.widget.setToolTip("\n".join(engine_message(message) for message in said if message is not None))
        self.panes.request([source.key])
        self.source_shown.emit(source)
        return record.widget

    def busy(self) -> bool:
        return self.loader.busy()

    def shutdown(self) -> None:
        self.loader.shutdown()

    @Slot(str)
    def _on_removed(self, key: str) -> None:
        if self.loader.loading(key):
            self.loader.cancel(key)

    @Slot(str, object)
    def _on_loaded(self, key: str, source: PaneSource) -> None:
        if key in self.panes.records:
            self.show_source(source)

    @Slot(str, object, str)
    def _on_failed(self, key: str, message: object, details: str) -> None:
        record = self.panes.records.get(key)
        if record is None or not record.loading:
            return  # removed, or filled meanwhile by a source loaded elsewhere (File > Open)
        record.loading = False
        self.panes.set_title(key, self.tr("{name} (not loaded)").format(name=record.name))
        record.widget.set_message(self.tr("Could not load: {error}").format(error=engine_message(message)))
        record.widget.setToolTip(details)
