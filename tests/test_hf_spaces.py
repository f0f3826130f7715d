"""A tokenizer.json whose pipeline cuts a text at its spaces (BERT's WordPiece, Unigram after a Metaspace that splits,
BPE or WordLevel after Whitespace: hf_spaces): a Compare pane's tokens of a long text put together from blocks of its
words are the library's tokens of the whole text (ids, offsets, word starts); the files that do not allow it are
encoded whole."""

from __future__ import annotations

import json

import pytest
import tokenizers
from hypothesis import given, settings
from hypothesis import strategies as st
from test_foreign_builders import corpus_lines
from test_hf_words import assert_blocks_as_whole, tokens_of, whole_tokens
from tokenizers import decoders, models, normalizers, pre_tokenizers, trainers

from bpe_core.foreign import hf_words, word_memo
from bpe_core.foreign.hf_spaces import SPACED, by_spaces
from bpe_core.formats import load_any

#: What a text is made of: spaces, line breaks and tabs, letters that lowercase, accented ones (composed and not), a
#: final sigma, Han and Hangul, full-width and no-break spaces, NFKC's spacing accent (a space comes of it), digits,
#: punctuation, control characters, an emoji, characters of no script in the library's tables (private use, a newer
#: emoji and letter), the file's own specials.
PIECES = list("ab Zé中文한😀12 \r\n\t,.'ΣσΑ\u00a0\u3000\u00b4\u0301\x00\x07\ue000🥲ՠ") + [
    "  ",
    "   x",
    "e\u0301",
    " \u0301",
    "ΑΣ ",
    "１２",
    "the ",
    "[MASK]",
    "<unk>",
]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=60).map("".join) | st.text(max_size=40)


def trained(kind: str) -> tokenizers.Tokenizer:
    """A small file of each pipeline the module allows, trained on the corpus's lines."""
    if kind == "wordpiece":  # BERT's
        library = tokenizers.Tokenizer(models.WordPiece(unk_token="[UNK]"))
        library.normalizer = normalizers.BertNormalizer(lowercase=True)
        library.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        library.decoder = decoders.WordPiece()
        trainer = trainers.WordPieceTrainer(vocab_size=600, special_tokens=["[UNK]", "[CLS]", "[MASK]"])
    elif kind in ("unigram", "unigram-first"):  # T5's and ALBERT's shape
        library = tokenizers.Tokenizer(models.Unigram())
        library.normalizer = normalizers.NFKC()
        scheme = "first" if kind == "unigram-first" else "always"
        library.pre_tokenizer = pre_tokenizers.Metaspace(prepend_scheme=scheme)
        trainer = trainers.UnigramTrainer(vocab_size=400, unk_token="<unk>", special_tokens=["<unk>"])
    elif kind == "bpe":
        library = tokenizers.Tokenizer(models.BPE(unk_token="<unk>", continuing_subword_prefix="##"))
        steps = [normalizers.NFD(), normalizers.StripAccents(), normalizers.Lowercase()]
        library.normalizer = normalizers.Sequence(steps)
        library.pre_tokenizer = pre_tokenizers.Whitespace()
        trainer = trainers.BpeTrainer(vocab_size=500, special_tokens=["<unk>"], continuing_subword_prefix="##")
    else:  # a word a token, digits, punctuation and scripts apart
        library = tokenizers.Tokenizer(models.WordLevel(unk_token="<unk>"))
        library.pre_tokenizer = pre_tokenizers.Sequence(
            [
                pre_tokenizers.WhitespaceSplit(),
                pre_tokenizers.Punctuation(),
                pre_tokenizers.Digits(True),
                pre_tokenizers.UnicodeScripts(),
            ]
        )
        trainer = trainers.WordLevelTrainer(vocab_size=300, special_tokens=["<unk>"])
    library.train_from_iterator(corpus_lines() + ["ΑΣ σας é e\u0301 中文 한국어 12345"], trainer)
    return library


KINDS = ["wordpiece", "unigram", "unigram-first", "bpe", "wordlevel"]


