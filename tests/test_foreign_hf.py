"""Hugging Face tokenizer.json files of every pipeline component, loaded by load_any and compared id for id with
the ``tokenizers`` library on hard cases and hypothesis text; byte spans, chunks, merges and raw encoding."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_foreign_builders import HARD_TEXTS, HF_CONFIGS, KEEPS_TEXT, SPECIAL, build_hf
from tokenizers import Tokenizer as LibraryTokenizer

from bpe_core import Tokenizer
from bpe_core.foreign import HuggingFaceTokenizer
from bpe_core.formats import TokenizerFileError, load_any

NAMES = sorted(HF_CONFIGS)
PIECES = list("ab Zé中文😀鬱12 \r\n\t,.'") + ["e\u0301", SPECIAL, "<extra>", "fox", "[[x]]", "  ", "ﬁ", "１２"]
TEXTS = st.text(max_size=60) | st.lists(st.sampled_from(PIECES), max_size=25).map("".join)


@pytest.fixture(scope="session")
def hf_files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hf")
    return {name: build_hf(folder, name) for name in NAMES}


class Pairs(dict):
    """name -> (our adapter, the library's own tokenizer read from the same file); a short repr for hypothesis."""

    def __repr__(self) -> str:
        return f"<{len(self)} tokenizer pairs>"


@pytest.fixture(scope="session")
def pairs(hf_files):
    return Pairs({name: (load_any(path), LibraryTokenizer.from_file(str(path))) for name, path in hf_files.items()})


def library_ids(library, text: str) -> list[int]:
    return library.encode(text, add_special_tokens=False).ids


@pytest.mark.parametrize("name", NAMES)
def test_hard_cases_match_the_library(pairs, name):
    ours, library = pairs[name]
    assert isinstance(ours, HuggingFaceTokenizer)
    for text in HARD_TEXTS:
        assert ours.encode(text) == library_ids(library, text), text


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40)
@given(text=TEXTS)
def test_any_text_matches_the_library(pairs, name, text):
    ours, library = pairs[name]
    assert ours.encode(text) == library_ids(library, text)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=30)
@given(text=TEXTS)
def test_decoding_is_the_librarys_through_the_files_decoder(pairs, name, text):
    ours, library = pairs[name]
    ids = library_ids(library, text)
    assert ours.decode(ids) == library.decode(ids, skip_special_tokens=False)


@pytest.mark.parametrize("name", sorted(KEEPS_TEXT))
@settings(max_examples=40)
@given(text=TEXTS)
def test_spans_concatenate_to_the_text_where_the_pipeline_keeps_it(pairs, name, text):
    ours, library = pairs[name]
    view = ours.view(text)
    chunks = list(view.chunks)
    data = text.encode("utf-8")
    position = 0
    for token in view.tokens:  # the spans tile the text
        assert token.byte_start == position and token.byte_end > position
        position = token.byte_end
    assert position == len(data)
    if "<extra>" not in text and "[[x]]" not in text:  # added tokens that strip spaces around them
        assert b"".join(t.token for t in view.tokens) == data
        assert all(data[t.byte_start : t.byte_end] == t.token for t in view.tokens)
        assert ours.decode([t.id for t in view.tokens]) == text
    assert chunks == sorted(set(chunks)) and all(0 <= c <= len(text) for c in chunks)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=30)
@given(text=TEXTS)
def test_spans_are_ordered_and_inside_the_text_for_every_pipeline(pairs, name, text):
    ours, _ = pairs[name]
    ids, starts, ends = ours.encode_spans(text)
    size = len(text.encode("utf-8"))
    assert len(ids) == len(starts) == len(ends)
    assert all(0 <= a <= b <= size for a, b in zip(starts, ends))
    assert starts == sorted(starts)
    view = ours.view(text)
    assert [(t.byte_start, t.byte_end) for t in view.tokens] == list(zip(starts, ends))


def test_byte_fallback_tokens_get_their_own_byte_of_a_character(pairs):
    ours, library = pairs["llama2_style_byte_fallback"]
    text = "x 龘 y"  # 龘 is not in the corpus: it falls back to three byte tokens
    view = ours.view(text)
    assert [t.id for t in view.tokens] == library_ids(library, text)
    fallback = [t for t in view.tokens if t.partial]
    assert [t.token for t in fallback] == [b"\xe9", b"\xbe", b"\x98"]
    assert [str(t.partial[0]) for t in fallback] == [f"bytes {i}-{i} of 3 of '龘'" for i in range(3)]
    assert [(t.byte_start, t.byte_end) for t in fallback] == [(2, 3), (3, 4), (4, 5)]


def test_metaspace_and_wordpiece_tokens_stand_for_their_text(pairs):
    ours, library = pairs["unigram_metaspace_nfkc"]
    assert b"".join(ours.token_bytes(i) for i in library_ids(library, "over the dog")) == b" over the dog"
    ours, library = pairs["wordpiece_whitespace_lowercase"]
    pieces = library.encode("encoding", add_special_tokens=False).tokens
    assert b"".join(ours.token_bytes(i) for i in library_ids(library, "encoding")) == b"encoding", pieces


def test_byte_level_chunks_are_the_gpt2_pre_tokens(pairs):
    ours, _ = pairs["bytelevel"]
    text = "Hello world's 123 tokens,\n  indented 中文😀"
    chunks = list(ours.view(text).chunks)
    assert chunks == [start for start, _, _ in Tokenizer.from_tiktoken("gpt2").pretokens(text)]


