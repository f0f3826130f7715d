"""Share an animation: the encode animation and the replay exported as GIF and MP4 at slide resolution, read back by
independent readers (Pillow for the GIF, imageio's ffmpeg reader for the MP4) with the right frame count and size."""

import imageio.v2 as imageio_v2
import pytest
from PIL import Image

from app.teaching.animation_export import SLIDE_SIZE, AnimationExport
from app.teaching.encode_animation import EncodeAnimationView
from app.teaching.replay_view import ReplayView
from bpe_core import Tokenizer

SIZE = (SLIDE_SIZE.width(), SLIDE_SIZE.height())


@pytest.fixture(scope="module")
def gpt2():
    return Tokenizer.from_tiktoken("gpt2")


def show(qtbot, widget):
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_encode_animation_as_gif_and_mp4(qtbot, tmp_path, gpt2, export_animation):
    view = show(qtbot, EncodeAnimationView(gpt2, "hello world"))
    view.step_forward()  # exported from the first frame; the view is left where it was
    frames = view.frames + 1
    gif = export_animation(view, tmp_path / "encode.gif")
    with Image.open(gif) as image:
        assert (image.n_frames, image.size) == (frames, SIZE)
        assert image.info.get("loop") == 0
    mp4 = export_animation(view, tmp_path / "encode.mp4", fps=4)
    with imageio_v2.get_reader(mp4, format="FFMPEG") as reader:
        assert reader.count_frames() == frames
        assert tuple(reader.get_meta_data()["size"]) == SIZE
    assert view.frame == 1 and view.size().width() == 900
    assert sorted(p.name for p in tmp_path.iterdir()) == ["encode.gif", "encode.mp4"]  # no temporary file left


def test_replay_exports_from_the_merge_shown(qtbot, tmp_path, gpt2, export_animation):
    view = show(qtbot, ReplayView(gpt2, "the cat sat on the mat"))
    view.go_to(100)
    path = export_animation(view, tmp_path / "replay.gif", max_frames=6)
    with Image.open(path) as image:
        assert (image.n_frames, image.size) == (6, SIZE)
    assert (view.rank, view.fused) == (100, False)


def test_a_failed_export_keeps_the_file(qtbot, tmp_path, gpt2):
    view = show(qtbot, EncodeAnimationView(gpt2, "hi"))
    target = tmp_path / "animation.webm"
    target.write_bytes(b"kept")
    with pytest.raises(ValueError, match=r"\.gif or \.mp4"):
        AnimationExport(view, target)
    assert target.read_bytes() == b"kept"
