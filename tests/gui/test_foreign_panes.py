"""Published models' tokenizers in the window: Compare panes loaded in the background (files of every kind, a
folder, a model id from a pre-filled offline Hugging Face cache), their ids equal to each library's, errors and
cancel; the Teach window's merge trees and vocabulary slider for a foreign BPE model; Open tokenizer."""

from __future__ import annotations

import gzip
import shutil
import threading
from pathlib import Path

import pytest
import sentencepiece
import tiktoken
import tokenizers
from bpe_resources import resource_path
from tiktoken.load import load_tiktoken_bpe

from app.common.sources import load_source, source_key
from app.compare import source_loader
from app.compare.compare_view import TIKTOKEN_PATTERNS, CompareView
from app.compare.model_id_dialog import ModelIdDialog
from app.teaching.window import TeachingWindow
from bpe_core.encoding.token_columns import TokenColumns
from bpe_core.pretokenize.patterns import QWEN2
from tests.test_foreign_builders import build_hf, build_sentencepiece, build_tiktoken
from tests.test_hub import put_in_cache, small_tokenizer_json

TEXT = "Hello world, 今天下午我们在河边散步。 12345 😀 café"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("foreign_panes")
    model_folder = folder / "Qwen-style"
    model_folder.mkdir()
    qwen = build_hf(folder, "qwen2_split_ignore_merges")
    shutil.copy(qwen, model_folder / "tokenizer.json")
    return {
        "qwen": qwen,
        "folder": model_folder,
        "sp_bpe": build_sentencepiece(folder, "bpe"),
        "sp_unigram": build_sentencepiece(folder, "unigram"),
        "tiktoken": build_tiktoken(folder, QWEN2),
    }


@pytest.fixture
def view(qtbot):
    v = CompareView(text=TEXT)
    qtbot.addWidget(v)
    v.resize(1400, 800)
    v.show()
    yield v
    v.shutdown()


def hf_ids(path, text=TEXT):
    return tokenizers.Tokenizer.from_file(str(path)).encode(text, add_special_tokens=False).ids


def sp_ids(path, text=TEXT):
    return sentencepiece.SentencePieceProcessor(model_file=str(path)).encode(text)


def tiktoken_ids(path, text=TEXT):
    encoding = tiktoken.Encoding("test", pat_str=QWEN2, mergeable_ranks=load_tiktoken_bpe(str(path)), special_tokens={})
    return encoding.encode_ordinary(text)


def wait_for_pane(qtbot, view, key, timeout=30000):
    qtbot.waitUntil(
        lambda: key in view.panes and view.panes[key].result is not None and not view.busy(), timeout=timeout
    )
    return view.panes[key]


def test_panes_of_every_kind_show_the_libraries_ids(qtbot, view, files, monkeypatch):
    monkeypatch.setattr(view, "ask_pattern", lambda name: "qwen2")  # the .tiktoken file asks for its pattern
    expected = {
        source_key(files["qwen"]): hf_ids(files["qwen"]),
        source_key(files["folder"]): hf_ids(files["qwen"]),
        source_key(files["sp_bpe"]): sp_ids(files["sp_bpe"]),
        source_key(files["sp_unigram"]): sp_ids(files["sp_unigram"]),
        source_key(files["tiktoken"]): tiktoken_ids(files["tiktoken"]),
    }
    for name in ("qwen", "folder", "sp_bpe", "sp_unigram", "tiktoken"):
        view.add_source(files[name])
    for key, ids in expected.items():
        assert wait_for_pane(qtbot, view, key).ids() == ids, key
    records = view.pane_records
    assert records[source_key(files["folder"])].title.startswith("Qwen-style · ")
    assert records[source_key(files["tiktoken"])].title.endswith("tokens (qwen2 pre-tokenizer)")
    size = tokenizers.Tokenizer.from_file(str(files["qwen"])).get_vocab_size(True)
    assert f"{size:,} tokens" in records[source_key(files["qwen"])].title
    assert all(records[key].source.tokenizer.family != "ours" for key in expected)
    # stats and cut differences work for every source
    view.set_reference(source_key(files["qwen"]))
    qtbot.waitUntil(lambda: not view.busy())
    for key in expected:
        pane = view.panes[key]
        assert pane.stats.text().startswith(f"{len(expected[key]):,} tokens")
        if key != source_key(files["qwen"]):
            assert "cuts agree" in pane.agreement.text()


