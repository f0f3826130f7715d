r"""A Hugging Face ``tokenizer.json`` whose pipeline our engine reproduces (:mod:`bpe_core.formats.hf_pipeline`),
encoded by our engine: the same ids as the ``tokenizers`` library, faster.

Everything but encoding is the file's, as :class:`HuggingFaceTokenizer` reads it (names, ids, token bytes, the
decoder); encoding is a :class:`~bpe_core.encoding.tokenizer.Tokenizer` built from the file's vocabulary and merges,
cutting with the file's regex after splitting out the added tokens as the library does: those that are not
``normalized`` first, the others in what is left. Where a compiled scanner cuts as the file's pre-tokenizer does
(:func:`compiled_scanner`: GPT-2's, the shipped patterns, Llama 3's, Qwen 2's, DeepSeek V3's Split steps), the text
between added tokens is scanned and merged in compiled code (``ignore_merges`` too), 5 to 40 times the library's speed.

>>> import json
>>> from bpe_core.gpt2_bytes import bytes_to_gpt2
>>> vocab = {bytes_to_gpt2(bytes([b])): b for b in range(256)} | {"ab": 256}
>>> byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
>>> doc = {"model": {"type": "BPE", "vocab": vocab, "merges": ["a b"]}, "pre_tokenizer": byte_level}
>>> from bpe_core.formats.hf_pipeline import engine_plan  # the formats import this module: not imported above
>>> tok = EngineHuggingFaceTokenizer("t.json", json.dumps(doc), doc, engine_plan(doc))
>>> tok.encode("ab ba"), str(tok.encoded_by)
([256, 32, 98, 97], 't.json: encoded by our engine; it pre-tokenizes with our compiled gpt2 scanner')
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Iterator
from typing import Any

import regex

from bpe_core.encoding import compiled_encode
from bpe_core.encoding.compiled_encode import CompiledEncoder, compiled_encoder
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.foreign.hf_tokenizer import HuggingFaceTokenizer
from bpe_core.messages import Message
from bpe_core.pretokenize import scanner
from bpe_core.pretokenize.patterns import SHIPPED, PatternTimeoutError
from bpe_core.pretokenize.pretokens import time_budget
from bpe_core.pretokenize.specials import SpecialSplitter
from bpe_core.pretokenize.text_splitter import TextSplitter, fix_surrogates


class NotForOurEngine(Exception):
    """What in a file our engine cannot take after all (the library reads it): ``what`` names it."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


class IgnoreMergesTokenizer(Tokenizer):
    """Our tokenizer with the ``ignore_merges`` rule of a tokenizer.json (Llama 3): a pre-token that is itself an
    ordinary token is that token, whatever the merges would make of it.

    >>> vocab = {i: bytes([i]) for i in range(256)} | {256: b"ab", 257: b"abc"}
    >>> Tokenizer(vocab, [(b"a", b"b")], pattern="none").encode("abc")
    [256, 99]
    >>> IgnoreMergesTokenizer(vocab, [(b"a", b"b")], pattern="none").encode("abc")
    [257]
    """

    def _encode_word(self, piece: str) -> list[int]:
        token = self._bytes_to_id.get(piece.encode("utf-8"))
        return [token] if token is not None else super()._encode_word(piece)


