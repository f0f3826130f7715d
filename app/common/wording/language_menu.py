"""View ▸ Language: choose the interface language; it is saved and applied when the program starts again, which
the menu offers to do at once.

>>> restart_arguments(["bpe-explorer", "--lang", "en", "notes.txt", "--lang=zh_CN"], "zh_CN")[-3:]
['notes.txt', '--lang', 'zh_CN']
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QProcess, QSettings, Slot
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from app.common.wording import i18n


class LanguageMenu(QMenu):
    """One checkable action per language in :data:`app.common.wording.i18n.LANGUAGES`, the current one checked."""

    def __init__(self, settings: QSettings, window: QWidget):
        super().__init__(window)
        self.setTitle(self.tr("&Language"))
        self.settings = settings
        self.window = window
        group = QActionGroup(self)
        current = i18n.current_language()
        for code, name in i18n.LANGUAGES.items():
            action = QAction(name, self, checkable=True)  # each language in its own name: not translated
            action.setData(code)
            action.setChecked(code == current)
            group.addAction(action)
            self.addAction(action)
        group.triggered.connect(self._chosen)

    @Slot(QAction)
    def _chosen(self, action: QAction) -> None:
        language = action.data()
        i18n.save_language(self.settings, language)
        if language == i18n.current_language():
            return
        answer = QMessageBox.question(
            self.window,
            self.tr("Language"),
            self.tr("The interface will be in {language} when BPE Explorer starts again. Restart now?").format(
                language=i18n.LANGUAGES[language]
            ),
        )
        if answer == QMessageBox.StandardButton.Yes:
            QProcess.startDetached(sys.executable, restart_arguments(sys.argv, language)[1:])
            self.window.close()


def restart_arguments(argv: list[str], language: str) -> list[str]:
    """The command line that starts the program again in ``language``: ``python -m app`` with the user's other
    arguments (an earlier ``--lang`` dropped)."""
    rest, skip = [], False
    for arg in argv[1:]:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            rest.append(arg)
    return [sys.executable, "-m", "app", *rest, "--lang", language]
