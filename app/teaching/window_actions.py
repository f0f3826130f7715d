"""The Teach window's actions and their shortcuts, in one place: the window makes them, and the Help menu's list of
shortcuts reads them from here.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence


def window_actions(owner: QObject) -> dict[str, QAction]:
    """The Teach window's actions with their shortcuts, made children of ``owner`` (the window, or the Help menu's
    list of shortcuts, which reads them from here): presentation mode (F5), full screen (F11), export (Ctrl+E),
    close (Ctrl+W, Esc)."""
    presentation = QAction(QCoreApplication.translate("TeachingWindow", "Presentation mode"), owner, checkable=True)
    presentation.setShortcut(QKeySequence("F5"))
    presentation.setToolTip(
        QCoreApplication.translate("TeachingWindow", "Large fonts for a projector; ← → step, space plays (F5)")
    )
    fullscreen = QAction(QCoreApplication.translate("TeachingWindow", "Full screen"), owner, checkable=True)
    fullscreen.setShortcut(QKeySequence("F11"))
    export = QAction(QCoreApplication.translate("TeachingWindow", "Export view…"), owner)
    export.setShortcut(QKeySequence("Ctrl+E"))
    export.setToolTip(
        QCoreApplication.translate(
            "TeachingWindow", "Save the current view as PNG or SVG, or its animation as GIF or MP4, for slides"
        )
    )
    close = QAction(QCoreApplication.translate("TeachingWindow", "Close"), owner)
    close.setShortcuts([QKeySequence("Ctrl+W"), QKeySequence("Esc")])
    return {"presentation": presentation, "fullscreen": fullscreen, "export": export, "close": close}
