"""The bad-input matrix of the window (issue 14): every input a user can get wrong, through the real widgets --
opening a corpus, opening a tokenizer, adding a Compare pane, the regex, special-token and vocabulary fields, text
typed into the Compare editor, saving, cancelling and closing mid-run.

Each case checks the message the user sees (it names the file or the path, and the cause), that nothing the user
already had is lost (the selected corpus, the trained result, the open tokenizer, the panes) and that the window
goes on working. A case that would hang fails the run instead of stalling it (``no_hang``: a bounded wait of
``BOUND`` seconds, not a timing assertion). The files are built by ``tests/test_bad_inputs.py``'s builders; the
table of every case (engine, ``bpe``, window) and the test that checks it is in ``tests/README.md``. Cases
already checked case-for-case elsewhere (a FIFO, a UTF-16 corpus accepted, a runaway regex, cancelling while
counting, closing while counting) are only pointed to from there.
"""

from __future__ import annotations

import faulthandler
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from test_bad_inputs import (
    CORPUS_CASES,
    COUNTS_CASES,
    TEXT,
    TOKENIZER_CASES,
    CorpusCase,
    _device,
    _fifo,
    folder_bytes,
    growing_normalizer_file,
    is_root,
    panicking_regex_file,
)

from app.common.sources import REFERENCE_PANES
from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import load_json, save_json

#: Seconds after which a stuck test counts as a hang: every thread's stack is dumped and the run ends.
BOUND = 120
BOM = "\ufeff".encode()


@pytest.fixture(autouse=True)
def no_hang():
    """A bounded wait around each test: a call that never returns (a FIFO opened, a regex backtracking for
    ever) ends the run with every stack printed, instead of stalling it."""
    faulthandler.dump_traceback_later(BOUND, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@dataclass
class Dialogs:
    """What the window asked and showed, instead of modal boxes; ``accept`` answers both questions."""

    errors: list[tuple[str, str]]
    asked: list[tuple[str, str]]  # (which question, its message)
    accept: bool = False


@pytest.fixture
def dialogs(monkeypatch) -> Dialogs:
    seen = Dialogs([], [])

    def ask(kind):
        return lambda _parent, message, *_encoding: seen.asked.append((kind, message)) or seen.accept

    monkeypatch.setattr(
        "app.common.widgets.dialogs.show_error",
        lambda _parent, title, message, details="": seen.errors.append((title, message)),
    )
    monkeypatch.setattr("app.common.widgets.dialogs.ask_replace_invalid", ask("replace"))
    monkeypatch.setattr("app.common.widgets.dialogs.ask_read_as", ask("read as"))
    return seen


@pytest.fixture
def good(window, tmp_path):
    """A small valid corpus, opened and selected, with settings that train it in a moment."""
    path = tmp_path / "good" / "good.txt"
    path.parent.mkdir()
    path.write_text(TEXT, encoding="utf-8")
    assert window.train_tab.corpus_panel.add_files([path])
    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=["<|e|>"], processes=1)
    return path


def wait_for_error(qtbot, dialogs: Dialogs, count: int = 1) -> str:
    qtbot.waitUntil(lambda: len(dialogs.errors) >= count, timeout=30000)
    return dialogs.errors[count - 1][1]


# ----- opening a corpus ------------------------------------------------------------------------------------------

BUILDERS = {case.name: case.make for case in CORPUS_CASES if isinstance(case, CorpusCase)}  # a FIFO: see README


@dataclass(frozen=True)
class WindowCorpusCase:
    name: str  # the case in tests/test_bad_inputs.py whose file is opened
    gets: str  # "error", "asks to replace", "asks to read as", "fails when training" or "trains"
    message: tuple[str, ...] = ()  # what the message says, besides the file's name


CORPUS_WINDOW_CASES = [
    WindowCorpusCase("binary", "asks to replace", ("looks like a binary file", "NUL bytes")),
    WindowCorpusCase("latin-1", "asks to replace", ("not valid UTF-8", "offset 3", "0xE9")),
    WindowCorpusCase("surrogate bytes", "asks to replace", ("not valid UTF-8", "offset 2", "0xED")),
    WindowCorpusCase("NUL bytes", "asks to replace", ("looks like a binary file",)),
    WindowCorpusCase("utf-16 with BOM", "asks to read as", ("UTF-16", "byte-order mark")),
    WindowCorpusCase("empty", "error", ("is empty",)),
    WindowCorpusCase("a directory", "error", ("is a folder", "not opened")),
    WindowCorpusCase("a missing path", "error", ("No such file",)),
    WindowCorpusCase("only special tokens", "fails when training", ("no text outside special tokens",)),
    WindowCorpusCase("utf-8 with BOM", "trains"),
    WindowCorpusCase("CRLF", "trains"),
]
REFUSED = [case for case in CORPUS_WINDOW_CASES if case.gets in ("error", "asks to replace", "asks to read as")]


@pytest.mark.parametrize("case", CORPUS_WINDOW_CASES, ids=lambda case: case.name)
def test_opening_a_bad_corpus_file(case, window, good, dialogs, tmp_path, qtbot, train):
    before = window.train_tab.corpus_panel.current_source()
    previous = train(window) if case.gets == "fails when training" else None
    path = BUILDERS[case.name](tmp_path)
    added = window.train_tab.corpus_panel.add_files([path])
    if case.gets == "trains":
        assert added and not dialogs.errors and not dialogs.asked
        result = train(window)
        assert result.merges and not result.cancelled
        assert not any(BOM in token for token in result.vocab.values())  # the mark is read, never trained on
        assert window.train_tab.tokenizer.decode(window.train_tab.tokenizer.encode(TEXT)) == TEXT
        return
    if case.gets == "fails when training":  # the check reads only the start: the trainer finds it
        assert added and window.train_tab.corpus_panel.current_source().paths == [path]
        qtbot.mouseClick(window.train_tab.train_button, Qt.MouseButton.LeftButton)
        message = wait_for_error(qtbot, dialogs)
        assert path.name in message and all(part in message for part in case.message), message
        qtbot.waitUntil(lambda: not window.train_tab.training, timeout=30000)
        assert window.train_tab.result is previous and window.files.save_action.isEnabled()
        assert window.train_tab.progress_text.text() == "Training failed; the previous result is kept."
        return
    assert not added
    if case.gets == "error":
        ((_title, message),) = dialogs.errors
        assert not dialogs.asked
    else:
        ((question, message),) = dialogs.asked  # declined: the file is skipped
        assert question == case.gets.removeprefix("asks to ")
        assert not dialogs.errors
    assert path.name in message and all(part in message for part in case.message), message
    assert window.train_tab.corpus_panel.current_source() is before and window.train_tab.train_button.isEnabled()


def test_after_every_refused_file_the_selected_corpus_still_trains(window, good, dialogs, tmp_path, train):
    for case in REFUSED:
        folder = tmp_path / case.name.replace(" ", "_")
        folder.mkdir()
        assert not window.train_tab.corpus_panel.add_files([BUILDERS[case.name](folder)])
    assert len(dialogs.errors) + len(dialogs.asked) == len(REFUSED)
    result = train(window)
    assert result.record.corpus_bytes == good.stat().st_size and result.merges


@pytest.mark.parametrize("name", ["binary", "latin-1", "surrogate bytes", "NUL bytes"])
def test_accepting_to_replace_invalid_bytes_trains(name, window, good, dialogs, tmp_path, train):
    dialogs.accept = True
    path = BUILDERS[name](tmp_path)
    assert window.train_tab.corpus_panel.add_files([path])
    source = window.train_tab.corpus_panel.current_source()
    assert source.paths == [path] and source.errors == "replace"
    result = train(window)
    assert result.merges and result.record.settings["errors"] == "replace"
    replaced = any("\ufffd".encode() in token for token in result.vocab.values())
    assert replaced == (name != "NUL bytes")  # NUL bytes are valid UTF-8: nothing of that file is replaced


# ----- opening a tokenizer and adding a Compare pane -------------------------------------------------------------


@pytest.fixture
def good_tokenizer(tmp_path) -> Path:
    path = tmp_path / "good" / "good.json"
    path.parent.mkdir(exist_ok=True)
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab", 257: b"abc"}
    save_json(Tokenizer(vocab, [(b"a", b"b"), (b"ab", b"c")], ["<|e|>"]), path)
    return path


WINDOW_TOKENIZER_CASES = [case for case in TOKENIZER_CASES if case.id != "a FIFO"]  # a FIFO: see README


@pytest.mark.parametrize(("make", "message"), WINDOW_TOKENIZER_CASES)
def test_opening_a_bad_tokenizer_file_keeps_the_open_one(make, message, window, good_tokenizer, dialogs, tmp_path):
    assert window.files.open_tokenizer(good_tokenizer)
    tokenizer, history, title = window.train_tab.tokenizer, window.train_tab.history, window.windowTitle()
    path = make(tmp_path, json.loads(good_tokenizer.read_text(encoding="utf-8")))
    assert not window.files.open_tokenizer(path)
    ((title_shown, shown),) = dialogs.errors
    assert title_shown == "Cannot open tokenizer" and path.name in shown
    # a .tiktoken file opened without saying how it pre-tokenizes is refused for that, before its lines are read
    assert (message if path.suffix != ".tiktoken" else "pattern") in shown, shown
    assert (
        window.train_tab.tokenizer is tokenizer
        and window.train_tab.history is history
        and window.windowTitle() == title
    )
    assert window.files.save_action.isEnabled() and window.files.recent.paths() == [str(good_tokenizer)]


@pytest.mark.parametrize(("make", "message"), WINDOW_TOKENIZER_CASES)
def test_adding_a_bad_tokenizer_as_a_compare_pane_keeps_the_panes(
    make, message, window, good_tokenizer, dialogs, tmp_path, qtbot
):
    view = window.compare_view
    good_pane = view.add_tokenizer_file(good_tokenizer)
    assert good_pane is not None
    panes = dict(view.panes)
    path = make(tmp_path, json.loads(good_tokenizer.read_text(encoding="utf-8")))
    assert view.add_tokenizer_file(path) is None
    ((title_shown, shown),) = dialogs.errors
    assert title_shown == "Cannot add tokenizer" and path.name in shown and message in shown, shown
    assert dict(view.panes) == panes and view.panes[good_pane.key] is good_pane
    qtbot.waitUntil(lambda: not view.busy(), timeout=30000)
    assert good_pane.result is not None and good_pane.result.view.text == view.text()


# ----- the settings fields ---------------------------------------------------------------------------------------


