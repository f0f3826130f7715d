"""The Teach menu of the real main window: before training it shows tiktoken's encodings, after training the
trained tokenizer, with the training counts in its merge trees."""

import re

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

    window.train_tab.settings_panel.apply(vocab_size=400)
    result = train(window)
    assert window.teach_action.shortcut().toString() == "Ctrl+T"
    window.teach_action.trigger()
    assert window.teaching is teaching  # the same window, now on the trained tokenizer
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    assert teaching.source.currentText() == f"current tokenizer ({len(result.merges)} merges)"
    assert teaching.tokenizer is window.train_tab.tokenizer and teaching.slider.total_merges == len(result.merges)
    teaching.show_view("tree")
    step = window.train_tab.tokenizer.record.steps[-1]
    assert teaching.tree.show_token(step.new_id)
    assert (teaching.tree.root.rank, teaching.tree.root.count) == (step.rank, step.count)
    window.close()
    assert not teaching.isVisible()


CJK = re.compile(r"[\u4e00-\u9fff]")


def test_after_training_on_chinese_the_lessons_are_in_chinese(qtbot, window, train):
    """Issue 19: the slider, stepping through, the animation and the merge trees take a sentence of the training
    corpus; the Compare text and the English samples are one click away."""
    window.train_tab.corpus_panel.select_sample("chinese")
    window.train_tab.settings_panel.apply(vocab_size=400, special_tokens=[])
    train(window)
    window.compare_view.set_text("Hello, world")
    window.teach_action.trigger()
    teaching = window.teaching
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    assert (
        teaching.text_choice.currentData() == "corpus"
        and "Training corpus: 站在高处" in teaching.text_choice.currentText()
    )
    views = {
        "slider": teaching.slider.text(),
        "step": teaching.step.input.currentText(),
        "animation": teaching.animation.editor.text(),
        "tree": teaching.tree.editor.text(),
    }
    assert all(len(CJK.findall(text)) >= 5 for text in views.values()), views
    assert len(teaching.slider.ids) < len(teaching.slider.text().encode())  # the run's own merges join bytes
    teaching.text_choice.setCurrentIndex(teaching.text_choice.findData("compare"))
    assert teaching.slider.text() == "Hello, world" and teaching.animation.editor.text() == "Hello, world"
    teaching.text_choice.setCurrentIndex(teaching.text_choice.findData("samples"))
    assert teaching.slider.text().startswith("The lowest newest") and teaching.step.input.currentText().startswith("[")


def test_before_training_the_lessons_offer_the_compare_text_and_the_samples(qtbot, window):
    window.compare_view.set_text("你好，世界")
    window.teach_action.trigger()
    teaching = window.teaching
    assert [teaching.text_choice.itemData(i) for i in range(teaching.text_choice.count())] == ["compare", "samples"]
    assert teaching.slider.text() == "你好，世界"
