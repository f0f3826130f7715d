"""What every teaching view shares: keyboard stepping (← → space), a Play timer, presentation fonts, and
export of what it shows as PNG or SVG.

A view overrides :meth:`TeachingView.step_forward` and :meth:`TeachingView.step_back` (each returns whether it
moved); space starts and stops :attr:`TeachingView.player`, which steps forward until the end.
"""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QBuffer,
    QCoreApplication,
    QIODevice,
    QObject,
    QPoint,
    QRect,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QFont, QKeyEvent, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QDoubleSpinBox, QHBoxLayout, QLabel, QPushButton, QWidget

from bpe_core import formats

EXPORT_SUFFIXES = (".png", ".svg")
#: The keys every teaching view answers (the Help menu lists them from here): (key, its name, what it does, the
#: view's method that does it).
KEYS = (
    (Qt.Key.Key_Right, "→", QT_TRANSLATE_NOOP("TeachingView", "Next step of a lesson"), "key_forward"),
    (Qt.Key.Key_Left, "←", QT_TRANSLATE_NOOP("TeachingView", "Step back in a lesson"), "key_back"),
    (
        Qt.Key.Key_Space,
        QT_TRANSLATE_NOOP("TeachingView", "Space"),
        QT_TRANSLATE_NOOP("TeachingView", "Play or pause a lesson"),
        "toggle_play",
    ),
)
PRESENTATION_SCALE = 1.8


class Player(QObject):
    """Calls ``step()`` every ``1 / speed`` seconds until it returns False or :meth:`stop` is called.

    With ``advance`` set, the player keeps its pace even when a frame takes longer to draw than a step lasts: a tick
    that finds ``k > 1`` steps due calls ``advance(k)`` once (the view jumps ``k`` steps and draws once) instead of
    falling behind -- a replay asked for 50 merges a second shows 50 merges a second, on a slow machine too.
    """

    running_changed = Signal(bool)

    def __init__(self, step, parent=None, speed: float = 2.0):
        super().__init__(parent)
        self._step = step
        self.advance = None  # a view's advance(k) -> bool, to keep the pace
        self.timer = QTimer(self)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.timeout.connect(self._tick)
        self._speed = speed
        self._clock = (time.monotonic(), 0)  # when the pace was set, and the steps taken since
        self.set_speed(speed)

    def set_speed(self, steps_per_second: float) -> None:
        self._speed = max(steps_per_second, 0.01)
        self.timer.setInterval(max(10, int(1000 / self._speed)))
        self._clock = (time.monotonic(), 0)

    @property
    def running(self) -> bool:
        return self.timer.isActive()

    def start(self) -> None:
        if not self.running:
            self._clock = (time.monotonic(), 0)
            self.timer.start()
            self.running_changed.emit(True)

    def stop(self) -> None:
        if self.running:
            self.timer.stop()
            self.running_changed.emit(False)

    def _tick(self) -> None:
        started, taken = self._clock
        due = max(1, int((time.monotonic() - started) * self._speed) - taken)
        if self.advance is None or due == 1:
            moved, due = self._step(), 1
        else:
            moved = self.advance(due)
        self._clock = (started, taken + due)
        if not moved:
            self.stop()


