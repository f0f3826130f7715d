"""The vocabulary table: script classes, columns, filtering and sorting, on small vocabularies with known answers,
properties against naive filters, and o200k_base."""

import functools
from collections import Counter

import numpy as np
import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.render.token_label import render_token
from bpe_core.training.merged_vocab import vocab_from_merges
from bpe_core.vocabulary import (
    SCRIPTS,
    FilterError,
    VocabularySource,
    build_table,
    filter_rows,
    longest_by_script,
    script_counts,
    sort_rows,
    vocabulary_source,
)
from bpe_core.vocabulary import table as table_module
from bpe_core.vocabulary.other_scripts import ANOTHER, CONTROL, MARKS, NAMED_SCRIPTS, SEVERAL, other_scripts, token_part
from bpe_core.vocabulary.report import vocab_report
from bpe_core.vocabulary.table import char_class, script_share_by_rank

KNOWN = {
    " the": "Latin",
    "Hello": "Latin",
    ".com": "Latin",
    " 中国": "Han",
    "，我们": "Han",
    "ありがとう": "Kana",
    "コーヒー": "Kana",
    "日本の": "mixed",
    " 감사합니다": "Hangul",
    " государства": "Cyrillic",
    " العربية": "Arabic",
    " नमस्ते": "other",
    "สวัสดี": "other",
    " Ελλάδα": "other",
    "2024": "digits",
    " ２０": "digits",
    "\n\n": "whitespace",
    "    ": "whitespace",
    "\u3000": "whitespace",
    "...": "punctuation",
    ' ("': "punctuation",
    "====": "symbol/emoji",
    "😀": "symbol/emoji",
    "👍🏽": "symbol/emoji",
    "❤️": "symbol/emoji",
    "%)": "punctuation",
    "+)": "mixed",
    "x86": "Latin",
    "ab中": "mixed",
    "é": "Latin",
    "e\u0301": "Latin",
    "\u0301": "other",
    "\u200b\n": "other",
    "\ufeff/*": "mixed",
    "\x00": "other",
}


def table_of(tokens, specials=()):
    vocab = dict(enumerate(tokens))
    special_ids = frozenset(i for i, t in vocab.items() if t in specials)
    return build_table(VocabularySource("test", vocab, special_ids=special_ids))


@functools.cache
def o200k_table():
    return build_table(vocabulary_source(TiktokenTokenizer.reference("o200k_base")))


def test_script_classes_known_answers():
    tokens = [t.encode() for t in KNOWN]
    table = table_of(tokens)
    got = {text: table.script_name(row) for row, text in enumerate(KNOWN)}
    assert got == KNOWN


def test_partial_utf8_and_special_classes_and_columns():
    han = "中".encode()
    table = table_of([han[:2], han[1:], b"<|endoftext|>", b" ab"], specials={b"<|endoftext|>"})
    assert [table.script_name(r) for r in range(4)] == ["partial UTF-8", "partial UTF-8", "special", "Latin"]
    assert table.n_chars.tolist() == [-1, -1, 13, 3]
    assert table.n_bytes.tolist() == [2, 2, 13, 3]
    assert table.space.tolist() == [False, False, False, True]
    assert table.special.tolist() == [False, False, True, False]
    assert table.labels == [render_token(t) for t in table.tokens]
    assert table.labels[0] == "<E4><B8>"


@pytest.mark.parametrize("odd", [b"\xef\xbf\xbf", b" a\xef\xbf\xbf\t", b"\xef\xbf"])
def test_labels_are_render_token_whatever_the_tokens_hold(odd):
    """Labels are made for all tokens at once, the texts joined by U+FFFF; a token holding U+FFFF (or part of it)
    is labelled as any other."""
    tokens = [b" the", b"\n\n", b"\t\r", odd, b"\xe4\xb8", "中".encode(), b"\x00", b"a \n b"]
    assert table_of(tokens).labels == [render_token(t) for t in tokens]


def test_char_class_single_characters():
    assert char_class("ー") == "Kana"  # Script=Common, counted with Kana as the docstring says
    assert char_class("½") == "digits"
    assert char_class("\t") == "whitespace"
    assert char_class("\ufe0f") == "neutral"
    assert char_class("\ue000") == "control"


