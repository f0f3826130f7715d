"""File formats: our JSON file round-trips everything, exports load in the real libraries with identical ids,
and bad files fail with a message naming the file and the problem."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
from pathlib import Path

import pytest
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HfTokenizer

from bpe_core import BpeTrainer
from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.formats import (
    HuggingFaceFileError,
    TokenizerFileError,
    TokenizerWriteError,
    export,
    load_gpt2_files,
    load_huggingface,
    load_json,
    load_tiktoken,
    save_json,
)
from bpe_core.formats.files import _UMASK
from bpe_core.gpt2_bytes import BYTE_TO_CHAR, bytes_to_gpt2, gpt2_to_bytes, gpt2_to_bytes_many
from bpe_core.pretokenize.patterns import pattern_source

SPECIALS = ["<|endoftext|>", "<|pad|>"]
CORPUS = (
    "The quick brown fox jumps over the lazy dog. It's 2024; they'll say 12345 dogs ran.\n"
    "def train(corpus, vocab_size=512):\n    return {k: v for k, v in corpus.items()}\n\n"
    "字节对编码是一种数据压缩方法。我们用它来训练分词器。\n"
    "Emoji: 👩‍👩‍👧 🎉🎉 café naïve — “quotes”   tabs\tand\r\nCRLF lines<|endoftext|>"
) * 20
SAMPLES = [
    "Hello, world! The fox's den isn't far.",
    "字节对编码，分词器训练。",
    "for i in range(10):\n\tprint(i ** 2)  # squares\n\n\n",
    "👩‍👩‍👧 family 🎉 party <|endoftext|> then <|pad|><|pad|>",
    "   leading and trailing spaces   ",
    "MIXED case WORDS and Numbers 1234567890 3.14159",
    "unseen: ÆØÅ ЖЖЖ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ",
]


def train(pattern: str, vocab_size: int = 420) -> Tokenizer:
    trainer = BpeTrainer(vocab_size, SPECIALS, pattern=pattern, processes=1)
    trainer.count_text(CORPUS, name="corpus.txt")
    for _ in trainer.steps():
        pass
    tok = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern=pattern)
    tok.record = trainer.record
    return tok


@pytest.fixture(scope="module", params=["gpt2", "cl100k", "o200k"])
def trained(request) -> Tokenizer:
    return train(request.param)


# ----- GPT-2 byte table -----


def test_byte_table_is_a_bijection_onto_printable_characters():
    assert len(set(BYTE_TO_CHAR)) == 256
    assert all(c.isprintable() and not c.isspace() for c in BYTE_TO_CHAR)
    every_byte = bytes(range(256))
    assert gpt2_to_bytes(bytes_to_gpt2(every_byte)) == every_byte
    assert bytes_to_gpt2(b" \n\t") == "ĠĊĉ"


def test_gpt2_to_bytes_rejects_foreign_characters():
    with pytest.raises(ValueError, match=r"U\+4E2D"):
        gpt2_to_bytes("a中")


def alone(text: str) -> bytes | None:
    try:
        return gpt2_to_bytes(text)
    except ValueError:
        return None


@settings(max_examples=300)
@given(st.lists(st.text(alphabet=st.sampled_from([*BYTE_TO_CHAR[:40], " ", "中", "\x00", "\x7f", "Ā"]), max_size=5)))
def test_many_strings_spelled_together_are_each_spelled_alone(texts):
    """Together (one translate) as alone, and None exactly where a string holds a character outside the table."""
    assert gpt2_to_bytes_many(texts) == [alone(text) for text in texts]


def test_many_strings_past_one_piece_of_work_are_each_spelled_alone():
    """25,000 strings are spelled in three joined pieces; a bad string in each piece is found where it is."""
    texts = [bytes_to_gpt2(f"t{n}".encode()) if n % 9_999 else "bad string" for n in range(25_000)]
    assert gpt2_to_bytes_many(texts) == [alone(text) for text in texts]


# ----- our JSON file -----


def test_json_round_trip_keeps_everything(trained, tmp_path):
    path = tmp_path / "tok.json"
    save_json(trained, path)
    loaded = load_json(path)
    assert loaded.vocab == trained.vocab
    assert loaded.merges == trained.merges
    assert loaded.special_tokens == trained.special_tokens
    assert loaded.pattern == trained.pattern
    assert loaded.record == trained.record
    assert loaded.record.steps[0].top_pairs  # the charts' data survived
    for text in SAMPLES:
        assert loaded.encode(text) == trained.encode(text)


def test_json_round_trip_of_a_custom_pattern_and_tiktoken_rule(tmp_path):
    custom = Tokenizer(
        {i: bytes([i]) for i in range(256)} | {300: b"ab"},
        [(b"a", b"b")],
        {"<s>": 7 + 400},
        pattern=r"\w+|[^\w]+",
        merge_rule="ranks",
    )
    save_json(custom, tmp_path / "c.json")
    loaded = load_json(tmp_path / "c.json")
    assert (loaded.pattern, loaded.merge_rule, loaded.special_tokens, loaded.record) == (
        r"\w+|[^\w]+",
        "ranks",
        {"<s>": 407},
        None,
    )
    assert loaded.encode("abab, <s>") == custom.encode("abab, <s>") == [300, 300, 44, 32, 407]


@pytest.mark.slow  # writes and reads o200k_base as JSON: 2 s
def test_json_file_of_a_reference_encoding_encodes_like_tiktoken(tmp_path):
    cl100k = Tokenizer.from_tiktoken("cl100k_base")
    save_json(cl100k, tmp_path / "cl100k.json")
    loaded = load_json(tmp_path / "cl100k.json")
    enc = get_encoding("cl100k_base")
    for text in SAMPLES:
        assert loaded.encode(text) == enc.encode(text, allowed_special="all")


def test_saving_over_a_file_is_atomic(trained, tmp_path):
    path = tmp_path / "tok.json"
    save_json(trained, path)
    before = path.read_bytes()

    class Broken:
        vocab, merges, special_tokens, pattern, merge_rule = trained.vocab, trained.merges, {}, "gpt2", "pairs"
        record = "not a record"  # has no to_dict: fails half way through writing

    with pytest.raises(AttributeError):
        save_json(Broken(), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["tok.json"]


def _write(tmp_path: Path, doc, name="bad.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def good_doc(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("good") / "tok.json"
    save_json(train("gpt2", 300), path)
    return json.loads(path.read_text(encoding="utf-8"))


def _edited(doc: dict, **changes) -> dict:
    copy = json.loads(json.dumps(doc))
    for key, value in changes.items():
        if callable(value):
            value(copy)
        else:
            copy[key] = value
    return copy


def _swap_vocab(doc):
    doc["vocab"][3], doc["vocab"][4] = doc["vocab"][4], doc["vocab"][3]


def _bad_merge(doc):
    doc["merges"][5] = "Ġ zz"  # the sixth merge: merge 6


def _truncate_steps(doc):
    doc["record"]["steps"]["top_count"] = doc["record"]["steps"]["top_count"][:-8]


def _huge_step_count(doc):
    doc["record"]["steps"]["n"] = 10**9


@pytest.mark.parametrize(
    "change, message",
    [
        (dict(format="something-else"), "not a BPE Explorer tokenizer file"),
        (dict(version=2), "format version 2 is not supported"),
        (dict(version="1"), '"version" must be an integer'),
        (dict(pattern="[a-"), "invalid pre-tokenization regex"),
        (dict(merge_rule="fastest"), "merge_rule"),
        (dict(vocab={"0": "a"}), '"vocab" must be a JSON array'),
        (dict(vocab=[[-1, "a"]]), "outside 0..16777215"),
        (dict(vocab=[[10**30, "a"]]), "outside 0..16777215"),
        (dict(vocab=[[1.5, "a"]]), "must be an integer id, got float"),
        (dict(vocab=[["0", "a"]]), "must be an integer id, got str"),
        (dict(vocab=[[0, "a"], [0, "b"]]), "vocab ids out of order"),
        (dict(vocab=[[0, "a b"]]), "not a GPT-2 byte character"),
        (dict(vocab=[[0, "a"]]), "the vocab has no token for 255"),
        (dict(special_tokens={"<|endoftext|>": -5}), "outside"),
        (dict(special_tokens={"<|endoftext|>": 65}), "both a special token and a vocab entry"),
        (dict(merges="a b"), '"merges" must be a JSON array'),
        (dict(merges=["a b c"]), 'merge 1: expected "left right"'),
        (dict(_=_bad_merge), "merge 6"),
        (dict(_=_swap_vocab), "vocab ids out of order"),
        (dict(_=_huge_step_count), "step count"),
        (dict(record=[1, 2]), "training record must be a JSON object"),
    ],
)
def test_bad_json_files_name_the_file_and_the_problem(good_doc, tmp_path, change, message):
    path = _write(tmp_path, _edited(good_doc, **change))
    with pytest.raises(TokenizerFileError, match="merge_rule" if message == "merge_rule" else None) as info:
        load_json(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


def test_a_damaged_record_is_refused_when_shown_and_the_tokenizer_still_encodes(good_doc, tmp_path):
    path = _write(tmp_path, _edited(good_doc, _=_truncate_steps))
    loaded = load_json(path)  # the steps are not unpacked to encode
    assert loaded.encode("the cat") == load_json(_write(tmp_path, good_doc, "good.json")).encode("the cat")
    assert loaded.record.corpus_names == good_doc["record"]["corpus_names"]
    with pytest.raises(TokenizerFileError) as info:
        _ = loaded.record.steps
    assert str(info.value).startswith(
        f"{path}: its training record cannot be shown: training record column 'top_count'"
    )


def test_a_tokenizer_cut_at_a_merge_keeps_the_record_of_its_merges(tmp_path):
    """Forbid-and-continue and the vocabulary slider save a tokenizer cut at merge k: its file holds the steps of
    its k merges; a file of an earlier version, which kept the whole run's steps, reads the first k of them."""
    whole = train("gpt2", 300)
    cut = whole.truncated(10)
    save_json(cut, tmp_path / "cut.json")
    assert load_json(tmp_path / "cut.json").record.steps == whole.record.steps[:10]
    doc = json.loads((tmp_path / "cut.json").read_text(encoding="utf-8"))
    saved_whole = tmp_path / "whole.json"
    save_json(whole, saved_whole)
    doc["record"] = json.loads(saved_whole.read_text(encoding="utf-8"))["record"]  # as an earlier version wrote it
    earlier = _write(tmp_path, doc, "earlier.json")
    assert doc["record"]["steps"]["n"] > len(doc["merges"]) == 10
    assert load_json(earlier).record.steps == whole.record.steps[:10]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the file is empty"),
        ('{"format": "bpe-explorer", "version": 1, "vocab": [[0, "a"],', "is it truncated?"),
        ("[" * 100_000 + "]" * 100_000, "not a JSON file this program accepts"),
        ('{"a": ' + "9" * 5000 + "}", "not a JSON file this program accepts"),
        ("[1, 2, 3]", "expected a JSON object, found a JSON list"),
        ('{"model": {}, "added_tokens": []}', "this is a Hugging Face tokenizer.json"),
    ],
)
def test_corrupt_foreign_and_hostile_json(tmp_path, text, message):
    path = _write(tmp_path, text)
    with pytest.raises(TokenizerFileError, match=None) as info:
        load_json(path)
    assert str(info.value).startswith(str(path) + ": ")
    assert message in str(info.value)


