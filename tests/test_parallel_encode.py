"""Encoding a large text on every core (bpe_core.encoding.parallel_encode): the pieces cut at the safe points, encoded
apart and joined, are the ids of the whole text -- on any text, with special tokens, for each shipped pattern --;
threads of this process give them (the compiled encoder: a cache per thread encoding at once, whatever the limits),
and without it this process with its workers does, the workers kept for the next text."""

import itertools
import threading
import time
import types

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.cli import main
from bpe_core.corpus.reader import CorpusReader
from bpe_core.corpus.samples import corpus_path
from bpe_core.encoding import compiled_encode, parallel_encode
from bpe_core.encoding.parallel_encode import encode_array, encode_in_processes, pieces, thread_cuts, worth_sharing
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.pretokenize.specials import SpecialSplitter

needs_compiled = pytest.mark.skipif(not compiled_encode.available(), reason="the compiled encoder is not built")

SPECIAL = "<|endoftext|>"
PARTS = [" ", "  ", "\n", "\n\n", "\t", "a", "ab", "I'm", "'s", "12", "中文", "😀", "!", ".", SPECIAL, "x "]
TEXT = st.lists(st.sampled_from(PARTS) | st.text(max_size=6), max_size=60).map("".join)


@pytest.fixture(scope="module")
def tokenizers():
    return {name: Tokenizer.from_tiktoken(name) for name in ("gpt2", "cl100k_base", "o200k_base")}


@pytest.fixture
def processes(monkeypatch):
    """The text shared by worker processes, as where the compiled encoder is not built (the workers' own tokenizers
    still encode compiled)."""
    monkeypatch.setattr(parallel_encode, "compiled_encode", types.SimpleNamespace(available=lambda: False))


@settings(max_examples=200, deadline=None)
@given(text=TEXT, piece_chars=st.integers(1, 40))
def test_pieces_encoded_apart_are_the_whole_texts_ids(tokenizers, text, piece_chars):
    for tokenizer in tokenizers.values():
        parts = list(pieces(tokenizer, text, piece_chars))
        assert "".join(parts) == text
        assert [i for part in parts for i in tokenizer.encode(part)] == tokenizer.encode(text)


