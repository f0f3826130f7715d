"""The window on pre-token counts (issue 24): a counts file opened as a corpus trains to the merges of the text it
was counted from; counts of another pattern set the pre-tokenizer (changed back, Train says why it cannot); Save
counts writes the counts the run trained on; counting on Ray from the window gives the local run's merges."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from app.common.files.samples import samples_dir
from app.common.widgets import dialogs
from bpe_core import BpeTrainer
from bpe_core.cli import main as bpe
from bpe_core.corpus.counting import count_pieces
from bpe_core.corpus.counts_file import read_counts
from bpe_core.corpus.reader import CorpusInfo, CorpusReader
from bpe_core.pretokenize.specials import SpecialSplitter

SAMPLE = samples_dir() / "english.txt"
SPECIALS = ["<|endoftext|>"]


def merges_of_text(pattern="gpt2", vocab_size=1257):
    trainer = BpeTrainer(vocab_size, SPECIALS, pattern=pattern, processes=1)
    trainer.count_files([SAMPLE])
    list(trainer.steps())
    return trainer.merges


def counted(tmp_path, name, *options):
    path = tmp_path / name
    assert bpe(["count", str(SAMPLE), "--special", SPECIALS[0], *options, "-o", str(path)]) == 0
    return path


@pytest.fixture
def errors(monkeypatch):
    """The error dialogs shown, as (title, message)."""
    shown = []
    monkeypatch.setattr(
        dialogs, "show_error", lambda _parent, title, message, _details="": shown.append((title, message))
    )
    return shown


@pytest.mark.slow
@pytest.mark.parametrize("suffix", ["parquet", "tsv"])
def test_a_counts_file_trains_to_the_merges_of_its_text(window, train, tmp_path, suffix):
    path = counted(tmp_path, f"english.{suffix}")
    tab = window.train_tab
    tab.settings_panel.apply(vocab_size=1257, pattern="gpt2", special_tokens=SPECIALS)
    assert tab.corpus_panel.add_files([path])
    source = tab.corpus_panel.current_source()
    assert source.counts is not None and not source.has_text and source.paths == []
    words = read_counts([path]).words
    info = tab.corpus_panel.info.text()
    assert path.name in info and f"{len(words):,} distinct" in info and f"{sum(words.values()):,} in all" in info
    assert ("cut with gpt2" in info) == (suffix == "parquet")  # a TEXT<TAB>COUNT file does not say its pattern
    assert "no text" in tab.corpus_panel.preview.toPlainText()
    result = train(window)
    assert not result.cancelled and result.job.corpus.counts == (str(path),) and result.job.corpus.paths == ()
    assert result.merges == merges_of_text()
    assert result.special_tokens == {SPECIALS[0]: 1256}
    assert window.train_tab.model.rowCount() == 1000


@pytest.mark.slow
def test_counts_of_another_pattern_set_it_and_train_says_why_not_once_it_is_changed(window, train, tmp_path):
    path = counted(tmp_path, "english-cl100k.parquet", "--pattern", "cl100k")
    tab, panel = window.train_tab, window.train_tab.settings_panel
    panel.apply(vocab_size=1257, pattern="gpt2", special_tokens=SPECIALS)
    assert tab.corpus_panel.add_files([path])
    assert panel.settings().pattern == "cl100k"  # chosen from the file
    assert tab.train_button.isEnabled()
    assert train(window).merges == merges_of_text("cl100k")

    panel.apply(pattern="gpt2")
    assert not tab.train_button.isEnabled()
    assert "counted with the pre-tokenizer cl100k" in tab.train_reason.text()
    panel.apply(pattern="cl100k", special_tokens=["<|pad|>"])
    assert "special tokens <|endoftext|>" in tab.train_reason.text()
    panel.apply(special_tokens=SPECIALS)
    panel.superword_after.setValue(600)
    assert not tab.train_button.isEnabled() and "a counts corpus has no text" in tab.train_reason.text()
    panel.superword_after.setValue(0)
    assert tab.train_button.isEnabled()

    tab.corpus_panel.select_sample("english")  # text again: the pattern stays what the user has
    assert panel.settings().pattern == "cl100k" and tab.train_button.isEnabled()


def test_a_custom_regex_is_not_tried_on_a_counts_corpus(window, tmp_path):
    path = counted(tmp_path, "words.tsv", "--pattern", r"\w+")
    tab, panel = window.train_tab, window.train_tab.settings_panel
    assert tab.corpus_panel.add_files([path])
    panel.apply(pattern=r"\w+")
    assert panel.pattern_check.text() == "Not tried on the corpus: a counts corpus has no text."
    assert not panel.checking() and tab.train_button.isEnabled()


@pytest.mark.slow
def test_counts_that_cannot_be_used_are_refused_and_the_corpus_kept(window, tmp_path, errors):
    panel = window.train_tab.corpus_panel
    before = panel.current_source()
    parquet = counted(tmp_path, "english.parquet")
    not_counts = tmp_path / "table.tsv"
    not_counts.write_text("no tab here\n", encoding="utf-8")
    assert not panel.add_files([parquet, SAMPLE])
    assert errors[-1][0] == "Counts and text together"
    assert not panel.add_files([not_counts])
    assert "line 1 is not TEXT<TAB>COUNT" in errors[-1][1]
    other = counted(tmp_path, "english-o200k.parquet", "--pattern", "o200k")
    assert not panel.add_files([parquet, other])
    assert "counts cut differently cannot be summed" in errors[-1][1]
    assert panel.current_source() is before


@pytest.mark.parametrize("suffix", ["parquet", "tsv"])
def test_save_counts_writes_the_counts_the_run_trained_on(window, train, qtbot, tmp_path, monkeypatch, suffix):
    tab = window.train_tab
    tab.settings_panel.apply(vocab_size=400, pattern="cl100k", special_tokens=SPECIALS)
    assert not tab.corpus_panel.save_counts_button.isEnabled()  # no run yet
    result = train(window)
    tab.settings_panel.apply(pattern="gpt2")  # changed after the run: the run's counts are saved all the same
    target = tmp_path / f"saved.{suffix}"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    qtbot.mouseClick(tab.corpus_panel.save_counts_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not tab.corpus_panel.saving.busy(), timeout=30000)
    assert tab.corpus_panel.counts_status.text().startswith(f"Saved saved.{suffix}:")

    reader = CorpusReader(pattern="cl100k", splitter=SpecialSplitter(SPECIALS))
    expected = count_pieces(
        reader.pieces_of_files([SAMPLE], CorpusInfo()), pattern="cl100k", special_tokens=tuple(SPECIALS), processes=1
    )
    saved = read_counts([target], pattern="cl100k")
    assert saved.words == expected.words and saved.pattern == "cl100k"
    if suffix == "parquet":  # the file says how it was cut, and trains again to the run's merges
        assert saved.special_tokens == tuple(SPECIALS) and saved.corpus_names == ("english.txt",)
        assert tab.corpus_panel.add_files([target])
        assert tab.settings_panel.settings().pattern == "cl100k"
        assert train(window).merges == result.merges


def test_save_counts_to_a_folder_is_refused(window, train, tmp_path, errors):
    window.train_tab.settings_panel.apply(vocab_size=300)
    train(window)
    assert not window.train_tab.corpus_panel.save_counts(tmp_path)
    assert errors[-1][0] == "Cannot save counts"


@pytest.mark.slow
def test_counting_on_ray_from_the_window_gives_the_local_merges(window, train):
    tab = window.train_tab
    tab.settings_panel.apply(vocab_size=1257, pattern="gpt2", special_tokens=SPECIALS)
    tab.settings_panel.ray_address.setText("local")
    assert tab.train_button.isEnabled()
    result = train(window, timeout=120000)
    assert result.job.config.ray_address == "local"
    assert result.merges == merges_of_text()
    tab.settings_panel.superword_after.setValue(600)
    assert "clear the Ray address" in tab.train_reason.text()
