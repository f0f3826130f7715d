"""A long text's lines encoded apart by a SentencePiece BPE model that allows it (sp_lines): the same ids, offsets
and word starts as the library's encode of the whole text, after any edits; the models that do not allow it are
encoded whole."""

from __future__ import annotations

import io

import numpy as np
import pytest
import sentencepiece
from hypothesis import given, settings
from hypothesis import strategies as st
from test_foreign_builders import corpus_lines

from bpe_core.foreign import SentencePieceTokenizer, block_memo, sp_lines
from bpe_core.foreign.block_memo import BlockMemo, marked_ends
from bpe_core.foreign.sp_lines import by_lines, lines_from, lines_of

PIECES = list("ab Zé中文😀龘12 \r\n\t,.'") + ["\n\n", " \n", "\n ", "<extra>", "<s>", "  ", "ﬁ", "１２", "the "]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=40).map("".join) | st.text(max_size=40)
LLAMA_STYLE = {"model_type": "bpe", "normalization_rule_name": "identity", "remove_extra_whitespaces": False}


def train(folder, name: str, **options):
    """A model trained on the test corpus with byte fallback and a user symbol, and ``options``."""
    out = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(corpus_lines()),
        model_writer=out,
        vocab_size=options.pop("vocab_size", 700),
        byte_fallback=True,
        user_defined_symbols=options.pop("user_defined_symbols", ["<extra>"]),
        character_coverage=0.995,
        hard_vocab_limit=False,
        minloglevel=2,
        **options,
    )
    path = folder / f"{name}.model"
    path.write_bytes(out.getvalue())
    return SentencePieceTokenizer(str(path), out.getvalue())


@pytest.fixture(scope="module")
def llama_style(tmp_path_factory):
    return train(tmp_path_factory.mktemp("sp_lines"), "llama_style", **LLAMA_STYLE)


def whole(tokenizer, text: str) -> tuple[np.ndarray, ...]:
    """The library's encode of the whole text: ids, offsets, the tokens that begin a word."""
    return tuple(np.asarray(part) for part in tokenizer._host(text))


def same(a, b) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def lines_memo(ask) -> BlockMemo:
    """A memo of blocks of lines, as a SentencePiece tokenizer makes it (``BLOCK_LINES`` read at each text)."""
    return BlockMemo(lines_from, lambda: sp_lines.BLOCK_LINES, ask)


def test_lines_are_cut_after_each_line_break_only():
    assert lines_of("a\r\nb\n\nc\u2028d\n") == ["a\r\n", "b\n", "\n", "c\u2028d\n"]
    assert lines_of("") == [] and lines_of("\n") == ["\n"] and "".join(lines_of("x\ny")) == "x\ny"


@settings(max_examples=150, deadline=None)
@given(texts=st.lists(TEXTS, min_size=1, max_size=4))
def test_a_text_by_lines_is_the_whole_texts_encode(llama_style, texts):
    """One memo through several texts (an edit's next text reuses lines): each put together as the whole encode, in
    blocks of about 2 lines (several blocks to a text, several lines to a block) and of about 32 (mostly one)."""
    for block_lines in (2, 32):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(sp_lines, "BLOCK_LINES", block_lines)
            memo = lines_memo(llama_style._ask_lines)
            for text in texts:
                assert same(memo.encode(text), whole(llama_style, text)), text


def test_a_long_texts_edits_keep_the_libraries_view(llama_style, monkeypatch):
    """A long text (past LINES_LEAST) and edits of it, as the Compare tab's pane views them: the same token columns
    and word starts as the whole text encoded at once; only the edited line is sent to the library again."""
    text = "\n".join(corpus_lines() * 2)
    assert len(text) >= sp_lines.LINES_LEAST and llama_style.by_lines
    monkeypatch.setattr(sp_lines, "BLOCK_LINES", 4)  # (blocks of about 4 lines: one is never a quarter of the text)
    asked = []
    real = llama_style._lines.ask
    llama_style._lines.ask = lambda blocks, at_start: asked.append("".join(blocks)) or real(blocks, at_start)
    for edit in ["", "中", "\n", " x\n\ny ", "😀", "<extra>"]:
        middle = len(text) // 2
        text = text[:middle] + edit + text[middle:]
        asked.clear()
        view = llama_style.view(text)
        assert len("".join(asked)) < len(text) // 4 if edit else True  # the edited lines' blocks, not the text
        monkeypatch.setattr(llama_style, "by_lines", False)
        assert view.tokens == llama_style.view(text).tokens and list(view.chunks) == list(llama_style.view(text).chunks)
        monkeypatch.setattr(llama_style, "by_lines", True)