@pytest.fixture(scope="module", params=KINDS)
def a_file(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("hf_spaces") / f"{request.param}.json"
    trained(request.param).save(str(path))
    return path


def test_words_start_before_a_space():
    assert SPACED.findall("A  tale\nof two ")[:-1] == ["A", "  tale\nof", " two", " "]


@settings(max_examples=120, deadline=None)
@given(texts=st.lists(TEXTS, min_size=1, max_size=4))
def test_a_text_by_blocks_of_words_is_the_whole_texts_view(a_file, texts):
    """A Compare pane's tokens of a text (ids, offsets, word starts) put together from blocks of its words, one
    memo through several texts, in blocks of about 1, 2 and 64 words: the library's of the whole text."""
    assert_blocks_as_whole(a_file, texts, (1, 2, 64))


def test_a_long_texts_edits_send_only_their_blocks_to_the_library(a_file, monkeypatch):
    """Edits in the middle of a long text (a Compare pane's keys): the library's tokens of the whole new text, and
    only the edited words' blocks sent to the library again; a text that holds an added token goes whole."""
    tokenizer = load_any(a_file)
    monkeypatch.setattr(hf_words, "BLOCK_WORDS", 8)
    text = "\n".join(corpus_lines() * 3)
    assert len(text) >= word_memo.WORDS_LEAST
    asked = []
    real = tokenizer._blocks.ask
    tokenizer._blocks.ask = lambda blocks, at_start: asked.append("".join(blocks)) or real(blocks, at_start)
    for edit in ["", "中", "\n", " x\n\ny ", "😀", "Σ ", "  ", "\u00b4"]:
        middle = len(text) // 2
        text = text[:middle] + edit + text[middle:]
        asked.clear()
        assert tokens_of(tokenizer, text) == whole_tokens(tokenizer, text)
        assert len("".join(asked)) < len(text) // 4 if edit else asked  # (the first: each block met once)
    special = json.loads(a_file.read_text(encoding="utf-8"))["added_tokens"][0]["content"]
    asked.clear()
    assert tokens_of(tokenizer, text + " " + special) == whole_tokens(tokenizer, text + " " + special) and not asked


def pipeline(normalizer, pre_tokenizer, model="WordPiece", added=()) -> dict:
    return {"normalizer": normalizer, "pre_tokenizer": pre_tokenizer, "model": {"type": model}, "added_tokens": added}


def sequence(*steps: dict) -> dict:
    return {"type": "Sequence", "pretokenizers": list(steps)}


BERT = pipeline({"type": "BertNormalizer"}, {"type": "BertPreTokenizer"})
METASPACE = {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True}


@pytest.mark.parametrize(
    "doc",
    [
        BERT,
        pipeline(None, {"type": "Whitespace"}, "BPE"),
        pipeline({"type": "NFKC"}, METASPACE, "Unigram"),
        pipeline({"type": "Sequence", "normalizers": [{"type": "NFD"}, {"type": "Lowercase"}]}, METASPACE, "Unigram"),
        pipeline(None, {"type": "Sequence", "pretokenizers": [{"type": "Digits"}, {"type": "WhitespaceSplit"}]}),
        pipeline({"type": "Lowercase"}, {"type": "Whitespace"}, "WordLevel", [{"content": "[X]", "normalized": False}]),
        pipeline(None, sequence({"type": "WhitespaceSplit"}, {"type": "UnicodeScripts"})),
    ],
)
def test_pipelines_that_cut_at_spaces_are_read_by_blocks(doc):
    assert by_spaces(doc)


@pytest.mark.parametrize(
    "doc",
    [
        pipeline({"type": "Strip"}, {"type": "BertPreTokenizer"}),  # (acts at the text's ends)
        pipeline({"type": "Prepend", "prepend": "▁"}, METASPACE, "Unigram"),
        pipeline({"type": "Replace", "pattern": {"String": "a"}, "content": "b c"}, {"type": "Whitespace"}),
        pipeline({"type": "Precompiled", "precompiled_charsmap": ""}, METASPACE, "Unigram"),
        pipeline(None, {**METASPACE, "split": False}, "Unigram"),  # (a piece may hold ▁ inside)
        pipeline(None, {"type": "Split", "pattern": {"Regex": "x"}, "behavior": "Isolated"}),
        pipeline(None, {"type": "ByteLevel"}, "BPE"),
        pipeline(None, {"type": "Digits"}),  # (splits further, but not at spaces)
        pipeline(None, {"type": "Whitespace"}, "BPE") | {"model": {"type": "BPE", "dropout": 0.1}},
        pipeline(None, {"type": "Whitespace"}, None),
        pipeline({"type": "Lowercase"}, {"type": "Whitespace"}, "WordPiece", [{"content": "[X]", "normalized": True}]),
        # (found by a review: UnicodeScripts keeps "a b" one piece, and drops a block's first spaces and a character
        # of no script after them, U+E000 or 🥲, where the whole text keeps them)
        pipeline(None, sequence({"type": "UnicodeScripts"}, METASPACE), "WordLevel"),
        pipeline(None, sequence({"type": "UnicodeScripts"}, {"type": "WhitespaceSplit"})),
        # hand-edited shapes: a step that is no object, a Sequence without its list, an empty Sequence
        pipeline({"type": "Sequence", "normalizers": ["NFC"]}, {"type": "BertPreTokenizer"}),
        pipeline({"type": "Sequence"}, {"type": "BertPreTokenizer"}),
        pipeline(None, {"type": "Sequence", "pretokenizers": [None, {"type": "WhitespaceSplit"}]}),
        pipeline(None, sequence()),
        pipeline("NFC", {"type": "BertPreTokenizer"}),
        pipeline(None, "Whitespace"),
        {"model": "WordPiece", "pre_tokenizer": {"type": "Whitespace"}},
    ],
)
def test_pipelines_that_read_across_a_space_are_not(doc):
    assert not by_spaces(doc)


def test_a_file_not_read_by_blocks_encodes_a_long_text_whole(tmp_path):
    """A WordPiece file with a Strip normalizer has no blocks: its Compare pane encodes the whole text."""
    library = trained("wordpiece")
    library.normalizer = normalizers.Sequence([normalizers.Strip(), normalizers.Lowercase()])
    path = tmp_path / "strip.json"
    library.save(str(path))
    tokenizer = load_any(path)
    assert tokenizer._blocks is None
    text = "\n".join(corpus_lines() * 3)
    assert tokens_of(tokenizer, text) == whole_tokens(tokenizer, text)
