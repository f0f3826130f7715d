"""Incremental encoding after edits equals encoding the whole text: ids, spans and chunks, for our engine, OpenAI's
shipped encodings through tiktoken, and tokenizer.json files through the ``tokenizers`` library (those whose pipeline
is local, and one that is not, which is encoded whole)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_foreign_builders import HF_CONFIGS, train_hf
from tokenizers import AddedToken
from tokenizers import Tokenizer as LibraryTokenizer

from bpe_core.encoding.incremental import IncrementalEncoder, common_prefix, common_suffix, local_splitter
from bpe_core.encoding.token_columns import TokenColumns, TokenGroups
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign import HuggingFaceTokenizer, TiktokenTokenizer
from bpe_core.formats import load_any
from bpe_core.formats.huggingface import export_huggingface
from bpe_core.training.trainer import train_bpe

SPECIAL = "<|endoftext|>"
#: Pieces that move pre-token boundaries: runs of spaces before a word (``\s+(?!\S)``), contractions, digit runs
#: (``\p{N}{1,3}``), line breaks, a special token and its halves, letters that change case (o200k), characters cut
#: into several tokens.
PIECES = [
    "a", "b", "Z", "x", " ", "  ", "   ", "\n", "\r\n", "\t", "'", "'s", "'ll", "'re", "1", "12", "1234", "/", ".",
    ",", "?!", "é", "鬱", "今天", "🙂", "👍🏽", "e\u0301", SPECIAL, "<|endof", "text|>", "<s>", "fox", "the", " the",
    "Hello", "HTML", "don't", "\u00a0", "ﬁ", "１２", "\ud800",
]  # fmt: skip
TEXT = st.lists(st.sampled_from(PIECES), max_size=30).map("".join) | st.text(max_size=40)
PAYLOAD = st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join) | st.text(min_size=1, max_size=8)
PASTE = st.lists(st.sampled_from(PIECES), min_size=20, max_size=80).map("".join)


@st.composite
def edits(draw):
    """A kind of edit and where: an insertion, a deletion, a replacement, or a paste (a long insertion)."""
    kind = draw(st.sampled_from(["insert", "delete", "replace", "paste"]))
    at, length = draw(st.floats(0, 1)), draw(st.integers(1, 12))
    payload = draw(PASTE if kind == "paste" else PAYLOAD)
    return kind, at, length, payload


def apply(text: str, edit) -> str:
    kind, at, length, payload = edit
    start = round(at * len(text))
    if kind in ("insert", "paste"):
        return text[:start] + payload + text[start:]
    if kind == "delete":
        return text[:start] + text[start + length :]
    return text[:start] + payload + text[start + length :]


class Named(dict):
    """name -> tokenizer, with a short repr for hypothesis."""

    def __repr__(self) -> str:
        return f"<{len(self)} tokenizers>"


def local_hf(folder, name: str):
    """A tokenizer.json trained with ``name``'s pipeline, with added tokens that leave their neighbours alone."""
    path = train_hf(folder, name, **dict(HF_CONFIGS[name]))
    library = LibraryTokenizer.from_file(str(path))
    library.add_tokens([AddedToken("fox", normalized=False)])
    library.add_special_tokens(["<s>"])
    library.save(str(path))
    return load_any(path)


def exported(folder, tokenizer, *, library: bool = False):
    """``tokenizer`` written as a tokenizer.json by our exporter (its Split keeps the matches: ``Removed``, inverted),
    read back as load_any reads it (our engine) or by the ``tokenizers`` library."""
    folder.mkdir()
    path = export_huggingface(tokenizer, folder)[0]
    text = path.read_text(encoding="utf-8")
    return HuggingFaceTokenizer(str(path), text, json.loads(text)) if library else load_any(path)


