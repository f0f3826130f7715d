"""The main window's tabs, in the order they are shown: the one list the window builds its tabs from, the View
menu its shortcuts (Ctrl+1 for the first), and the Help menu its tour and its list of shortcuts. Each is a tab of
the window as :mod:`app.common.tab_part` says (its title and tour page, ``bind``, ``status_widgets``,
``shutdown``); adding a tab is writing its feature folder and adding its class here.
"""

from __future__ import annotations

from app.compare.compare_view import CompareView
from app.train.train_tab import TrainTab
from app.vocabulary.vocabulary_tab import VocabularyTab

#: The tabs' classes, in order.
TABS = (TrainTab, CompareView, VocabularyTab)