def type_custom_regex(window, qtbot, regex_text: str):
    panel = window.train_tab.settings_panel
    panel.pattern.setCurrentIndex(panel.pattern.findData("custom"))
    panel.custom_regex.clear()
    qtbot.keyClicks(panel.custom_regex, regex_text)
    return panel


def test_the_regex_field_invalid_then_matching_nothing_then_fixed(window, good, dialogs, qtbot, train):
    previous = train(window)
    panel = type_custom_regex(window, qtbot, "[a-")
    assert not window.train_tab.train_button.isEnabled()
    assert "Invalid pre-tokenization regex '[a-'" in window.train_tab.train_reason.text()

    panel.custom_regex.setText(r"\d+")  # valid, but the corpus has no digits: a warning, then the trainer says so
    qtbot.waitUntil(lambda: panel.verdict is not None and panel.verdict.pattern == r"\d+", timeout=30000)
    assert panel.pattern_check.text().startswith("Matches nothing in the first 64 KB of good.txt")
    qtbot.mouseClick(window.train_tab.train_button, Qt.MouseButton.LeftButton)
    message = wait_for_error(qtbot, dialogs)
    assert r"The pre-tokenization regex '\d+' matched nothing in good.txt" in message
    qtbot.waitUntil(lambda: not window.train_tab.training, timeout=30000)
    assert window.train_tab.result is previous and window.files.save_action.isEnabled()

    panel.custom_regex.setText(r"\p{L}+|\s+|[^\s\p{L}]+")  # fixed: Train is back and trains
    qtbot.waitUntil(lambda: panel.pattern_check.text().startswith("OK"), timeout=30000)
    assert window.train_tab.train_button.isEnabled() and not window.train_tab.train_reason.isVisible()
    result = train(window)
    assert result.merges and result.pattern == r"\p{L}+|\s+|[^\s\p{L}]+"


def test_a_regex_longer_than_qts_default_field_is_kept_whole(window, qtbot):
    panel = window.train_tab.settings_panel
    panel.pattern.setCurrentIndex(panel.pattern.findData("custom"))
    regex = "|".join(f"w{i:05d}" for i in range(7000)) + r"|\p{L}+|\s+"  # 48,000 characters, past 32,767
    panel.custom_regex.setText(regex)  # as a paste
    assert panel.custom_regex.text() == regex
    panel.specials.setText("<|a|> " * 7000)
    assert len(panel.specials.text()) == 6 * 7000


def test_the_special_token_field_empty_overlapping_and_the_vocabulary_minimum(window, good, train):
    panel = window.train_tab.settings_panel
    panel.specials.setText("   ")  # an empty special token cannot be typed: blanks are no token at all
    assert panel.settings().special_tokens == () and window.train_tab.train_button.isEnabled()

    panel.specials.setText("<|e|> <|e|>")
    assert not window.train_tab.train_button.isEnabled()
    assert "Special tokens given twice: <|e|>." in window.train_tab.train_reason.text()
    panel.specials.setText("<|e <|e|>")  # overlapping: both are kept, the longest wins where both match
    panel.vocab_size.setValue(257)
    assert not window.train_tab.train_button.isEnabled()
    assert "minimum is 258 (256 bytes + 2 special tokens)" in window.train_tab.train_reason.text()
    panel.vocab_size.setValue(300)
    assert window.train_tab.train_button.isEnabled()
    train(window)
    specials = window.train_tab.tokenizer.special_tokens
    assert window.train_tab.tokenizer.encode("<|e|>") == [specials["<|e|>"]]
    assert window.train_tab.tokenizer.encode("<|e") == [specials["<|e"]]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_vocabulary_size_typed_below_the_minimum_or_erased_stops_train_and_says_why(language, window, qtbot, request):
    """Typed into the field, 0 is refused as 100 is, with the reason (it was left unset: the field showed 0, the
    size stayed 1,257 and Train trained with it); an emptied field asks for a size; a good size enables Train."""
    if language == "zh_CN":
        request.getfixturevalue("chinese")
    tab = window.train_tab
    field = tab.settings_panel.vocab_size
    reasons = {
        "en": ("Vocabulary size {size} is too small: the minimum is 257", "Type a vocabulary size."),
        "zh_CN": ("词表大小 {size} 太小：最小为 257", "请输入词表大小。"),
    }[language]

    def type_size(text):
        field.lineEdit().selectAll()
        qtbot.keyClick(field.lineEdit(), Qt.Key.Key_Backspace)
        qtbot.keyClicks(field.lineEdit(), text)

    for typed in ("0", "100"):
        type_size(typed)
        assert field.value() == int(typed)
        assert not tab.train_button.isEnabled()
        assert reasons[0].format(size=typed) in tab.train_reason.text() and tab.train_reason.isVisible()
    type_size("")
    assert not tab.train_button.isEnabled() and reasons[1] in tab.train_reason.text()
    type_size("300")
    assert field.value() == 300 and tab.train_button.isEnabled() and not tab.train_reason.isVisible()


def test_a_vocabulary_larger_than_the_corpus_allows_trains_and_says_why_it_stopped(window, good, train):
    window.train_tab.settings_panel.apply(vocab_size=100_000)
    result = train(window)
    assert not result.cancelled and len(result.vocab) < 100_000
    assert "no pair left to merge" in result.stop_reason
    assert "No pair left to merge" in window.train_tab.progress_text.text()
    assert window.files.save_action.isEnabled()


@pytest.mark.slow  # trains on 2 MB until a budget stops it
def test_a_long_run_of_one_character_stops_says_why_and_saves_a_file_that_opens(window, dialogs, tmp_path, train):
    path = tmp_path / "run.txt"
    path.write_text("a" * 2_000_000)
    assert window.train_tab.corpus_panel.add_files([path])
    window.train_tab.settings_panel.apply(vocab_size=1000, special_tokens=[], processes=1)
    result = train(window)
    assert not result.cancelled and len(result.merges) == 19
    assert "Stopped after 19 merges: the next token (1,048,576 bytes)" in window.train_tab.progress_text.text()
    assert window.files.save_tokenizer(tmp_path / "run.json") and not dialogs.errors
    assert load_json(tmp_path / "run.json").encode("a" * 64) == [256 + 5]


# ----- text in the Compare editor --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["lone \ud800 surrogate \udfff", "NUL \x00 bytes\x00", "CRLF\r\n\r\nlines\r\n"],
    ids=["lone surrogates", "NUL bytes", "CRLF"],
)
def test_hard_text_in_the_compare_editor_encodes_exactly_as_tiktoken(text, window, qtbot):
    view = window.compare_view
    view.editor.clear()
    view.editor.setFocus()
    view.editor.insertPlainText(text)  # as a paste does
    shown = view.text()
    assert shown.replace("\n", "") == text.replace("\ud800", "").replace("\udfff", "").replace("\r\n", "")
    panes = [view.panes[name] for name in REFERENCE_PANES]
    qtbot.waitUntil(
        lambda: (
            not view.busy()
            and all(p.result is not None and p.result.view is not None and p.result.view.text == shown for p in panes)
        ),
        timeout=30000,
    )
    for name, pane in zip(REFERENCE_PANES, panes):
        assert [token.id for token in pane.result.view.tokens] == get_encoding(name).encode(shown)


# ----- saving to a place that cannot be written ------------------------------------------------------------------


def _missing_folder(folder: Path) -> Path:
    return folder / "no" / "such" / "folder" / "tok.json"


def _a_folder(folder: Path) -> Path:
    (folder / "taken.json").mkdir()
    return folder / "taken.json"


def _under_a_file(folder: Path) -> Path:
    (folder / "plain.txt").write_text("a file, not a folder")
    return folder / "plain.txt" / "tok.json"


@pytest.mark.parametrize(
    "target",
    [
        _missing_folder,
        _a_folder,
        _under_a_file,
        pytest.param(_device, marks=pytest.mark.skipif(not is_root, reason="mknod needs root")),
        _fifo,
    ],
    ids=["a missing folder", "a path that is a folder", "a path under a file", "a device", "a FIFO"],
)
def test_saving_where_nothing_can_be_written_names_the_path_and_keeps_the_result(
    target, window, good, dialogs, tmp_path, monkeypatch, train
):
    result = train(window)
    tokenizer = window.train_tab.tokenizer
    path = target(tmp_path)
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName",
        lambda *_args, **_kwargs: (str(path), "BPE Explorer tokenizer (*.json)"),
    )
    window.files.save_action.trigger()
    ((title, message),) = dialogs.errors
    assert title == "Cannot save tokenizer" and str(path) in message, message
    assert (
        window.train_tab.result is result
        and window.train_tab.tokenizer is tokenizer
        and window.files.save_action.isEnabled()
    )
    assert not path.is_file() and window.files.recent.paths() == []
    assert window.files.save_tokenizer(tmp_path / "saved.json")  # the result can still be saved somewhere else


def test_saving_through_a_symlink_writes_its_target(window, good, tmp_path, train):
    train(window)
    real = tmp_path / "real.json"
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert window.files.save_tokenizer(link)
    assert link.is_symlink() and load_json(real).merges == window.train_tab.tokenizer.merges


def test_a_corpus_named_with_bytes_that_are_not_utf8_trains_and_saves(window, dialogs, tmp_path, train):
    path = Path(os.fsdecode(os.path.join(os.fsencode(tmp_path), b"corpus-\xff.txt")))
    path.write_text(TEXT, encoding="utf-8")
    assert window.train_tab.corpus_panel.add_files([path])
    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=[], processes=1)
    train(window)
    assert window.files.save_tokenizer(tmp_path / "saved.json") and not dialogs.errors
    (name,) = load_json(tmp_path / "saved.json").record.corpus_names
    assert os.fsencode(name).endswith(b"corpus-\xff.txt")


# ----- published tokenizers whose library runs away ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (panicking_regex_file, "the regex '(a+)+$' of the file's pre-tokenizer (a Split) backtracks"),
        pytest.param(growing_normalizer_file, "GB of memory", marks=pytest.mark.slow),  # the library takes 1.1 GB
    ],
    ids=["a panicking regex", "a normalizer that grows the text"],
)
def test_a_compare_pane_whose_library_fails_says_why_and_the_window_goes_on(make, message, window, tmp_path, qtbot):
    view = window.compare_view
    text = "a" * 50_000 + "b" if make is growing_normalizer_file else "a" * 30 + "b"
    view.editor.setPlainText(text)
    pane = view.add_tokenizer_file(make(tmp_path))
    assert pane is not None
    qtbot.waitUntil(lambda: pane.result is not None and not view.busy(), timeout=60000)
    shown = pane.message()
    assert shown.startswith("Cannot encode:") and "the tokenizer's library" in shown and message in shown, shown
    assert view.panes["gpt2"].ids() == get_encoding("gpt2").encode(text)  # the other panes are drawn
    view.editor.setPlainText("bb")
    qtbot.waitUntil(lambda: pane.result is not None and pane.result.view is not None and not view.busy(), timeout=60000)
    assert pane.ids() == [1, 1]  # a new host serves the pane again


