"""The X-ray page on a file and the audit's usage file (app/vocabulary/xray_panel.py, audit_panel.py): the whole
file is read, a block at a time with progress and Cancel, where both used to read its first 32 million characters
without saying so; a bad byte deep in the file stops it and says where; a folder or a FIFO is refused unopened; a
file too long for a tokenizer that encodes its text whole says so."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt

from app.common.files import local
from app.vocabulary import VocabularyTab
from bpe_core.corpus.samples import corpus_path
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.vocabulary.xray import xray, xray_json

WAIT_MS = 60000


@pytest.fixture
def tab(qtbot):
    widget = VocabularyTab(compare_text=lambda: "not this text")
    qtbot.addWidget(widget)
    widget.resize(1300, 800)
    widget.show()
    widget.show_vocabulary("gpt2")
    qtbot.waitUntil(lambda: widget.current is not None and widget.current.choice.key == "gpt2", timeout=WAIT_MS)
    widget.pages.setCurrentWidget(widget.xray)
    yield widget
    widget.shutdown()


def test_the_whole_file_is_x_rayed_a_block_at_a_time_with_progress(tab, qtbot, tmp_path, monkeypatch):
    """A file of many blocks (blocks of 64 KB here): the X-ray is the engine's of the whole text (all its
    characters counted), and the progress bar full at the end, having moved through both halves on the way."""
    text = corpus_path("english-prose").read_text(encoding="utf-8") * 3
    path = tmp_path / "big.txt"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(local, "BLOCK_BYTES", 1 << 16)
    assert path.stat().st_size > 8 * (1 << 16)
    seen, shown = [], []
    tab.xray.jobs.progress.connect(
        lambda done, total: (seen.append(done / total), shown.append(tab.xray.progress.isVisible()))
    )
    tab.xray.set_file(path)
    assert tab.xray.progress.isHidden()  # (an empty bar before a run read as a text field)
    with qtbot.waitSignal(tab.xray.finished, timeout=WAIT_MS) as blocker:
        qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    assert all(shown) and len(shown) > 4 and tab.xray.progress.isHidden()
    ray, gpt2 = blocker.args[0], TiktokenTokenizer.reference("gpt2")
    assert xray_json(ray) == xray_json(xray(gpt2, text))
    assert ray.fertility.chars == len(text) > 3 * xray(gpt2, text[: len(text) // 4]).fertility.chars
    assert tab.xray.progress.value() == 1000 and any(0 < f < 0.5 for f in seen) and any(0.5 <= f < 1 for f in seen)


def test_a_bad_byte_deep_in_the_file_stops_the_x_ray_and_says_where(tab, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(local, "BLOCK_BYTES", 1 << 12)
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"plain ascii text " * 1000 + b"caf\xe9 " + b"more " * 100)
    tab.xray.set_file(path)
    qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.xray.run_button.isEnabled(), timeout=WAIT_MS)
    assert tab.xray.status.text() == "Cannot X-ray: latin1.txt: not UTF-8 text (invalid byte at offset 17,003)."
    assert tab.xray.ray is None


def test_a_file_not_utf8_from_its_start_is_refused_before_the_x_ray_runs(tab, qtbot, tmp_path):
    path = tmp_path / "gbk.txt"
    path.write_bytes("中文文本".encode("gbk") * 100)
    tab.xray.set_file(path)
    qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    assert tab.xray.status.text() == "gbk.txt: not UTF-8 text (invalid byte at offset 0)."
    assert tab.xray.run_button.isEnabled() and not tab.xray.jobs.busy()


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_folder_or_a_fifo_is_refused_unopened(tab, qtbot, tmp_path, kind):
    path = tmp_path / kind
    if kind == "folder":
        path.mkdir()
    else:
        os.mkfifo(path)  # opened, it would wait for a writer for ever
    tab.xray.set_file(path)
    qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    assert "not a regular file: it was not opened." in tab.xray.status.text()
    assert tab.xray.run_button.isEnabled() and not tab.xray.jobs.busy()


def test_cancel_stops_the_reading_of_a_large_file(tab, qtbot, tmp_path, monkeypatch):
    """Cancel pressed while the file is read: the X-ray stops at the next block and says it was cancelled."""
    monkeypatch.setattr(local, "BLOCK_BYTES", 1 << 12)
    path = tmp_path / "large.txt"
    path.write_text(corpus_path("english-prose").read_text(encoding="utf-8") * 20, encoding="utf-8")
    blocks = []
    tab.xray.jobs.progress.connect(lambda done, total: blocks.append(done))
    tab.xray.set_file(path)
    qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(blocks) >= 2, timeout=WAIT_MS)
    qtbot.mouseClick(tab.xray.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.xray.run_button.isEnabled(), timeout=WAIT_MS)
    assert tab.xray.status.text() == "X-ray cancelled." and tab.xray.ray is None
    assert max(blocks) < path.stat().st_size  # (stopped while reading: the file was not read to its end)


def test_the_audit_counts_usage_in_the_whole_file(tab, qtbot, tmp_path, monkeypatch):
    """The audit's usage file read whole, in blocks: the counts are those of the whole text (a token found only at
    its end counted), and a bad byte says where, in the audit's words."""
    from bpe_core.vocabulary.audit import usage_counts
    from bpe_core.vocabulary.source import vocabulary_source

    monkeypatch.setattr(local, "BLOCK_BYTES", 1 << 14)
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:400_000] + " 🦩🦩"
    path = tmp_path / "usage.txt"
    path.write_text(text, encoding="utf-8")
    tab.pages.setCurrentWidget(tab.audit)
    tab.audit.set_usage_file(path)
    with qtbot.waitSignal(tab.audit.finished, timeout=WAIT_MS) as blocker:
        qtbot.mouseClick(tab.audit.run_button, Qt.MouseButton.LeftButton)
    audit = blocker.args[0]
    gpt2 = vocabulary_source(TiktokenTokenizer.reference("gpt2"))
    assert (audit.usage == usage_counts(gpt2, audit.table, [text])).all()
    assert audit.usage.sum() == len(TiktokenTokenizer.reference("gpt2").encode(text))
    path.write_bytes(text.encode()[:300_000] + b"\xff")
    qtbot.mouseClick(tab.audit.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.audit.run_button.isEnabled(), timeout=WAIT_MS)
    assert "usage.txt: not UTF-8 text (invalid byte at offset 300,000)." in tab.audit.status.text()