def test_a_library_pane_holds_columns_and_counts_the_texts_bytes(qtbot, view, tmp_path):
    """A library's whole view is columns; where its last token stops before the text's end (a Strip normalizer drops
    the trailing spaces), the figures still divide the text's bytes, and a keystroke is followed."""
    path = build_hf(tmp_path, "metaspace_punctuation_strip")
    view.add_source(path)
    pane = wait_for_pane(qtbot, view, source_key(path))
    for text in ("café 鬱🙂  ", "café 鬱🙂 x  "):
        view.editor.setPlainText(text)
        qtbot.waitUntil(lambda text=text: pane.result.view.text == text and not view.busy(), timeout=30000)
        tokens = pane.result.view.tokens
        assert isinstance(tokens, TokenColumns) and [t.id for t in tokens] == hf_ids(path, text)
        assert tokens.byte_end[-1] < len(text.encode("utf-8"))
        assert pane.stats.text() == pane.stats_text(len(tokens), len(text), len(text.encode("utf-8")))


def test_a_llama_style_pane_over_a_long_text_sends_only_the_typed_line_to_its_library(
    qtbot, view, tmp_path, monkeypatch
):
    """A SentencePiece model set as Llama 2's (no normalization, spaces kept) over a text of 33,000 characters: keys
    typed into its middle show the library's ids of the whole new text, and only the edited line's block of lines is
    sent to the library (sp_lines), not the text."""
    from bpe_core.foreign import sp_lines
    from tests.test_foreign_builders import corpus_lines
    from tests.test_sp_lines import LLAMA_STYLE, train

    monkeypatch.setattr(sp_lines, "BLOCK_LINES", 4)  # (blocks of about 4 lines: one is never a quarter of the text)

    path = Path(train(tmp_path, "llama_style", **LLAMA_STYLE).name)
    text = "\n".join(corpus_lines() * 2)
    view.editor.setPlainText(text)
    view.add_source(path)
    pane = wait_for_pane(qtbot, view, source_key(path))
    tokenizer = view.pane_records[source_key(path)].source.tokenizer
    text = view.editor.toPlainText()  # (the editor's line breaks: CRLF becomes LF)
    assert tokenizer.by_lines and pane.result.view.text == text and pane.ids() == sp_ids(path, text)
    sent = []
    ask = tokenizer._lines.ask
    tokenizer._lines.ask = lambda blocks, at_start: sent.append("".join(blocks)) or ask(blocks, at_start)
    cursor = view.editor.textCursor()
    cursor.setPosition(len(text[: len(text) // 2].encode("utf-16-le")) // 2)  # (in UTF-16 units: emoji are two)
    view.editor.setTextCursor(cursor)
    qtbot.keyClicks(view.editor, " new words")  # (QTest types Latin-1 only)
    typed = view.editor.toPlainText()
    qtbot.waitUntil(lambda: pane.result.view.text == typed and not view.busy(), timeout=30000)
    assert pane.ids() == sp_ids(path, typed) and typed != text
    assert sent and max(map(len, sent)) < len(text) // 4  # the typed line's block, never the text


def test_a_llama2_tokenizer_json_pane_over_a_long_text_sends_only_the_typed_words_to_its_library(
    qtbot, view, tmp_path, monkeypatch
):
    """The same with a tokenizer.json set as Llama 2's (its pipeline keeps a text one word, so the library ran BPE
    over all 33,000 characters at each key): the library's ids of the whole new text, and only the typed words'
    block sent to it (hf_words)."""
    from bpe_core.foreign import hf_words
    from tests.test_foreign_builders import corpus_lines, llama2_tokenizer_json
    from tests.test_sp_lines import LLAMA_STYLE, train

    monkeypatch.setattr(hf_words, "BLOCK_WORDS", 8)  # (one block is never a quarter of the text)
    path = tmp_path / "Llama-style" / "tokenizer.json"
    path.parent.mkdir()
    path.write_text(llama2_tokenizer_json(train(tmp_path, "llama_style", **LLAMA_STYLE)._data), encoding="utf-8")
    text = "\n".join(corpus_lines() * 2)
    view.editor.setPlainText(text)
    view.add_source(path)
    pane = wait_for_pane(qtbot, view, source_key(path))
    tokenizer = view.pane_records[source_key(path)].source.tokenizer
    text = view.editor.toPlainText()
    assert tokenizer._blocks is not None and pane.result.view.text == text and pane.ids() == hf_ids(path, text)
    sent = []
    ask = tokenizer._blocks.ask
    tokenizer._blocks.ask = lambda blocks, at_start: sent.append("".join(blocks)) or ask(blocks, at_start)
    cursor = view.editor.textCursor()
    cursor.setPosition(len(text[: len(text) // 2].encode("utf-16-le")) // 2)
    view.editor.setTextCursor(cursor)
    qtbot.keyClicks(view.editor, " new words")
    typed = view.editor.toPlainText()
    qtbot.waitUntil(lambda: pane.result.view.text == typed and not view.busy(), timeout=30000)
    assert pane.ids() == hf_ids(path, typed) and typed != text
    assert sent and max(map(len, sent)) < len(text) // 4  # the typed words' block, never the text


def test_add_tokenizer_file_takes_a_folder_and_returns_its_pane(qtbot, view, files):
    pane = view.add_tokenizer_file(files["folder"])
    assert pane is not None and pane.key == source_key(files["folder"])
    qtbot.waitUntil(lambda: pane.ids() == hf_ids(files["qwen"]) and not view.busy(), timeout=30000)


def test_a_tiktoken_file_whose_pattern_is_not_chosen_adds_nothing(qtbot, view, files, monkeypatch):
    asked = []
    monkeypatch.setattr(view, "ask_pattern", lambda name: asked.append(name))
    before = list(view.panes)
    view.add_source(files["tiktoken"])
    qtbot.waitUntil(lambda: bool(asked) and not view.busy(), timeout=30000)
    assert len(asked) == 1 and asked[0].endswith("/tokenizer.tiktoken") and list(view.panes) == before


def test_named_patterns_include_the_models(view):
    assert {"llama3", "qwen2", "tekken", "cl100k", "o200k", "gpt2"} <= set(TIKTOKEN_PATTERNS)


def test_a_model_id_loads_from_a_prefilled_offline_cache(qtbot, view, tmp_path, monkeypatch, no_network):
    cache = tmp_path / "hub"
    cache.mkdir()
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    text = small_tokenizer_json()
    put_in_cache(cache, "Org/Tiny-BPE", {"tokenizer.json": text})
    (tmp_path / "tokenizer.json").write_text(text, encoding="utf-8")
    key = view.add_source("hf:Org/Tiny-BPE")
    assert key == "hf:Org/Tiny-BPE"
    assert wait_for_pane(qtbot, view, key).ids() == hf_ids(tmp_path / "tokenizer.json")
    assert view.pane_records[key].title.startswith("Tiny-BPE · ")  # named by the model


def test_offline_and_not_cached_shows_the_hubs_message_in_the_pane(qtbot, view, tmp_path, monkeypatch, no_network):
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    key = view.add_source("hf:Org/Not-Cached")
    qtbot.waitUntil(lambda: not view.pane_records[key].loading, timeout=30000)
    message = view.panes[key].message()
    assert message.startswith("Could not load: ") and "Org/Not-Cached" in message
    assert view.pane_records[key].title == "Not-Cached (not loaded)"  # no longer "(loading)"
    assert "offline" in message.lower() or "cache" in message.lower()
    view.panes[key].hide_button.click()  # the failed pane goes with its ✕
    assert key not in view.panes


def test_a_slow_load_shows_what_is_loading_and_cancel_drops_it(qtbot, view, monkeypatch):
    release, started = threading.Event(), threading.Event()

    def slow_load(source, pattern=None, cancelled=None):
        started.set()
        release.wait(20)
        raise AssertionError("a cancelled load's result must not be shown")

    monkeypatch.setattr(source_loader, "load_source", slow_load)
    monkeypatch.setattr(source_loader.formats, "takes_pattern", lambda source: False)
    key = view.add_source("hf:Qwen/Qwen2.5-7B-Instruct")
    pane = view.panes[key]
    assert started.wait(10)
    assert pane.message() == "Loading hf:Qwen/Qwen2.5-7B-Instruct…" and pane.cancel_button.isVisibleTo(pane)
    assert view.busy()
    pane.cancel_button.click()
    assert key not in view.panes and not view.loader.loading(key)
    release.set()
    qtbot.waitUntil(lambda: not view.loader.busy(), timeout=10000)
    qtbot.wait(50)  # the failure signal, had it not been dropped, would have arrived by now
    assert key not in view.panes


def test_cancel_stops_a_download_that_never_gets_an_answer(qtbot, view, hub_env, stalling_server):
    """A model id whose download hangs (a server that accepts and never answers): Cancel removes the pane and the
    download's process is stopped at once, so the loading thread ends and closing the window does not wait."""
    hub_env.setenv("HF_ENDPOINT", stalling_server[0])
    hub_env.setenv("BPE_HUB_STALL_SECONDS", "600")
    key = view.add_source("hf:Org/Model")
    pane = view.panes[key]
    qtbot.waitUntil(lambda: bool(stalling_server[1]), timeout=30000)  # the download has connected, and waits
    assert view.busy() and pane.cancel_button.isVisibleTo(pane)
    pane.cancel_button.click()
    assert key not in view.panes
    qtbot.waitUntil(lambda: not view.loader.busy(), timeout=10000)


def test_a_pane_filled_meanwhile_is_not_marked_by_a_late_failure(qtbot, view, files, monkeypatch):
    release = threading.Event()

    def failing_late(source, pattern=None, cancelled=None):
        release.wait(20)
        raise OSError("late")

    loaded_now = load_source(files["qwen"])
    monkeypatch.setattr(source_loader, "load_source", failing_late)
    key = view.add_source(files["qwen"])
    view.show_source(loaded_now)  # File > Open filled the same pane meanwhile
    release.set()
    qtbot.waitUntil(lambda: not view.loader.busy(), timeout=10000)
    qtbot.wait(50)
    record = view.pane_records[key]
    assert record.title == loaded_now.label and not view.panes[key].message().startswith("Could not load")


def test_a_newer_load_of_the_same_source_wins(qtbot, view, files, monkeypatch):
    calls = []
    real = source_loader.load_source

    def recorded(source, pattern=None, cancelled=None):
        calls.append(pattern)
        return real(source, pattern)

    monkeypatch.setattr(source_loader, "load_source", recorded)
    view.add_source(files["tiktoken"], "gpt2")
    view.add_source(files["tiktoken"], "qwen2")
    key = source_key(files["tiktoken"])
    assert wait_for_pane(qtbot, view, key).ids() == tiktoken_ids(files["tiktoken"])
    assert view.pane_records[key].title.endswith("(qwen2 pre-tokenizer)")
    assert list(view.panes).count(key) == 1


def test_the_catalogue_menu_groups_models_by_family_and_passes_their_pattern(view, monkeypatch):
    requested = []
    monkeypatch.setattr(view, "add_source", lambda source, pattern=None: requested.append((source, pattern)))
    families = {action.text(): action.menu() for action in view.add_menu.actions() if action.menu() is not None}
    assert {"Qwen", "DeepSeek", "Llama", "Mistral"} <= set(families)
    llama = [action.text() for action in families["Llama"].actions()]
    assert llama and all("gated" in text for text in llama)
    qwen_first = next(a for a in families["Qwen"].actions() if a.data() == "Qwen/Qwen-7B")
    qwen_first.trigger()
    assert requested == [("hf:Qwen/Qwen-7B", "qwen2")]


def test_the_model_id_box_checks_as_it_is_typed(qtbot):
    dialog = ModelIdDialog()
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled()
    dialog.edit.setText("gpt2")
    assert not ok.isEnabled() and "not a Hugging Face model id" in dialog.verdict.text()
    dialog.edit.setText("Qwen/Qwen2.5-7B-Instruct@main")
    assert ok.isEnabled() and dialog.verdict.text() == ""
    assert dialog.model_id() == "Qwen/Qwen2.5-7B-Instruct@main"


# ----- the Teach window -----


@pytest.fixture
def teaching(qtbot):
    window = TeachingWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: not window.loading(), timeout=30000)
    return window


def loaded(path):
    from app.common.sources import load_source

    return load_source(path)


@pytest.mark.parametrize("name", ["qwen", "sp_bpe", "tiktoken"])
def test_the_merge_tree_of_a_foreign_token(qtbot, teaching, files, name):
    source = loaded(files[name]) if name != "tiktoken" else _tiktoken_source(files)
    tokenizer = source.tokenizer
    teaching.tree.set_text(TEXT)
    ids = tokenizer.encode(TEXT)
    token_id = max(ids, key=lambda i: len(tokenizer.token_bytes(i)))  # a long token: a tall tree
    assert teaching.open_tree_of(source.key, token_id, source)
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)  # its merges are read in a thread
    root = teaching.tree.root
    assert teaching.current_view() is teaching.tree and teaching.source.currentData() == source.key
    assert root.id == token_id and root.token == tokenizer.token_bytes(token_id) and root.depth >= 1
    assert b"".join(leaf.token for leaf in root.leaves()) == root.token
    for node in root.nodes():
        assert tokenizer.token_bytes(node.id) == node.token
        if not node.is_leaf:
            assert tokenizer.merges[node.rank] == (node.left.token, node.right.token)
    assert not teaching.tabs.isTabEnabled(teaching.tabs.indexOf(teaching.animation))
    assert [t.id for t in teaching.tree.view.tokens] == ids  # the chips are the model's own tokens


def _tiktoken_source(files):
    from app.common.sources import load_source

    return load_source(files["tiktoken"], "qwen2")


def test_a_unigram_model_says_it_has_no_merges(qtbot, teaching, files):
    source = loaded(files["sp_unigram"])
    assert not teaching.open_tree_of(source.key, source.tokenizer.encode("hello")[0], source)
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    assert "Unigram model: it has no merges" in teaching.tree.info.text()
    teaching.show_view("slider")
    assert "no merges" in teaching.slider.merge_label.text() and teaching.slider.slider.maximum() == 0


@pytest.mark.parametrize("name", ["qwen", "sp_bpe"])
def test_the_vocabulary_slider_walks_a_foreign_models_merges(qtbot, teaching, files, name):
    source = loaded(files[name])
    tokenizer = source.tokenizer
    teaching.add_source(source.key, source.label, tokenizer)
    teaching.source.setCurrentIndex(teaching.source.findData(source.key))
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    slider = teaching.slider
    slider.set_text(TEXT)
    total = len(tokenizer.merges)
    assert slider.slider.maximum() == total
    slider.set_k(total)
    assert slider.ids == tokenizer.encode(TEXT)
    slider.set_k(0)
    at_zero = list(slider.ids)
    assert len(at_zero) > len(tokenizer.encode(TEXT)) and all(
        tokenizer.merge_rank(tokenizer.token_bytes(i)) is None for i in at_zero
    )
    slider.set_k(total // 2)
    assert len(tokenizer.encode(TEXT)) <= len(slider.ids) <= len(at_zero)
    assert f"k = {total // 2:,} of {total:,} merges" in slider.size_label.text()


# ----- the main window's Open -----


def test_open_tokenizer_puts_a_foreign_tokenizer_in_a_compare_pane(qtbot, window, files):
    assert window.files.open_tokenizer(files["qwen"])
    key = source_key(files["qwen"])
    assert window.tabs.currentWidget() is window.compare_view and key in window.compare_view.panes
    assert window.train_tab.tokenizer is None  # the Train tab keeps its (empty) result
    assert "cannot be trained further" in window.statusBar().currentMessage()
    pane = window.compare_view.panes[key]
    qtbot.waitUntil(lambda: pane.ids() == hf_ids(files["qwen"], window.compare_view.text()), timeout=30000)
    # double-clicking one of its tokens opens its merge tree
    token = max(pane.result.view.tokens, key=lambda t: len(t.token))
    window.open_merge_tree(key, token.id)
    qtbot.waitUntil(lambda: not window.teaching.loading(), timeout=30000)
    assert window.teaching.tree.root.id == token.id
    assert window.teaching.source.currentData() == key


def test_open_asks_a_tiktoken_files_pattern(window, files, monkeypatch):
    monkeypatch.setattr(window.compare_view, "ask_pattern", lambda name: None)
    assert not window.files.open_asking(files["tiktoken"])  # cancelled: nothing opened
    assert source_key(files["tiktoken"]) not in window.compare_view.panes
    monkeypatch.setattr(window.compare_view, "ask_pattern", lambda name: "qwen2")
    assert window.files.open_asking(files["tiktoken"])
    record = window.compare_view.pane_records[source_key(files["tiktoken"])]
    assert record.title.endswith("(qwen2 pre-tokenizer)")
    assert window.files.recent.paths()[0] == str(files["tiktoken"])


def test_open_tokenizer_without_the_pattern_a_file_needs_says_so(window, files, monkeypatch):
    shown = []
    monkeypatch.setattr(
        "app.common.widgets.dialogs.show_error", lambda _parent, title, message, details="": shown.append(message)
    )
    assert not window.files.open_tokenizer(files["tiktoken"])
    assert len(shown) == 1 and "tokenizer.tiktoken" in shown[0] and "pattern" in shown[0]


def test_the_pattern_of_a_tiktoken_file_is_guessed_and_the_guess_said(view, files, tmp_path, monkeypatch):
    """``qwen.tiktoken`` is offered qwen2 first, because of its name; ranks as many as cl100k's, cl100k."""
    asked = []

    def get_item(parent, title, question, choices, current, editable):
        asked.append((question, choices[current]))
        return choices[current], True

    monkeypatch.setattr("app.compare.compare_view.QInputDialog.getItem", get_item)
    qwen = tmp_path / "qwen.tiktoken"
    shutil.copy(files["tiktoken"], qwen)
    assert view.ask_pattern(qwen) == "qwen2"
    assert asked[-1][1] == "qwen2" and "Guessed: qwen2 (likely), because:\n• the file's name says qwen2" in asked[-1][0]
    ranks = tmp_path / "ranks.tiktoken"
    ranks.write_bytes(gzip.decompress(resource_path("encodings", "cl100k_base.tiktoken.gz").read_bytes()))
    assert view.ask_pattern(ranks) == "cl100k"
    assert "because:\n• it has 100,256 ranks, as cl100k_base\n• its tokens join a lower-case letter" in asked[-1][0]


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_pattern_question_follows_the_tokens_over_a_lying_name_and_says_how_sure(language, tmp_path, request):
    """GPT-2's ranks in a file named cl100k (Whisper's case): the question offered cl100k; it offers gpt2 now."""
    from app.compare.pattern_question import pattern_question

    if language == "zh_CN":
        request.getfixturevalue("chinese")
    ranks = gzip.decompress(resource_path("encodings", "r50k_base.tiktoken.gz").read_bytes()).splitlines()
    path = tmp_path / "cl100k_base.tiktoken"
    path.write_bytes(b"\n".join(ranks[:30_000]) + b"\n")
    question = pattern_question(path)
    assert question.choices[question.first] == "gpt2"
    expected = {
        "en": "Guessed: gpt2 (likely), because:\n• the file's name says cl100k, but its tokens are not cl100k's\n"
        "• its tokens hold 4 or more digits, or a space and digits (“ 201”), as only GPT-2's pattern makes",
        "zh_CN": "推测为 gpt2（很可能），因为：\n• 文件名表明是 cl100k，但其词元不符合 cl100k\n"
        "• 其词元含有 4 位或更多数字，或空格加数字（“ 201”），只有 GPT-2 的模式会切出这样的词元",
    }
    assert question.text.endswith(expected[language]), question.text


def test_a_tiktoken_file_added_without_a_pattern_gets_the_guessed_one(view, tmp_path, qtbot):
    """GPT-2's ranks under a neutral name, added with no pattern (``python -m app.compare --add``): the panes got
    cl100k's pattern, which cuts '12345' as '123' '45'; now the guess from the file, GPT-2's."""
    path = tmp_path / "ranks.tiktoken"
    path.write_bytes(gzip.decompress(resource_path("encodings", "r50k_base.tiktoken.gz").read_bytes()))
    text = "In 2019 we're 12345 strong"
    view.set_text(text)
    pane = view.add_tokenizer_file(path)
    qtbot.waitUntil(lambda: bool(pane.ids()) and not view.busy(), timeout=30000)
    from bpe_core.encoding.reference import get_encoding

    assert pane.ids() == get_encoding("gpt2").encode(text)
