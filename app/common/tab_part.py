"""What the main window needs of a tab, and nothing more. A tab (Train, Compare, Vocabulary: the list is
:data:`app.tabs.TABS`) is a widget that

- says what it is in ``TOUR``, a :class:`TourPage`: its title (the tab's, translated) is the tour's page title,
  and the page says what the tab shows and one thing to try;
- ``bind(session, say)``: publishes what it changes in the :class:`~app.common.session.Session` and follows the
  rest; ``say(text, ms)`` shows a passing message in the window's status bar;
- ``status_widgets()``: the widgets it keeps in the window's status bar (most keep none);
- ``shutdown()``: stops every thread it started, waiting for each.

Its place in the list gives its shortcut (:func:`shortcut`: Ctrl+1 for the first) and its page of the tour.

>>> shortcut(0), shortcut(2)
('Ctrl+1', 'Ctrl+3')
>>> page = TourPage("TrainTab", "Train", "What it shows.", "One thing to try.")
>>> page.translated()
('Train', 'What it shows.', 'One thing to try.')
>>> spoken_list(["Train", "Compare", "Vocabulary"])
'Train, Compare or Vocabulary'
>>> merges_label(9, 1000), merges_label(1000, 1000)
('9 of 1,000 merges', '1,000 merges')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol, runtime_checkable

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QWidget

from app.common.session import Session


@dataclass(frozen=True)
class TourPage:
    """A page of the guided tour, in English (marked with ``QT_TRANSLATE_NOOP(context, ...)`` where it is
    written): ``title``, what the tab (or window) ``shows``, and one thing to try (``try_this``)."""

    context: str
    title: str
    shows: str
    try_this: str

    def translated(self) -> tuple[str, str, str]:
        """The title, what it shows and what to try, in the interface's language."""
        return tuple(QCoreApplication.translate(self.context, text) for text in (self.title, self.shows, self.try_this))


@runtime_checkable
class TabPart(Protocol):
    """A tab of the main window (see the module's documentation)."""

    TOUR: ClassVar[TourPage]

    def bind(self, session: Session, say: Callable[[str, int], None]) -> None: ...

    def status_widgets(self) -> list[QWidget]: ...

    def shutdown(self) -> None: ...


def title(tab: TabPart) -> str:
    """The tab's title, in the interface's language."""
    return tab.TOUR.translated()[0]


def shortcut(index: int) -> str:
    """The shortcut that shows the tab at ``index`` (counted from 0)."""
    return f"Ctrl+{index + 1}"


def spoken_list(items: Sequence[str]) -> str:
    """``items`` as a sentence lists them ("Train, Compare or Vocabulary"; in Chinese, each in quotes)."""
    said = [QCoreApplication.translate("TabPart", "{tab}").format(tab=item) for item in items]
    if len(said) < 2:
        return "".join(said)
    listed = said[0]
    for item in said[1:-1]:
        listed = QCoreApplication.translate("TabPart", "{tabs}, {tab}").format(tabs=listed, tab=item)
    return QCoreApplication.translate("TabPart", "{tabs} or {tab}").format(tabs=listed, tab=said[-1])


def merges_label(step: int, total: int) -> str:
    """Our tokenizer's name at ``step`` of its ``total`` merges, as the tabs show it: the step chosen in the Train
    tab is said wherever ours is shown ("9 of 1,000 merges")."""
    return TabWords().merges_label(step, total)


class TabWords(QObject):
    """What the tabs say with a count, in Qt's plural forms ("1 merge", "2 merges"), which lupdate finds only in
    ``self.tr(text, "", n)``."""

    def merges_label(self, step: int, total: int) -> str:
        """See :func:`merges_label`."""
        if step < total:
            return self.tr("{merges} of {total} merges", "", total).format(merges=f"{step:,}", total=f"{total:,}")
        return self.tr("{merges} merges", "", step).format(merges=f"{step:,}")