def test_tokens_that_strip_spaces_cover_them(pairs):
    ours, library = pairs["bytelevel"]
    view = ours.view(" <extra>  b")
    assert [(t.token, t.byte_start, t.byte_end) for t in view.tokens][0] == (b"<extra>", 0, 10)


def test_special_and_added_tokens(pairs):
    ours, library = pairs["bytelevel"]
    text = f"a{SPECIAL}b <extra> c fox foxes [[x]]  "
    view = ours.view(text)
    assert [t.id for t in view.tokens] == library_ids(library, text)
    specials = [t for t in view.tokens if t.special]
    assert [t.token for t in specials] == [SPECIAL.encode()]
    assert ours.special_tokens[SPECIAL] == specials[0].id and "<extra>" not in ours.special_tokens


@pytest.mark.parametrize("name", ["bytelevel", "qwen2_split_ignore_merges", "llama2_style_byte_fallback"])
def test_merges_are_the_files_in_token_bytes(hf_files, pairs, name):
    ours, library = pairs[name]
    merges = json.loads(hf_files[name].read_text(encoding="utf-8"))["model"]["merges"]
    assert len(ours.merges) == len(merges) > 100
    vocab_bytes = {ours.token_bytes(i) for i in range(ours.vocab_size)}
    assert all(left + right in vocab_bytes for left, right in ours.merges)
    assert ours.merge_rank(ours.merges[7][0] + ours.merges[7][1]) == 7


@pytest.mark.parametrize("name", ["unigram_metaspace_nfkc", "wordpiece_whitespace_lowercase"])
def test_models_without_merges_have_none(pairs, name):
    assert pairs[name][0].merges is None


def test_encoding_is_raw_whatever_the_post_processor_truncation_and_padding(hf_files, tmp_path):
    doc = json.loads(hf_files["bytelevel"].read_text(encoding="utf-8"))
    bos = next(t["id"] for t in doc["added_tokens"] if t["content"] == "<s>")
    doc["post_processor"] = {
        "type": "TemplateProcessing",
        "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
        "pair": [{"Sequence": {"id": "A", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}}],
        "special_tokens": {"<s>": {"id": "<s>", "ids": [bos], "tokens": ["<s>"]}},
    }
    doc["truncation"] = {"direction": "Right", "max_length": 3, "strategy": "LongestFirst", "stride": 0}
    doc["padding"] = {
        "strategy": {"Fixed": 64},
        "direction": "Right",
        "pad_to_multiple_of": None,
        "pad_id": 0,
        "pad_type_id": 0,
        "pad_token": SPECIAL,
    }
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    library = LibraryTokenizer.from_file(str(path))
    assert library.encode("The quick brown fox").ids[0] == bos  # the file's own settings add BOS and pad
    ours = load_any(path)
    library.no_truncation()
    library.no_padding()
    assert ours.encode("The quick brown fox jumps") == library_ids(library, "The quick brown fox jumps")
    assert len(ours.encode("The quick brown fox jumps")) > 3 and bos not in ours.encode("The quick")


def test_a_component_the_library_refuses_is_named_with_the_file(hf_files, tmp_path):
    doc = json.loads(hf_files["bytelevel"].read_text(encoding="utf-8"))
    doc["pre_tokenizer"] = {"type": "Frobnicate"}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=r"tokenizer\.json: the tokenizers library cannot read it: .*"):
        load_any(path)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda m: m.__setitem__("merges", ["a zzzzq"]), "zzzzq"),  # a merge naming a token not in the vocab
        (lambda m: m.__setitem__("vocab", [["a", 0]]), ""),  # wrong type
        (lambda m: m.__setitem__("merges", "a b"), ""),
        (lambda m: m["vocab"].__setitem__("x", "seven"), ""),
        (lambda m: m.__setitem__("dropout", "high"), ""),
    ],
)
def test_hostile_model_fields_give_a_clear_error(hf_files, tmp_path, change, words):
    doc = json.loads(hf_files["bytelevel"].read_text(encoding="utf-8"))
    change(doc["model"])
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match="tokenizer.json: ") as caught:
        load_any(path)
    assert words in str(caught.value)


@pytest.mark.parametrize("name", NAMES)
def test_the_ids_read_from_the_file_are_the_librarys(pairs, name):
    """The ids a tokenizer.json holds are read from the file (the library's get_vocab holds the GIL 0.2 s for a big
    one): the same as the library's vocabulary with its added tokens, for every model type."""
    ours, library = pairs[name]
    assert ours._file_ids is not None
    assert ours.token_ids() == sorted(set(library.get_vocab(with_added_tokens=True).values()))


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_vocabulary_at_once_is_each_ids_bytes(hf_files, name):
    """``tokens()`` (what a table or a tree reads) gives each id's bytes as ``token_bytes`` reads them alone."""
    model, alone = load_any(hf_files[name]), load_any(hf_files[name])
    whole = model.tokens()
    assert list(whole) == model.token_ids()
    assert whole == {token_id: alone.token_bytes(token_id) for token_id in whole}


@pytest.mark.parametrize("name", NAMES)
def test_a_vocabularys_bytes_read_all_at_once_are_each_ids_own(pairs, name):
    """A byte-level vocabulary's pieces are spelled all at once (for bytes -> id): each id's bytes as read alone;
    added tokens and pieces in another spelling are left to be read alone."""
    ours, _ = pairs[name]
    together = ours._bytes_of_many(ours.token_ids())
    assert {token_id: ours._bytes_of(token_id) for token_id in together} == together
    if ours._byte_level:
        assert len(together) >= 256 and not together.keys() & ours._added.keys()
    else:
        assert together == {}