def test_ranks_from_merges_and_from_id_order():
    merges = [(b"l", b"o"), (b"lo", b"w"), (b" ", b"t")]
    tok = Tokenizer(vocab_from_merges(merges, ["<|endoftext|>"]), merges, ["<|endoftext|>"])
    table = build_table(vocabulary_source(tok))
    assert table.rank[256:].tolist() == [0, 1, 2, -1]
    assert table.rank[:256].max() == -1
    gpt2 = build_table(vocabulary_source(TiktokenTokenizer.reference("gpt2")))
    # tiktoken: the multi-byte tokens in id order are the merges in rank order (the 256 bytes are ranks < 256).
    assert gpt2.rank[gpt2.row_of([256, 50255])].tolist() == [0, 49999]
    assert gpt2.rank[gpt2.special].tolist() == [-1]


def test_filters_known_answers():
    tokens = [b" the", b"the", b"then", b" The", "中文".encode(), b"\n\n", b"12"]
    table = table_of(tokens)
    assert filter_rows(table, substring="the").tolist() == [0, 1, 2]
    assert filter_rows(table, substring="␣").tolist() == [0, 3]
    assert filter_rows(table, substring="↵↵").tolist() == [5]
    assert filter_rows(table, pattern=r"(?i)^\sthe$").tolist() == [0, 3]
    assert filter_rows(table, scripts=["Han", "digits"]).tolist() == [4, 6]
    assert filter_rows(table, length=(4, 4), unit="chars").tolist() == [0, 2, 3]
    assert filter_rows(table, length=(6, None), unit="bytes").tolist() == [4]
    assert filter_rows(table, begins_with_space=True).tolist() == [0, 3]
    assert filter_rows(table, substring="the", rows=np.array([2, 0])).tolist() == [2, 0]


def test_filter_errors_are_named():
    table = table_of([b"a", b"b"])
    with pytest.raises(FilterError, match=r"regex '\(' is not valid"):
        filter_rows(table, pattern="(")
    with pytest.raises(ValueError, match="unknown script class 'Klingon'"):
        filter_rows(table, scripts=["Klingon"])
    with pytest.raises(ValueError, match="unknown sort key"):
        sort_rows(table, "colour")


def test_a_catastrophic_regex_stops_with_a_message(monkeypatch):
    monkeypatch.setattr(table_module, "REGEX_BUDGET_S", 0.2)
    table = table_of([b"a" * 40 + b"!", b"x"])
    with pytest.raises(FilterError, match="took longer than 0.2 s"):
        filter_rows(table, pattern=r"^(a|aa|aaa)*(a|aa)*\1\2$")


def test_bytes_order_is_exact_with_nul_bytes():
    tokens = [b"a\x00", b"a", b"a\x00b", b"a\x00\x00", b"\x00", b"a"]
    table = table_of(tokens)
    assert sort_rows(table, "bytes").tolist() == [4, 1, 5, 0, 3, 2]
    assert sort_rows(table, "bytes", descending=True).tolist() == [2, 3, 0, 1, 5, 4]
    table.prepare_sorting()
    assert table.order("label").tolist() == table_of(tokens).order("label").tolist()


def test_sort_known_answers():
    table = table_of([b"bb", b"a", b"ccc", b"a b", "中".encode()])
    assert sort_rows(table, "bytes").tolist() == [1, 3, 0, 2, 4]
    assert sort_rows(table, "length").tolist() == [1, 0, 2, 3, 4]
    assert sort_rows(table, "length", descending=True).tolist() == [2, 3, 4, 0, 1]
    assert sort_rows(table, "chars", descending=True).tolist() == [2, 3, 0, 1, 4]
    assert sort_rows(table, "label").tolist() == [1, 3, 0, 2, 4]
    assert sort_rows(table, "id", descending=True, rows=np.array([1, 3])).tolist() == [3, 1]


