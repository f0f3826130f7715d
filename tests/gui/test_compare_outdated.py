"""A pane whose tokens take long to come back after the text changed (a long text loaded) says so (pytest-qt,
offscreen, the real encoding thread): "encoding…" over a veiled canvas instead of the last text's figures and
tokens, until its own arrive; a pane that answers within ``OUTDATED_MS`` (a keystroke) never flickers."""

from __future__ import annotations

import threading

import pytest

from app.common.sources import PaneSource
from app.compare.compare_view import CompareView
from app.compare.token_pane import OUTDATED_MS
from bpe_core.encoding.tokenizer import Tokenizer


class HeldSource(PaneSource):
    """A pane source whose encoding waits until ``gate`` is open (a tokenizer busy with a long text)."""

    def __init__(self):
        super().__init__("held", "held o200k", Tokenizer.from_tiktoken("o200k_base"))
        self.gate = threading.Event()
        self.gate.set()

    def encode(self, text: str):
        assert self.gate.wait(30)
        return super().encode(text)


@pytest.fixture
def view(qtbot):
    v = CompareView(text="the first text")
    qtbot.addWidget(v)
    v.resize(1300, 700)
    v.show()
    source = HeldSource()
    v.show_source(source)
    qtbot.waitUntil(lambda: not v.busy(), timeout=15000)
    yield v, source
    source.gate.set()
    v.close()


def brightness(pane) -> float:
    """The mean lightness of what the pane's canvas shows."""
    image = pane.canvas.viewport().grab().toImage()
    step = 4
    values = [image.pixelColor(x, y).lightnessF() for x in range(0, image.width(), step) for y in range(0, 60, step)]
    return sum(values) / len(values)


def test_a_slow_pane_says_it_is_encoding_and_veils_the_last_texts_tokens(qtbot, view):
    v, source = view
    pane = v.panes["held"]
    qtbot.waitUntil(lambda: not pane.fewest.isHidden(), timeout=15000)  # o200k's tokens: the fewest, with its pane
    before, lightness = pane.stats.text(), brightness(pane)
    assert "tokens" in before and not pane.canvas.outdated
    source.gate.clear()
    v.set_text("a second, longer text " * 50)
    qtbot.waitUntil(lambda: pane.canvas.outdated, timeout=OUTDATED_MS + 5000)
    assert pane.stats.text() == "encoding…" and pane.stats.toolTip() == ""
    assert pane.fewest.isHidden()  # (the last text's mark)
    assert 1 - brightness(pane) < 0.6 * (1 - lightness)  # the old tokens are drawn behind a veil
    assert pane.result.view.text == "the first text"  # (still the last text's, not the new one's)
    source.gate.set()
    qtbot.waitUntil(lambda: not v.busy(), timeout=15000)
    count = len(source.tokenizer.encode(v.text()))
    assert not pane.canvas.outdated and pane.stats.text().startswith(f"{count:,} tokens")
    assert pane.result.view.text == v.text()
    qtbot.waitUntil(lambda: not pane.fewest.isHidden(), timeout=5000)  # marked again


def test_a_pane_that_answers_at_once_never_says_encoding(qtbot, view):
    v, _ = view
    pane = v.panes["held"]
    veiled = []
    set_outdated = pane.canvas.set_outdated
    pane.canvas.set_outdated = lambda outdated: (veiled.append(outdated), set_outdated(outdated))
    v.set_text("the first text, edited")
    qtbot.waitUntil(lambda: not v.busy(), timeout=15000)
    qtbot.wait(OUTDATED_MS * 2)
    assert True not in veiled and not pane.canvas.outdated and "tokens" in pane.stats.text()


def test_a_message_instead_of_tokens_is_not_veiled(qtbot, view):
    v, source = view
    pane = v.panes["held"]
    source.gate.clear()
    v.set_text("another text")
    qtbot.waitUntil(lambda: pane.canvas.outdated, timeout=OUTDATED_MS + 5000)
    pane.set_message("no tokenizer")
    assert not pane.canvas.outdated
    source.gate.set()
