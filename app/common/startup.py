"""What the whole application shares, set up once when it starts (by :func:`app.main.main` and the GUI tests'
fixtures), never in a widget's constructor: its names and font, and the garbage-collection policy of
:mod:`app.common.background.main_thread_gc`.

>>> from PySide6.QtCore import QCoreApplication
>>> start_up(QCoreApplication.instance())
>>> import gc; gc.isenabled()  # collected by a timer in the GUI thread from now on
False
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication

from app.common.background.main_thread_gc import pin_gc_to_main_thread
from app.style import text_font

APP_NAME = "BPE Explorer"
ORGANIZATION = "bpe-explorer"


def start_up(app: QCoreApplication) -> None:
    """Name the application, give it a font with CJK fallback, keep garbage collection on the GUI thread.
    Calling it again is harmless."""
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANIZATION)
    if isinstance(app, QGuiApplication):
        app.setFont(text_font(10))
    pin_gc_to_main_thread()
