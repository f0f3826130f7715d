r"""The regex at work: a text cut by several pre-tokenization patterns side by side (gpt2, cl100k, o200k, llama3,
qwen2 and a custom regex), each pre-token colored by the alternative of the pattern that matched it, a legend per
pattern naming its alternatives in words, and a tooltip per pre-token: which alternative, and where the
``\s+(?!\S)`` lookahead decided the boundary.

Everything shown is :class:`bpe_core.teaching.regex_alternatives.RegexAlternatives`'s.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.common.wording.engine_messages import engine_message
from app.teaching.base import TeachingView, scale_font
from app.teaching.chips import Chip, TokenChips
from app.token_text import render_token
from bpe_core.pretokenize.patterns import PatternError
from bpe_core.teaching.regex_alternatives import LOOKAHEAD, SHOWN_PATTERNS, Description, RegexAlternatives

DEFAULT_TEXT = "We'll ship 12345 units in 2024!\n    if x  >= 10: print(x)  # ok\n我们在2024年学习BPE分词。"
DEFAULT_CUSTOM = r"\w+|\s+|[^\w\s]+"
CUSTOM = "custom"
#: One fill per kind of alternative; a second alternative of the same kind (o200k's two kinds of word) is darker.
KIND_COLORS = {
    "contractions": "#fbb4ae",
    "letters": "#b3cde3",
    "numbers": "#ccebc5",
    "punctuation": "#decbe4",
    "newlines": "#fed9a6",
    "trailing_whitespace": "#ffffcc",
    "whitespace_before": "#e5d8bd",
    "whitespace": "#f2f2f2",
}
OTHER_COLORS = ("#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5")
_T = "RegexView"
_KINDS = {
    "contractions": QT_TRANSLATE_NOOP("RegexView", "contractions ('s 't 're 've 'm 'll 'd)"),
    "punctuation": QT_TRANSLATE_NOOP("RegexView", "punctuation and symbols"),
    "newlines": QT_TRANSLATE_NOOP("RegexView", "line breaks, with the spaces before them"),
    "trailing_whitespace": QT_TRANSLATE_NOOP("RegexView", "whitespace at the end of the text"),
    "whitespace_before": QT_TRANSLATE_NOOP(
        "RegexView", "whitespace before whitespace (the last space goes to the next word)"
    ),
    "whitespace": QT_TRANSLATE_NOOP("RegexView", "any whitespace"),
}
_LETTERS = {
    "": QT_TRANSLATE_NOOP("RegexView", "letters"),
    "lower": QT_TRANSLATE_NOOP("RegexView", "a word: capitals, then lowercase letters (Hello)"),
    "upper": QT_TRANSLATE_NOOP("RegexView", "a word in capitals, lowercase may follow (HTML)"),
}
_NUMBERS = {
    0: QT_TRANSLATE_NOOP("RegexView", "numbers (any run of digits)"),
    3: QT_TRANSLATE_NOOP("RegexView", "numbers (1–3 digits)"),
    1: QT_TRANSLATE_NOOP("RegexView", "numbers (one digit each)"),
}
_LEADING = {
    "space": QT_TRANSLATE_NOOP("RegexView", "{what}, with an optional leading space"),
    "space_or_symbol": QT_TRANSLATE_NOOP("RegexView", "{what}, with an optional leading space or symbol"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate(_T, text)


def describe_in_words(description: Description, number: int) -> str:
    """An alternative named in the interface language (``number`` counts from 1).

    >>> from bpe_core.teaching.regex_alternatives import describe
    >>> describe_in_words(describe(r" ?\\p{N}+"), 3)
    'numbers (any run of digits), with an optional leading space'
    >>> describe_in_words(describe(r"\\w+"), 2)
    'alternative 2'
    """
    kind = description.kind
    if kind == "letters":
        what = _tr(_LETTERS[description.case])
    elif kind == "numbers":
        what = _tr(_NUMBERS.get(description.digits, _NUMBERS[0]))
    elif kind in _KINDS:
        what = _tr(_KINDS[kind])
    else:
        return QCoreApplication.translate("RegexView", "alternative {number}").format(number=number)
    if description.leading:
        what = _tr(_LEADING[description.leading]).format(what=what)
    if description.suffix:
        what = QCoreApplication.translate("RegexView", "{what}, then an optional contraction ('s 't…)").format(
            what=what
        )
    if description.newlines:
        what = QCoreApplication.translate("RegexView", "{what}, then any line breaks").format(what=what)
    return what


def alternative_colors(descriptions: list[Description]) -> list[QColor]:
    """A fill per alternative: by kind, darker for a second alternative of the same kind; others in turn."""
    colors, seen = [], {}
    for i, description in enumerate(descriptions):
        base = KIND_COLORS.get(description.kind)
        if base is None:
            colors.append(QColor(OTHER_COLORS[i % len(OTHER_COLORS)]))
            continue
        nth = seen[description.kind] = seen.get(description.kind, -1) + 1
        colors.append(QColor(base).darker(100 + 18 * nth))
    return colors


class PatternPanel(QWidget):
    """One pattern: its title, a legend of its alternatives and the text's pre-tokens as colored chips."""

    def __init__(self, title: str, parent=None):
        super().__init__(parent)
        self.cut: RegexAlternatives | None = None
        self.matches = []
        self.title = QLabel(f"<b>{html.escape(title)}</b>")
        self.summary = QLabel()
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)  # its swatches are HTML; so is a failure, escaped
        self.legend.setWordWrap(True)
        self.chips = TokenChips()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        heading = QHBoxLayout()
        heading.addWidget(self.title)
        heading.addStretch(1)
        heading.addWidget(self.summary)
        layout.addLayout(heading)
        layout.addWidget(self.legend)
        layout.addWidget(self.chips)
        layout.addStretch(1)

    def show_pattern(self, pattern: str, text: str) -> None:
        """Cut ``text`` with ``pattern``; an invalid or too slow pattern is said instead."""
        try:
            cut = RegexAlternatives(pattern)
            matches = cut.matches(text)
        except PatternError as exc:
            self._fail(engine_message(exc))  # worded as the Train tab words a bad pattern
            return
        except TimeoutError:
            self._fail(
                QCoreApplication.translate(
                    "RegexView", "This regex takes too long on the text: it probably backtracks catastrophically."
                )
            )
            return
        self.cut, self.matches = cut, matches
        colors = alternative_colors(cut.descriptions)
        names = [describe_in_words(d, i + 1) for i, d in enumerate(cut.descriptions)]
        swatch = "<span style='background:{color}'>&nbsp;{number}&nbsp;</span>&nbsp;{name}"
        self.legend.setText(
            " &nbsp; ".join(
                swatch.format(color=color.name(), number=i + 1, name=html.escape(name, quote=False))
                for i, (color, name) in enumerate(zip(colors, names))
            )
        )
        self.summary.setText(QCoreApplication.translate("RegexView", "pre-tokens: {n}").format(n=len(matches)))
        chips = []
        for m in matches:
            tip = QCoreApplication.translate("RegexView", "Alternative {number} of {total}: {name}\n{source}").format(
                number=m.alternative + 1,
                total=len(names),
                name=names[m.alternative],
                source=cut.alternatives[m.alternative],
            )
            if m.lookahead:
                tip += "\n" + _tr(
                    "The lookahead {lookahead} ended this run of whitespace here: its last space starts the next "
                    "pre-token."
                ).format(lookahead=LOOKAHEAD)
            label = render_token(m.text.encode("utf-8")) or "∅"
            chips.append(
                Chip(label, m.alternative, str(m.alternative + 1), "", tip, fill=colors[m.alternative], group=None)
            )
        self.chips.set_chips(chips)

    def _fail(self, message: str) -> None:
        self.cut, self.matches = None, []
        self.legend.setText(html.escape(message))
        self.summary.setText("")
        self.chips.set_chips([])