def test_missing_and_binary_files(tmp_path):
    with pytest.raises(TokenizerFileError, match="cannot read the file"):
        load_json(tmp_path / "absent.json")
    (tmp_path / "bin.json").write_bytes(b"\x80\x81\xff{}")
    with pytest.raises(TokenizerFileError, match="not a UTF-8 text file"):
        load_json(tmp_path / "bin.json")


# ----- GPT-2 files -----


def test_gpt2_export_of_the_gpt2_encoding_reproduces_openais_files(tmp_path):
    vocab_path, merges_path = export(Tokenizer.from_tiktoken("gpt2"), tmp_path, "gpt2")
    # The SHA-256 values tiktoken pins for GPT-2's encoder.json and vocab.bpe.
    assert hashlib.sha256(vocab_path.read_bytes()).hexdigest() == (
        "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783"
    )
    assert hashlib.sha256(merges_path.read_bytes()).hexdigest() == (
        "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5"
    )


def test_gpt2_files_encode_like_tiktoken(tmp_path):
    """The files are byte for byte OpenAI's (see above), so this reads GPT-2's own encoder.json + vocab.bpe."""
    vocab_path, merges_path = export(Tokenizer.from_tiktoken("gpt2"), tmp_path, "gpt2")
    encoder_json, vocab_bpe = vocab_path.rename(tmp_path / "encoder.json"), merges_path.rename(tmp_path / "vocab.bpe")
    tok = load_gpt2_files(encoder_json, vocab_bpe, ["<|endoftext|>"])
    enc = get_encoding("gpt2")
    for text in SAMPLES + [CORPUS[:3000]]:
        assert tok.encode(text) == enc.encode(text, allowed_special="all")


