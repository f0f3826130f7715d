"""What the window remembers across restarts, in its settings: its size and place, the splitters' positions, the
tab shown and the Compare tab's text.

>>> KEYS
('window/geometry', 'window/splitters', 'window/tab', 'compare/text')
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QSplitter

KEYS = ("window/geometry", "window/splitters", "window/tab", "compare/text")
#: The Compare text is remembered up to this many characters (a pasted book is not).
MAX_TEXT = 100_000


def save(window, settings: QSettings) -> None:
    """Keep ``window``'s size, splitters, tab and Compare text."""
    settings.setValue("window/geometry", window.saveGeometry())
    settings.setValue("window/splitters", [s.saveState() for s in window.findChildren(QSplitter)])
    settings.setValue("window/tab", window.tabs.currentIndex())
    text = window.compare_view.text()
    if len(text) <= MAX_TEXT:
        settings.setValue("compare/text", text)
    settings.sync()


def restore(window, settings: QSettings) -> None:
    """Put back what :func:`save` kept (nothing, the first time; splitters only while the window has as many)."""
    geometry = settings.value("window/geometry")
    if isinstance(geometry, QByteArray):
        window.restoreGeometry(geometry)
    states = settings.value("window/splitters")
    splitters = window.findChildren(QSplitter)
    if isinstance(states, list) and len(states) == len(splitters):
        for splitter, state in zip(splitters, states):
            if isinstance(state, QByteArray):
                splitter.restoreState(state)
    tab = settings.value("window/tab")
    if tab is not None and str(tab).isdigit() and int(tab) < window.tabs.count():
        window.tabs.setCurrentIndex(int(tab))
    text = settings.value("compare/text")
    if isinstance(text, str) and text:
        window.compare_view.set_text(text)
