"""PickyBPE and parity-aware BPE in the Train tab (issue 23): the settings reach the engine, the merges table says
which tokens were removed (with the tokens each merge merged as they were then), and the compression chart draws a
curve per language."""

import pytest

from app.train.merges_model import LEFT, RAW_ROLE, REMOVED, RIGHT
from bpe_core.corpus.samples import corpus_path
from bpe_core.training.trainer import BpeTrainer
from bpe_core.variants.picky import PickyTokenizer


def test_picky_settings_reach_the_engine_and_the_table_shows_removals(qtbot, window, train):
    panel = window.train_tab.settings_panel
    panel.apply(vocab_size=700, special_tokens=[])
    panel.picky.setValue(0.7)
    result = train(window)
    path = window.train_tab.corpus_panel.current_source().paths[0]
    expected = BpeTrainer(700, pattern="gpt2", processes=1, picky=0.7)
    expected.count_text(path.read_text(encoding="utf-8"))
    expected.run()
    assert expected.removed_count > 0
    tokenizer = result.tokenizer
    assert isinstance(tokenizer, PickyTokenizer) and tokenizer.vocab == expected.vocab
    model, view = window.train_tab.model, window.train_tab.table
    assert not view.isColumnHidden(REMOVED)
    steps = expected.record.steps
    removing = next(step.rank for step in steps if step.removed)
    shown = model.data(model.index(removing, REMOVED))
    assert shown and model.data(model.index(removing, REMOVED), RAW_ROLE) == len(steps[removing].removed)
    for rank, (left, right) in enumerate(expected.merges):  # each merge's parts as they were, ids reused or not
        assert model.history.parts(rank) == (left, right)
    reused = next(step.rank for step in steps if step.new_id < 256 + step.rank)
    assert model.data(model.index(reused, LEFT)) is not None and model.data(model.index(reused, RIGHT)) is not None
    panel.superword_after.setValue(600)
    assert any("PickyBPE" in problem for problem in panel.problems())


@pytest.mark.slow
def test_parity_settings_train_each_file_as_a_language(qtbot, window, train, tmp_path):
    en, zh = tmp_path / "en.txt", tmp_path / "zh.txt"
    en.write_text(corpus_path("english-prose").read_text(encoding="utf-8")[:30_000], encoding="utf-8")
    zh.write_text(corpus_path("chinese-prose").read_text(encoding="utf-8")[:10_000], encoding="utf-8")
    assert window.train_tab.corpus_panel.add_files([en, zh])
    panel = window.train_tab.settings_panel
    panel.apply(vocab_size=900, special_tokens=[])
    panel.parity.setChecked(True)
    result = train(window)
    assert result.record.parity["languages"] == ["en", "zh"]
    expected = BpeTrainer(900, pattern="gpt2", processes=1, parity=True)
    expected.count_languages({"en": en, "zh": zh})
    expected.run()
    assert result.tokenizer.merges == expected.merges
    assert window.train_tab.table.isColumnHidden(REMOVED), "no Removed column for a run that removed nothing"
    chart = window.train_tab.compression_chart
    assert len(chart.language_curves) == 2
    xs, ys = chart.language_curves[1].getOriginalDataset()
    assert len(xs) == len(expected.merges) and ys[-1] > ys[0]  # Chinese compresses better as merges serve it
    panel.picky.setValue(0.9)
    assert any("Parity-aware BPE cannot be combined with PickyBPE" in problem for problem in panel.problems())
