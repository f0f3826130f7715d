"""Merge tree: the binary tree of merges that built a token, drawn top-down -- the token at the top, its bytes
at the leaves, each merge with its id, its number (merge 1 the first) and (for a trained tokenizer) the pair's
count when it was merged.

Type a text and click one of its tokens, or enter a token id. The trees are :mod:`bpe_core.teaching.merge_tree`'s.
Play (space, or Grow) grows the tree from its bytes, one merge at a time in the order training made them (every
node of a merge appears at once, as BPE applies a merge everywhere); the growth exports as a GIF or MP4.
A published model's BPE tokenizer has trees too, from its merges and its own ids; a Unigram or WordPiece model has
no merges, and the view says so.

This module is the view: its controls (the text, the token id, Grow), the chips of the text's tokens, which tree
is shown and how far it has grown, the tree scaled to the view. How a tree is drawn (its boxes, their lines and
places, the edges) is :mod:`app.teaching.merge_tree_drawing`'s. For example, ``MergeTreeView(tokenizer)`` opens
the tallest tree of its default text, ``view.show_token(300)`` the tree of id 300, and ``view.toggle_play()``
grows it from its bytes.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
)

from app import style
from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import TokenChips
from app.teaching.merge_tree_drawing import draw_tree
from app.teaching.token_chips import view_chips
from app.token_text import render_token_html
from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.encoding.token_lookup import UnknownTokenError
from bpe_core.render.token_label import merge_number
from bpe_core.teaching.merge_tree import MergeNode, MergeTrees

DEFAULT_TEXT = "The tokenization of unbelievable words"
#: A small tree is enlarged to fill the view, up to this many times its drawn size.
MAX_ZOOM = 2.5
#: A big tree is shrunk to fit the view down to this scale, and scrolls beyond it (its text stays readable).
MIN_ZOOM = 0.6


def growth_ranks(root: MergeNode) -> list[int]:
    """The merges that build ``root``, in the order training made them (each once, however often it is used).

    >>> a, b = MergeNode(97, b"a"), MergeNode(98, b"b")
    >>> ab = MergeNode(300, b"ab", 5, None, a, b)
    >>> growth_ranks(MergeNode(400, b"abab", 9, None, ab, ab))
    [5, 9]
    """
    return sorted({node.rank for node in root.nodes() if not node.is_leaf})


def no_merges_text(tokenizer) -> str:
    """What the views say of a model without merges.

    >>> class Unigram: name, model = "t5.model", "Unigram"
    >>> no_merges_text(Unigram())
    't5.model is a Unigram model: it has no merges, so no merge trees and no vocabulary slider.'
    """
    return QCoreApplication.translate(
        "merge_tree_view", "{name} is a {model} model: it has no merges, so no merge trees and no vocabulary slider."
    ).format(name=tokenizer.name, model=tokenizer.model)


class MergeTreeView(TeachingView):
    """A text's tokens as chips above (as many rows as they wrap to, up to a third of the view, scrolling beyond),
    the selected token's merge tree below, scaled to the space left."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Merge tree")
    animated = True

    def __init__(self, tokenizer: ShownTokenizer | None = None, text: str = DEFAULT_TEXT, parent=None):
        super().__init__(parent)
        self.tokenizer: ShownTokenizer | None = None
        self.trees: MergeTrees | None = None
        self.root: MergeNode | None = None
        self.view_ids: list[int] = []
        self.view = None
        self.selected = -1  # index of the token whose tree is shown, in the text (-1: not from the text)
        self.tree_point_size = 12.0
        self._root_box = QRectF()  # where the root is drawn: kept in sight when the tree scrolls
        self.grown: int | None = None  # how many of the tree's merges are drawn while it grows (None: all)
        self._exporting = False  # an export steps through the growth, not through the text's tokens
        self._sentence = ""  # what the info line says of the tree shown

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
        self.grow_button = QPushButton(self.tr("▶ Grow"))
        self.grow_button.setObjectName("treeGrow")
        self.grow_button.setToolTip(self.tr("Build the tree from its bytes, one merge at a time (space)"))
        self.grow_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        row.addWidget(self.grow_button)
        self.chips = TokenChips()
        self.chips.setToolTip(self.tr("Click a token to see how it was built"))
        self.strip = QScrollArea()
        self.strip.setWidget(self.chips)
        self.strip.setWidgetResizable(True)
        self.strip.setFrameShape(QFrame.Shape.NoFrame)
        self.strip.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
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
        self.graphics.viewport().installEventFilter(self)  # scaled to the view whenever it changes size

        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.strip)
        layout.addWidget(self.graphics, 1)
        layout.addWidget(self.info)

        self.editor.textChanged.connect(lambda _t: self.encode_text())
        self.chips.clicked.connect(self._on_chip)
        self.id_box.editingFinished.connect(lambda: self.show_token(self.id_box.value()))
        self.grow_button.clicked.connect(self.toggle_play)
        self.player.running_changed.connect(
            lambda on: self.grow_button.setText(self.tr("⏸ Pause") if on else self.tr("▶ Grow"))
        )
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
            self._fit_strip()

    def _fit_strip(self) -> None:
        """Make the chips' strip as tall as their rows at its width (no row cut), at most a third of the view."""
        needed = self.chips.heightForWidth(self.strip.width())
        most = max(self.height() // 3, self.chips.minimumSizeHint().height())
        self.strip.setFixedHeight(min(needed, most))

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
            root = self.trees.tree(token_id)
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
        self.root, self.grown = root, None
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
        self._sentence = sentence.format(
            token=render_token_html(root.token), id=root.id, bytes=len(root.token), depth=root.depth
        )
        self.draw()
        return True

    def draw(self) -> None:
        """The tree as grown so far (:func:`~app.teaching.merge_tree_drawing.draw_tree`: every box where the whole
        tree puts it, the merges not made yet left out), scaled to the view."""
        self.scene.clear()
        if self.root is None:
            return
        ranks = growth_ranks(self.root)
        made = set(ranks if self.grown is None else ranks[: self.grown])
        shown = [node for node in self.root.nodes() if node.is_leaf or node.rank in made]
        self.info.setText(self._sentence + self._growth_text(ranks))
        font = style.text_font(self.tree_point_size)  # a node is a token: drawn as in the chips and the Compare tab
        small = style.mono_font(self.tree_point_size * 0.72)
        self._root_box = draw_tree(self.scene, self.root, shown, font, small)
        self.fit()

    def _growth_text(self, ranks: list[int]) -> str:
        if self.grown is None:
            return ""
        if self.grown == 0:
            return " " + self.tr("Growing: the bytes, before any merge.")
        rank = ranks[self.grown - 1]
        left, right = self.tokenizer.merges[rank]
        return " " + self.tr("Growing: step {done} of {total} (merge {number}: {left} + {right}).").format(
            done=self.grown,
            total=len(ranks),
            number=merge_number(rank),
            left=render_token_html(left),
            right=render_token_html(right),
        )

    def fit(self) -> None:
        """Scale the tree to the view: a small one enlarged up to :data:`MAX_ZOOM`, a big one shrunk down to
        :data:`MIN_ZOOM` and scrolled beyond (the root in sight)."""
        rect = self.scene.sceneRect()
        if rect.isEmpty():
            return
        self.graphics.resetTransform()
        view = self.graphics.viewport().rect().adjusted(0, 0, -2, -2)  # a pixel to spare: no scroll bar from rounding
        fitting = min(view.width() / rect.width(), view.height() / rect.height())
        scale = max(MIN_ZOOM, min(MAX_ZOOM, fitting))
        self.graphics.scale(scale, scale)
        self.graphics.centerOn(rect.center())
        self.graphics.ensureVisible(self._root_box, 20, 20)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_strip()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.graphics.viewport() and event.type() == QEvent.Type.Resize:
            self.fit()
        return super().eventFilter(watched, event)

    # --- stepping: ← → walk through the text's tokens; Play grows the tree shown ----------------------------------
    def step_forward(self) -> bool:
        if self._exporting:
            return self.grow(1)
        if self.selected + 1 >= len(self.view_ids):
            return False
        return self.show_index(self.selected + 1)

    def step_back(self) -> bool:
        if self._exporting:
            return self.grow(-1)
        if self.selected <= 0:
            return False
        return self.show_index(self.selected - 1)

    def grow(self, merges: int) -> bool:
        """Draw ``merges`` more (or, negative, fewer) of the tree's merges; False at either end."""
        if self.root is None:
            return False
        total = len(growth_ranks(self.root))
        grown = total if self.grown is None else self.grown
        if not 0 <= grown + merges <= total:
            return False
        self.grown = grown + merges
        self.draw()
        return True

    def toggle_play(self) -> None:
        """Grow the tree from its bytes (or pause the growth)."""
        if self.player.running:
            self.player.stop()
            return
        if self.root is None:
            return
        if self.grown is None or self.grown == len(growth_ranks(self.root)):
            self.grown = 0  # from the bytes
            self.draw()
        self.player.start()

    def _play_step(self) -> bool:
        if self.grow(1):
            return True
        self.grown = None  # grown whole: the tree as usual
        self.draw()
        return False

    def start_animation(self) -> int:
        """An export grows the tree shown from its bytes: returns how many merges back that is."""
        self._exporting = True
        back = 0
        while self.grow(-1):
            back += 1
        return back

    def export_hidden(self) -> list:
        """The Grow button: no part of the animation."""
        return [self.grow_button]

    def end_animation(self) -> None:
        self._exporting = False
        if self.root is not None and self.grown == len(growth_ranks(self.root)):
            self.grown = None
            self.draw()

    def presentation_changed(self, scale: float) -> None:
        scale_font(self.chips, scale)
        self._fit_strip()
        self.tree_point_size = 12.0 * scale
        self.draw()
