"""The Compare tab's token layout (bpe_core/render/token_layout.py): boxes flow in rows like words, without Qt."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.render.token_layout import FlowLayout

MARGIN, GAP, BOX, ROW, TALL = 6.0, 2.0, 20.0, 27.0, 45.0

# A box: (width, newlines its token ends with); widths up to 400 so that some are wider than narrow rows.
boxes = st.lists(st.tuples(st.floats(1.0, 400.0, allow_nan=False), st.sampled_from([0, 0, 0, 0, 1, 2])), max_size=80)
widths = st.floats(40.0, 800.0, allow_nan=False)


def laid_out(sizes, width, tall=frozenset(), slices=(None,)) -> FlowLayout:
    layout = FlowLayout(width, BOX, ROW, TALL, tall=tall, margin=MARGIN, gap=GAP)
    begin = 0
    for size in slices:
        end = len(sizes) if size is None else min(len(sizes), begin + size)
        layout.extend(sizes[begin:end])
        begin = end
    layout.extend(sizes[begin:])
    return layout


@settings(deadline=None)
@given(boxes, widths)
def test_boxes_never_overlap_and_keep_the_text_order(sizes, width):
    layout = laid_out(sizes, width)
    assert len(layout) == len(sizes) and list(layout.widths) == [w for w, _ in sizes]
    for i in range(1, len(sizes)):
        previous_row, row = layout.rows[i - 1], layout.rows[i]
        assert row >= previous_row  # reading order: rows never go back
        if row == previous_row:  # same row: strictly to the right, a gap apart
            assert layout.xs[i] >= layout.xs[i - 1] + layout.widths[i - 1] + GAP - 1e-9
    tops = layout.row_tops
    assert all(b - a >= BOX for a, b in zip(tops, tops[1:]))  # rows are at least a box high: no vertical overlap


@settings(deadline=None)
@given(boxes, widths)
def test_every_box_fits_in_the_row_unless_it_is_alone_and_wider(sizes, width):
    layout = laid_out(sizes, width)
    for i, (w, _) in enumerate(sizes):
        x = layout.xs[i]
        assert x >= MARGIN
        assert x + w <= width - MARGIN + 1e-9 or x == MARGIN


@settings(deadline=None)
@given(boxes, widths)
def test_a_box_starts_a_row_only_when_it_does_not_fit_or_after_newlines(sizes, width):
    layout = laid_out(sizes, width)
    for i in range(1, len(sizes)):
        w_before, newlines_before = sizes[i - 1]
        expected_row = layout.rows[i - 1] + newlines_before
        if newlines_before:
            assert (layout.rows[i], layout.xs[i]) == (expected_row, MARGIN)
        elif layout.rows[i] != layout.rows[i - 1]:
            assert layout.rows[i] == expected_row + 1 and layout.xs[i] == MARGIN
            assert layout.xs[i - 1] + w_before + GAP + sizes[i][0] > width - MARGIN  # it did not fit


@settings(deadline=None)
@given(boxes, widths)
def test_hit_testing_the_centre_of_a_box_gives_that_box(sizes, width):
    layout = laid_out(sizes, width)
    for i in range(len(sizes)):
        x, y, w, h = layout.box(i)
        assert layout.index_at(x + w / 2, y + h / 2) == i
    assert layout.index_at(MARGIN / 2, MARGIN + BOX / 2) == -1  # in the margin
    assert layout.index_at(width / 2, layout.height + 10) == -1  # below everything


@settings(deadline=None)
@given(boxes, widths, st.lists(st.integers(1, 7), max_size=6))
def test_laying_out_in_slices_gives_the_same_boxes(sizes, width, slices):
    whole = laid_out(sizes, width)
    sliced = laid_out(sizes, width, slices=slices)
    assert (sliced.xs, sliced.rows, sliced.row_tops) == (whole.xs, whole.rows, whole.row_tops)


@settings(deadline=None)
@given(boxes, widths, st.data())
def test_rows_holding_a_tall_box_are_taller(sizes, width, data):
    tall = frozenset(data.draw(st.sets(st.integers(0, max(0, len(sizes) - 1)))) if sizes else frozenset())
    layout = laid_out(sizes, width, tall)
    tall_rows = {layout.rows[i] for i in tall}
    heights = [b - a for a, b in zip(layout.row_tops, layout.row_tops[1:])]
    assert heights == [TALL if row in tall_rows else ROW for row in range(layout.row_count)]


def test_a_wide_box_gets_a_row_of_its_own_and_newlines_end_rows():
    layout = laid_out([(30, 0), (500, 0), (30, 2), (30, 0)], width=200)
    assert list(layout.rows) == [0, 1, 2, 4] and list(layout.xs) == [MARGIN] * 4  # row 3 is empty (two newlines)
    assert layout.row_count == 5 and layout.height == MARGIN + 5 * ROW + MARGIN


def test_between_boxes_and_under_them_nothing_is_hit():
    layout = laid_out([(30, 0), (30, 0)], width=200)
    assert layout.index_at(MARGIN + 31, MARGIN + 5) == -1  # in the gap
    assert layout.index_at(MARGIN + 5, MARGIN + BOX + 2) == -1  # in the row's space under the box
    assert layout.boxes_between(0, 10) == (0, 2) and laid_out([], 200).index_at(10, 10) == -1


def test_the_layout_module_imports_no_qt():
    code = "import sys, bpe_core.render.token_layout; sys.exit(any(m.startswith('PySide6') for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


#: Widths as Qt's advances are (multiples of 1/64, some zero, many small, some that end a box exactly at a row's
#: end), and other floats (which take the box-by-box loop).
sixty_fourths = st.integers(0, 400 * 64).map(lambda k: k / 64)
box_widths = st.one_of(st.integers(0, 40 * 64).map(lambda k: k / 64), st.sampled_from([0.0, 8.0, 10.0, 14.0, 30.0]))
exact_boxes = st.lists(
    st.tuples(st.one_of(box_widths, sixty_fourths), st.sampled_from([0, 0, 0, 0, 0, 0, 1, 2, 5])), max_size=300
)
row_widths = st.one_of(st.sampled_from([40.0, 50.0, 60.0, 100.0]), sixty_fourths.filter(lambda w: w >= 20), widths)


@settings(deadline=None, max_examples=300)
@given(
    st.one_of(exact_boxes, boxes),
    row_widths,
    st.lists(st.integers(1, 90), max_size=6),
    st.data(),
)
def test_laying_out_from_arrays_gives_the_same_layout_to_the_bit(sizes, width, slices, data):
    """extend_arrays (a row at a time, from sums of widths) equals extend (a box at a time): every x, row, row top
    and the cursor, for slices in any order of calls, rows continued across slices, tall boxes, newlines."""
    import numpy as np

    tall = frozenset(data.draw(st.sets(st.integers(0, max(len(sizes) - 1, 0)))) if sizes else set())
    by_box = laid_out(sizes, width, tall, tuple(slices))
    by_rows = FlowLayout(width, BOX, ROW, TALL, tall=tall, margin=MARGIN, gap=GAP)
    begin = 0
    for size in [*slices, None]:
        end = len(sizes) if size is None else min(len(sizes), begin + size)
        part = sizes[begin:end]
        by_rows.extend_arrays(np.array([w for w, _ in part], float), np.array([n for _, n in part], np.int64))
        begin = end
    assert list(by_rows.xs) == list(by_box.xs)
    assert list(by_rows.rows) == list(by_box.rows)
    assert list(by_rows.widths) == list(by_box.widths)
    assert list(by_rows.row_tops) == list(by_box.row_tops)
    assert by_rows.tall_rows == by_box.tall_rows and by_rows._cursor == by_box._cursor


def test_arrays_of_numbers_a_layout_cannot_sum_exactly_are_laid_out_box_by_box():
    import numpy as np

    for widths_, newlines in (([0.1, 0.2, 0.3], [0, 0, 0]), ([10.0, -5.0, 3.0], [0, 0, 0]), ([1.0, 2.0], [0, -1])):
        by_rows = FlowLayout(25.0, BOX, ROW, margin=MARGIN, gap=GAP)
        by_rows.extend_arrays(np.array(widths_), np.array(newlines))
        by_box = FlowLayout(25.0, BOX, ROW, margin=MARGIN, gap=GAP)
        by_box.extend(list(zip(widths_, newlines)))
        assert list(by_rows.xs) == list(by_box.xs) and list(by_rows.rows) == list(by_box.rows)
    nan = FlowLayout(25.0, BOX, ROW, margin=MARGIN, gap=GAP)
    nan.extend_arrays(np.array([np.nan, 4.0]), np.array([0, 0]))  # (NaN: never exact) the loop's answer
    assert len(nan) == 2
