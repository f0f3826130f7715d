"""Merge tree: the binary tree of merges that built a token, drawn top-down -- the token at the top, its bytes
at the leaves, each merge with its id, rank and (for a trained tokenizer) the pair's count when it was merged.

Type a text and click one of its tokens, or enter a token id. The trees are :mod:`bpe_core.teaching.merge_tree`'s.
A published model's BPE tokenizer has trees too, from its merges and its own ids; a Unigram or WordPiece model has
no merges, and the view says so.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app import style
from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import TokenChips
from app.teaching.token_chips import view_chips
from app.token_text import render_token, render_token_html
from bpe_core.protocol import ShownTokenizer
from bpe_core.teaching.merge_tree import MergeNode, MergeTrees
from bpe_core.tokenizer import UnknownTokenError

DEFAULT_TEXT = "The tokenization of unbelievable words"


def node_lines(node: MergeNode) -> list[str]:
    """The lines written in a node's box.

    >>> node_lines(MergeNode(300, b" the", 44, 120))
    ['␣the', '#300 · rank 44', 'count 120']
    >>> node_lines(MergeNode(1234, "中".encode()))  # a SentencePiece character: made by no merge
    ['中', '#1234 · no merge']
    """
    lines = [render_token(node.token) or "∅"]
    if node.special:
        lines.append(QCoreApplication.translate("merge_tree_view", "#{id} · special").format(id=node.id))
    elif node.rank is None and len(node.token) == 1:
        lines.append(
            QCoreApplication.translate("merge_tree_view", "#{id} · byte 0x{byte}").format(
                id=node.id, byte=f"{node.token[0]:02X}"
            )
        )
    elif node.rank is None:
        lines.append(QCoreApplication.translate("merge_tree_view", "#{id} · no merge").format(id=node.id))
    else:
        lines.append(
            QCoreApplication.translate("merge_tree_view", "#{id} · rank {rank}").format(
                id=node.id, rank=f"{node.rank:,}"
            )
        )
    if node.count is not None:
        lines.append(QCoreApplication.translate("merge_tree_view", "count {count}").format(count=f"{node.count:,}"))
    return lines


def no_merges_text(tokenizer) -> str:
    """What the views say of a model without merges.

    >>> class Unigram: name, model = "t5.model", "Unigram"
    >>> no_merges_text(Unigram())
    't5.model is a Unigram model: it has no merges, so no merge trees and no vocabulary slider.'
    """
    return QCoreApplication.translate(
        "merge_tree_view", "{name} is a {model} model: it has no merges, so no merge trees and no vocabulary slider."
    ).format(name=tokenizer.name, model=tokenizer.model)


class TreeLayout:
    """Box positions for a tree: leaves side by side in order, each parent centred over its children, one row
    per level (the root on row 0)."""

    def __init__(self, root: MergeNode, metrics: QFontMetricsF, small: QFontMetricsF):
        self.boxes: dict[int, QRectF] = {}  # id(node) -> box
        self.edges: list[tuple[QRectF, QRectF]] = []
        self.metrics, self.small = metrics, small
        self.row_height = metrics.height() + 2 * small.height() + 16
        self.gap = metrics.height()
        self._next_x = 0.0
        self._place(root, 0)

    def _size(self, node: MergeNode) -> tuple[float, float]:
        lines = node_lines(node)
        width = max([self.metrics.horizontalAdvance(lines[0])] + [self.small.horizontalAdvance(s) for s in lines[1:]])
        height = self.metrics.height() + self.small.height() * (len(lines) - 1) + 10
        return width + 18, height

    def _place(self, node: MergeNode, level: int) -> QRectF:
        w, h = self._size(node)
        y = level * (self.row_height + self.gap)
        if node.left is None or node.right is None:
            box = QRectF(self._next_x, y, w, h)
            self._next_x += w + self.gap * 0.6
        else:
            left = self._place(node.left, level + 1)
            right = self._place(node.right, level + 1)
            centre = (left.center().x() + right.center().x()) / 2
            box = QRectF(centre - w / 2, y, w, h)
            self.edges += [(box, left), (box, right)]
        self.boxes[id(node)] = box
        return box


class MergeTreeView(TeachingView):
    """A text's tokens as chips above, the selected token's merge tree below."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Merge tree")

    def __init__(self, tokenizer: ShownTokenizer | None = None, text: str = DEFAULT_TEXT, parent=None):
        super().__init__(parent)
        self.tokenizer: ShownTokenizer | None = None
        self.trees: MergeTrees | None = None
        self.root: MergeNode | None = None
        self.view_ids: list[int] = []
        self.view = None
        self.selected = -1  # index of the token whose tree is shown, in the text (-1: not from the text)
        self.tree_point_size = 12.0

        self.editor = QLineEdit(text)
        self.editor.setObjectName("treeText")
        self.id_box = QSpinBox()
        self.id_box.setObjectName("treeId")
        self.id_box.setPrefix(self.tr("id "))
        self.id_box.setRange(0, 0)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Text")))
        row.addWidget(self.editor, 1)
        row.addWidget(QLabel(self.tr("or token")))
        row.addWidget(self.id_box)
        self.chips = TokenChips()
        self.chips.setToolTip(self.tr("Click a token to see how it was built"))
        self.info = QLabel(self.tr("Click a token."))
        self.info.setObjectName("treeInfo")
        self.info.setWordWrap(True)
        self.scene = QGraphicsScene(self)
        self.graphics = QGraphicsView(self.scene)
        self.graphics.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.graphics.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        self.graphics.setBackgroundBrush(QBrush(QColor("white")))
        self.graphics.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.graphics.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)

        top = QWidget()
        column = QVBoxLayout(top)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)
        column.addWidget(self.chips)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(self.graphics)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 4)
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addWidget(self.info)

        self.editor.textChanged.connect(lambda _t: self.encode_text())
        self.chips.clicked.connect(self._on_chip)
        self.id_box.editingFinished.connect(lambda: self.show_token(self.id_box.value()))
        if tokenizer is not None:
            self.set_tokenizer(tokenizer)

    def set_text(self, text: str) -> None:
        self.editor.setText(text)

    def set_tokenizer(self, tokenizer: ShownTokenizer, trees: MergeTrees | None = None) -> None:
        """Show ``tokenizer``'s trees (a model without merges: its tokens, with a word on why there is no tree).
        ``trees``: its :class:`MergeTrees` if built already (in a thread: a second for 200,000 merges), else built
        here."""
        self.tokenizer = tokenizer
        if trees is not None or tokenizer.merges is None:
            self.trees = trees
        else:
            self.trees = MergeTrees(tokenizer)
        self.root = None
        self.scene.clear()
        self.id_box.setRange(0, max(0, tokenizer.vocab_size - 1))
        self.encode_text()

    def encode_text(self) -> None:
        if self.tokenizer is None:
            return
        self.view = self.tokenizer.view(self.editor.text())
        self.view_ids = [t.id for t in self.view.tokens]
        self.selected = -1
        if self.trees is None:
            self._mark_selected()
            self.info.setText(html.escape(no_merges_text(self.tokenizer)))
        elif self.view_ids:
            # Open the tallest tree of the text (the first of them): the most interesting one to start with.
            depths = [self.trees.tree(i).depth for i in self.view_ids]
            self.show_index(depths.index(max(depths)))
        else:
            self._mark_selected()

    def _mark_selected(self) -> None:
        if self.view is not None:
            self.chips.set_chips(view_chips(self.view, mark=lambda t: "new" if t.index == self.selected else ""))

    def show_index(self, index: int) -> bool:
        """Draw the tree of the text's token ``index`` (marked among the chips)."""
        if not self.show_token(self.view_ids[index]):
            return False
        self.selected = index
        self._mark_selected()
        return True

    def _on_chip(self, index: int) -> None:
        self.show_index(index)

    def show_token(self, token_id: int) -> bool:
        """Draw the tree of ``token_id``; False (and a message) for an id not in the vocabulary."""
        if self.trees is None:
            return False
        try:
            self.root = self.trees.tree(token_id)
        except UnknownTokenError:
            self.info.setText(
                html.escape(self.tr("token id {id} is not in this tokenizer's vocabulary").format(id=token_id))
            )
            return False
        except KeyError as exc:  # a hostile file: a merge whose parts are not tokens
            self.info.setText(
                html.escape(
                    self.tr("{tokenizer} has a merge of parts that are no tokens: {error}").format(
                        tokenizer=repr(self.tokenizer), error=exc
                    )
                )
            )
            return False
        if self.selected >= 0:
            self.selected = -1
            self._mark_selected()
        self.id_box.blockSignals(True)
        self.id_box.setValue(token_id)
        self.id_box.blockSignals(False)
        root = self.root
        merges = sum(1 for n in root.nodes() if not n.is_leaf)
        if root.count is not None:
            sentence = self.tr(
                "<b>{token}</b> (id {id}): {bytes} bytes, %n merges, depth {depth}. "
                "Counts are the pair's count when training merged it.",
                "",
                merges,
            )
        else:
            sentence = self.tr("<b>{token}</b> (id {id}): {bytes} bytes, %n merges, depth {depth}.", "", merges)
        self.info.setText(
            sentence.format(token=render_token_html(root.token), id=root.id, bytes=len(root.token), depth=root.depth)
        )
        self.draw()
        return True

    def draw(self) -> None:
        self.scene.clear()
        if self.root is None:
            return
        font = style.text_font(self.tree_point_size)  # a node is a token: drawn as in the chips and the Compare tab
        small = style.mono_font(self.tree_point_size * 0.72)
        layout = TreeLayout(self.root, QFontMetricsF(font), QFontMetricsF(small))
        edge_pen = QPen(QColor("#777777"), 1.6)
        for parent, child in layout.edges:
            self.scene.addLine(parent.center().x(), parent.bottom(), child.center().x(), child.top(), edge_pen)
        for node in self.root.nodes():
            self._draw_node(node, layout.boxes[id(node)], font, small)
        self.scene.setSceneRect(self.scene.itemsBoundingRect().adjusted(-20, -20, 20, 20))
        self.fit()

    def _draw_node(self, node: MergeNode, box: QRectF, font: QFont, small: QFont) -> None:
        border = QPen(style.PAIR if node is self.root else style.SUB_TEXT, 2.4 if node is self.root else 1.2)
        fill = style.SPECIAL_FILL if node.special else style.token_color(node.id)
        rect = self.scene.addRect(box, border, QBrush(fill))
        rect.setToolTip(self.tr("id {id}\nbytes {hex}").format(id=node.id, hex=node.token.hex(" ")))
        lines = node_lines(node)
        y = box.top() + 5
        for i, line in enumerate(lines):
            item = self.scene.addSimpleText(line, font if i == 0 else small)
            if node.special:
                item.setBrush(style.SPECIAL_TEXT)
            else:
                item.setBrush(style.TOKEN_TEXT if i == 0 else style.SUB_TEXT)
            width = item.boundingRect().width()
            item.setPos(box.center().x() - width / 2, y)
            y += item.boundingRect().height()

    def fit(self) -> None:
        """Show the whole tree, scaled down if needed but never enlarged beyond 1.5x."""
        rect = self.scene.sceneRect()
        if rect.isEmpty():
            return
        self.graphics.resetTransform()
        view = self.graphics.viewport().rect()
        scale = min(1.5, view.width() / rect.width(), view.height() / rect.height())
        self.graphics.scale(scale, scale)
        self.graphics.centerOn(rect.center())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit()

    # --- stepping: ← → walk through the text's tokens ---------------------------------------------------------
    def step_forward(self) -> bool:
        if self.selected + 1 >= len(self.view_ids):
            return False
        return self.show_index(self.selected + 1)

    def step_back(self) -> bool:
        if self.selected <= 0:
            return False
        return self.show_index(self.selected - 1)

    def presentation_changed(self, scale: float) -> None:
        scale_font(self.chips, scale)
        self.tree_point_size = 12.0 * scale
        self.draw()