class EngineHuggingFaceTokenizer(HuggingFaceTokenizer):
    """``text`` is the file's JSON, ``doc`` the same parsed, ``plan`` the
    :class:`~bpe_core.formats.hf_pipeline.EnginePlan` that :func:`~bpe_core.formats.hf_pipeline.engine_plan` made of
    it (not imported here: the formats import this module); a plan
    the library disagrees with (an added token at another id) or our engine refuses raises
    :class:`NotForOurEngine`, and :func:`bpe_core.formats.loader.load_any` then keeps the library. A file the
    library refuses raises :class:`~bpe_core.file_errors.TokenizerFileError`, as :class:`HuggingFaceTokenizer` does."""

    def __init__(self, path: str, text: str, doc: dict, plan: Any):
        super().__init__(path, text, doc)
        for token in plan.added:
            if self._library.token_to_id(token.content) != token.id:
                raise NotForOurEngine(f"the added token {token.content!r:.40} (another id in the library)")
        first = [t for t in plan.added if not t.normalized]
        second = [t for t in plan.added if t.normalized]
        # The engine splits out the added tokens itself where one pass does what the library's two do, no Split
        # step comes before its own regex, and nothing is normalized.
        one_pass = not (first and second) and not plan.splits and not plan.nfc
        engine_added = {t.content: t.id for t in plan.added} if one_pass else {}
        engine_class = IgnoreMergesTokenizer if plan.ignore_merges else Tokenizer
        pattern = _engine_pattern(plan.pattern, plan.gaps)
        try:
            self._engine = engine_class(plan.vocab, plan.merges, engine_added, pattern=pattern, name=path)
        except ValueError as exc:  # a merge our engine refuses, a regex it cannot compile
            raise NotForOurEngine(f"this file ({exc})") from None
        self._one_pass = one_pass
        self._first = SpecialSplitter([t.content for t in first])
        self._second = SpecialSplitter([t.content for t in second])
        self._added_ids = {t.content: t.id for t in plan.added}
        self._splits = [regex.compile(source) for source in plan.splits]
        self._regex = plan.pattern  # the file's, before the engine's pattern keeps the text between its matches
        #: For an NFC file: the characters whose NFC the library may do otherwise (its Unicode tables are older).
        self._unsure = _unsure_nfc(self._library.normalizer.normalize_str) if plan.nfc else None
        #: The compiled scanner that cuts as the file's pre-tokenizer does (all of its Split steps), or None.
        self._scanner = compiled_scanner(plan) if compiled_encode.available() else None
        self._ignore_merges = plan.ignore_merges
        # Without the compiled encoder a shipped pattern alone is still scanned in C (the engine's fast path).
        shown = self._scanner or (pattern if pattern in SHIPPED and not plan.splits and scanner.available() else None)
        if shown is not None:
            self.encoded_by = Message.of("hf_engine.ours_compiled", path=path, pattern=shown)
        else:
            self.encoded_by = Message.of("hf_engine.ours_regex", path=path)

    def encode(self, text: str) -> list[int]:
        """The ids the ``tokenizers`` library gives for ``text`` (no BOS/EOS added), by our engine. A regex of the
        file that runs past its time budget raises :class:`PatternTimeoutError` naming it as the file has it."""
        try:
            return self._encode(fix_surrogates(text))
        except PatternTimeoutError as exc:
            if exc.source != self._engine.pattern:
                raise
            raise PatternTimeoutError(self._regex, exc.seconds, exc.offset, exc.where) from None

    def encode_ids(self, text: str) -> list[int]:
        """:meth:`encode`: our engine's ids (the library, hosted in a process of its own, only where
        :meth:`encode` needs it)."""
        return self.encode(text)

    def _encode(self, text: str) -> list[int]:
        compiled = self._compiled
        if self._one_pass and compiled is None:
            return self._engine.encode(text)
        if self._unsure is not None and _has_unsure(text, self._unsure):
            return self._hosted(text)[0].tolist()  # a character whose NFC may differ: the library's own
        ids: list[int] = []
        # every Split step and the merges in compiled code, a piece between added tokens at once
        if compiled is not None:
            limit = len(self._engine.merges)
            for _, piece, added in self._pieces(text, cut=False):
                if added is None:
                    ids += compiled.encode(piece, limit)
                else:
                    ids.append(added)
            return ids
        encode = self._engine.encode
        for _, piece, added in self._pieces(text):
            if added is None:
                ids += encode(piece)
            else:
                ids.append(added)
        return ids

    @functools.cached_property
    def _compiled(self) -> CompiledEncoder | None:
        """The compiled encoder of the text between added tokens (its scanner, the file's merges and its
        ``ignore_merges``), built on the first encode; None where no compiled scanner cuts as the file does."""
        if self._scanner is None:
            return None
        engine = self._engine
        return compiled_encoder(
            self._scanner, engine._bytes_to_id, "pairs", {}, engine.merges, ignore_merges=self._ignore_merges
        )

    def _encode_offsets(self, text: str):
        if self._unsure is not None and not unicodedata.is_normalized("NFC", text):
            return super()._encode_offsets(text)  # spans and chunks in the text as it was, from the library
        ids = self.encode(text)
        return ids, lambda: self._hosted(text)[1], lambda _starts: self._starts(text)

    def _pieces(self, text: str, cut: bool = True) -> Iterator[tuple[int, str, int | None]]:
        """``(start, piece, added id or None)``: the text cut into added tokens (not ``normalized`` ones first)
        and the pieces the Split steps before the engine's own regex make of the rest (``cut``), or the rest whole."""
        start = 0
        for piece, added in self._first.split(text):
            if added:
                yield start, piece, self._added_ids[piece]
                start += len(piece)
                continue
            if self._unsure is not None:
                piece = nfc(piece)  # its characters agree (see encode)
            for part, normalized in self._second.split(piece):
                if normalized:
                    yield start, part, self._added_ids[part]
                elif not cut:
                    yield start, part, None
                else:
                    for at, piece_cut in _isolated(self._splits, part):
                        yield start + at, piece_cut, None
                start += len(part)

    @property
    def chunk_splitter(self) -> TextSplitter | None:
        """The splitter whose pre-tokens (and added tokens) are those of :meth:`encode` and the view's chunks, where
        one cuts the whole text (nothing normalized, no Split before the engine's own regex); else None."""
        return self._engine.pretokenizer if self._one_pass else None

    def _starts(self, text: str) -> list[int]:
        """Where the pre-tokens (and added tokens) of ``text`` begin, as character offsets."""
        if self.chunk_splitter is not None:
            return list(self.chunk_splitter.starts(text))
        starts: list[int] = []
        for at, piece, added in self._pieces(text):
            starts += [at] if added is not None else [at + s for s in self._engine.pretokenizer.starts(piece)]
        return starts