def test_a_file_too_long_for_a_tokenizer_that_encodes_it_whole_says_so(tab, qtbot, tmp_path, monkeypatch):
    """A published model's own library encodes a text whole (its cuts are not proven): a file longer than that
    limit stops the X-ray with a sentence saying so, not the engine's English."""
    from app.vocabulary import text_file
    from bpe_core.vocabulary import text_pieces

    monkeypatch.setattr(text_pieces, "WHOLE_MOST_CHARS", 1000)
    monkeypatch.setattr(text_file, "WHOLE_MOST_CHARS", 1000)
    monkeypatch.setattr(text_pieces, "cut_pattern", lambda tokenizer: None)  # as for a library's tokenizer
    path = tmp_path / "long.txt"
    path.write_text("word " * 1000, encoding="utf-8")
    tab.xray.set_file(path)
    qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: tab.xray.run_button.isEnabled(), timeout=WAIT_MS)
    assert tab.xray.status.text() == (
        "Cannot X-ray: long.txt: too long for tiktoken gpt2, which encodes a text whole: at most 1,000 characters."
    )


@pytest.mark.parametrize("block", [1, 2, 3, 4, 5, 7])
@pytest.mark.parametrize(
    "data",
    [
        b"abc\xc3A tail",  # a lead byte ending a block, its follower not one
        b"ab\xe4\xb8A",  # two bytes of three, cut anywhere
        "中文".encode() + b"\xf0\x9f\x98",  # a character cut at the end of the file
        b"\xff",
        "é".encode() * 5 + b"\x80",
    ],
)
def test_the_offset_of_a_bad_byte_is_the_files_wherever_the_blocks_cut(data, block, tmp_path):
    """read_text_blocks names the offset bytes.decode names, whichever block a cut character began in."""
    path = tmp_path / "t.txt"
    path.write_bytes(data)
    with pytest.raises(UnicodeDecodeError) as expected:
        data.decode("utf-8")
    with pytest.raises(local.InvalidUtf8) as found:
        list(local.read_text_blocks(path, block_bytes=block))
    assert found.value.offset == expected.value.start


