"""The base of the window's charts, a pyqtgraph ``PlotWidget`` with what every chart needs: tick labels that never
collide (:class:`~app.common.charts.axes.TidyAxis`), a right-click menu to export it as PNG, SVG or CSV or to reset
its view (:class:`~app.common.charts.export.ExportMenu`; a double click resets it too), a view that dragging or
zooming cannot take past its data's bounds (:meth:`Chart.keep_within`), a hint saying what to do while it is
empty, and text that follows the widget's font: presentation mode, which enlarges a window's font (as F5 does in
the Teach window), enlarges the title, ticks, axis labels, legend and value labels of every chart in it.

>>> chart = Chart("Pairs", export_name="pairs")
>>> chart.show_hint("Press Train to see the pairs.")
>>> chart.hint.toPlainText(), chart.getAxis("left").blank
('Press Train to see the pairs.', True)
>>> chart.pt(10)  # a point size at the chart's scale (1 unless its font was enlarged)
10.0
"""

from __future__ import annotations

from collections.abc import Callable

import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication

from app import style
from app.common.charts.axes import BACKGROUND, TidyAxis
from app.common.charts.export import ExportMenu
from app.common.charts.labels import EmptyHint, LegendRow

pg.setConfigOptions(antialias=True, background=BACKGROUND, foreground="#222")

#: Point sizes of a chart's text at the application's font size.
TITLE_PT = 11.0
LABEL_PT = 10.0
TICK_PT = 9.0
LEGEND_PT = 9.0
HINT_PT = 10.0
#: Value labels beside points or bars.
VALUE_PT = 9.0
AXES = ("left", "bottom")
#: Pixels kept free on each side of the title.
TITLE_MARGIN = 6


class Chart(pg.PlotWidget):
    """A chart titled ``title``; ``export_name`` is the file name its export offers (:attr:`menu`);
    ``tick_font(points)`` gives the tick labels' font."""

    def __init__(
        self,
        title: str = "",
        parent=None,
        *,
        export_name: str = "chart",
        tick_font: Callable[[float], QFont] = style.mono_font,
    ):
        # enableMenu=False: pyqtgraph builds no menu of its own (the chart's is ExportMenu)
        super().__init__(parent, axisItems={name: TidyAxis(name) for name in AXES}, enableMenu=False)
        for name in AXES:
            self.getAxis(name).draw_beneath()
        self.hideButtons()
        self.menu = ExportMenu(self, export_name)
        self.title_text = title
        self.tick_font = tick_font
        self.scale = 1.0
        self.axis_labels: dict[str, str] = {}
        self.axes: tuple[str, ...] = AXES  # the axes shown (:meth:`add_right_axis` adds one)
        self.legend_row: LegendRow | None = None
        self.hint = EmptyHint(self.getViewBox())
        self.scene().sigMouseClicked.connect(self._on_click)
        plot = self.getPlotItem()
        plot.layout.removeItem(plot.titleLabel)  # the title spans the axes' columns too: the whole chart's width
        plot.layout.addItem(plot.titleLabel, 0, 0, 1, 3)
        Chart.restyle(self)  # a subclass's own text does not exist yet: it styles it when it has made it

    # --- text ------------------------------------------------------------------------------------------------
    def pt(self, points: float) -> float:
        """``points`` at the chart's scale."""
        return points * self.scale

    def set_title(self, text: str) -> None:
        self.title_text = text
        self._show_title()

    def _show_title(self) -> None:
        """The title across the whole chart, cut with "…" where the chart is narrower than it (a title wider than
        the view would widen the plot past it), its row as tall as its font."""
        plot = self.getPlotItem()
        if not self.title_text:
            self.setTitle(None)
            # the top tick label is centred on the axis's end: half of it would be cut without this room
            plot.layout.setRowFixedHeight(0, QFontMetrics(self.tick_font(self.pt(TICK_PT))).height() / 2 + 1)
            return
        font = QFont(QApplication.font())
        font.setPointSizeF(self.pt(TITLE_PT))
        metrics = QFontMetrics(font)
        room = self.viewport().width() - 2 * TITLE_MARGIN
        shown = metrics.elidedText(self.title_text, Qt.TextElideMode.ElideRight, room) if room > 0 else ""
        self.setTitle(shown or self.title_text, size=f"{font.pointSizeF():.1f}pt")
        height = max(30, metrics.height() + 10)
        plot.titleLabel.setMaximumHeight(height)
        plot.layout.setRowFixedHeight(0, height)

    def set_axis_label(self, name: str, text: str) -> None:
        self.axis_labels[name] = text
        self.setLabel(name, text, **{"font-size": f"{self.pt(LABEL_PT):.1f}pt"})

    def add_right_axis(self, label: str) -> None:
        """A second vertical axis, on the right, labelled ``label``; its ticks are set as the left one's are."""
        self.getPlotItem().setAxisItems({"right": TidyAxis("right")})
        self.showAxis("right")
        self.getAxis("right").draw_beneath()
        self.axes = (*AXES, "right")
        self.set_axis_label("right", label)
        self.restyle()

    def add_legend_row(self) -> LegendRow:
        """A legend under the plot (named items added from now on join it)."""
        self.legend_row = LegendRow(self.getPlotItem(), self.pt(LEGEND_PT))
        return self.legend_row

    def restyle(self) -> None:
        """Size every text at the chart's scale (subclasses extend it for their own text)."""
        self.set_title(self.title_text)
        for name in self.axes:
            self.getAxis(name).set_tick_font(self.tick_font(self.pt(TICK_PT)))
        for name, text in self.axis_labels.items():
            self.set_axis_label(name, text)
        self.hint.setFont(style.text_font(self.pt(HINT_PT)))
        if self.legend_row is not None:
            self.legend_row.set_point_size(self.pt(LEGEND_PT))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            scale = self.font().pointSizeF() / QApplication.font().pointSizeF()
            if abs(scale - self.scale) > 1e-6:
                self.scale = scale
                self.restyle()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if getattr(self, "title_text", None) is not None:  # also called while pyqtgraph builds the view
            self._show_title()  # before the plot takes the new size: a title or legend too wide would widen it
            if self.legend_row is not None:
                self.legend_row.fit()
        super().resizeEvent(event)

    # --- the view --------------------------------------------------------------------------------------------
    def keep_within(self, **limits: float) -> None:
        """Let dragging and zooming show nothing past ``limits`` (pyqtgraph's ``xMin``, ``xMax``, ``yMin``, ``yMax``,
        in view coordinates: the logarithm on a log axis), e.g. no negative merge rank with ``xMin=0``."""
        self.getViewBox().setLimits(**limits)

    def movable(self) -> bool:
        """Whether the mouse can drag or zoom the view (charts that place their own view cannot)."""
        return any(self.getViewBox().state["mouseEnabled"])

    def reset_view(self) -> None:
        """Show the whole of the data again, as before any drag or zoom (subclasses that frame their axes
        themselves frame them again)."""
        self.enableAutoRange()

    def _on_click(self, event) -> None:
        if event.double() and event.button() == Qt.MouseButton.LeftButton and self.movable():
            event.accept()
            self.reset_view()

    # --- empty state -----------------------------------------------------------------------------------------
    def show_hint(self, text: str, blank: bool | None = None, corner: bool = False) -> None:
        """Say ``text`` in the middle of the plot, or in its top left ``corner`` ("" once it shows data);
        ``blank`` (by default: whenever there is a hint) leaves the axes without ticks, which would mean nothing."""
        self.hint.show_text(text, corner)
        for name in self.axes:
            self.getAxis(name).set_blank(bool(text) if blank is None else blank)
