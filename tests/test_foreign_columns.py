"""A published model's whole view is columns (``bpe_core.foreign.span_arrays``) equal, token by token, to the records
``view_from_spans`` made from ``byte_spans``' spans before (ids, bytes, character and byte spans, special, the parts of
characters held), with the same chunks: tokenizer.json pipelines through the ``tokenizers`` library, SentencePiece
models, tiktoken; hypothesis text (Chinese, emoji, combining marks, lone surrogates, CRLF, empty, special tokens); a
made-up library's spans that are empty, overlap, run backwards, lie out of the text or cut characters."""

from __future__ import annotations

import bisect
import dataclasses
import json

import numpy as np
import pytest
import sentencepiece
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_foreign_builders import HARD_TEXTS, SPECIAL, build_hf, build_sentencepiece
from tokenizers import Tokenizer as LibraryTokenizer

from bpe_core.encoding.token_columns import TokenColumns, TokenGroups, columns_of
from bpe_core.encoding.token_lookup import UnknownTokenError
from bpe_core.encoding.token_spans import TokenView, view_from_spans
from bpe_core.foreign import ForeignTokenizer, HuggingFaceTokenizer, SentencePieceTokenizer, TiktokenTokenizer
from bpe_core.foreign.hf_tokenizer import word_starts
from bpe_core.foreign.spans import byte_spans
from bpe_core.formats import load_any
from bpe_core.pretokenize.text_splitter import fix_surrogates

HF_NAMES = [
    "bytelevel",
    "bytelevel_prefix_nfc",
    "digits_nfkc_lowercase",
    "llama2_style_byte_fallback",
    "metaspace_punctuation_strip",
    "split_removed_inverted",
    "unigram_metaspace_nfkc",
    "whitespace_suffix_prefix",
    "wordpiece_whitespace_lowercase",
]
PIECES = list("ab Zé中文😀龘鬱12 \r\n\t,.'") + ["e\u0301", "\u0915\u094d\u0937", "\ud800", "\r\n", "👍🏽", "👨‍👩‍👧"]
PIECES += [SPECIAL, "<extra>", "<s>", "</s>", "<unk>", "fox", "[[x]]", "  ", "ﬁ", "１２", "▁", "<0xE4>"]
TEXTS = st.text(max_size=60) | st.lists(st.sampled_from(PIECES), max_size=25).map("".join)


class Tokenizers(dict):
    """name -> (the adapter, its library's own tokenizer for the chunks, or None); a short repr for hypothesis."""

    def __repr__(self) -> str:
        return f"<{len(self)} tokenizers>"


@pytest.fixture(scope="session")
def tokenizers(tmp_path_factory):
    folder = tmp_path_factory.mktemp("columns")
    found = Tokenizers()
    for name in HF_NAMES:
        path = build_hf(folder, name)
        text = path.read_text(encoding="utf-8")
        found[name] = (HuggingFaceTokenizer(str(path), text, json.loads(text)), LibraryTokenizer.from_str(text))
    found["bytelevel, our engine"] = (load_any(found["bytelevel"][0].name), None)
    for kind in ("bpe", "unigram"):
        path = build_sentencepiece(folder, kind)
        found[f"sentencepiece {kind}"] = (load_any(path), sentencepiece.SentencePieceProcessor(model_file=str(path)))
    found["tiktoken gpt2"] = (TiktokenTokenizer.reference("gpt2"), None)
    return found


def records_view(tokenizer: ForeignTokenizer, text: str, library=None) -> TokenView:
    """The view as it was made before columns: a record per token from ``byte_spans``' spans, its chunks read from
    the records (the library's words, or its pieces that begin with ``▁``; else the tokenizer's own)."""
    text = fix_surrogates(text)
    ids, offsets, chunks = tokenizer._encode_offsets(text)
    ids = [int(i) for i in ids]
    data = [tokenizer.token_bytes(i) for i in ids]
    view = view_from_spans(text, ids, data, *byte_spans(text, data, offsets), tokenizer._special_ids)
    if isinstance(library, LibraryTokenizer):
        words = library.encode(text, add_special_tokens=False).word_ids
        firsts = [i for i, word in enumerate(words) if i == 0 or word is None or word != words[i - 1]]
    elif library is not None:
        pieces = library.EncodeAsOffsetMapping(text)["pieces"]
        firsts = [i for i, piece in enumerate(pieces) if i == 0 or piece.startswith("▁")]
    else:
        return dataclasses.replace(view, chunks=tuple(chunks(np.array([t.start for t in view.tokens], np.int64))))
    return dataclasses.replace(view, chunks=tuple(sorted({view.tokens[i].start for i in firsts})))


