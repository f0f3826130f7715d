"""A column of token ids' bytes, gathered by numpy (bpe_core.encoding.spelling), against joining them one by one; and
the first view's check for unassigned code points (incremental.has_unassigned) against a set of the characters."""

from __future__ import annotations

import unicodedata
from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.encoding import spelling as spelling_module
from bpe_core.encoding.incremental import has_unassigned
from bpe_core.encoding.spelling import Spelling, _distinct
from bpe_core.encoding.tokenizer import Tokenizer

#: token id -> bytes, some empty, some sharing a prefix, some of several bytes
VOCAB = [b"", b"a", b"b", b"ab", b"\xe4\xbd", b"\xa0", b"\xe4\xbd\xa0", b"hello", b" world", b"\x00"]


def joined(ids) -> bytes:
    return b"".join(VOCAB[i] for i in ids)


ids_lists = st.lists(st.integers(0, len(VOCAB) - 1), max_size=60)


@settings(max_examples=300, deadline=None)
@given(ids=ids_lists, block=st.integers(1, 9))
def test_the_tokens_bytes_spell_their_join_and_nothing_else(ids, block):
    spelling = Spelling.of(ids, VOCAB.__getitem__)
    text = joined(ids)
    assert spelling.lengths.tolist() == [len(VOCAB[i]) for i in ids]
    assert dict(zip(spelling.distinct.tolist(), spelling.data)) == {i: VOCAB[i] for i in set(ids)}
    with patch.object(spelling_module, "BLOCK", block):  # blocks of a few tokens: every boundary of one is crossed
        assert spelling.spells(text)
        for at in range(len(text)):  # any byte changed, anywhere
            assert not spelling.spells(text[:at] + bytes([text[at] ^ 1]) + text[at + 1 :])
        assert not spelling.spells(text + b"a") and (not text or not spelling.spells(text[:-1]))


@settings(max_examples=200, deadline=None)
@given(ids=ids_lists, other=ids_lists)
def test_tokens_spell_another_text_only_where_their_joins_are_equal(ids, other):
    assert Spelling.of(ids, VOCAB.__getitem__).spells(joined(other)) == (joined(ids) == joined(other))


@settings(max_examples=200, deadline=None)
@given(ids=st.lists(st.one_of(st.integers(0, 50), st.integers(-(2**62), 2**62)), max_size=40))
def test_distinct_ids_are_numpys_unique_whether_counted_by_a_table_or_sorted(ids):
    array = np.asarray(ids, np.int64)
    distinct, each = _distinct(array)
    expected, inverse = np.unique(array, return_inverse=True)
    assert distinct.tolist() == expected.tolist() and each.tolist() == inverse.reshape(-1).tolist()
    assert distinct[each].tolist() == ids


def test_a_real_tokenizers_ids_spell_a_chinese_and_emoji_text():
    o200k = Tokenizer.from_tiktoken("o200k_base")
    text = "你好，世界！🦙 tokens cut characters: 鬱 é\n" * 50
    ids = o200k.encode_array(text)
    spelling = Spelling.of(ids, o200k.token_bytes)
    assert spelling.spells(text.encode("utf-8")) and not spelling.spells(text.replace("界", "介").encode("utf-8"))
    assert spelling.lengths.tolist() == [len(o200k.token_bytes(i)) for i in ids.tolist()]


def test_an_unknown_id_is_the_tokenizers_error():
    with pytest.raises(IndexError):
        Spelling.of([1, 99], VOCAB.__getitem__)


@settings(max_examples=300, deadline=None)
@given(text=st.text(st.characters(codec=None, exclude_categories=()), max_size=40), start=st.integers(0, 40))
def test_unassigned_code_points_found_as_a_set_of_the_characters_finds_them(text, start):
    stop = start + 5
    part = text[start:stop]
    assert has_unassigned(text, start, stop) == any(unicodedata.category(c) == "Cn" for c in set(part))


def test_unassigned_code_points_in_a_long_text_and_lone_surrogates():
    assert not has_unassigned("abc" * 1000) and not has_unassigned("你好\ud800\udfff" * 1000)
    assert has_unassigned("你好" * 1000 + "\U000e0080") and has_unassigned("\U0010ffff")