@pytest.fixture(scope="module")
def tokenizers(tmp_path_factory):
    folder = tmp_path_factory.mktemp("incremental")
    corpus = folder / "corpus.txt"
    corpus.write_text(("Hello world, don't 1234 tokens  here.\n今天 🙂 " * 40) + SPECIAL, encoding="utf-8")
    vocab, merges = train_bpe(corpus, 400, special_tokens=[SPECIAL], processes=1)
    nonlocal_path = train_hf(folder, "nfc", **dict(HF_CONFIGS["bytelevel_prefix_nfc"]))
    ours_o200k = Tokenizer(vocab, merges, [SPECIAL], pattern="o200k")
    return Named(
        {
            "ours gpt2 pattern": Tokenizer(vocab, merges, [SPECIAL]),
            "ours o200k pattern": Tokenizer(vocab, merges, [SPECIAL], pattern="o200k"),
            "ours cl100k ranks": Tokenizer.from_tiktoken("cl100k_base"),
            "tiktoken o200k_base": TiktokenTokenizer.reference("o200k_base"),
            "tiktoken cl100k_base": TiktokenTokenizer.reference("cl100k_base"),
            "tiktoken gpt2": TiktokenTokenizer.reference("gpt2"),
            "tokenizer.json qwen2 split": local_hf(folder, "qwen2_split_ignore_merges"),
            "tokenizer.json bytelevel": local_hf(folder, "bytelevel"),
            "tokenizer.json exported o200k": exported(folder / "o200k", ours_o200k),
            "tokenizer.json exported o200k, by its library": exported(folder / "o200k_lib", ours_o200k, library=True),
            "tokenizer.json exported cl100k ranks": exported(folder / "cl100k", Tokenizer.from_tiktoken("cl100k_base")),
            "tokenizer.json NFC, prefix space": load_any(nonlocal_path),
        }
    )


LOCAL = [
    "ours gpt2 pattern",
    "ours o200k pattern",
    "ours cl100k ranks",
    "tiktoken o200k_base",
    "tiktoken cl100k_base",
    "tiktoken gpt2",
    "tokenizer.json qwen2 split",
    "tokenizer.json bytelevel",
    "tokenizer.json exported o200k",
    "tokenizer.json exported o200k, by its library",
    "tokenizer.json exported cl100k ranks",
]


def check_same_as_whole(encoder: IncrementalEncoder, tokenizer, text: str) -> None:
    view = encoder.view(text)
    whole = tokenizer.view(text)
    assert [t.id for t in view.tokens] == tokenizer.encode(text)
    assert view.text == whole.text
    assert list(view.tokens) == list(whole.tokens)
    assert list(view.chunks) == list(whole.chunks)
    if isinstance(view.tokens, TokenColumns):  # the runs of tokens sharing a character: spliced after an edit
        runs = [(g[0].index, g[-1].index, whole.text[g[0].start : g[-1].end]) for g in whole.groups() if len(g) > 1]
        assert list(TokenGroups(view.tokens)) == runs


