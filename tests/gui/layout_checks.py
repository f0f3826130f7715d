"""Checks of a laid-out window, for tests/gui/test_layout_sizes.py (and for looking at a window by hand).

A widget is *squashed* when it is smaller than the smallest size Qt's layouts would ever give it. Qt computes that
size as ``qSmartMinSize`` does (``QLayout``, ``QSplitter`` and ``QStackedWidget`` all use it): in each direction,
the widget's ``minimumSize`` when one was set; else, unless the size policy is ``Ignored``, its
``minimumSizeHint`` when the policy may shrink, and the larger of ``sizeHint`` and ``minimumSizeHint`` when it may
not (``Fixed``, ``Minimum``, ``MinimumExpanding``); capped by ``maximumSize``. A layout goes below that only when
its own widget has less room than the layout's minimum, which is exactly what a window forced smaller than its
minimum size does: the rows of a form squeezed into slivers that overlap.

>>> from PySide6.QtCore import QSize
>>> from PySide6.QtWidgets import QApplication, QSizePolicy
>>> app = QApplication.instance() or QApplication([])
>>> smallest(QSize(80, 20), QSize(30, 20), QSize(0, 0), QSize(1000, 1000), QSizePolicy.Policy.Preferred)
PySide6.QtCore.QSize(30, 20)
>>> smallest(QSize(80, 20), QSize(30, 20), QSize(0, 0), QSize(1000, 1000), QSizePolicy.Policy.Fixed)
PySide6.QtCore.QSize(80, 20)

A chart's side axis label cut with "…" (its axis shorter than the label) is a problem too.

Only widgets that a layout places are looked at (a child of a layout, of a splitter or the page of a scroll area):
the parts a widget places itself (a spin box's line edit, a header's sections) follow their own rules.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QLayout, QScrollArea, QSizePolicy, QSplitter, QWidget

IGNORED = QSizePolicy.Policy.Ignored
SHRINK = QSizePolicy.PolicyFlag.ShrinkFlag.value


def _policy_value(policy) -> int:
    return policy.value if hasattr(policy, "value") else int(policy)


def _smallest_1d(hint: int, min_hint: int, minimum: int, maximum: int, policy) -> int:
    if minimum > 0:
        return minimum
    if policy == IGNORED:
        return 0
    size = min_hint if _policy_value(policy) & SHRINK else max(hint, min_hint)
    return max(0, min(size, maximum))


def smallest(hint: QSize, min_hint: QSize, minimum: QSize, maximum: QSize, policy, vertical=None) -> QSize:
    """The smallest size a layout gives a widget (``qSmartMinSize``); ``policy`` for both directions unless
    ``vertical`` is given."""
    vertical = policy if vertical is None else vertical
    return QSize(
        _smallest_1d(hint.width(), min_hint.width(), minimum.width(), maximum.width(), policy),
        _smallest_1d(hint.height(), min_hint.height(), minimum.height(), maximum.height(), vertical),
    )


def smallest_of(widget: QWidget) -> QSize:
    policy = widget.sizePolicy()
    return smallest(
        widget.sizeHint(),
        widget.minimumSizeHint(),
        widget.minimumSize(),
        widget.maximumSize(),
        policy.horizontalPolicy(),
        policy.verticalPolicy(),
    )


def _in_layout(layout: QLayout, widget: QWidget) -> bool:
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item.widget() is widget:
            return True
        if item.layout() is not None and _in_layout(item.layout(), widget):
            return True
    return False


def laid_out(widget: QWidget) -> bool:
    """True when a layout, a splitter or a scroll area places ``widget``."""
    parent = widget.parentWidget()
    if parent is None or widget.isWindow():
        return False
    if isinstance(parent, QSplitter):
        return True
    holder = parent.parentWidget()
    if isinstance(holder, QScrollArea) and holder.widget() is widget:
        return holder.widgetResizable()
    return parent.layout() is not None and _in_layout(parent.layout(), widget)


def shown_children(widget: QWidget) -> list[QWidget]:
    return [c for c in widget.children() if isinstance(c, QWidget) and not c.isWindow() and c.isVisible()]


def _name(widget: QWidget) -> str:
    text = ""
    for attribute in ("text", "title", "placeholderText"):
        getter = getattr(widget, attribute, None)
        if callable(getter):
            try:
                value = getter()
            except TypeError:
                continue
            if isinstance(value, str) and value:
                text = f" {value[:30]!r}"
                break
    name = widget.objectName()
    return f"{type(widget).__name__}{'#' + name if name else ''}{text}"


def path_of(widget: QWidget) -> str:
    parts = []
    while widget is not None and not widget.isWindow():
        parts.append(_name(widget))
        widget = widget.parentWidget()
    return " < ".join(parts[:4])


def _geometry(widget: QWidget) -> QRect:
    return widget.geometry()


def cut_axis_labels(widget: QWidget) -> list[str]:
    """The side axis labels of a chart (``app.common.charts.chart.Chart``) that their axis, too short even for the label
    wrapped on its lines, cuts with "…"."""
    labels = getattr(widget, "axis_labels", None)
    if not isinstance(labels, dict):
        return []
    found = []
    for name in ("left", "right"):
        axis = widget.getAxis(name)
        shown = " ".join(axis.shown_label()) if name in labels and axis.isVisible() else ""
        if shown and shown.replace(" ", "") != axis.labelText.replace(" ", ""):
            found.append(f"cut: {path_of(widget)}'s {name} axis label {shown!r} ({widget.height()} px high)")
    return found


def problems(window: QWidget, limit: int = 30) -> list[str]:
    """Squashed widgets and overlapping siblings among ``window``'s shown widgets (see the module's docstring)."""
    found: list[str] = []

    def walk(widget: QWidget) -> None:
        children = shown_children(widget)
        placed = [c for c in children if laid_out(c)]
        for child in placed:
            least = smallest_of(child)
            size = child.size()
            if size.width() < least.width() or size.height() < least.height():
                found.append(
                    f"squashed: {path_of(child)} is {size.width()}x{size.height()}, "
                    f"at least {least.width()}x{least.height()}"
                )
        for i, one in enumerate(placed):
            for other in placed[i + 1 :]:
                overlap = _geometry(one).intersected(_geometry(other))
                if overlap.width() > 0 and overlap.height() > 0:
                    found.append(
                        f"overlap: {path_of(one)} and {_name(other)} share {overlap.width()}x{overlap.height()}"
                    )
        for child in children:
            found.extend(cut_axis_labels(child))
            walk(child)

    walk(window)
    return found[:limit]
