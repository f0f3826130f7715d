"""The Compare tab's chat mode: a conversation edited turn by turn, rendered in each pane by its model's chat template
(a model folder with a tokenizer.json and a tokenizer_config.json holding the template, built here as
tests/test_chat_reference.py builds them), the template's tokens hatched and counted per turn, a pane without a
template saying so and taking a .jinja file, a template that loops stopped while the window answers, and
conversations saved and opened as ``bpe chat --messages`` reads them."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

from app.compare.compare_view import CompareView
from bpe_core.chat.apply import apply_chat_template
from bpe_core.chat.conversation import ChatMessage

HERE = Path(__file__).parent.parent
CHATML = (HERE / "data" / "chat_templates" / "qwen2-chatml.jinja").read_text(encoding="utf-8")
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]


def build_model(folder: Path, template: str | None = CHATML) -> Path:
    """A byte-level BPE tokenizer.json trained on the shipped samples, with ChatML's special tokens, and a
    tokenizer_config.json holding ``template`` (None: no template) and the named special tokens."""
    samples = HERE.parent / "resources" / "samples"
    text = "\n".join((samples / f).read_text(encoding="utf-8") for f in ("english.txt", "chinese.txt"))
    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=800, special_tokens=SPECIALS, initial_alphabet=pre_tokenizers.ByteLevel.alphabet()
    )
    tokenizer.train_from_iterator([text], trainer)
    folder.mkdir()
    tokenizer.save(str(folder / "tokenizer.json"))
    config: dict = {"eos_token": "<|im_end|>", "pad_token": "<|endoftext|>"}
    if template is not None:
        config["chat_template"] = template
    (folder / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def model(tmp_path_factory) -> Path:
    return build_model(tmp_path_factory.mktemp("chat-gui") / "chatml-model")


@pytest.fixture
def view(qtbot):
    v = CompareView(text="hello")
    qtbot.addWidget(v)
    v.resize(1300, 800)
    v.show()
    for key in ("gpt2", "cl100k_base"):  # fewer panes: fewer renderings
        v.set_pane_visible(key, False)
    yield v
    v.shutdown()


def settle(qtbot, view, timeout=60000):
    qtbot.waitUntil(lambda: not view.busy(), timeout=timeout)


def chat_view(qtbot, view, model):
    pane = view.add_tokenizer_file(model)
    assert pane is not None
    view.set_chat_mode(True)
    settle(qtbot, view)
    return pane.key


def test_panes_render_the_conversation_with_or_without_a_template(qtbot, view, model):
    key = chat_view(qtbot, view, model)
    editor = view.chat_editor
    messages = editor.messages()
    assert [m.role for m in messages] == ["system", "user", "assistant", "user"]
    shown = view.chat.shown[key]
    expected = apply_chat_template(model / "tokenizer.json", messages)
    assert shown.chat.ids == expected.ids
    pane = view.panes[key]
    assert pane.ids() == expected.ids  # the pane draws the rendered text's tokens
    assert pane.result.view.text.startswith("<|im_start|>system\n")
    # the template's tokens are hatched, and their count is what turn_costs says the template costs
    costs = expected.turn_costs()
    hatched = pane.canvas.template_tokens
    assert len(hatched) == sum(cost.template_tokens for cost in costs) > 0
    tokens = pane.result.view.tokens
    assert {t.index for t in tokens if t.special} < hatched  # <|im_start|>, <|im_end|>, and the role headers
    assert not any(tokens[i].token == b"What" for i in hatched)  # no word of a message
    parts = " + ".join(str(cost.template_tokens) for cost in costs[:-1])
    after, total = costs[-1].template_tokens, len(hatched)
    line = f"template: {parts} + {after} (after the last turn) = {total} of {len(expected.ids)} tokens"
    assert pane.chat_line.text() == line
    # a reference has no template: the pane says so and offers one, and renders once given one
    o200k = view.panes["o200k_base"]
    assert "No chat template" in o200k.message() and o200k.template_button.isVisible()
    assert o200k.chat_line.text() == "no chat template"
    view.chat.set_template("o200k_base", _jinja(model))
    settle(qtbot, view)
    assert o200k.result is not None and o200k.result.view.text == expected.rendering.text
    assert len(o200k.canvas.template_tokens) > 0
    # back to text: the panes cut the text again, the chat line gone
    view.set_chat_mode(False)
    settle(qtbot, view)
    assert pane.result.view.text == "hello" and not pane.chat_line.isVisible()
    assert not pane.canvas.template_tokens and not o200k.template_button.isVisible()


def _jinja(model: Path) -> Path:
    path = model.parent / "chatml.jinja"
    path.write_text(CHATML, encoding="utf-8")
    return path


def test_turns_are_added_removed_and_moved(qtbot, view, model):
    key = chat_view(qtbot, view, model)
    editor = view.chat_editor
    row = editor.add_turn()
    assert row.role.currentText() == "assistant"  # answering the last user turn
    row.text.setPlainText("Because their words are split more.")
    editor.rows[1].buttons["down"].click()  # the first user turn after the assistant's
    editor.rows[0].buttons["remove"].click()  # no system turn
    settle(qtbot, view)
    wanted = [
        ChatMessage("assistant", "It cuts text into the tokens a model reads."),
        ChatMessage("user", "What does a tokenizer do?"),
        ChatMessage("user", "Why do some languages need more tokens?"),
        ChatMessage("assistant", "Because their words are split more."),
    ]
    assert editor.messages() == wanted
    expected = apply_chat_template(model / "tokenizer.json", wanted)
    assert view.panes[key].ids() == expected.ids
    assert view.chat.shown[key].chat.turn_costs() == expected.turn_costs()
    assert not editor.rows[0].buttons["up"].isEnabled() and not editor.rows[-1].buttons["down"].isEnabled()
    editor.generation.setChecked(True)
    settle(qtbot, view)
    assert view.panes[key].result.view.text.endswith("<|im_start|>assistant\n")


def test_a_template_that_loops_is_stopped_in_its_pane_and_the_window_answers(qtbot, view, model, monkeypatch):
    monkeypatch.setenv("BPE_TEMPLATE_SECONDS", "2")
    key = chat_view(qtbot, view, model)
    looping = model.parent / "loops.jinja"
    looping.write_text(
        "{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}", encoding="utf-8"
    )
    view.chat.set_template("o200k_base", looping)
    started = time.monotonic()
    ticks = []  # the GUI thread keeps running timers while the template loops
    timer = qtbot_timer(view, ticks)
    settle(qtbot, view, timeout=30000)
    timer.stop()
    assert time.monotonic() - started < 20
    assert len(ticks) >= 10
    said = view.panes["o200k_base"].message()
    assert "took more than 2 s" in said and "loops.jinja" in said
    assert view.panes[key].result is not None  # the other pane rendered all the same


def qtbot_timer(view, ticks):
    from PySide6.QtCore import QTimer

    timer = QTimer(view)
    timer.setInterval(50)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start()
    return timer


def test_conversations_are_saved_and_opened(qtbot, view, tmp_path):
    editor = view.chat_editor
    editor.rows[1].text.setPlainText("你好，分词是什么？")
    path = tmp_path / "talk.json"
    assert editor.save_file(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved[1] == {"role": "user", "content": "你好，分词是什么？"}
    editor.set_messages([ChatMessage("user", "other")])
    assert editor.open_file(path)
    assert [m.as_dict() for m in editor.messages()] == saved


def test_the_chat_mode_speaks_chinese(qtbot, chinese, model):
    view = CompareView(text="你好")
    qtbot.addWidget(view)
    try:
        key = chat_view(qtbot, view, model)
        assert view.chat_button.text() == "对话"
        assert view.chat_editor.messages()[1].content == "分词器是做什么的？"
        pane = view.panes[key]
        assert pane.chat_line.text().startswith("模板：") and "（最后一轮之后）" in pane.chat_line.text()
        assert view.panes["o200k_base"].message().startswith("没有聊天模板：tiktoken o200k_base")
    finally:
        view.shutdown()


def test_a_pane_cutting_another_way_points_to_its_tokenizer_s_own_cut(qtbot, view, model):
    """Greedy, fewest tokens, dropout are the text mode's question: in chat mode such a pane says so."""
    key = chat_view(qtbot, view, model)
    fewest = view.show_method(key, "fewest")
    settle(qtbot, view)
    assert fewest.message().startswith("A chat is cut by each tokenizer's own method: see the pane of chatml-model")
    assert view.panes[key].result is not None


