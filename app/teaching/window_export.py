"""The Teach window's export of the view shown: a PNG or SVG at once, or its animation as GIF or MP4 in the
background, an export page with Cancel standing in for the views meanwhile.

:class:`ViewExports` is a part of :class:`~app.teaching.window.TeachingWindow` (its methods, the window's state):
``export_page``, ``animation_export``, ``_exported_tab``, ``_exports``, ``export_action``, ``pages``, ``tabs``,
``current_view()`` and the ``exported`` signal are the window's.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app.teaching.animation_export import ANIMATION_SUFFIXES, AnimationExport


class ViewExports:
    """Exporting the Teach window's current view (mixed into the window; its text is translated in the window's
    context, as ``self.tr`` would look it up under this class's name)."""

    def export_dialog(self) -> None:
        view = self.current_view()
        default = f"{view.title.lower().replace(' ', '_')}.png"
        kinds = QCoreApplication.translate("TeachingWindow", "PNG image (*.png);;SVG drawing (*.svg)")
        if view.animated:
            kinds += ";;" + QCoreApplication.translate("TeachingWindow", "Animated GIF (*.gif);;MP4 video (*.mp4)")
        path, _ = QFileDialog.getSaveFileName(
            self, QCoreApplication.translate("TeachingWindow", "Export view"), default, kinds
        )
        if path:
            self.export_current(path)

    def export_current(self, path: str | Path) -> Path | None:
        """Export the current view as PNG or SVG (the path, once written), or start exporting its animation as GIF
        or MP4 (by the suffix; None: ``exported(path)`` follows once it is written); a failure shows a message."""
        view = self.current_view()
        try:
            if view.animated and Path(path).suffix.lower() in ANIMATION_SUFFIXES:
                self._start_export(AnimationExport(view, path, parent=self))
                return None
            return view.export_image(path)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, QCoreApplication.translate("TeachingWindow", "Cannot export"), str(exc))
            return None

    def _start_export(self, export: AnimationExport) -> None:
        self.cancel_export()
        self._exports = [e for e in self._exports if e.running()]
        self._exports.append(export)
        self.animation_export = export
        export.progress.connect(self.export_page.show_frames)
        export.writing.connect(self.export_page.show_writing)
        export.finished.connect(self._on_exported)
        export.failed.connect(self._on_export_failed)
        self.export_page.begin(export.path.name)
        self.pages.setCurrentWidget(self.export_page)
        self.export_page.cancel_button.setFocus()
        # Another tab current, unseen and unsaid (no view switch happens): the hidden tabs' layout then leaves the
        # exported view at slide size (it sizes only the current page, and it did so again at every frame).
        self._exported_tab = self.tabs.currentIndex()
        self._set_tab_quietly(1 if self._exported_tab == 0 else 0)
        self.export_action.setEnabled(False)  # one at a time; Cancel first
        export.start()

    @Slot()
    def cancel_export(self) -> None:
        """Stop the animation export under way, if any: the views come back as they were, nothing is written."""
        if self.animation_export is not None:
            self.animation_export.cancel()
            self._end_export()

    def _end_export(self) -> None:
        self.animation_export = None
        self.export_action.setEnabled(True)
        self._set_tab_quietly(self._exported_tab)
        self.pages.setCurrentWidget(self.tabs)
        self.current_view().setFocus()

    def _set_tab_quietly(self, index: int) -> None:
        blocked = self.tabs.blockSignals(True)
        self.tabs.setCurrentIndex(index)
        self.tabs.blockSignals(blocked)

    def _on_exported(self, path: Path) -> None:
        self._end_export()
        self.exported.emit(path)

    def _on_export_failed(self, message: str) -> None:
        self._end_export()
        QMessageBox.warning(self, QCoreApplication.translate("TeachingWindow", "Cannot export"), message)
