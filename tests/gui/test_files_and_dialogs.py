"""Opening corpus files (bad ones get a dialog), settings validation, save/open/export, and the models."""

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from app.train.merge_history import MergeHistory
from app.train.merges_model import RAW_ROLE, MergesFilterModel, MergesTableModel


def answer_next_dialog(button_text=None):
    """When the next modal message box opens, record it and press ``button_text`` (or its default)."""
    seen = {}

    def press():
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, press)
            return
        seen.update(name=box.objectName(), text=box.text(), details=box.detailedText())
        buttons = [b for b in box.buttons() if button_text is None or b.text() == button_text]
        buttons[0].click() if button_text else box.accept()

    QTimer.singleShot(0, press)
    return seen


def test_empty_file_shows_a_message(window, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    seen = answer_next_dialog()
    assert not window.train_tab.corpus_panel.add_files([empty])
    assert seen["name"] == "errorDialog" and "empty" in seen["text"]
    assert window.train_tab.corpus_panel.current_source().name == "English sample"


def test_binary_file_offers_replacing_invalid_bytes(window, tmp_path):
    binary = tmp_path / "data.bin"
    binary.write_bytes(b"\x00\x01\xff\xfe some bytes \x80\x81")
    seen = answer_next_dialog("Skip this file")
    assert not window.train_tab.corpus_panel.add_files([binary])
    assert seen["name"] == "replaceInvalidDialog" and "binary" in seen["text"]


def test_latin1_file_trains_with_replaced_bytes(window, tmp_path, train):
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("café crème brûlée, déjà vu. ".encode("latin-1") * 200)
    seen = answer_next_dialog("Replace invalid bytes")
    assert window.train_tab.corpus_panel.add_files([latin])
    assert "not valid UTF-8" in seen["text"]
    source = window.train_tab.corpus_panel.current_source()
    assert source.errors == "replace" and source.name == "latin1.txt"
    window.train_tab.settings_panel.apply(vocab_size=300)
    result = train(window)
    assert result.record.settings["errors"] == "replace"
    assert any("\ufffd".encode() in s.token for s in window.train_tab.history.steps)


def test_invalid_settings_disable_train_and_say_why(window):
    panel = window.train_tab.settings_panel
    panel.apply(pattern=r"[a-")
    assert not window.train_tab.train_button.isEnabled()
    assert "regex" in window.train_tab.train_reason.text() and panel.custom_regex.isVisible()
    panel.custom_regex.setText(r"\p{L}+|\s+|[^\s\p{L}]+")
    assert window.train_tab.train_button.isEnabled() and not window.train_tab.train_reason.isVisible()
    panel.vocab_size.setValue(200)
    assert not window.train_tab.train_button.isEnabled() and "minimum is 257" in window.train_tab.train_reason.text()
    panel.vocab_size.setValue(1000)
    panel.specials.setText("<|a|> <|a|>")
    assert not window.train_tab.train_button.isEnabled() and "twice" in window.train_tab.train_reason.text()


def test_save_then_open_restores_merges_and_charts(window, train, tmp_path, qtbot):
    window.train_tab.corpus_panel.select_sample("chinese.txt")
    window.train_tab.settings_panel.apply(vocab_size=800)
    result = train(window)
    path = tmp_path / "zh.json"
    assert window.files.save_tokenizer(path)

    from PySide6.QtCore import QSettings

    from app.main_window import MainWindow

    other = MainWindow(QSettings(str(tmp_path / "other.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(other)
    assert other.files.open_tokenizer(path)
    assert other.train_tab.history.steps == result.record.steps
    assert other.train_tab.model.rowCount() == len(result.merges) == 800 - 257
    assert other.train_tab.tokenizer.merges == result.merges
    _, y = other.train_tab.count_chart.curve.getOriginalDataset()
    assert list(y) == [s.count for s in result.record.steps]
    assert other.train_tab.pair_chart.shown_rank == len(result.merges) - 1
    assert other.files.recent.paths() == [str(path)]
    assert other.train_tab.settings_panel.vocab_size.value() == 800
    other.close()


def test_open_bad_tokenizer_file_shows_error_and_keeps_working(window, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    seen = answer_next_dialog()
    assert not window.files.open_tokenizer(bad)
    assert seen["name"] == "errorDialog" and "bad.json" in seen["text"] and seen["details"]
    assert window.train_tab.train_button.isEnabled()


def test_export_writes_each_format(window, train, tmp_path):
    window.train_tab.settings_panel.apply(vocab_size=400)
    train(window)
    for fmt, names in {
        "gpt2": {"vocab.json", "merges.txt"},
        "tiktoken": {"tokenizer.tiktoken"},
        "huggingface": {"tokenizer.json"},
    }.items():
        written = window.files.export_tokenizer(tmp_path / fmt, fmt)
        assert {p.name for p in written} == names


def test_models_pass_qtmodeltester(qtmodeltester, window, train):
    window.train_tab.settings_panel.apply(vocab_size=600)
    train(window)
    qtmodeltester.check(window.train_tab.model)
    window.train_tab.proxy.set_search("e")
    qtmodeltester.check(window.train_tab.proxy)


def test_model_appends_batches_and_filters_bytes(qtmodeltester):
    from bpe_core.training.steps import MergeStep

    history = MergeHistory()
    model = MergesTableModel(history)
    proxy = MergesFilterModel()
    proxy.setSourceModel(model)
    qtmodeltester.check(model)
    steps = [
        MergeStep(0, 256, 0xE4, 0xB8, b"\xe4\xb8", 5, 20),
        MergeStep(1, 257, 256, 0xAD, "中".encode(), 5, 15),
    ]
    model.extend(steps[:1])
    model.extend(steps[1:])
    qtmodeltester.check(model)
    assert [model.data(model.index(r, 4)) for r in range(2)] == ["<E4><B8>", "中"]
    assert model.data(model.index(1, 2)) == "<E4><B8>"
    assert model.data(model.index(1, 4), RAW_ROLE) == "中".encode()
    proxy.set_search("中")
    assert proxy.rowCount() == 1
    with pytest.raises(ValueError):
        model.extend(steps[:1])  # rank 0 again
