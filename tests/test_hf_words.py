"""A tokenizer.json set as Llama 2's is, its ids of a long text a word at a time (hf_words, through the library
host's ids call): the same ids as the ``tokenizers`` library's encode of the whole text, through one memo over many
texts; the files that do not allow it, and texts that hold an added token, are encoded whole."""

from __future__ import annotations

import json

import numpy as np
import pytest
import tokenizers
from hypothesis import given, settings
from hypothesis import strategies as st
from test_foreign_builders import corpus_lines, llama2_tokenizer_json
from test_sp_lines import LLAMA_STYLE, train

from bpe_core.file_errors import TokenizerFileError
from bpe_core.foreign import hf_words, word_memo
from bpe_core.foreign.hf_tokenizer import library_calls
from bpe_core.foreign.hf_words import WORD, by_words, word_pattern
from bpe_core.formats import load_any

PIECES = list("ab Zé中文😀龘12 \r\n\t,.'▁") + ["  ", "   x", "▁▁", " ▁", "▁ ", "\n ", " \n", "<extra>", "the ", "１２"]
BYTES = [f"<0x{byte:02X}>" for byte in range(256)]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=60).map("".join) | st.text(max_size=60)


#: The newer conversions' pipeline: no normalizer, a Metaspace pre-tokenizer that does not split.
METASPACE = {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first", "split": False}


@pytest.fixture(scope="module")
def llama2_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hf_words")
    text = llama2_tokenizer_json(train(folder, "llama_style", **LLAMA_STYLE)._data)
    path = folder / "tokenizer.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def metaspace_file(llama2_file):
    """The same tokens with the newer conversions' pipeline (a Metaspace puts no "▁" before a text that begins
    with one, where Prepend does)."""
    path = llama2_file.parent / "metaspace" / "tokenizer.json"
    path.parent.mkdir()
    doc = json.loads(llama2_file.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**doc, "normalizer": None, "pre_tokenizer": METASPACE}), encoding="utf-8")
    return path


@pytest.fixture(scope="module", params=["llama2_file", "metaspace_file"])
def a_file(request):
    return request.getfixturevalue(request.param)


def library_of(text: str) -> tokenizers.Tokenizer:
    return tokenizers.Tokenizer.from_str(text)


def rule_of(text: str) -> str | None:
    """The words' pattern the tokenizer hands its host for a file (JSON ``text``), as it does where it loads it."""
    words = hf_words.word_rule(json.loads(text))
    return words.pattern if words else None


def encoded(library, text: str) -> list[int]:
    return library.encode(text, add_special_tokens=False).ids


def test_words_start_before_a_space_after_another_character():
    assert WORD.findall("A  tale\n of two▁ cities")[:-1] == ["A", "  tale\n", " of", " two", "▁ cities"]
    assert WORD.findall("")[:-1] == [] and WORD.findall("\n\n x")[:-1] == ["\n\n", " x"]


@settings(max_examples=200, deadline=None)
@given(texts=st.lists(TEXTS, min_size=1, max_size=5))
def test_a_text_by_words_is_the_whole_texts_encode(a_file, texts):
    """The host's ids call (its memo through several texts, every text long enough to go by words), for either
    pipeline."""
    text = a_file.read_text(encoding="utf-8")
    assert by_words(json.loads(text))
    library = library_of(text)
    used = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(word_memo, "WORDS_LEAST", 0)
        real = word_memo.WordMemo.encode
        patch.setattr(word_memo.WordMemo, "encode", lambda memo, piece: used.append(piece) or real(memo, piece))
        calls = library_calls(text, [], rule_of(text))
        for piece in texts:
            got = calls["ids"](piece)
            assert got.dtype == np.int64 and got.tolist() == encoded(library, piece), repr(piece)
    assert used == [piece for piece in texts if "<s>" not in piece and "</s>" not in piece and "<unk>" not in piece]


def test_a_long_text_with_and_without_added_tokens_through_the_tokenizer(a_file):
    """encode_ids of a long text: the library's ids (by words); one that holds an added token's text (``<s>``,
    ``<unk>``: the library splits them out and normalizes either side apart) is encoded whole, the same ids."""
    library = library_of(a_file.read_text(encoding="utf-8"))
    tokenizer = load_any(a_file)
    text = "\n".join(corpus_lines() * 3)
    assert len(text) >= word_memo.WORDS_LEAST
    for long_text in (text, text + " <s>x", "<unk> " + text, text.replace("the", "the </s>", 3)):
        got = tokenizer.encode_ids(long_text)
        assert isinstance(got, np.ndarray) and got.tolist() == encoded(library, long_text)


