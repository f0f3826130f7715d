"""The Help menu: a short guided tour of the tabs (what each shows and one thing to try: each tab's ``TOUR``, in
the order of :data:`app.tabs.TABS`), the keyboard shortcuts, and About (the version, and the licences of the
corpora and encodings BPE Explorer ships)."""

from __future__ import annotations

import html
from importlib import metadata

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
)

from app.common import tab_part
from app.common.tab_part import TourPage
from app.tabs import TABS
from bpe_core.corpus.samples import SAMPLE_CORPORA

#: The Teach window's page of the tour (it is no tab: Ctrl+T opens it).
TEACH_PAGE = TourPage(
    "HelpMenu",
    QT_TRANSLATE_NOOP("HelpMenu", "Teach"),
    QT_TRANSLATE_NOOP(
        "HelpMenu",
        "Lessons for a class: the vocabulary slider, merges step by step, the encode animation, merge trees, "
        "pre-tokenization and word-level BPE.",
    ),
    QT_TRANSLATE_NOOP("HelpMenu", "Open it with Ctrl+T and drag the vocabulary slider from left to right."),
)

#: The shortcuts after the tabs' (Ctrl+1 for the first tab, ...), as (keys, what they do).
SHORTCUTS = (
    ("Ctrl+T", QT_TRANSLATE_NOOP("HelpMenu", "Open the Teach window")),
    ("Ctrl+W, Esc", QT_TRANSLATE_NOOP("HelpMenu", "Close the Teach window")),
    ("Ctrl+O", QT_TRANSLATE_NOOP("HelpMenu", "Open a tokenizer")),
    ("Ctrl+Shift+O", QT_TRANSLATE_NOOP("HelpMenu", "Open corpus files")),
    ("Ctrl+S", QT_TRANSLATE_NOOP("HelpMenu", "Save the tokenizer")),
    ("Ctrl+Q", QT_TRANSLATE_NOOP("HelpMenu", "Quit")),
)


def tour_pages() -> list[TourPage]:
    """The tour: each tab's page (:data:`app.tabs.TABS`, in order), then the Teach window's."""
    return [*(tab.TOUR for tab in TABS), TEACH_PAGE]


def shortcut_rows() -> list[tuple[str, str]]:
    """Every shortcut as (keys, what they do), in the interface's language: the tabs' first ("Ctrl+1 … Ctrl+3",
    "Show the Train, Compare or Vocabulary tab")."""
    keys = " … ".join(dict.fromkeys((tab_part.shortcut(0), tab_part.shortcut(len(TABS) - 1))))
    titles = tab_part.spoken_list([tab_part.title(tab) for tab in TABS])
    tabs = QCoreApplication.translate("HelpMenu", "Show the {tabs} tab").format(tabs=titles)
    return [(keys, tabs), *((keys, _tr(what)) for keys, what in SHORTCUTS)]


def _tr(text: str) -> str:
    return QCoreApplication.translate("HelpMenu", text)


class HelpMenu(QObject):
    """The Help menu of ``window``, built into ``menu``."""

    def __init__(self, window, menu: QMenu):
        super().__init__(window)
        self.window = window
        self.tour_action = menu.addAction(self.tr("Guided &tour…"), self.show_tour)
        self.shortcuts_action = menu.addAction(self.tr("&Keyboard shortcuts…"), self.show_shortcuts)
        menu.addSeparator()
        self.about_action = menu.addAction(self.tr("&About BPE Explorer…"), self.show_about)

    @Slot()
    def show_tour(self) -> QDialog:
        dialog = TourDialog(self.window)
        dialog.show()
        return dialog

    @Slot()
    def show_shortcuts(self) -> QMessageBox:
        rows = "".join(f"<tr><td><b>{keys}</b></td><td>&nbsp;&nbsp;{what}</td></tr>" for keys, what in shortcut_rows())
        box = QMessageBox(QMessageBox.Icon.NoIcon, self.tr("Keyboard shortcuts"), f"<table>{rows}</table>")
        box.setParent(self.window, box.windowFlags())
        box.show()
        return box

    @Slot()
    def show_about(self) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.NoIcon, self.tr("About BPE Explorer"), about_text())
        box.setParent(self.window, box.windowFlags())
        box.show()
        return box


def about_text() -> str:
    """The About box: the version, and where the shipped data come from under which licence."""
    corpora = "".join(f"<li>{html.escape(corpus.credit)}</li>" for corpus in SAMPLE_CORPORA)
    return _tr(
        "<h3>BPE Explorer {version}</h3><p>See how byte-pair-encoding tokenizers work: train, compare, look inside "
        "vocabularies, teach.</p><p><b>Shipped data</b></p><ul><li>OpenAI's encodings gpt2, r50k_base, "
        "cl100k_base, o200k_base (MIT licence, from openai/gpt-2 and openai/tiktoken), checked against their "
        "SHA-256.</li>{corpora}<li>The Universal Declaration of Human Rights, Article 1, in 15 languages (UN OHCHR, "
        "free to reproduce).</li></ul><p>Built with Qt for Python (LGPL), pyqtgraph (MIT), tiktoken (MIT), "
        "Hugging Face tokenizers (Apache-2.0) and sentencepiece (Apache-2.0).</p>"
    ).format(version=_version(), corpora=corpora)


def _version() -> str:
    try:
        return metadata.version("bpe-explorer")
    except metadata.PackageNotFoundError:
        return "(source checkout)"


class TourDialog(QDialog):
    """One page per tab: what it shows and one thing to try; Back and Next."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Guided tour"))
        self.pages = QStackedWidget()
        try_label = self.tr("Try this:")
        for page in tour_pages():
            title, shows, try_this = page.translated()
            label = QLabel(f"<h3>{title}</h3><p>{shows}</p><p><i>{try_label}</i> {try_this}</p>")
            label.setWordWrap(True)
            label.setMinimumWidth(420)
            self.pages.addWidget(label)
        buttons = QDialogButtonBox()
        self.back = QPushButton(self.tr("Back"))
        self.next = QPushButton(self.tr("Next"))
        buttons.addButton(self.back, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.next, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.back.clicked.connect(lambda: self.turn(-1))
        self.next.clicked.connect(lambda: self.turn(1))
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(buttons)
        self.turn(0)

    def turn(self, step: int) -> None:
        page = max(0, min(self.pages.count() - 1, self.pages.currentIndex() + step))
        self.pages.setCurrentIndex(page)
        self.back.setEnabled(page > 0)
        self.next.setEnabled(page < self.pages.count() - 1)