def test_gpt2_files_without_version_line_and_with_crlf(tmp_path):
    (tmp_path / "vocab.json").write_text(
        json.dumps({bytes_to_gpt2(bytes([i])): i for i in range(256)} | {"Ġt": 256, "Ġth": 257})
    )
    (tmp_path / "merges.txt").write_bytes("Ġ t\r\nĠt h\r\n".encode())
    tok = load_gpt2_files(tmp_path / "vocab.json", tmp_path / "merges.txt", ["<|new|>"])
    assert tok.encode(" the<|new|>") == [257, 101, 258]


@pytest.mark.parametrize(
    "vocab, merges, message, which",
    [
        ('{"a": "1"}', "", "must be an integer id", "vocab.json"),
        ('{"a": 1, "b": 1}', "", "id 1 is given to two tokens", "vocab.json"),
        ('["a"]', "", "expected a JSON object", "vocab.json"),
        (None, "#version: 0.2\nĠ t x\n", "line 2: expected", "merges.txt"),
        (None, "Ġ 中\n", "line 1: '中'", "merges.txt"),
        (None, "Ġ t\n", "merge 1", "vocab.json"),
    ],
)
def test_bad_gpt2_files(tmp_path, vocab, merges, message, which):
    full = json.dumps({bytes_to_gpt2(bytes([i])): i for i in range(256)})
    (tmp_path / "vocab.json").write_text(vocab if vocab is not None else full)
    (tmp_path / "merges.txt").write_text(merges, encoding="utf-8")
    with pytest.raises(TokenizerFileError) as info:
        load_gpt2_files(tmp_path / "vocab.json", tmp_path / "merges.txt")
    assert str(info.value).startswith(str(tmp_path / which))
    assert message in str(info.value)