def assert_same_view(view: TokenView, expected: TokenView) -> None:
    """Columns that read as ``expected``'s records every way a consumer reads them."""
    tokens, records = view.tokens, expected.tokens
    assert isinstance(tokens, TokenColumns)
    assert view.text == expected.text and list(view.chunks) == list(expected.chunks)
    assert len(tokens) == len(records)
    for token, record in zip(tokens, records):
        assert token == record
    assert view == expected and tokens == records  # the views compare equal, as two tuples of records did
    assert [t.is_partial for t in tokens] == [t.is_partial for t in records]
    if records:
        assert tokens[-1] == records[-1] and tokens[1:-1] == list(records[1:-1]) and tokens[::2] == list(records[::2])
    assert view.groups() == expected.groups()
    groups = [(g[0].index, g[-1].index, view.text[g[0].start : g[-1].end]) for g in expected.groups() if len(g) > 1]
    assert list(TokenGroups(tokens)) == groups  # the runs the Compare tab gathers, read from the columns
    chunk_index = [bisect.bisect_right(expected.chunks, t.start) - 1 for t in records]
    assert tokens.chunk_of(view.chunks) == tuple(chunk_index)  # each token's chunk, as a pane reads them
    assert tokens.text_bytes() == len(view.text.encode("utf-8"))


@pytest.mark.parametrize("text", HARD_TEXTS + ["", "\ud800 a\udfff", "鬱" * 50 + "🙂" * 20])
def test_real_tokenizers_views_are_the_records_on_hard_texts(tokenizers, text):
    for name, (tokenizer, library) in tokenizers.items():
        try:
            assert_same_view(tokenizer.view(text), records_view(tokenizer, text, library))
        except AssertionError as error:
            raise AssertionError(f"{name} on {text!r}") from error


@settings(max_examples=40, deadline=None)
@given(text=TEXTS)
@example("你好，世界！" * 30 + "龘" * 5)
@example("\r\n\r\n e\u0301\u0301 \ud800\udc00")
def test_real_tokenizers_views_are_the_records_on_any_text(tokenizers, text):
    for name, (tokenizer, library) in tokenizers.items():
        try:
            assert_same_view(tokenizer.view(text), records_view(tokenizer, text, library))
        except AssertionError as error:
            raise AssertionError(name) from error


class MadeUp(ForeignTokenizer):
    """A library (in this process) that gives the ids and character offsets a test sets in ``given``, and as chunks
    the tokens' first characters."""

    def __init__(self, vocab: dict[int, bytes], specials: dict[str, int]):
        super().__init__("made-up", "BPE", max(vocab, default=0) + 1, specials)
        self.vocab = vocab
        self.given: tuple = ([], [])

    def _encode_offsets(self, text: str):
        ids, offsets = self.given
        return ids, lambda: offsets, np.unique

    def _bytes_of(self, token_id: int) -> bytes:
        return self.vocab[token_id]


def char_span(text: str, lo: int, hi: int) -> tuple[int, int]:
    """The characters of ``text`` that bytes ``lo:hi`` of its UTF-8 touch (none past ``lo``'s for no bytes)."""
    first = len(text.encode("utf-8")[:lo].decode("utf-8", "ignore"))
    last = len(text.encode("utf-8")[:hi].decode("utf-8", "ignore")) + (hi > lo and not _starts_char(text, hi))
    return first, max(first, last)


def _starts_char(text: str, at: int) -> bool:
    data = text.encode("utf-8")
    return at >= len(data) or data[at] & 0xC0 != 0x80


@st.composite
def library_output(draw):
    """A text and what a library could say of it: the text's bytes cut anywhere (inside characters too) as tokens
    with the characters they touch, some tokens empty, dropped, spelled otherwise (a space before, lower case, other
    bytes) or given offsets that overlap, run backwards, lie before the text or past its end; the order shuffled."""
    text = fix_surrogates(draw(TEXTS))
    data = text.encode("utf-8")
    cuts = sorted(draw(st.lists(st.integers(0, len(data)), max_size=10)))
    bounds = [0, *cuts, len(data)]
    tokens = [(data[a:b], char_span(text, a, b)) for a, b in zip(bounds, bounds[1:])]
    out = []
    for token, span in tokens:
        change = draw(st.sampled_from(["keep"] * 6 + ["drop", "empty", "space", "lower", "bytes", "offsets"]))
        if change == "drop":
            continue
        if change == "empty":
            out.append((b"", (span[0], span[0])))
        elif change == "space":
            token = b" " + token
        elif change == "lower":
            token = token.lower()
        elif change == "bytes":
            token = draw(st.binary(min_size=1, max_size=4))
        elif change == "offsets":
            span = (draw(st.integers(-3, len(text) + 3)), draw(st.integers(-3, len(text) + 3)))
        out.append((token, span))
    if draw(st.booleans()):
        out = draw(st.permutations(out))
    return text, out