tokens_strategy = st.lists(
    st.one_of(
        st.text(alphabet="ab 中ー\n😀1.", min_size=1, max_size=6).map(str.encode),
        st.binary(min_size=1, max_size=4),
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=100)
@given(tokens=tokens_strategy, needle=st.text(alphabet="ab 中\n", min_size=1, max_size=2), low=st.integers(0, 4))
def test_filters_equal_naive_filters(tokens, needle, low):
    table = table_of(tokens)
    texts = [t.decode("utf-8", "replace") for t in tokens]
    assert filter_rows(table, substring=needle).tolist() == [i for i, t in enumerate(texts) if needle in t]
    expected = [i for i, t in enumerate(texts) if regex.search(regex.escape(needle) + "+", t)]
    assert filter_rows(table, pattern=regex.escape(needle) + "+").tolist() == expected
    assert filter_rows(table, length=(low, None), unit="bytes").tolist() == [
        i for i, t in enumerate(tokens) if len(t) >= low
    ]


@settings(max_examples=100)
@given(tokens=tokens_strategy, key=st.sampled_from(["id", "bytes", "length", "chars", "label", "script", "rank"]))
def test_sorting_orders_rows_stably(tokens, key):
    table = table_of(tokens)
    for descending in (False, True):
        rows = sort_rows(table, key, descending=descending).tolist()
        assert sorted(rows) == list(range(len(tokens)))
        value = {
            "id": lambda r: r,
            "bytes": lambda r: tokens[r],
            "length": lambda r: len(tokens[r]),
            "chars": lambda r: int(table.n_chars[r]),
            "label": lambda r: table.labels[r],
            "script": lambda r: int(table.script[r]),
            "rank": lambda r: int(table.rank[r]),
        }[key]
        expected = sorted(range(len(tokens)), key=value, reverse=descending)
        if not descending:
            assert rows == expected
        else:  # ties stay in id order, also when descending
            assert [value(r) for r in rows] == [value(r) for r in expected]
            for a, b in zip(rows, rows[1:]):
                assert value(a) != value(b) or a < b


@settings(max_examples=60)
@given(tokens=tokens_strategy)
def test_script_classes_follow_the_character_rule(tokens):
    table = table_of(tokens)
    assert table.labels == [render_token(t) for t in tokens]
    assert table.space.tolist() == [t[:1] == b" " for t in tokens]
    letters = {"Han", "Hangul", "Kana", "Latin", "Cyrillic", "Arabic", "other"}
    for row, token in enumerate(tokens):
        try:
            text = token.decode()
        except UnicodeDecodeError:
            assert table.script_name(row) == "partial UTF-8"
            continue
        classes = {char_class(c) for c in text} - {"neutral"}
        found = classes & letters or classes & {"digits", "punctuation", "symbol/emoji", "control"}
        expected = (
            "mixed"
            if len(found) > 1
            else ("other" if found == {"control"} else found.pop())
            if found
            else "whitespace"
            if "whitespace" in classes
            else "other"
        )
        assert table.script_name(row) == expected
    for unit, lengths in (("chars", table.n_chars), ("bytes", table.n_bytes)):
        length = [int(c) if c >= 0 else int(b) for c, b in zip(lengths, table.n_bytes)]
        for name, rows in longest_by_script(table, 3, unit=unit).items():
            mine = [r for r in range(len(tokens)) if table.script_name(r) == name]
            assert rows.tolist() == sorted(mine, key=lambda r: (-length[r], r))[:3]


@settings(max_examples=200)
@given(
    tokens=st.lists(
        st.one_of(
            st.binary(max_size=5),
            st.sampled_from([b"\xef", b"\xef\xbf", b"\xbf", "\uffff".encode(), "中".encode()[:2], b"\xf0\x9f\x98"]),
        ),
        max_size=12,
    )
)
def test_tokens_decoded_together_are_each_decoded_alone(tokens):
    """Broken characters beside the separator's bytes (EF BF BF), and tokens holding it, are decoded as alone."""
    table = table_of(tokens)
    assert table.texts == [t.decode("utf-8", "replace") for t in tokens]
    assert table.labels == [render_token(t) for t in tokens]


def test_longest_by_script_and_counts():
    table = table_of([b"ab", "中国人".encode(), "中".encode(), b"abc", b"xyz", b"\n"])
    longest = longest_by_script(table, 2)
    assert longest["Han"].tolist() == [1, 2]
    assert longest["Latin"].tolist() == [3, 4]  # equal lengths: id order
    assert script_counts(table) == {"Han": 2, "Latin": 3, "whitespace": 1}
    assert script_counts(table, np.array([0, 5])) == {"Latin": 1, "whitespace": 1}


def test_script_share_by_rank_counts_every_merged_token():
    table = o200k_table()
    starts, counts = script_share_by_rank(table, 10_000)
    assert starts[:2].tolist() == [0, 10_000]
    assert counts.sum() == int((table.rank >= 0).sum())


def test_o200k_has_long_han_tokens_and_the_expected_shape():
    table = o200k_table()
    assert len(table) == 200_000 and int(table.special.sum()) == 2
    assert table.ids[-1] == 200_018  # the two special tokens, with unused ids before the last one
    han = longest_by_script(table, 20)["Han"]
    assert (table.n_chars[han] >= 8).all()  # the famous long Chinese tokens
    assert all(regex.fullmatch(r"[\s_]?\p{Han}+", table.texts[r]) for r in han[:5])
    counts = script_counts(table)
    assert counts["Han"] > 5_000 and counts["Cyrillic"] > 10_000 and counts["partial UTF-8"] > 1_000
    assert sum(counts.values()) == len(table)
    rows = filter_rows(table, scripts=["Han"], length=(5, None))
    assert len(rows) > 100 and (table.script[rows] == SCRIPTS.index("Han")).all()
    assert table.labels[int(table.row_of([12194])[0])] == render_token(
        get_encoding("o200k_base").decode_single_token_bytes(12194)
    )


class _AdapterLike:
    """What the vocabulary reads of a tokenizer (:class:`bpe_core.encoding.protocol.ShownTokenizer`): ids with gaps,
    each one's bytes, no merges."""

    name, special_tokens, merges, merge_rule, record, pretokenizer = "adapter", {"<s>": 6}, None, "pairs", None, None

    def token_ids(self):
        return [0, 1, 2, 4, 6]

    def token_bytes(self, token_id):
        return {0: b"a", 1: b"b", 2: b"ab", 4: b"\xe4", 6: b"<s>"}[token_id]

    def tokens(self):
        return {token_id: self.token_bytes(token_id) for token_id in self.token_ids()}

    def encode(self, text):
        return [2] if text == "ab" else [0]


def test_objects_answering_token_bytes_are_read_by_id():
    source = vocabulary_source(_AdapterLike())
    assert dict(source.tokens) == {0: b"a", 1: b"b", 2: b"ab", 4: b"\xe4", 6: b"<s>"}
    assert source.special_ids == frozenset({6}) and source.name == "adapter"
    table = build_table(source)
    assert [table.script_name(r) for r in range(len(table))] == ["Latin"] * 3 + ["partial UTF-8", "special"]
    assert table.rank.tolist() == [-1, -1, 0, -1, -1]


def test_the_other_class_is_broken_down_by_script():
    """o200k's "other" class (23,363 tokens, said with no detail before) by the script of its tokens' letters: the
    parts add up to the class, each token in exactly one, and each part's tokens are of that script."""
    table = o200k_table()
    parts = other_scripts(table)
    assert sum(parts.values()) == script_counts(table)["other"] == 23_363
    assert list(parts)[:4] == ["Devanagari", "Hebrew", "Georgian", "Bengali"] and parts["Greek"] == 1_507
    assert set(parts) <= {*NAMED_SCRIPTS, ANOTHER, SEVERAL, CONTROL, MARKS}
    rows = filter_rows(table, scripts=["other"])
    thai = [table.texts[r] for r in rows.tolist() if token_part(table.texts[r]) == "Thai"]
    assert len(thai) == parts["Thai"] and all(regex.search(r"\p{Script=Thai}", t) for t in thai)
    assert other_scripts(table, rows[:10]) == dict(Counter(token_part(table.texts[r]) for r in rows[:10].tolist()))
    assert "of which Devanagari 3,914, Hebrew 2,363" in "\n".join(vocab_report("o200k_base", longest=1))