def test_closing_the_window_ends_the_library_host(window, tmp_path, qtbot):
    from bpe_core.foreign import library_host

    pane = window.compare_view.add_tokenizer_file(panicking_regex_file(tmp_path))
    qtbot.waitUntil(lambda: pane.result is not None and not window.compare_view.busy(), timeout=60000)
    assert library_host.host_running()
    window.close()
    assert not library_host.host_running()


# ----- cancelling and closing mid-run ----------------------------------------------------------------------------


def start_long_run(window, qtbot, wait_signal, corpus):
    assert window.train_tab.corpus_panel.add_files([corpus])
    window.train_tab.settings_panel.apply(vocab_size=20000, special_tokens=[], processes=1)
    qtbot.mouseClick(window.train_tab.train_button, Qt.MouseButton.LeftButton)
    run = window.train_tab.run
    wait_signal(run.steps_ready, 60000)  # merging has begun
    return run


def test_cancel_while_merging_keeps_the_merges_as_a_tokenizer_that_saves(
    window, qtbot, wait_signal, tmp_path, random_words_corpus
):
    run = start_long_run(window, qtbot, wait_signal, random_words_corpus)
    (result,) = wait_signal(
        run.finished, 30000, trigger=lambda: qtbot.mouseClick(window.train_tab.cancel_button, Qt.MouseButton.LeftButton)
    )
    assert result.cancelled and result.merges
    assert window.train_tab.result is result and window.train_tab.tokenizer.merges == result.merges
    assert window.files.save_action.isEnabled() and window.train_tab.train_button.isEnabled()
    assert window.files.save_tokenizer(tmp_path / "partial.json")
    assert load_json(tmp_path / "partial.json").merges == result.merges


def test_close_while_merging_stops_the_run(window, qtbot, wait_signal, random_words_corpus):
    run = start_long_run(window, qtbot, wait_signal, random_words_corpus)
    window.close()  # waits for the run; the no_thread_left fixture checks no thread or process is left
    qtbot.waitUntil(lambda: not window.isVisible() and not run.is_running(), timeout=30000)
    assert not window.train_tab.training and window.train_tab.run is None


def test_the_matrix_leaves_out_only_cases_checked_elsewhere():
    """Every corpus and tokenizer case of the engine's matrix is here, except those pointed to in the README."""
    assert set(BUILDERS) - {case.name for case in CORPUS_WINDOW_CASES} == set()
    assert [case.id for case in TOKENIZER_CASES if case not in WINDOW_TOKENIZER_CASES] == ["a FIFO"]


# ----- saving or exporting over the selected corpus (bpe_core.output_paths.protect) --------------------------------


@pytest.mark.parametrize("kind", ["file", "symlink", "hard link"])
def test_saving_over_the_selected_corpus_is_refused_and_the_corpus_kept(
    kind, window, good, dialogs, tmp_path, monkeypatch, train
):
    """Save tokenizer and Save counts aimed at the corpus the Train tab reads (by its name, a symbolic link or a
    hard link): refused with the path named; the corpus and the result stay as they were. Every other export of
    the window (charts, Compare, Teach, Vocabulary) writes through the same engine function."""
    from bpe_core.formats import write_bytes_atomically

    result = train(window)
    before = good.read_bytes()
    path = good
    if kind != "file":
        path = tmp_path / f"{kind}.json"
        path.symlink_to(good) if kind == "symlink" else os.link(good, path)
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName",
        lambda *_args, **_kwargs: (str(path), "BPE Explorer tokenizer (*.json)"),
    )
    window.files.save_action.trigger()
    assert not window.train_tab.corpus_panel.save_counts(path)
    with pytest.raises(OSError, match="the corpus being read"):
        write_bytes_atomically(path, b"a chart")
    assert len(dialogs.errors) == 2
    for title, message in dialogs.errors:
        assert title in ("Cannot save tokenizer", "Cannot save counts")
        assert str(path) in message and "the corpus selected in the Train tab" in message, message
    assert good.read_bytes() == before and (not path.is_symlink() or path.resolve() == good)
    assert window.train_tab.result is result and window.files.save_action.isEnabled()
    assert window.files.save_tokenizer(tmp_path / "saved.json")  # elsewhere it saves


def test_exporting_into_the_folder_of_the_selected_corpus_over_it_is_refused(window, dialogs, tmp_path, train):
    """A corpus file named tokenizer.json, and Export as Hugging Face into its folder: refused, the corpus kept;
    once another corpus is selected the same export writes."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    corpus = folder / "tokenizer.json"
    corpus.write_bytes(TEXT.encode())
    assert window.train_tab.corpus_panel.add_files([corpus])
    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=[], processes=1)
    train(window)
    assert window.files.export_tokenizer(folder, "huggingface") == []
    ((title, message),) = dialogs.errors
    assert title == "Cannot export" and "the corpus selected in the Train tab" in message, message
    assert corpus.read_bytes() == TEXT.encode()
    window.train_tab.corpus_panel.select_sample("english-prose")
    assert window.files.export_tokenizer(folder, "huggingface") == [corpus]


def test_a_chart_csv_neutralises_a_series_named_like_a_formula(qtbot):
    """A chart's CSV: a series named ``=HYPERLINK(...)`` or ``@bars`` begins with ``'``; a negative value stays a
    number."""
    import pyqtgraph as pg

    from app.common.charts.export import plotted_csv

    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    widget.plot([1, 2], [-3, 2.5], name='=HYPERLINK("http://x","y")')
    widget.addItem(pg.BarGraphItem(x=[0], height=[-1], width=0.5, name="@bars"))
    assert plotted_csv(widget.getPlotItem()).splitlines() == [
        "series,x,y,label",
        '"\'=HYPERLINK(""http://x"",""y"")",1,-3,',
        '"\'=HYPERLINK(""http://x"",""y"")",2,2.5,',
        "'@bars,0,-1,",
    ]


# ----- a training record that unpacks into gigabytes (hostile-inputs review, case 5) -------------------------------


@pytest.fixture(scope="module")
def record_bomb_file(tmp_path_factory) -> Path:
    """Our file (1.3 MB) whose record's step 3 declares 60 M runners-up: 960 MB of columns once inflated."""
    from tests.hostile_files import record_bomb

    return record_bomb(tmp_path_factory.mktemp("bomb") / "bomb.json")


BOMB_SAID = "the step of merge 4 declares 60,000,000 runners-up; a step keeps at most 20"


@pytest.mark.parametrize("door", ["--open", "Open"])
def test_opening_a_record_bomb_shows_the_tokenizer_without_its_record_and_says_why(
    door, record_bomb_file, window, good_tokenizer, dialogs, qtbot
):
    from app.main import apply_args, parse_args

    before = record_bomb_file.read_bytes()
    if door == "--open":
        apply_args(window, parse_args(["--open", str(record_bomb_file)]))
    else:
        assert window.files.open_tokenizer(record_bomb_file)
    ((title, shown),) = dialogs.errors
    assert title == "Training record not shown" and "“bomb.json” opened without its training record" in shown
    assert BOMB_SAID in shown and str(record_bomb_file) in shown
    tab = window.train_tab
    assert tab.tokenizer.record is None and len(tab.history) == 0 and window.windowTitle().endswith("bomb.json")
    assert tab.tokenizer.encode(TEXT) == load_json(record_bomb_file).encode(TEXT)
    assert window.files.save_action.isEnabled() and record_bomb_file.read_bytes() == before
    qtbot.waitUntil(lambda: not window.compare_view.busy(), timeout=30000)  # the window keeps working


def test_a_record_bomb_as_a_compare_pane_encodes_without_unpacking_its_record(record_bomb_file, window, qtbot):
    view = window.compare_view
    pane = view.add_tokenizer_file(record_bomb_file)
    assert pane is not None
    qtbot.waitUntil(lambda: not view.busy(), timeout=30000)
    assert pane.result is not None and not pane.result.error and pane.result.view.text == view.text()
    assert pane.result.source.tokenizer.record._pending is not None  # never unpacked


def test_an_error_while_opening_stops_every_thread_before_it_goes_on(window, monkeypatch):
    """What ``bpe-explorer --open`` did with a MemoryError: Python exited with the encoding thread running and Qt
    aborted the process. Now the threads are stopped and waited for first (the no_thread_left fixture checks)."""
    from app.main import open_window, parse_args

    def out_of_memory(*_args):
        raise MemoryError

    monkeypatch.setattr(window.files, "open_tokenizer", out_of_memory)
    assert window.compare_view.pane_set.service.is_running()
    with pytest.raises(MemoryError):
        open_window(window, parse_args(["--open", "huge.json"]))
    assert not window.compare_view.pane_set.service.is_running()