class TeachingView(QWidget):
    """Base of the teaching widgets. ``title`` names the view (English, marked for translation in the
    ``TeachingView`` context); :meth:`display_title` is its translation (tab label, window title)."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Teaching view")
    #: Whether the view plays as an animation that can be exported as GIF or MP4 (:mod:`app.teaching.animation_export`).
    animated = False

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.player = Player(self._play_step, self)
        self.presentation = False
        self.scale = 1.0

    def display_title(self) -> str:
        """The view's title in the interface language."""
        return QCoreApplication.translate("TeachingView", self.title)

    def set_text(self, text: str) -> None:
        """Show this text (views without a text of their own ignore it)."""

    # --- stepping --------------------------------------------------------------------------------------------
    def step_forward(self) -> bool:
        return False

    def step_back(self) -> bool:
        return False

    def rewind(self) -> None:
        """Go back to the first step (Play from the end starts over)."""
        while self.step_back():
            pass

    def start_animation(self) -> int:
        """Go where an exported animation starts, the first step, and return how many steps back that was (a view
        that plays on from where it is overrides this and returns 0)."""
        back = 0
        while self.step_back():
            back += 1
        return back

    def animation_mark(self) -> object:
        """Where the view is before an export steps through it, for :meth:`return_to_mark`; None (the default): the
        export steps back instead (a view whose animation can be long returns in one jump)."""
        return None

    def return_to_mark(self, mark: object) -> None:
        """Go back to where :meth:`animation_mark` said the view was."""

    def export_hidden(self) -> list[QWidget]:
        """The widgets an exported animation leaves out (hidden while its frames are grabbed): the play controls."""
        controls = getattr(self, "controls", None)
        return [controls] if controls is not None else []

    def end_animation(self) -> None:
        """An export has stepped through the animation and put the view back where it was (a view that steps
        another way while exported goes back to its usual stepping here)."""

    def _play_step(self) -> bool:
        return self.step_forward()

    def toggle_play(self) -> None:
        """Start or stop playing; at the last step, Play starts over from the first."""
        if self.player.running:
            self.player.stop()
            return
        if not self.step_forward():
            self.rewind()
        self.player.start()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        answer = next((name for key, _, _, name in KEYS if key == event.key()), None)
        if answer is None:
            super().keyPressEvent(event)
            return
        getattr(self, answer)()
        event.accept()

    def key_forward(self) -> None:
        """→: stop playing, one step forward."""
        self.player.stop()
        self.step_forward()

    def key_back(self) -> None:
        """←: stop playing, one step back."""
        self.player.stop()
        self.step_back()

    def play_controls(self, speed: float = 2.0, maximum: float = 50.0) -> QWidget:
        """◀ ⏯ ▶ buttons and a speed box (steps per second), wired to this view."""
        box = QWidget()
        self.controls = box
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        self.back_button = QPushButton(QCoreApplication.translate("TeachingView", "◀ Back"))
        self.play_button = QPushButton(QCoreApplication.translate("TeachingView", "▶ Play"))
        self.forward_button = QPushButton(QCoreApplication.translate("TeachingView", "Next ▶"))
        for button in (self.back_button, self.play_button, self.forward_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keep ← → space for the view
            row.addWidget(button)
        self.speed_box = QDoubleSpinBox()
        self.speed_box.setRange(0.2, maximum)
        self.speed_box.setValue(speed)
        self.speed_box.setSuffix(QCoreApplication.translate("TeachingView", " steps/s"))
        self.speed_box.setDecimals(1)
        row.addWidget(QLabel(QCoreApplication.translate("TeachingView", "Speed")))
        row.addWidget(self.speed_box)
        row.addStretch(1)
        self.back_button.clicked.connect(lambda: (self.player.stop(), self.step_back()))
        self.forward_button.clicked.connect(lambda: (self.player.stop(), self.step_forward()))
        self.play_button.clicked.connect(self.toggle_play)
        self.speed_box.valueChanged.connect(self.player.set_speed)
        self.player.set_speed(speed)
        self.player.running_changed.connect(
            lambda on: self.play_button.setText(
                QCoreApplication.translate("TeachingView", "⏸ Pause")
                if on
                else QCoreApplication.translate("TeachingView", "▶ Play")
            )
        )
        return box

    # --- presentation and export -----------------------------------------------------------------------------
    def set_presentation(self, on: bool) -> None:
        """Large fonts for a projector (every child that does not set its own font follows)."""
        self.presentation = on
        self.scale = PRESENTATION_SCALE if on else 1.0
        scale_font(self, self.scale)
        self.presentation_changed(self.scale)

    def presentation_changed(self, scale: float) -> None:
        """Hook for views with children that keep their own fonts (charts, chips): scale them by ``scale``."""

    def export_image(self, path: str | Path) -> Path:
        """Write this view as it looks now to ``path`` (.png or .svg)."""
        return export_widget(self, path)

    def closeEvent(self, event) -> None:
        self.player.stop()
        super().closeEvent(event)


def scale_font(widget: QWidget, scale: float) -> None:
    """Set ``widget``'s font to ``scale`` times the size it had the first time it was scaled."""
    base = widget.property("basePointSize")
    if base is None:
        base = widget.font().pointSizeF()
        widget.setProperty("basePointSize", base)
    font = QFont(widget.font())
    font.setPointSizeF(float(base) * scale)
    widget.setFont(font)


def export_widget(widget: QWidget, path: str | Path) -> Path:
    """Save ``widget`` as a PNG (pixels, as on screen) or an SVG (vector: text stays text, sharp on slides)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in EXPORT_SUFFIXES:
        if suffix:
            raise ValueError(
                QCoreApplication.translate("TeachingView", "Export as .png or .svg, not {suffix}.").format(
                    suffix=suffix
                )
            )
        raise ValueError(
            QCoreApplication.translate("TeachingView", "Export as .png or .svg: {name} has no suffix.").format(
                name=path.name
            )
        )
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if suffix == ".png":
        if not widget.grab().save(buffer, "PNG"):
            raise OSError(QCoreApplication.translate("TeachingView", "Could not write {path}.").format(path=path))
    else:
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        size = widget.size()
        generator.setSize(size)
        generator.setViewBox(QRect(0, 0, size.width(), size.height()))
        generator.setTitle(widget.display_title() if isinstance(widget, TeachingView) else "BPE Explorer")
        generator.setDescription(QCoreApplication.translate("TeachingView", "Exported from BPE Explorer"))
        painter = QPainter(generator)
        try:
            widget.render(painter, QPoint(0, 0))
        finally:
            painter.end()
    # Through the engine's writer: atomic, a symlink followed, a device or FIFO refused (never replaced).
    formats.write_bytes_atomically(path, bytes(buffer.data()))
    return path
