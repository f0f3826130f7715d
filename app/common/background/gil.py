"""While a Python thread computes beside the GUI, make the GUI thread wait less for the GIL.

Every call from Qt into Python (a model's ``data()``, each pyqtgraph item's ``paint()``) must take the GIL; with
Python's default switch interval (5 ms) a busy worker thread keeps it that long each time, and a repaint that
calls into Python a hundred times freezes the window for half a second. ``busy()``/``idle()`` are counted, so
overlapping jobs restore the interval only when the last one ends.

>>> import sys
>>> before = sys.getswitchinterval()
>>> busy(); sys.getswitchinterval() <= BUSY_SWITCH_INTERVAL
True
>>> idle(); sys.getswitchinterval() == before
True
"""

from __future__ import annotations

import sys

BUSY_SWITCH_INTERVAL = 0.0005
_users = 0
_saved = sys.getswitchinterval()


def busy() -> None:
    """A worker thread starts computing (call from the GUI thread)."""
    global _users, _saved
    if _users == 0:
        _saved = sys.getswitchinterval()
        sys.setswitchinterval(min(_saved, BUSY_SWITCH_INTERVAL))
    _users += 1


def idle() -> None:
    """A worker thread has stopped (call once per ``busy()``)."""
    global _users
    _users = max(0, _users - 1)
    if _users == 0:
        sys.setswitchinterval(_saved)
