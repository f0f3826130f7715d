"""Encoding and decoding text with a byte-level BPE vocabulary.

A :class:`Tokenizer` takes the CS336 contract (``vocab: dict[int, bytes]``, ``merges: list[tuple[bytes, bytes]]`` in
rank order) or a tiktoken encoding (:meth:`Tokenizer.from_tiktoken`), and encodes exactly as the trainer merged, or
exactly as tiktoken does.

>>> vocab = {i: bytes([i]) for i in range(256)} | {256: b"lo", 257: b"low"}
>>> tok = Tokenizer(vocab, [(b"l", b"o"), (b"lo", b"w")], ["<|endoftext|>"])
>>> tok.encode("low lot<|endoftext|>")
[257, 32, 256, 116, 258]
>>> tok.decode([257, 32, 256, 116])
'low lot'
>>> tok.truncated(1).encode("low")
[256, 119]
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Iterator, Mapping
from itertools import accumulate, chain
from typing import TYPE_CHECKING

from bpe_core.encoding.compiled_encode import CompiledEncoder, compiled_encoder, compiled_specials
from bpe_core.encoding.id_arrays import ids_array
from bpe_core.encoding.rank_merges import DerivedMerges, merges_from_ranks, reference_merges
from bpe_core.encoding.token_lookup import TokenLookup
from bpe_core.encoding.token_spans import TokenView, view_from_spans
from bpe_core.encoding.word_merge import SINGLE_BYTES, WordMerges
from bpe_core.pretokenize import scanner
from bpe_core.pretokenize.patterns import SafeBoundary, safe_boundary
from bpe_core.pretokenize.pretokens import pretokenizer
from bpe_core.pretokenize.specials import SpecialSplitter, place_special_tokens
from bpe_core.pretokenize.text_splitter import TextSplitter, fix_surrogates
from bpe_core.render.token_label import merge_number

if TYPE_CHECKING:
    import numpy

    from bpe_core.training.steps import TrainingRecord

#: The two ways of choosing the next merge inside a pre-token.
MERGE_RULES = ("pairs", "ranks")

#: encode_iterable works once this many characters are waiting (more if a long pre-token is held back).
_FLUSH_CHARS = 8192
#: Characters a pre-token's regex may look past its own end (o200k's optional "'ll" suffix needs 3).
_LOOKAHEAD_MARGIN = 8


#: Pre-tokens a ranks-rule tokenizer merges in Python before it builds tiktoken's merge for the rest.
_MERGER_AFTER = 2000


class _WordCache(dict):
    """Pre-token string -> token ids, computed on first use; cleared when it holds ``limit`` entries."""

    def __init__(self, encode_word, limit: int):
        super().__init__()
        self.encode_word = encode_word
        self.limit = limit

    def __missing__(self, piece: str) -> list[int]:
        if len(self) >= self.limit:
            self.clear()
        ids = self[piece] = self.encode_word(piece)
        return ids


class Tokenizer(TokenLookup, WordMerges):
    """A byte-level BPE tokenizer: pre-tokenize with ``pattern``, then merge bytes inside each pre-token.

    ``merge_rule`` says how the next merge inside a pre-token is chosen:

    - ``"pairs"`` (for trained tokenizers): the adjacent pair that is the earliest of ``merges`` -- what training
      did, so encoding a training corpus gives the trainer's token count.
    - ``"ranks"`` (tiktoken's rule): the adjacent pair whose concatenation is the earliest merged token, and a
      pre-token that is itself a token is taken whole.

    Special tokens not in ``vocab`` get new ids after the largest one. Ordinary tokens with equal bytes: the
    smallest id wins when encoding. It is a :class:`~bpe_core.encoding.protocol.ShownTokenizer` of the family
    ``"ours"``; ``name`` is how views title it.
    """

    family = "ours"
    model = "BPE"
    #: SuperBPE's stages (a bpe_core.variants.superword.SuperwordStages), set on a tokenizer trained or read so
    superword: object = None

    def __init__(
        self,
        vocab: Mapping[int, bytes],
        merges: Iterable[tuple[bytes, bytes]],
        special_tokens: Iterable[str] | Mapping[str, int] | None = None,
        *,
        pattern: str = "gpt2",
        merge_rule: str = "pairs",
        name: str = "ours",
    ):
        if merge_rule not in MERGE_RULES:
            raise ValueError(f"merge_rule must be one of {MERGE_RULES}, got {merge_rule!r}")
        self._vocab = {int(i): bytes(b) for i, b in vocab.items()}
        self._merges: list[tuple[bytes, bytes]] | DerivedMerges
        if isinstance(merges, DerivedMerges):
            self._merges = merges
        else:
            self._merges = [(bytes(a), bytes(b)) for a, b in merges]
        self.name = name
        self.pattern = pattern
        self.merge_rule = merge_rule
        self.record: TrainingRecord | None = None  # when the tokenizer came from training
        self._pre = pretokenizer(pattern)  # None for "none"
        self.special_tokens = place_special_tokens(self._vocab, special_tokens)
        self._splitter = SpecialSplitter(self.special_tokens)
        self.pretokenizer = TextSplitter(pattern, self.special_tokens)
        self._bytes_to_id = self._ordinary_ids()
        self._priority = self._merge_priorities()
        self._limit = len(self._merges)
        self._cache = _WordCache(self._encode_word, 1 << 20)
        self._misses = 0  # pre-tokens merged so far (the ranks rule hands them to tiktoken's merge after a while)
        self._truncations: dict[int, Tokenizer] = {}

    # ----- construction helpers -----

    def _ordinary_ids(self) -> dict[bytes, int]:
        """Bytes -> id of the ordinary tokens, in id order; of equal bytes, the smallest id. (Built by Python loops,
        as the other tables here: C-level builds of o200k's tables in a worker thread held the GIL for 60-150 ms, a
        stall of the window.)"""
        special_ids = set(self.special_tokens.values())
        ids: dict[bytes, int] = {}
        for token_id in sorted(self._vocab):
            if token_id not in special_ids:
                ids.setdefault(self._vocab[token_id], token_id)
        missing = [b for b in SINGLE_BYTES if b not in ids]
        if missing:
            shown = ", ".join(f"0x{b[0]:02x}" for b in missing[:8])
            raise ValueError(f"the vocab has no token for {len(missing)} of the 256 bytes ({shown}...)")
        return ids

    def _merge_priorities(self) -> dict:
        """``(left, right)`` (pairs rule) or the merged token (ranks rule) -> merge rank."""
        if self.merge_rule == "ranks":
            return self._rank_priorities()
        priority: dict = {}
        for rank, (left, right) in enumerate(self._merges):
            for part in (left, right, left + right):
                if part not in self._bytes_to_id:
                    raise ValueError(
                        f"merge {merge_number(rank)} ({left!r}, {right!r}) uses {part!r}, which is not in the vocab"
                    )
            priority.setdefault((left, right), rank)
        return priority

    def _rank_priorities(self) -> dict[bytes, int]:
        """Ranks rule: the multi-byte tokens in id order are the merges' results in rank order."""
        merged = [t for t in self._bytes_to_id if len(t) > 1]  # _bytes_to_id is in id order
        if len(merged) != len(self._merges):
            raise ValueError(
                f"merge_rule='ranks' needs one merge per multi-byte token: {len(merged)} tokens, "
                f"{len(self._merges)} merges"
            )
        if not isinstance(self._merges, DerivedMerges):
            for rank, ((left, right), token) in enumerate(zip(self._merges, merged)):
                if left + right != token or left not in self._bytes_to_id or right not in self._bytes_to_id:
                    raise ValueError(f"merge {merge_number(rank)} ({left!r}, {right!r}) does not make token {token!r}")
        return {token: rank for rank, token in enumerate(merged)}

    # ----- public properties -----

    @property
    def merges(self) -> list[tuple[bytes, bytes]]:
        """The merges this tokenizer applies, in rank order (a truncated one: its first k)."""
        merges = self._merges.items() if isinstance(self._merges, DerivedMerges) else self._merges
        return merges if self._limit == len(merges) else merges[: self._limit]

    @property
    def vocab(self) -> dict[int, bytes]:
        """Id -> bytes of every token this tokenizer can produce (a truncated one: only its first k merges)."""
        if self._limit == len(self._merges):
            return self._vocab
        keep = {left + right for left, right in self.merges}
        keep.update(SINGLE_BYTES)
        specials = set(self.special_tokens.values())
        return {i: b for i, b in self._vocab.items() if i in specials or b in keep}

    @property
    def vocab_size(self) -> int:
        return len(self.vocab)

    @property
    def merge_count(self) -> int:
        """How many merges this tokenizer applies (``k`` for ``truncated(k)``)."""
        return self._limit

    # ----- encoding -----

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text``; special tokens in it are encoded as themselves, the longest first.

        A custom pattern that takes longer than its time budget raises
        :class:`~bpe_core.pretokenize.patterns.PatternTimeoutError` (the shipped patterns always run in linear time).
        """
        return self._encode_all(text, self._cache)

    def encode_array(self, text: str, start: int = 0, stop: int | None = None) -> numpy.ndarray:
        """:meth:`encode`'s ids of ``text[start:stop]`` as one numpy array of uint32, without a Python int per token:
        for what counts or stores ids (15 million tokens are 60 MB here, 120 MB of list and its ints besides). The
        compiled encoder reads the part in place, without copying it (threads sharing a large text,
        :mod:`bpe_core.encoding.parallel_encode`). An id past 4294967295 raises OverflowError.

        >>> gpt2 = Tokenizer.from_tiktoken("gpt2")
        >>> gpt2.encode_array("hello<|endoftext|>").tolist(), gpt2.encode_array("hi, hello world", 3, 9).tolist()
        ([31373, 50256], [23748])
        """
        import numpy

        stop = len(text) if stop is None else stop
        if not 0 <= start <= stop <= len(text):
            raise ValueError(f"start and stop are 0 <= start <= stop <= {len(text)}, not {start}, {stop}")
        if self._compiled_whole is not None:
            ids = self._compiled_ids(self._compiled_whole.encode_array, text, start, stop)
            return numpy.frombuffer(ids, numpy.uint32)
        return ids_array(self.encode(text[start:stop]))

    def encode_iterable(self, iterable: Iterable[str]) -> Iterator[int]:
        """Stream the ids of ``"".join(iterable)`` with bounded memory (e.g. an open file, line by line).

        Text is held back only while what follows could still change it: the last pre-tokens, a possible
        special token in the making. Exact for the named patterns; a custom regex must not look more than
        8 characters past its matches. (With pattern ``none`` the text between special tokens is one sequence,
        held whole.)
        """
        cache = _WordCache(self._encode_word, 1024)
        held: list[str] = []
        held_length = 0
        done = 0  # characters encoded so far, for error messages
        threshold = _FLUSH_CHARS
        for chunk in iterable:
            held.append(chunk)
            held_length += len(chunk)
            if held_length < threshold:
                continue
            buffer = "".join(held)
            if buffer and "\ud800" <= buffer[-1] <= "\udbff":
                held = [buffer]  # half of a surrogate pair: wait for the other half
                continue
            buffer = fix_surrogates(buffer)
            ids, rest = self._encode_ready(buffer, cache, done)
            yield from ids
            done += len(buffer) - len(rest)
            held, held_length = [rest], len(rest)
            threshold = max(_FLUSH_CHARS, 2 * len(rest))
        yield from self._encode_all("".join(held), cache, done)

    def _encode_all(self, text: str, cache, offset: int = 0) -> list[int]:
        if self._compiled_whole is not None:
            return self._compiled_ids(self._compiled_whole.encode, text)
        ids: list[int] = []
        start = offset
        for piece, is_special in self._splitter.split(fix_surrogates(text)):
            ids.extend((self.special_tokens[piece],) if is_special else self._encode_ordinary(piece, cache, start))
            start += len(piece)
        return ids

    def _encode_ready(self, buffer: str, cache, offset: int) -> tuple[list[int], str]:
        """Encode the part of ``buffer`` that no later text can change; return its ids and the rest.

        ``offset`` is where ``buffer`` starts in the whole text, for error messages.
        """
        certain = len(buffer) - max(self._splitter.max_length - 1, 0)
        ids: list[int] = []
        start = 0
        for piece, is_special in self._splitter.split(buffer):
            end = start + len(piece)
            if is_special:
                if end > certain:
                    return ids, buffer[start:]
                ids.append(self.special_tokens[piece])
            elif end < certain:
                ids.extend(self._encode_ordinary(piece, cache, offset + start))
            else:
                if self._pre is None:
                    return ids, buffer[start:]
                safe_end = certain - start - _LOOKAHEAD_MARGIN
                cut = self._boundary.last(piece, safe_end) if self._boundary is not None and safe_end > 0 else 0
                if cut:  # the text up to the last safe boundary, on the fast path; the rest held
                    ids.extend(self._encode_ordinary(piece[:cut], cache, offset + start))
                    return ids, buffer[start + cut :]
                words: list[str] = []  # a custom regex, or no boundary: the pre-tokens that end early enough
                for match in self._pre.matches(piece, offset=offset + start):
                    if match.end() > safe_end:
                        ids.extend(chain.from_iterable(map(cache.__getitem__, words)))
                        return ids, buffer[start + match.start() :]
                    words.append(match.group())
                ids.extend(chain.from_iterable(map(cache.__getitem__, words)))
            start = end
        return ids, buffer[start:]

    @functools.cached_property
    def _boundary(self) -> SafeBoundary | None:
        """Where a shipped pattern's text may be cut (see :func:`~bpe_core.pretokenize.patterns.safe_boundary`), so
        that :meth:`encode_iterable` encodes a stream on the fast path; None for a custom regex or none."""
        return safe_boundary(self._fast_name) if self._fast_name is not None else None

    @property
    def _fast_name(self) -> str | None:
        """The shipped pattern whose fast path pre-tokenizes this tokenizer's text, or None (a custom regex, none)."""
        fast = self._pre.fast if self._pre is not None else None
        return fast.name if fast is not None else None

    def _encode_ordinary(self, text: str, cache, offset: int) -> Iterable[int]:
        if self._pre is None:
            return self._encode_word(text)
        if self._pre.fast is not None:
            if self._compiled is not None:
                return self._compiled.encode(text, self._limit)
            return self._pre.fast.ids(text, cache)
        return chain.from_iterable(map(cache.__getitem__, self._pre.findall(text, offset=offset)))

    @property
    def encodes_compiled(self) -> bool:
        """Whether whole texts are encoded by the compiled encoder, which leaves Python while it works and keeps a
        cache for each thread encoding with it at once: threads encoding parts of one text then each use a core
        (:mod:`bpe_core.encoding.parallel_encode`).

        >>> from bpe_core.encoding import compiled_encode
        >>> Tokenizer.from_tiktoken("gpt2").encodes_compiled == compiled_encode.available()
        True
        """
        return self._compiled_whole is not None

    @property
    def compiled_scanner(self) -> str | None:
        """The pattern whose compiled scanner cuts this tokenizer's text into pre-tokens, or None: no
        pre-tokenization, a custom regex or ``tekken`` (run by the ``regex`` module), or no compiled scanner built.

        >>> Tokenizer.from_tiktoken("cl100k_base").compiled_scanner
        'cl100k'
        """
        return self._fast_name if scanner.available() else None

    def encode_piece(self, piece: str) -> tuple[int, ...]:
        """Ids of one pre-token (no pre-tokenization, no special tokens)."""
        return tuple(self._cache[piece])

    def pretokens(self, text: str) -> Iterator[tuple[int, str, bool]]:
        """``(start, piece, is_special)`` for each pre-token and special token of ``text`` (see
        :meth:`bpe_core.pretokenize.text_splitter.TextSplitter.pretokens`)."""
        return self.pretokenizer.pretokens(text)

    def _encode_word(self, piece: str) -> list[int]:
        # Lists, not tuples: freed tuples linger in CPython's free lists, which would grow encode_iterable's memory.
        word = piece.encode("utf-8")
        if self.merge_rule == "ranks":
            if len(word) == 1 or self._priority.get(word, self._limit) < self._limit:
                return [self._bytes_to_id[word]]
            self._misses += 1
            if self._misses > _MERGER_AFTER and self._rank_merger is not None:
                return self._rank_merger(word)
        return list(map(self._bytes_to_id.__getitem__, self.merge_parts(word)))

    @functools.cached_property
    def _compiled(self) -> CompiledEncoder | None:
        """The whole encoding of ordinary text in C (:mod:`bpe_core.encoding.compiled_encode`), or None without it. A
        truncated view shares it (the limit is an argument). A variant that cuts a word its own way (PickyBPE
        replays its removals) keeps the Python path."""
        if type(self)._encode_word is not Tokenizer._encode_word:
            return None
        return compiled_encoder(self.pattern, self._bytes_to_id, self.merge_rule, self._priority, self._merges)

    @property
    def _compiled_whole(self) -> CompiledEncoder | None:
        """The compiled encoder where it encodes whole texts, special tokens and all: built, and the pattern's
        scanner compiled too (a custom regex, or none, splits in Python). None otherwise."""
        if self._pre is None or self._pre.fast is None:
            return None
        return self._compiled

    @functools.cached_property
    def _compiled_specials(self) -> object:
        """The special tokens as the compiled encoder finds them (:func:`compiled_specials`)."""
        return compiled_specials(self.special_tokens)

    def _compiled_ids(self, encode, text: str, start: int = 0, stop: int | None = None):
        """``encode(text[start:stop])`` by the compiled encoder, special tokens split out in C. It encodes a lone
        surrogate as U+FFFD, as the Python path does, where that gives the same ids; where it cannot (a surrogate
        pair, which the Python path joins into one character; a special token holding U+FFFD; DeepSeek's scanner) it
        stops, and the text is encoded again with the surrogates replaced."""
        stop = len(text) if stop is None else stop
        try:
            return encode(text, self._limit, self._compiled_specials, start, stop)
        except UnicodeEncodeError:
            return encode(fix_surrogates(text[start:stop]), self._limit, self._compiled_specials)

    @functools.cached_property
    def _rank_merger(self):  # built once _MERGER_AFTER pre-tokens were merged (o200k: 0.16 s; a short text never)
        """The ranks rule is tiktoken's: its own byte-pair merge (in Rust) on this vocabulary, ids as ranks, gives
        :meth:`merge_parts`'s ids exactly (the multi-byte tokens' ids are in rank order; tests compare them) and
        about twenty times faster. None for the pairs rule, a truncated tokenizer, or without tiktoken's core."""
        if self.merge_rule != "ranks" or self._limit != len(self._merges):
            return None
        try:
            import tiktoken

            encoding = tiktoken.Encoding(
                "bpe-explorer", pat_str=r"\S+|\s+", mergeable_ranks=self._bytes_to_id, special_tokens={}
            )
            return encoding._core_bpe.encode_single_piece
        except (ImportError, AttributeError, ValueError):
            return None

    # ----- what views show -----

    def view(self, text: str) -> TokenView:
        """The tokens of ``text`` with their spans, and where its pre-tokens begin.

        >>> view = Tokenizer.from_tiktoken("gpt2").view("hello world")
        >>> [(t.id, t.start, t.end) for t in view.tokens], view.chunks
        ([(31373, 0, 5), (995, 5, 11)], (0, 5))
        """
        text = fix_surrogates(text)
        ids = self.encode(text)
        tokens = [self._vocab[i] for i in ids]
        ends = list(accumulate(map(len, tokens)))
        starts = [0, *ends[:-1]]
        special_ids = set(self.special_tokens.values())
        return view_from_spans(text, ids, tokens, starts, ends, special_ids, self.pretokenizer.starts(text))

    def view_at(self, text: str, k: int) -> TokenView:
        """The view of ``text`` with only the first ``k`` merges."""
        return self.truncated(k).view(text)

    # ----- vocabulary-size slider -----

    def truncated(self, k: int) -> Tokenizer:
        """This tokenizer with only its first ``k`` merges (same ids; cheap, and remembered per ``k``).

        >>> Tokenizer.from_tiktoken("gpt2").truncated(0).encode("hi")
        [71, 72]
        """
        if not 0 <= k <= len(self._merges):
            raise ValueError(f"k must be between 0 and {len(self._merges)} merges, got {k}")
        if k == self._limit:
            return self
        view = self._truncations.get(k)
        if view is None:
            if len(self._truncations) >= 16:
                self._truncations.clear()
            view = object.__new__(Tokenizer)
            view.__dict__.update(self.__dict__, _compiled=self._compiled)  # every view shares it (its own limit)
            view.__dict__.pop("_merge_ranks", None)  # the whole run's: ranks from k on are not made here
            view.__dict__.pop("_rank_merger", None)  # the same
            view._limit = k
            view._cache = _WordCache(view._encode_word, 1 << 16)
            view._truncations = {}
            self._truncations[k] = view
        return view

    # ----- other sources and files -----

    @classmethod
    def from_tiktoken(
        cls,
        name_or_path: str | os.PathLike,
        *,
        pattern: str | None = None,
        special_tokens: Mapping[str, int] | None = None,
    ) -> Tokenizer:
        """A tokenizer with the ids of a tiktoken encoding: a shipped name (``gpt2``, ``r50k_base``,
        ``cl100k_base``, ``o200k_base``) or a ``.tiktoken`` file (then ``pattern`` is required).

        Its merges are derived from the ranks: token ``r``'s pair is what BPE over the ranks below ``r`` makes of
        it. Encoding follows tiktoken's rule and equals ``encode(text, allowed_special="all")``.
        """
        from bpe_core.encoding import reference

        name = os.fspath(name_or_path)
        if name in reference.REFERENCES:
            ranks = reference.cached_reference_ranks(name)
            merges: Iterable[tuple[bytes, bytes]] = DerivedMerges(functools.partial(reference_merges, name), ranks)
            pattern = pattern or reference.reference_pattern(name)
            if special_tokens is None:
                special_tokens = reference.reference_special_tokens(name)
        else:
            if pattern is None:
                raise ValueError(f"pass pattern= with the .tiktoken file {name}")
            ranks = reference.read_rank_file(name)
            merges = merges_from_ranks(ranks, source=name)  # now, so that a bad file is reported at once
        vocab = {rank: token for token, rank in ranks.items()}
        for token, token_id in (special_tokens or {}).items():
            if token_id in vocab:
                raise ValueError(f"special token {token!r} has id {token_id}, which is already a rank")
        return cls(vocab, merges, dict(special_tokens or {}), pattern=pattern, merge_rule="ranks", name=name)

    def __repr__(self) -> str:
        return (
            f"Tokenizer({len(self.vocab)} tokens, {self._limit} merges, {len(self.special_tokens)} special, "
            f"pattern={self.pattern!r}, merge_rule={self.merge_rule!r})"
        )
