"""Counting a UTF-8 corpus from its bytes (bpe_core/_count.c's Tally, bpe_core.corpus.byte_pieces and
tally_counting): the same counts as the text path it stands in for, on hypothesis text with special tokens and every
kind of character, every shipped pattern, pieces cut inside runs of multi-byte characters, invalid bytes (the text
reader's exact messages), a cancelled count, and the tally's own checks."""

import threading
from multiprocessing.connection import Pipe
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bpe_core.cancelled import Cancelled
from bpe_core.corpus import byte_pieces, tally_counting
from bpe_core.corpus.counting import count_pieces
from bpe_core.corpus.reader import CorpusInfo, CorpusReader, NotUtf8Error
from bpe_core.pretokenize import scanner
from bpe_core.pretokenize.specials import SpecialSplitter
from bpe_core.training.trainer import BpeTrainer
from tests.test_scanner import SHIPPED, SPECIAL

needs_compiled = pytest.mark.skipif(not tally_counting.available("gpt2"), reason="built without a C compiler")
SPECIALS = ("<|endoftext|>", "<|end|>")
#: Characters of one to four UTF-8 bytes, the patterns' special cases, line breaks, spaces, pieces of the tokens.
CHARACTERS = st.one_of(
    st.sampled_from(SPECIAL + ["é", "中", "😀", " ", "\n", "<", "|", ">"]), st.characters(blacklist_categories=("Cs",))
)
TEXTS = st.lists(
    st.one_of(st.text(CHARACTERS, max_size=40), st.sampled_from([*SPECIALS, "<|end", "|>"])), max_size=12
).map("".join)


def reader(pattern: str, piece_chars: int, errors: str = "strict") -> CorpusReader:
    return CorpusReader(pattern=pattern, splitter=SpecialSplitter(SPECIALS), piece_chars=piece_chars, errors=errors)


def text_path(path, pattern: str, errors: str = "strict") -> tuple[dict[bytes, int], int]:
    """The reference: the text reader's pieces counted by the text path, keyed by UTF-8 bytes."""
    pieces = reader(pattern, 1 << 21, errors).pieces_of_files([path], CorpusInfo())
    counts = count_pieces(pieces, pattern=pattern, special_tokens=SPECIALS, processes=1)
    return {word.encode("utf-8"): n for word, n in counts.words.items()}, counts.specials


def byte_path(path, pattern: str, piece_chars: int, processes: int = 1, errors: str = "strict"):
    info = CorpusInfo()
    pieces = byte_pieces.byte_pieces_of_files(reader(pattern, piece_chars, errors), [path], info)
    counts = tally_counting.count_byte_pieces(
        pieces, pattern=pattern, special_tokens=SPECIALS, errors=errors, processes=processes
    )
    return counts.encoded, counts.specials, info


@needs_compiled
@pytest.mark.parametrize("pattern", SHIPPED)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS, piece_chars=st.integers(1, 40))
@example(text="中文 " * 30 + "<|endoftext|>x" + "é\n中" * 20, piece_chars=3)
@example(text="a\r\nb \u00a0 c\u3000 d\n\n中", piece_chars=1)
def test_bytes_counted_in_pieces_equal_the_text_path(tmp_path, pattern, text, piece_chars):
    """However small the pieces (cut after 1 to 40 bytes, inside runs of multi-byte characters), the counts, the
    special tokens, the SHA-256 and the size are those of the text path."""
    path = tmp_path / "corpus.txt"
    path.write_bytes(text.encode("utf-8"))
    encoded, specials, info = byte_path(path, pattern, piece_chars)
    expected_words, expected_specials = text_path(path, pattern)
    assert (encoded, specials) == (expected_words, expected_specials)
    text_info = CorpusInfo()
    "".join(reader(pattern, 1 << 21).pieces_of_files([path], text_info))
    assert (info.sha256, info.total_bytes, info.sizes) == (text_info.sha256, text_info.total_bytes, text_info.sizes)


@needs_compiled
@settings(max_examples=100, deadline=None)
@given(text=TEXTS, piece_chars=st.integers(1, 40))
def test_byte_pieces_are_whole_characters_and_join_to_the_file(text, piece_chars):
    """Every piece decodes on its own (no cut inside a character) and the pieces join to the text."""
    cutter = byte_pieces.ByteCutter(reader("gpt2", piece_chars))
    data = text.encode("utf-8")
    pieces = [p for k in range(0, len(data) + 1, 7) for p in cutter.feed(data[k : k + 7], k + 7 > len(data))]
    assert b"".join(pieces) == data
    assert "".join(p.decode("utf-8") for p in pieces) == text


@needs_compiled
@pytest.mark.parametrize("pattern", ["o200k", "llama3", "qwen2"])
def test_real_text_in_two_worker_processes_equals_the_text_path(tmp_path, pattern):
    """Two workers, each with its tally, merged in the parent: the counts of the text path."""
    root = Path(byte_pieces.__file__).resolve().parents[1]
    text = "<|endoftext|>".join(p.read_text(encoding="utf-8") for p in sorted(root.glob("**/*.py"))[:60])
    path = tmp_path / "code.txt"
    path.write_text(text + "中文。\n" * 1000, encoding="utf-8")
    encoded, specials, _ = byte_path(path, pattern, 50_000, processes=2)
    assert (encoded, specials) == text_path(path, pattern)