def test_the_progress_of_a_gigabyte_fits_qts_ints(tab, qtbot, tmp_path, monkeypatch):
    """The file's bytes reach the bar as thousandths (2 x a gigabyte's size overflowed the signal's 32-bit int: the
    total arrived negative and the bar stayed at 0): here the file is said to hold 3 GB."""
    real = local._text_blocks  # (each block's report as if the file were 3 GB)
    scaled = lambda on_read: lambda done, size: on_read(done * (3 << 30) // size, 3 << 30)  # noqa: E731
    monkeypatch.setattr(local, "_text_blocks", lambda path, block, on_read: real(path, block, scaled(on_read)))
    path = tmp_path / "t.txt"
    path.write_text("some words " * 100, encoding="utf-8")
    seen = []
    tab.xray.jobs.progress.connect(lambda done, total: seen.append((done, total)))
    tab.xray.set_file(path)
    with qtbot.waitSignal(tab.xray.finished, timeout=WAIT_MS):
        qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    assert seen and all(total == 1000 and 0 <= done <= 1000 for done, total in seen), seen


def test_the_tables_say_what_to_do_before_a_run_and_when_a_text_gives_them_nothing(tab, qtbot):
    """Before a run, each empty table says what X-ray will list there (they were blank); after a run on a text
    whose tables stay empty ("not this text": no residue, no word cut in two), each says so."""
    assert tab.xray.residues_hint.isVisible() and "Press X-ray" in tab.xray.residues_hint.text()
    assert tab.xray.shattered_hint.isVisible() and "Press X-ray" in tab.xray.shattered_hint.text()
    with qtbot.waitSignal(tab.xray.finished, timeout=WAIT_MS) as blocker:
        qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    ray = blocker.args[0]
    assert not ray.residues and not any(ray.shattered.values())
    assert tab.xray.residues_hint.isVisible() and tab.xray.residues_hint.text().startswith("No residue")
    assert tab.xray.shattered_hint.text() == "No word of this text is cut into two tokens or more."


def test_the_audits_finding_drop_down_is_labelled(tab):
    """The audit's drop-down of findings (unreachable, partial UTF-8…) says what it chooses (it stood alone)."""
    from PySide6.QtWidgets import QLabel

    row = tab.audit.finding.parentWidget().layout().itemAt(0).layout()
    labels = [row.itemAt(i).widget() for i in range(row.count()) if isinstance(row.itemAt(i).widget(), QLabel)]
    assert [label.text() for label in labels] == ["Tokens shown:"] and row.indexOf(tab.audit.finding) == 1


@pytest.mark.parametrize("kind", ["empty", "symlink"])
def test_an_empty_file_says_it_has_no_word_and_a_link_is_read_as_its_file(tab, qtbot, tmp_path, kind):
    """An empty file: the X-ray runs and says the text has no word (no error, nothing written); a symbolic link:
    the file it names is X-rayed, as if chosen itself. Neither file is changed."""
    target = tmp_path / "words.txt"
    target.write_text("" if kind == "empty" else "the lowest newest " * 50, encoding="utf-8")
    path = target
    if kind == "symlink":
        path = tmp_path / "link.txt"
        path.symlink_to(target)
    before = target.read_bytes()
    tab.xray.set_file(path)
    with qtbot.waitSignal(tab.xray.finished, timeout=WAIT_MS) as blocker:
        qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    words = blocker.args[0].fertility.words
    assert (words == 0 and "no word in the text" in tab.xray.status.text()) if kind == "empty" else words == 150
    assert target.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["words.txt"] + (["link.txt"] if kind == "symlink" else [])
    )
