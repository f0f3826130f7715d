"""The encoding methods of :mod:`bpe_core.encoding.methods` as the window names them, in one table (translation context
``EncodingMethods``): in a pane's title, the methods chart's legend and table, and a pane's "Encode another way"
menu.

>>> method_name("fewest"), method_name("dropout", p=0.1), method_name("dropout", p=0.25, seed=3)
('fewest tokens', 'BPE-dropout p=0.1', 'BPE-dropout p=0.25 (draw 3)')
>>> menu_name("greedy")
'Greedy longest match'
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

#: Each method's name, in the middle of a sentence.
NAMES = {
    "bpe": QT_TRANSLATE_NOOP("EncodingMethods", "its own BPE"),
    "greedy": QT_TRANSLATE_NOOP("EncodingMethods", "greedy longest match"),
    "fewest": QT_TRANSLATE_NOOP("EncodingMethods", "fewest tokens"),
    "dropout": QT_TRANSLATE_NOOP("EncodingMethods", "BPE-dropout"),
}


def method_name(method: str, p: float | None = None, seed: int | None = None) -> str:
    """The method's name (an unknown one as it is), with dropout's probability ``p`` and its draw ``seed``."""
    name = QCoreApplication.translate("EncodingMethods", NAMES.get(method, method))
    if p is None:
        return name
    if seed is None:
        return f"{name} p={p:g}"
    return QCoreApplication.translate("EncodingMethods", "{method} p={p} (draw {seed})").format(
        method=name, p=f"{p:g}", seed=seed
    )


def menu_name(method: str) -> str:
    """The method's name as a menu item: its first letter a capital."""
    name = method_name(method)
    return name[:1].upper() + name[1:]
