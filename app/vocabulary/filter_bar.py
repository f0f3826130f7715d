"""The filters over the vocabulary table: substring, regex, script class, a length range (characters or bytes)
and whether the token begins with a space. ``changed(Filter)`` is emitted a moment after the user stops typing."""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal, Slot
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLineEdit, QSpinBox, QWidget

from app.common.widgets.fields import FIELD_MAX_CHARS
from app.vocabulary.table_model import Filter, script_label
from bpe_core.vocabulary import SCRIPTS

DEBOUNCE_MS = 150
MAX_LENGTH = 1024


class FilterBar(QWidget):
    """Filter fields; :meth:`spec` is the current :class:`Filter`, its fields are set directly."""

    changed = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.substring = QLineEdit()
        self.substring.setObjectName("vocabSubstring")
        self.substring.setMaxLength(FIELD_MAX_CHARS)
        self.substring.setPlaceholderText(self.tr("Text in the token (␣ for a space)"))
        self.substring.setClearButtonEnabled(True)
        self.pattern = QLineEdit()
        self.pattern.setObjectName("vocabRegex")
        self.pattern.setMaxLength(FIELD_MAX_CHARS)
        self.pattern.setPlaceholderText(self.tr("Regex, e.g. ^␣?\\p{Han}{4,}"))
        self.pattern.setClearButtonEnabled(True)
        self.script = QComboBox()
        self.script.setObjectName("vocabScript")
        self.script.addItem(self.tr("Every script"), None)
        for name in SCRIPTS:
            self.script.addItem(script_label(name), name)
        self.min_length, self.max_length = QSpinBox(), QSpinBox()
        for box in (self.min_length, self.max_length):
            box.setRange(0, MAX_LENGTH)
            box.setSpecialValueText(self.tr("any"))
        self.unit = QComboBox()
        self.unit.addItem(self.tr("characters"), "chars")
        self.unit.addItem(self.tr("bytes"), "bytes")
        self.space = QComboBox()
        self.space.setObjectName("vocabSpace")
        self.space.addItem(self.tr("with or without a leading space"), None)
        self.space.addItem(self.tr("begins with a space"), True)
        self.space.addItem(self.tr("no leading space"), False)

        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.substring, 0, 0, 1, 2)
        grid.addWidget(self.pattern, 0, 2, 1, 3)
        grid.addWidget(self.script, 1, 0)
        grid.addWidget(QLabel(self.tr("length from")), 1, 1)
        grid.addWidget(self.min_length, 1, 2)
        grid.addWidget(QLabel(self.tr("to")), 1, 3)
        grid.addWidget(self.max_length, 1, 4)
        grid.addWidget(self.unit, 1, 5)
        grid.addWidget(self.space, 0, 5)

        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.emit_now)
        for line in (self.substring, self.pattern):
            line.textChanged.connect(self.timer.start)
        for box in (self.min_length, self.max_length):
            box.valueChanged.connect(self.timer.start)
        for combo in (self.script, self.unit, self.space):
            combo.currentIndexChanged.connect(self.emit_now)

    def spec(self) -> Filter:
        """The filter the fields describe (a length of 0 leaves that end open)."""
        script = self.script.currentData()
        low, high = self.min_length.value() or None, self.max_length.value() or None
        return Filter(
            substring=self.substring.text(),
            pattern=self.pattern.text().translate(_VISIBLE_SPACE),
            scripts=(script,) if script else None,
            length=None if low is None and high is None else (low, high),
            unit=self.unit.currentData(),
            begins_with_space=self.space.currentData(),
        )

    @Slot()
    def emit_now(self) -> None:
        self.timer.stop()
        self.changed.emit(self.spec())


_VISIBLE_SPACE = str.maketrans({"␣": " "})
