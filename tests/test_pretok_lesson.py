"""The pre-tokenization lesson: merges that cross gpt2's pre-token boundaries, found exactly."""

import doctest
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.pretokenize.patterns import get_pattern
from bpe_core.teaching import pretok_lesson
from bpe_core.teaching.pretok_lesson import classify, gpt2_boundaries, pretokenization_lesson
from bpe_core.teaching.walkthrough import replay

# "my dog. the dog, a dog! your dog. ...": each of ". , !" follows " dog" 16 times, in varied company.
DOGS = " ".join(
    f"{owner} dog{mark}"
    for owner, mark in zip(
        itertools.islice(itertools.cycle("my the a your that one old big".split()), 48), itertools.cycle(".,!")
    )
)


def test_module_examples():
    assert doctest.testmod(pretok_lesson).failed == 0


def test_punctuation_glued_to_words_without_pretokenization():
    lesson = pretokenization_lesson(DOGS, 25)
    none = lesson.tokenizers["none"]
    glued = {m.token: m.pieces for m in lesson.crossing("none") if m.kind == "punctuation"}
    assert glued[b" dog. "] == (b" dog", b".", b" ") and glued[b" dog, "] == (b" dog", b",", b" ")
    assert glued[b" dog!"] == (b" dog", b"!")
    ids = [none.encode(w) for w in (" dog. ", " dog, ", " dog!")]
    assert all(len(i) == 1 for i in ids) and len({i[0] for i in ids}) == 3  # three different tokens
    gpt2 = lesson.tokenizers["gpt2"]
    assert [gpt2.decode([i]) for i in gpt2.encode(" dog.")] == [" dog", "."]
    assert lesson.crossing("gpt2") == []
    assert lesson.crossing_ids("none") == {m.rank + 256 for m in lesson.crossing("none")}
    kinds = {m.kind for m in lesson.merges["none"]}
    assert {"inside", "words", "punctuation", "other"} <= kinds


def test_boundaries_are_byte_offsets():
    assert gpt2_boundaries("中文 ok.") == [6, 9]  # "中文" | " ok" | "."
    assert gpt2_boundaries("") == [] and gpt2_boundaries("word") == []


def test_classify():
    assert classify((b"e", b" t")) == "words"
    assert classify((b"dog", b",", b" ")) == "punctuation"
    assert classify((b".", b"\n")) == "other"
    assert classify((b" ",)) == "inside"


def naive_crossings(text: str, lesson) -> list[int]:
    """Replay the none-trained merges on the whole text and count merged occurrences spanning a gpt2 cut."""
    tokenizer = lesson.tokenizers["none"]
    data = text.encode("utf-8")
    merges = [(s.left, s.right, s.new_id) for s in tokenizer.record.steps]
    walk = replay(list(data), merges, tokenizer.vocab)
    cuts = set(gpt2_boundaries(text))
    crossings = []
    for step in walk.steps:
        starts = [0, *itertools.accumulate(len(walk.token_bytes[i]) for i in step.before)]
        n = 0
        for p in step.positions:
            lo, hi = starts[p], starts[p + 2]
            n += any(lo < c < hi for c in cuts)
        crossings.append(n)
    return crossings


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="ab .,!\n中", min_size=1, max_size=60), st.integers(1, 15))
def test_crossings_match_a_naive_replay(text, n):
    lesson = pretokenization_lesson(text, n)
    assert [m.crossings for m in lesson.merges["none"]] == naive_crossings(text, lesson)
    assert not lesson.crossing("gpt2")
    regex = get_pattern("gpt2")
    for m in lesson.merges["none"]:
        assert b"".join(m.pieces) == m.token
        if m.crosses:
            assert len(m.pieces) >= 2 and m.kind != "inside"
        else:
            assert m.pieces == (m.token,) and m.kind == "inside"
    for m in lesson.merges["gpt2"]:  # a gpt2 token never holds two pre-tokens' worth of text
        text_of = m.token.decode("utf-8", "ignore")
        assert len(regex.findall(text_of)) <= 1 or not m.token.isascii()


def test_the_chinese_lesson_glues_punctuation_to_characters_without_pretokenization():
    from bpe_core.teaching.lesson_text import pretokenization_text
    from bpe_core.teaching.pretok_lesson import pattern_cuts

    text, sample = pretokenization_text("zh_CN")
    lesson = pretokenization_lesson(text, 30)
    glued = {m.token.decode("utf-8", "replace") for m in lesson.crossing("none") if m.kind == "punctuation"}
    assert {"狗。", "狗，", "狗！"} <= glued and lesson.crossing("gpt2") == []
    for pattern, pieces in pattern_cuts(sample).items():
        assert "".join(pieces) == sample, pattern  # every character in one pre-token
    assert pattern_cuts(sample)["gpt2"][:2] == ("好狗", "。")
    assert pattern_cuts(sample)["cl100k"][:2] == ("好狗", "。坏狗")