def whole_tokens(tokenizer, text: str) -> tuple[list, list, list]:
    """A tokenizer's ids, offsets and word starts of ``text`` encoded whole by its library (no blocks)."""
    blocks, tokenizer._blocks = tokenizer._blocks, None
    try:
        return tokens_of(tokenizer, text)
    finally:
        tokenizer._blocks = blocks


def tokens_of(tokenizer, text: str) -> tuple[list, list, list]:
    ids, offsets, starts = tokenizer._encode_offsets(text)
    offsets = np.asarray(offsets(), np.int64).reshape(-1, 2)
    return np.asarray(ids).tolist(), offsets.tolist(), starts(offsets[:, 0]).tolist()


def assert_blocks_as_whole(path, texts: list[str], block_words: tuple[int, ...]) -> None:
    """The file at ``path`` views each of ``texts`` (one memo through them all), in blocks of about each of
    ``block_words`` words, as its library does the whole text: the same ids, offsets and word starts."""
    tokenizer = load_any(path)
    assert tokenizer._blocks is not None
    for size in block_words:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(word_memo, "WORDS_LEAST", 0)
            patch.setattr(hf_words, "BLOCK_WORDS", size)
            for text in texts:
                assert tokens_of(tokenizer, text) == whole_tokens(tokenizer, text), repr(text)


@settings(max_examples=150, deadline=None)
@given(texts=st.lists(TEXTS, min_size=1, max_size=4))
def test_a_text_by_blocks_of_words_is_the_whole_texts_view(a_file, texts):
    """A Compare pane's tokens of a long text (ids, offsets, word starts) put together from blocks of its words,
    one memo through several texts, in blocks of about 2 words and of about 64: the library's of the whole text."""
    assert_blocks_as_whole(a_file, texts, (2, 64))


def test_a_long_texts_edits_send_only_their_blocks_to_the_library(a_file, monkeypatch):
    """Edits in the middle of a long text (a Compare pane's keys): the library's tokens of the whole new text, and
    only the edited words' blocks sent to the library again; a text that holds an added token goes whole."""
    tokenizer = load_any(a_file)
    monkeypatch.setattr(hf_words, "BLOCK_WORDS", 8)  # (one block is never a quarter of the text)
    text = "\n".join(corpus_lines() * 3)
    assert len(text) >= word_memo.WORDS_LEAST
    asked = []
    real = tokenizer._blocks.ask
    tokenizer._blocks.ask = lambda blocks, at_start: asked.append("".join(blocks)) or real(blocks, at_start)
    for edit in ["", "中", "\n", " x\n\ny ", "😀", "▁▁a ", "  "]:
        middle = len(text) // 2
        text = text[:middle] + edit + text[middle:]
        asked.clear()
        assert tokens_of(tokenizer, text) == whole_tokens(tokenizer, text)
        assert len("".join(asked)) < len(text) // 4 if edit else asked  # (the first: each block met once)
    asked.clear()
    assert tokens_of(tokenizer, text + " <s>") == whole_tokens(tokenizer, text + " <s>") and not asked


def test_a_machine_of_many_cores_encodes_a_long_text_by_blocks(llama2_file):
    """The library's threads (256 of them, as a machine of 256 cores would have) are started when the host builds
    the file, not at the first batch call under a call's memory limit, where they could not start: every long text
    was a panic ("The global thread pool has not been initialized"; found by a review)."""
    import os
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from bpe_core.formats import load_any\n"
        "tokenizer = load_any(sys.argv[1])\n"
        "text = ' '.join(str(i) + ' words\\n' for i in range(6000))\n"
        "assert tokenizer._blocks is not None and len(text) >= 20000\n"
        "print(len(tokenizer.view(text).tokens), len(tokenizer.encode_ids(text)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(llama2_file)],
        env={**os.environ, "RAYON_NUM_THREADS": "256"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    text = " ".join(str(i) + " words\n" for i in range(6000))
    count = len(encoded(library_of(llama2_file.read_text(encoding="utf-8")), text))
    assert done.stdout.split() == [str(count), str(count)]


def test_a_file_that_cannot_encode_the_threads_first_text_still_encodes_others(tmp_path):
    """The host starts the library's threads with a text of its own ("a", "b"); a file that cannot encode it (a
    WordLevel model without those words or an unknown token) still encodes the texts it can, and says why it cannot
    at the text that meets it."""
    doc = {"model": {"type": "WordLevel", "vocab": {"hello": 0, "world": 1}, "unk_token": "[UNK]"}}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps({**doc, "pre_tokenizer": {"type": "Whitespace"}}), encoding="utf-8")
    tokenizer = load_any(path)
    assert tokenizer.encode("hello world") == [0, 1]
    with pytest.raises(ValueError, match="Missing \\[UNK\\] token"):
        tokenizer.encode("hello a")


