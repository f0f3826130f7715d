"""Encoding a large text on every core (bpe_core.encoding.parallel_encode): the pieces cut at the safe points, encoded
apart and joined, are the ids of the whole text -- on any text, with special tokens, for each shipped pattern -- and
this process with its workers gives them too, the workers kept for the next text."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.cli import main
from bpe_core.corpus.samples import corpus_path
from bpe_core.encoding import parallel_encode
from bpe_core.encoding.parallel_encode import encode_array, encode_in_processes, pieces, worth_processes
from bpe_core.encoding.tokenizer import Tokenizer

SPECIAL = "<|endoftext|>"
PARTS = [" ", "  ", "\n", "\n\n", "\t", "a", "ab", "I'm", "'s", "12", "中文", "😀", "!", ".", SPECIAL, "x "]
TEXT = st.lists(st.sampled_from(PARTS) | st.text(max_size=6), max_size=60).map("".join)


@pytest.fixture(scope="module")
def tokenizers():
    return {name: Tokenizer.from_tiktoken(name) for name in ("gpt2", "cl100k_base", "o200k_base")}


@settings(max_examples=200, deadline=None)
@given(text=TEXT, piece_chars=st.integers(1, 40))
def test_pieces_encoded_apart_are_the_whole_texts_ids(tokenizers, text, piece_chars):
    for tokenizer in tokenizers.values():
        parts = list(pieces(tokenizer, text, piece_chars))
        assert "".join(parts) == text
        assert [i for part in parts for i in tokenizer.encode(part)] == tokenizer.encode(text)


def test_only_our_tokenizers_with_a_shipped_pattern_go_to_workers(tokenizers):
    large = "x" * parallel_encode.MIN_CHARS
    assert worth_processes(tokenizers["gpt2"], large, 2)
    assert not worth_processes(tokenizers["gpt2"], large, 1) and not worth_processes(tokenizers["gpt2"], "x", 2)
    custom = Tokenizer(tokenizers["gpt2"].vocab, tokenizers["gpt2"].merges, pattern=r"\S+|\s+")
    assert not worth_processes(custom, large, 2)


@pytest.mark.slow
def test_the_worker_pool_gives_the_ids_of_the_whole_text(tokenizers, monkeypatch, tmp_path, capsys):
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:400_000] + SPECIAL + "The end.\n"
    monkeypatch.setattr(parallel_encode, "MIN_CHARS", 1000)
    monkeypatch.setattr(parallel_encode, "PIECE_CHARS", 50_000)
    o200k = tokenizers["o200k_base"]
    ids = encode_in_processes("o200k_base", None, o200k, text, processes=2)
    assert isinstance(ids, np.ndarray) and ids.tolist() == o200k.encode(text)  # an array: 4 bytes an id
    path = tmp_path / "big.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["encode", "gpt2", "--file", str(path), "--ids", "--processes", "2"]) == 0
    assert capsys.readouterr().out.split() == [str(i) for i in tokenizers["gpt2"].encode(text)]


@pytest.mark.parametrize("name", ["gpt2", "o200k_base"])
def test_this_process_and_kept_workers_give_the_ids_of_the_whole_text(tokenizers, monkeypatch, name):
    """Three processes share the pieces (this one among them), ids as uint32 arrays; the next text is encoded by
    the same workers (their tokenizer loaded once), a lone surrogate as one process encodes it."""
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:300_000] + SPECIAL + "中文 😀 end.\n"
    monkeypatch.setattr(parallel_encode, "MIN_CHARS", 1000)
    monkeypatch.setattr(parallel_encode, "PIECE_CHARS", 5_000)
    tokenizer = tokenizers[name]
    here = []
    encoded_here = lambda piece: here.append(piece) or Tokenizer.encode_array(tokenizer, piece)  # noqa: E731
    monkeypatch.setattr(tokenizer, "encode_array", encoded_here)
    try:
        parallel_encode.start_workers(name, None, 3)
        for connection in parallel_encode._kept.connections:
            assert connection.poll(60)  # loaded: the workers take pieces from the start
        ids = encode_array(name, None, tokenizer, text, processes=3)
        assert ids.dtype == "uint32" and ids.tolist() == Tokenizer.encode(tokenizer, text)
        assert 0 < len(here) < len(parallel_encode.cuts(tokenizer, text)) - 1  # the workers encoded the others
        first = [process.pid for process in parallel_encode._kept.processes]
        again = "\ud800 " + text[::-1]
        assert encode_array(name, None, tokenizer, again, processes=3).tolist() == Tokenizer.encode(tokenizer, again)
        assert [process.pid for process in parallel_encode._kept.processes] == first and len(first) == 2
    finally:
        parallel_encode.close_workers()


def test_the_audit_and_parity_count_a_large_text_alike_on_every_core(monkeypatch):
    """A reference's large text goes to this process and a worker (large_text_encoder); the audit's usage counts
    and parity's token counts are those of the tiktoken reference alone, a short text is the reference's own."""
    import numpy as np

    from bpe_core.foreign import TiktokenTokenizer
    from bpe_core.vocabulary.audit import audit_vocabulary
    from bpe_core.vocabulary.parity import language_parity

    monkeypatch.setattr(parallel_encode, "MIN_CHARS", 1000)
    monkeypatch.setattr(parallel_encode, "PIECE_CHARS", 5_000)
    reference = TiktokenTokenizer.reference("gpt2")
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:200_000] + SPECIAL
    shorts = []
    short = lambda t: shorts.append(t) or reference.encode(t)  # noqa: E731
    encode = parallel_encode.large_text_encoder("gpt2", processes=2, short=short)
    try:
        assert isinstance(encode(text), np.ndarray) and encode("hi") == reference.encode("hi") and shorts == ["hi"]
        alone = audit_vocabulary(reference, texts=[text])
        shared = audit_vocabulary(reference, texts=[text], usage_encode=encode)
        assert shared.usage.tolist() == alone.usage.tolist() and parallel_encode._kept is not None
        texts = {"en": text, "de": text[::-1]}
        assert language_parity({"gpt2": encode}, texts) == language_parity({"gpt2": reference.encode}, texts)
    finally:
        parallel_encode.close_workers()
