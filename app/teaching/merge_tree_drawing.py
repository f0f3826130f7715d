"""A merge tree drawn: the lines written in each node's box (:func:`node_lines`), where each box goes
(:class:`TreeLayout`: leaves side by side, each parent centred over its children) and the boxes, their lines and
the edges put in a :class:`QGraphicsScene` (:func:`draw_tree`). The view around it, its controls and its growth
are :class:`~app.teaching.merge_tree_view.MergeTreeView`'s.

For example, the tree of ``ab`` (merge 1 of ``a`` and ``b``) is three boxes, two lines in each, and two edges:

>>> from PySide6.QtWidgets import QGraphicsScene
>>> a, b = MergeNode(97, b"a"), MergeNode(98, b"b")
>>> ab = MergeNode(256, b"ab", 0, None, a, b)
>>> scene = QGraphicsScene()
>>> root_box = draw_tree(scene, ab, [ab, a, b], style.text_font(12), style.mono_font(8.64))
>>> len(scene.items()), root_box.top()
(11, 0.0)
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSizeF
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPen
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem

from app import style
from app.common.wording.char_words import node_hint, part_of
from app.token_text import render_token
from bpe_core.render.token_label import merge_number
from bpe_core.teaching.merge_tree import MergeNode


def node_lines(node: MergeNode, hint: str = "") -> list[str]:
    """The lines written in a node's box; ``hint``, the characters the node holds only part of, is said last.

    >>> node_lines(MergeNode(300, b" the", 44, 120))
    ['␣the', '#300 · merge 45', 'count 120']
    >>> node_lines(MergeNode(1234, "中".encode()))  # a SentencePiece character: made by no merge
    ['中', '#1234 · no merge']
    >>> node_lines(MergeNode(-1, b"The", 35, removed=True))  # PickyBPE removed it later
    ['The', 'removed · merge 36']
    >>> node_lines(MergeNode(228, b"\\xe4"), hint="中")
    ['<E4>', '#228 · byte 0xE4', 'part of 中 (E4 B8 AD)']
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
    elif node.removed:  # PickyBPE took it out of the vocabulary after it was merged here: it has no id
        lines.append(
            QCoreApplication.translate("merge_tree_view", "removed · merge {number}").format(
                number=merge_number(node.rank)
            )
        )
    else:
        lines.append(
            QCoreApplication.translate("merge_tree_view", "#{id} · merge {number}").format(
                id=node.id, number=merge_number(node.rank)
            )
        )
    if node.count is not None:
        lines.append(QCoreApplication.translate("merge_tree_view", "count {count}").format(count=f"{node.count:,}"))
    if hint:
        lines.append(part_of(hint))
    return lines


#: Room between a node's border and its lines, left and right / above and below (as painted).
PAD_X, PAD_Y = 9.0, 5.0
#: The width of the root's border and of the other nodes' borders.
ROOT_BORDER, NODE_BORDER = 2.4, 1.2


def line_size(text: str, font: QFont) -> QSizeF:
    """The size of one line as the scene draws it: a :class:`QGraphicsSimpleTextItem` lays the text out with the
    font engines that really draw it, so a line that falls back to a CJK font (the monospaced "频次 120") is as
    tall as that font, not as the first family's metrics say."""
    item = QGraphicsSimpleTextItem(text)
    item.setFont(font)
    return item.boundingRect().size()


def node_hints(root: MergeNode) -> dict[int, str]:
    """``id(node)`` -> the characters of ``root`` that the node holds only part of, for the nodes that hold some.

    >>> head = MergeNode(300, b"\\xe4\\xb8", 0, left=MergeNode(228, b"\\xe4"), right=MergeNode(184, b"\\xb8"))
    >>> list(node_hints(MergeNode(301, "中".encode(), 1, left=head, right=MergeNode(173, b"\\xad"))).values())
    ['中', '中', '中', '中']
    """
    hints: dict[int, str] = {}

    def walk(node: MergeNode, start: int) -> None:
        hint = node_hint(root.token, start, start + len(node.token))
        if hint:
            hints[id(node)] = hint
        if node.left is not None and node.right is not None:
            walk(node.left, start)
            walk(node.right, start + len(node.left.token))

    walk(root, 0)
    return hints