def test_bpe_explorer_ending_on_an_error_at_start_up_is_not_aborted_by_a_running_thread(tmp_path):
    """The real program: an error while it opens its arguments ends it with that error (exit 1), not with Qt's
    abort (SIGABRT, exit -6 here) for the encoding thread left running."""
    script = (
        "import sys, app.file_menu\n"
        "def out_of_memory(*_args):\n"
        "    raise MemoryError\n"
        "app.file_menu.FileMenu.open_tokenizer = out_of_memory\n"
        "from app.main import main\n"
        "sys.exit(main(['--open', 'huge.json', '--lang', 'en']))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path))
    ended = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert ended.returncode == 1 and ended.stderr.rstrip().endswith("MemoryError"), ended.stderr[-500:]
    assert "QThread: Destroyed" not in ended.stderr


def test_why_this_merge_of_a_record_bomb_says_its_record_cannot_be_shown(record_bomb_file, qtbot):
    from app.vocabulary import VocabularyTab

    tab = VocabularyTab(compare_text=lambda: TEXT)
    qtbot.addWidget(tab)
    tab.show()
    tab.pages.setCurrentWidget(tab.why)
    tab.why.set_tokenizer(load_json(record_bomb_file), trained=False)
    tab.why.explain(0)
    qtbot.waitUntil(lambda: "Cannot explain this merge" in tab.why.title.text(), timeout=60000)
    assert "bomb.json: its training record cannot be shown: " + BOMB_SAID in tab.why.title.text()
    tab.shutdown()


# ----- kept runs on disk (issue 2: no silent discard) ------------------------------------------------------------


def _hostile_kept_runs(folder: Path) -> dict[str, str]:
    """Files a kept-runs folder may hold that are not a whole kept run (by name: a word of what the message says
    of each); the folder also holds one good run."""
    from app.train.kept_store import RunInfo, store_run

    folder.mkdir(parents=True)
    tokenizer = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")])
    store_run(folder, tokenizer, RunInfo("good run", "2026-11-28 17:00:00"))
    info = {"format": "bpe-explorer-kept-run", "version": 1, "kept_at": "x", "settings": {}, "forbidden": ""}
    (folder / "corrupt.run.json").write_text(json.dumps({**info, "name": "a"})[:-20], encoding="utf-8")
    (folder / "hand-edited.run.json").write_text(json.dumps({**info, "name": 5}), encoding="utf-8")
    (folder / "foreign.run.json").write_text(json.dumps({**info, "format": "other", "name": "b"}), encoding="utf-8")
    (folder / "huge.run.json").write_bytes(b" " * 2_000_000 + b"{}")
    (folder / "latin1.run.json").write_bytes(b'{"name": "caf\xe9"}')
    (folder / "lonely.run.json").write_text(json.dumps({**info, "name": "no tokenizer"}), encoding="utf-8")
    (folder / "broken.run.json").write_text(json.dumps({**info, "name": "broken tokenizer"}), encoding="utf-8")
    (folder / "broken.json").write_text('{"format": "bpe-explorer", "version": 1}', encoding="utf-8")
    (folder / "a-folder.run.json").mkdir()
    os.mkfifo(folder / "pipe.run.json")
    (folder / "notes.txt").write_text("not a kept run: ignored", encoding="utf-8")
    return {
        "corrupt.run.json": "not valid JSON",
        "hand-edited.run.json": "“name”",
        "foreign.run.json": "not the information of a kept run",
        "huge.run.json": "MB",
        "latin1.run.json": "UTF-8",
        "lonely.json": "No such file",
        "broken.json": '"pattern" field is missing',
        "a-folder.run.json": "is a folder",
        "pipe.run.json": "named pipe",
    }


def _snapshot(folder: Path) -> dict[str, object]:
    """Every entry of ``folder``: a file's bytes, else what it is."""
    return {p.name: p.read_bytes() if p.is_file() else ("fifo" if p.is_fifo() else "folder") for p in folder.iterdir()}


def test_hostile_files_in_the_kept_runs_folder_are_named_skipped_and_left_alone(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow
    from app.train.kept_store import kept_runs_folder

    folder = kept_runs_folder()
    expected = _hostile_kept_runs(folder)
    before = _snapshot(folder)
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))  # a FIFO does not block it
    qtbot.addWidget(window)
    window.show()
    assert [run.name for run in window.session.kept.values()] == ["good run"]
    message = window.statusBar().currentMessage()
    assert message.startswith(f"Kept runs: {len(expected)} skipped in {folder} (the files are left as they are)")
    for name, cause in expected.items():  # each named without the folder, said once at the start
        assert f"; {name}: " in message or f"): {name}: " in message, name
        assert cause in message, cause
    assert _snapshot(folder) == before  # nothing deleted, nothing rewritten
    window.close()


def _full_disk(monkeypatch, folder: Path) -> None:
    """Writing into ``folder`` fails as on a full disk (ENOSPC at the atomic rename); elsewhere as usual."""
    import errno

    replace = os.replace

    def full(src, dst, *args, **kwargs):
        if Path(dst).parent == folder:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", full)


def test_a_full_disk_keeps_the_run_in_memory_and_says_so(window, qtbot, train, monkeypatch):
    from app.train.kept_store import kept_runs_folder
    from tests.gui.test_kept_runs import keep, kept_menu_action

    folder = kept_runs_folder()
    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=[])
    train(window)
    keep(qtbot, window, "on disk")
    before = _snapshot(folder)
    window.train_tab.settings_panel.apply(vocab_size=310)
    train(window)
    _full_disk(monkeypatch, folder)
    keep(qtbot, window, "in memory")
    message = window.statusBar().currentMessage()
    assert "“in memory” is kept until the window closes, not on disk" in message and "No space left" in message
    assert [run.name for run in window.session.kept.values()] == ["on disk", "in memory"]
    assert _snapshot(folder) == before  # the other run's files untouched, no temporary file left
    assert "Not on disk: kept until the window closes" in [
        a.text() for a in kept_menu_action(window, "in memory", "Forget").parent().actions()
    ]
    window.train_tab.keeping.rename(next(iter(window.session.kept)), "renamed")  # cannot be written: in memory
    assert "“on disk” is changed until the window closes, not on disk" in window.statusBar().currentMessage()
    assert [run.name for run in window.session.kept.values()] == ["renamed", "in memory"]
    assert _snapshot(folder) == before


def test_save_as_into_the_kept_runs_folder_is_refused(window, qtbot, train, monkeypatch, tmp_path):
    from app.common.widgets import dialogs
    from app.train.kept_store import kept_runs_folder
    from tests.gui.test_kept_runs import keep

    folder = kept_runs_folder()
    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=[])
    train(window)
    keep(qtbot, window, "mine")
    before = _snapshot(folder)
    errors = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, message, details="": errors.append(message))
    (key,) = window.session.kept
    for name in before:  # its information file, its tokenizer: the output would be an input
        assert not window.train_tab.keeping.save_as(key, folder / name)
        assert errors[-1] == f"“{name}” could not be written: that is the kept runs' own folder: choose another place."
    assert not window.train_tab.keeping.save_as(key, tmp_path)  # a folder: refused, named, as File > Save does
    assert errors[-1].startswith(f"“{tmp_path.name}” could not be written") and "folder" in errors[-1]
    assert _snapshot(folder) == before and [run.name for run in window.session.kept.values()] == ["mine"]


def test_a_kept_runs_folder_that_is_a_file_is_named_and_left_alone(qtbot, tmp_path, monkeypatch, train):
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow
    from tests.gui.test_kept_runs import keep

    in_the_way = tmp_path / "kept-runs-file"
    in_the_way.write_bytes(b"a file where the folder should be")
    monkeypatch.setenv("BPE_KEPT_RUNS_FOLDER", str(in_the_way))
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert "the kept runs cannot be read from it (Not a directory)" in window.statusBar().currentMessage()
    window.train_tab.corpus_panel.select_sample("english")
    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=[])
    train(window)
    keep(qtbot, window, "mine")
    assert "it is a file, not a folder" in window.statusBar().currentMessage()
    assert [run.name for run in window.session.kept.values()] == ["mine"]  # kept in memory
    assert in_the_way.read_bytes() == b"a file where the folder should be"
    window.close()


# ----- training checkpoints (the window's run saves the merges so far in BPE_RUN_FOLDER) ---------------------------


def test_a_full_disk_where_the_window_saves_its_checkpoint_is_a_note_after_the_run(
    window, dialogs, good, train, full_disk, monkeypatch
):
    """The run ends with every merge; its last line notes, in the window's language, that nothing was saved."""
    monkeypatch.setenv("BPE_RUN_FOLDER", str(full_disk))
    monkeypatch.setenv("BPE_CHECKPOINT_SECONDS", "0")
    before = folder_bytes(full_disk)
    result = train(window)
    assert not dialogs.errors and not result.cancelled and result.merges and window.train_tab.tokenizer is not None
    text = window.train_tab.progress_text.text()
    assert f"Note: The merges so far could not be saved in {full_disk} (No space left on device)" in text
    assert window.train_tab.progress_text.toolTip() == text  # whole, where the panel cuts the label (768 px high)
    assert folder_bytes(full_disk) == before and os.listdir(full_disk) == ["filler"]
    assert not window.train_tab.steering.resume_button.isVisible()


# ----- the right cause on bad input (hostile-inputs issue: wrong causes) -------------------------------------------


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_pane_of_a_tokenizer_json_that_drops_characters_says_so(language, window, tmp_path, qtbot, request):
    """No byte-level step, no byte fallback, no unknown token: its library drops the d of "hello world" silently;
    the pane says so under its figures and in its tooltip, in the window's language."""
    from test_bad_inputs import _library_file

    if language == "zh_CN":
        request.getfixturevalue("chinese")
    path = _library_file(tmp_path, "no-d.json", letters="abcefghijklmnopqrstuvwxyz")
    before = path.read_bytes()
    view = window.compare_view
    view.editor.setPlainText("hello world")
    pane = view.add_tokenizer_file(path)
    qtbot.waitUntil(lambda: pane.result is not None and not view.busy(), timeout=60000)
    said = {
        "en": "its vocabulary has no token for some characters (such as 'd' (U+0064)) and the file has no unknown "
        "token: its library drops such characters from the text without a word.",
        "zh_CN": "它的词表缺少某些字符的词元（例如 'd' (U+0064)），文件也没有未知词元："
        "它的库会不加提示地从文本中丢掉这些字符。",
    }[language]
    assert not pane.note.isHidden() and said in pane.note.text() and said in pane.toolTip()
    assert pane.token_count() == 9  # the library's tokens, shown as it makes them
    assert view.panes["gpt2"].ids() == get_encoding("gpt2").encode("hello world")  # the other panes as they were
    assert path.read_bytes() == before


def test_a_compare_pane_whose_rank_table_lacks_a_byte_names_the_character(window, tmp_path, qtbot):
    """It said 'PanicException: no entry found for key'."""
    from test_bad_inputs import ranks_without_d

    path = ranks_without_d(tmp_path)
    view = window.compare_view
    view.editor.setPlainText("hello world")
    pane = view.add_tokenizer_file(path, pattern="gpt2")
    qtbot.waitUntil(lambda: pane.result is not None and not view.busy(), timeout=60000)
    shown = pane.message()
    assert "the file's vocabulary has no token for 'd' (U+0064) (character 10 of the text)" in shown, shown
    assert "Panic" not in shown and view.panes["gpt2"].ids() == get_encoding("gpt2").encode("hello world")


# ----- counts files (hostile-inputs review: counts) ----------------------------------------------------------------


