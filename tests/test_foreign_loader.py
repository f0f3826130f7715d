"""load_any: files told apart by content whatever their names, folders, reference names, hf: model ids (through
bpe_core.hub, stood in for here by a module answering from a folder), and bad sources with clear messages."""

from __future__ import annotations

import os
import shutil
import sys
import types

import pytest
from test_foreign_builders import build_hf, build_sentencepiece, build_tiktoken

from bpe_core import Tokenizer
from bpe_core.foreign import HuggingFaceTokenizer, SentencePieceTokenizer, TiktokenTokenizer
from bpe_core.formats import TokenizerFileError, export, load_any, save_json

GPT2_TEXT = "Hello world, 中文 😀"


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    folder = tmp_path_factory.mktemp("made")
    ours = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")], ["<|end|>"])
    save_json(ours, folder / "ours.json")
    export(ours, folder / "gpt2files", "gpt2")
    return {
        "hf": build_hf(folder, "bytelevel"),
        "sp": build_sentencepiece(folder, "bpe"),
        "tiktoken": build_tiktoken(folder, r"\p{L}+|\p{N}+|\s+|[^\s\p{L}\p{N}]+"),
        "ours": folder / "ours.json",
        "gpt2": folder / "gpt2files",
    }


@pytest.mark.parametrize(
    "kind, new_name, expected",
    [
        ("hf", "model.bin", HuggingFaceTokenizer),
        ("sp", "tokenizer.json", SentencePieceTokenizer),
        ("tiktoken", "vocab.txt", TiktokenTokenizer),
        ("ours", "weights.model", Tokenizer),
    ],
)
def test_files_are_told_apart_by_content_not_name(made, tmp_path, kind, new_name, expected):
    path = tmp_path / new_name
    shutil.copy(made[kind], path)
    pattern = r"\p{L}+|\p{N}+|\s+|[^\s\p{L}\p{N}]+" if kind == "tiktoken" else None
    loaded = load_any(path, pattern=pattern)
    assert type(loaded) is expected
    assert loaded.encode("hello ab") == load_any(made[kind], pattern=pattern).encode("hello ab")


def test_gpt2_files_load_from_the_folder_either_file_or_by_name(made):
    folder = made["gpt2"]
    for source in (folder, folder / "vocab.json", folder / "merges.txt"):
        assert load_any(source).encode("abc") == [256, 99]
    with pytest.raises(TokenizerFileError, match="needs its merges file beside it"):
        lonely = folder.parent / "lonely"
        lonely.mkdir()
        shutil.copy(folder / "vocab.json", lonely / "vocab.json")
        load_any(lonely / "vocab.json")


def test_folder_order_prefers_tokenizer_json(made, tmp_path):
    shutil.copy(made["sp"], tmp_path / "tokenizer.model")
    assert isinstance(load_any(tmp_path), SentencePieceTokenizer)
    shutil.copy(made["hf"], tmp_path / "tokenizer.json")
    assert isinstance(load_any(tmp_path), HuggingFaceTokenizer)


def test_folder_problems_are_named(made, tmp_path):
    with pytest.raises(TokenizerFileError, match="holds no tokenizer file"):
        load_any(tmp_path)
    shutil.copy(made["tiktoken"], tmp_path / "a.tiktoken")
    shutil.copy(made["tiktoken"], tmp_path / "b.tiktoken")
    with pytest.raises(TokenizerFileError, match=r"several \*\.tiktoken files \(a\.tiktoken, b\.tiktoken\)"):
        load_any(tmp_path, pattern="gpt2")


def test_reference_names_and_missing_sources():
    assert load_any("gpt2").encode("hello world") == [31373, 995]
    assert load_any("cl100k_base", pattern="gpt2").pattern == "gpt2"
    with pytest.raises(
        TokenizerFileError, match=r"no/such/thing: cannot read the file: No such .* \(nor is it a reference name: gpt2"
    ):
        load_any("no/such/thing")


def test_a_pattern_is_refused_where_the_file_has_its_own(made):
    with pytest.raises(TokenizerFileError, match="a huggingface file says how it pre-tokenizes"):
        load_any(made["hf"], pattern="gpt2")


