"""Compare-tab sources for published models' tokenizers (Qt-free): what a pane gets for a Qwen-style byte-level
tokenizer.json, a SentencePiece model, a .tiktoken file and a model id; titles name the model and its size."""

from __future__ import annotations

import shutil
import sys
import types

import pytest
from test_foreign_builders import build_hf, build_sentencepiece, build_tiktoken
from tokenizers import Tokenizer as LibraryTokenizer

from app.common.sources import PaneSource, load_source
from bpe_core.formats import save_json

CHINESE = "今天下午我们在河边散步，看见很多人在钓鱼。龘 Hello 😀"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sources")
    return {
        "qwen": build_hf(folder, "qwen2_split_ignore_merges"),
        "sp": build_sentencepiece(folder, "bpe"),
        "tiktoken": build_tiktoken(folder, r"\p{L}+|\p{N}+|\s+|[^\s\p{L}\p{N}]+"),
    }


def test_a_qwen_style_pane_shows_the_librarys_tokens_with_partial_characters(files):
    source = load_source(files["qwen"], "gpt2")  # the pattern is not used: the file has its own
    assert source.tokenizer.family == "huggingface"
    assert source.label == f"qwen2_split_ignore_merges.json · {source.tokenizer.vocab_size:,} tokens"
    result = source.encode(CHINESE)
    assert result.error == "" and result.view is not None
    library = LibraryTokenizer.from_file(str(files["qwen"]))
    assert [t.id for t in result.view.tokens] == library.encode(CHINESE, add_special_tokens=False).ids
    assert b"".join(t.token for t in result.view.tokens) == CHINESE.encode()
    assert any(text == "龘" for _, _, text in result.groups)  # not in the corpus: split into bytes
    assert len(result.chunk_index) == len(result.view.tokens)
    assert result.chunk_index == tuple(sorted(result.chunk_index))
    token = next(t for t in result.view.tokens if len(t.token) > 1 and not t.special)
    assert source.rank_text(token.id).startswith("merge ")


def test_a_sentencepiece_pane(files):
    source = load_source(files["sp"])
    result = source.encode(CHINESE)
    assert result.error == "" and [t.id for t in result.view.tokens] == source.tokenizer.encode(CHINESE)
    assert source.rank_text(result.view.tokens[1].id).startswith("score ")
    assert any(text == "龘" for _, _, text in result.groups)


def test_a_tiktoken_pane_names_its_pattern_and_ranks(files):
    source = load_source(files["tiktoken"], "qwen2")
    assert source.label.endswith("tokens (qwen2 pre-tokenizer)")
    result = source.encode("hello world")
    ranks = [source.rank_text(t.id) for t in result.view.tokens]
    assert ranks == [f"rank {t.id}" if len(t.token) > 1 else "a single byte (no merge)" for t in result.view.tokens]


def test_reference_names_and_our_files_keep_their_sources(tmp_path):
    from bpe_core import Tokenizer

    reference = load_source("cl100k_base")
    assert (reference.key, reference.tokenizer.family, reference.tokenizer.name) == (
        "cl100k_base",
        "tiktoken",
        "cl100k_base",
    )
    save_json(Tokenizer({i: bytes([i]) for i in range(256)}, []), tmp_path / "ours.json")
    assert isinstance(load_source(tmp_path / "ours.json").tokenizer, Tokenizer)


def test_a_model_id_pane_is_titled_by_the_model(files, tmp_path, monkeypatch):
    hub = types.ModuleType("bpe_core.hub")
    hub.tokenizer_files = lambda model_id, **options: tmp_path
    monkeypatch.setitem(sys.modules, "bpe_core.hub", hub)
    shutil.copy(files["qwen"], tmp_path / "tokenizer.json")
    source = load_source("hf:Qwen/Qwen-Test")
    assert source.key == "hf:Qwen/Qwen-Test" and source.label.startswith("Qwen-Test · ")


def test_a_failure_while_encoding_is_shown_in_the_pane(files):
    source = load_source(files["qwen"])

    class Broken:  # the real tokenizer, whose library fails as soon as it is asked to cut anything
        def __getattr__(self, name):
            return getattr(source.tokenizer, name)

        def _gone(self, *args, **kwargs):
            raise RuntimeError("library gone")

        view = encode = encode_piece = _gone

    pane = PaneSource(source.key, source.label, Broken())
    result = pane.encode("x")
    assert result.view is None and "library gone" in result.error
    result = pane.encode("xy")  # an edit after a failure is cut from scratch, and fails the same clear way
    assert result.view is None and "library gone" in result.error
