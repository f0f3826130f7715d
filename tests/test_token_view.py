"""Display records: token spans (including tokens holding part of a character) and encoding traces."""

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpe_core.encoding.token_spans import CharPart
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import TiktokenTokenizer
from bpe_core.foreign.first_merges import FirstMerges
from bpe_core.pretokenize.patterns import QWEN2
from bpe_core.teaching.trace import trace_encoding


@functools.cache
def ours(name: str) -> Tokenizer:
    """Our tokenizer of a shipped encoding, built once per process by the first test that needs it."""
    return Tokenizer.from_tiktoken(name)


@pytest.fixture
def gpt2():
    return ours("gpt2")


def test_chinese_split_across_tokens(gpt2):
    view = gpt2.view("字符")
    assert [(t.token, t.start, t.end) for t in view.tokens] == [
        (b"\xe5\xad", 0, 1),
        (b"\x97", 0, 1),
        (b"\xe7", 1, 2),
        (b"\xac", 1, 2),
        (b"\xa6", 1, 2),
    ]
    assert view.tokens[0].partial == (CharPart("字", 0, 0, 1, 3),)
    assert str(view.tokens[0].partial[0]) == "bytes 0-1 of 3 of '字'"
    assert str(view.tokens[3].partial[0]) == "bytes 1-1 of 3 of '符'"
    assert [[t.index for t in g] for g in view.groups()] == [[0, 1], [2, 3, 4]]


def test_token_with_whole_and_partial_characters(gpt2):
    view = gpt2.view("a 😀!")
    emoji_start = next(t for t in view.tokens if t.token == b" \xf0\x9f\x98")
    assert (emoji_start.start, emoji_start.end) == (1, 3)
    assert [str(p) for p in emoji_start.partial] == ["bytes 0-2 of 4 of '😀'"]
    assert not view.tokens[0].is_partial and view.tokens[-1].token == b"!"


def test_special_tokens_are_marked(gpt2):
    view = gpt2.view("x<|endoftext|>y")
    assert [(t.id, t.special, t.start, t.end) for t in view.tokens] == [
        (87, False, 0, 1),
        (50256, True, 1, 14),
        (88, False, 14, 15),
    ]


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=40) | st.text("中文字符😀é \n<|endoftext|>", max_size=40))
def test_spans_cover_the_text_exactly_and_match_tiktoken(name, text):
    view = ours(name).view(text)
    assert view == TiktokenTokenizer.reference(name).view(text)  # ours and tiktoken: the same tokens and chunks
    assert b"".join(t.token for t in view.tokens) == view.text.encode()
    position = 0
    for token in view.tokens:
        assert token.byte_start == position and token.byte_end == position + len(token.token)
        position = token.byte_end
        assert token.is_partial == (token.token != view.text[token.start : token.end].encode())
    groups = view.groups()
    assert "".join(view.text[g[0].start : g[-1].end] for g in groups) == view.text
    for group in groups:
        assert b"".join(t.token for t in group) == view.text[group[0].start : group[-1].end].encode()


def test_view_of_lone_surrogates_uses_the_fixed_text(gpt2):
    view = gpt2.view("a\ud800b")
    assert view.text == "a\ufffdb"
    assert b"".join(t.token for t in view.tokens) == "a\ufffdb".encode()


# ----- traces -----


def test_trace_of_gpt2_words(gpt2):
    traces = trace_encoding(gpt2, "hello world<|endoftext|>")
    assert [t.text for t in traces] == ["hello", " world", "<|endoftext|>"]
    hello = traces[0]
    assert [(e.left, e.right, e.position) for e in hello.merges] == [
        (b"h", b"e", 0),
        (b"l", b"l", 1),
        (b"he", b"ll", 0),
        (b"hell", b"o", 0),
    ]
    assert [e.rank for e in hello.merges] == sorted(e.rank for e in hello.merges)
    assert hello.ids == (31373,) and traces[2].special and traces[2].ids == (50256,)
    assert list(traces[2].states()) == [(b"<|endoftext|>",)]