def test_gpt2_round_trip_of_a_trained_tokenizer(trained, tmp_path):
    export(trained, tmp_path, "gpt2")
    loaded = load_gpt2_files(tmp_path / "vocab.json", tmp_path / "merges.txt", SPECIALS, pattern=trained.pattern)
    assert loaded.vocab == trained.vocab and loaded.special_tokens == trained.special_tokens
    for text in SAMPLES:
        assert loaded.encode(text) == trained.encode(text)


# ----- tiktoken -----


def test_tiktoken_export_gives_the_same_ids_in_tiktoken(trained, tmp_path):
    (path,) = export(trained, tmp_path, "tiktoken")
    ranks = {base64.b64decode(a): int(b) for a, b in (line.split() for line in path.read_text().splitlines())}
    enc = tiktoken.Encoding(
        "exported",
        pat_str=pattern_source(trained.pattern),
        mergeable_ranks=ranks,
        special_tokens=trained.special_tokens,
    )
    loaded = load_tiktoken(path, pattern=trained.pattern, special_tokens=trained.special_tokens)
    for text in SAMPLES + [CORPUS[:5000]]:
        ours = trained.encode(text)
        assert enc.encode(text, allowed_special="all") == ours
        assert loaded.encode(text) == ours


def test_tiktoken_export_of_o200k_is_the_shipped_file(tmp_path):
    (path,) = export(Tokenizer.from_tiktoken("o200k_base"), tmp_path, "tiktoken")
    shipped = gzip.decompress(
        Path(__import__("bpe_resources").resource_path("encodings", "o200k_base.tiktoken.gz")).read_bytes()
    )
    assert path.read_bytes() == shipped


