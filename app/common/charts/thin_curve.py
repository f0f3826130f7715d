"""A curve of thousands of points drawn with at most two per pixel column: its lowest and its highest, in the order
they come. The line looks the same (in one column every point is within a pixel of another) and costs a fraction
to stroke: a run's curve has a point per merge, and Qt strokes a 2-pixel antialiased line point by point.

pyqtgraph's own thinning (``setDownsampling(auto=True)``) keeps every n-th group of points, n from the average
spacing: on a log axis that is too fine on the right, where the points crowd, and too coarse on the left. Here the
columns are the view's pixels, whatever the axis. The item's data stays whole (``getOriginalDataset``, the CSV
export): only what is drawn is thinned.

>>> import numpy as np
>>> x = np.array([0.0, 0.2, 0.4, 0.6, 1.0, 1.5, 2.5, 2.7])
>>> y = np.array([5.0, 1.0, 7.0, 3.0, 2.0, 2.0, 4.0, 4.0])
>>> keep = column_extremes(x, y, left=0.0, column=1.0)  # columns [0, 1), [1, 2), [2, 3)
>>> x[keep].tolist(), y[keep].tolist()
([0.0, 0.2, 0.4, 1.0, 2.5, 2.7], [5.0, 1.0, 7.0, 2.0, 4.0, 4.0])
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg


def column_extremes(x: np.ndarray, y: np.ndarray, left: float, column: float) -> np.ndarray:
    """Indices of the points to draw: the first and the last point, and in each column of width ``column`` counted
    from ``left`` its first lowest and first highest point, in order (one index for a column of one point). ``x``
    is sorted."""
    columns = np.floor((x - left) / column)
    starts = np.flatnonzero(np.concatenate(([True], columns[1:] != columns[:-1])))
    if len(starts) * 2 >= len(x):
        return np.arange(len(x))
    owner = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(x))))
    lowest = _first_where(y == np.minimum.reduceat(y, starts)[owner], owner)
    highest = _first_where(y == np.maximum.reduceat(y, starts)[owner], owner)
    return np.unique(np.concatenate(([0, len(x) - 1], lowest, highest)))


def _first_where(hit: np.ndarray, owner: np.ndarray) -> np.ndarray:
    """The first index of each column (``owner``) where ``hit`` holds."""
    where = np.flatnonzero(hit)
    return where[np.concatenate(([True], owner[where][1:] != owner[where][:-1]))]


class ThinCurve(pg.PlotDataItem):
    """A :class:`pyqtgraph.PlotDataItem` that draws at most two points per pixel column of its view (see the module).
    Use it as one: ``chart.addItem(ThinCurve([], [], pen=pen, name="..."))``."""

    def __init__(self, *args, **options):
        super().__init__(*args, **options)
        self.setClipToView(True)  # thin only what is in view
        self._thinned: tuple | None = None  # (the dataset thinned, the view it was thinned for, the result)

    def _getDisplayDataset(self):  # noqa: N802 (pyqtgraph's name; it makes what updateItems and getData show)
        dataset = super()._getDisplayDataset()
        view = self.getViewBox()
        if dataset is None or view is None or dataset.x is None or len(dataset.x) < 4 or view.width() <= 0:
            return dataset
        if not (dataset.yAllFinite or np.isfinite(dataset.y).all()):
            return dataset  # a gap (NaN) or log of 0 is drawn as pyqtgraph draws it
        left, right = view.viewRange()[0]
        key = (left, right - left, view.width())
        if self._thinned is None or self._thinned[0] is not dataset or self._thinned[1] != key:
            keep = column_extremes(dataset.x, dataset.y, left, (right - left) / view.width())
            result = dataset if len(keep) == len(dataset.x) else _subset(dataset, keep)
            self._thinned = (dataset, key, result)
        return self._thinned[2]


def _subset(dataset, keep: np.ndarray):
    """``dataset`` (a pyqtgraph ``PlotDataset``) with only the points at ``keep``."""
    subset = type(dataset)(dataset.x[keep], dataset.y[keep], dataset.xAllFinite, dataset.yAllFinite)
    connect = getattr(dataset, "connect", None)  # an array only for a curve given one
    if isinstance(connect, np.ndarray):
        subset.connect = connect[keep]
    return subset
