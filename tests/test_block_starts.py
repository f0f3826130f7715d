"""The pre-tokens found 64 characters at a time (bpe_core/_block_starts.h) for gpt2, cl100k, o200k, llama3 and qwen2:
the same starts as each pattern in `regex`, in ASCII and in texts stored a byte, two or four bytes a character (CJK
ideographs and Hangul by a range test, the rest by the class table), and the same ids from the compiled encoder and
the same counts from training's tally as from the Python path (and tiktoken's on Chinese), around the 64-character
words, the 16-character comparisons and the encoder's 32,768-character spans."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st
from python_path import python_path

from bpe_core.corpus.samples import corpus_path
from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.pretokenize import scanner
from bpe_core.pretokenize.patterns import get_pattern

pytestmark = pytest.mark.skipif(not scanner.available(), reason="built without a C compiler")

#: What each rule reads: the contractions' letters and their capitals (gpt2's are case-sensitive, the others' not),
#: every ASCII white space, the controls regex's \s leaves out, an apostrophe, digits, others, a slash.
ALPHABET = list("'sdmtlvreSDMTLVREax ") + ["\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x00", "\x7f"]
ALPHABET += list("0129!.,-_/")
ASCII_TEXTS = st.text(st.sampled_from(ALPHABET), max_size=200) | st.text(st.characters(max_codepoint=127), max_size=200)
#: Characters the class table tells: Latin-1 letters, capitals, small and both-cased (ª, º), its no-break space, NEL,
#: µ, digits ² ³ ¹ (a text of one byte a character); past Latin-1 (a text of two or four bytes a character): long s,
#: Han, a modifier letter, a combining mark, a title-case letter, digits, an emoji, typographic quotes.
WIDE = list("éÉñÑßªºµ²³¹\u00a0\x85×÷¿") + list("ſ\u3000\u2028中ʰ\u0301ǅⅫ①😀\u2019ŁΩ")
WIDE_TEXTS = (
    st.text(st.sampled_from(ALPHABET + WIDE), max_size=200)
    | st.text(max_size=100)
    | st.text(st.sampled_from(ALPHABET * 4 + WIDE[:16]), max_size=200)  # Latin-1, mostly ASCII: the starts' own
)
#: Texts of two bytes a character (four with an emoji): CJK ideographs (U+4E00-U+9FFF, extension A) and Hangul, read
#: by a range test, at its edges too (U+4DFF, U+A000 and U+D7A4 are not in it); the others by the class table:
#: CJK and fullwidth punctuation, the ideographic space, fullwidth letters and digits, box drawing, Cyrillic, combining
#: marks (after a Han character: o200k's words take them, its starts do not read them), kana and their voicing
#: marks, lone surrogates.
CJK = list("中文字的一龥\u9fff\u4e00\u3400\u4dbf\u4dff\ua000가한\ud7a3\ud7a4") + list("，。：「」（）、！？《》")
CJK += list("\u3000ＡａＺ１０─│дДяЯあア") + ["\u0301", "\u3099", "\u309a", "\u0915", "\u093f", "\ud800", "\udc00"]
CJK_TEXTS = st.text(st.sampled_from(ALPHABET + CJK), max_size=200) | st.text(
    st.sampled_from(CJK * 3 + ALPHABET), max_size=300
).map(lambda text: text + "\U0001f600" if len(text) % 3 == 0 else text)
#: Longer runs: digits past three, white space and line breaks past a 64-character word, letters across words.
RUNS = st.lists(
    st.sampled_from(["1", "22", "4444", " " * 70, "\n", "\r\n", " ", "\t", "x", "'s", "'LL", ".", "..\n", "1" * 100])
    | st.sampled_from(["a" * 70, "\n" * 66, "'", "Ve", " " * 130, "\t \n" * 30, "/", "\n//", "don't", "DON'T"])
    | st.sampled_from(["camelCase", "HTMLParser", "x's's", "A" * 70, "b" * 63]),
    max_size=12,
).map("".join)
#: The patterns with starts found in blocks, by their number in _scan (PATTERN_NAMES).
BLOCKED = {"gpt2": 0, "cl100k": 1, "o200k": 2, "llama3": 3, "qwen2": 4}


def starts(text: str, pattern: str = "gpt2") -> list[int]:
    from bpe_core import _scan

    scanner._ready()
    return _scan.starts(text, BLOCKED[pattern])


def regex_starts(text: str, pattern: str = "gpt2") -> list[int]:
    lengths = [len(piece) for piece in get_pattern(pattern).findall(text)]
    return list(itertools.accumulate([0, *lengths]))[:-1]


#: The code points classed by a range test (all letters Lo): CJK ideographs, extension A, Hangul syllables.
RANGES = [(0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0xAC00, 0xD7A3)]


def by_table(char: str) -> bool:
    return ord(char) > 127 and not any(first <= ord(char) <= last for first, last in RANGES)


def left_to_scanner(text: str, pattern: str) -> bool:
    """Whether the starts may leave part of text to the scanner: more than 16 letters classed by the table, a
    surrogate, a combining mark under o200k, or (but for gpt2) white space for 64 characters on end."""
    wide = sum(by_table(c) and c.isalpha() for c in text) > 16 or re.search("[\ud800-\udfff]", text) is not None
    marks = pattern == "o200k" and regex.search(r"\p{M}", text) is not None
    return wide or marks or (pattern != "gpt2" and re.search(r"[ \t\n\x0b\x0c\r]{64}", text) is not None)


@pytest.mark.parametrize("pattern", BLOCKED)
@settings(max_examples=1500, deadline=None)
@given(text=ASCII_TEXTS | RUNS | WIDE_TEXTS | CJK_TEXTS)
@example(text="it's  a 42!\n")
@example(text="'s'll've're'd'm't 's\t'sx''s")
@example(text=" " * 63 + "x" + "\n" * 64 + "'" + "ll")
@example(text="a" * 62 + "'ve")  # a contraction across two words
@example(text="  ")
@example(text="x.\n\n  \n  x\n  ")  # an other's line breaks, the white space after them, and at the end
@example(text="1234567 " + "9" * 64 + "0")  # digits in threes across a word
@example(text="x" * 62 + "'\r/2x's's camelCase HTMLParser.\n//x")  # o200k: a tail across a word, suffixes, cases
@example(text="é" * 15 + "x\xa0y" + "ª" * 10 + "µ a'S" + "ß" * 30)  # Latin-1 across a comparison of sixteen
@example(text="\u0301" + "a" * 70 + "中")  # wide: left to the scanner
def test_the_starts_are_the_patterns(pattern, text):
    found = starts(text, pattern)
    if found is None:
        assert left_to_scanner(text, pattern)
    else:
        assert found == regex_starts(text, pattern)


@pytest.mark.parametrize("pattern", BLOCKED)
@settings(max_examples=300, deadline=None)
@given(text=WIDE_TEXTS | RUNS | CJK_TEXTS, at=st.integers(0, 200))
def test_the_starts_from_a_place_inside_the_text_are_the_slices(pattern, text, at):
    """The encoder asks for the starts from where its pre-token is, in the whole text (of its kind, two or four
    bytes a character where the slice may be one)."""
    from bpe_core import _scan

    scanner._ready()
    at = min(at, len(text))
    found = _scan.starts(text, BLOCKED[pattern], at)
    assert found == regex_starts(text[at:], pattern) if found is not None else left_to_scanner(text, pattern)


@pytest.mark.parametrize("pattern", BLOCKED)
def test_every_short_text_of_the_rules_characters(pattern):
    """All 3,374 texts of up to three characters of 'sL \\t\\n\\rax1!'-like classes, whole."""
    chars = ["'", "s", "L", "e", "v", " ", "\t", "\n", "\r", "x", "1", "!", "\x1c", "R", "d"]
    for size in range(1, 4):
        for letters in itertools.product(chars, repeat=size):
            text = "".join(letters)
            assert starts(text, pattern) == regex_starts(text, pattern), repr(text)


@pytest.mark.parametrize("pattern", ["cl100k", "o200k", "llama3", "qwen2"])
def test_long_white_space_is_the_scanners_and_counted_alike(pattern):
    """A word of 64 characters before one of white space only is left to the scanner, which takes the run in one
    step: the starts once looked along such a run for a line break at each of its words (1.6 MB of spaces took 0.66 s
    to encode, where the scanner takes 0.01 s). The counts of a megabyte of it are regex's."""
    from bpe_core import _count

    assert starts("x" + " " * 200 + "x", pattern) is None
    assert starts("x" + " " * 60 + "\n x", pattern) == regex_starts("x" + " " * 60 + "\n x", pattern)
    text = "x" + " " * 1_000_000 + "x\n" + " \n" * 1000 + " " * 300_000
    tally = _count.Tally()
    tally.add(text, BLOCKED[pattern])
    assert tally.to_dict() == Counter(piece.encode() for piece in get_pattern(pattern).findall(text))


