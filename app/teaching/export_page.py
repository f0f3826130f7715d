"""What the Teach window shows while an animation is exported (:class:`~app.teaching.animation_export.AnimationExport`):
the file's name, the frames grabbed so far (then that the file is being written), and a Cancel button. It stands
in for the views, which the export steps through out of sight.

>>> from PySide6.QtWidgets import QApplication
>>> app = QApplication.instance() or QApplication([])
>>> page = ExportPage()
>>> page.begin("replay.gif"); page.show_frames(12); page.status.text()
'Exporting replay.gif: 12 frames'
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget


class ExportPage(QWidget):
    """The export's progress; ``cancel_button`` is the owner's to connect."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("exportPage")
        self.status = QLabel()
        self.status.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # busy: how many frames a view has is known only once it stops
        self.bar.setMaximumWidth(400)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        layout = QVBoxLayout(self)
        layout.addStretch()
        for widget in (self.status, self.bar, self.cancel_button):
            layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addStretch()
        self._name = ""

    def begin(self, name: str) -> None:
        self._name = name
        self.show_frames(0)

    @Slot(int)
    def show_frames(self, frames: int) -> None:
        self.status.setText(self.tr("Exporting {name}: %n frames", "", frames).format(name=self._name))

    @Slot(int)
    def show_writing(self, frames: int) -> None:
        self.status.setText(self.tr("Writing {name}: %n frames", "", frames).format(name=self._name))
