"""Encoding a large text on every core: the text is cut where no pre-token and no special token can straddle the
cut (the corpus reader's safe points, as for counting), the pieces are encoded in worker processes that each
load the tokenizer from its source, and the ids are joined in order -- the ids of encoding the whole text at once.

Only our own tokenizers with a shipped pattern (``gpt2``, ``cl100k``, ``o200k``) go this way: the safe points are
proven for those patterns; a published model's tokenizer is encoded by its own library, a custom regex in one
process (its time budget and its error offsets count from the text's start).

>>> from bpe_core.formats import load_any
>>> text = "Hello world. " * 3
>>> encode_in_processes("gpt2", None, load_any("gpt2"), text, processes=1) == load_any("gpt2").encode(text)
True
"""

from __future__ import annotations

from collections.abc import Iterator

from bpe_core import spawning
from bpe_core.corpus.reader import CorpusReader
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.pretokenize.patterns import shipped_name
from bpe_core.pretokenize.specials import SpecialSplitter

#: A text shorter than this is encoded in this process: starting workers and loading the tokenizer in each takes
#: about a second. Since the shipped patterns pre-tokenize in compiled code, one process is faster still on 2 cores
#: (bench_parallel_encode.py, o200k, 31.5 MB: one process 2.1 s, two 4.4 s; 11 MB 1.65 s and 1.68 s), so
#: ``bpe encode`` takes workers only when asked (``--processes N``).
MIN_CHARS = 24_000_000
#: Characters per piece sent to a worker.
PIECE_CHARS = 1 << 20

_worker_tokenizer: Tokenizer | None = None


def worth_processes(tokenizer, text: str, processes: int) -> bool:
    """Whether ``text`` is encoded faster in ``processes`` workers (and can be, exactly)."""
    return (
        processes > 1
        and len(text) >= MIN_CHARS
        and isinstance(tokenizer, Tokenizer)
        and shipped_name(tokenizer.pattern) is not None
    )


def pieces(tokenizer: Tokenizer, text: str, piece_chars: int = PIECE_CHARS) -> Iterator[str]:
    """``text`` cut at the safe points of the tokenizer's pattern and special tokens, pieces of about
    ``piece_chars`` characters."""
    reader = CorpusReader(
        pattern=tokenizer.pattern, splitter=SpecialSplitter(tokenizer.special_tokens), piece_chars=piece_chars
    )
    return reader.pieces_of_text(text, name="the text")


def encode_in_processes(spec: str, pattern: str | None, tokenizer, text: str, processes: int) -> list[int]:
    """The ids of ``text`` encoded by ``tokenizer`` (loaded from ``spec`` with ``pattern``, and loaded the same way
    in each of ``processes`` workers, at most :func:`~bpe_core.spawning.max_processes`), in order; in this process
    when it is not worth it."""
    spawning.check_processes(processes)
    if not worth_processes(tokenizer, text, processes):
        return tokenizer.encode(text)
    with spawning.pool(processes, _load, (spec, pattern)) as pool:
        ids: list[int] = []
        for part in pool.imap(_encode, pieces(tokenizer, text), chunksize=1):
            ids += part
        return ids


def _load(spec: str, pattern: str | None) -> None:
    global _worker_tokenizer
    from bpe_core.formats import load_any

    _worker_tokenizer = load_any(spec, pattern=pattern)


def _encode(piece: str) -> list[int]:
    assert _worker_tokenizer is not None, "the pool's initializer (_load) loads it"
    return _worker_tokenizer.encode(piece)