@pytest.mark.parametrize("pattern", BLOCKED)
@pytest.mark.parametrize("width", ["two bytes", "four bytes"])
def test_every_short_wide_text(pattern, width):
    """All texts of up to three characters of these (Han, Hangul, fullwidth and CJK punctuation, the ideographic
    space, a fullwidth capital, Cyrillic, a combining mark, kana's voicing mark, a surrogate, and ASCII's classes),
    stored two bytes a character, or four (an emoji after them): regex's starts, found in blocks but where a mark
    (o200k) or a surrogate leaves them to the scanner."""
    chars = ["中", "한", "，", "\u3000", "Ａ", "ａ", "д", "\u0301", "\u3099", "\ud800", "'", "s", " ", "\n", "1", "!"]
    tail = "\U0001f600" if width == "four bytes" else ""
    for size in range(1, 4):
        for letters in itertools.product(chars, repeat=size):
            text = "".join(letters) + tail
            found = starts(text, pattern)
            if found is None:
                assert "\ud800" in text or (pattern == "o200k" and regex.search(r"\p{M}", text)), repr(text)
            else:
                assert found == regex_starts(text, pattern), repr(text)


def test_wide_texts_and_words_mostly_past_ascii_are_left_to_the_scanner():
    """Ideographs and Hangul are read by a range test; a word of 64 with more than 16 other letters past ASCII (é,
    Cyrillic), a surrogate, or under o200k a combining mark (its words take them) is the scanner's; punctuation and
    box drawing past ASCII, classed by the table too, do not count."""
    assert starts("e\u0301", "o200k") is None and starts("é" * 17, "gpt2") is None and starts("é" * 16, "gpt2") == [0]
    assert starts("中\u0301", "o200k") is None and starts("中\u0301", "gpt2") == [0, 1]  # gpt2's mark is an other
    assert starts("д" * 17, "gpt2") is None and starts("中\ud800", "gpt2") is None
    assert starts("─" * 70 + "中文" * 40 + "。", "o200k") == [0, 70, 150]  # others by the table do not count
    text = "中文 가나다，" * 40 + "Han: 中文。"
    for pattern in BLOCKED:
        assert starts(text, pattern) == regex_starts(text, pattern)
        assert starts(text + "\U0001f600", pattern) == regex_starts(text + "\U0001f600", pattern)
    assert starts("ÉcoleNormale Überall", "o200k") == regex_starts("ÉcoleNormale Überall", "o200k") == [0, 5, 12]
    for text in ("ªªRS xªBañ", "x'dªBa EªRÉß"):  # both-cased letters (ª is Lo): the word's cases, a suffix before
        assert starts(text, "o200k") == regex_starts(text, "o200k")


