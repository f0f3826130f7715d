"""A guard against a PySide6 6.12 reference-counting bug on Python 3.11, applied when ``app`` is imported.

PySide6 6.12.0 releases references to ``None`` and ``True`` that it never took when it converts them to and from
``QVariant`` in calls between C++ and Python: a model's ``data()`` returning ``None`` for a role it does not
provide, pyqtgraph's ``itemChange`` overrides, and so on. Python 3.12+ makes these objects immortal, so nothing
happens there; on Python 3.11 their counts fall by thousands per second of drawing until the interpreter aborts
with "none_dealloc" or "bool_dealloc". Shiboken already gives small integers a huge reference count for the same
reason; :func:`protect_singletons` does the same for ``None``, ``True`` and ``False`` when a probe shows that the
installed PySide6 loses references (a fixed PySide6 is left alone).

>>> import sys
>>> sys.getrefcount(None) > 1_000_000 or not PYSIDE_LOSES_NONE_REFS or sys.version_info >= (3, 12)
True
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QAbstractListModel, QIdentityProxyModel, Qt

#: Added to each singleton's count: at a million lost references a second it would last twelve days.
RESERVE = 1 << 40


class _Probe(QAbstractListModel):
    def rowCount(self, parent=None):
        return 1 if parent is None or not parent.isValid() else 0

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        return None


def _loses_none_refs(calls: int = 20) -> bool:
    """Whether C++ calling a Python ``data()`` that returns None loses references to None."""
    probe, proxy = _Probe(), QIdentityProxyModel()
    proxy.setSourceModel(probe)
    index = proxy.index(0, 0)
    before = sys.getrefcount(None)
    for _ in range(calls):
        proxy.data(index, Qt.ItemDataRole.DecorationRole)
    return sys.getrefcount(None) < before - calls // 2


def protect_singletons() -> None:
    """Give None, True and False a reference count no leak can exhaust (CPython < 3.12 only)."""
    for obj in (None, True, False):
        # ob_refcnt is the first field of every CPython object.
        ctypes.c_ssize_t.from_address(id(obj)).value += RESERVE


PYSIDE_LOSES_NONE_REFS = (
    sys.implementation.name == "cpython"
    and sys.version_info < (3, 12)
    and _loses_none_refs()
)
if PYSIDE_LOSES_NONE_REFS:
    protect_singletons()