def test_tiktoken_export_refuses_a_tokenizer_tiktoken_would_change(tmp_path):
    vocab = {i: bytes([i]) for i in range(256)} | {256: b"bc", 257: b"ab", 258: b"abc"}
    tok = Tokenizer(vocab, [(b"b", b"c"), (b"a", b"b"), (b"ab", b"c")])
    with pytest.raises(ValueError, match="tiktoken would build merge 3's token b'abc' from \\[b'a', b'bc'\\]"):
        export(tok, tmp_path, "tiktoken")


def test_bad_tiktoken_file(tmp_path):
    (tmp_path / "x.tiktoken").write_text("not base64!! 0\n")
    with pytest.raises(TokenizerFileError, match="x.tiktoken"):
        load_tiktoken(tmp_path / "x.tiktoken")


# ----- Hugging Face -----


def test_huggingface_export_gives_the_same_ids_in_tokenizers(trained, tmp_path):
    (path,) = export(trained, tmp_path, "huggingface")
    hf = HfTokenizer.from_file(str(path))
    loaded = load_huggingface(path)
    assert (loaded.pattern, loaded.special_tokens) == (trained.pattern, trained.special_tokens)
    for text in SAMPLES + [CORPUS[:5000]]:
        ours = trained.encode(text)
        assert hf.encode(text, add_special_tokens=False).ids == ours
        assert loaded.encode(text) == ours
        assert hf.decode(ours, skip_special_tokens=False) == trained.decode(ours)


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", pytest.param("o200k_base", marks=pytest.mark.slow)])  # 2 s
def test_huggingface_export_of_reference_encodings_matches_tiktoken(name, tmp_path):
    (path,) = export(Tokenizer.from_tiktoken(name), tmp_path, "huggingface")
    hf = HfTokenizer.from_file(str(path))
    enc = get_encoding(name)
    for text in SAMPLES + ["x" * 300 + " 123456789 it'S WE'LL", CORPUS[:3000]]:
        assert hf.encode(text, add_special_tokens=False).ids == enc.encode(text, allowed_special="all")


def test_huggingface_export_of_a_custom_pattern_drops_unmatched_text_like_tiktoken(tmp_path):
    custom = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")], pattern=r"\p{L}++")
    (path,) = export(custom, tmp_path, "huggingface")
    assert HfTokenizer.from_file(str(path)).encode("abab, ab!").ids == custom.encode("abab, ab!")


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d.update(normalizer={"type": "NFC"}), "normalizers are not supported"),
        (lambda d: d["model"].update(type="WordPiece"), "only BPE models"),
        (lambda d: d["model"].update(unk_token="<unk>"), "unk_token"),
        (lambda d: d.update(pre_tokenizer={"type": "Whitespace"}), "unsupported pre_tokenizer"),
        (lambda d: d["pre_tokenizer"].update(add_prefix_space=True), "add_prefix_space"),
        (lambda d: d["added_tokens"][0].update(special=False), "not a special token"),
        (lambda d: d["model"]["merges"].append("zz qq"), "merge"),
        (lambda d: d["model"]["vocab"].update({"x": -3}), "outside"),
    ],
)
def test_bad_huggingface_files(tmp_path, edit, message):
    tok = Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")], ["<|s|>"])
    (path,) = export(tok, tmp_path, "huggingface")
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(TokenizerFileError) as info:
        load_huggingface(path)
    assert str(path) in str(info.value) and message in str(info.value)