@pytest.fixture
def fake_hub(monkeypatch, made, tmp_path):
    """A stand-in for bpe_core.hub: model ids are folders under tmp_path; others raise its error."""
    hub = types.ModuleType("bpe_core.hub")

    class HubError(ValueError):
        pass

    def tokenizer_files(model_id: str, **options):  # progress=, cancelled=: nothing to download here
        folder = tmp_path / model_id.replace("/", "--")
        if not folder.is_dir():
            raise HubError(f"hf:{model_id}: not in the cache and HF_HUB_OFFLINE=1 is set")
        return folder

    hub.HubError, hub.tokenizer_files = HubError, tokenizer_files
    monkeypatch.setitem(sys.modules, "bpe_core.hub", hub)
    model = tmp_path / "Org--Model"
    model.mkdir()
    shutil.copy(made["hf"], model / "tokenizer.json")
    (model / "tokenizer_config.json").write_text("{}", encoding="utf-8")
    return hub


def test_model_ids_load_the_folder_the_hub_gives(fake_hub, made):
    loaded = load_any("hf:Org/Model")
    assert loaded.name == "hf:Org/Model"
    assert loaded.encode(GPT2_TEXT) == load_any(made["hf"]).encode(GPT2_TEXT)
    with pytest.raises(fake_hub.HubError, match="hf:Org/Missing: not in the cache"):
        load_any("hf:Org/Missing")


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "the file is empty"),
        (b"   \n", "the file is empty"),
        (b"\x89PNG\r\n\x1a\n" + bytes(100), "not a tokenizer file this program knows"),
        (b"just some words\nand more\n", "not a tokenizer file this program knows"),
        (b'{"hello": "world"}', "a JSON file, but not a tokenizer"),
        (b"[" * 100_000 + b"]" * 100_000, "not a JSON file this program accepts"),
        (b'{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": [', "not valid JSON"),
        (b'{"format": "bpe-explorer", "version": 99}', "format version 99 is not supported"),
        (b"YQ== 0\nYg== one\n", "line 2"),
    ],
)
def test_bad_files_give_a_clear_message_naming_them(tmp_path, content, words):
    path = tmp_path / "bad.file"
    path.write_bytes(content)
    with pytest.raises(TokenizerFileError, match=r"bad\.file: ") as caught:
        load_any(path, pattern="gpt2" if content.startswith(b"YQ") else None)
    assert words in str(caught.value)


@pytest.mark.parametrize("depth", [200, 5000])
def test_deeply_nested_tokenizer_json_is_refused(tmp_path, depth):
    nested = '{"type": "Sequence", "normalizers": [' * depth + '{"type": "NFC"}' + "]}" * depth
    path = tmp_path / "tokenizer.json"
    path.write_text('{"model": {"type": "BPE", "vocab": {}, "merges": []}, "normalizer": ' + nested + "}")
    with pytest.raises(TokenizerFileError, match=r"tokenizer\.json: "):
        load_any(path)


def test_huge_and_special_files_are_refused_unread(tmp_path):
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:  # sparse: no disk used
        f.truncate(300_000_000)
    with pytest.raises(TokenizerFileError, match=r"huge\.json: the file is 300 MB"):
        load_any(huge)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(TokenizerFileError, match="is a named pipe, not a regular file"):
        load_any(fifo)


def test_model_ids_through_the_real_hub_from_a_pre_filled_cache(made, tmp_path, monkeypatch):
    """The hub module as shipped, offline, with a cache laid out as huggingface_hub lays it out."""
    pytest.importorskip("bpe_core.hub")
    from bpe_core.hub import HubError

    commit = "0123456789abcdef0123456789abcdef01234567"
    repo = tmp_path / "cache" / "models--Org--Cached"
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text(commit)
    snapshot = repo / "snapshots" / commit
    snapshot.mkdir(parents=True)
    shutil.copy(made["sp"], snapshot / "tokenizer.model")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    loaded = load_any("hf:Org/Cached")
    assert isinstance(loaded, SentencePieceTokenizer) and loaded.name == "hf:Org/Cached"
    assert loaded.encode(GPT2_TEXT) == load_any(made["sp"]).encode(GPT2_TEXT)
    with pytest.raises(HubError, match="Org/Absent"):
        load_any("hf:Org/Absent")
