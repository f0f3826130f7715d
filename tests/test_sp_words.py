"""A SentencePiece BPE model's ids of a long text a word at a time (sp_words): the same ids as the library's encode of
the whole text, through one memo over many texts; the models that do not allow it are encoded whole."""

from __future__ import annotations

import io

import numpy as np
import pytest
import sentencepiece
from hypothesis import given, settings
from hypothesis import strategies as st
from test_foreign_builders import corpus_lines
from test_sp_lines import LLAMA_STYLE, train

from bpe_core.encoding.id_arrays import ids_array
from bpe_core.foreign import word_memo
from bpe_core.foreign.sp_lines import bare
from bpe_core.foreign.sp_words import WORD, by_words
from bpe_core.foreign.word_memo import WordMemo

# spaces, runs of them, "▁" itself (a space to SentencePiece), line breaks, characters no piece has, the user symbol
PIECES = list("ab Zé中文😀龘12 \r\n\t,.'▁") + ["  ", "   x", "▁▁", " ▁", "▁ ", "\n ", " \n", "<extra>", "the ", "１２"]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=60).map("".join) | st.text(max_size=60)


@pytest.fixture(scope="module")
def llama_style(tmp_path_factory):
    return train(tmp_path_factory.mktemp("sp_words"), "llama_style", **LLAMA_STYLE)


def processors(tokenizer):
    data = tokenizer._data
    whole = sentencepiece.SentencePieceProcessor()
    whole.LoadFromSerializedProto(data)
    return data, whole


def test_words_start_before_a_space_after_another_character_and_after_a_line_break():
    def words(text):
        return WORD.findall(text)[:-1]

    assert words("A  tale\n of\n\ntwo▁ cities") == ["A", "  tale\n", " of\n", "\n", "two", "▁ cities"]
    assert words("") == [] and words("  ") == ["  "] and words("\n\n") == ["\n", "\n"] and words("a\tb") == ["a\tb"]
    assert words(" ▁ x\ry\n") == [" ▁ x\ry\n"]


def test_a_llama_style_model_is_encoded_by_words(llama_style):
    data, whole = processors(llama_style)
    assert by_words(data, whole)


@settings(max_examples=200, deadline=None)
@given(texts=st.lists(TEXTS, min_size=1, max_size=5))
def test_a_text_by_words_is_the_whole_texts_encode(llama_style, texts):
    """One memo through several texts (each text's words found in the memo or asked): the library's ids."""
    data, whole = processors(llama_style)
    memo = WordMemo(WORD, whole.EncodeAsIds, bare(data).EncodeAsIds)
    for text in texts:
        got = memo.encode(text)
        assert got.dtype == np.int64 and got.tolist() == whole.EncodeAsIds(text), repr(text)


def test_a_long_text_through_the_tokenizer_and_the_memo_past_its_bound(llama_style, monkeypatch):
    """encode_ids of a long text (past WORDS_LEAST) goes to the host's memo: an array of the library's ids; a memo
    past its bound forgets between texts (here, a host of this process's own calls)."""
    from bpe_core.foreign.sp_tokenizer import library_calls

    text = "\n".join(corpus_lines() * 3)
    assert len(text) >= word_memo.WORDS_LEAST
    _, whole = processors(llama_style)
    expected = whole.EncodeAsIds(text)
    got = llama_style.encode_ids(text)
    assert isinstance(got, np.ndarray) and got.tolist() == expected
    assert ids_array(got).tolist() == expected
    monkeypatch.setattr(word_memo, "MEMO_WORDS", 50)
    calls = library_calls(llama_style._data)
    for _ in range(3):
        assert calls["ids"](text).tolist() == expected
        assert calls["ids"](text[:100]).tolist() == whole.EncodeAsIds(text[:100])  # (short: whole)


@pytest.mark.parametrize(
    "options",
    [
        {"model_type": "bpe"},  # nmt_nfkc: not by lines
        {**LLAMA_STYLE, "model_type": "unigram"},
        {**LLAMA_STYLE, "split_by_whitespace": False},  # pieces that run on past a space: "of▁the"
        {**LLAMA_STYLE, "user_defined_symbols": ["<extra>", "of▁the"]},  # one such piece
        {**LLAMA_STYLE, "treat_whitespace_as_suffix": True},
    ],
    ids=["nmt_nfkc", "unigram", "not split by whitespace", "a symbol across a space", "whitespace as suffix"],
)
def test_models_whose_words_are_not_apart_are_encoded_whole(tmp_path, options):
    tokenizer = train(tmp_path, "other", **options)
    data, whole = processors(tokenizer)
    assert not by_words(data, whole)
    text = "\n".join(corpus_lines() * 3)
    assert tokenizer.encode_ids(text).tolist() == whole.EncodeAsIds(text)


def test_a_model_that_keeps_spaces_as_spaces_says_no(llama_style):
    """escape_whitespaces off (appended to the model by hand: no trainer option sets it): a space stays " ", so the
    rule about "▁" says nothing of where pieces stop."""
    data, _ = processors(llama_style)
    edited = data + bytes([0x1A, 0x02, 0x28, 0x00])  # normalizer_spec { escape_whitespaces: false }
    processor = sentencepiece.SentencePieceProcessor()
    processor.LoadFromSerializedProto(edited)
    assert "▁" not in "".join(processor.EncodeAsPieces("a b")) and not by_words(edited, processor)  # (a space: <0x20>)


def test_no_text_and_a_text_of_one_word(llama_style):
    """An empty text has no token; a text with no space or line break is one word, encoded as a text is and not
    remembered (a 50 MB Chinese text would be; here 30,000 characters)."""
    data, whole = processors(llama_style)
    memo = WordMemo(WORD, whole.EncodeAsIds, bare(data).EncodeAsIds)
    assert memo.encode("").tolist() == [] and memo.encode("").dtype == np.int64
    text = "中文龘😀" * 7_500
    assert memo.encode(text).tolist() == whole.EncodeAsIds(text) and not memo.index


def test_a_control_space_says_no():
    """ "▁" trained as a control symbol (found by a review): the library reads a lone "▁" as unknown, and without
    byte fallback a run of unknown characters either side of a space becomes one token ('龘 龘' -> [unk]); by
    words it was two."""
    lines = ["The quick brown fox jumps over the lazy dog.", "def f(x):\n", "Numbers 12 and 7."] * 100
    out = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=out,
        model_type="bpe",
        vocab_size=200,
        normalization_rule_name="identity",
        remove_extra_whitespaces=False,
        hard_vocab_limit=False,
        minloglevel=2,
        control_symbols=["▁"],
        user_defined_symbols=["\n"],
    )
    processor = sentencepiece.SentencePieceProcessor()
    processor.LoadFromSerializedProto(out.getvalue())
    assert processor.EncodeAsIds("龘 龘") == [processor.unk_id()]
    assert not by_words(out.getvalue(), processor)