#: The characters of text :func:`nfc` checks at a time (then up to the next line feed).
NFC_CHUNK = 1 << 16


def nfc(text: str) -> str:
    """``unicodedata.normalize("NFC", text)``, normalizing only the stretches that are not NFC already (checked in C
    by ``unicodedata.is_normalized``): a text is cut after a line feed every :data:`NFC_CHUNK` characters or so,
    which changes nothing (a line feed is a starter that composes with nothing, and no mark moves past a starter).
    Normalizing 10 MB with a few non-NFC lines took 0.27 s, checking it takes milliseconds.

    >>> nfc("cafe\\u0301\\n" + "x" * 10), nfc("\\u0301\\n")
    ('café\\nxxxxxxxxxx', '\\u0301\\n')
    """
    if unicodedata.is_normalized("NFC", text):
        return text
    parts, start = [], 0
    while start < len(text):
        end = text.find("\n", start + NFC_CHUNK) + 1 or len(text)
        part = text[start:end]
        parts.append(part if unicodedata.is_normalized("NFC", part) else unicodedata.normalize("NFC", part))
        start = end
    return "".join(parts)


def compiled_scanner(plan: Any) -> str | None:
    """The compiled scanner (:data:`bpe_core.pretokenize.scanner.PATTERNS`) that cuts the text as the plan's
    pre-tokenizer does, all its Split steps included, or None: a named pattern alone (GPT-2's ByteLevel regex, the
    shipped ones, Llama 3's, Qwen 2's), or DeepSeek V3's three Splits, recognized by their exact regexes.

    >>> from bpe_core.formats.hf_pipeline import EnginePlan
    >>> plan = EnginePlan({}, [], False, scanner.DEEPSEEK_V3_SPLITS[:2], scanner.DEEPSEEK_V3_SPLITS[2], True, ())
    >>> compiled_scanner(plan), compiled_scanner(EnginePlan({}, [], False, (), r"\\w+", True, ()))
    ('deepseek_v3', None)
    """
    if (*plan.splits, plan.pattern) == scanner.DEEPSEEK_V3_SPLITS and plan.gaps:
        return "deepseek_v3"
    if not plan.splits and not plan.gaps and plan.pattern in scanner.PATTERNS and plan.pattern != "deepseek_v3":
        return plan.pattern
    return None