def test_a_hostile_counts_file_opened_as_a_corpus_is_refused_by_name(window, tmp_path, dialogs):
    """Every refused counts file of the CLI's block, opened in the Train tab: the error names the file and the
    row/line/field; the selected corpus stays selected and the file unchanged (the one that trains is the CLI's)."""
    panel = window.train_tab.corpus_panel
    before = panel.current_source()
    refused = [case for case in COUNTS_CASES if case.said]
    for number, case in enumerate(refused):
        folder = tmp_path / str(number)
        folder.mkdir()
        path = case.make(folder)
        data = path.read_bytes()
        assert not panel.add_files([path]), case.name
        title, message = dialogs.errors[-1]
        assert title == "Cannot open counts" and str(path) in message and case.said in message, case.name
        assert panel.current_source() is before and path.read_bytes() == data
    assert len(dialogs.errors) == len(refused)


def test_every_refusal_of_a_counts_file_is_said_in_chinese_with_its_fields(chinese, tmp_path):
    """The counts file's messages are the engine's data: each is worded in Chinese, keeping its fields (the file,
    the row or line, the value found)."""
    import re

    from app.common.wording.engine_messages import WORDINGS, engine_message
    from bpe_core.corpus.counts_file import CountsFileError, read_counts
    from bpe_core.messages import message_of, placeholders

    refused = [case for case in COUNTS_CASES if case.said]
    for number, case in enumerate(refused):
        folder = tmp_path / str(number)
        folder.mkdir()
        with pytest.raises(CountsFileError) as caught:
            read_counts([case.make(folder)])
        message = message_of(caught.value)
        assert message is not None, f"{case.name}: no message: {caught.value!r}"
        said = engine_message(caught.value)
        assert re.search(r"[\u4e00-\u9fff]", said), f"{case.name}: not translated: {said!r}"
        fields = dict(message.fields)
        assert all(fields[field] in said for field in placeholders(WORDINGS[message.code])), said


@pytest.mark.slow
def test_a_ray_address_where_no_ray_answers_is_said_in_chinese(chinese, tmp_path, monkeypatch):
    """The Ray address field: a closed loopback port, no address at all, ``auto`` without a cluster; each refusal
    is worded in Chinese with the address it names."""
    import functools
    import re
    import socket

    pytest.importorskip("ray")
    from app.common.wording.engine_messages import engine_message
    from bpe_core.corpus.ray_counting import RayConnectionError, count_on_ray

    monkeypatch.setenv("RAY_TMPDIR", str(tmp_path / "ray"))  # no cluster started by another test is found ...
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    services = pytest.importorskip("ray._private.services")  # ... nor seen among the machine's processes, where
    no_other = functools.lru_cache(lambda: [])  # "auto" looks (a parallel test's own cluster); Ray clears its cache
    monkeypatch.setattr(services, "find_gcs_addresses", no_other)
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    for address, named in (
        (f"127.0.0.1:{port}", f"127.0.0.1:{port}"),
        ("ray://nowhere", "ray://nowhere"),
        ("auto", "auto"),
    ):
        with pytest.raises(RayConnectionError) as caught:
            count_on_ray(iter(["some text"]), pattern="gpt2", special_tokens=(), address=address)
        said = engine_message(caught.value)
        assert re.search(r"[\u4e00-\u9fff]", said) and named in said, said


# ----- memory on hostile sizes (hostile-inputs issue, memory) -----------------------------------------------------

RESTORED_CUT = (
    "The Compare text kept from the last session has {count} characters: only its first 100,000 were restored."
)


def test_a_huge_compare_text_in_the_settings_is_restored_up_to_100000_characters_and_said(qtbot, tmp_path):
    """A settings file edited by hand to hold 3 MB of Compare text: the old window encoded all of it at start-up
    in every pane (30 MB took 3 GB). The first 100,000 characters are restored, the status bar says so, and the
    settings keep the whole text until the window saves its own at closing."""
    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow

    text = "".join(f"line {i}: the cat sat on the mat.\n" for i in range(90_000))
    path = tmp_path / "s.ini"
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    settings.setValue("compare/text", text)
    settings.sync()
    window = MainWindow(QSettings(str(path), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert window.compare_view.text() == text[:100_000]
    assert window.statusBar().currentMessage() == RESTORED_CUT.format(count=f"{len(text):,}")
    assert QSettings(str(path), QSettings.Format.IniFormat).value("compare/text") == text
    window.close()


@pytest.mark.slow
def test_a_30_mb_compare_text_in_the_settings_starts_the_window_in_bounded_memory(tmp_path):
    """Measured in a child process (offscreen): its peak after 8 s of events, the panes done encoding; the old
    window had passed 1.4 GB by then, encoding all 30 MB (3 GB at the end), beside 450 MB for an empty text."""
    from PySide6.QtCore import QSettings

    path = tmp_path / "s.ini"
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    settings.setValue("compare/text", "the cat sat on the mat. " * 1_250_000)
    settings.sync()
    before = path.read_bytes()
    script = (
        "import os, resource, sys, time\n"
        "from PySide6.QtCore import QSettings\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from app.common.startup import start_up\n"
        "app = QApplication([])\n"
        "start_up(app)\n"
        "from app.main_window import MainWindow\n"
        "window = MainWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))\n"
        "window.show()\n"
        "end = time.monotonic() + 8\n"
        "while time.monotonic() < end:\n"
        "    app.processEvents()\n"
        "    time.sleep(0.01)\n"
        "print(len(window.compare_view.text()), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024)\n"
        "sys.stdout.flush()\n"
        "os._exit(0)  # without closing: the settings stay as they were\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BPE_KEPT_RUNS_FOLDER": str(tmp_path / "kept")}

    def start(settings_path) -> tuple[int, int]:
        done = subprocess.run(
            [sys.executable, "-c", script, str(settings_path)], capture_output=True, text=True, env=env, timeout=120
        )
        length, peak_mb = map(int, done.stdout.split())
        return length, peak_mb

    length, peak_mb = start(path)
    _, empty_mb = start(tmp_path / "empty.ini")  # the same window with no text, measured alike (a busy machine
    assert length == 100_000 and peak_mb < empty_mb + 350, (peak_mb, empty_mb)  # raises both peaks)
    assert path.read_bytes() == before


@pytest.mark.parametrize(("kind", "width"), [("svg", 900), ("png", 900)])
def test_exporting_a_picture_of_a_long_text_says_the_bound_and_leaves_the_file(
    kind, width, window, dialogs, qtbot, tmp_path, monkeypatch
):
    """25,000 characters drawn as an SVG or PNG of the whole text: refused with the bound (the old window wrote an
    SVG of about 400 bytes a token, whatever the text's length); the file there before is left alone."""
    from PySide6.QtWidgets import QFileDialog, QInputDialog

    view = window.compare_view
    view.set_text("the cat sat on the mat. " * 1_000 + "x")
    qtbot.waitUntil(lambda: not view.busy() and bool(view.pane_set.results()), timeout=60000)
    path = tmp_path / f"whole.{kind}"
    path.write_bytes(b"a picture the user already had")
    monkeypatch.setattr(QInputDialog, "getInt", lambda *args, **kwargs: (width, True))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), ""))
    assert view.export_menu.ask(kind) is None
    assert dialogs.errors == [
        (
            "Cannot export",
            f"“whole.{kind}” could not be written: A picture draws a text of at most 20,000 characters; this one has "
            "24,001: draw a part of it, or export HTML, CSV or JSON, which hold any text.",
        )
    ]
    assert path.read_bytes() == b"a picture the user already had"


# ----- one rule for the training settings: problems name their field (bpe_core.training.config) ---------------------

BAD_FIELD = "border: 1px solid #b00020;"


def test_a_bad_custom_regex_is_marked_red_in_chinese_too(chinese, window, qtbot):
    """The panel marks the field a problem names; the old one looked for the English word 'regex' in the translated
    sentence, so in Chinese a bad custom pattern never got its red border."""
    panel = type_custom_regex(window, qtbot, "[a-")
    assert "无效的预分词正则表达式 '[a-'" in window.train_tab.train_reason.text()
    assert panel.custom_regex.styleSheet() == BAD_FIELD and panel.custom_regex.text() == "[a-"
    assert panel.forbid.styleSheet() == ""


def test_a_bad_forbid_regex_marks_the_forbid_field_not_the_pattern(window, qtbot):
    """A bad Forbid regex under a good custom pattern: the Forbid field is red, the pattern is not (the old panel
    turned the pattern red: the Forbid message has the word 'regex' too)."""
    panel = type_custom_regex(window, qtbot, r"\S+|\s+")
    panel.forbid.setText("((")
    assert "The forbidden-token regex '((' is not valid" in window.train_tab.train_reason.text()
    assert panel.forbid.styleSheet() == BAD_FIELD and panel.custom_regex.styleSheet() == ""
    assert panel.custom_regex.text() == r"\S+|\s+" and panel.forbid.text() == "(("
    panel.forbid.setText("")
    assert panel.forbid.styleSheet() == "" and window.train_tab.train_button.isEnabled()


@pytest.mark.parametrize("after", [256, 1000], ids=["the minimum", "the vocabulary size"])
def test_superwords_after_the_minimum_or_the_vocabulary_size_are_accepted_as_by_the_engine(after, window):
    """The window refused a superword transition equal to the minimum or to the vocabulary size; ``bpe train`` and
    the engine accept both: one rule now (TrainConfig's bounds)."""
    panel = window.train_tab.settings_panel
    panel.apply(vocab_size=1000, special_tokens=[])
    panel.superword_after.setValue(after)
    assert panel.problems() == [] and panel.superword_after.styleSheet() == ""
    assert panel.settings().superword_after == after
    panel.superword_after.setValue(1001)  # past the vocabulary: said, with both bounds, and marked
    assert panel.problems() == [
        "The superword transition 1,001 must be a vocabulary size between 256 and the vocabulary size 1,000."
    ]
    assert panel.superword_after.styleSheet() == BAD_FIELD


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_variants_that_cannot_be_combined_are_said_without_command_line_flags(language, request):
    """PickyBPE and training on from a saved tokenizer: the old window said nothing until the trainer refused with
    '--picky' and '--resume', the command line's words; now the settings say it in the window's words."""
    from app.train.settings import problem_texts
    from bpe_core.training.config import TrainConfig

    if language == "zh_CN":
        request.getfixturevalue("chinese")
    (problem,) = problem_texts(TrainConfig(vocab_size=1000, picky=0.9, resume="saved.json"))
    assert "--" not in problem
    expected = {
        "en": "PickyBPE cannot be combined with training on from a saved tokenizer yet: turn one off.",
        "zh_CN": "PickyBPE 暂时不能与从已保存的分词器继续训练同时使用：请关闭其中一个。",
    }
    assert problem == expected[language]


# ----- Views that answer (issue 41, item 6): Why this merge's token field, a pair absent, an X-ray with no word ----