@pytest.mark.parametrize("before", range(56, 66))
def test_a_mark_after_capitals_at_the_next_word_is_read_as_o200k_reads_it(before):
    """o200k's words take marks, which its starts do not read: a word with one is the scanner's, and so is the word
    before it, whose last letters' cases read the next word's first characters ("文RS" then a mark is one pre-token:
    the mark goes on with the capitals; read as an other, it split "文" from "RS"); and a run of capitals across a whole
    word ending in a mark. Counted and encoded as regex and tiktoken cut them, at each place around a word's end."""
    from bpe_core import _count

    scanner._ready()
    for text in (
        "中" * before + "文RS\u0301abc",
        "中" * before + "文" + "R" * 80 + "\u0301 x",
        "x" * before + " 文R\u0301",
    ):
        tally = _count.Tally()
        tally.add(text, BLOCKED["o200k"])
        assert tally.to_dict() == Counter(piece.encode() for piece in get_pattern("o200k").findall(text)), repr(text)
        assert Tokenizer.from_tiktoken("o200k_base").encode(text) == get_encoding("o200k_base").encode(text)


def test_a_class_table_that_disagrees_with_a_range_turns_it_off():
    """A table (another Unicode's) where one code point of U+4E00-U+9FFF is no letter both upper- and lower-ish (丁
    made a digit here): that range is off, its characters classed by the table, and the starts follow the table as
    the scanner does ("中丁中": three pre-tokens, not one run of letters); Hangul's range stays on."""
    script = """if True:
        from bpe_core import _scan
        from bpe_core.pretokenize import scanner
        table = bytearray(scanner.classes_table())
        table[2 * 0x4E01] = 2  # NUMBER, nothing else
        _scan.set_classes(bytes(table))
        for text in ("中丁中", "한국丁" * 30):
            print(_scan.starts(text, 0) == [0, *itertools.accumulate(map(len, _scan.findall(text, 0)))][:-1])
    """
    done = subprocess.run([sys.executable, "-c", "import itertools\n" + script], capture_output=True, text=True)
    assert done.stdout.split() == ["True", "True"], done.stderr[-2000:]


