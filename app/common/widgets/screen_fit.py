"""Keeping a window on its screen: no larger than the screen's available area (less the taskbar), its title bar
below the area's top, and wholly inside it.

>>> from PySide6.QtCore import QRect
>>> fitted(QRect(0, 0, 1560, 940), QRect(0, 0, 1366, 728), title_bar=30)
PySide6.QtCore.QRect(0, 30, 1366, 698)
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

#: A window not shown yet has no frame: its title bar is taken to be this tall.
TITLE_BAR = 30


def fitted(geometry: QRect, available: QRect, title_bar: int = TITLE_BAR) -> QRect:
    """``geometry`` (a window's, without its frame) shrunk and moved to lie inside ``available`` with ``title_bar``
    pixels above it.

    >>> fitted(QRect(900, 600, 800, 600), QRect(0, 0, 1366, 728), title_bar=30)
    PySide6.QtCore.QRect(566, 128, 800, 600)
    """
    width = min(geometry.width(), available.width())
    height = min(geometry.height(), available.height() - title_bar)
    x = max(available.left(), min(geometry.x(), available.right() + 1 - width))
    y = max(available.top() + title_bar, min(geometry.y(), available.bottom() + 1 - height))
    return QRect(x, y, width, height)


def fit_to_screen(window: QWidget) -> None:
    """Shrink and move ``window`` onto its screen's available area (a window saved on a larger screen, or asked
    for at a size this screen has not). It never goes below its minimum size: its layouts see to that one."""
    screen = QGuiApplication.screenAt(window.geometry().center()) or window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    frame = window.frameGeometry()
    title_bar = window.geometry().top() - frame.top() if window.isVisible() else TITLE_BAR
    fit = fitted(window.geometry(), screen.availableGeometry(), max(0, title_bar))
    if fit != window.geometry():
        window.setGeometry(fit)
