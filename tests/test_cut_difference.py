"""Where two tokenizers first cut a text differently, and why (issue 21)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.foreign import TiktokenTokenizer
from bpe_core.teaching.cut_difference import REASONS, first_difference

REFERENCE = TiktokenTokenizer.reference  # loaded once per process, by the first test that needs it (not collection)


@pytest.mark.parametrize(
    "first, second, text, reason, token",
    [
        ("gpt2", "o200k_base", "Hello 12345", "pre-tokenizer", None),  # o200k: digits in threes, apart from the space
        ("gpt2", "o200k_base", "We'll see", "pre-tokenizer", None),  # o200k keeps the contraction in the word
        ("gpt2", "o200k_base", "中文字符测试", "missing-token", "中文".encode()),  # gpt2 has no token 中文
        ("gpt2", "cl100k_base", "antidisestablishmentarianism", "missing-token", b"establishment"),
    ],
)
def test_known_differences_and_their_reasons(first, second, text, reason, token):
    difference = first_difference(REFERENCE(first), REFERENCE(second), text)
    assert difference.reason == reason and difference.token == token
    assert text.encode().find(b"".join(difference.first)) >= 0


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=40) | st.text("中文字符 abc'll 12345\n", max_size=40))
def test_the_first_difference_is_a_cut_of_exactly_one_of_them(text):
    gpt2, o200k = REFERENCE("gpt2"), REFERENCE("o200k_base")
    difference = first_difference(gpt2, o200k, text)
    a, b = gpt2.view(text), o200k.view(text)
    cuts_a, cuts_b = ({t.byte_end for t in v.tokens[:-1]} for v in (a, b))
    if difference is None:
        assert cuts_a == cuts_b
        return
    assert difference.reason in REASONS
    assert (difference.offset in cuts_a) != (difference.offset in cuts_b)
    assert difference.offset == min(cuts_a ^ cuts_b)
