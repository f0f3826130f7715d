"""The regex at work: a pattern's top-level alternatives, named, and each pre-token with the alternative that made
it -- the pre-tokens exactly those of bpe_core.pretokenize.pretokens, for every pattern the Teach window shows."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.pretokenize.patterns import PATTERNS, PatternError
from bpe_core.pretokenize.pretokens import Pretokenizer
from bpe_core.teaching.regex_alternatives import SHOWN_PATTERNS, RegexAlternatives, describe, split_alternatives

#: Characters that exercise every alternative: letters of several scripts and cases, digits, punctuation, spaces,
#: line breaks, apostrophes, emoji, combining marks.
ALPHABET = "aZé中文字 \t\n\r'sdtlvem0123456789.,!?/-_()[]{}<>😀\u0301ÅÉΩжЖ"
TEXTS = st.text(alphabet=st.sampled_from(ALPHABET), max_size=60) | st.text(max_size=40)
CUSTOM = [r"\w+|\s+|[^\w\s]+", r"\s?(\w)\w*|\s+|(?s:.)", r"(?P<word>\p{L}+)|(?P<number>\p{N}+)|[^\p{L}\p{N}]+"]


@pytest.mark.parametrize("pattern", [*SHOWN_PATTERNS, "tekken", *CUSTOM])
@settings(max_examples=150, deadline=None)
@given(text=TEXTS)
def test_matches_are_exactly_the_pretokens(pattern, text):
    cut = RegexAlternatives(pattern)
    matches = cut.matches(text)
    assert [m.text for m in matches] == Pretokenizer(pattern).findall(text)
    assert all(text[m.start : m.end] == m.text and 0 <= m.alternative < len(cut.alternatives) for m in matches)


@pytest.mark.parametrize("pattern", [name for name, source in PATTERNS.items() if source is not None])
def test_alternatives_join_back_into_the_pattern(pattern):
    assert "|".join(split_alternatives(PATTERNS[pattern])) == PATTERNS[pattern]


def test_split_respects_groups_classes_and_escapes():
    assert split_alternatives(r"(a|b)|[|]|\||[]|]|x") == ["(a|b)", "[|]", r"\|", "[]|]", "x"]
    assert split_alternatives(r"[^]|a]|b") == ["[^]|a]", "b"]
    assert split_alternatives("abc") == ["abc"]


def test_shipped_patterns_are_named_in_words():
    kinds = {name: [d.kind for d in RegexAlternatives(name).descriptions] for name in SHOWN_PATTERNS}
    assert kinds["gpt2"] == [
        "contractions",
        "letters",
        "numbers",
        "punctuation",
        "trailing_whitespace",
        "whitespace_before",
        "whitespace",
    ]
    assert "other" not in {kind for names in kinds.values() for kind in names}
    assert [d.digits for d in RegexAlternatives("cl100k").descriptions if d.kind == "numbers"] == [3]
    assert [d.digits for d in RegexAlternatives("qwen2").descriptions if d.kind == "numbers"] == [1]
    assert [d.digits for d in RegexAlternatives("gpt2").descriptions if d.kind == "numbers"] == [0]
    o200k = RegexAlternatives("o200k").descriptions
    assert [(d.case, d.suffix, d.leading) for d in o200k[:2]] == [
        ("lower", True, "space_or_symbol"),
        ("upper", True, "space_or_symbol"),
    ]
    assert describe(r"\w+").kind == "other"


def test_which_alternative_and_the_lookahead():
    cut = RegexAlternatives("gpt2")
    matches = cut.matches("Hi   there 2024!\n")
    kinds = [(m.text, cut.descriptions[m.alternative].kind, m.lookahead) for m in matches]
    assert kinds == [
        ("Hi", "letters", False),
        ("  ", "whitespace_before", True),  # the lookahead left the third space to " there"
        (" there", "letters", False),
        (" 2024", "numbers", False),
        ("!", "punctuation", False),
        ("\n", "trailing_whitespace", False),
    ]
    o200k = RegexAlternatives("o200k")
    assert [m.text for m in o200k.matches("2024年")] == ["202", "4", "年"]  # digits in runs of at most three


def test_custom_patterns():
    cut = RegexAlternatives(r"(\w)\1|\w")  # a back-reference keeps its group: one alternative, unwrapped
    assert len(cut.alternatives) == 1 and [m.text for m in cut.matches("aab")] == ["aa", "b"]
    flagged = RegexAlternatives(r"(?i)ab|c")
    assert [m.text for m in flagged.matches("AB c")] == ["AB", "c"]
    with pytest.raises(PatternError):
        RegexAlternatives("[a-")
    with pytest.raises(PatternError):
        RegexAlternatives("none")


def test_a_custom_regex_has_a_time_budget():
    with pytest.raises(TimeoutError):
        RegexAlternatives("(a|aa)+$").matches("a" * 60 + "!", budget=0.1)
