"""Share an animation: a teaching view played frame by frame (:meth:`TeachingView.step_forward
<app.teaching.base.TeachingView.step_forward>`), each frame grabbed at slide resolution, written as an animated GIF
(Pillow) or an MP4 video (ffmpeg, through imageio-ffmpeg). The file is written atomically by the
engine's writer: a failed or cancelled export leaves what was at the path.

A GIF is cropped to what moves (the box around every pixel that changes from the first frame, with a margin), and
the view's Back/Play/Next row (:meth:`TeachingView.export_hidden <app.teaching.base.TeachingView.export_hidden>`)
is hidden while its frames are grabbed (the view takes the focus: a text field's blinking caret would move too);
its last frame is held (:data:`HOLD_LAST_MS`) before the loop starts over.

An :class:`AnimationExport` never holds the window up: it grabs one frame per turn of the event loop (a frame takes
about 15 ms to draw), then encodes and writes the file in a thread of its own (Pillow and ffmpeg work outside the
GIL). A 76-frame GIF held the window for 4.7 s when it was done in one go, and 400 frames, the most, for about 25.

A view that plays from its first step (the encode animation) is rewound first; the replay plays on from the merge
it shows (:meth:`TeachingView.start_animation <app.teaching.base.TeachingView.start_animation>`). The view is put
back at the step and size it had once its frames are grabbed, or at once if the export is cancelled; its signals
are blocked meanwhile (the replay's frames do not move the main window's tabs), and
:meth:`TeachingView.end_animation <app.teaching.base.TeachingView.end_animation>` ends the export's stepping.
"""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

import numpy as np
from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from app.common.background.worker import Task, WorkerThread
from bpe_core import formats

ANIMATION_SUFFIXES = (".gif", ".mp4")
#: 720p: sharp on a projector, and a multiple of 16 both ways (what H.264 encoders want).
SLIDE_SIZE = QSize(1280, 720)
MAX_FRAMES = 400
#: The fastest pace of an export at the view's own pace (viewers show faster GIF frames slower, or at 10 a second).
MAX_FPS = 25.0
#: How long a GIF shows its last frame (at least), so that the end can be read before the loop starts over.
HOLD_LAST_MS = 2500
#: Room kept around what moves when a GIF is cropped.
CROP_MARGIN = 12


def frame_array(image: QImage, size: QSize = SLIDE_SIZE) -> np.ndarray:
    """An image as a ``height x width x 3`` array of RGB bytes, scaled to ``size`` if it is not that size (a
    high-DPI screen grabs more pixels)."""
    if image.size() != size:
        image = image.scaled(size, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation)
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = image.width(), image.height()
    rows = np.frombuffer(image.constBits(), np.uint8, count=image.bytesPerLine() * height)
    return rows.reshape(height, image.bytesPerLine())[:, : width * 3].reshape(height, width, 3).copy()


def moving_box(frames: list[np.ndarray], margin: int = CROP_MARGIN) -> tuple[int, int, int, int]:
    """``(top, bottom, left, right)``: the box around every pixel that differs from the first frame in any frame,
    ``margin`` wider on each side (within the frame); the whole frame when nothing moves.

    >>> still = np.zeros((100, 200, 3), np.uint8)
    >>> moved = still.copy()
    >>> moved[40:50, 60:70] = 255
    >>> moving_box([still, moved], margin=5), moving_box([still, still])
    ((35, 55, 55, 75), (0, 100, 0, 200))
    """
    height, width = frames[0].shape[:2]
    changed = np.zeros((height, width), bool)
    for frame in frames[1:]:
        changed |= np.any(frame != frames[0], axis=2)
    if not changed.any():
        return 0, height, 0, width
    rows, columns = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
    top, bottom = max(0, rows[0] - margin), min(height, rows[-1] + 1 + margin)
    left, right = max(0, columns[0] - margin), min(width, columns[-1] + 1 + margin)
    return int(top), int(bottom), int(left), int(right)


def durations(frames: int, fps: float) -> list[int]:
    """Each GIF frame's duration in milliseconds: ``1000 / fps``, the last held :data:`HOLD_LAST_MS` at least.

    >>> durations(3, 4)
    [250, 250, 2500]
    """
    pace = round(1000 / fps)
    return [pace] * (frames - 1) + [max(pace, HOLD_LAST_MS)]


def encode(frames: list[np.ndarray], suffix: str, fps: float) -> bytes:
    """The frames as a looping GIF or an MP4 (H.264), as bytes. Pillow and imageio are imported here, on the
    first export, not at every start (52 ms of the 1.4 s a window takes to come up, by ``python -X importtime``)."""
    if suffix == ".gif":  # each frame's own 256 colours by a fast octree (5x quicker than Pillow's median cut)
        from PIL import Image

        top, bottom, left, right = moving_box(frames)
        images = [
            Image.fromarray(np.ascontiguousarray(frame[top:bottom, left:right])).quantize(
                256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
            )
            for frame in frames
        ]
        out = io.BytesIO()
        times = durations(len(images), fps)
        images[0].save(out, "GIF", save_all=True, append_images=images[1:], duration=times, loop=0)
        return out.getvalue()
    import imageio.v2 as imageio_v2

    with tempfile.TemporaryDirectory(prefix="bpe-explorer-video-") as folder:
        path = Path(folder) / "animation.mp4"
        with imageio_v2.get_writer(path, format="FFMPEG", fps=fps, codec="libx264", macro_block_size=16) as writer:
            for frame in frames:
                writer.append_data(frame)
        return path.read_bytes()


