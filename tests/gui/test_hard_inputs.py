"""The window under hard inputs (issue 14): huge files read only as far as shown, FIFOs never opened, settings
kept through dialogs, number columns wide enough, hostile regexes that never freeze the window."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFontMetrics

from app.common.sources import OWN_KEY, REFERENCE_PANES
from app.compare.compare_view import MAX_CHARS, CompareView
from app.main import apply_args, parse_args
from app.train.corpus_sources import FileCheck
from app.train.merges_model import COUNT, ID, RANK
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import save_json
from bpe_core.pretokenize import patterns

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need POSIX")


@pytest.fixture
def view(qtbot):
    v = CompareView(text="")
    qtbot.addWidget(v)
    v.resize(1200, 700)
    v.show()
    qtbot.waitUntil(lambda: not v.busy(), timeout=15000)
    yield v
    v.close()


@pytest.fixture
def errors(monkeypatch):
    """Every error dialog's (title, message), instead of showing it."""
    shown = []
    monkeypatch.setattr(
        "app.common.widgets.dialogs.show_error",
        lambda _parent, title, message, details="": shown.append((title, message)),
    )
    return shown


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    return path


def test_load_text_reads_only_what_is_shown_of_a_50_mb_file(view, tmp_path):
    for key in (OWN_KEY, *REFERENCE_PANES):  # measure the loading, not the encoding of a million characters
        view.set_pane_visible(key, False)
    line = "Ünïcödé text, 中文 and 🙂 in a long file.\n"  # multibyte characters: the cut falls inside one
    big = tmp_path / "big.txt"
    big.write_text(line * (50_000_000 // len(line.encode())), encoding="utf-8")
    assert view.load_text_file(big)
    text = view.text()
    assert len(text) == MAX_CHARS
    assert text == (line * (MAX_CHARS // len(line) + 1))[:MAX_CHARS]
    assert view.notice.isVisible()
    assert view.notice.text() == "Showing the first 1,000,000 characters of big.txt (50.0\xa0MB)."


def test_load_text_of_a_short_file_shows_it_whole_without_a_notice(view, tmp_path):
    small = tmp_path / "small.txt"
    small.write_text("short 中文 🙂", encoding="utf-8")
    assert view.load_text_file(small)
    assert view.text() == "short 中文 🙂" and not view.notice.isVisible()


@needs_fifo
def test_load_text_refuses_a_fifo_without_opening_it(view, fifo, errors):
    view.set_text("kept")
    assert not view.load_text_file(fifo)  # opening a FIFO for reading would block until a writer came
    assert view.text() == "kept"
    assert errors and "pipe.txt" in errors[0][1] and "named pipe (FIFO)" in errors[0][1]


@needs_fifo
def test_a_fifo_is_refused_as_corpus_tokenizer_and_compare_pane(window, fifo, errors):
    before = window.train_tab.corpus_panel.current_source()
    assert not window.train_tab.corpus_panel.add_files([fifo])
    assert window.train_tab.corpus_panel.current_source() is before
    assert not window.files.open_tokenizer(fifo)
    panes = list(window.compare_view.panes)
    assert window.compare_view.add_tokenizer_file(fifo) is None
    assert list(window.compare_view.panes) == panes
    assert len(errors) == 3 and all("named pipe (FIFO)" in message for _, message in errors)


def test_vocab_size_from_the_command_line_survives_the_replace_dialog(window, tmp_path, monkeypatch, train):
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("café crème brûlée, déjà vu. ".encode("latin-1") * 200)
    asked = []
    monkeypatch.setattr(
        "app.common.widgets.dialogs.ask_replace_invalid", lambda _parent, message: asked.append(message) or True
    )
    apply_args(window, parse_args([str(latin), "--vocab-size", "300"]))
    assert asked and window.train_tab.settings_panel.vocab_size.value() == 300
    result = train(window)
    assert result.record.settings["vocab_size"] == 300 and result.record.settings["errors"] == "replace"
    assert window.train_tab.settings_panel.vocab_size.value() == 300


def test_rank_id_and_count_columns_fit_their_widest_values(window):
    """The number columns grow with the values they show: a count in the billions is never cut."""
    from bpe_core.training.steps import MergeStep

    table = window.train_tab.table
    metrics = QFontMetrics(table.font())
    steps = [MergeStep(rank, 256 + rank, 97, 98, b"ab", 9_999_999_999 - rank, 10**9, ()) for rank in range(3)]
    window.train_tab.model.extend(steps)
    for column, widest in ((RANK, "9,999"), (ID, "9,999"), (COUNT, "9,999,999,999")):
        assert table.columnWidth(column) > metrics.horizontalAdvance(widest) + 8  # + the cell's margins


def test_cancel_before_any_merge_keeps_corpus_settings_and_previous_result(window, qtbot, train, wait_signal):
    window.train_tab.corpus_panel.select_sample("chinese.txt")
    window.train_tab.settings_panel.apply(vocab_size=400)
    previous = train(window)
    history, tokenizer = window.train_tab.history, window.train_tab.tokenizer
    source, settings = window.train_tab.corpus_panel.current_source(), window.train_tab.settings_panel.settings()
    qtbot.mouseClick(window.train_tab.train_button, Qt.MouseButton.LeftButton)
    (result,) = wait_signal(
        window.train_tab.run.finished,
        10000,
        trigger=lambda: qtbot.mouseClick(window.train_tab.cancel_button, Qt.MouseButton.LeftButton),
    )
    assert result.cancelled and not result.merges
    assert (
        window.train_tab.history is history
        and window.train_tab.tokenizer is tokenizer
        and window.train_tab.result is previous
    )
    assert window.train_tab.model.rowCount() == len(previous.merges)
    assert (
        window.train_tab.corpus_panel.current_source() is source
        and window.train_tab.settings_panel.settings() == settings
    )
    assert (
        window.train_tab.progress_text.text().startswith("Cancelled")
        and "previous result is kept" in window.train_tab.progress_text.text()
    )
    assert window.train_tab.train_button.isEnabled() and window.files.save_action.isEnabled()


needs_budget = pytest.mark.skipif(
    not hasattr(patterns, "PatternTimeoutError"), reason="the engine's time budget for regexes has not landed yet"
)
HOSTILE = "(a|aa)+$"  # exponential backtracking on a run of a's that does not end the text


def type_custom_regex(window, qtbot, regex_text):
    panel = window.train_tab.settings_panel
    panel.pattern.setCurrentIndex(panel.pattern.findData("custom"))
    panel.custom_regex.clear()
    qtbot.keyClicks(panel.custom_regex, regex_text)
    return panel


@needs_budget
def test_a_hostile_regex_typed_in_the_field_is_reported_too_slow_and_the_window_keeps_turning(window, qtbot, tmp_path):
    corpus = tmp_path / "aaa.txt"
    corpus.write_text(("a" * 60 + "b\n") * 100, encoding="utf-8")
    assert window.train_tab.corpus_panel.add_files([corpus])
    ticks = []
    timer = QTimer()
    timer.setInterval(20)
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start()
    panel = type_custom_regex(window, qtbot, HOSTILE)
    qtbot.waitUntil(lambda: panel.verdict is not None, timeout=15000)
    timer.stop()
    assert not panel.verdict.usable and "Too slow" in panel.verdict.message and "aaa.txt" in panel.verdict.message
    assert len(ticks) >= 10  # the check took its 0.5 s budget in a thread: the GUI thread's timer kept firing
    assert not window.train_tab.train_button.isEnabled() and "Too slow" in window.train_tab.train_reason.text()
    panel.custom_regex.setText(r"a+|b|\n")  # fixed: the check passes and Train comes back
    qtbot.waitUntil(lambda: panel.pattern_check.text().startswith("OK: "), timeout=15000)
    assert window.train_tab.train_button.isEnabled() and not window.train_tab.train_reason.isVisible()


@needs_budget
def test_the_regex_check_says_what_it_leaves_unmatched_or_that_it_matches_nothing(window, qtbot, tmp_path):
    corpus = tmp_path / "words.txt"
    corpus.write_text("hello, world and more words", encoding="utf-8")
    assert window.train_tab.corpus_panel.add_files([corpus])
    panel = type_custom_regex(window, qtbot, r"\p{L}+")
    qtbot.waitUntil(lambda: panel.verdict is not None and panel.verdict.pattern == r"\p{L}+", timeout=15000)
    assert panel.pattern_check.text().startswith("Leaves 5 characters unmatched")
    assert "', ' at 5" in panel.pattern_check.text() and window.train_tab.train_button.isEnabled()
    panel.custom_regex.setText(r"\d+")
    qtbot.waitUntil(lambda: panel.verdict is not None and panel.verdict.pattern == r"\d+", timeout=15000)
    assert panel.pattern_check.text().startswith("Matches nothing in the first 64 KB of words.txt")


@pytest.mark.slow  # each keystroke waits for the regex budget
@needs_budget
def test_a_compare_pane_with_a_hostile_pattern_shows_the_error_and_typing_goes_on(
    view, qtbot, tmp_path, short_regex_budget
):
    tokenizer = Tokenizer({i: bytes([i]) for i in range(256)}, [], [], pattern=HOSTILE)
    path = tmp_path / "hostile.json"
    save_json(tokenizer, path)
    view.set_text("a" * 40 + "b")
    pane = view.add_tokenizer_file(path)
    assert pane is not None
    qtbot.waitUntil(lambda: pane.result is not None and not view.busy(), timeout=30000)
    assert pane.result.view is None and HOSTILE in pane.result.error
    view.editor.setFocus()
    qtbot.keyClicks(view.editor, "aaa")  # each keystroke a new request: superseded ones are skipped
    qtbot.waitUntil(lambda: not view.busy() and pane.result.source is view.sources[pane.key], timeout=30000)
    assert pane.result.view is None and HOSTILE in pane.result.error
    gpt2 = view.panes["gpt2"]
    assert gpt2.result.view is not None and gpt2.result.view.text == view.text()


def test_a_utf16_corpus_is_offered_to_be_read_as_utf16_and_trains(window, tmp_path, monkeypatch, train):
    text = "Grüße aus Köln, 中文分词 and plain words. " * 100
    path = tmp_path / "utf16.txt"
    path.write_text(text, encoding="utf-16")  # with a byte-order mark
    asked = []
    monkeypatch.setattr(
        "app.common.widgets.dialogs.ask_read_as", lambda _parent, message, enc: asked.append((message, enc)) or True
    )
    assert window.train_tab.corpus_panel.add_files([path])
    assert asked and asked[0][1] == "utf-16" and "utf16.txt" in asked[0][0]
    assert window.train_tab.corpus_panel.current_source().encoding == "utf-16"
    window.train_tab.settings_panel.apply(vocab_size=320)
    result = train(window)
    assert result.record.settings["encoding"] == "utf-16"
    steps = result.record.steps
    assert steps and not any(b"\x00" in s.token for s in steps)  # read as text, not as UTF-16's raw bytes


def test_the_trainer_finding_a_byte_order_mark_asks_and_trains_again(window, tmp_path, monkeypatch, qtbot):
    path = tmp_path / "late.txt"
    path.write_text("words and more words. " * 200, encoding="utf-16")
    monkeypatch.setattr("app.train.corpus_panel.check_file", lambda p: FileCheck(p))  # let the trainer find it
    asked = []
    monkeypatch.setattr(
        "app.common.widgets.dialogs.ask_read_as", lambda _parent, message, enc: asked.append(enc) or True
    )
    assert window.train_tab.corpus_panel.add_files([path])
    window.train_tab.settings_panel.apply(vocab_size=300)
    qtbot.mouseClick(window.train_tab.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.train_tab.result is not None, timeout=30000)
    assert asked == ["utf-16"] and window.train_tab.result.record.settings["encoding"] == "utf-16"
    assert window.train_tab.settings_panel.vocab_size.value() == 300