@needs_compiled
@pytest.mark.parametrize("errors", ["strict", "replace"])
def test_invalid_bytes_are_said_as_the_text_reader_says_them(tmp_path, errors):
    """A byte that is not UTF-8 far into a file, in a piece a worker decodes: the trainer's error is the text
    reader's (file, offset, the bytes); read with errors=replace the counts are the text path's, U+FFFD included.
    The file is unchanged."""
    path = tmp_path / "mixed.txt"
    data = ("word " * 50_000).encode() + b"caf\xe9 \xe4\xb8 x" + ("more " * 50_000).encode()
    path.write_bytes(data)
    trainer = BpeTrainer(300, pattern="gpt2", processes=2, errors=errors)
    trainer.reader.piece_chars = 4096
    if errors == "strict":
        with pytest.raises(NotUtf8Error) as caught:
            trainer.count_files(path)
        with pytest.raises(NotUtf8Error) as text_reader:
            "".join(reader("gpt2", 1 << 21).pieces_of_files([path], CorpusInfo()))
        assert str(caught.value) == str(text_reader.value) and caught.value.offset == 250003
        assert "at byte offset 250003 (bytes E9 20 E4 B8: invalid continuation byte)" in str(caught.value)
    else:
        trainer.count_files(path)
        encoded, specials, _ = byte_path(path, "gpt2", 4096, processes=2, errors="replace")
        assert encoded == text_path(path, "gpt2", "replace")[0]
        assert encoded["\ufffd".encode()] == 1 and encoded[" \ufffd".encode()] == 1
    assert path.read_bytes() == data


@needs_compiled
def test_a_count_stopped_from_another_thread_is_cancelled(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"some words here " * 200_000)
    stop = threading.Event()
    stop.set()
    pieces = byte_pieces.byte_pieces_of_files(reader("gpt2", 10_000), [path], CorpusInfo())
    for processes in (1, 2):
        with pytest.raises(Cancelled):
            tally_counting.count_byte_pieces(
                pieces, pattern="gpt2", special_tokens=(), errors="strict", processes=processes, stop=stop
            )


@needs_compiled
def test_a_worker_whose_tally_grows_large_sends_it_early(monkeypatch):
    """Past SPILL_BYTES a worker answers a piece with its tally and starts a new one; the parent adds them all."""
    monkeypatch.setattr(tally_counting, "SPILL_BYTES", 0)
    ours, theirs = Pipe()
    worker = threading.Thread(target=tally_counting._serve, args=(theirs,))
    worker.start()
    total = tally_counting._Total()
    for piece in [b"to be<|end|>", b" or not to be"]:
        ours.send(((piece, "gpt2", ("<|end|>",), "strict"),))
        spilled, error = ours.recv()
        assert error is None and spilled is not None
        total.add(spilled)
    ours.send(None)
    rest, _ = ours.recv()
    total.add(rest)
    ours.close()
    worker.join()
    counts = total.counts()
    assert counts.encoded == {b"to": 1, b" be": 2, b" or": 1, b" not": 1, b" to": 1} and counts.specials == 1


@needs_compiled
def test_the_tally_checks_what_it_is_given():
    """An export that does not fit together, counts past 2**63 - 1, a pattern that is not one: each a Python error
    naming it, the tally as it was; a lone surrogate (no decoded text has one) is str.encode's error."""
    from bpe_core import _count

    scanner._ready()
    tally = _count.Tally()
    tally.add("to be", 0)
    joined, ends, counts = tally.export()
    for bad, says in [
        ((b"x" + joined, ends, counts), "the last end is not the length of the bytes"),
        ((joined, ends[:-8], counts), "ends and counts are int64 arrays of the same length"),
        ((joined, ends[8:] + ends[:8], counts), "the ends do not rise"),
        ((joined, ends, b"\xff" * len(counts)), "a count is below 0"),
    ]:
        with pytest.raises(ValueError, match=says):
            tally.merge(*bad)
    with pytest.raises(ValueError, match="pattern is a scanner.s number, 0 to 5"):
        tally.add("x", 7)
    with pytest.raises(OverflowError, match="2\\*\\*63"):
        tally.merge(b"to", (2).to_bytes(8, "little"), (2**63 - 1).to_bytes(8, "little"))
    assert tally.to_dict() == {b"to": 1, b" be": 1}
    with pytest.raises(UnicodeEncodeError, match="surrogates not allowed"):
        _count.Tally().add("a \ud800", 0)


def test_without_the_compiled_tally_the_text_path_counts_alike(tmp_path, monkeypatch):
    """No ``_count`` (no C compiler at install), a custom regex or UTF-16: the text path counts; the counts and the
    merges are those of the byte path."""
    path = tmp_path / "corpus.txt"
    path.write_text(("the cat sat on the mat, 中文 and <|endoftext|> 42\n" * 3000), encoding="utf-8")

    def merges(**settings):
        trainer = BpeTrainer(400, ["<|endoftext|>"], processes=2, **settings)
        trainer.reader.piece_chars = 10_000
        trainer.count_files(path)
        return trainer.record.unique_words, [step.token for step in trainer.steps()]

    compiled = merges()
    monkeypatch.setattr(tally_counting, "_count", None)
    assert not tally_counting.available("gpt2")
    assert merges() == compiled
    assert merges(pattern=r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""") == compiled
