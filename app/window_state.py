"""What the window remembers across restarts, in its settings: its size and place, the splitters' positions, the
tab shown, the Compare tab's text and the Train tab's Ray address (a cluster's address is typed once).

>>> KEYS
('window/geometry', 'window/splitters', 'window/tab', 'compare/text', 'train/ray_address')
"""

from __future__ import annotations

import json

from PySide6.QtCore import QByteArray, QObject, QSettings
from PySide6.QtWidgets import QSplitter

from app.common.widgets.screen_fit import fit_to_screen

KEYS = ("window/geometry", "window/splitters", "window/tab", "compare/text", "train/ray_address")
#: The Compare text is remembered up to this many characters (a pasted book is not); a longer one, written in the
#: settings by hand, is restored up to this many (the rest would take gigabytes to encode at start-up).
MAX_TEXT = 100_000


def save(window, settings: QSettings) -> None:
    """Keep ``window``'s size, splitters, tab, Compare text and Ray address."""
    settings.setValue("window/geometry", window.saveGeometry())
    sizes = {_path(splitter, window): splitter.sizes() for splitter in window.findChildren(QSplitter)}
    settings.setValue("window/splitters", json.dumps(sizes))
    settings.setValue("window/tab", window.tabs.currentIndex())
    text = window.compare_view.text()
    if len(text) <= MAX_TEXT:
        settings.setValue("compare/text", text)
    settings.setValue("train/ray_address", window.train_tab.settings_panel.ray_address.text().strip())
    settings.sync()


def _path(widget, window) -> str:
    """Where ``widget`` sits in ``window``'s tree of objects, stable from one start to the next: each ancestor's
    class and its place among its parent's children of that class (``findChildren``'s order is not stable)."""
    parts = []
    while widget is not None and widget is not window:
        parent = widget.parent()
        siblings = [c for c in parent.children() if type(c) is type(widget)] if parent is not None else [widget]
        parts.append(f"{type(widget).__name__}{siblings.index(widget)}")
        widget = parent
    return "/".join(reversed(parts))


def restore(window, settings: QSettings) -> None:
    """Put back what :func:`save` kept (nothing, the first time; splitters only while the window has as many). The
    window is then fitted to the screen's available area (:mod:`app.common.widgets.screen_fit`): kept on a larger
    screen, or first opened on a laptop's, it is not taller than the screen."""
    geometry = settings.value("window/geometry")
    if isinstance(geometry, QByteArray):
        window.restoreGeometry(geometry)
    fit_to_screen(window)
    try:
        sizes = json.loads(settings.value("window/splitters") or "{}")
    except (TypeError, ValueError):
        sizes = {}
    for splitter in window.findChildren(QSplitter):
        kept = sizes.get(_path(splitter, window)) if isinstance(sizes, dict) else None
        if isinstance(kept, list) and len(kept) == splitter.count() and all(isinstance(n, int) for n in kept):
            splitter.setSizes(kept)  # sizes only: a splitter keeps its own orientation
    tab = settings.value("window/tab")
    if tab is not None and str(tab).isdigit() and int(tab) < window.tabs.count():
        window.tabs.setCurrentIndex(int(tab))
    text = settings.value("compare/text")
    if isinstance(text, str) and text:
        window.compare_view.set_text(_restored_text(window, text))
    address = settings.value("train/ray_address")
    if isinstance(address, str) and address:
        window.train_tab.settings_panel.ray_address.setText(address)
        window.train_tab.settings_panel.counting.set_expanded(True)  # counting on Ray is said, not folded away


def _restored_text(window, text: str) -> str:
    """The first :data:`MAX_TEXT` characters of the Compare text kept, saying so in the status bar if it had
    more."""
    if len(text) <= MAX_TEXT:
        return text
    window.statusBar().showMessage(WindowStateWords().text_cut(len(text)))
    return text[:MAX_TEXT]


class WindowStateWords(QObject):
    """What restoring the window says with a count, in Qt's plural forms, which lupdate finds only in
    ``self.tr(text, "", n)``."""

    def text_cut(self, count: int) -> str:
        """The Compare text kept had ``count`` characters, more than :data:`MAX_TEXT`."""
        said = self.tr(
            "The Compare text kept from the last session has {count} characters: only its first {limit} were restored.",
            "",
            count,
        )
        return said.format(count=f"{count:,}", limit=f"{MAX_TEXT:,}")