class _Encode(Task):
    """In a worker thread: the frames encoded and written to the path (nothing written if cancelled first)."""

    written = Signal(object)
    error = Signal(str)

    def __init__(self, frames: list[np.ndarray], path: Path, fps: float):
        super().__init__()
        self.frames, self.path, self.fps = frames, path, fps

    def work(self) -> None:
        try:
            data = encode(self.frames, self.path.suffix.lower(), self.fps)
            if not self.cancelled:
                formats.write_bytes_atomically(self.path, data)
                self.written.emit(self.path)
        except (OSError, ValueError, RuntimeError) as exc:  # a full disk, a folder gone, ffmpeg missing...
            self.error.emit(str(exc))


class AnimationExport(QObject):
    """Writes ``view``'s animation to ``path`` (.gif or .mp4) at ``fps`` frames a second (default: the view's own
    pace), at most ``max_frames`` frames, without holding the window up (see the module's notes).

    :meth:`start` begins; ``progress(frames)`` follows the grabbing, ``writing(frames)`` says it is over, then
    ``finished(path)`` or ``failed(message)`` comes, once. :meth:`cancel` puts the view back at once and writes
    nothing. Raises ``ValueError`` for another suffix, before anything starts.
    """

    progress = Signal(int)
    writing = Signal(int)  # every frame grabbed (how many): now encoded and written
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, view, path: str | Path, *, fps: float | None = None, max_frames: int = MAX_FRAMES, parent=None):
        super().__init__(parent)
        self.view, self.path, self.max_frames = view, Path(path), max_frames
        suffix = self.path.suffix.lower()
        if suffix not in ANIMATION_SUFFIXES:
            raise ValueError(
                QCoreApplication.translate("TeachingView", "Export an animation as .gif or .mp4, not {suffix}.").format(
                    suffix=suffix or self.path.name
                )
            )
        self.fps = fps or min(MAX_FPS, 1000 / view.player.timer.interval())
        self.frames: list[np.ndarray] = []  # grabbed so far, until the encoding takes them
        self.grabbed = 0
        self._steps = 0  # taken forward from where the animation starts
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._grab_next)
        self._restore = None  # how to put the view back, while it is being stepped
        self._encoder: WorkerThread | None = None
        self._cancelled = False
        self._outcome: list = []  # the signal to emit, and its value, once the encoding thread has ended

    def running(self) -> bool:
        return self._timer.isActive() or (self._encoder is not None and self._encoder.is_running())

    def start(self) -> None:
        view, before = self.view, self.view.size()
        view.player.stop()
        blocked = view.blockSignals(True)
        hidden = [widget for widget in view.export_hidden() if not widget.isHidden()]
        for widget in hidden:  # the Back/Play/Next row is no part of the animation
            widget.hide()
        focused = QApplication.focusWidget()
        view.setFocus()  # no caret blinking in a text field: it would count as moving
        view.resize(SLIDE_SIZE)
        mark = view.animation_mark()
        back = view.start_animation()

        def restore() -> None:
            if mark is not None:
                view.return_to_mark(mark)
            else:
                for _ in range(self._steps - back):
                    view.step_back()
                for _ in range(back - self._steps):
                    view.step_forward()
            view.end_animation()
            for widget in hidden:
                widget.show()
            if focused is not None and view.isAncestorOf(focused):
                focused.setFocus()
            view.blockSignals(blocked)
            view.resize(before)

        self._restore = restore
        self._grab()
        self._timer.start(0)

    def cancel(self) -> None:
        """Stop now: the view back where it was, nothing written (an encoding under way finishes unheard)."""
        self._cancelled = True
        self._timer.stop()
        self._put_view_back()
        if self._encoder is not None:
            self._encoder.cancel()

    def wait(self, timeout_ms: int = 10000) -> bool:
        """Block until the encoding thread has ended (for closing: no thread outlives the window)."""
        return self._encoder is None or self._encoder.stop_and_wait(timeout_ms)

    def _grab(self) -> None:
        if self.view.size() != SLIDE_SIZE:  # the window's layout may have sized it again meanwhile
            self.view.resize(SLIDE_SIZE)
        self.frames.append(frame_array(self.view.grab().toImage()))
        self.grabbed += 1
        self.progress.emit(self.grabbed)

    def _grab_next(self) -> None:
        if self.grabbed < self.max_frames and self.view.step_forward():
            self._steps += 1
            self._grab()
            return
        self._timer.stop()
        self._put_view_back()
        task, self.frames = _Encode(self.frames, self.path, self.fps), []  # 2.8 MB a frame: the task's alone
        task.written.connect(lambda path: self._outcome.append((self.finished, path)))
        task.error.connect(lambda message: self._outcome.append((self.failed, message)))
        self._encoder = WorkerThread(task, "animation-export", self)
        self._encoder.stopped.connect(self._on_encoder_ended)
        self._encoder.start()
        self.writing.emit(self.grabbed)

    def _on_encoder_ended(self) -> None:
        """Said once the thread has ended (so that the export may be dropped at once), unless cancelled."""
        self._encoder.task.frames = []
        if not self._cancelled:
            for signal, value in self._outcome:
                signal.emit(value)

    def _put_view_back(self) -> None:
        if self._restore is not None:
            restore, self._restore = self._restore, None
            restore()
