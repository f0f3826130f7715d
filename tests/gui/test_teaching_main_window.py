"""The Teach menu of the real main window: before training it shows tiktoken's encodings, after training the
trained tokenizer, with the training counts in its merge trees."""

import pytest


@pytest.mark.slow
def test_teach_menu_follows_the_current_tokenizer(qtbot, window, train):
    menus = [action.text() for action in window.menuBar().actions()]
    assert "&Teach" in menus
    window.teach_action.trigger()
    teaching = window.teaching
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    assert teaching.isVisible() and teaching.source.currentData() == "gpt2"
    assert teaching.slider.total_merges == 50000

    window.settings_panel.apply(vocab_size=400)
    result = train(window)
    assert window.teach_action.shortcut().toString() == "Ctrl+T"
    window.teach_action.trigger()
    assert window.teaching is teaching  # the same window, now on the trained tokenizer
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    assert teaching.source.currentText() == f"current tokenizer ({len(result.merges)} merges)"
    assert teaching.tokenizer is window.tokenizer and teaching.slider.total_merges == len(result.merges)
    teaching.show_view("tree")
    step = window.tokenizer.record.steps[-1]
    assert teaching.tree.show_token(step.new_id)
    assert (teaching.tree.root.rank, teaching.tree.root.count) == (step.rank, step.count)
    window.close()
    assert not teaching.isVisible()
