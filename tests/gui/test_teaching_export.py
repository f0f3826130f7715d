"""Share an animation: the encode animation and the replay exported as GIF and MP4 at slide resolution, read back by
independent readers (Pillow for the GIF, imageio's ffmpeg reader for the MP4) with the right frame count and size;
a GIF cropped to what moves, without the play buttons, its last frame held."""

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
        assert image.n_frames == frames and cropped(image.size)
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
        assert image.n_frames == 6 and cropped(image.size)
    assert (view.rank, view.fused) == (100, False)


def cropped(size):
    """A GIF's frame: within the slide, and smaller (cut to what moves)."""
    return size[0] <= SIZE[0] and size[1] <= SIZE[1] and size != SIZE


def test_a_gif_shows_what_moves_without_the_buttons_and_holds_its_last_frame(qtbot, tmp_path, gpt2):
    from app.teaching.animation_export import HOLD_LAST_MS
    from app.teaching.step_through import StepThroughView

    view = show(qtbot, StepThroughView())
    view.set_text("中文中文，中文")
    task = AnimationExport(view, tmp_path / "steps.gif", fps=4)
    seen = []  # whether the buttons were on screen when each frame was grabbed
    task.progress.connect(lambda _n: seen.append((view.play_button.isVisible(), view.controls.isVisible())))
    with qtbot.waitSignal(task.finished, timeout=60000):
        task.start()
    assert seen and not any(shown for pair in seen for shown in pair)
    assert view.play_button.isVisible() and view.size().width() == 900  # put back as it was
    with Image.open(tmp_path / "steps.gif") as image:
        assert image.n_frames == len(seen) and cropped(image.size)
        times = []
        for n in range(image.n_frames):
            image.seek(n)
            times.append(image.info["duration"])
    assert times[:-1] == [250] * (len(times) - 1) and times[-1] == HOLD_LAST_MS


def test_a_failed_export_keeps_the_file(qtbot, tmp_path, gpt2):
    view = show(qtbot, EncodeAnimationView(gpt2, "hi"))
    target = tmp_path / "animation.webm"
    target.write_bytes(b"kept")
    with pytest.raises(ValueError, match=r"\.gif or \.mp4"):
        AnimationExport(view, target)
    assert target.read_bytes() == b"kept"