class RegexView(TeachingView):
    """A text cut by the checked patterns, side by side (up to three a row)."""

    title = QT_TRANSLATE_NOOP("TeachingView", "Regex at work")

    def __init__(self, text: str = DEFAULT_TEXT, parent=None):
        super().__init__(parent)
        self.editor = QPlainTextEdit(text)
        self.editor.setObjectName("regexText")
        self.editor.setMaximumHeight(80)
        self.custom = QLineEdit(DEFAULT_CUSTOM)
        self.custom.setObjectName("regexCustom")
        self.checks: dict[str, QCheckBox] = {}
        self.panels: dict[str, PatternPanel] = {}
        choices = QHBoxLayout()
        choices.addWidget(QLabel(self.tr("Patterns")))
        for pattern in (*SHOWN_PATTERNS, CUSTOM):
            label = self.tr("custom") if pattern == CUSTOM else pattern
            check = QCheckBox(label)
            check.setChecked(pattern in ("gpt2", "cl100k", "o200k"))
            check.toggled.connect(lambda _on: self.refresh())
            choices.addWidget(check)
            self.checks[pattern] = check
            title = self.tr("custom regex") if pattern == CUSTOM else self.tr("pattern {name}").format(name=pattern)
            self.panels[pattern] = PatternPanel(title)
        choices.addWidget(self.custom, 1)
        explain = QLabel(
            self.tr(
                "A pattern is a list of alternatives joined by |: at each position the first alternative that matches "
                "makes the pre-token. Each pre-token is colored by its alternative (the number under it); hover it."
            )
        )
        explain.setWordWrap(True)
        self.grid = QGridLayout()
        body = QWidget()
        body.setLayout(self.grid)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        layout = QVBoxLayout(self)
        layout.addWidget(self.editor)
        layout.addLayout(choices)
        layout.addWidget(explain)
        layout.addWidget(scroll, 1)
        self.editor.textChanged.connect(self.refresh)
        self.custom.textChanged.connect(lambda _t: self.refresh())
        self._stale = True  # cut again when next shown (a text or pattern changed while the view was hidden)

    def set_text(self, text: str) -> None:
        self.editor.setPlainText(text)

    def shown(self) -> list[str]:
        """The patterns checked, in order."""
        return [pattern for pattern, check in self.checks.items() if check.isChecked()]

    def showEvent(self, event) -> None:
        if self._stale:
            self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        """Cut the text with every checked pattern and lay the panels out, up to three a row (once the view is
        shown: a Teach window's hidden view is not cut at each new lesson text)."""
        self._stale = not self.isVisible()
        if self._stale:
            return
        for panel in self.panels.values():
            self.grid.removeWidget(panel)
            panel.hide()
        shown = self.shown()
        columns = 2 if len(shown) in (2, 4) else 3
        for column in range(3):
            self.grid.setColumnStretch(column, 1 if column < columns else 0)
        text = self.editor.toPlainText()
        for i, pattern in enumerate(shown):
            panel = self.panels[pattern]
            panel.show_pattern(self.custom.text() if pattern == CUSTOM else pattern, text)
            self.grid.addWidget(panel, i // columns, i % columns)
            panel.show()

    def presentation_changed(self, scale: float) -> None:
        for panel in self.panels.values():
            scale_font(panel.chips, scale)