def made_up_view(case, special_share: int = 3) -> tuple[MadeUp, str]:
    text, out = case
    ids = {token: i for i, token in enumerate(dict.fromkeys(token for token, _ in out))}
    specials = {f"<{i}>": i for i in ids.values() if i % special_share == 0}
    tokenizer = MadeUp({i: token for token, i in ids.items()}, specials)
    tokenizer.given = ([ids[token] for token, _ in out], [span for _, span in out])
    return tokenizer, text


@settings(max_examples=400, deadline=None)
@given(library_output())
@example(("鬱", [(b"\xe9", (0, 1)), (b"\xac", (0, 1)), (b"\xb1", (0, 1))]))  # a character's bytes, one token each
@example(("鬱", [(b"\xe9", (0, 0)), (b"\xac", (0, 0)), (b"\xb1", (0, 1))]))  # as sentencepiece's byte pieces say it
@example(("a鬱b", [(b"a\xe9", (0, 2)), (b"\xac\xb1b", (1, 3))]))  # a character cut between two tokens
@example(("a鬱", [(b" a", (0, 1)), (b"\xe9\xac", (1, 2)), (b"\xb1", (1, 2))]))  # a space before: offsets' spans
@example(("a鬱", [(b"\xe9\xac", (1, 2)), (b"\xb1", (1, 2)), (b" a", (0, 1))]))  # backwards
@example(("ab", [(b"", (0, 0)), (b" ab", (0, 2)), (b"", (2, 2))]))  # empty tokens, as a prefix space
@example(("ab", [(b" a", (-1, 1)), (b"b", (1, 9))]))  # before the text, past its end
@example(("ab", [(b" a", (-2, -1)), (b"b", (5, 1))]))  # both offsets before the text; ending before it starts
@example(("鬱鬱", [(b"\xe9", (0, 1)), (b"\xac", (0, 1)), (b"\xb1\xe9", (0, 2)), (b"\xac\xb1", (1, 2))]))
@example(("鬱", [(b"\xe9", (0, 1)), (b"\xac", (0, 1)), (b"\xb0", (0, 1))]))  # a run that does not spell its text
@example(("", []))
def test_a_librarys_spans_read_as_the_records(case):
    tokenizer, text = made_up_view(case)
    assert_same_view(tokenizer.view(text), records_view(tokenizer, text))


def test_offsets_out_of_the_text_are_clamped_to_it():
    tokenizer, text = made_up_view(("a鬱", [(b" a", (-5, -1)), (b"x", (1, 99)), (b"y", (7, 2))]), special_share=99)
    tokens = tokenizer.view(text).tokens
    assert [(t.byte_start, t.byte_end, t.start, t.end) for t in tokens] == [(0, 0, 0, 0), (1, 4, 1, 2), (4, 4, 2, 2)]
    assert byte_spans(text, [b" a", b"x", b"y"], [(-5, -1), (1, 99), (7, 2)]) == ([0, 1, 4], [0, 4, 4])


def test_as_many_offsets_as_tokens_or_an_error():
    tokenizer = MadeUp({0: b" a"}, {})
    tokenizer.given = ([0, 0], [(0, 1)])
    with pytest.raises(ValueError, match="2 tokens but 1 offsets"):
        tokenizer.view("a")


def test_an_id_outside_the_vocabulary_is_named():
    tokenizer = MadeUp({0: b"a"}, {})
    tokenizer.given = ([0, 7], [(0, 1), (1, 1)])
    with pytest.raises(UnknownTokenError, match="token id 7 is not in the vocabulary of made-up"):
        tokenizer.view("a")


def test_an_empty_text_has_no_token_and_no_chunk(tokenizers):
    for tokenizer, _ in tokenizers.values():
        view = tokenizer.view("")
        assert isinstance(view.tokens, TokenColumns) and not view.tokens and list(view.chunks) == []
        assert view.tokens.text_bytes() == 0 and view.tokens[0:5] == [] and view.groups() == []
        with pytest.raises(IndexError):
            view.tokens[0]