def test_a_memo_past_its_bound_forgets_between_texts(llama_style, monkeypatch):
    monkeypatch.setattr(block_memo, "MEMO_CHARS", 500)
    monkeypatch.setattr(sp_lines, "BLOCK_LINES", 1)  # a block a line, whatever the hashes (of 60-70 characters each)
    memo = lines_memo(llama_style._ask_lines)
    text = "\n".join(corpus_lines()[:20])
    sizes = []
    for _ in range(3):
        assert same(memo.encode(text), whole(llama_style, text))
        sizes.append(memo.chars)
    assert sizes[0] > 500 and sizes == sizes[:1] * 3  # kept while the text was put together, forgotten at the next


@pytest.mark.parametrize(
    "options",
    [
        {"model_type": "bpe"},  # nmt_nfkc: a line break is a space there
        {**LLAMA_STYLE, "remove_extra_whitespaces": True},  # spaces squeezed and stripped at a line's ends
        {**LLAMA_STYLE, "model_type": "unigram"},  # Viterbi sums scores: ties could fall apart
        {**LLAMA_STYLE, "user_defined_symbols": ["<extra>", "a\nb"]},  # a piece across a line break
        {**LLAMA_STYLE, "treat_whitespace_as_suffix": True},  # "▁" ends a word: the line's last piece then differs
    ],
    ids=["nmt_nfkc", "spaces removed", "unigram", "a piece holds a line break", "whitespace as suffix"],
)
def test_models_whose_lines_are_not_apart_are_encoded_whole(tmp_path, options):
    tokenizer = train(tmp_path, "other", **options)
    assert not tokenizer.by_lines
    text = "\n".join(corpus_lines() * 2)
    tokenizer._lines.ask = None  # never asked
    assert tokenizer.encode(text) == sentencepiece.SentencePieceProcessor(
        model_file=str(tmp_path / "other.model")
    ).encode(text)


def test_a_hand_edited_or_damaged_model_says_no_rather_than_guess():
    class Processor:
        def GetPieceSize(self):
            return 0

    assert not by_lines(b"", Processor())  # no trainer spec: Unigram, the format's default
    assert not by_lines(bytes([0x12, 0x02, 0x18, 0x02]), Processor())  # BPE, but extra spaces removed (default)


def test_no_text_breaks_only_and_a_line_past_the_memo(llama_style, monkeypatch):
    memo = lines_memo(llama_style._ask_lines)
    for text in ["", "\n", "\n" * 50, "\n\nab\n"]:
        assert same(memo.encode(text), whole(llama_style, text)), repr(text)
    monkeypatch.setattr(block_memo, "MEMO_CHARS", 10)
    memo = lines_memo(memo.ask)
    text = "short\n" * 8 + "a much longer line than ten characters\n" * 3
    assert same(memo.encode(text), whole(llama_style, text))
    ends = marked_ends(lines_of(text), sp_lines.BLOCK_LINES).tolist()
    # a block met twice is remembered once (the text's first apart: it begins the text)
    blocks = {(text[a:b], a == 0) for a, b in zip([0, *ends[:-1]], ends)}
    assert memo.chars == sum(len(block) for block, _ in blocks if len(block) <= 10)  # the longer used, not remembered


def test_a_block_count_that_does_not_come_back_is_an_error_not_misplaced_tokens():
    memo = lines_memo(
        lambda blocks, at_start: (
            np.zeros(0, np.int64),
            np.zeros((0, 2), np.int64),
            np.zeros(0, bool),
            np.zeros(0, np.int64),
        ),
    )
    with pytest.raises(ValueError, match="1 blocks asked, 0 encoded"):
        memo.encode("x" * 5)


def test_a_model_with_its_normalizer_given_twice_is_read_as_sentencepiece_reads_it(tmp_path):
    """A default (NFKC) model with a second normalizer_spec appended that only sets remove_extra_whitespaces off:
    sentencepiece merges the two (the character map stays, a line break is read as a space), so its lines are not
    apart; reading only the last copy said they were (found by a review)."""
    tokenizer = train(tmp_path, "nfkc", model_type="bpe")
    edited = (tmp_path / "nfkc.model").read_bytes() + bytes([0x1A, 0x02, 0x20, 0x00])
    processor = sentencepiece.SentencePieceProcessor()
    processor.LoadFromSerializedProto(edited)
    assert not tokenizer.by_lines and not by_lines(edited, processor)
    assert processor.EncodeAsPieces("a\nb") == ["▁a", "▁b"]  # (the line break read as a space)
