"""The Chinese interface's layout, measured: the merge tree's boxes hold every line as drawn ("频次 N" in a CJK
fallback font is taller than the monospaced font's metrics say), its edges run between boxes and never across
them, a small tree is scaled to the view (up to 2.5x) and a big one scrolls; the token strip above the tree shows
every row; the audit's script column shows "不完整的 UTF-8" whole."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PySide6.QtCore import QLineF, QRectF
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsRectItem, QGraphicsSimpleTextItem

from app.teaching.merge_tree_view import MAX_ZOOM, MIN_ZOOM, MergeTreeView
from bpe_core import BpeTrainer, Tokenizer

CHINESE = Path(__file__).resolve().parents[2] / "resources" / "samples" / "chinese.txt"
TEXT = "一个汉字在 UTF-8 里占三个字节：鬱 有时会被切成几块。今天下午我们在河边散步，看见很多人在钓鱼。"


@pytest.fixture(scope="module")
def trained():
    """A small tokenizer trained on the Chinese sample, with its record: its tree nodes show "频次 N"."""
    trainer = BpeTrainer(256 + 300, pattern="gpt2", processes=1)
    trainer.count_files(CHINESE)
    trainer.run()
    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")
    tokenizer.record = trainer.record
    return tokenizer


@pytest.fixture(scope="module")
def gpt2():
    return Tokenizer.from_tiktoken("gpt2")


def shown(qtbot, view, width=1100, height=750):
    qtbot.addWidget(view)
    view.resize(width, height)
    view.show()
    qtbot.waitExposed(view)
    return view


def drawn(view: MergeTreeView) -> tuple[list[QRectF], list[QGraphicsSimpleTextItem], list[QLineF]]:
    """The tree as the scene holds it: node boxes, text lines, edges (in scene coordinates)."""
    items = view.scene.items()
    boxes = [item.mapRectToScene(item.rect()) for item in items if isinstance(item, QGraphicsRectItem)]
    texts = [item for item in items if isinstance(item, QGraphicsSimpleTextItem)]
    edges = [
        QLineF(item.mapToScene(item.line().p1()), item.mapToScene(item.line().p2()))
        for item in items
        if isinstance(item, QGraphicsLineItem)
    ]
    return boxes, texts, edges


def assert_lines_inside_boxes_and_edges_between(view: MergeTreeView) -> None:
    boxes, texts, edges = drawn(view)
    assert len(boxes) == sum(1 for _ in view.root.nodes())
    for text in texts:
        rect = text.sceneBoundingRect()
        holder = [box for box in boxes if box.contains(rect.center())]
        assert len(holder) == 1 and holder[0].contains(rect), (text.text(), rect, holder)
    for edge in edges:
        start, end = (edge.p1(), edge.p2()) if edge.p1().y() < edge.p2().y() else (edge.p2(), edge.p1())
        parent = max((b for b in boxes if b.left() <= start.x() <= b.right() and b.top() <= start.y()), key=QRectF.top)
        child = min((b for b in boxes if b.left() <= end.x() <= b.right() and b.top() >= end.y()), key=QRectF.top)
        assert start.y() >= parent.bottom() and end.y() <= child.top(), (edge, parent, child)
        for step in range(1, 20):  # the edge crosses no box on its way
            point = start + (end - start) * (step / 20)
            assert not any(box.contains(point) for box in boxes), (edge, point)


def test_every_line_of_a_node_is_inside_its_box(chinese, qtbot, trained):
    view = shown(qtbot, MergeTreeView(trained, text=TEXT))
    counted = 0
    for index in range(len(view.view_ids)):
        assert view.show_index(index)
        assert_lines_inside_boxes_and_edges_between(view)
        counted += sum(1 for item in drawn(view)[1] if item.text().startswith("频次 "))
    assert counted > 10  # the Chinese count line, in a CJK fallback of the monospaced font, was the one spilling


def test_gpt2_trees_hold_their_lines(chinese, qtbot, gpt2):
    view = shown(qtbot, MergeTreeView(gpt2, text=" tokenization unbelievable 鬱"))
    for index in range(len(view.view_ids)):
        assert view.show_index(index)
        assert_lines_inside_boxes_and_edges_between(view)


def test_a_small_tree_is_scaled_to_the_view_and_a_big_one_scrolls(chinese, qtbot, gpt2):
    view = shown(qtbot, MergeTreeView(gpt2, text="a"))
    small = gpt2.encode(" the")[0]  # three merges
    assert view.show_token(small)
    scale = view.graphics.transform().m11()
    assert 1.0 < scale <= MAX_ZOOM
    shown_rect = view.graphics.mapFromScene(view.scene.itemsBoundingRect()).boundingRect()
    assert view.graphics.viewport().rect().contains(shown_rect)  # enlarged, and whole
    assert not view.graphics.verticalScrollBar().isVisible() and not view.graphics.horizontalScrollBar().isVisible()

    big = max(range(50000), key=lambda i: len(gpt2.vocab[i]))  # the longest token: a tree of dozens of leaves
    assert view.show_token(big)
    assert view.graphics.transform().m11() == pytest.approx(MIN_ZOOM)  # shrunk no further: it scrolls
    qtbot.waitUntil(view.graphics.horizontalScrollBar().isVisible, timeout=2000)
    root = view.graphics.mapFromScene(view._root_box).boundingRect()
    assert view.graphics.viewport().rect().intersects(root)  # the root in sight


def test_the_token_strip_shows_every_row(chinese, qtbot, trained):
    view = shown(qtbot, MergeTreeView(trained, text=TEXT[:30]), width=900)
    chips = view.chips
    rows = {round(chips.chip_rect(i).top()) for i in range(len(chips.chips))}
    assert len(rows) >= 2
    assert chips.height() >= chips.heightForWidth(chips.width())
    assert chips.chip_rect(len(chips.chips) - 1).bottom() <= view.strip.viewport().height()  # no row cut
    assert not view.strip.verticalScrollBar().isVisible()
    one = MergeTreeView(trained, text="红楼")
    shown(qtbot, one)
    assert one.chips.minimumSizeHint().height() == one.chips.heightForWidth(one.chips.width())
    assert not one.strip.verticalScrollBar().isVisible()


def test_the_audit_shows_partial_utf8_whole(chinese, qtbot, trained):
    from app.vocabulary.audit_panel import AuditPanel
    from bpe_core.vocabulary.audit import audit_vocabulary

    panel = AuditPanel(str)
    shown(qtbot, panel, 1400, 900)
    panel._on_result(audit_vocabulary(trained))
    assert panel.finding.currentData() == "partial"
    table, column = panel.tokens, panel.tokens.model_.column_of("script")
    texts = {table.model_.data(table.model_.index(row, column)) for row in range(table.model_.rowCount())}
    assert texts == {"不完整的 UTF-8"}
    assert table.sizeHintForColumn(column) <= table.columnWidth(column)  # the cells are not elided
    header = table.horizontalHeader()
    assert all(header.sectionSizeHint(c) <= table.columnWidth(c) for c in range(header.count()))
    right = table.columnViewportPosition(column) + table.columnWidth(column)
    assert right <= table.viewport().width()  # and the column is in sight, not scrolled off to the right


def test_a_pane_title_in_chinese_is_as_tall_as_its_line(chinese, qtbot):
    """A method pane's title mixes the model's name with Chinese ("o200k_base · 贪心最长匹配"): a CJK fallback font
    makes the line taller than the title font's own height, and the label is as tall as the line, so its bottom
    (the underscore) is not cut off."""
    from PySide6.QtGui import QTextLayout

    from app.compare.compare_view import CompareView

    view = CompareView(text=TEXT)
    shown(qtbot, view, 1400, 900)
    pane = view.show_method("o200k_base", "greedy")
    qtbot.waitUntil(lambda: pane.result is not None, timeout=30000)
    title = pane.title
    assert "o200k_base" in title.text() and "贪心" in title.text()
    layout = QTextLayout(title.text(), title.font())
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    assert title.height() >= math.ceil(line.height())
    view.close()
