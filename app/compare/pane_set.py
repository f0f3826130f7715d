"""The Compare tab's panes: one :class:`~app.compare.token_pane.TokenPane` per tokenizer, with what the tab knows
about each (:class:`Pane`), laid out by a :class:`~app.compare.pane_grid.PaneGrid`, encoded in the background
(:mod:`app.compare.encode_worker`) and marked against one another (:mod:`app.compare.pane_marks`).

Each pane has an entry in the Panes menu (:attr:`PaneSet.menu`) that hides or shows it; hidden panes are not
encoded. How the tokens are drawn (options, palette, the characters highlighted) is the same in every pane.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QVBoxLayout, QWidget

from app.common.sources import PaneResult, PaneSource
from app.compare.elided_label import shared_prefix
from app.compare.encode_worker import EncodeService
from app.compare.pane_grid import PaneGrid
from app.compare.pane_marks import mark_panes
from app.compare.token_canvas import Options
from app.compare.token_pane import TokenPane
from app.style import Palette


@dataclass
class Pane:
    """Everything the tab holds about one pane: its ``key``, its ``title``, the ``source`` it encodes with (None:
    no tokenizer yet), its ``widget`` (which keeps the result it shows), its ``action`` in the Panes menu,
    whether the user has ``hidden`` it, whether it can be ``removable`` (an added one) or only hidden, and whether
    its tokenizer is still ``loading``."""

    key: str
    title: str
    source: PaneSource | None
    widget: TokenPane
    action: QAction
    removable: bool = False
    hidden: bool = False
    loading: bool = False
    name: str = ""  # what an added pane loads, named as its title names it while it loads


class PaneSet(QWidget):
    """The panes of the text ``text()``. ``rendered`` when every visible pane shows its newest encoding;
    ``panes_changed`` when a pane comes, goes, is hidden, shown or renamed; ``removed(key)`` when one goes;
    ``reference_shown(bool)`` whether cut differences are marked; ``chars_highlighted(start, end)`` when a click
    on a token highlights its characters; ``tree_requested(key, token_id)`` on a double click; ``copied(message)``
    when a pane copied its tokens."""

    rendered = Signal()
    panes_changed = Signal()
    removed = Signal(str)
    reference_shown = Signal(bool)
    chars_highlighted = Signal(int, int)
    tree_requested = Signal(str, int)
    copied = Signal(str)
    method_requested = Signal(str, str)  # key, method: a pane cutting that pane's tokenizer another way
    dropout_changed = Signal(str, float, bool)  # key, p, a new draw
    template_requested = Signal(str)  # key: a pane asks for a chat template file

    def __init__(self, text: Callable[[], str], parent=None):
        super().__init__(parent)
        self.setObjectName("paneSet")
        self.text = text
        self.records: dict[str, Pane] = {}  # by key, in the order shown
        self.reference_key: str | None = None
        self.highlight: tuple[int, int] = (0, 0)
        self.next_pairs: dict[str, tuple[bytes, bytes] | None] = {}  # by key: a pair about to merge, marked
        self.options = Options()
        self.palette_ = Palette()
        self.renderer: Callable[[list[str]], None] | None = None  # chat mode: renders the conversation instead
        self.menu = QMenu(self)
        self.menu.setObjectName("panesMenu")
        self.grid = PaneGrid()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.grid)
        self.service = EncodeService(self)
        self.service.pane_ready.connect(self._on_pane_ready)
        self.service.idle.connect(self._on_idle)

    # ----- the panes -----

    @property
    def panes(self) -> dict[str, TokenPane]:
        """The pane widgets by key, in order."""
        return {key: record.widget for key, record in self.records.items()}

    @property
    def sources(self) -> dict[str, PaneSource | None]:
        return {key: record.source for key, record in self.records.items()}

    def add_pane(self, key: str, source: PaneSource | None, title: str = "", *, removable: bool = False) -> Pane:
        """A new pane after the others, titled ``title`` (by default its source's label)."""
        title = title or (source.label if source is not None else key)
        pane = TokenPane(key, title, removable=removable)
        pane.hide_requested.connect(self._on_hide_requested)
        pane.token_clicked.connect(self._on_token_clicked)
        pane.token_double_clicked.connect(self._on_token_double_clicked)
        pane.copied.connect(self.copied)
        pane.method_requested.connect(self.method_requested)
        pane.dropout_changed.connect(self.dropout_changed)
        pane.template_requested.connect(self.template_requested)
        if source is not None and source.method is not None and source.method.name == "dropout":
            pane.show_dropout(source.method.p)
        pane.canvas.set_options(self.options)
        pane.canvas.set_palette(self.palette_)
        action = QAction(title, self.menu)
        action.setCheckable(True)
        action.setChecked(True)
        action.setData(key)
        action.toggled.connect(self._on_pane_action)
        self.menu.addAction(action)
        record = self.records[key] = Pane(key, title, source, pane, action, removable)
        self._arrange()
        return record

    def remove_pane(self, key: str) -> None:
        """Remove an added pane (the built-in ones can only be hidden)."""
        record = self.records.pop(key)
        self.menu.removeAction(record.action)
        record.widget.setParent(None)
        record.widget.deleteLater()
        if self.reference_key == key:
            self.reference_key = None
        self._arrange()
        self.update_marks()
        self.removed.emit(key)

    def set_title(self, key: str, title: str) -> None:
        """Name a pane: its header and its entry in the Panes menu (and, through ``panes_changed``, elsewhere)."""
        record = self.records[key]
        if title != record.title:
            record.title = title
            record.widget.set_title(title)
            record.action.setText(title)
            self._share_titles()
            self.panes_changed.emit()

    def set_pane_visible(self, key: str, visible: bool) -> None:
        action = self.records[key].action
        if action.isChecked() != visible:
            action.setChecked(visible)  # _on_pane_action does the rest
        else:
            self._apply_visibility(key, visible)

    def visible_keys(self) -> list[str]:
        return [key for key, record in self.records.items() if not record.hidden]

    def set_stacked(self, stacked: bool) -> None:
        """One pane under another (wide panes), or side by side in rows."""
        for pane in self.panes.values():
            pane.set_wide(stacked)
        self.grid.set_stacked(stacked)

    def _arrange(self) -> None:
        shown = [r.widget for r in self.records.values() if not r.hidden]
        hidden = [r.widget for r in self.records.values() if r.hidden]
        for pane in shown + hidden:
            pane.set_wide(self.grid.stacked)
        self.grid.arrange(shown, hidden)
        self._share_titles()
        self.panes_changed.emit()

    def _share_titles(self) -> None:
        """Tell each pane's title what beginning it shares with another shown pane's (a tokenizer's name in the
        panes cutting it other ways): a title too long for its pane is cut there first, keeping what tells the
        panes apart in view."""
        titles = [r.title for r in self.records.values() if not r.hidden]
        for record in self.records.values():
            record.widget.title.set_shared(shared_prefix(record.title, titles))

    @Slot(str)
    def _on_hide_requested(self, key: str) -> None:
        if self.records[key].removable:
            self.remove_pane(key)
        else:
            self.set_pane_visible(key, False)

    @Slot(bool)
    def _on_pane_action(self, checked: bool) -> None:
        self._apply_visibility(self.sender().data(), checked)

    def _apply_visibility(self, key: str, visible: bool) -> None:
        record = self.records[key]
        record.hidden = not visible
        record.widget.setVisible(visible)
        if not visible and self.reference_key == key:
            self.reference_key = None
        self._arrange()
        if visible:
            self.request([key])
        else:
            self.update_marks()

    # ----- encoding -----

    def request(self, keys) -> None:
        """Encode the text again in the panes ``keys`` that are shown and have a tokenizer (in chat mode: render the
        conversation in them, by :attr:`renderer`)."""
        if self.renderer is not None:
            self.renderer(list(keys))
            return
        asked = []
        for key in keys:
            record = self.records.get(key)
            if record is not None and not record.hidden and not record.loading and record.source is not None:
                asked.append(record)
        if asked:
            self.service.request(self.text(), [record.source for record in asked])
            for record in asked:
                record.widget.mark_outdated()
        elif not self.service.busy():
            self.update_marks()
            self.rendered.emit()

    def busy(self) -> bool:
        return self.service.busy()

    def shutdown(self) -> None:
        self.service.shutdown()

    def results(self) -> dict[str, PaneResult]:
        """The shown results of visible panes that are up to date with the text, by key (in chat mode: each pane's
        rendering of the conversation, a text of its own)."""
        text = None if self.renderer is not None else self.text()
        found = {}
        for key in self.visible_keys():
            record = self.records[key]
            result = record.widget.result
            if result is not None and result.view is not None and record.source is result.source:
                if text is None or result.view.text == text:
                    found[key] = result
        return found

    def update_marks(self) -> None:
        """Mark the fewest tokens, the cut differences from the reference pane (not in chat mode: each pane cuts a
        text of its own) and the pairs about to merge."""
        reference = self.reference_key if self.renderer is None else None
        self.reference_shown.emit(mark_panes(self.panes, self.results(), reference, self.next_pairs))

    @Slot(object)
    def _on_pane_ready(self, result: PaneResult) -> None:
        record = self.records.get(result.key)
        if record is None or record.source is not result.source or self.renderer is not None:
            return  # the pane was removed, or its tokenizer replaced, meanwhile, or it renders a conversation now
        record.widget.set_result(result)
        if self.highlight[1] > self.highlight[0]:
            record.widget.canvas.set_highlight(*self.highlight)

    @Slot()
    def _on_idle(self) -> None:
        self.update_marks()
        self.rendered.emit()

    # ----- how tokens are shown -----

    def set_options(self, options: Options) -> None:
        self.options = options
        for pane in self.panes.values():
            pane.canvas.set_options(options)
            pane.canvas.set_highlight(*self.highlight)
        self.update_marks()

    def set_palette(self, palette: Palette) -> None:
        self.palette_ = palette
        for pane in self.panes.values():
            pane.canvas.set_palette(palette)

    def set_reference(self, key: str | None) -> None:
        """Mark each pane's cuts that differ from pane ``key`` (None: no marks)."""
        self.reference_key = key
        self.update_marks()

    def set_highlight(self, start: int, end: int) -> None:
        """Highlight the tokens touching characters ``start:end`` in every pane."""
        self.highlight = (start, end)
        for pane in self.panes.values():
            pane.canvas.set_highlight(start, end)

    @Slot(str, int)
    def _on_token_clicked(self, key: str, index: int) -> None:
        result = self.records[key].widget.result
        if index < 0 or result is None or result.view is None:
            self.set_highlight(0, 0)
            return
        token = result.view.tokens[index]
        self.set_highlight(token.start, token.end)
        self.chars_highlighted.emit(token.start, token.end)

    @Slot(str, int)
    def _on_token_double_clicked(self, key: str, index: int) -> None:
        result = self.records[key].widget.result
        if result is not None and result.view is not None:
            self.tree_requested.emit(key, result.view.tokens[index].id)