def _unsure_nfc(normalize: Callable[[str], str]) -> frozenset[str]:
    """The characters whose NFC ``normalize`` (the library's) does otherwise than Python's ``unicodedata``: its
    tables decompose, compose or reorder them otherwise (each probed once: the library's tables are older, Unicode 9
    or so in tokenizers 0.2x, and Python's 14 composes U+11935 U+11930 and reorders marks such as U+0898 that it
    does not). Characters unassigned in Python's Unicode are unsure too (:func:`_has_unsure`)."""
    probes = _nfc_probes()
    said = normalize("\n".join(probe for _, probe in probes)).split("\n")
    differ = {char for (char, probe), theirs in zip(probes, said) if theirs != unicodedata.normalize("NFC", probe)}
    return frozenset(differ | {part for char in differ for part in unicodedata.normalize("NFD", char)})


def _has_unsure(text: str, unsure: frozenset[str]) -> bool:
    """Whether ``text`` holds a character of ``unsure`` or one unassigned in Python's Unicode (the distinct
    characters are looked at: a regex class of them took 14 s on 10 MB, this 0.2 s).

    >>> _has_unsure("abc é 中", frozenset("\u0898")), _has_unsure("a\u0378", frozenset())
    (False, True)
    """
    if text.isascii():
        return False
    category = unicodedata.category
    return any(char in unsure or category(char) == "Cn" for char in set(text) if char > "\x7f")


@functools.cache
def _nfc_probes() -> list[tuple[str, str]]:
    """A probe for each character NFC may change or reorder: a composite, itself and decomposed; a mark, after a
    mark of another class."""
    probes: list[tuple[str, str]] = []
    for code in range(0x110000):
        char = chr(code)
        mark = unicodedata.combining(char)
        if mark:
            probes.append((char, f"#{char}\u0334" if mark > 1 else f"#\u0301{char}"))
        elif unicodedata.decomposition(char)[:1] not in ("", "<"):
            probes += [(char, char), (char, unicodedata.normalize("NFD", char))]
    return probes


def _isolated(splits: list[regex.Pattern], text: str, at: int = 0) -> Iterator[tuple[int, str]]:
    """``text`` cut by each of ``splits`` in turn, matches and the text between them alike (the ``Isolated``
    behaviour), as ``(offset, piece)``: each regex sees one piece of the previous cut at a time.

    >>> list(_isolated([regex.compile(r"\\d+")], "ab12c"))
    [(0, 'ab'), (2, '12'), (4, 'c')]
    """
    if not splits:
        if text:
            yield at, text
        return
    first, rest = splits[0], splits[1:]
    end, budget = 0, time_budget(len(text))
    try:
        matches = list(first.finditer(text, concurrent=True, timeout=budget))
    except TimeoutError:
        raise PatternTimeoutError(first.pattern, budget, at, "the text") from None
    for match in matches:
        yield from _isolated(rest, text[end : match.start()], at + end)
        yield from _isolated(rest, match.group(), at + match.start())
        end = match.end()
    yield from _isolated(rest, text[end:], at + end)


def _engine_pattern(pattern: str, gaps: bool) -> str:
    """The engine's pattern: the plan's ``pattern`` (a name, ``none`` or a regex), made to keep the text between
    matches as pre-tokens of their own when the Split keeps it (``gaps``, ``Isolated``): each run of characters
    where the regex finds no match is one more alternative.

    >>> _engine_pattern(r"\\d+", True)
    '(?:\\\\d+)|(?:(?!(?:\\\\d+))(?s:.))+'
    """
    if not gaps:
        return pattern
    return f"(?:{pattern})|(?:(?!(?:{pattern}))(?s:.))+"
