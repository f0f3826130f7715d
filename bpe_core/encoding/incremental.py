"""Encode a text again after an edit by re-encoding only the pre-tokens around the edit.

BPE never merges across pre-tokens, so an edit changes only the tokens of the pre-tokens it touches -- but which
pre-tokens those are is the regex's business: ``\\s+(?!\\S)`` looks one character past a run of spaces, a
contraction up to three, ``\\p{N}{1,3}`` regroups a run of digits, and typing the last character of a special token
turns the text before it into a piece of its own. So :class:`IncrementalEncoder` re-splits a *window*: from a
pre-token start at least :data:`MARGIN` characters before the edit (no match that ends earlier can see the edit)
up to the first pre-token start after the edit that was a pre-token start of the old text too (from there the text
is the old text, and the scan goes on exactly as before). The pre-tokens in between are encoded; every other token,
and its spans shifted, is kept. Tokens are kept as columns (:class:`~bpe_core.encoding.token_columns.TokenColumns`), so
the cost of an edit is the window's plus a few array splices, whatever the text's length.

Which tokenizers are encoded this way (:func:`local_splitter`), and why the rest are encoded whole at every edit:

- ours (:class:`~bpe_core.encoding.tokenizer.Tokenizer`) with a named pattern: each pre-token is encoded on its own,
  exactly as ``encode`` does (pattern ``none``, or a custom regex, which may look behind or far ahead: whole);
- tiktoken rank tables (:class:`~bpe_core.foreign.TiktokenTokenizer`) whose pattern is one of the named ones;
- a ``tokenizer.json`` whose pipeline :func:`bpe_core.foreign.locality.local_pattern` proves local;
- anything else (SentencePiece, which normalizes the whole text and prepends a space; WordPiece; normalizers...);
  a SentencePiece model whose lines encode apart still sends only the edited lines (their block) to its library
  (:mod:`bpe_core.foreign.sp_lines`), and a ``tokenizer.json`` set as Llama 2's is only the edited words' block
  (:mod:`bpe_core.foreign.hf_words`), both by :mod:`bpe_core.foreign.block_memo`.

A library encodes the window with :data:`MARGIN` characters of the text after it, and only the tokens up to the
window's end are kept. Each first view of a text checks that the library's pre-tokens are the pattern's and that
its tokens are the text's bytes in order; if not, that tokenizer is encoded whole from then on (``local`` False).
Tests check the ids, spans and chunks against a whole encode after random edits (``tests/test_incremental.py``).

>>> from bpe_core.encoding.tokenizer import Tokenizer
>>> encoder = IncrementalEncoder(Tokenizer.from_tiktoken("gpt2"))
>>> [t.id for t in encoder.view("hello world").tokens]
[31373, 995]
>>> view = encoder.view("hello there world")
>>> [t.id for t in view.tokens] == Tokenizer.from_tiktoken("gpt2").encode("hello there world"), encoder.last_window
(True, (0, 17))
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import numpy as np

from bpe_core.encoding.spelling import Spelling
from bpe_core.encoding.token_columns import IntColumn, TokenColumns, columns_of, span_columns
from bpe_core.encoding.token_spans import TokenView
from bpe_core.pretokenize.patterns import PATTERNS
from bpe_core.pretokenize.text_splitter import TextSplitter, fix_surrogates

#: Characters past a pre-token's end that its match may depend on (a contraction's 3, a lookahead's 1, ``$``), with
#: room to spare; the longest special token is added to it.
MARGIN = 8

#: An edit of more characters than this and than half the new text is encoded as a first view (from ``encode``'s ids,
#: the pre-tokens by the compiled scanner) instead of re-splitting its window with the regex a pre-token at a time:
#: a million characters loaded over a short text took 1.1-1.8 s a pane that way. (Not for a library's tokenizer,
#: whose first view is the library's encode of the whole text: slower than the edit.)
WHOLE_EDIT_LEAST = 4096

_NAMED_SOURCES = {source: name for name, source in PATTERNS.items() if source is not None}


def local_splitter(tokenizer) -> TextSplitter | None:
    """How ``tokenizer`` cuts text when edits can be re-encoded locally (see the module), else ``None``."""
    from bpe_core.encoding.tokenizer import Tokenizer
    from bpe_core.foreign.hf_tokenizer import HuggingFaceTokenizer
    from bpe_core.foreign.tiktoken_tokenizer import TiktokenTokenizer

    if isinstance(tokenizer, Tokenizer):
        named = tokenizer.pattern in PATTERNS and PATTERNS[tokenizer.pattern] is not None
        return tokenizer.pretokenizer if named else None
    if isinstance(tokenizer, TiktokenTokenizer):
        name = _NAMED_SOURCES.get(tokenizer.pattern)
        if name is None:
            return None
        # unshifted, its own splitter cuts by the same pattern and special tokens: a first view scans the text once
        return TextSplitter(name, {}) if tokenizer.shift else tokenizer.pretokenizer
    if isinstance(tokenizer, HuggingFaceTokenizer) and tokenizer.local_pattern is not None:
        return TextSplitter(tokenizer.local_pattern, tokenizer.added_texts)
    return None


@dataclass
class _State:
    """The last text's tokens (columns) and pre-tokens: ``pre_start``/``pre_end`` character spans (they tile the
    text), ``tok_first`` the index of each one's first token; ``n_bytes`` the text's length in UTF-8."""

    text: str
    tokens: TokenColumns
    pre_start: np.ndarray
    pre_end: np.ndarray
    tok_first: np.ndarray
    n_bytes: int

    def view(self) -> TokenView:
        return TokenView(self.text, self.tokens, IntColumn(self.pre_start))


class IncrementalEncoder:
    """The views (:meth:`view`) of successive texts cut by ``tokenizer`` (a
    :class:`~bpe_core.encoding.protocol.ShownTokenizer`), each equal to ``tokenizer.view(text)`` but computed from the
    previous one where the tokenizer allows (``local``). ``last_window`` is the character span of the new text
    that was re-encoded last time (the whole text when it was encoded whole). Not thread-safe: one per thread."""

    def __init__(self, tokenizer):
        self.tokenizer = tokenizer
        self.splitter = local_splitter(tokenizer)
        self.local = self.splitter is not None
        self.margin = MARGIN + (self.splitter._specials.max_length if self.splitter is not None else 0)
        self._ours = type(tokenizer).__name__ == "Tokenizer"
        self._special_ids = frozenset(tokenizer.special_tokens.values())
        self._state: _State | None = None
        self.last_window = (0, 0)

    def view(self, text: str) -> TokenView:
        """The view of ``text`` (see :meth:`bpe_core.encoding.protocol.ShownTokenizer.view`)."""
        text = _fixed(text)
        state = self._state
        if state is not None and self.local:
            if text == state.text:
                self.last_window = (0, 0)
                return state.view()
            edited = self._edit(state, text)
            if edited is not None:
                self._state = edited
                return edited.view()
        return self._whole(text)

    def forget(self) -> None:
        """Drop the last text (the next view is encoded whole)."""
        self._state = None

    # ----- a whole text -----

    def _whole(self, text: str) -> TokenView:
        self.last_window = (0, len(text))
        local = self.local and (self._ours or not has_unassigned(text))
        own = self._own_splitter()
        if local and own is not None:  # no record per token: the ids' columns, checked (a million: 5-14 s)
            tokens = self._columns_of_ids(text)
            if tokens is not None:
                self._state = self._state_of(text, tokens, None if own is self.splitter else own.starts(text))
                return self.tokenizer.view(text) if self._state is None else self._state.view()
        view = self.tokenizer.view(text)
        columns = columns_of(view.tokens, view.text, self.tokenizer.token_bytes) if local else None
        self._state = self._state_of(view.text, columns, view.chunks) if columns is not None else None
        return view if self._state is None else self._state.view()

    def _own_splitter(self) -> TextSplitter | None:
        """The splitter whose pre-tokens the tokenizer's view gives as its ``chunks``, read without making the view:
        ours and tiktoken's rank tables cut with one of their own (ours is :attr:`splitter` itself), and so does a
        ``tokenizer.json`` our engine encodes in one pass; None for the others (a library's offsets)."""
        from bpe_core.foreign.hf_engine import EngineHuggingFaceTokenizer
        from bpe_core.foreign.tiktoken_tokenizer import TiktokenTokenizer

        tokenizer = self.tokenizer
        if isinstance(tokenizer, EngineHuggingFaceTokenizer):
            return tokenizer.chunk_splitter
        own = self._ours or (isinstance(tokenizer, TiktokenTokenizer) and not tokenizer.shift)
        return tokenizer.pretokenizer if own else None

    def _columns_of_ids(self, text: str) -> TokenColumns | None:
        """The columns of the tokens ``encode`` gives for ``text``, if their bytes are the text's, in order, none
        empty (else None: the view says where they are)."""
        ids = self.tokenizer.encode_array(text) if self._ours else self.tokenizer.encode(text)
        spelling = Spelling.of(ids, self.tokenizer.token_bytes)
        ids, lengths = spelling.ids, spelling.lengths
        if not np.all(lengths > 0) or not spelling.spells(text.encode("utf-8")):
            return None
        starts, ends, char_start, char_end, lead, trail, special = self._spans(text, ids, lengths)
        return TokenColumns(
            text,
            ids.astype(np.int64),
            starts.astype(np.int32),
            ends.astype(np.int32),
            char_start,
            char_end,
            lead,
            trail,
            special,
            self.tokenizer.token_bytes,
        )

    def _spans(self, text: str, ids, lengths: np.ndarray) -> tuple[np.ndarray, ...]:
        """Of tokens ``ids`` of ``lengths`` bytes that spell ``text`` end to end: their byte starts and ends, character
        starts and ends, edge bytes (:func:`~bpe_core.encoding.token_columns.span_columns`) and which are special."""
        ends = np.cumsum(lengths)
        starts = ends - lengths
        special = np.isin(np.asarray(ids, np.int64), list(self._special_ids))
        return (starts, ends, *span_columns(text, starts, ends), special)

    def _state_of(self, text: str, tokens: TokenColumns, chunks) -> _State | None:
        """The state of a whole text's tokens, once it is checked that the splitter's pre-tokens are the tokenizer's
        (``chunks``: where its own begin; None when its splitter is :attr:`splitter`) and that the tokens are the
        text's bytes in order; else the tokenizer is not local after all (None)."""
        assert self.splitter is not None, "only a local tokenizer keeps a state"
        lengths = self.splitter.lengths(text)
        if lengths is not None:  # (the pre-tokens tile the text: their ends are the lengths summed)
            pre_end = np.cumsum(np.asarray(lengths, np.int32), dtype=np.int32)
            pre_start = pre_end - np.asarray(lengths, np.int32)
        else:
            pieces = list(self.splitter.pretokens(text))
            pre_start = np.fromiter((start for start, _, _ in pieces), np.int32, len(pieces))
            pre_end = pre_start + np.fromiter((len(piece) for _, piece, _ in pieces), np.int32, len(pieces))
        n_bytes = len(text.encode("utf-8"))
        tiled = len(pre_start) == 0 or (pre_start[0] == 0 and pre_end[-1] == len(text))
        tiled = tiled and bool(np.array_equal(pre_start[1:], pre_end[:-1]))
        tiled = tiled and (chunks is None or np.array_equal(np.asarray(chunks, np.int64), pre_start))
        contiguous = len(tokens) == 0 or (tokens.byte_start[0] == 0 and tokens.byte_end[-1] == n_bytes)
        contiguous = contiguous and bool(np.array_equal(tokens.byte_start[1:], tokens.byte_end[:-1]))
        contiguous = contiguous and bool(np.all(tokens.byte_end > tokens.byte_start))
        if not (tiled and contiguous):
            self.local = False
            return None
        tok_first = np.searchsorted(tokens.start, pre_start, "left").astype(np.int32)
        return _State(text, tokens, pre_start, pre_end, tok_first, n_bytes)

    # ----- an edit -----

    def _edit(self, state: _State, new: str) -> _State | None:
        assert self.splitter is not None, "only a local tokenizer keeps a state"
        old = state.text
        p, s = _difference(old, new)
        delta = len(new) - len(old)
        edit_end = len(new) - s  # the edited characters are new[p:edit_end]
        if edit_end - p > max(WHOLE_EDIT_LEAST, len(new) // 2) and self._own_splitter() is not None:
            return None  # most of the text is new (another text loaded, or pasted over): a first view is faster
        if not self._ours and has_unassigned(new, p, edit_end):
            return None
        pre_start, pre_end = state.pre_start, state.pre_end
        n_pre = len(pre_start)
        j0 = int(np.searchsorted(pre_end, p - self.margin, "right"))  # the first pre-token that may see the edit
        restart = int(pre_start[j0]) if j0 < n_pre else len(old)
        pieces: list[tuple[int, str, bool]] = []
        j1, stop = n_pre, len(new)
        position = restart
        for start, piece, special in self.splitter.scan(new, restart):
            if start != position:
                return None  # text left out of every pre-token: not ours to encode locally
            if start >= edit_end:
                k = int(np.searchsorted(pre_start, start - delta))
                if k < n_pre and pre_start[k] == start - delta:
                    j1, stop = k, start  # the old scan went on from here: everything after is as before
                    break
            pieces.append((start, piece, special))
            position = start + len(piece)
        else:
            if position != len(new):
                return None
        window = new[restart:stop]
        ids = self._encode_window(new, restart, stop, pieces)
        if ids is None:
            return None
        self.last_window = (restart, stop)
        return self._splice(state, new, restart, stop, window, pieces, ids, j0, j1, delta)

    def _encode_window(self, text: str, start: int, stop: int, pieces) -> list[int] | None:
        """The ids of ``text[start:stop]``'s pre-tokens ``pieces``: the window and :data:`MARGIN` characters after it
        encoded at once (by a library, or by our compiled encoder), cut where the window ends (None: no token ends
        there); ours without the compiled encoder, one by one."""
        tokenizer = self.tokenizer
        if self._ours and not tokenizer.encodes_compiled:
            specials = tokenizer.special_tokens
            ids: list[int] = []
            for _, piece, special in pieces:
                if special:
                    ids.append(specials[piece])
                else:
                    ids.extend(tokenizer.encode_piece(piece))
            return ids
        if start == stop:
            return []
        found = tokenizer.encode(text[start : min(len(text), stop + self.margin)])
        window = text[start:stop].encode("utf-8")
        total = np.cumsum(self._lengths(found))  # the bytes of the first k + 1 tokens
        kept = int(np.searchsorted(total, len(window))) + 1  # up to the first token that reaches the window's end
        if kept > len(found) or total[kept - 1] != len(window):
            return None
        if not Spelling.of(found[:kept], tokenizer.token_bytes).spells(window):
            self.local = False  # a library that drops or changes bytes (a byte missing from its vocabulary)
            return None
        return found[:kept]

    def _lengths(self, ids) -> np.ndarray:
        """The bytes of each token of ``ids`` (each distinct one asked of the tokenizer once)."""
        return Spelling.of(ids, self.tokenizer.token_bytes).lengths

    def _splice(self, state: _State, new, restart, stop, window, pieces, ids, j0, j1, delta) -> _State:
        """The new state: the old one with pre-tokens ``j0:j1`` (and their tokens) replaced by the window's."""
        lengths = self._lengths(ids)
        starts, ends, char_start, char_end, lead, trail, special = self._spans(window, ids, lengths)
        cols = state.tokens
        n_tok, n_pre = len(cols), len(state.pre_start)
        t0 = int(state.tok_first[j0]) if j0 < n_pre else n_tok
        t1 = int(state.tok_first[j1]) if j1 < n_pre else n_tok
        byte_base = int(cols.byte_start[t0]) if t0 < n_tok else state.n_bytes
        old_stop = int(cols.byte_start[t1]) if t1 < n_tok else state.n_bytes
        window_bytes = int(ends[-1]) if len(ends) else 0
        dbytes = byte_base + window_bytes - old_stop
        dtok = len(ids) - (t1 - t0)
        n = len(ids)
        piece_start = np.fromiter((start for start, _, _ in pieces), np.int32, len(pieces))
        piece_end = piece_start + np.fromiter((len(piece) for _, piece, _ in pieces), np.int32, len(pieces))
        piece_first = (np.searchsorted(char_start, piece_start - restart, "left") + t0).astype(np.int32)

        tokens = TokenColumns(
            new,
            splice(cols.ids, np.asarray(ids, np.int64), t0, t1, 0),
            splice(cols.byte_start, starts + byte_base, t0, t1, dbytes),
            splice(cols.byte_end, ends + byte_base, t0, t1, dbytes),
            splice(cols.start, char_start + restart, t0, t1, delta),
            splice(cols.end, char_end + restart, t0, t1, delta),
            splice(cols.lead, lead, t0, t1, 0),
            splice(cols.trail, trail, t0, t1, 0),
            splice(cols.special, special, t0, t1, 0),
            self.tokenizer.token_bytes,
        )
        tokens.spliced_from(cols, t0, t0 + n)
        return _State(
            new,
            tokens,
            splice(state.pre_start, piece_start, j0, j1, delta),
            splice(state.pre_end, piece_end, j0, j1, delta),
            splice(state.tok_first, piece_first, j0, j1, dtok),
            state.n_bytes + dbytes,
        )


def has_unassigned(text: str, start: int = 0, stop: int | None = None) -> bool:
    """Whether ``text[start:stop]`` holds a code point that Python's Unicode tables leave unassigned.

    A library's regex engine and ours may be built on different Unicode versions (U+323B0 is a letter in Unicode
    17, unassigned to an engine on 16), so around such a character our splitter cannot vouch for the library's
    pre-tokens: the text is encoded whole.

    >>> has_unassigned("abc 你好"), has_unassigned("a\U000323b0")
    (False, True)
    """
    part = text[start:stop]
    if part.isascii():
        return False
    # each code point once, counted by numpy (a set of a million characters' strings took 45 ms)
    points = np.flatnonzero(np.bincount(np.frombuffer(part.encode("utf-32-le", "surrogatepass"), np.uint32)))
    return any(unicodedata.category(chr(point)) == "Cn" for point in points.tolist())


#: The last text checked for surrogates and the last two texts compared: every pane of the Compare tab encodes the
#: same text after the same one (a million characters take a millisecond to check or compare, per pane).
_last_fixed: list = [None, None]
_last_difference: list = [None, None, None]


def _fixed(text: str) -> str:
    """``fix_surrogates(text)``, checked once for the same text object in a row."""
    given, fixed = _last_fixed
    if text is given:
        return fixed
    fixed = fix_surrogates(text)
    _last_fixed[:] = [text, fixed]
    return fixed


def _difference(old: str, new: str) -> tuple[int, int]:
    """The lengths of the common prefix and (after it) common suffix of ``old`` and ``new``, computed once for the
    same pair of text objects in a row."""
    a, b, found = _last_difference
    if a is old and b is new:
        return found
    p = common_prefix(old, new)
    found = (p, common_suffix(old, new, min(len(old), len(new)) - p))
    _last_difference[:] = [old, new, found]
    return found


def splice(column: np.ndarray, middle, a: int, b: int, shift: int) -> np.ndarray:
    """``column`` with ``column[a:b]`` replaced by ``middle`` and ``shift`` added to what follows, in one pass.

    >>> splice(np.array([1, 2, 3, 4], np.int32), [7, 8, 9], 1, 2, 10).tolist()
    [1, 7, 8, 9, 13, 14]
    """
    m = len(middle)
    out = np.empty(len(column) - (b - a) + m, column.dtype)
    out[:a] = column[:a]
    out[a : a + m] = middle
    if shift:
        np.add(column[b:], shift, out=out[a + m :], casting="unsafe")
    else:
        out[a + m :] = column[b:]
    return out


def common_prefix(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` begin with in common (compared block by block, in C).

    >>> common_prefix("hello world", "hello there"), common_prefix("", "x"), common_prefix("abc", "abc")
    (6, 0, 3)
    """
    n = min(len(a), len(b))
    lo, step = 0, 256
    while lo < n:
        hi = min(n, lo + step)
        if a[lo:hi] != b[lo:hi]:
            while hi - lo > 1:  # a[:lo] agrees, a[:hi] does not
                mid = (lo + hi) // 2
                if a[lo:mid] == b[lo:mid]:
                    lo = mid
                else:
                    hi = mid
            return lo
        lo, step = hi, step * 2
    return n


def common_suffix(a: str, b: str, limit: int) -> int:
    """How many characters ``a`` and ``b`` end with in common, at most ``limit``.

    >>> common_suffix("hello world", "brave new world", 20), common_suffix("aaa", "aa", 1)
    (6, 1)
    """
    n = min(limit, len(a), len(b))
    lo, step = 0, 256
    while lo < n:
        hi = min(n, lo + step)
        if a[len(a) - hi : len(a) - lo] != b[len(b) - hi : len(b) - lo]:
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if a[len(a) - mid : len(a) - lo] == b[len(b) - mid : len(b) - lo]:
                    lo = mid
                else:
                    hi = mid
            return lo
        lo, step = hi, step * 2
    return n
