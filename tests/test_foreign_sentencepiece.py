"""SentencePiece models (BPE and Unigram, byte fallback, a user symbol) trained in the tests, loaded by load_any and
compared id for id with the sentencepiece library; spans, merges derived from the scores, corrupt files."""

from __future__ import annotations

import subprocess
import sys

import pytest
import sentencepiece
from hypothesis import given, settings
from hypothesis import strategies as st
from test_foreign_builders import HARD_TEXTS, build_sentencepiece

from bpe_core.foreign import SentencePieceTokenizer
from bpe_core.foreign.sp_tokenizer import sentencepiece_merges
from bpe_core.formats import TokenizerFileError, load_any

PIECES = list("ab Zé中文😀龘12 \r\n\t,.'") + ["e\u0301", "<extra>", "<s>", "  ", "ﬁ", "１２", "the "]
TEXTS = st.text(max_size=60) | st.lists(st.sampled_from(PIECES), max_size=25).map("".join)


class Models(dict):
    def __repr__(self) -> str:
        return f"<{len(self)} SentencePiece models>"


@pytest.fixture(scope="session")
def models(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sp")
    found = Models()
    for kind in ("bpe", "unigram"):
        path = build_sentencepiece(folder, kind)
        found[kind] = (path, load_any(path), sentencepiece.SentencePieceProcessor(model_file=str(path)))
    return found


@pytest.mark.parametrize("kind", ["bpe", "unigram"])
def test_hard_cases_match_the_library(models, kind):
    _, ours, library = models[kind]
    assert isinstance(ours, SentencePieceTokenizer) and ours.model == {"bpe": "BPE", "unigram": "Unigram"}[kind]
    for text in HARD_TEXTS:
        assert ours.encode(text) == library.encode(text), text


@pytest.mark.parametrize("kind", ["bpe", "unigram"])
@settings(max_examples=60)
@given(text=TEXTS)
def test_any_text_matches_the_library(models, kind, text):
    _, ours, library = models[kind]
    ids = ours.encode(text)
    assert ids == library.encode(text)
    assert library.bos_id() not in ids and library.eos_id() not in ids


@pytest.mark.parametrize("kind", ["bpe", "unigram"])
@settings(max_examples=40)
@given(text=TEXTS)
def test_spans_are_ordered_inside_the_text_and_tokens_read_as_the_library_decodes(models, kind, text):
    _, ours, library = models[kind]
    view = ours.view(text)
    chunks = list(view.chunks)
    size = len(text.encode("utf-8"))
    assert all(0 <= t.byte_start <= t.byte_end <= size for t in view.tokens)
    assert [t.byte_start for t in view.tokens] == sorted(t.byte_start for t in view.tokens)
    ids = [t.id for t in view.tokens]
    assert ours.decode(ids) == library.decode(ids)  # as the library decodes: its dummy-prefix space dropped
    assert chunks == sorted(set(chunks))


def test_bpe_decode_drops_the_leading_space_as_sentencepiece_does(models, tmp_path):
    path, ours, library = models["bpe"]
    ids = library.encode("Hello world")
    assert ours.decode(ids) == library.decode(ids) == "Hello world"
    result = subprocess.run(
        [sys.executable, "-m", "bpe_core", "decode", str(path), *map(str, ids)], capture_output=True, text=True
    )
    assert result.returncode == 0 and result.stdout == "Hello world\n"


def test_byte_fallback_pieces_say_which_bytes_of_a_character_they_hold(models):
    _, ours, library = models["bpe"]
    view = ours.view("a 龘")
    fallback = [t for t in view.tokens if t.partial]
    assert [t.token for t in fallback] == [b"\xe9", b"\xbe", b"\x98"]
    assert [(t.byte_start, t.byte_end) for t in fallback] == [(2, 3), (3, 4), (4, 5)]
    assert [t.id for t in view.tokens] == library.encode("a 龘")


def test_user_symbol_and_controls(models):
    _, ours, library = models["bpe"]
    assert library.piece_to_id("<extra>") in ours.encode("x<extra>y")
    assert ours.special_tokens == {"<s>": library.bos_id(), "</s>": library.eos_id()}
    assert ours.token_bytes(library.piece_to_id("▁the")) == b" the"


def apply_merges(word: str, merges: list[tuple[str, str]]) -> list[str]:
    """BPE by merge rank on ``word``'s characters (the textbook rule, written independently of the library)."""
    rank = {pair: i for i, pair in enumerate(merges)}
    parts = list(word)
    while True:
        pairs = [(rank.get((a, b), len(rank)), i) for i, (a, b) in enumerate(zip(parts, parts[1:]))]
        best, i = min(pairs, default=(len(rank), -1))
        if best == len(rank):
            return parts
        parts[i : i + 2] = [parts[i] + parts[i + 1]]


def test_derived_merges_reproduce_the_library_on_the_training_words(models):
    path, ours, library = models["bpe"]
    processor = ours._processor
    scores = {
        processor.IdToPiece(i): processor.GetScore(i)
        for i in range(processor.GetPieceSize())
        if not (processor.IsControl(i) or processor.IsUnknown(i) or processor.IsByte(i) or processor.IsUnused(i))
    }
    scores.pop("<extra>")
    merges = sentencepiece_merges(scores)
    assert len(ours.merges) == len(merges) > 200
    lines = ["The quick brown fox jumps over the lazy dog while 12 cats watch.", "Byte pair encoding merges again"]
    for word in {word for line in lines for word in line.split()}:
        assert apply_merges("▁" + word, merges) == library.encode(word, out_type=str), word


def test_unigram_has_no_merges(models):
    assert models["unigram"][1].merges is None


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(data) // 2],  # truncated
        lambda data: b"\x0a\xff\xff\xff\xff\x0f" + b"\x00" * 64,  # a length far past the end
        lambda data: b"\x0a\x05\x0a\x03abc\x00" + bytes(range(256)),  # nonsense after a plausible start
        lambda data: data[:20] + b"\x00" * 50 + data[70:],  # zeroed in the middle
    ],
)
def test_a_corrupt_model_is_refused_with_the_file_name(models, tmp_path, damage):
    path = tmp_path / "broken.model"
    path.write_bytes(damage(models["bpe"][0].read_bytes()))
    with pytest.raises(TokenizerFileError, match=r"broken\.model: "):
        load_any(path)
