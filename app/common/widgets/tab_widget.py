"""A ``QTabWidget`` that repaints itself whole only when its own layout changed.

Qt's ``QTabWidget`` answers every ``LayoutRequest`` by laying out its tab bar and pages again and then repainting
itself whole, every page's widgets included. A label anywhere in a page sends one up the chain whenever its text
changes (``QLayout.activate`` ends with ``updateGeometry``, level after level), so a progress line updated while
training used to repaint the whole window, charts and all: 40 ms and more of the GUI thread on a busy machine.

What such a request can change here is only where the tab bar and the pages go, which depends on the widget's size
and the tab bar's size hint (there are no corner widgets). :class:`TabWidget` lets Qt lay out again when one of
them changed and otherwise only passes the request on (``updateGeometry``, as Qt does), so that a page whose minimum
size grew still reaches the window.

>>> from PySide6.QtWidgets import QApplication, QLabel
>>> app = QApplication.instance() or QApplication([])
>>> tabs = TabWidget()
>>> _ = tabs.addTab(QLabel("page"), "One")
>>> tabs.layout_key() == (tabs.size(), tabs.tabBar().sizeHint())
True
"""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QTabWidget, QWidget


class TabWidget(QTabWidget):
    """``QTabWidget`` without the whole repaint after a ``LayoutRequest`` that changes nothing it lays out."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._laid_out_for: tuple | None = None

    def layout_key(self) -> tuple:
        """What the tab bar's and pages' places depend on."""
        return (self.size(), self.tabBar().sizeHint())

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            key = self.layout_key()
            if key == self._laid_out_for:
                self.updateGeometry()  # the pages' size hints may have changed: the window hears of it
                return QWidget.event(self, event)
            self._laid_out_for = key
        return super().event(event)
