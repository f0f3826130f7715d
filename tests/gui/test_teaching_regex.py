"""The regex at work in the Teach window: pre-tokens colored by the alternative that matched them, legends in words,
patterns side by side, tooltips that name the alternative and the lookahead."""

import pytest

from app.teaching.regex_view import CUSTOM, RegexView, alternative_colors
from bpe_core.pretokenize.pretokens import Pretokenizer
from bpe_core.teaching.regex_alternatives import RegexAlternatives

TEXT = "We'll pay 12345 now!  ok\n我们在2024年"


def show(qtbot, widget):
    qtbot.addWidget(widget)
    widget.resize(1300, 800)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_pretokens_colored_by_alternative_side_by_side(qtbot):
    view = show(qtbot, RegexView(TEXT))
    assert view.shown() == ["gpt2", "cl100k", "o200k"]
    view.checks["cl100k"].setChecked(False)
    view.checks["llama3"].setChecked(True)
    assert view.shown() == ["gpt2", "o200k", "llama3"]
    for pattern in view.shown():
        panel = view.panels[pattern]
        assert panel.isVisible()
        cut = RegexAlternatives(pattern)
        colors = alternative_colors(cut.descriptions)
        assert [c.text.replace("␣", " ").replace("↵", "\n") for c in panel.chips.chips] == Pretokenizer(
            pattern
        ).findall(TEXT)
        assert [c.fill.name() for c in panel.chips.chips] == [colors[m.alternative].name() for m in panel.matches]
    assert not view.panels["cl100k"].isVisible()
    gpt2 = view.panels["gpt2"]
    assert "contractions ('s 't 're 've 'm 'll 'd)" in gpt2.legend.text()
    assert "numbers (any run of digits), with an optional leading space" in gpt2.legend.text()
    assert "numbers (1–3 digits)" in view.panels["o200k"].legend.text()
    assert "a word: capitals, then lowercase letters (Hello)" in view.panels["o200k"].legend.text()
    tips = {c.text: c.tooltip for c in gpt2.chips.chips}
    assert tips["'ll"].startswith("Alternative 1 of 7: contractions")
    assert "lookahead \\s+(?!\\S) ended this run" in tips["␣"]  # the first of the two spaces before " ok"
    assert "lookahead" not in tips["␣ok"]


def test_custom_pattern_and_its_errors(qtbot):
    view = show(qtbot, RegexView(TEXT))
    view.checks[CUSTOM].setChecked(True)
    panel = view.panels[CUSTOM]
    assert "alternative 1" in panel.legend.text() and panel.chips.chips
    view.custom.setText("[a-")
    assert not panel.chips.chips and "Invalid pre-tokenization regex" in shown_text(panel.legend)
    view.custom.setText(r"\p{N}+|\p{L}+|\s+|.")
    assert [c.text for c in panel.chips.chips][:3] == ["We", "'", "ll"]


def shown_text(label) -> str:
    """What a label shows: its text, or the text its HTML draws."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QTextDocument

    text, kind = label.text(), label.textFormat()
    if kind == Qt.TextFormat.PlainText or (kind == Qt.TextFormat.AutoText and not Qt.mightBeRichText(text)):
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_bad_custom_regex_is_said_in_the_interface_language_without_html_codes(qtbot, qapp, language):
    """A custom regex "(unclosed" showed "invalid pre-tokenization regex &#x27;(unclosed&#x27;: …" in English and in
    Chinese: the Train tab's wording of a bad pattern now, its quotes as quotes (the regex library's own detail may
    stay English)."""
    from app.common.wording import i18n

    translators = i18n.install(qapp, language)
    try:
        view = show(qtbot, RegexView(TEXT))
        view.checks[CUSTOM].setChecked(True)
        view.custom.setText("(unclosed")
        said = shown_text(view.panels[CUSTOM].legend)
    finally:
        for translator in translators:
            qapp.removeTranslator(translator)
        i18n.install(qapp, "en")
    start = {"en": "Invalid pre-tokenization regex '(unclosed'", "zh_CN": "无效的预分词正则表达式 '(unclosed'"}
    assert said.startswith(start[language]), said
    assert "&#" not in said and "&amp;" not in said and "&lt;" not in said


def test_the_window_offers_the_view_and_the_lesson_text(qtbot):
    from app.teaching.window import TeachingWindow

    window = TeachingWindow(None, text="the dog sat")
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    view = window.show_view("regex")
    assert view is window.regex and view.editor.toPlainText() == "the dog sat"
    window.shutdown()


def test_a_pre_token_wider_than_its_panel_is_cut_with_an_ellipsis_and_its_tooltip_says_it_whole(qtbot):
    """gpt2 keeps a Chinese clause as one pre-token: its chip stays inside the panel, ends with "…" painted in it, and
    hovering it says the whole text; the chips beside it are whole."""
    from PySide6.QtGui import QColor, QFontMetricsF

    from app.teaching.chips import ELLIPSIS

    clause = "只能看见几盏昏黄的路灯和偶尔穿过雾气的汽车灯光好像城市还在做梦不愿意醒来"
    view = show(qtbot, RegexView(f"站在高处往下看，{clause}。"))
    view.resize(900, 600)
    chips = view.panels["gpt2"].chips
    qtbot.waitUntil(lambda: chips.width() < 300)
    texts = [c.text for c in chips.chips]
    long = texts.index(clause)
    rect = chips.chip_rect(long)
    assert rect.right() <= chips.width() and rect.width() > 0.8 * chips.width()
    assert chips.tooltip(long).startswith(clause) and "Alternative 2 of 7" in chips.tooltip(long)
    assert chips.tooltip(0) == chips.chips[0].tooltip  # a whole chip: its tooltip alone
    assert all(chips.chip_rect(i).right() <= chips.width() for i in range(len(texts)))
    image = chips.grab().toImage()
    dots = QFontMetricsF(chips.font()).horizontalAdvance(ELLIPSIS)  # the chip's end: its last characters and "…"
    end = {
        QColor(image.pixel(x, y)).rgb()
        for x in range(int(rect.right() - dots - 4), int(rect.right()) - 3)
        for y in range(int(rect.top()) + 3, int(rect.center().y()))
    }
    assert len(end) > 2  # drawn on, not left as the chip's plain fill
