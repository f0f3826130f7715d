"""The merge tree growing: from its bytes, one merge at a time in training's order (every node of a merge at once),
played with the Grow button or space, and exported through the animation export as a GIF and an MP4 read back by
independent readers (Pillow, imageio's ffmpeg reader) with one frame per merge and the slide's size."""

import imageio.v2 as imageio_v2
import pytest
from PIL import Image
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsRectItem

from app.teaching.animation_export import SLIDE_SIZE
from app.teaching.merge_tree_view import MergeTreeView, growth_ranks
from bpe_core import Tokenizer

SIZE = (SLIDE_SIZE.width(), SLIDE_SIZE.height())


@pytest.fixture(scope="module")
def gpt2():
    return Tokenizer.from_tiktoken("gpt2")


def tree_view(qtbot, tokenizer, text):
    view = MergeTreeView(tokenizer, text)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    view.setFocus()
    return view


def boxes(view):
    return sum(isinstance(item, QGraphicsRectItem) for item in view.scene.items())


def test_the_tree_grows_merge_by_merge(qtbot, gpt2):
    view = tree_view(qtbot, gpt2, " unbelievable")
    root = view.root
    ranks = growth_ranks(root)
    nodes = list(root.nodes())
    assert boxes(view) == len(nodes) and len(ranks) > 3
    qtbot.keyClick(view, Qt.Key.Key_Space)  # Play grows the tree from its bytes
    view.player.stop()
    assert view.grown is not None  # growing, from the bytes
    view.grown = 0
    view.draw()
    assert boxes(view) == len(list(root.leaves())) and "before any merge" in view.info.text()
    for done in range(1, len(ranks) + 1):
        assert view.grow(1)
        made = set(ranks[:done])
        assert boxes(view) == sum(1 for n in nodes if n.is_leaf or n.rank in made)
        assert f"step {done} of {len(ranks)} (merge {ranks[done - 1] + 1:,}:" in view.info.text()
    assert not view.grow(1)
    qtbot.mouseClick(view.grow_button, Qt.MouseButton.LeftButton)  # from the full tree: starts over
    assert view.grown == 0 and view.grow_button.text() == "⏸ Pause"
    view.player.set_speed(100)
    qtbot.waitUntil(lambda: not view.player.running, timeout=10000)
    assert view.grown is None and boxes(view) == len(nodes) and view.grow_button.text() == "▶ Grow"


def test_the_growth_exports_as_gif_and_mp4(qtbot, tmp_path, gpt2, export_animation):
    view = tree_view(qtbot, gpt2, "The tokenization of unbelievable words")
    selected, root = view.selected, view.root
    frames = len(growth_ranks(root)) + 1  # the bytes, then each merge
    gif = export_animation(view, tmp_path / "tree.gif", fps=4)
    with Image.open(gif) as image:
        assert image.n_frames == frames  # cropped to the growing tree (the text and the strip above stand still)
        assert image.size[0] <= SIZE[0] and image.size[1] < SIZE[1]
    mp4 = export_animation(view, tmp_path / "tree.mp4", fps=4)
    with imageio_v2.get_reader(mp4, format="FFMPEG") as reader:
        assert reader.count_frames() == frames
        assert tuple(reader.get_meta_data()["size"]) == SIZE
    assert (view.selected, view.root, view.grown) == (selected, root, None)  # back as it was
    assert boxes(view) == len(list(root.nodes()))
    qtbot.keyClick(view, Qt.Key.Key_Right)  # ← → walk through the text's tokens again
    assert view.selected == selected + 1
