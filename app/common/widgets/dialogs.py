"""Message boxes: a plain sentence for the user, technical details behind "Show Details...". Their own texts are
translated in the "Dialogs" context; callers pass titles and messages already translated.

Every error the app reports goes through :func:`show_error`, so nothing ever reaches the user as a traceback.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QMessageBox, QWidget


def show_error(parent: QWidget | None, title: str, message: str, details: str = "") -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, title, message, QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("errorDialog")
    if details:
        box.setDetailedText(details)
    box.exec()


class Dialogs(QObject):
    """The dialogs' sentences with a count, in Qt's plural forms (lupdate finds them only in ``self.tr(text, "",
    n)``)."""

    def unsaved(self, merges: int) -> str:
        """The question's first line about a tokenizer of ``merges`` merges ("(1 merge)")."""
        return self.tr("The tokenizer trained here ({merges} merges) is not saved.", "", merges).format(
            merges=f"{merges:,}"
        )


def ask_unsaved(parent: QWidget | None, merges: int, kept: int | None = None) -> str:
    """Ask what to do with a trained tokenizer of ``merges`` merges that is not saved: ``"save"``, ``"discard"`` or
    ``"cancel"``. Before the window closes, ``kept`` is how many kept runs it has: they stay on disk, and the
    question says so."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        QCoreApplication.translate("Dialogs", "Unsaved tokenizer"),
        Dialogs().unsaved(merges),
        QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        parent,
    )
    box.setObjectName("unsavedDialog")
    if kept is None:
        box.setInformativeText(QCoreApplication.translate("Dialogs", "Save it before it is replaced?"))
    elif kept:
        box.setInformativeText(
            QCoreApplication.translate(
                "Dialogs",
                "Save it before the window closes? The kept runs ({count}) stay on disk: they are listed again "
                "at the next start until you forget them.",
            ).format(count=kept)
        )
    else:
        box.setInformativeText(QCoreApplication.translate("Dialogs", "Save it before the window closes?"))
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    answer = box.exec()
    if answer == QMessageBox.StandardButton.Save:
        return "save"
    return "discard" if answer == QMessageBox.StandardButton.Discard else "cancel"


def ask_replace_invalid(parent: QWidget | None, message: str) -> bool:
    """Ask whether to train anyway with invalid bytes replaced by U+FFFD. True for yes."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        QCoreApplication.translate("Dialogs", "Not UTF-8 text"),
        message,
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    box.setObjectName("replaceInvalidDialog")
    box.setInformativeText(
        QCoreApplication.translate(
            "Dialogs", "Train on it anyway, with each invalid byte replaced by the character U+FFFD (�)?"
        )
    )
    replace = box.addButton(
        QCoreApplication.translate("Dialogs", "Replace invalid bytes"), QMessageBox.ButtonRole.AcceptRole
    )
    box.addButton(QCoreApplication.translate("Dialogs", "Skip this file"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    return box.clickedButton() is replace


def ask_read_as(parent: QWidget | None, message: str, encoding: str) -> bool:
    """Ask whether to read a file in ``encoding`` (e.g. "utf-16", named by its byte-order mark). True for yes."""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        QCoreApplication.translate("Dialogs", "Not UTF-8 text"),
        message,
        QMessageBox.StandardButton.NoButton,
        parent,
    )
    box.setObjectName("readAsDialog")
    box.setInformativeText(
        QCoreApplication.translate("Dialogs", "Read it as {encoding}?").format(encoding=encoding.upper())
    )
    read = box.addButton(
        QCoreApplication.translate("Dialogs", "Read as {encoding}").format(encoding=encoding.upper()),
        QMessageBox.ButtonRole.AcceptRole,
    )
    box.addButton(QCoreApplication.translate("Dialogs", "Skip this file"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    return box.clickedButton() is read
