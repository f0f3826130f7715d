"""The Compare tab in Chinese (issue 11): with compare_zh_CN.qm (and train_zh_CN.qm, for the shared sources of
app/common) installed the view, its panes and tooltips speak Chinese with every field filled in; without them,
English. The translation keeps each message's placeholders."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QTranslator

from app.common.sources import OWN_KEY
from app.compare.compare_view import CompareView
from app.compare.token_pane import TokenPane

TRANSLATIONS = Path(__file__).parents[2] / "resources" / "translations"
FIELD = re.compile(r"\{[a-z_]+\}|%n")


@pytest.fixture
def chinese(qapp):
    """The Compare tab's translation, and the shared parts' (the panes' sources are in app/common: train_zh_CN)."""
    translators = []
    for name in ("compare_zh_CN.qm", "train_zh_CN.qm"):
        translator = QTranslator()
        assert translator.load(str(TRANSLATIONS / name))
        qapp.installTranslator(translator)
        translators.append(translator)
    yield
    for translator in translators:
        qapp.removeTranslator(translator)


def shown_view(qtbot) -> CompareView:
    view = CompareView()
    qtbot.addWidget(view)
    view.resize(1200, 700)
    view.show()
    qtbot.waitUntil(lambda: not view.busy() and bool(view.panes["gpt2"].token_count()), timeout=15000)
    return view


def test_stats_line_in_english(qtbot):
    pane = TokenPane("k", "a title")
    qtbot.addWidget(pane)
    assert pane.stats_text(4, 10, 13) == "4 tokens · 2.50 chars/token · 3.25 bytes/token"
    assert pane.stats_text(12345, 12345, 24690).startswith("12,345 tokens · 1.00 chars/token")
    assert pane.stats_text(0, 0, 0) == "0 tokens"


def test_the_view_speaks_chinese_with_the_translation(qtbot, chinese):
    view = shown_view(qtbot)
    toolbar = view.toolbar
    assert toolbar.load_button.text() == "载入文本…" and toolbar.add_button.text() == "添加分词器"
    assert toolbar.layout_combo.itemText(1) == "上下堆叠" and toolbar.reference_combo.itemText(0) == "（关闭）"
    assert view.text().startswith("分词器把文本切成") and "鬱" in view.text()  # the Chinese example text
    assert view.panes[OWN_KEY].message().startswith("还没有分词器")
    gpt2 = view.panes["gpt2"]
    count = gpt2.token_count()
    assert gpt2.stats.text().startswith(f"{count:,} 个词元 · 每词元 ")
    assert gpt2.copy_button.text() == "复制 ID"
    view.set_reference("cl100k_base")
    qtbot.waitUntil(lambda: gpt2.agreement.text().startswith("与 tiktoken cl100k_base 的切分一致率"), timeout=5000)
    assert view.panes["cl100k_base"].agreement.text() == "切分差异的参照"
    tip = gpt2.canvas.tooltip_html(0)
    assert f"<b>ID {gpt2.ids()[0]}</b> · 序号 {gpt2.ids()[0]}" in tip and "字符的一部分" in tip  # 分 is split
    assert "{" not in tip and "}" not in tip
    view.close()


def test_the_view_stays_english_without_it(qtbot):
    view = shown_view(qtbot)
    assert view.toolbar.load_button.text() == "Load text…" and view.text().startswith("Tokenizers cut text")
    tip = view.panes["gpt2"].canvas.tooltip_html(0)
    assert "rank " in tip and "bytes: " in tip
    view.close()


def test_every_translation_keeps_its_placeholders():
    messages = list(ET.parse(TRANSLATIONS / "compare_zh_CN.ts").getroot().iter("message"))
    assert len(messages) > 70
    for message in messages:
        source = message.findtext("source")
        translation = message.find("translation")
        text = translation.text if message.get("numerus") != "yes" else translation.findtext("numerusform")
        assert text and translation.get("type") is None, source
        if source.startswith("Tokenizers cut text"):  # the example text, not a sentence with fields
            continue
        assert set(FIELD.findall(text)) == set(FIELD.findall(source)), source


CODE = "def encode(text):  # 🐍 one emoji makes the whole str wide\n    return [ord(c) for c in text]\n" * 3


@pytest.mark.parametrize(
    "text", [CODE, "汉字和English混在一起的非常长的一行，没有换行" * 400], ids=["code", "long line"]
)
def test_the_panes_headers_line_up_and_keep_each_number_with_its_unit(qtbot, chinese, text):
    """Four panes side by side at 1366 px, in Chinese: their tokens start at one height, whatever the lines of each
    header (the pane with "★ 最少" wrapped its figures on a line more and its tokens started lower), and the figures
    wrap between two figures, never inside one ("每词元 1.05" on a line, "字节" on the next)."""
    from app.compare.figures_label import SEPARATOR

    view = CompareView(text=text)
    qtbot.addWidget(view)
    view.resize(1366, 600)
    view.show()
    qtbot.waitUntil(lambda: not view.busy() and bool(view.panes["o200k_base"].token_count()), timeout=30000)
    panes = [view.panes[key] for key in view.visible_keys()]
    assert len(view.pane_set.grid.rows()) == 1 and len(panes) == 4
    assert any(pane.fewest.isVisible() for pane in panes)

    def tops() -> dict[str, int]:
        return {pane.key: pane.canvas.mapTo(view, QPoint(0, 0)).y() for pane in panes}

    def whole() -> bool:
        return all(pane.stats.height() >= pane.stats.heightForWidth(pane.stats.width()) for pane in panes)

    # once the layouts have settled: every line of figures drawn whole, and the tokens level
    qtbot.waitUntil(lambda: whole() and len(set(tops().values())) == 1, timeout=3000)
    for pane in panes[1:]:  # (the first, "Ours", has no tokenizer)
        lines = pane.stats.lines(pane.stats.contentsRect().width())
        for figure in pane.stats.text().split(SEPARATOR):
            assert any(figure in line for line in lines), (figure, lines)
    view.close()
