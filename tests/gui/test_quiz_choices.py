"""The quiz's choices: readable at any size without widening the Teach window (presentation mode on the Chinese
prose corpus made it 1,934 px wide on a 1366 px screen), and each saying which bytes it joins, so that two choices
that build toward the same character never read the same; the verdict ends as the language ends a sentence."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt

from app.teaching.choice_button import ChoiceButton
from app.teaching.quiz_view import QuizView
from app.teaching.quiz_words import QuizWords
from bpe_core import BpeTrainer, Tokenizer
from bpe_core.corpus.samples import corpus_path
from bpe_core.teaching.lesson_text import lesson_text
from bpe_core.teaching.quiz import PairContext

LAPTOP = (1366, 768 - 40 - 30)  # the screen less its taskbar and the window's title bar (as test_layout_sizes.py)
COMMA = "，".encode()  # EF BC 8C


@pytest.fixture(scope="module")
def chinese_prose():
    """A tokenizer of 1,000 merges trained on the Chinese prose corpus's beginning, and its lesson text (as the Teach
    window gets them after training on that corpus)."""
    corpus = corpus_path("chinese-prose").read_text(encoding="utf-8")[:200_000]
    trainer = BpeTrainer(256 + 1000, pattern="gpt2", processes=1)
    trainer.count_text(corpus)
    trainer.run()
    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")
    tokenizer.record = trainer.record
    return tokenizer, lesson_text(corpus).sentence


def text_fits(button: ChoiceButton) -> bool:
    """Whether the button is tall enough for its text wrapped to its width."""
    return button.heightForWidth(button.width()) <= button.height()


def test_presentation_mode_with_the_quiz_on_chinese_prose_fits_a_laptop_screen(qtbot, chinese, chinese_prose):
    from app.teaching.window import TeachingWindow

    tokenizer, text = chinese_prose
    window = TeachingWindow(tokenizer, text=text)
    qtbot.addWidget(window)
    window.resize(*LAPTOP)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    quiz = window.show_view("quiz")
    assert quiz.text == text and any("“" in button.text() for button in quiz.buttons)  # Chinese choices
    window.set_presentation(True)
    qtbot.wait(50)
    least = window.minimumSizeHint().width()
    assert least <= LAPTOP[0] and window.width() <= LAPTOP[0], (least, window.width())  # it was 1,930 and 1,934
    assert all(button.isVisible() and text_fits(button) for button in quiz.buttons)
    quiz.pick(quiz.question.answer)  # the counts added to every choice
    quiz.step_forward()  # new buttons, made in presentation mode
    qtbot.wait(50)
    assert window.width() <= LAPTOP[0] and window.minimumSizeHint().width() <= LAPTOP[0]
    assert all(text_fits(button) for button in quiz.buttons)
    sizes = {button.font().pointSizeF() for button in quiz.buttons}
    assert sizes == {quiz.font().pointSizeF()}  # the view's presentation font, scaled once
    window.set_presentation(False)
    window.show_view("slider")
    qtbot.wait(50)
    assert window.width() <= LAPTOP[0]
    window.shutdown()
    window.close()


def test_a_choice_wraps_even_a_word_longer_than_the_window(qtbot):
    """A token of 200 dashes (a code corpus) still asks for no more than a few characters' width: it wraps inside
    the word, every character shown, the button taller instead."""
    button = ChoiceButton("-" * 200 + " + --\n“x”")
    qtbot.addWidget(button)
    font = button.font()
    font.setPointSizeF(font.pointSizeF() * 1.8)
    button.setFont(font)
    assert button.minimumSizeHint().width() < 300
    button.resize(300, button.heightForWidth(300))
    button.show()
    qtbot.waitExposed(button)
    assert text_fits(button) and button.height() > 3 * button.fontMetrics().height()
    assert button.heightForWidth(1200) < button.height()  # wider: fewer lines
    assert button.text() == "-" * 200 + " + --\n“x”" == button.accessibleName()


def test_a_click_on_a_choice_answers(qtbot):
    from tests.gui.test_teaching_replay import TEXT, trained

    view = QuizView(trained("the lowest newest widest tokenizer merges the most frequent pairs first. " * 8), TEXT)
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    qtbot.waitExposed(view)
    button = view.buttons[0]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert view.picked == view.question.choices[0] and button.text().endswith("×")


def test_two_choices_that_build_the_same_character_say_which_bytes_they_join():
    words = QuizWords()
    context = PairContext("，", False, "两歌[，]一声", 3)
    first = words.choice((COMMA[:1], COMMA[1:2]), context)
    second = words.choice((COMMA[1:2], COMMA[2:]), context)
    assert first.splitlines()[0] == "<EF> + <BC>  → bytes 1–2 of ， (EF BC 8C)"
    assert second.splitlines()[0] == "<BC> + <8C>  → bytes 2–3 of ， (EF BC 8C)"
    across = words.builds(("中".encode()[2:], "文".encode()[:2]), PairContext("中文", False, "[中文]", 1))
    assert across == "byte 3 of 中 (E4 B8 AD), bytes 1–2 of 文 (E6 96 87)"


def test_in_chinese_the_choices_differ_and_the_verdict_ends_with_a_chinese_full_stop(qtbot, chinese, chinese_prose):
    tokenizer, text = chinese_prose
    view = QuizView(tokenizer, text)
    qtbot.addWidget(view)
    words = QuizWords()
    context = PairContext("，", False, "两歌[，]一声", 3)
    assert (
        words.choice((COMMA[:1], COMMA[1:2]), context).splitlines()[0]
        == "<EF> + <BC>  → “，”（EF BC 8C）的第 1–2 个字节"
    )
    assert (
        words.choice((COMMA[1:2], COMMA[2:]), context).splitlines()[0]
        == "<BC> + <8C>  → “，”（EF BC 8C）的第 2–3 个字节"
    )
    said = [button.text().splitlines()[0].split("→")[-1] for button in view.buttons]
    assert len(set(said)) == len(said), said  # what each builds reads differently, the pair aside
    q = view.question
    assert not q.contexts[q.answer].whole  # the first merge joins bytes of a character
    view.pick(q.answer)
    verdict = view.verdict.text()
    assert "个字节。" in verdict and not re.search(r"[)）,，]\.", verdict), verdict
