"""Pages of a tab widget made the first time they are opened or asked for.

A page full of charts costs 10 to 40 ms to build (pyqtgraph makes each plot's menus and axes), and most windows
never open most pages. A lazy page starts as an empty placeholder; it is made, and put in the placeholder's place
with its title, when the user opens it (``currentChanged``), when the widget holding the tabs is first shown on it
(:meth:`LazyPages.make_current`) or when code asks for it (:meth:`LazyPages.get`).

>>> from PySide6.QtWidgets import QApplication, QLabel, QTabWidget
>>> app = QApplication.instance() or QApplication([])
>>> tabs = QTabWidget()
>>> pages = LazyPages(tabs)
>>> pages.add("first", lambda: QLabel("made when shown"), "First")
>>> _ = tabs.addTab(QLabel("made at once"), "Second")
>>> pages.add("third", lambda: QLabel("made when opened"), "Third")
>>> pages.made(), tabs.tabText(0)
([], 'First')
>>> pages.make_current()  # as the widget holding the tabs is first shown
>>> tabs.currentWidget().text(), tabs.tabText(0)
('made when shown', 'First')
>>> tabs.setCurrentIndex(2)
>>> tabs.currentWidget().text(), len(pages.made()), tabs.tabText(2)
('made when opened', 2, 'Third')
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QTabWidget, QWidget


class LazyPages:
    """The lazy pages of ``tabs``, by name."""

    def __init__(self, tabs: QTabWidget):
        self.tabs = tabs
        self._makers: dict[str, tuple[Callable[[], QWidget], QWidget]] = {}  # name -> (make, placeholder)
        self._made: dict[str, QWidget] = {}
        tabs.currentChanged.connect(self._on_current)

    def add(self, name: str, make: Callable[[], QWidget], title: str) -> None:
        """A page titled ``title``, made by ``make()`` when first needed."""
        placeholder = QWidget()
        self.tabs.addTab(placeholder, title)  # the first tab added becomes current: that is not opening it
        self._makers[name] = (make, placeholder)  # known from now on only

    def get(self, name: str) -> QWidget:
        """The page ``name``, made now if it was not yet (the tab shown stays the same)."""
        page = self._made.get(name)
        if page is not None:
            return page
        make, placeholder = self._makers.pop(name)
        page = self._made[name] = make()
        index, current = self.tabs.indexOf(placeholder), self.tabs.currentIndex()
        blocked = self.tabs.blockSignals(True)  # the same tab is shown before and after: nobody is told of a change
        title, tip = self.tabs.tabText(index), self.tabs.tabToolTip(index)
        self.tabs.removeTab(index)
        self.tabs.insertTab(index, page, title)
        self.tabs.setTabToolTip(index, tip)
        self.tabs.setCurrentIndex(current)
        self.tabs.blockSignals(blocked)
        placeholder.deleteLater()
        return page

    def made(self, *names: str) -> list[QWidget]:
        """The pages made so far (of ``names``, when given)."""
        return [page for name, page in self._made.items() if not names or name in names]

    def make_current(self) -> None:
        """Make the page shown, if it is a lazy one (call it before the tabs are first shown)."""
        self._on_current(self.tabs.currentIndex())

    def _on_current(self, index: int) -> None:
        widget = self.tabs.widget(index)
        for name, (_make, placeholder) in list(self._makers.items()):
            if placeholder is widget:
                self.get(name)