def test_why_this_merge_says_a_token_no_merge_makes_and_keeps_what_it_showed(qtbot):
    """A token typed that no merge of the vocabulary makes (a word of two tokens, a character gpt2 has as bytes):
    the page says so and keeps the explanation it showed."""
    from app.vocabulary import VocabularyTab

    tab = VocabularyTab(compare_text=lambda: TEXT)
    qtbot.addWidget(tab)
    tab.show()
    tab.show_vocabulary("gpt2")
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "gpt2", timeout=60000)
    tab.pages.setCurrentWidget(tab.why)
    with qtbot.waitSignal(tab.why.explained, timeout=60000):
        tab.why.pick(" lowest")
    rows = tab.why.lines.rowCount()
    assert rows == TEXT.count(" lowest")
    for typed in ("lowest newest", "ꙮ"):
        tab.why.picker.setText(typed)
        qtbot.keyClick(tab.why.picker, Qt.Key.Key_Return)
        said = f"No merge makes “{typed}” in this vocabulary: pick a token from the list."
        assert tab.why.title.text() == said
        assert tab.why.lines.rowCount() == rows and tab.why.explanation.pair == (b" low", b"est")
    tab.shutdown()


def test_why_this_merge_says_the_pair_is_not_in_an_empty_compare_text(qtbot):
    """No Compare text at all: 'all 0 places it occurs' before; now that the pair does not occur and where to look."""
    from app.vocabulary import VocabularyTab

    tab = VocabularyTab(compare_text=lambda: "")
    qtbot.addWidget(tab)
    tab.show()
    tab.show_vocabulary("gpt2")
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "gpt2", timeout=60000)
    tab.pages.setCurrentWidget(tab.why)
    with qtbot.waitSignal(tab.why.explained, timeout=60000):
        tab.why.pick("␣the")
    assert "The pair does not occur in the Compare text: paste a text there, or choose files" in tab.why.title.text()
    tab.shutdown()


def test_the_xray_of_a_compare_text_with_no_word_says_so(qtbot):
    from app.vocabulary import VocabularyTab

    tab = VocabularyTab(compare_text=lambda: "，。！？…… --- !!!")
    qtbot.addWidget(tab)
    tab.show()
    tab.show_vocabulary("gpt2")
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "gpt2", timeout=60000)
    tab.pages.setCurrentWidget(tab.xray)
    with qtbot.waitSignal(tab.xray.finished, timeout=60000):
        qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    status = tab.xray.status.text()
    assert "no word in the text (spaces, punctuation, symbols)" in status and "tokens per word" not in status
    tab.shutdown()


# --- The Teach window's characters and GIFs (issue 41, items 4 and 9): odd texts in the quiz, GIFs of stills -------
def _quiz_tokenizer():
    from bpe_core import BpeTrainer, Tokenizer

    trainer = BpeTrainer(256 + 12, pattern="none", processes=1)
    trainer.count_text("中文分词很有意思。我们学习中文，也学习分词。" * 3)
    trainer.run()
    tok = Tokenizer(trainer.vocab, trainer.merges, pattern="none")
    tok.record = trainer.record
    return tok


def test_a_quiz_on_a_text_with_a_lone_surrogate_or_without_the_pair_says_so(qtbot):
    """A lone surrogate pasted in the lesson's text: the choices still say what they build; a pair the text does not
    hold says "not side by side in this text"; answering works, the text is kept as typed."""
    from app.teaching.quiz_view import QuizView

    text = "中\ud800文中文"
    view = QuizView(_quiz_tokenizer(), text)
    qtbot.addWidget(view)
    texts = [button.text() for button in view.buttons]
    assert any(" of " in t and "byte" in t and "“" in t for t in texts)  # bytes of a character, and where it stands
    absent = [t for pair, t in zip(view.question.choices, texts) if not view.question.contexts[pair].occurrences]
    assert absent and all(t.endswith("not side by side in this text") for t in absent)
    view.pick(view.question.answer)
    assert view.verdict.text() and view.text == text


def test_a_gif_of_a_view_that_does_not_move_keeps_the_whole_frame_and_a_cancelled_one_the_file(qtbot, tmp_path):
    """One frame only (nothing moves): the GIF is the whole slide, held; a cancelled export writes nothing (the
    file at the path is byte for byte what it was) and shows the buttons it hid again."""
    from PIL import Image

    from app.teaching.animation_export import HOLD_LAST_MS, SLIDE_SIZE, AnimationExport
    from app.teaching.step_through import StepThroughView

    view = StepThroughView()
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    view.set_text("a")  # one token: nothing to merge, one frame
    still = AnimationExport(view, tmp_path / "still.gif", fps=4)
    with qtbot.waitSignal(still.finished, timeout=60000):
        still.start()
    with Image.open(tmp_path / "still.gif") as image:
        assert (image.n_frames, image.size) == (1, (SLIDE_SIZE.width(), SLIDE_SIZE.height()))
        assert image.info["duration"] == HOLD_LAST_MS
    target = tmp_path / "kept.gif"
    target.write_bytes(b"kept")
    view.set_text("abab abab")
    cancelled = AnimationExport(view, target, fps=4)
    cancelled.start()
    assert not view.play_button.isVisible()
    cancelled.cancel()
    assert cancelled.wait() and view.play_button.isVisible() and view.controls.isVisible()
    assert target.read_bytes() == b"kept"


# ----- smalls (issue 42): the settings panel makes the engine's TrainConfig; its rules are the config's -------------


def test_the_settings_panel_makes_a_train_config_and_says_its_problems(window, monkeypatch):
    """The panel's settings are a TrainConfig (the window's TrainSettings repeated its fields and had a rule of its
    own, Ray missing): what the panel says is the config's problems, worded, and each marks its field's widget;
    every setting typed is left as it was."""
    import importlib.util

    from app.train.settings import problem_texts
    from bpe_core.training.config import TrainConfig

    panel = window.train_tab.settings_panel
    panel.apply(vocab_size=1000)
    panel.picky.setValue(0.9)
    panel.superword_after.setValue(500)
    panel.ray_address.setText("local")
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ray" else real(name, *a))
    panel.ray_address.setText("local ")  # a change: the panel checks again
    config = panel.settings()
    assert isinstance(config, TrainConfig)
    assert (config.picky, config.superword_after, config.ray_address) == (0.9, 500, "local")
    said = panel.problems()
    assert said == problem_texts(config) and len(said) == 3
    assert said[0] == "PickyBPE cannot be combined with superwords yet: turn one off."
    assert said[2] == 'Counting on Ray needs Ray: pip install -e ".[ray]", or clear the Ray address.'
    assert {p.field for p in config.problems()} == {"picky", "ray_address"}
    assert panel.picky.styleSheet() == BAD_FIELD and panel.ray_address.styleSheet() == BAD_FIELD
    assert panel.superword_after.styleSheet() == "" and not window.train_tab.train_button.isEnabled()
    assert (panel.picky.value(), panel.superword_after.value(), panel.ray_address.text()) == (0.9, 500, "local ")


# ----- charts and titles never collide (issue 41, item 5): hostile names, regexes and drags -------------------------


def test_a_100_000_character_forbid_regex_is_summed_up_short_and_kept_whole(qtbot, window):
    """Folded, the Variants section says its Forbid regex in its title: a pasted 100,000-character one is cut there
    (40 characters, the title's line no wider than the panel, which does not widen), while the field keeps all of it
    and trains with it."""
    window.resize(1366, 768)
    panel = window.train_tab.settings_panel
    qtbot.waitUntil(panel.isVisible)
    width = panel.width()
    regex = "(?:" + "|".join(f"w{i:05d}" for i in range(16_000)) + ")"
    regex = regex[:99_999] + ")" if len(regex) > 100_000 else regex
    panel.forbid.setText(regex)
    QApplication.processEvents()
    header = panel.variants.header
    assert panel.forbid.text() == regex and panel.settings().forbid == (regex,)
    assert panel.width() == width
    assert len(panel.variants.header_text()) < len(panel.variants.title) + 60
    assert header.fontMetrics().horizontalAdvance(header.text()) <= header.width()


def test_a_tokenizer_named_200_characters_is_named_short_in_the_methods_chart_and_its_file_unchanged(
    qtbot, window, tmp_path
):
    """A tokenizer file whose name is 200 characters long: its Compare pane and the Methods chart cut the name with
    "…" (whole in the tooltip and the table), the other names all shown beside their bars; the file is not changed."""
    from bpe_core.encoding.tokenizer import Tokenizer
    from bpe_core.formats import save_json
    from tests.gui.test_charts import bring_forward, tick_labels

    path = tmp_path / ("a" * 195 + ".json")
    save_json(Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")]), path)
    before = path.read_bytes()
    window.resize(1366, 768)
    view = window.compare_view
    bring_forward(qtbot, view)
    pane = view.add_tokenizer_file(path)
    qtbot.waitUntil(lambda: not view.busy() and pane.key in view.pane_set.results(), timeout=30000)
    assert pane.title.is_elided() and pane.title.toolTip() == view.pane_records[pane.key].title
    dialog = view.show_methods_chart()
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(dialog.costs), timeout=30000)
    names = list(dict.fromkeys(c.tokenizer for c in dialog.costs))

    def drawn():
        dialog.chart.grab()
        return [text for text, _ in tick_labels(dialog.chart.getAxis("left"))]

    qtbot.waitUntil(lambda: len(drawn()) == len(names), timeout=5000)
    long_name = next(name for name in names if name.startswith("aaaa"))
    assert drawn()[names.index(long_name)].endswith("…") and long_name in dialog.chart.getAxis("left").toolTip()
    assert dialog.table.item(names.index(long_name), 0).text() == long_name
    dialog.close()
    assert path.read_bytes() == before


def test_a_chart_zoomed_out_a_billion_times_or_dragged_far_stays_within_its_data(qtbot, window, train):
    """Wheel and drag pushed to absurd amounts (a billion-fold zoom, a drag of 10^12 ranks) leave the merge-count
    chart within its data (no negative rank); "Reset view" shows the whole run again, the run itself unchanged."""
    result = train(window)
    chart = window.train_tab.count_chart
    merges = len(window.train_tab.history)
    view = chart.getViewBox()
    view.scaleBy(x=1e9, y=1e9)
    view.translateBy(x=-1e12)
    assert view.viewRange()[0][0] >= 0 and view.viewRange()[1][0] >= 0
    chart.menu.reset_action.trigger()
    chart.grab()  # pyqtgraph fits the range when it next paints
    left, right = view.viewRange()[0]
    assert 0 <= left and merges - 1 <= right < merges * 1.2
    assert len(window.train_tab.history) == merges == len(result.merges)


