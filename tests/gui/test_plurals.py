"""Counts said with Qt's plural forms (issue 41): English says "1 merge done" and "2 merges done" (it said "1 merges
done"), through the numerus forms of resources/translations/plurals_en.ts; Chinese, which has one form, says the same
sentence as before."""

from __future__ import annotations

from tests.gui.test_teaching_replay import CORPUS, TEXT, trained


def quiz_prompt(qtbot, rank: int) -> str:
    from app.teaching.quiz_view import QuizView

    view = QuizView(trained(CORPUS), TEXT)
    qtbot.addWidget(view)
    view.start_round(rank)
    return view.prompt.text()


def test_the_quiz_says_one_merge_done_and_two_merges_done(english, qtbot):
    assert "— 1 merge done." in quiz_prompt(qtbot, 1)
    assert "— 2 merges done." in quiz_prompt(qtbot, 2)


def test_counts_of_one_are_singular_across_the_window(english):
    """A few of the other counts: a tab's name for ours, a token's bytes in the tables, the regex check, the steps of
    the encode animation and the quiz sheet."""
    from app.common.tab_part import merges_label
    from app.teaching.quiz_sheet import QuizSheet
    from app.train.pattern_check import PatternCheck

    assert (merges_label(1, 1), merges_label(2, 2), merges_label(0, 1)) == ("1 merge", "2 merges", "0 of 1 merge")
    assert QuizSheet().question_line(3, 1) == "Question 3 — after 1 merge, the text is cut like this:"
    assert PatternCheck().unmatched(1, "x.txt", "") == (
        "Leaves 1 character unmatched in the first 64 KB of x.txt: it is dropped."
    )
    assert PatternCheck().unmatched(2, "x.txt", "").startswith("Leaves 2 characters unmatched")


def test_the_merges_table_says_one_byte(english, qtbot):
    from PySide6.QtCore import Qt

    from app.train.merge_history import MergeHistory
    from app.train.merges_model import LEFT, MergesTableModel

    tokenizer = trained(CORPUS, merges=3)
    model = MergesTableModel(MergeHistory())
    model.extend(tokenizer.record.steps)
    tip = model.data(model.index(0, LEFT), Qt.ItemDataRole.ToolTipRole)
    assert ": 1 byte, hex " in tip, tip


def test_chinese_has_one_form(chinese, qtbot):
    assert "已完成 1 次合并" in quiz_prompt(qtbot, 1) and "已完成 2 次合并" in quiz_prompt(qtbot, 2)


def test_the_engine_s_counting_messages_are_singular_for_one(english):
    """The engine's messages shown in the window count with the same forms (by the field that counts)."""
    from app.common.wording.engine_messages import COUNTED_BY, WORDINGS, engine_message
    from bpe_core.messages import Message

    assert engine_message(Message.of("train.cancelled", merges=1)) == "Cancelled after 1 merge."
    assert engine_message(Message.of("train.cancelled", merges=2)) == "Cancelled after 2 merges."
    said = engine_message(Message.of("train.unmatched", chars="1"))
    assert said.startswith("The pattern left 1 character unmatched; tokenizers built with it drop it")
    said = engine_message(
        Message.of("corpus.cut_short_one_byte", path="c.txt", encoding="UTF-8", count=1, offset=9, setting="errors")
    )
    assert "(its last 1 byte, at byte offset 9)" in said
    assert set(COUNTED_BY) <= set(WORDINGS)


def test_the_engine_s_counting_messages_in_chinese(chinese):
    from app.common.wording.engine_messages import engine_message
    from bpe_core.messages import Message

    assert engine_message(Message.of("train.cancelled", merges=1)) == "在 1 次合并后取消。"


def test_the_unsaved_question_says_one_merge(english):
    from app.common.widgets.dialogs import Dialogs

    assert Dialogs().unsaved(1) == "The tokenizer trained here (1 merge) is not saved."
    assert Dialogs().unsaved(1234) == "The tokenizer trained here (1,234 merges) is not saved."


def test_progress_counts_corpora_and_long_texts_say_one_in_the_singular(english, qtbot, tmp_path, monkeypatch):
    """The progress line ('Merging: 1 / 1 merges'), a counts corpus's summary ('1 distinct pre-tokens') and the
    Compare text cut to its first characters counted with one English form."""
    from app.compare import text_editor
    from app.train.corpus_sources import CountsSummary, CountsWords
    from app.train.progress import PhaseProgress

    progress = PhaseProgress("Merging", total=1, unit="merges", started=0.0)
    progress.update(1, now=0.0)
    assert progress.text() == "Merging: 1 / 1 merge"
    summary = CountsSummary([], "gpt2", (), 1, 3, 3, [])
    assert CountsWords().summary(summary) == "counts: 1 distinct pre-token, 3 in all, cut with gpt2"
    assert CountsWords().summary(CountsSummary([], None, (), 2, 3, 3, [])).startswith("counts: 2 distinct pre-tokens")
    monkeypatch.setattr(text_editor, "MAX_CHARS", 1)
    editor = text_editor.CompareEditor()
    qtbot.addWidget(editor)
    path = tmp_path / "one.txt"
    path.write_text("abc", encoding="utf-8")
    assert editor.read_file(path).notice.startswith("Showing the first 1 character of one.txt (")


def test_our_tokenizer_is_named_with_its_merges_counted_on_every_page(english, qtbot):
    """The parity, Numbers and Board pages name ours "ours (1 merge)" / "ours (3 merges)" (the Numbers and Board
    pages said "ours (1,000 merge)": they asked for the name without the count that picks the form)."""
    from app.vocabulary.vocabulary_tab import VocabularyTab

    tab = VocabularyTab()
    qtbot.addWidget(tab)
    for merges, name in [(3, "ours (3 merges)"), (1, "ours (1 merge)")]:
        tab.set_own_tokenizer(trained(CORPUS, merges=merges), "demo")
        assert list(tab.parity_encoders())[0] == name
        assert list(tab.shown_tokenizers())[0] == name
        assert tab.board_tokenizers()[0][0] == name