class TreeLayout:
    """Box positions for a tree: leaves side by side in order, each parent centred over its children, one row
    per level (the root on row 0). Each box holds its node's lines (:func:`node_lines`: the first in ``font``,
    the others in ``small``) as drawn, with :data:`PAD_X`, :data:`PAD_Y` around them; ``lines[id(node)]`` are
    their texts, fonts and rectangles in the scene, ``edges`` the (parent, child) boxes."""

    def __init__(self, root: MergeNode, font: QFont, small: QFont):
        self.boxes: dict[int, QRectF] = {}  # id(node) -> box
        self.lines: dict[int, list[tuple[str, QFont, QRectF]]] = {}  # id(node) -> its lines as placed
        self.edges: list[tuple[QRectF, QRectF]] = []
        self.font, self.small = font, small
        self._hints = node_hints(root)
        self._sizes = {id(node): self._line_sizes(node) for node in root.nodes()}
        self.row_height = max(self._box_size(sizes).height() for sizes in self._sizes.values())
        self.gap = QFontMetricsF(font).height()
        self._next_x = 0.0
        self._place(root, 0)

    def _line_sizes(self, node: MergeNode) -> list[tuple[str, QFont, QSizeF]]:
        lines = node_lines(node, self._hints.get(id(node), ""))
        fonts = [self.font] + [self.small] * (len(lines) - 1)
        return [(text, font, line_size(text, font)) for text, font in zip(lines, fonts)]

    @staticmethod
    def _box_size(sizes: list[tuple[str, QFont, QSizeF]]) -> QSizeF:
        width = max(size.width() for _, _, size in sizes)
        height = sum(size.height() for _, _, size in sizes)
        return QSizeF(width + 2 * PAD_X, height + 2 * PAD_Y)

    def _place(self, node: MergeNode, level: int) -> QRectF:
        sizes = self._sizes[id(node)]
        size = self._box_size(sizes)
        y = level * (self.row_height + self.gap)
        if node.left is None or node.right is None:
            box = QRectF(QPointF(self._next_x, y), size)
            self._next_x += size.width() + self.gap * 0.6
        else:
            left = self._place(node.left, level + 1)
            right = self._place(node.right, level + 1)
            centre = (left.center().x() + right.center().x()) / 2
            box = QRectF(QPointF(centre - size.width() / 2, y), size)
            self.edges += [(box, left), (box, right)]
        self.boxes[id(node)] = box
        self.lines[id(node)] = self._stack(box, sizes)
        return box

    @staticmethod
    def _stack(box: QRectF, sizes: list[tuple[str, QFont, QSizeF]]) -> list[tuple[str, QFont, QRectF]]:
        """The lines one under the other from the box's top padding, each centred."""
        placed = []
        y = box.top() + PAD_Y
        for text, font, size in sizes:
            placed.append((text, font, QRectF(QPointF(box.center().x() - size.width() / 2, y), size)))
            y += size.height()
        return placed


def draw_tree(scene: QGraphicsScene, root: MergeNode, shown: list[MergeNode], font: QFont, small: QFont) -> QRectF:
    """Draw the nodes ``shown`` of ``root``'s tree (the merges not made yet left out while it grows) in ``scene``,
    every box where the whole tree puts it (the tree does not move as it grows), and the edges between the boxes
    drawn; the scene's rectangle is the whole tree's. Returns where the root is drawn."""
    layout = TreeLayout(root, font, small)
    edge_pen = QPen(QColor("#777777"), 1.6)
    boxes = {id(layout.boxes[id(node)]) for node in shown}
    for parent, child in layout.edges:
        if id(parent) not in boxes:
            continue
        # From under the parent's border (the root's, the thickest) to the child's: never across a box.
        start = QPointF(parent.center().x(), parent.bottom() + ROOT_BORDER / 2)
        end = QPointF(child.center().x(), child.top() - NODE_BORDER / 2)
        scene.addLine(start.x(), start.y(), end.x(), end.y(), edge_pen)
    for node in shown:
        _draw_node(scene, node, node is root, layout.boxes[id(node)], layout.lines[id(node)])
    whole = QRectF(layout.boxes[id(root)])
    for box in layout.boxes.values():
        whole = whole.united(box)
    scene.setSceneRect(whole.adjusted(-20, -20, 20, 20))  # the whole tree's: it grows in place
    return layout.boxes[id(root)]


def _draw_node(
    scene: QGraphicsScene, node: MergeNode, root: bool, box: QRectF, lines: list[tuple[str, QFont, QRectF]]
) -> None:
    """The node's box and its lines where :class:`TreeLayout` placed them (its tooltip in the view's words)."""
    border = QPen(style.PAIR if root else style.SUB_TEXT, ROOT_BORDER if root else NODE_BORDER)
    fill = style.SPECIAL_FILL if node.special else style.token_color(node.id)
    rect = scene.addRect(box, border, QBrush(fill))
    if node.removed:
        tip = QCoreApplication.translate(
            "MergeTreeView", "removed from the vocabulary by PickyBPE after this merge\nbytes {hex}"
        )
    else:
        tip = QCoreApplication.translate("MergeTreeView", "id {id}\nbytes {hex}")
    rect.setToolTip(tip.format(id=node.id, hex=node.token.hex(" ")))
    for i, (text, font, place) in enumerate(lines):
        item = scene.addSimpleText(text, font)
        if node.special:
            item.setBrush(style.SPECIAL_TEXT)
        else:
            item.setBrush(style.TOKEN_TEXT if i == 0 else style.SUB_TEXT)
        item.setPos(place.topLeft())