def edited(doc: dict, change) -> dict:
    doc = json.loads(json.dumps(doc))
    change(doc)
    return doc


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(pre_tokenizer={"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first"}),
        lambda d: d.update(normalizer={"type": "NFKC"}),
        lambda d: d.update(normalizer=d["normalizer"]["normalizers"][1]),  # no Prepend
        lambda d: d["normalizer"]["normalizers"].reverse(),  # Replace then Prepend
        lambda d: d["model"].update(ignore_merges=True),  # the whole text looked up as a token first
        lambda d: d["model"].update(dropout=0.1),
        lambda d: d["model"].update(continuing_subword_prefix="##"),
        lambda d: d["model"]["vocab"].update({"of▁the": len(d["model"]["vocab"])}),  # a token across a space
        lambda d: d["model"].update(unk_token=None, byte_fallback=False),  # an unknown character dropped
        lambda d: d["model"].update(unk_token="▁", byte_fallback=False),  # an unknown character read as "▁"
        lambda d: d["model"]["vocab"].update({"<0x41>x": d["model"]["vocab"]["▁"]}),  # two tokens of one id
        lambda d: d["model"].pop("type"),  # the library guesses
        lambda d: d["model"]["vocab"].pop("▁"),
        lambda d: d["model"].update(type="Unigram"),
    ],
    ids=[
        "a pre-tokenizer",
        "another normalizer",
        "no Prepend",
        "Replace first",
        "ignore_merges",
        "dropout",
        "a subword prefix",
        "a token across a space",
        "unknowns dropped",
        "unknown as ▁",
        "an id twice",
        "no model type",
        "no ▁ token",
        "not BPE",
    ],
)
def test_files_whose_words_are_not_apart_are_encoded_whole(llama2_file, change, tmp_path):
    doc = edited(json.loads(llama2_file.read_text(encoding="utf-8")), change)
    assert not by_words(doc)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    try:
        tokenizer = load_any(path)
    except TokenizerFileError:  # (the library refuses some: a subword prefix longer than a token)
        return
    assert tokenizer._blocks is None  # (a Compare pane's long text too)


def test_the_memo_past_its_bound_forgets_between_texts(llama2_file, monkeypatch):
    text = llama2_file.read_text(encoding="utf-8")
    library = library_of(text)
    monkeypatch.setattr(word_memo, "MEMO_WORDS", 50)
    calls = library_calls(text, [], rule_of(text))
    long_text = "\n".join(corpus_lines() * 3)
    for _ in range(3):
        assert calls["ids"](long_text).tolist() == encoded(library, long_text)


def small_file(vocab: list[str], merges: list[tuple[str, str]], added=(), **model) -> str:
    """A tokenizer.json set as Llama 2's is, of these tokens (numbered in order) and merges."""
    return json.dumps(
        {
            "added_tokens": [{"single_word": False, "lstrip": False, "rstrip": False, **entry} for entry in added],
            "normalizer": {
                "type": "Sequence",
                "normalizers": [
                    {"type": "Prepend", "prepend": "▁"},
                    {"type": "Replace", "pattern": {"String": " "}, "content": "▁"},
                ],
            },
            "pre_tokenizer": None,
            "model": {
                "type": "BPE",
                "vocab": {token: i for i, token in enumerate(vocab)},
                "unk_token": "<unk>",
                "merges": [list(pair) for pair in merges],
                **model,
            },
        }
    )


