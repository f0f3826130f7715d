"""One session (issue 19): every view follows the same tokenizers, step and text, through the Qt-free
:class:`app.common.session.Session` the tabs publish to."""

import ast
from pathlib import Path

from app.common.session import Corpus, Session
from tests.test_foreign_builders import build_hf

ROOT = Path(__file__).resolve().parents[2]


def test_the_session_is_qt_free_and_tells_only_changes():
    tree = ast.parse((ROOT / "app" / "common" / "session.py").read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names
    }
    assert not any(m and m.startswith(("PySide6", "pyqtgraph")) for m in modules)
    session, heard = Session(), []
    for topic in ("own", "added", "text", "corpus"):
        session.watch(topic, lambda topic=topic: heard.append(topic))
    session.set_text("a"), session.set_text("a"), session.set_corpus(Corpus()), session.add("k", object())
    assert heard == ["text", "added"]


def test_a_model_added_in_compare_is_offered_at_once_in_vocabulary_and_teach(qtbot, window, tmp_path):
    window.teach_action.trigger()
    teaching = window.teaching
    path = build_hf(tmp_path, "bytelevel")
    window.compare_view.add_source(str(path))
    key = next(k for k in window.compare_view.pane_records if k.startswith("file:"))
    qtbot.waitUntil(lambda: key in window.session.added, timeout=30000)
    assert key in window.vocabulary_tab.choices  # no need to visit the tab first
    assert teaching.source.findData(key) >= 0


def test_ours_at_the_step_shown_and_the_corpus_follow_everywhere(qtbot, window, train):
    window.teach_action.trigger()
    teaching = window.teaching
    window.train_tab.corpus_panel.select_sample("chinese")
    window.train_tab.settings_panel.apply(vocab_size=400, special_tokens=[])
    train(window)
    own = window.session.own
    assert own is not None and own.whole is window.train_tab.tokenizer and not own.partial
    assert teaching.own_tokenizer is own.whole  # the open Teach window follows the finished run
    assert window.session.corpus.lesson is not None and teaching.text_choice.currentData() == "corpus"
    window.train_tab.select_rank(8)
    own = window.session.own
    assert (own.step, own.partial) == (9, True)
    qtbot.waitUntil(lambda: "9 of " in window.compare_view.pane_records["own"].title, timeout=10000)
    assert not window.vocabulary_tab.whole_run_button.isHidden()  # "All merges" offered there too
    assert window.vocabulary_tab.own_tokenizer is own.shown
    window.compare_view.set_text("春眠不觉晓")
    assert window.session.text == "春眠不觉晓"
    assert teaching.text_choice.findData("compare") >= 0