# ----- issue 41, item 8: compressed corpora in the window ---------------------------------------------------------


def test_a_gzipped_corpus_opens_previews_and_trains_as_its_text(window, good, dialogs, tmp_path, train):
    """The shipped corpora come as .txt.gz: the window read the compressed bytes ('looks like a binary file')."""
    import gzip

    path = tmp_path / "corpus.txt.gz"
    path.write_bytes(gzip.compress(TEXT.encode("utf-8")))
    before = path.read_bytes()
    assert window.train_tab.corpus_panel.add_files([path])
    assert not dialogs.errors and not dialogs.asked
    source = window.train_tab.corpus_panel.current_source()
    assert source.preview().startswith(TEXT[:40]) and source.files_to_read() == [path]
    compressed = train(window).merges
    assert window.train_tab.corpus_panel.add_files([good])
    assert train(window).merges == compressed and path.read_bytes() == before


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_cut_gzipped_corpus_is_refused_by_name_and_the_corpus_is_kept(
    language, window, good, dialogs, tmp_path, request
):
    import gzip

    if language == "zh_CN":
        request.getfixturevalue("chinese")
    data = gzip.compress(TEXT.encode("utf-8") * 50)
    path = tmp_path / "cut.txt.gz"
    path.write_bytes(data[: len(data) // 2])
    before = window.train_tab.corpus_panel.current_source()
    assert not window.train_tab.corpus_panel.add_files([path])
    ((title, message),) = dialogs.errors
    expected = {
        "en": ("Damaged compressed file", f"{path}: its gzip data ends before the end of the compressed stream"),
        "zh_CN": ("压缩文件已损坏", f"{path}：其 gzip 数据在压缩流结束之前就断了"),
    }
    assert title == expected[language][0] and message.startswith(expected[language][1]), message
    assert window.train_tab.corpus_panel.current_source() is before and path.read_bytes() == data[: len(data) // 2]


def test_a_lesson_takes_its_text_from_a_gzipped_corpus_not_its_compressed_bytes(tmp_path):
    """The Teach lessons start from the corpus's text: of a .txt.gz they took gzip's bytes, decoded as UTF-8."""
    import gzip

    from app.common.files.samples import corpus_start

    text = "山城的早晨，雾很大。The fog lifts at nine.\n" * 10
    path = tmp_path / "corpus.txt.gz"
    path.write_bytes(gzip.compress(text.encode("utf-8")))
    assert corpus_start([path]) == text


# --- The Compare tab's chat mode (issue 43, chat templates): conversations and templates a user gets wrong --------
def _chat_view(qtbot):
    from app.compare.compare_view import CompareView

    view = CompareView(text="hi")
    qtbot.addWidget(view)
    view.set_pane_visible("cl100k_base", False)
    said = []
    view.chat_editor.said.connect(said.append)
    return view, said


def test_a_conversation_file_that_is_none_is_refused_and_the_turns_stay(qtbot, tmp_path):
    """Not JSON, an empty list, a message without content, a FIFO: the status names the file and the cause (the
    engine's words, as bpe chat says them), the turns shown and the file are unchanged."""
    import os

    view, said = _chat_view(qtbot)
    before = view.chat_editor.messages()
    cases = {
        "broken.json": ('[{"role": "user",', "is not valid JSON (line 1)"),
        "empty.json": ("[]", "the conversation has no message"),
        "nocontent.json": ('[{"role": "user"}]', "message 1 has no text content"),
    }
    for name, (text, words) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        assert not view.chat_editor.open_file(path)
        assert name in said[-1] and words in said[-1]
        assert path.read_text(encoding="utf-8") == text
    fifo = tmp_path / "talk.fifo"
    os.mkfifo(fifo)
    assert not view.chat_editor.open_file(fifo)  # refused at once, never blocking on the FIFO
    assert "not a regular file" in said[-1]
    assert view.chat_editor.messages() == before
    view.shutdown()


def test_a_conversation_saved_on_a_full_disk_or_over_a_folder_leaves_what_was_there(qtbot, tmp_path, monkeypatch):
    """The disk full at the end: the file at the path is byte for byte what it was, no temporary file is left, the
    status says why; a folder at the path is said to be one."""
    view, said = _chat_view(qtbot)
    target = tmp_path / "talk.json"
    target.write_bytes(b'[{"role": "user", "content": "kept"}]')
    _full_disk(monkeypatch, tmp_path)
    assert not view.chat_editor.save_file(target)
    assert target.read_bytes() == b'[{"role": "user", "content": "kept"}]'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["talk.json"]
    assert said[-1] == f"Cannot write {target}: No space left on device."
    monkeypatch.undo()
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert not view.chat_editor.save_file(folder)
    assert said[-1] == f"Cannot write {folder}: it is a folder." and folder.is_dir()
    view.shutdown()


def test_a_template_that_is_not_jinja_or_no_file_is_said_in_its_pane_alone(qtbot, tmp_path):
    """A chosen template with a syntax error, or a FIFO: that pane says so (the file, the line), the other pane
    renders all the same, the template file is unchanged, and nothing raised in the window."""
    import os

    view, _said = _chat_view(qtbot)
    good = tmp_path / "good.jinja"
    good.write_text("{% for m in messages %}[{{ m.role }}] {{ m.content }}\n{% endfor %}", encoding="utf-8")
    bad = tmp_path / "bad.jinja"
    bad.write_text("{% for m in messages %}{{ m.content }", encoding="utf-8")
    fifo = tmp_path / "template.fifo"
    os.mkfifo(fifo)
    view.set_chat_mode(True)
    view.chat.set_template("gpt2", good)
    view.chat.set_template("o200k_base", bad)
    qtbot.waitUntil(lambda: not view.busy(), timeout=60000)
    said = view.panes["o200k_base"].message()
    assert "bad.jinja" in said and "not valid Jinja (line 1)" in said
    assert view.panes["o200k_base"].chat_line.text() == "The template could not render this conversation."
    assert view.panes["gpt2"].result.view.text.startswith("[system] ")
    assert bad.read_text(encoding="utf-8") == "{% for m in messages %}{{ m.content }"
    view.chat.set_template("o200k_base", fifo)
    qtbot.waitUntil(lambda: not view.busy(), timeout=60000)
    assert "template.fifo" in view.panes["o200k_base"].message()
    assert "not a regular file" in view.panes["o200k_base"].message()
    view.shutdown()


# --- Numbers (issue 43, the Vocabulary tab's Numbers page): a range that cannot be cut, a tokenizer that does not
# load, a vocabulary without digit tokens, an export over a tokenizer file ----------------------------------------
@pytest.fixture
def numbers_tab(qtbot):
    from app.vocabulary import VocabularyTab

    tab = VocabularyTab()
    qtbot.addWidget(tab)
    tab.resize(1366, 768)
    tab.show()
    tab.pages.setCurrentWidget(tab.numbers)
    yield tab
    tab.shutdown()


def _cut_numbers(qtbot, page, first: int, last: int) -> None:
    page.first.setValue(first)
    page.last.setValue(last)
    with qtbot.waitSignal(page.ready, timeout=120_000):
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)


@pytest.mark.parametrize(
    "first, last, said",
    [
        (0, 200_000, "The range 0 to 200,000 holds 200,001 numbers; at most 100,000 are cut at once."),
        (50, 10, "The range 50 to 10 is empty: its last number is below its first."),
    ],
)
def test_a_numbers_range_that_cannot_be_cut_is_said_and_the_numbers_shown_stay(qtbot, numbers_tab, first, last, said):
    """Too many numbers, or backwards: said at once in the status line, nothing run; the numbers cut before stay
    (the spin boxes cannot hold a negative number or one beyond 2**31 - 1)."""
    page = numbers_tab.numbers
    _cut_numbers(qtbot, page, 0, 99)
    shown, image = page.reports, page.image.image.copy()
    page.first.setValue(first)
    page.last.setValue(last)
    qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    assert page.status.text() == said and not page.jobs.busy() and page.run_button.isEnabled()
    assert page.reports is shown and (page.image.image == image).all()
    page.first.setValue(-5)
    assert page.first.value() == 0


def test_numbers_with_a_broken_tokenizer_a_byte_level_one_and_an_export_over_it(qtbot, numbers_tab, tmp_path, dialogs):
    """A tokenizer file that does not load is named and the others are cut; a vocabulary of bytes only says it has
    no digit token; an export over that tokenizer's file is refused by name, the file byte for byte as it was."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"model": ', encoding="utf-8")
    bytes_only = tmp_path / "bytes-only.json"
    save_json(Tokenizer({i: bytes([i]) for i in range(256)}, []), bytes_only)
    before = bytes_only.read_bytes()
    numbers_tab.add_file(broken)
    numbers_tab.add_file(bytes_only)
    page = numbers_tab.numbers
    _cut_numbers(qtbot, page, 0, 199)
    assert [report.tokenizer for report in page.reports] == [*REFERENCE_PANES, "bytes-only.json"]
    assert "broken.json could not be loaded: " in page.status.text()
    assert page.rules.text().splitlines()[-1] == (
        "bytes-only.json: Single digits: 190 of 190 numbers of two digits or more are cut digit by digit; its "
        "vocabulary has no token of two digits or more."
    )
    assert not page.export(bytes_only)
    assert dialogs.errors[-1] == (
        "Cannot export",
        f"“bytes-only.json” could not be written: the CSV {bytes_only} is the same file as a tokenizer "
        f"{bytes_only.resolve()}: writing it would destroy the input.",
    )
    assert bytes_only.read_bytes() == before


# --- Messages that name a setting by its field, not by a flag (issue 42): the engine's words for a corpus read in
# another encoding are messages the window words, in Chinese too.


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("utf-16 read as utf-32", " 是 UTF-16 (little-endian) 文本（以字节顺序标记开头），不是 UTF-32。"),
        ("a lone surrogate in utf-16", "：在字节偏移 14 处不是有效的 UTF-16 (little-endian)（字节 00 D8 77 00）。"),
    ],
    ids=["utf-16 read as utf-32", "a lone surrogate in utf-16"],
)
def test_a_corpus_in_another_encoding_is_said_in_chinese(name, expected, chinese, tmp_path):
    """Read in UTF-16 or UTF-32 these were plain English sentences (with the library's "(encoding='utf-16')"),
    shown as they were in Chinese too."""
    from test_bad_inputs import _a_lone_surrogate_in_utf16, _utf16_read_as_utf32

    from app.common.wording.engine_messages import engine_message
    from bpe_core import BpeTrainer, CorpusError

    make = {"utf-16 read as utf-32": _utf16_read_as_utf32, "a lone surrogate in utf-16": _a_lone_surrogate_in_utf16}
    path, options = make[name](tmp_path)
    before = path.read_bytes()
    with pytest.raises(CorpusError) as caught:
        BpeTrainer(300, processes=1, encoding=options[1]).count_files(path)
    said = engine_message(caught.value)
    assert said.startswith(f"{path}{expected}"), said
    assert "--" not in said and "encoding" not in said and path.read_bytes() == before


# --- The Board page (Vocabulary tab; issue 43): a corpus that is no text, an export over the corpus or in a format
# the board is not written in; what was shown stays -----------------------------------------------------------------
@pytest.fixture
def board_page(qtbot, tmp_path):
    from app.vocabulary import VocabularyTab

    tab = VocabularyTab()
    qtbot.addWidget(tab)
    english = tmp_path / "en.txt"
    english.write_text(TEXT * 20, encoding="utf-8")
    board = tab.board
    board.set_corpus([str(english)])
    board.compute()
    qtbot.waitUntil(lambda: board.board is not None, timeout=120000)
    yield board, english
    tab.shutdown()


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("empty.txt", b"", "every file is empty"),
        ("binary.txt", b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)), "looks like a binary file"),
    ],
)
def test_a_board_of_a_corpus_that_is_no_text_says_so_and_keeps_the_board_shown(
    qtbot, board_page, tmp_path, name, data, said
):
    """An empty file or a binary file: the status names the file and the cause; the board measured before is still
    the one shown (rows and chart), and the file is unchanged."""
    board, _ = board_page
    shown, rows = board.board, board.table.rowCount()
    bad = tmp_path / name
    bad.write_bytes(data)
    board.set_corpus([str(bad)])
    board.compute()
    qtbot.waitUntil(lambda: board.run_button.isEnabled(), timeout=120000)
    assert name in board.status.text() and said in board.status.text(), board.status.text()
    assert board.board is shown and board.table.rowCount() == rows == 3 and board.bars
    assert bad.read_bytes() == data


def test_a_board_exported_over_its_corpus_or_as_txt_is_refused_and_nothing_is_written(
    qtbot, board_page, dialogs, tmp_path
):
    """Export onto a corpus file: refused (the corpus keeps its bytes); a .txt file: refused, the file there is
    byte for byte what it was."""
    board, english = board_page
    before = english.read_bytes()
    assert not board.export(english)
    assert "is the same file as Corpus" in dialogs.errors[-1][1] and english.read_bytes() == before
    kept = tmp_path / "notes.txt"
    kept.write_bytes(b"kept")
    assert not board.export(kept)
    assert "not “.txt”" in dialogs.errors[-1][1] and kept.read_bytes() == b"kept"


# ----- polish (issue 41, leftovers): a compressed corpus's size is its text's -------------------------------------


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_gzipped_corpus_is_described_by_its_texts_size(language, window, dialogs, tmp_path, request, monkeypatch):
    """The Train tab said '1 file, 4.5 KB' of a .txt.gz holding 26 KB of text (its size on disk); a compressed file
    too large to unpack at once is said to be compressed. The files are not changed."""
    import gzip

    from app.common.wording.sizes import format_bytes
    from bpe_core.corpus import compressed

    if language == "zh_CN":
        request.getfixturevalue("chinese")
    path = tmp_path / "corpus.txt.gz"
    path.write_bytes(gzip.compress(TEXT.encode("utf-8") * 100))
    before = path.read_bytes()
    panel = window.train_tab.corpus_panel
    assert panel.add_files([path]) and not dialogs.errors
    text_size = format_bytes(len(TEXT.encode("utf-8")) * 100)
    expected = {"en": f"1 file, {text_size}", "zh_CN": f"1 个文件，{text_size}"}[language]
    assert panel.current_source().describe() == expected and expected in panel.info.text()
    monkeypatch.setattr(compressed, "MEASURED_MOST", len(before) - 1)
    assert panel.add_files([path])
    on_disk = format_bytes(len(before))
    expected = {"en": f"1 file, {on_disk} compressed", "zh_CN": f"1 个文件，压缩后 {on_disk}"}[language]
    assert panel.current_source().describe() == expected and path.read_bytes() == before


# ----- Published byte-level BPE encoded by our engine, or by its library and why (issue 44) -----


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_compare_panes_tooltip_says_which_path_encodes_a_tokenizer_json(window, tmp_path, qtbot, request, language):
    """A tokenizer.json our engine reproduces says so in its pane's tooltip; one with a normalizer it does not
    reproduce (NFKC) says that the library encodes it and why. Both show the library's ids; the files
    are left as they were."""
    from test_hf_engine import byte_level_doc
    from tokenizers import Tokenizer as LibraryTokenizer

    if language == "zh_CN":
        request.getfixturevalue("chinese")
    ours, nfc = tmp_path / "ours.json", tmp_path / "nfc.json"
    ours.write_text(json.dumps(byte_level_doc({"ab": 256}, ["a b"])), encoding="utf-8")
    nfc.write_text(json.dumps(byte_level_doc({"ab": 256}, ["a b"]) | {"normalizer": {"type": "NFKC"}}), "utf-8")
    before = {path: path.read_bytes() for path in (ours, nfc)}
    view = window.compare_view
    view.editor.setPlainText("ab ba abc")
    said = {
        "en": (
            "encoded by our engine; it pre-tokenizes with our compiled gpt2 scanner.",
            "encoded by the tokenizers library: our engine does not reproduce the normalizer NFKC.",
        ),
        "zh_CN": (
            "由我们的引擎编码；预分词用我们编译好的 gpt2 扫描器。",
            "由 tokenizers 库编码：我们的引擎不能原样重现 the normalizer NFKC。",
        ),
    }[language]
    for path, words in zip((ours, nfc), said):
        pane = view.add_tokenizer_file(path)
        qtbot.waitUntil(lambda pane=pane: pane.result is not None and not view.busy(), timeout=60000)
        assert f"{path}{'：' if language == 'zh_CN' else ': '}{words}" in pane.toolTip()
        library = LibraryTokenizer.from_file(str(path))
        assert pane.ids() == library.encode("ab ba abc", add_special_tokens=False).ids
    assert {path: path.read_bytes() for path in (ours, nfc)} == before


def test_a_compare_pane_whose_tokenizer_json_split_regex_runs_away_names_the_files_regex(
    window, tmp_path, qtbot, short_regex_budget
):
    """A tokenizer.json our engine encodes whose Split regex backtracks catastrophically: the pane says the file's
    regex took too long (not the form our engine runs), the other panes encode, the file is unchanged."""
    from test_bad_inputs import _edited_byte_level_file

    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}
    runaway = r"(?:a|aa)+$|\S+|\s+"
    split = {"type": "Split", "pattern": {"Regex": runaway}, "behavior": "Isolated", "invert": False}
    path = _edited_byte_level_file(
        tmp_path, lambda doc: doc.update(pre_tokenizer={"type": "Sequence", "pretokenizers": [split, byte_level]})
    )
    before = path.read_bytes()
    view = window.compare_view
    view.set_text("a" * 60 + "b")
    pane = view.add_tokenizer_file(path)
    qtbot.waitUntil(lambda: pane.result is not None and not view.busy(), timeout=60000)
    assert pane.result.view is None and repr(runaway) in pane.result.error
    assert view.panes["gpt2"].result.view is not None
    assert path.read_bytes() == before


# ----- revfix (a reviewer's findings): a conversation saved as every other file is ---------------------------------


def test_a_conversation_is_saved_as_every_export_is(qtbot, english, tmp_path, monkeypatch, request):
    """Saving a conversation kept the file's permissions (mkstemp made it 0600, private), replaced a symbolic link
    by a plain file, and let a lone surrogate's UnicodeEncodeError out of the slot. Now: the mode stays, the link
    is followed (its target written, the link kept), a lone surrogate is written as U+FFFD and said, a named pipe
    is refused at once naming it (in Chinese too); the turns shown are unchanged; '1 turn' in the singular."""
    view, said = _chat_view(qtbot)
    editor = view.chat_editor
    shared = tmp_path / "shared.json"
    shared.write_bytes(b"[]")
    shared.chmod(0o644)
    assert editor.save_file(shared) and shared.stat().st_mode & 0o777 == 0o644
    assert said[-1] == "Saved 4 turns to shared.json."
    real, link = tmp_path / "real.json", tmp_path / "link.json"
    real.write_bytes(b"[]")
    link.symlink_to(real)
    assert editor.save_file(link) and link.is_symlink() and json.loads(real.read_text(encoding="utf-8"))
    # this Qt binding drops a lone surrogate on its way into a widget: the test puts one where the editor reads
    row = editor.rows[1]
    monkeypatch.setattr(row.text, "toPlainText", lambda: "broken \ud800 paste")
    before = [message.as_dict() for message in editor.messages()]
    talk = tmp_path / "talk.json"
    assert editor.save_file(talk)
    assert json.loads(talk.read_text(encoding="utf-8"))[1]["content"] == "broken \ufffd paste"
    assert said[-1] == (
        "Saved 4 turns to talk.json. 1 character no file can hold (half of a UTF-16 pair) was written as U+FFFD (�)."
    )
    assert [message.as_dict() for message in editor.messages()] == before
    monkeypatch.undo()
    fifo = tmp_path / "talk.fifo"
    os.mkfifo(fifo)
    assert not editor.save_file(fifo)
    assert said[-1] == f"Cannot write {fifo}: it is a named pipe, not a regular file."
    request.getfixturevalue("chinese")
    assert not editor.save_file(fifo)
    assert said[-1] == f"无法写入 {fifo}：它是命名管道，不是普通文件。", said[-1]
    editor.set_messages(editor.messages()[:1])
    assert editor.save_file(talk) and said[-1] == "已把 1 轮对话保存到 talk.json。"
    view.shutdown()


def test_one_turn_opened_or_saved_is_said_in_the_singular(qtbot, english, tmp_path):
    """'Saved 1 turns', 'Opened 1 turns': the count was not given to Qt's plural forms."""
    view, said = _chat_view(qtbot)
    editor = view.chat_editor
    editor.set_messages(editor.messages()[:1])
    talk = tmp_path / "talk.json"
    assert editor.save_file(talk) and said[-1] == "Saved 1 turn to talk.json."
    assert editor.open_file(talk) and said[-1] == "Opened 1 turn from talk.json."
    view.shutdown()