def test_a_huge_text_is_columns_and_reads_as_the_records():
    """A million characters (Chinese, a space before the first token: spans from offsets) cut two characters a
    token, every 97th character in three byte tokens: the columns take no record, and read as the records."""
    text = ("龘你好，世界！这是一个测试。" * 80_000)[:1_000_000]
    out, at = [], 0
    while at < len(text):
        if at % 97 == 0:
            out += [(bytes([byte]), (at, at + 1)) for byte in text[at].encode("utf-8")]
            at += 1
        else:
            out.append(((b" " if at == 1 else b"") + text[at : at + 2].encode("utf-8"), (at, min(at + 2, len(text)))))
            at += 2
    tokenizer, _ = made_up_view((text, out))
    view = tokenizer.view(text)
    tokens = view.tokens
    assert isinstance(tokens, TokenColumns) and len(tokens) == len(out)
    held = sum(column.nbytes for column in vars(tokens).values() if isinstance(column, np.ndarray))
    assert held <= 40 * len(tokens)  # bytes a token: the columns, no record each (a record and its parts: ~400)
    ids, offsets = tokenizer.given
    data = [tokenizer.token_bytes(i) for i in ids]
    starts, ends = byte_spans(text, data, offsets)
    for lo in (0, len(ids) // 2, len(ids) - 3000):
        part = slice(lo, lo + 3000)
        records = view_from_spans(text, ids[part], data[part], starts[part], ends[part], tokenizer._special_ids)
        assert tokens[part] == [dataclasses.replace(t, index=t.index + lo) for t in records.tokens]


def test_tokens_in_no_word_each_begin_a_chunk():
    """A token the library puts in no word (``None``, sent as -1) begins a chunk, even after another such token."""
    assert word_starts(np.array([-1, -1, 0, 0, -1]), np.array([0, 3, 5, 6, 7])).tolist() == [0, 3, 5, 7]
    assert word_starts(np.array([], np.int64), np.array([], np.int64)).tolist() == []


def test_sentencepiece_chunks_are_sorted_and_distinct(tokenizers, monkeypatch):
    """Two word tokens at one character (an empty ``▁`` before a word) make one chunk, as the set of them did."""
    tokenizer = tokenizers["sentencepiece bpe"][0]
    assert isinstance(tokenizer, SentencePieceTokenizer)
    ids = tokenizer.encode("a b c d")[:3]
    monkeypatch.setattr(tokenizer, "_host", lambda text: (ids, [(0, 0), (0, 1), (1, 3)], [1, 0]))
    assert list(tokenizer.view("a b").chunks) == [0]


def test_the_text_length_read_from_the_last_token_only_where_it_ends_the_text():
    """A last token holding the first bytes of the last character, or ending before it starts, does not end it."""
    for starts, ends in (([0], [1]), ([3], [1]), ([0, 3], [3, 3])):
        records = view_from_spans("鬱", list(range(len(starts))), [b"x"] * len(starts), starts, ends, set()).tokens
        assert columns_of(records, "鬱", lambda i: b"x").text_bytes() == 3


@pytest.mark.parametrize("text", ["", "a<s></s> 鬱😀 e\u0301\r\n<extra>龘 fox", "鬱" * 1000])
def test_the_host_sends_the_librarys_answers_as_int_arrays(tokenizers, text):
    """Ids, offsets and words (-1: none) or word starts cross the pipe as int64 arrays, the library's own numbers."""
    for name in ("bytelevel", "llama2_style_byte_fallback", "sentencepiece bpe"):
        tokenizer, library = tokenizers[name]
        found = tokenizer._host(text)
        assert [(a.dtype, a.ndim) for a in found] == [(np.int64, 1), (np.int64, 2), (np.int64, 1)]
        ids, offsets, third = (a.tolist() for a in found)
        if isinstance(library, LibraryTokenizer):
            encoding = library.encode(text, add_special_tokens=False)
            expected = encoding.ids, encoding.offsets, [-1 if word is None else word for word in encoding.word_ids]
        else:
            mapping = library.EncodeAsOffsetMapping(text)
            firsts = [i for i, piece in enumerate(mapping["pieces"]) if i == 0 or piece.startswith("▁")]
            expected = mapping["ids"], mapping["offsets"], firsts
        assert (ids, [tuple(pair) for pair in offsets], third) == tuple(map(list, expected))