def test_unknown_export_format(trained, tmp_path):
    with pytest.raises(ValueError, match="unknown export format 'sentencepiece'"):
        export(trained, tmp_path, "sentencepiece")


def test_a_truncated_tokenizer_saves_and_exports_its_first_k_merges(trained, tmp_path):
    small = trained.truncated(40)
    save_json(small, tmp_path / "small.json")
    loaded = load_json(tmp_path / "small.json")
    assert loaded.merges == trained.merges[:40]
    (path,) = export(small, tmp_path, "huggingface")
    for text in SAMPLES:
        assert HfTokenizer.from_file(str(path)).encode(text, add_special_tokens=False).ids == small.encode(text)


# ----- hostile files and failed writes -----


def _small() -> Tokenizer:
    return Tokenizer({i: bytes([i]) for i in range(256)} | {256: b"ab"}, [(b"a", b"b")], ["<|s|>"])


@pytest.mark.parametrize("loader", [load_json, load_huggingface, load_tiktoken, lambda p: load_gpt2_files(p, p)])
def test_readers_refuse_what_is_not_a_regular_file_of_sane_size(tmp_path, loader):
    (tmp_path / "pipe").parent.mkdir(exist_ok=True)
    os.mkfifo(tmp_path / "pipe")  # nobody writes to it: reading it would wait forever
    with open(tmp_path / "huge", "wb") as f:
        f.truncate(300_000_000)  # sparse
    for path, message in [
        (tmp_path / "pipe", "is a named pipe, not a regular file"),
        (Path("/dev/zero"), "is a device, not a regular file"),
        (tmp_path, "is a folder, not a regular file"),
        (tmp_path / "huge", "the file is 300 MB; tokenizer files are at most 256 MB"),
    ]:
        with pytest.raises(TokenizerFileError) as info:
            loader(path)
        assert str(info.value) == f"{path}: {message}"


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda d: d.update(added_tokens=[1]), "added_tokens must hold objects, got 1"),
        (
            lambda d: d.update(
                pre_tokenizer={
                    "type": "Sequence",
                    "pretokenizers": [
                        {"type": "Split", "pattern": "x", "behavior": "Removed", "invert": True},
                        {"type": "ByteLevel"},
                    ],
                }
            ),
            "unsupported pre_tokenizer step",
        ),
        (lambda d: d["model"].update(vocab=[1]), "model.vocab must be a JSON object"),
        (lambda d: d["model"].update(merges="a b"), "model.merges must be a list"),
        (lambda d: d.update(decoder="x"), 'the decoder must be ByteLevel, got "x"'),
        (
            lambda d: d.update(
                pre_tokenizer={
                    "type": "Sequence",
                    "pretokenizers": [
                        {"type": "Split", "pattern": {"Regex": "[a-"}, "behavior": "Removed", "invert": True},
                        {"type": "ByteLevel", "use_regex": False},
                    ],
                }
            ),
            "invalid pre-tokenization regex '[a-'",
        ),
    ],
)
def test_wrong_typed_huggingface_files(tmp_path, edit, message):
    (path,) = export(_small(), tmp_path, "huggingface")
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(TokenizerFileError) as info:
        load_huggingface(path)
    assert str(info.value).startswith(f"{path}: ") and message in str(info.value)