@pytest.mark.parametrize("name", [*LOCAL, "tokenizer.json NFC, prefix space"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(start=TEXT, steps=st.lists(edits(), min_size=1, max_size=8))
@example(start="", steps=[("insert", 0.0, 1, "0"), ("insert", 0.0, 1, ":\U000323b0")])  # Unicode 17's CJK Ext. J
def test_random_edits_give_the_whole_texts_encoding(tokenizers, name, start, steps):
    tokenizer = tokenizers[name]
    encoder = IncrementalEncoder(tokenizer)
    text = start
    check_same_as_whole(encoder, tokenizer, text)
    for step in steps:
        before = encoder.view(text).tokens
        text = apply(text, step)
        check_same_as_whole(encoder, tokenizer, text)
        after = encoder.view(text).tokens
        if isinstance(before, TokenColumns) and isinstance(after, TokenColumns):
            first, stop = after.changed_since(before)  # what the Compare canvas then compares no further than
            old_stop = stop - len(after) + len(before)
            assert 0 <= first <= min(stop, old_stop) and stop <= len(after) and old_stop <= len(before)
            assert list(after.ids[:first]) == list(before.ids[:first])
            assert list(after.ids[stop:]) == list(before.ids[old_stop:])


@pytest.mark.parametrize("name", LOCAL)
def test_a_keystroke_in_a_long_text_re_encodes_a_few_pre_tokens(tokenizers, name):
    tokenizer = tokenizers[name]
    encoder = IncrementalEncoder(tokenizer)
    text = "Hello world, don't 1234 tokens  here.\n今天 🙂 " * 300
    check_same_as_whole(encoder, tokenizer, text)
    assert encoder.local
    middle = len(text) // 2
    for typed in ("x", " ", "1", "'", "\n", "🙂"):
        text = text[:middle] + typed + text[middle:]
        tokens = encoder.view(text).tokens
        start, stop = encoder.last_window
        assert tokens._groups is not None  # the runs sharing a character: the last text's, found again near the edit
        check_same_as_whole(encoder, tokenizer, text)
        assert start <= middle < stop and stop - start < 60, (typed, encoder.last_window)


def test_typing_a_special_token_re_splits_the_text_before_it(tokenizers):
    tokenizer = tokenizers["tiktoken cl100k_base"]
    encoder = IncrementalEncoder(tokenizer)
    text = "word   <|endoftext"
    check_same_as_whole(encoder, tokenizer, text)
    check_same_as_whole(encoder, tokenizer, text + "|>")  # "   " ended a piece: now "\s++$" takes it whole
    check_same_as_whole(encoder, tokenizer, text + "|> x")
    check_same_as_whole(encoder, tokenizer, text)


def test_digit_groups_and_space_runs_shift_beyond_the_edited_pre_token(tokenizers):
    tokenizer = tokenizers["tiktoken o200k_base"]
    encoder = IncrementalEncoder(tokenizer)
    for text in ("1234567 a", "91234567 a", "91234567  a", "9123456x7  a", "9123456x7 a"):
        check_same_as_whole(encoder, tokenizer, text)


def test_what_cannot_be_local_is_encoded_whole(tokenizers):
    nfc = tokenizers["tokenizer.json NFC, prefix space"]
    assert isinstance(nfc, HuggingFaceTokenizer) and nfc.local_pattern is None
    assert local_splitter(nfc) is None
    encoder = IncrementalEncoder(nfc)
    encoder.view("hello world")
    encoder.view("hello, world")
    assert not encoder.local and encoder.last_window == (0, len("hello, world"))
    ours = tokenizers["ours gpt2 pattern"]
    assert local_splitter(Tokenizer(ours.vocab, ours.merges, pattern="none")) is None
    assert local_splitter(Tokenizer(ours.vocab, ours.merges, pattern=r"\w+|\s+|[^\w\s]+")) is None


def test_a_first_view_whose_ids_do_not_spell_the_text_is_made_from_the_tokenizers_view(tokenizers, monkeypatch):
    """The first view of a text is made from ``encode``'s ids where the tokenizer cuts with a splitter of its own (no
    record per token); ids whose bytes are not the text's, in order, are not trusted: the view is the tokenizer's."""
    tokenizer = TiktokenTokenizer.reference("gpt2")
    text = "Hello world, 今天 🙂 again"
    whole = tokenizer.view(text)
    fast = IncrementalEncoder(tokenizer).view(text)
    assert isinstance(fast.tokens, TokenColumns) and list(fast.tokens) == list(whole.tokens)
    assert list(fast.chunks) == list(whole.chunks)
    ids = [t.id for t in whole.tokens]
    assert tokenizer.token_bytes(ids[0]) == b"Hello"
    other = next(i for i in range(1000, 50000) if len(tokenizer.token_bytes(i)) == 5 and i != ids[0])  # as long
    for wrong in ([other, *ids[1:]], ids[:-1]):
        monkeypatch.setattr(tokenizer, "encode", lambda text, wrong=wrong: wrong)
        encoder = IncrementalEncoder(tokenizer)
        assert list(encoder.view(text).tokens) == list(whole.tokens)


@settings(max_examples=200)
@given(a=st.text(max_size=600), b=st.text(max_size=600))
def test_common_prefix_and_suffix(a, b):
    p = common_prefix(a, b)
    assert a[:p] == b[:p] and (p == min(len(a), len(b)) or a[p] != b[p])
    limit = min(len(a), len(b)) - p
    s = common_suffix(a, b, limit)
    assert s <= limit and a[len(a) - s :] == b[len(b) - s :]
    assert s == limit or a[len(a) - s - 1] != b[len(b) - s - 1]


def test_the_tokenizer_json_locality_rules(tmp_path):
    path = train_hf(tmp_path, "b", **dict(HF_CONFIGS["bytelevel"]))
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert load_any(path).local_pattern == "gpt2"
    doc["added_tokens"].append({"id": 9999, "content": "<x>", "single_word": True, "lstrip": False, "rstrip": False})
    (tmp_path / "c.json").write_text(json.dumps(doc), encoding="utf-8")
    from bpe_core.foreign.locality import local_pattern

    assert local_pattern(doc) is None
    doc["added_tokens"].pop()
    doc["model"]["dropout"] = 0.1
    assert local_pattern(doc) is None


def test_a_split_that_keeps_only_its_matches_is_local_for_the_patterns_that_match_every_character():
    """Our exporter and the converters of tiktoken files write ``Removed`` with ``invert``: the pieces are the
    regex's matches and the text between them is dropped, which is ``Isolated`` for a pattern that leaves none."""
    from bpe_core.foreign.locality import local_pattern
    from bpe_core.formats.huggingface import to_atomic_groups
    from bpe_core.pretokenize.patterns import PATTERNS

    def doc(regex: str, behavior: str, invert: bool) -> dict:
        split = {"type": "Split", "pattern": {"Regex": regex}, "behavior": behavior, "invert": invert}
        byte_level = {"type": "ByteLevel", "add_prefix_space": False, "use_regex": False}
        return {"pre_tokenizer": {"type": "Sequence", "pretokenizers": [split, byte_level]}, "model": {"type": "BPE"}}

    assert local_pattern(doc(PATTERNS["o200k"], "Removed", True)) == "o200k"
    assert local_pattern(doc(to_atomic_groups(PATTERNS["cl100k"]), "Removed", True)) == "cl100k"  # as we export it
    assert local_pattern(doc(PATTERNS["cl100k"], "Isolated", False)) == "cl100k"
    assert local_pattern(doc(PATTERNS["tekken"], "Isolated", False)) == "tekken"
    assert local_pattern(doc(PATTERNS["tekken"], "Removed", True)) is None  # not proven to match every character
    assert local_pattern(doc(PATTERNS["o200k"], "Removed", False)) is None  # the matches are dropped
    assert local_pattern(doc(PATTERNS["o200k"], "Isolated", True)) is None
    assert local_pattern(doc(PATTERNS["o200k"] + "|x", "Removed", True)) is None  # another regex


def test_a_tokenizer_json_our_engine_encodes_makes_its_first_view_from_ids(tokenizers, monkeypatch):
    """A long text's first view in the Compare tab: from the engine's ids and its own splitter (no record per
    token), equal to the tokenizer's own view."""
    tokenizer = tokenizers["tokenizer.json exported o200k"]
    assert tokenizer.chunk_splitter is not None and tokenizer.local_pattern == "o200k"
    text = "Hello world, don't 1234 tokens  here.\n今天 🙂 <|endoftext|>" * 20
    whole = tokenizer.view(text)
    monkeypatch.setattr(type(tokenizer), "view", lambda *_: pytest.fail("a record per token"))
    fast = IncrementalEncoder(tokenizer).view(text)
    assert isinstance(fast.tokens, TokenColumns) and list(fast.tokens) == list(whole.tokens)
    assert list(fast.chunks) == list(whole.chunks)


@pytest.mark.parametrize("name", ["ours o200k pattern", "tiktoken cl100k_base", "tokenizer.json exported o200k"])
def test_a_text_loaded_over_another_is_a_first_view_and_a_long_paste_into_it_an_edit(tokenizers, name, monkeypatch):
    """Most of the text new (a file loaded over a short text): a first view from the ids, not the window re-split
    a pre-token at a time; a paste of less than half of a long text stays an edit of its window."""
    from bpe_core.encoding.incremental import WHOLE_EDIT_LEAST

    tokenizer = tokenizers[name]
    encoder = IncrementalEncoder(tokenizer)
    check_same_as_whole(encoder, tokenizer, "a short text")
    long_text = "Hello world, don't 1234 tokens  here.\n今天 🙂 " * 1000
    with monkeypatch.context() as patch:
        patch.setattr(type(encoder.splitter), "scan", lambda *_: pytest.fail("the new text re-split as an edit"))
        check_same_as_whole(encoder, tokenizer, long_text)
    assert encoder.last_window == (0, len(long_text)) and encoder.local
    paste = "pasted 中文 text, 5678!\n" * (WHOLE_EDIT_LEAST // 20)
    middle = len(long_text) // 2
    pasted = long_text[:middle] + paste + long_text[middle:]
    check_same_as_whole(encoder, tokenizer, pasted)
    start, stop = encoder.last_window
    assert start <= middle and middle + len(paste) <= stop < middle + len(paste) + 60


def test_a_library_pane_takes_a_text_loaded_over_another_as_an_edit(tokenizers):
    """A tokenizer.json the library encodes makes its first view from a record per token: a new text loaded over a
    short one is re-split as an edit instead (its window: the whole text), which is faster there."""
    tokenizer = tokenizers["tokenizer.json exported o200k, by its library"]
    encoder = IncrementalEncoder(tokenizer)
    check_same_as_whole(encoder, tokenizer, "a short text")
    long_text = "Hello world, don't 1234 tokens  here.\n今天 🙂 " * 300
    seen = []
    encoder._whole = lambda text: seen.append(text) or pytest.fail("a first view")
    view = encoder.view(long_text)
    assert not seen and [t.id for t in view.tokens] == tokenizer.encode(long_text)


def test_a_library_that_drops_a_byte_typed_in_an_edit_is_encoded_whole_from_then_on(tmp_path):
    """A byte-level tokenizer.json without a token for 'X' (the library drops it; our engine refuses the file, so the
    library encodes it): the first text has no X, so the pane is local; typing X made the margin's next token fill
    the window's bytes, and the view showed '.' twice. The window's tokens must spell it: else the text is encoded
    whole, as the library does, and every later edit too."""
    from test_hf_engine import byte_level_doc

    document = byte_level_doc({}, [])
    del document["model"]["vocab"]["X"]  # (a printable byte is its own character in GPT-2's byte alphabet)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    tokenizer = load_any(path)
    encoder = IncrementalEncoder(tokenizer)
    assert encoder.view("ab. cd") and encoder.local
    for text in ("aXb. cd", "aXb. cdX", "aXb. cd!"):
        assert (
            [t.id for t in encoder.view(text).tokens]
            == tokenizer.encode(text)
            == [t.id for t in tokenizer.view(text).tokens]
        )
    assert not encoder.local


def test_a_special_token_id_past_int32_is_shown_as_it_is():
    """encode_array gives ids up to 2**32 - 1: a special token numbered 2**31 was wrapped to -2**31 in the first
    view's column (reading it failed) and overflowed an edit's."""
    tokenizer = Tokenizer({i: bytes([i]) for i in range(256)}, [], pattern="gpt2", special_tokens={"<X>": 2**31})
    encoder = IncrementalEncoder(tokenizer)
    for text in ("ab <X> cd", "ab <X> cd<X>", "<X>ab <X> cd<X>"):
        view = encoder.view(text)
        assert [t.id for t in view.tokens] == tokenizer.encode(text) and 2**31 in view.tokens.ids.tolist()
    assert encoder.last_window != (0, len(text))  # the last text was an edit
