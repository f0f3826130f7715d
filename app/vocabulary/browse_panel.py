"""Browse one vocabulary: the filter bar and the token table on the left; on the right the charts (tokens per
script, with the scripts the "other" class holds, length per script, a script's share by merge) and the longest
tokens of a script, a click away (click a bar of the script chart, or pick the script)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSplitter, QVBoxLayout, QWidget

from app.common.background.jobs import Jobs
from app.common.widgets.tab_widget import TabWidget
from app.common.widgets.view_hint import ViewHint
from app.common.wording.engine_messages import engine_message
from app.vocabulary.charts import LengthChart, RankShareChart, ScriptCountsChart
from app.vocabulary.filter_bar import FilterBar
from app.vocabulary.table_model import Filter, Filtered, script_label
from app.vocabulary.token_table import TokenTable
from bpe_core.vocabulary import SCRIPTS, FilterError, VocabTable, longest_by_script
from bpe_core.vocabulary.other_scripts import other_scripts

LONGEST = 50


class BrowsePanel(QSplitter):
    """``show_table(table)`` fills everything; ``token_activated(id)`` / ``token_selected(id)`` come from both
    tables."""

    token_activated = Signal(int)
    token_selected = Signal(int)

    def __init__(self, parent=None):
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.table: VocabTable | None = None
        self.filters = FilterBar()
        self.filters.changed.connect(self.apply_filter)
        self.filter_jobs = Jobs("vocabulary-filter", self)  # a regex over 200k tokens runs off the GUI thread
        self.filter_jobs.result.connect(self._on_filtered)
        self.filter_jobs.failed.connect(self._on_filter_failed)
        self.view = TokenTable()
        self.view.setObjectName("vocabTable")
        self.no_match = ViewHint(self.view)  # said once a vocabulary is shown (an empty table before is no filter's)
        self.count_label = QLabel()
        self.count_label.setObjectName("vocabCount")
        self.filter_error = QLabel()
        self.filter_error.setObjectName("vocabFilterError")
        self.filter_error.setStyleSheet("color: #b00020")
        self.filter_error.setWordWrap(True)
        self.filter_error.setVisible(False)
        left = QWidget()
        layout = QVBoxLayout(left)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.filters)
        layout.addWidget(self.filter_error)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.count_label)

        self.script_chart = ScriptCountsChart()
        self.other_label = QLabel()
        self.other_label.setObjectName("otherScripts")
        self.other_label.setWordWrap(True)
        self.length_chart = LengthChart()
        self.rank_chart = RankShareChart()
        self.rank_script = self._script_combo("Han")
        self.rank_script.currentIndexChanged.connect(self._draw_rank_chart)
        self.longest_script = self._script_combo("Han")
        self.longest_script.setObjectName("longestScript")
        self.longest_script.currentIndexChanged.connect(self._show_longest)
        self.longest = TokenTable(sortable=False)
        self.longest.model_.keep_order()  # longest first, as the engine ranks them
        self.longest.setObjectName("longestTable")
        self.charts = TabWidget()
        self.charts.addTab(self._scripts_page(), self.tr("Scripts"))
        self.charts.addTab(self.length_chart, self.tr("Lengths"))
        self.charts.addTab(self._with_combo(self.rank_chart, self.rank_script, self.tr("Script:")), self.tr("By merge"))
        self.longest_page = self._with_combo(self.longest, self.longest_script, self.tr("Longest tokens of"))
        self.charts.addTab(self.longest_page, self.tr("Longest"))
        self.script_chart.script_clicked.connect(self.show_longest)
        self.addWidget(left)
        self.addWidget(self.charts)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 2)
        self.setChildrenCollapsible(False)
        for view in (self.view, self.longest):
            view.token_activated.connect(self.token_activated)
            view.token_selected.connect(self.token_selected)

    def _scripts_page(self) -> QWidget:
        """The tokens-per-script chart, and under it what the "other" class holds."""
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.script_chart, 1)
        layout.addWidget(self.other_label)
        return page

    def _show_other(self, table: VocabTable | None) -> None:
        """Say which scripts the "other" class holds (hidden when it holds nothing)."""
        parts = other_scripts(table) if table is not None else {}
        self.other_label.setVisible(bool(parts))
        listed = self.tr(", ", "between the parts of a list").join(
            self.tr("{part} {count:,}").format(part=script_label(part), count=n) for part, n in parts.items()
        )
        self.other_label.setText(
            self.tr("{other} ({count:,} tokens): {parts}.").format(
                other=script_label("other"), count=sum(parts.values()), parts=listed
            )
        )

    def _script_combo(self, default: str) -> QComboBox:
        combo = QComboBox()
        for name in SCRIPTS:
            combo.addItem(script_label(name), name)
        combo.setCurrentIndex(SCRIPTS.index(default))
        return combo

    def _with_combo(self, widget: QWidget, combo: QComboBox, label: str) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(2, 2, 2, 2)
        row = QHBoxLayout()
        row.addWidget(QLabel(label))
        row.addWidget(combo, 1)
        layout.addLayout(row)
        layout.addWidget(widget, 1)
        return page

    def show_table(self, table: VocabTable | None) -> None:
        """Show ``table`` (None: empty), keeping the filter and the order."""
        self.table = table
        hint = self.tr("No token matches these filters: loosen one (the script, the length, the text).")
        self.no_match.set_text(hint if table is not None else "")
        try:
            self.view.model_.set_table(table)
        except FilterError as exc:  # the kept filter fails on the new table: drop it, say why
            self._show_filter_error(engine_message(exc))
            self.view.model_.filter = Filter()
            self.view.model_.set_table(table)
        self.script_chart.show_table(table)
        self._show_other(table)
        self.length_chart.show_table(table)
        self._draw_rank_chart()
        self._show_longest()
        self._update_count()

    @Slot(object)
    def apply_filter(self, spec: Filter) -> None:
        """Find the rows ``spec`` keeps in a thread, then show them (the newest filter wins)."""
        find = self.view.model_.filtering(spec)
        self.filter_jobs.call(lambda: (spec, find()))

    def filtering(self) -> bool:
        """True while a filter is being applied."""
        return self.filter_jobs.busy()

    @Slot(object)
    def _on_filtered(self, result: tuple[Filter, Filtered]) -> None:
        spec, found = result
        if not self.view.model_.show_filtered(spec, found):  # another table came meanwhile: filter that one
            self.apply_filter(spec)
            return
        self._show_filter_error("")
        self._update_count()

    @Slot(object, str)
    def _on_filter_failed(self, message: object, _details: str) -> None:
        self._show_filter_error(engine_message(message))  # a bad or slow regex (FilterError): the rows stay

    def shutdown(self) -> None:
        """Wait for a filter being applied (no thread outlives the tab)."""
        self.filter_jobs.wait_all()

    def _show_filter_error(self, text: str) -> None:
        self.filter_error.setText(text)
        self.filter_error.setVisible(bool(text))

    def _update_count(self) -> None:
        total = 0 if self.table is None else len(self.table)
        self.count_label.setText(
            self.tr("{shown:,} of {total:,} tokens", "", total).format(shown=self.view.model_.rowCount(), total=total)
        )

    @Slot(str)
    def show_longest(self, script: str) -> None:
        """Show the longest tokens of ``script`` (the Longest page)."""
        self.longest_script.setCurrentIndex(SCRIPTS.index(script))
        self.charts.setCurrentWidget(self.longest_page)
        self._show_longest()

    @Slot()
    def _show_longest(self) -> None:
        if self.table is None:
            self.longest.model_.set_table(None)
            return
        rows = longest_by_script(self.table, LONGEST).get(self.longest_script.currentData(), np.zeros(0, np.int64))
        self.longest.model_.set_table(self.table, base=rows)

    @Slot()
    def _draw_rank_chart(self) -> None:
        self.rank_chart.show_table(self.table, self.rank_script.currentData())
