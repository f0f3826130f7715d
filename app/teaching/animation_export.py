"""Share an animation: a teaching view played frame by frame (:meth:`TeachingView.step_forward
<app.teaching.base.TeachingView.step_forward>`), each frame grabbed at slide resolution, written as an animated GIF
(Pillow) or an MP4 video (ffmpeg, through imageio-ffmpeg). The file is written atomically by the
engine's writer: a failed export leaves what was at the path.

A view that plays from its first step (the encode animation) is rewound first; the replay plays on from the merge
it shows (:meth:`TeachingView.start_animation <app.teaching.base.TeachingView.start_animation>`). The view is put
back at the step and size it had; its signals are blocked meanwhile (the replay's frames do not move the main
window's tabs), and :meth:`TeachingView.end_animation <app.teaching.base.TeachingView.end_animation>` ends the
export's stepping.
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import numpy as np
from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QImage

from bpe_core import formats

ANIMATION_SUFFIXES = (".gif", ".mp4")
#: 720p: sharp on a projector, and a multiple of 16 both ways (what H.264 encoders want).
SLIDE_SIZE = QSize(1280, 720)
MAX_FRAMES = 400
#: The fastest pace of an export at the view's own pace (viewers show faster GIF frames slower, or at 10 a second).
MAX_FPS = 25.0


def frame_array(image: QImage, size: QSize = SLIDE_SIZE) -> np.ndarray:
    """An image as a ``height x width x 3`` array of RGB bytes, scaled to ``size`` if it is not that size (a
    high-DPI screen grabs more pixels)."""
    if image.size() != size:
        image = image.scaled(size, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = image.width(), image.height()
    rows = np.frombuffer(image.constBits(), np.uint8, count=image.bytesPerLine() * height)
    return rows.reshape(height, image.bytesPerLine())[:, : width * 3].reshape(height, width, 3).copy()


def grab_frames(view, *, size: QSize = SLIDE_SIZE, max_frames: int = MAX_FRAMES) -> list[np.ndarray]:
    """The view's frames from :meth:`start_animation` on, each step grabbed at ``size`` (at most ``max_frames``)."""
    before = view.size()
    view.player.stop()
    back = steps = 0
    view.resize(size)
    blocked = view.blockSignals(True)
    try:
        back = view.start_animation()
        frames = [frame_array(view.grab().toImage(), size)]
        while len(frames) < max_frames and view.step_forward():
            steps += 1
            frames.append(frame_array(view.grab().toImage(), size))
    finally:  # back to the step it showed
        for _ in range(steps - back):
            view.step_back()
        for _ in range(back - steps):
            view.step_forward()
        view.end_animation()
        view.blockSignals(blocked)
        view.resize(before)
    return frames


def encode(frames: list[np.ndarray], suffix: str, fps: float) -> bytes:
    """The frames as a looping GIF or an MP4 (H.264), as bytes. Pillow and imageio are imported here, on the
    first export, not at every start (52 ms of the 1.4 s a window takes to come up, by ``python -X importtime``)."""
    if suffix == ".gif":  # each frame's own 256 colours by a fast octree (5x quicker than Pillow's median cut)
        from PIL import Image

        images = [
            Image.fromarray(frame).quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
            for frame in frames
        ]
        out = io.BytesIO()
        images[0].save(out, "GIF", save_all=True, append_images=images[1:], duration=1000 / fps, loop=0)
        return out.getvalue()
    import imageio.v2 as imageio_v2

    with tempfile.TemporaryDirectory(prefix="bpe-explorer-video-") as folder:
        path = Path(folder) / "animation.mp4"
        with imageio_v2.get_writer(path, format="FFMPEG", fps=fps, codec="libx264", macro_block_size=16) as writer:
            for frame in frames:
                writer.append_data(frame)
        return path.read_bytes()


def export_animation(view, path: str | Path, *, fps: float | None = None, max_frames: int = MAX_FRAMES) -> Path:
    """Write ``view``'s animation to ``path`` (.gif or .mp4) at ``fps`` frames a second (default: the view's own
    pace); returns the path. Raises ``ValueError`` for another suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in ANIMATION_SUFFIXES:
        raise ValueError(
            QCoreApplication.translate("TeachingView", "Export an animation as .gif or .mp4, not {suffix}.").format(
                suffix=suffix or path.name
            )
        )
    fps = fps or min(MAX_FPS, 1000 / view.player.timer.interval())
    data = encode(grab_frames(view, max_frames=max_frames), suffix, fps)
    formats.write_bytes_atomically(path, data)
    return path
