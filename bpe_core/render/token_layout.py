"""Where each token's box goes: boxes flow left to right in rows, like words in a paragraph (no Qt here). The
Compare tab's canvas lays out with it, and so do the pictures the engine writes
(:func:`bpe_core.render.html_tokens.flow` for the SVG and the PNG), each measuring its own boxes.

A box that does not fit in what is left of its row starts the next row, unless it is the first of its row (a box
wider than the row gets a row of its own); a box whose token ends in newlines ends its row (two newlines leave an
empty row). A row holding a "tall" box (one with a bracket and a character written under it) is taller. Boxes are
added in slices (:meth:`FlowLayout.extend`), so that a long text can be laid out between events.

>>> layout = FlowLayout(30, box_height=10, row_height=12, margin=0, gap=1)
>>> layout.extend([(10, 0), (10, 0), (10, 0), (5, 1), (5, 0)])
>>> list(layout.rows), list(layout.xs), list(layout.row_tops)
([0, 0, 1, 1, 2], [0.0, 11.0, 0.0, 11.0, 0.0], [0.0, 12.0, 24.0, 36.0])
>>> layout.index_at(15, 5), layout.index_at(15, 11), layout.index_at(10.5, 5), layout.index_at(100, 5)
(1, -1, -1, -1)
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Callable, Container, Iterable

import numpy as np


def tall_flags(tall: Container[int], first: int, stop: int) -> list[bool]:
    """``[i in tall for i in range(first, stop)]``; a container with a ``held(first, stop)`` method (the Compare
    canvas's runs of tokens sharing a character) answers a slice of boxes in one pass (numpy: worth its call from a
    few dozen boxes on; an edit extends a layout a box at a time).

    >>> tall_flags({2, 5}, 1, 4)
    [False, True, False]
    """
    held = getattr(tall, "held", None)
    if held is not None and stop - first > 32:
        return held(first, stop)
    return [i in tall for i in range(first, stop)]


class FlowLayout:
    """Boxes of height ``box_height`` in rows of ``width``; a row takes ``row_height`` (``tall_row_height`` if it
    holds a box whose index is in ``tall``), ``margin`` around everything and ``gap`` between boxes.

    After :meth:`extend`, box ``i`` is at ``xs[i]`` in row ``rows[i]`` (``widths[i]`` wide); row ``r`` starts at
    ``row_tops[r]`` and ``row_tops[-1]`` is the bottom of the last row. Rows never decrease from box to box. These
    are arrays (:mod:`array`) of floats and ints.
    """

    def __init__(
        self,
        width: float,
        box_height: float,
        row_height: float,
        tall_row_height: float | None = None,
        *,
        tall: Container[int] = frozenset(),
        margin: float = 6.0,
        gap: float = 2.0,
    ):
        self.width = width
        self.box_height = box_height
        self.row_height = row_height
        self.tall_row_height = row_height if tall_row_height is None else tall_row_height
        self.tall = tall
        self.margin = margin
        self.gap = gap
        # Flat arrays of numbers, not lists of objects: an edit copies and shifts them in C (a million boxes).
        self.xs = array("d")
        self.widths = array("d")
        self.rows = array("q")
        self._tall = array("q")  # the tall rows, ascending
        self.row_tops = array("d", [margin])
        self._cursor = (margin, 0)  # where the next box goes: x, row

    def __len__(self) -> int:
        return len(self.xs)

    @property
    def tall_rows(self) -> set[int]:
        """The rows holding a tall box."""
        return set(self._tall)

    @property
    def row_count(self) -> int:
        """Rows laid out so far, counting the row the next box would start (a text ending in a newline ends with
        an empty row)."""
        return len(self.row_tops) - 1

    @property
    def height(self) -> float:
        """The height of everything laid out, with the margin below."""
        return self.row_tops[-1] + self.margin

    def extend(self, sizes: Iterable[tuple[float, int]]) -> None:
        """Place a box after those placed already for each of ``sizes``: its width and how many newlines its token
        ends with (the caller measures, e.g. with Qt's font metrics)."""
        xs, widths, rows, tall_rows = self.xs, self.widths, self.rows, self._tall
        margin, gap = self.margin, self.gap
        right = self.width - margin
        x, row = self._cursor
        first_row = row
        sizes = list(sizes)
        for (w, newlines), is_tall in zip(sizes, tall_flags(self.tall, len(xs), len(xs) + len(sizes))):
            if x + w > right and x > margin:
                x, row = margin, row + 1
            xs.append(x)
            widths.append(w)
            rows.append(row)
            if is_tall and (not tall_rows or tall_rows[-1] != row):
                tall_rows.append(row)
            x += w + gap
            if newlines:
                x, row = margin, row + newlines
        self._cursor = (x, row)
        self._add_row_tops(first_row, row)

    def extend_arrays(self, widths: np.ndarray, newlines: np.ndarray) -> None:
        """:meth:`extend` for boxes given as two arrays, their widths and newlines, a row at a time instead of a box
        at a time (about three times faster for slices of 4,000 boxes). The layout is the same to the bit: the positions
        are sums of widths, exact where every width, the gap and the margins are multiples of 1/64 (Qt's advances
        are); other numbers (negative, NaN, finer) go through :meth:`extend`.

        >>> layout = FlowLayout(30, box_height=10, row_height=12, margin=0, gap=1)
        >>> layout.extend_arrays(np.array([10.0, 10, 10, 5, 5]), np.array([0, 0, 0, 1, 0]))
        >>> list(layout.rows), list(layout.xs), list(layout.row_tops)
        ([0, 0, 1, 1, 2], [0.0, 11.0, 0.0, 11.0, 0.0], [0.0, 12.0, 24.0, 36.0])
        """
        widths = np.asarray(widths, np.float64)
        newlines = np.asarray(newlines, np.int64)
        margin, gap, right = self.margin, self.gap, self.width - self.margin
        exact = len(widths) == len(newlines) and _sums_exact(widths, (margin, gap, right))
        if not exact or (len(newlines) and int(newlines.min()) < 0):
            self.extend(zip(widths.tolist(), newlines.tolist()))
            return
        n, begin = len(widths), len(self.xs)
        x, row = self._cursor
        first_row = row
        if n == 0:
            self._add_row_tops(first_row, row)  # (as extend: the cursor's row has its top)
            return
        # Box j of a row begun at box i at x0 is at x0 + cum[j] - cum[i] and fits if x0 + ends[j] - cum[i] <= right;
        # ends rise with j. A row begun at the margin at box i is followed by a row begun at box after[i]: found for
        # every i at once, then followed from row to row. Only the first row may begin elsewhere (the last row so far).
        cum = np.zeros(n + 1)
        np.cumsum(widths + gap, out=cum[1:])
        ends, index = cum[:-1] + widths, np.arange(n)
        breaks = np.flatnonzero(newlines)  # a token ending in newlines ends its row
        next_break = np.append(breaks, n)[np.searchsorted(breaks, index)]
        fits = np.maximum(np.searchsorted(ends, right - margin + cum[:-1], "right"), index + 1)  # (one box at least)
        after = np.where(next_break < fits, next_break + 1, fits).tolist()
        i, row_first, row_x = 0, [], []
        if x > margin:  # the last row so far goes on, or ends before box 0
            fit = int(np.searchsorted(ends, right - x, "right"))
            if fit:
                i = min(fit, int(next_break[0]) + 1)
                row_first.append(0)
                row_x.append(x)
            else:
                row += 1
        while i < n:
            row_first.append(i)
            row_x.append(margin - cum[i])
            i = after[i]
        # the rows: each is one down from the row before, or as many as the newlines that row's last box ends with
        starts = np.asarray(row_first)
        last = np.append(starts[1:], n) - 1
        step = np.where(newlines[last] > 0, newlines[last], 1)
        numbers = row + np.concatenate(([0], np.cumsum(step[:-1])))
        counts = np.diff(np.append(starts, n))
        box_rows = np.repeat(numbers, counts).astype(np.int64)
        self.xs.frombytes((np.repeat(np.asarray(row_x), counts) + cum[:-1]).tobytes())
        self.widths.frombytes(widths.tobytes())
        self.rows.frombytes(box_rows.tobytes())
        tall = np.asarray(tall_flags(self.tall, begin, begin + n), bool)
        for r in np.unique(box_rows[tall]).tolist():
            if not self._tall or self._tall[-1] != r:
                self._tall.append(r)
        row = int(numbers[-1])
        if newlines[n - 1]:
            self._cursor = (margin, row + int(newlines[n - 1]))
        else:
            self._cursor = (row_x[-1] + float(cum[n]), row)
        self._add_row_tops(first_row, self._cursor[1])

    def _add_row_tops(self, first_row: int, row: int) -> None:
        """The tops of rows ``first_row`` (which may have grown taller) to ``row``, after boxes were placed."""
        tall_rows = self._tall
        tops = self.row_tops
        del tops[first_row + 1 :]  # the first row may have grown taller; the rows above it are final
        plain, taller = self.row_height, self.tall_row_height
        tall_here = tall_rows[bisect.bisect_left(tall_rows, first_row) :]
        if row - first_row < 32:
            tall_set = set(tall_here)
            for r in range(first_row, row + 1):
                tops.append(tops[-1] + (taller if r in tall_set else plain))
            return
        heights = np.full(row - first_row + 2, plain, np.float64)  # (added one after another, as above: the same sums)
        heights[0] = tops[-1]
        heights[np.asarray(tall_here, np.int64) - first_row + 1] = taller
        tops.frombytes(np.cumsum(heights)[1:].tobytes())

    def edit(
        self,
        kept: int,
        tail_start: int,
        shift: int,
        sizes: Callable[[int, int], Iterable[tuple[float, int]]],
        tall: Container[int],
        *,
        total: int,
        limit: int,
    ) -> tuple[float, float] | None:
        """Lay out an edited text in place: the text now has ``total`` tokens, its first ``kept`` are this layout's
        first ones and those from ``tail_start`` on are this layout's from ``tail_start - shift`` on; ``sizes(a, b)``
        gives the sizes of its tokens ``a`` to ``b - 1`` (as :meth:`extend` takes them), ``tall`` its tall boxes.

        The boxes before the row of box ``kept - 1`` stay (box ``kept`` might now fit at the end of that row); the
        changed ones are laid out and, as soon as a box of the unchanged tail is back at its old x (within ``limit``
        boxes after ``tail_start``), the old boxes after it are kept too, moved by whole rows: ``(y, dy)``, the old
        rows from ``y`` down are now ``dy`` lower. Failing that: None, and the layout ends with the boxes laid out
        so far (:meth:`extend` places the rest). Either way the layout is that of the new text from its start.

        >>> layout = FlowLayout(30, box_height=10, row_height=12, margin=0, gap=1)
        >>> layout.extend([(10, 0), (25, 0), (10, 1), (10, 0), (5, 0)])
        >>> list(layout.rows), list(layout.xs)
        ([0, 1, 2, 3, 3], [0.0, 0.0, 0.0, 0.0, 11.0])
        >>> new = [(10, 0), (10, 0), (10, 1), (10, 0), (5, 0)]  # box 1 is now 10 wide: box 2 moves up a row
        >>> layout.edit(1, 2, 0, lambda a, b: new[a:b], set(), total=5, limit=10)  # rows after box 3 moved up
        (48.0, -12.0)
        >>> list(layout.rows), list(layout.xs), list(layout.row_tops)
        ([0, 0, 1, 2, 2], [0.0, 11.0, 0.0, 0.0, 11.0], [0.0, 12.0, 24.0, 36.0])
        """
        index = min(kept, len(self.xs))
        row = self.rows[index - 1] if index > 0 else 0
        first = bisect.bisect_left(self.rows, row)
        patch = FlowLayout(
            self.width,
            self.box_height,
            self.row_height,
            self.tall_row_height,
            tall=_Shifted(tall, first),
            margin=self.margin,
            gap=self.gap,
        )
        patch.row_tops = self.row_tops[: row + 1]
        patch._tall = self._tall[: bisect.bisect_left(self._tall, row)]
        patch._cursor = (self.margin, row)
        self.tall = tall
        if tail_start - first <= limit:
            patch.extend(sizes(first, min(total, tail_start + 1)))
            for i in range(first + len(patch), min(total, tail_start + 1 + limit)):
                j = i - shift
                if j >= len(self.xs):
                    break
                patch.extend(sizes(i, i + 1))
                if patch.xs[-1] == self.xs[j]:
                    return self._splice(patch, first, j)
        self.xs[first:], self.widths[first:], self.rows[first:] = patch.xs, patch.widths, patch.rows
        self._tall, self.row_tops, self._cursor = patch._tall, patch.row_tops, patch._cursor
        return None

    def _splice(self, patch: FlowLayout, first: int, j: int) -> tuple[float, float]:
        """Put ``patch`` (the new boxes from box ``first`` on; its last box is at old box ``j``'s x, the same size)
        in place of this layout's boxes ``first`` to ``j``; the boxes after ``j`` stay, on rows moved by as many rows
        as box ``j`` moved: ``(y, dy)``, the old rows from ``y`` down are now ``dy`` lower."""
        i = first + len(patch) - 1  # box j's index in the new text
        row, old_row = patch.rows[-1], self.rows[j]
        moved = row - old_row
        end = bisect.bisect_right(self.rows, old_row)  # the old boxes after j on box j's row
        tall_rows = patch._tall
        row_is_tall = bool(tall_rows) and tall_rows[-1] == row
        if not row_is_tall and any(k + i - j in self.tall for k in range(j + 1, end)):
            tall_rows.append(row)
            row_is_tall = True
        self.xs[first : j + 1] = patch.xs  # in place: one move of the tail when the count of boxes changed
        self.widths[first : j + 1] = patch.widths
        self.rows[first : j + 1] = patch.rows
        _add(self.rows, i + 1, moved)
        self._tall[: bisect.bisect_right(self._tall, old_row)] = tall_rows
        _add(self._tall, len(tall_rows), moved)
        tops = self.row_tops
        y = tops[old_row + 1]
        del patch.row_tops[row + 1 :]
        patch.row_tops.append(patch.row_tops[row] + (self.tall_row_height if row_is_tall else self.row_height))
        tops[: old_row + 2] = patch.row_tops
        dy = tops[row + 1] - y
        _add(tops, row + 2, dy)
        self._cursor = (self._cursor[0], self._cursor[1] + moved)
        return y, dy

    def box(self, index: int) -> tuple[float, float, float, float]:
        """Box ``index`` as ``(x, y, width, height)``."""
        return self.xs[index], self.row_tops[self.rows[index]], self.widths[index], self.box_height

    def index_at(self, x: float, y: float) -> int:
        """The box under point (x, y), or -1 (between boxes, below the last row, in a row's space under its boxes).

        >>> layout = FlowLayout(100, box_height=10, row_height=14, margin=0)
        >>> layout.extend([(20, 0), (30, 0)])
        >>> layout.index_at(0, 0), layout.index_at(21, 9), layout.index_at(30, 12)
        (0, -1, -1)
        """
        row = bisect.bisect_right(self.row_tops, y) - 1
        if row < 0 or row >= self.row_count or y - self.row_tops[row] > self.box_height:
            return -1
        lo, hi = self.boxes_in_rows(row, row)
        i = bisect.bisect_right(self.xs, x, lo, hi) - 1
        if lo <= i < hi and x <= self.xs[i] + self.widths[i]:
            return i
        return -1

    def boxes_in_rows(self, first: int, last: int) -> tuple[int, int]:
        """The boxes of rows ``first`` to ``last`` as an index range ``(lo, hi)``."""
        return bisect.bisect_left(self.rows, first), bisect.bisect_right(self.rows, last)

    def boxes_between(self, top: float, bottom: float) -> tuple[int, int]:
        """The boxes to paint for the band ``top..bottom``, as an index range: the rows in it and the row above
        it (whose marks below may reach into the band)."""
        first = max(0, bisect.bisect_right(self.row_tops, top) - 2)
        last = bisect.bisect_right(self.row_tops, bottom)
        return self.boxes_in_rows(first, last)

    def row_runs(self, first: int, last: int):
        """Split boxes ``first..last`` into runs on one row: ``(row, first, last)``.

        >>> layout = FlowLayout(25, box_height=1, row_height=1, margin=0, gap=0)
        >>> layout.extend([(10, 0)] * 4)
        >>> list(layout.row_runs(1, 3))
        [(0, 1, 1), (1, 2, 3)]
        """
        rows = self.rows
        a = first
        for i in range(first + 1, last + 2):
            if i > last or rows[i] != rows[a]:
                yield rows[a], a, i - 1
                a = i


class _Shifted:
    """``index in tall`` for a layout whose box 0 is box ``first`` of the text: ``first + index in tall``."""

    def __init__(self, tall: Container[int], first: int):
        self.tall, self.first = tall, first

    def __contains__(self, index: object) -> bool:
        return isinstance(index, int) and self.first + index in self.tall

    def held(self, first: int, stop: int) -> list[bool]:
        return tall_flags(self.tall, self.first + first, self.first + stop)


def _sums_exact(widths: np.ndarray, numbers: tuple[float, ...]) -> bool:
    """Whether sums of these widths and numbers are exact in floats: all multiples of 1/64, none negative, each under
    a million and fewer than a hundred million of them (their sums stay below 2**53 / 64, where multiples of 1/64
    stop being exact).

    >>> _sums_exact(np.array([7.5, 8.015625]), (6.0, 2.0)), _sums_exact(np.array([0.1]), (6.0, 2.0))
    (True, False)
    """
    if len(widths) >= 10**8:
        return False
    values = np.append(widths, numbers)
    scaled = values * 64
    return bool(np.all((values >= 0) & (values < 1e6) & (scaled == np.floor(scaled))))


def _add(column: array, start: int, value: float) -> None:
    """Add ``value`` to ``column[start:]`` in place (numpy over the array's buffer: a million rows in C).

    >>> column = array("q", [1, 2, 3])
    >>> _add(column, 1, 10)
    >>> column
    array('q', [1, 12, 13])
    """
    if value and start < len(column):
        view: np.ndarray = np.frombuffer(column, dtype=np.float64 if column.typecode == "d" else np.int64)[start:]
        view += value
        del view  # the array cannot grow while a view of its buffer exists