def test_closing_while_a_template_loops_stops_it_at_once(qtbot, tmp_path):
    """The tab closes without waiting for a looping template's time budget: its process is stopped."""
    view = CompareView(text="hi")
    qtbot.addWidget(view)
    looping = tmp_path / "loops.jinja"
    looping.write_text("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}")
    view.set_chat_mode(True)
    view.chat.set_template("o200k_base", looping)
    qtbot.wait(1500)  # the rendering process runs the loop
    assert view.busy()
    started = time.monotonic()
    view.shutdown()
    assert time.monotonic() - started < 2.0


def test_ours_and_a_pane_shown_again_follow_the_chat_mode(qtbot, view, model):
    """Our tokenizer arriving in chat mode says it has no template and renders with one chosen; a pane shown again
    from Panes renders the conversation, not the text."""
    from bpe_core import BpeTrainer, Tokenizer

    view.set_chat_mode(True)
    settle(qtbot, view)
    trainer = BpeTrainer(256 + 20, processes=1)
    trainer.count_text("a tokenizer cuts text into tokens " * 5)
    trainer.run()
    view.set_own_tokenizer(Tokenizer(trainer.vocab, trainer.merges))
    settle(qtbot, view)
    own = view.panes["own"]
    assert own.message().startswith("No chat template: Ours") and own.template_button.isVisible()
    view.chat.set_template("own", _jinja(model))
    settle(qtbot, view)
    assert own.result.view.text.startswith("<|im_start|>system\n") and own.canvas.template_tokens
    view.set_pane_visible("cl100k_base", True)
    settle(qtbot, view)
    assert view.panes["cl100k_base"].message().startswith("No chat template: tiktoken cl100k_base")


def test_the_chat_renderings_are_marked_and_exported_like_texts(qtbot, view, model, tmp_path):
    """The pane with the fewest tokens for the conversation is marked; cut differences (each pane cuts a text of
    its own) are off; a JSON export holds each pane's rendering of the conversation."""
    key = chat_view(qtbot, view, model)
    view.chat.set_template("o200k_base", _jinja(model))
    settle(qtbot, view)
    counts = {k: len(view.panes[k].ids()) for k in (key, "o200k_base")}
    fewest = min(counts, key=counts.get)
    assert view.panes[fewest].fewest.isVisibleTo(view) and not view.toolbar.reference_combo.isEnabled()
    path = view.export_menu.write("json", tmp_path / "chat.json")
    exported = path.read_text(encoding="utf-8")
    assert "im_start" in exported and "hello" not in exported
    view.set_chat_mode(False)
    settle(qtbot, view)
    assert view.toolbar.reference_combo.isEnabled()