@pytest.mark.parametrize(
    "lines, message",
    [
        (["!!!! 256"], "line 257: bad token or rank"),
        (["YWI= 99999999999999999999"], "rank 99999999999999999999 is outside 0..16777215"),
        (["YWI= 256 7"], "line 257: expected 'base64-token rank'"),
        (["YWI= 3"], "line 257: token or rank given twice"),
    ],
)
def test_bad_tiktoken_files_name_the_file_and_the_line(tmp_path, lines, message):
    ranks = [f"{base64.b64encode(bytes([i])).decode()} {i}" for i in range(256)]
    (tmp_path / "x.tiktoken").write_text("\n".join(ranks + lines) + "\n", encoding="ascii")
    with pytest.raises(TokenizerFileError) as info:
        load_tiktoken(tmp_path / "x.tiktoken")
    assert str(info.value).startswith(f"{tmp_path / 'x.tiktoken'}: ") and message in str(info.value)
    assert str(info.value).count("x.tiktoken") == 1


def test_write_errors_name_the_users_path_and_leave_nothing_behind(tmp_path, monkeypatch):
    tok = _small()
    with pytest.raises(
        TokenizerWriteError, match=f"^cannot write {tmp_path}/no/t.json: the folder {tmp_path}/no does not exist$"
    ):
        save_json(tok, tmp_path / "no" / "t.json")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(TokenizerWriteError, match="dir.json: it is a folder$"):
        save_json(tok, tmp_path / "dir.json")
    (tmp_path / "file").write_text("x")
    with pytest.raises(TokenizerWriteError, match="file: it is a file, not a folder"):
        export(tok, tmp_path / "file", "gpt2")

    def refuse(*args):
        raise PermissionError(13, "Permission denied", "/somewhere/.t.json.abc.tmp")

    monkeypatch.setattr("bpe_core.formats.files.os.replace", refuse)
    for fmt, name in [("gpt2", "vocab.json"), ("tiktoken", "tokenizer.tiktoken"), ("huggingface", "tokenizer.json")]:
        with pytest.raises(TokenizerWriteError) as info:
            export(tok, tmp_path / fmt, fmt)
        assert str(info.value) == f"cannot write {tmp_path / fmt / name}: permission denied"
        assert isinstance(info.value, OSError) and list((tmp_path / fmt).iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.json", "file", "gpt2", "huggingface", "tiktoken"]


def test_saved_files_get_the_usual_permissions_not_the_temporary_files(tmp_path):
    umask = os.umask(0o022)
    try:
        save_json(_small(), tmp_path / "t.json")
    finally:
        os.umask(umask)
    assert (tmp_path / "t.json").stat().st_mode & 0o777 == 0o666 & ~_UMASK


def test_a_hugging_face_file_is_told_by_its_class(tmp_path):
    (path,) = export(_small(), tmp_path, "huggingface")
    with pytest.raises(HuggingFaceFileError):
        load_json(path)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**70) | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


def _paths(doc, prefix=()):
    """Every place in a JSON document: (path of keys and indexes)."""
    yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc[:3]):
            yield from _paths(value, (*prefix, index))


@pytest.mark.parametrize("fmt", ["ours", "huggingface"])
@settings(max_examples=150)
@given(data=st.data())
def test_any_value_anywhere_gives_a_tokenizer_or_a_file_error(tmp_path_factory, fmt, data):
    folder = tmp_path_factory.mktemp("fuzz")
    tok = _small()
    if fmt == "ours":
        save_json(tok, folder / "t.json")
        path, loader = folder / "t.json", load_json
    else:
        (path,) = export(tok, folder, "huggingface")
        loader = load_huggingface
    doc = json.loads(path.read_text(encoding="utf-8"))
    where = data.draw(st.sampled_from([p for p in _paths(doc) if p]))
    value = data.draw(_JSON)
    parent = doc
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = value
    path.write_text(json.dumps(doc), encoding="utf-8")
    try:
        loaded = loader(path)
        loaded.encode("ab<|s|>")
        if getattr(loaded, "record", None) is not None:
            _ = loaded.record.steps  # unpacked when first shown: a file error too, if any
    except TokenizerFileError as exc:
        assert str(exc).startswith(f"{path}: ") and "\n" not in str(exc)
        assert "object has no attribute" not in str(exc) and "not subscriptable" not in str(exc)