@pytest.mark.parametrize(
    "added, texts",
    [
        ({"content": "x a", "normalized": True, "special": False}, ["x▁a", "y x▁a", "x a", "x▁" + "a" * 30]),
        ({"content": " a", "normalized": True, "special": True}, ["x ▁a", "x▁a", "b a b"]),
        ({"content": "a▁b", "normalized": False, "special": True}, ["a▁b", "a b", "x a▁b x"]),
    ],
)
def test_a_text_that_holds_an_added_token_as_the_library_matches_it_goes_whole(added, texts):
    """An added token with a space (found by a review): a normalized one is matched in the text with its spaces as
    "▁"; the test of a text looks at "▁" and spaces alike, so such a text is encoded whole."""
    text = small_file(["<unk>", "▁", "x", "a", "▁x", "▁a", "b", "y"], [("▁", "x"), ("▁", "a")], [{"id": 8, **added}])
    library = library_of(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(word_memo, "WORDS_LEAST", 0)
        calls = library_calls(text, [], rule_of(text))
        for piece in texts:
            assert calls["ids"](piece).tolist() == encoded(library, piece), repr(piece)


@pytest.mark.parametrize(
    "vocab, merges, byte_fallback, lines",
    [
        (["<unk>", "▁", "a", "\n", "▁a"], [("▁", "a")], False, True),  # a line break a token
        (["<unk>", "▁", "a", "\n", "a\n", "▁a"], [("a", "\n"), ("▁", "a")], False, True),  # tokens may end in one
        (["<unk>", "▁", "a", "\n", "\na", "▁a"], [("\n", "a"), ("▁", "a")], False, False),  # one runs on past it
        (["<unk>", "▁", "a", "▁a"], [("▁", "a")], False, False),  # a line break unknown: fused with its neighbours
        (["<unk>", "▁", "a", "▁a", *BYTES], [("▁", "a")], True, True),  # a line break its byte
        (["<unk>", "▁", "a", "▁a", *BYTES, "<0x0A>a"], [("▁", "a"), ("<0x0A>", "a")], True, False),
        # (found by a review: the library puts the <unk> of "X" in "X\n\n" after the line breaks' bytes)
        (["<unk>", "▁", "a", "<0x0A>"], [], True, False),
    ],
    ids=[
        "a token",
        "tokens end in one",
        "a token past one",
        "unknown",
        "its byte",
        "a token past its byte",
        "its byte alone",
    ],
)
def test_a_file_whose_line_breaks_end_its_tokens_cuts_words_after_them_too(
    vocab, merges, byte_fallback, lines, tmp_path
):
    """A line break that is a token alone (or its byte) and that no token runs on past ends a word too: a text of
    Chinese, with no spaces, is then its lines, not one word; either way the ids are the library's, and a Compare
    pane's tokens (in blocks of about a word) the whole text's."""
    text = small_file(vocab, merges, byte_fallback=byte_fallback, fuse_unk=True)
    doc = json.loads(text)
    assert by_words(doc) and (word_pattern(doc) is word_memo.WORD_OR_LINE) == lines
    library = library_of(text)
    path = tmp_path / "tokenizer.json"
    path.write_text(text, encoding="utf-8")
    tokenizer = load_any(path)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(word_memo, "WORDS_LEAST", 0)
        patch.setattr(hf_words, "BLOCK_WORDS", 1)
        calls = library_calls(text, [], rule_of(text))
        for piece in ["a\na", "龘\n龘 a", "a \n\na\n a", "\n\n", "a\n▁a", "龘\n", "X\n\n", "X\nY"]:
            assert calls["ids"](piece).tolist() == encoded(library, piece), repr(piece)
            assert tokens_of(tokenizer, piece) == whole_tokens(tokenizer, piece), repr(piece)


def test_ids_past_int32(monkeypatch, tmp_path):
    """Token ids of 2**31 and more (valid in a tokenizer.json) go through the memo (found by a review), and through
    a Compare pane's blocks."""
    text = small_file(["<unk>", "▁", "a", "b"], [("▁", "a")])
    doc = json.loads(text)
    doc["model"]["vocab"]["▁a"] = 2**31 + 5
    text = json.dumps(doc)
    monkeypatch.setattr(word_memo, "WORDS_LEAST", 0)
    assert (
        library_calls(text, [], rule_of(text))["ids"]("b a").tolist()
        == encoded(library_of(text), "b a")
        == [1, 3, 2**31 + 5]
    )
    path = tmp_path / "tokenizer.json"
    path.write_text(text, encoding="utf-8")
    tokenizer = load_any(path)
    assert tokenizer._blocks is not None
    for _ in range(2):  # (then from the memo)
        assert tokens_of(tokenizer, "b a a")[0] == [1, 3, 2**31 + 5, 2**31 + 5]


@pytest.mark.parametrize(
    "pre, normalizer",
    [
        ({**METASPACE, "split": True}, None),  # a word per space: the library's own words, nothing to gain or prove
        ({key: value for key, value in METASPACE.items() if key != "split"}, None),  # (splits by default)
        ({**METASPACE, "replacement": "_"}, None),
        ({**METASPACE, "prepend_scheme": "sometimes"}, None),
        ({**METASPACE, "other": 1}, None),
        (METASPACE, {"type": "NFKC"}),
        ({"type": "Sequence", "pretokenizers": [METASPACE]}, None),
    ],
    ids=["split", "split by default", "another replacement", "another scheme", "another key", "NFKC", "a sequence"],
)
def test_metaspace_pipelines_that_are_not_the_newer_conversions_are_encoded_whole(llama2_file, pre, normalizer):
    doc = json.loads(llama2_file.read_text(encoding="utf-8"))
    assert not by_words({**doc, "normalizer": normalizer, "pre_tokenizer": pre})