@pytest.mark.parametrize(
    "text",
    ["The quick brown fox's 1234 jumps\n\n  中文字符 😀👨‍👩‍👧", "a" * 300 + " " + "xyz" * 100],
)
def test_trace_replays_to_the_encoding(gpt2, text):
    traces = trace_encoding(gpt2, text)
    ids = []
    for trace in traces:
        states = list(trace.states())
        assert len(states) == len(trace.merges) + 1
        assert states[0] == tuple(bytes([b]) for b in trace.text.encode()) or trace.special
        assert states[-1] == tuple(gpt2.token_bytes(i) for i in trace.ids)
        for event, before in zip(trace.merges, states):
            assert before[event.position : event.position + 2] == (event.left, event.right)
            assert gpt2.pair_rank(event.left, event.right) == event.rank
        ids.extend(trace.ids)
    assert ids == gpt2.encode(text)


def test_trace_of_a_truncated_trained_style_tokenizer(gpt2):
    pairs = Tokenizer(gpt2.vocab, gpt2.merges, pattern="none").truncated(300)
    (trace,) = trace_encoding(pairs, "the then there")
    assert b"".join(next(trace.states())) == b"the then there"
    assert all(e.rank < 300 for e in trace.merges)
    assert list(trace.ids) == pairs.encode("the then there")


# ----- foreign tokenizers: their own view, and their first k merges -----


@pytest.fixture(scope="module")
def foreign(tmp_path_factory):
    from bpe_core.formats import load_any
    from tests.test_foreign_builders import build_hf, build_sentencepiece, build_tiktoken

    folder = tmp_path_factory.mktemp("token_view")
    return {
        "bytelevel": load_any(build_hf(folder, "bytelevel")),
        "llama2_style": load_any(build_hf(folder, "llama2_style_byte_fallback")),
        "sp_bpe": load_any(build_sentencepiece(folder, "bpe")),
        "tiktoken_qwen2": load_any(build_tiktoken(folder, QWEN2), pattern="qwen2"),
    }


def test_a_foreign_view_is_its_encoding_and_at_every_merge_the_same(foreign):
    from tests.test_foreign_builders import HARD_TEXTS

    for tokenizer in foreign.values():
        for text in HARD_TEXTS:
            view = tokenizer.view(text)
            assert [t.id for t in view.tokens] == tokenizer.encode(text)
            assert list(view.chunks) == sorted(set(view.chunks)) and all(0 <= c <= len(view.text) for c in view.chunks)
            assert tokenizer.view_at(text, len(tokenizer.merges)) == view


@pytest.mark.parametrize("name", ["bytelevel", "llama2_style", "sp_bpe", "tiktoken_qwen2"])
def test_first_merges_with_every_merge_is_the_library_encoding(foreign, name):
    from tests.test_foreign_builders import HARD_TEXTS

    tokenizer = foreign[name]
    model = FirstMerges(tokenizer)
    for text in HARD_TEXTS:
        full = tokenizer.view(text)
        view = model.view(text, len(tokenizer.merges))
        assert [t.id for t in view.tokens] == [t.id for t in full.tokens], text
        assert [(t.start, t.end) for t in view.tokens] == [(t.start, t.end) for t in full.tokens]


@pytest.mark.parametrize("name", ["bytelevel", "sp_bpe"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text("ab 中文的字符😀é\n", max_size=30), fraction=st.floats(0, 1))
def test_first_merges_grow_tokens_and_keep_the_bytes(foreign, name, text, fraction):
    tokenizer = foreign[name]
    model = FirstMerges(tokenizer)
    k = int(fraction * len(tokenizer.merges))
    fewer, more = model.view(text, k), model.view(text, min(k + 50, len(tokenizer.merges)))
    full = tokenizer.view(text)
    assert b"".join(t.token for t in fewer.tokens) == b"".join(t.token for t in full.tokens)
    assert len(more.tokens) <= len(fewer.tokens)
    assert all(t.id >= 0 for t in fewer.tokens) and all(model.id_of(t.token) == t.id for t in fewer.tokens)
    if k == 0:  # no merge: every token is a leaf, a byte or a character the model has whole
        assert all(tokenizer.merge_rank(t.token) is None for t in fewer.tokens)


def test_first_merges_needs_merges(foreign, tmp_path):
    from bpe_core.formats import load_any
    from tests.test_foreign_builders import build_sentencepiece

    unigram = load_any(build_sentencepiece(tmp_path, "unigram"))
    with pytest.raises(TypeError, match="a Unigram model: it has no merges"):
        unigram.view_at("text", 0)
