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
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from test_bad_inputs import (
    CORPUS_CASES,
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
from bpe_core.formats import load_json, save_json
from bpe_core.reference import get_encoding
from bpe_core.tokenizer import Tokenizer

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
        "app.common.dialogs.show_error",
        lambda _parent, title, message, details="": seen.errors.append((title, message)),
    )
    monkeypatch.setattr("app.common.dialogs.ask_replace_invalid", ask("replace"))
    monkeypatch.setattr("app.common.dialogs.ask_read_as", ask("read as"))
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
    assert panel.settings().special_tokens == [] and window.train_tab.train_button.isEnabled()

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
        (panicking_regex_file, "PanicException: Onig: Regex search error"),
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