@settings(max_examples=100, deadline=None)
@given(text=TEXT, least=st.integers(-3, 12), share=st.integers(1, 5))
def test_pieces_of_shrinking_sizes_are_the_whole_texts_ids_too(tokenizers, text, least, share):
    """Cut as the threads cut (a share of what is left, at least `least` characters: 0 and less count as 1)."""
    for tokenizer in tokenizers.values():
        reader = CorpusReader(pattern=tokenizer.pattern, splitter=SpecialSplitter(tokenizer.special_tokens))
        bounds = reader.cuts(text, lambda left: max(left // share, least))
        assert bounds[0] == 0 and bounds[-1] == len(text)
        assert all(a < b for a, b in itertools.pairwise(bounds)) or bounds == [0, 0] == [0, len(text)]
        parts = [text[a:b] for a, b in itertools.pairwise(bounds)]
        assert [i for part in parts for i in tokenizer.encode(part)] == tokenizer.encode(text)
        fixed = CorpusReader(pattern=tokenizer.pattern, splitter=reader.splitter, piece_chars=max(least, 1))
        assert reader.cuts(text, lambda left: least) == fixed.cuts(text)  # a size asked is the size cut


def test_thread_pieces_shrink_toward_the_texts_end_so_the_last_ones_end_together(tokenizers):
    """A megabyte at most while much is left, then a share of what is left, then THREAD_PIECE_LEAST: the last pieces
    are short (a thread taking a long last piece kept the other waiting)."""
    text = corpus_path("english-prose").read_text(encoding="utf-8")
    text = (text * (12_000_000 // len(text) + 1))[:12_000_000]
    bounds = thread_cuts(tokenizers["gpt2"], text, 2)
    sizes = [b - a for a, b in itertools.pairwise(bounds)]
    least, most = parallel_encode.THREAD_PIECE_LEAST, parallel_encode.THREAD_PIECE_MOST
    assert most <= sizes[0] < most + 100  # (a piece ends at the first safe point past its length)
    assert all(b < a + 100 for a, b in itertools.pairwise(sizes))  # none longer than the one before
    assert all(size >= least for size in sizes[:-1]) and least <= sizes[-2] < least + 100
    assert len(sizes) < 4 * len(text) // most  # (pieces of THREAD_PIECE_LEAST throughout would be 183)


@needs_compiled
def test_threads_with_the_real_shrinking_pieces_give_the_whole_texts_ids(tokenizers):
    """No size patched: a text just past THREAD_MIN_CHARS, cut as the threads cut it (shrinking pieces from about
    80 K characters down to THREAD_PIECE_LEAST), shared by two threads."""
    prose = corpus_path("english-prose").read_text(encoding="utf-8")
    text = (prose * (700_000 // len(prose) + 1))[:700_000] + SPECIAL + "中文 😀 end.\n"
    bounds = thread_cuts(tokenizers["gpt2"], text, 2)
    assert len(bounds) > 8 and worth_sharing(tokenizers["gpt2"], text, 2)
    for name in ("gpt2", "o200k_base"):
        assert encode_array(name, None, tokenizers[name], text, 2).tolist() == tokenizers[name].encode(text)


def test_only_our_tokenizers_with_a_shipped_pattern_share_a_text(tokenizers):
    large = "x" * parallel_encode.MIN_CHARS
    assert worth_sharing(tokenizers["gpt2"], large, 2)
    assert not worth_sharing(tokenizers["gpt2"], large, 1) and not worth_sharing(tokenizers["gpt2"], "x", 2)
    custom = Tokenizer(tokenizers["gpt2"].vocab, tokenizers["gpt2"].merges, pattern=r"\S+|\s+")
    assert not worth_sharing(custom, large, 2)


@needs_compiled
def test_threads_share_a_shorter_text_than_processes(tokenizers, processes):
    """Threads of this process cost little to start: a text of THREAD_MIN_CHARS is shared among them, but not among
    processes (which the fixture stands for)."""
    text = "x" * parallel_encode.THREAD_MIN_CHARS
    assert parallel_encode.THREAD_MIN_CHARS < parallel_encode.MIN_CHARS
    assert not worth_sharing(tokenizers["gpt2"], text, 2)
    assert worth_sharing(tokenizers["gpt2"], "x" * parallel_encode.MIN_CHARS, 2)


@needs_compiled
def test_threads_share_it_when_the_compiled_encoder_is_built(tokenizers):
    text = "x" * parallel_encode.THREAD_MIN_CHARS
    assert worth_sharing(tokenizers["gpt2"], text, 2) and not worth_sharing(tokenizers["gpt2"], text[1:], 2)


@needs_compiled
@pytest.mark.parametrize("name", ["gpt2", "o200k_base"])
def test_threads_give_the_ids_of_the_whole_text_and_start_no_process(monkeypatch, name):
    """Three threads share the pieces (this one and two others: the first piece of each side waits until the other
    side has one, so that a helper that starts first cannot take them all), ids as a uint32 array; no worker process
    is started; the encoder made at most a cache per thread; a lone surrogate as one call."""
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:300_000] + SPECIAL + "中文 😀 end.\n"
    monkeypatch.setattr(parallel_encode, "THREAD_MIN_CHARS", 1000)
    monkeypatch.setattr(parallel_encode, "THREAD_PIECE_MOST", 5_000)
    monkeypatch.setattr(parallel_encode, "THREAD_PIECE_LEAST", 5_000)
    tokenizer = Tokenizer.from_tiktoken(name)  # (its own encoder: the caches counted are this test's)
    here, threads = threading.get_ident(), set()
    went = {True: threading.Event(), False: threading.Event()}  # this thread has a piece; a helper has one

    def encoded(text, start=0, stop=None):  # (a piece is read in place: text, where it starts and stops)
        mine = threading.get_ident() == here
        threads.add(threading.get_ident())
        went[mine].set()
        went[not mine].wait(10)
        return Tokenizer.encode_array(tokenizer, text, start, stop)

    monkeypatch.setattr(tokenizer, "encode_array", encoded)
    ids = encode_array(name, None, tokenizer, text, processes=3)
    assert ids.dtype == "uint32" and ids.tolist() == Tokenizer.encode(tokenizer, text)
    assert parallel_encode._kept is None and len(threads) >= 2 and went[True].is_set() and went[False].is_set()
    again = "\ud800 " + text[::-1]
    assert encode_array(name, None, tokenizer, again, processes=3).tolist() == Tokenizer.encode(tokenizer, again)
    assert tokenizer._compiled.caches <= 3


@needs_compiled
def test_a_text_shared_by_more_threads_than_the_encoder_has_caches_uses_as_many_as_it_has(monkeypatch):
    monkeypatch.setattr(parallel_encode, "THREAD_MIN_CHARS", 1000)
    monkeypatch.setattr(parallel_encode, "THREAD_PIECE_MOST", 2_000)
    monkeypatch.setattr(parallel_encode, "THREAD_PIECE_LEAST", 2_000)
    monkeypatch.setattr(parallel_encode.spawning, "check_processes", lambda processes: None)
    started = []
    real = threading.Thread.start
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self) or real(self))
    gpt2 = Tokenizer.from_tiktoken("gpt2")
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:200_000]
    cut_for = []
    real_cuts = parallel_encode.thread_cuts
    monkeypatch.setattr(parallel_encode, "thread_cuts", lambda *args: cut_for.append(args[2]) or real_cuts(*args))
    assert encode_array("gpt2", None, gpt2, text, processes=64).tolist() == gpt2.encode(text)
    assert len(started) == parallel_encode.THREADS_MOST - 1 and gpt2._compiled.caches <= parallel_encode.THREADS_MOST
    assert cut_for == [parallel_encode.THREADS_MOST]  # (pieces sized for the threads that run, not for 64)


@needs_compiled
def test_a_thread_that_cannot_start_stops_the_others(monkeypatch):
    """A helper that cannot start (the system has no room for a thread) raises its error; the helpers started before
    it take no more pieces and are waited for."""
    monkeypatch.setattr(parallel_encode, "THREAD_MIN_CHARS", 1000)
    monkeypatch.setattr(parallel_encode, "THREAD_PIECE_MOST", 2_000)
    monkeypatch.setattr(parallel_encode.spawning, "check_processes", lambda processes: None)
    real, calls = threading.Thread.start, []

    def start(self):
        calls.append(self)
        if len(calls) == 2:
            raise RuntimeError("can't start new thread")
        real(self)

    monkeypatch.setattr(threading.Thread, "start", start)
    before = threading.active_count()
    with pytest.raises(RuntimeError, match="can't start new thread"):
        encode_array("gpt2", None, Tokenizer.from_tiktoken("gpt2"), "x " * 50_000, processes=4)
    assert threading.active_count() == before


@needs_compiled
def test_threads_encoding_at_once_with_one_encoder_each_get_their_own_ids(tokenizers):
    """Four threads encode different texts under different limits (truncated views share the compiled encoder) at
    once, many times: each gets the ids it gets alone, and the encoder made more than one cache (it takes a few
    tries for two encodes to overlap: they are short)."""
    o200k = tokenizers["o200k_base"]
    prose = corpus_path("english-prose").read_text(encoding="utf-8")[:60_000]
    jobs = [
        (o200k, prose),
        (o200k.truncated(5_000), prose),
        (o200k, "中文，" * 3000 + prose[::-1]),
        (o200k.truncated(300), prose[::2]),
    ]
    wanted = [Tokenizer.encode(tokenizer, text) for tokenizer, text in jobs]

    def run(k, start, failures):
        tokenizer, text = jobs[k]
        start.wait()
        for _ in range(3):
            if tokenizer.encode(text) != wanted[k]:
                failures.append(k)

    for _ in range(20):
        start, failures = threading.Barrier(len(jobs)), []
        threads = [threading.Thread(target=run, args=(k, start, failures)) for k in range(len(jobs))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert failures == []
        if o200k._compiled.caches > 1:
            break
    assert 1 < o200k._compiled.caches <= len(jobs)


@needs_compiled
def test_a_thread_that_fails_stops_the_others_and_its_error_is_raised(tokenizers, monkeypatch):
    """A piece that fails in a helper thread (here an OverflowError) is raised by encode_array once every thread has
    stopped; Ctrl-C in this thread (KeyboardInterrupt) stops the helpers after their piece, none left running."""
    monkeypatch.setattr(parallel_encode, "THREAD_MIN_CHARS", 1000)
    monkeypatch.setattr(parallel_encode, "THREAD_PIECE_MOST", 2_000)
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:100_000]
    gpt2 = tokenizers["gpt2"]
    before = threading.active_count()
    for error in (OverflowError, KeyboardInterrupt):
        main_thread, first = threading.get_ident(), threading.Event()  # set when the first to fail does

        def failing(tokenizer, text, start=0, stop=None, error=error, first=first, main_thread=main_thread):
            here = threading.get_ident() == main_thread
            if here == (error is KeyboardInterrupt):  # the one to fail: the helper (an error), this thread (Ctrl-C)
                first.set()
                raise error("an id past 4294967295")
            first.wait(10)  # the other goes on once it has failed
            return Tokenizer.encode_array(tokenizer, text, start, stop)

        monkeypatch.setattr(parallel_encode, "array_of", failing)
        with pytest.raises(error):
            encode_array("gpt2", None, gpt2, text, processes=2)
        assert threading.active_count() == before


@pytest.mark.slow
def test_the_worker_pool_gives_the_ids_of_the_whole_text(tokenizers, monkeypatch, tmp_path, capsys, processes):
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
def test_this_process_and_kept_workers_give_the_ids_of_the_whole_text(tokenizers, monkeypatch, name, processes):
    """Three processes share the pieces (this one among them), ids as uint32 arrays; the next text is encoded by
    the same workers (their tokenizer loaded once), a lone surrogate as one process encodes it."""
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:300_000] + SPECIAL + "中文 😀 end.\n"
    monkeypatch.setattr(parallel_encode, "MIN_CHARS", 1000)
    monkeypatch.setattr(parallel_encode, "PIECE_CHARS", 5_000)
    tokenizer = tokenizers[name]
    here = []

    def encoded_here(text, a=0, b=None):
        here.append(text[a:b])
        time.sleep(0.002)  # (a piece here takes a moment, as a worker's does: on a loaded machine this process
        # otherwise took every piece before a feeder thread was scheduled, and the test saw no worker at work)
        return Tokenizer.encode_array(tokenizer, text, a, b)

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


@pytest.mark.parametrize("way", ["threads", "processes"])
def test_the_audit_and_parity_count_a_large_text_alike_on_every_core(monkeypatch, way):
    """A reference's large text goes to two threads, or this process and a worker (large_text_encoder); the audit's
    usage counts and parity's token counts are those of the tiktoken reference alone, a short text is the
    reference's own."""
    import numpy as np

    from bpe_core.foreign import TiktokenTokenizer
    from bpe_core.vocabulary.audit import audit_vocabulary
    from bpe_core.vocabulary.parity import language_parity

    if way == "processes" or not compiled_encode.available():
        monkeypatch.setattr(parallel_encode, "compiled_encode", types.SimpleNamespace(available=lambda: False))
    for name in ("MIN_CHARS", "THREAD_MIN_CHARS"):
        monkeypatch.setattr(parallel_encode, name, 1000)
    monkeypatch.setattr(parallel_encode, "PIECE_CHARS", 5_000)
    monkeypatch.setattr(parallel_encode, "THREAD_PIECE_MOST", 5_000)
    reference = TiktokenTokenizer.reference("gpt2")
    text = corpus_path("english-prose").read_text(encoding="utf-8")[:200_000] + SPECIAL
    shorts = []
    short = lambda t: shorts.append(t) or reference.encode(t)  # noqa: E731
    encode = parallel_encode.large_text_encoder("gpt2", processes=2, short=short)
    try:
        assert isinstance(encode(text), np.ndarray) and encode("hi") == reference.encode("hi") and shorts == ["hi"]
        alone = audit_vocabulary(reference, texts=[text])
        shared = audit_vocabulary(reference, texts=[text], usage_encode=encode)
        assert shared.usage.tolist() == alone.usage.tolist()
        assert (parallel_encode._kept is not None) == (way == "processes" or not compiled_encode.available())
        texts = {"en": text, "de": text[::-1]}
        assert language_parity({"gpt2": encode}, texts) == language_parity({"gpt2": reference.encode}, texts)
    finally:
        parallel_encode.close_workers()