#: Real Chinese: the shipped novel (two bytes a character) and the bench's Debian documentation (tests/bench/corpora.py,
#: four bytes a character: one character past U+FFFF), where it was built.
CHINESE = [lambda: corpus_path("chinese-prose").read_text(encoding="utf-8")]
CHINESE += [lambda: (Path(__file__).parent / "bench" / ".corpora" / "chinese.txt").read_text(encoding="utf-8")]


@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
@pytest.mark.parametrize("corpus", range(len(CHINESE)), ids=["novel", "bench"])
def test_chinese_corpora_give_tiktokens_ids(name, corpus):
    try:
        text = CHINESE[corpus]()
    except FileNotFoundError:
        pytest.skip("the bench corpora are not built (tests/bench/corpora.py)")
    assert Tokenizer.from_tiktoken(name).encode(text) == get_encoding(name).encode(text, disallowed_special=())


@pytest.fixture(scope="module", params=["gpt2", "cl100k_base", "o200k_base"])
def gpt2(request):
    return Tokenizer.from_tiktoken(request.param)


SPAN = 1 << 15
LONG = [
    "a" * (SPAN + 10),  # a run longer than a span: the scanner ends it
    " " * (SPAN - 1) + "x" + " " * SPAN,  # white space across the span's end, then ending the text
    "x" * (SPAN - 2) + "'ll" + "y" * 100,  # a contraction across the span's end
    ("def f(x):\n    return x's 2  # it'll\n\n\n" * 2000),
    "\t \n" * 30000 + "end",
    "x" * (SPAN - 3) + "1234567",  # digits across the span's end
    "x:" + " " * (SPAN - 1) + "\n\n " + "y.\n" * 10,  # white space and line breaks across it
    "café crème, Ωmega — “quoted” " * 3000,  # Latin-1 and beyond, spans of two bytes a character
    "中文句子，" * 9000 + "English text. " * 3000,  # o200k: spans left to the scanner, then spans in blocks
]


@pytest.mark.parametrize("case", range(len(LONG)))
def test_long_texts_give_the_python_paths_ids(gpt2, case):
    text = LONG[case]
    assert gpt2.encode(text) == python_path(gpt2).encode(text)
    assert gpt2.encode(text + "\U0001f600") == python_path(gpt2).encode(text + "\U0001f600")  # narrowed stretches


@settings(max_examples=300, deadline=None)
@given(text=ASCII_TEXTS | WIDE_TEXTS | CJK_TEXTS, special=st.booleans())
def test_texts_give_the_python_paths_ids(gpt2, text, special):
    if special:
        text = text[: len(text) // 2] + "<|endoftext|>" + text[len(text) // 2 :]
    assert gpt2.encode(text) == python_path(gpt2).encode(text)


@pytest.mark.parametrize("pattern", BLOCKED)
@pytest.mark.parametrize("case", range(len(LONG)))
def test_training_counts_long_texts_as_the_pattern_cuts_them(pattern, case):
    """bpe_core._count's Tally counts text by the starts, 16,384 characters at a time: the counts of regex's
    pre-tokens, whatever crosses a span."""
    from bpe_core import _count

    scanner._ready()
    text = LONG[case][:70_000]
    tally = _count.Tally()
    tally.add(text, BLOCKED[pattern])
    expected = Counter(piece.encode() for piece in get_pattern(pattern).findall(text))
    assert tally.to_dict() == expected


@pytest.mark.parametrize("pattern", BLOCKED)
@settings(max_examples=200, deadline=None)
@given(text=ASCII_TEXTS | RUNS | WIDE_TEXTS | CJK_TEXTS)
def test_training_counts_texts_as_the_pattern_cuts_them(pattern, text):
    from bpe_core import _count

    scanner._ready()
    tally = _count.Tally()
    if re.search("[\ud800-\udfff]", text):  # no UTF-8 for a lone surrogate: an error, as str.encode's
        with pytest.raises(UnicodeEncodeError):
            tally.add(text, BLOCKED[pattern])
        return
    tally.add(text, BLOCKED[pattern])
    assert tally.to_dict() == Counter(piece.encode() for piece in get_pattern(pattern).findall(text))
