"""An X-ray of a vocabulary on a text: which tokens are only scaffolding, which frequent words it shatters, and how
many tokens a word costs.

- **Residues** (Scaffold-BPE; LiteToken, 2026; PickyBPE's intersection-over-self): encoding each pre-token merge by
  merge, a token is *formed* each time a merge makes it and is *final* when it is still there at the end. A token
  formed often but almost never final is scaffolding: the vocabulary keeps a slot for a step on the way. For a run
  of ours the training record says the same from the corpus it was trained on (:func:`record_residues`): what
  was left of a token's occurrences once later merges had consumed them.
- **Shattered words**: the most frequent words of the text cut into the most tokens, per script.
- **Fertility**: tokens per word and per character, the share of words kept whole.

Words are words as the language writes them (:mod:`bpe_core.words`: a Chinese segmenter for Han text, Unicode word
boundaries elsewhere), not pre-tokens: a pre-token can be a whole Chinese clause. A word's tokens are those of the
text that cover it, as the tokenizer cut it in place (a token may hold the space or punctuation beside the word).

>>> from bpe_core.foreign import TiktokenTokenizer
>>> ray = xray(TiktokenTokenizer.reference("gpt2"), "the lowest newest tokenizers " * 20, min_formed=5)
>>> ray.fertility.words, round(ray.fertility.whole_share, 2), ray.fertility.segmenters
(80, 0.75, ('unicode',))
>>> [(s.word, [t.decode() for t in s.tokens]) for s in ray.shattered["Latin"]]
[('tokenizers', [' token', 'izers'])]
"""

from __future__ import annotations

import bisect
import csv
import heapq
import io
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sized
from dataclasses import asdict, dataclass, field

from bpe_core.cancelled import Cancelled
from bpe_core.corpus import threaded_tally
from bpe_core.corpus.threaded_tally import tally_parts
from bpe_core.encoding.methods import Methods
from bpe_core.encoding.protocol import ShownTokenizer
from bpe_core.encoding.resegment import runs
from bpe_core.pretokenize import scanner
from bpe_core.pretokenize.patterns import shipped_name
from bpe_core.pretokenize.text_splitter import TextSplitter, fix_surrogates
from bpe_core.render.csv_cells import safe_row
from bpe_core.render.token_label import render_token
from bpe_core.vocabulary.table import char_class
from bpe_core.vocabulary.text_pieces import text_pieces
from bpe_core.vocabulary.word_cuts import WordCut, add_word_cuts
from bpe_core.words import segmenters

#: A token is a residue when at most this share of its formations survive to the end.
RESIDUE_SHARE = 0.01


@dataclass(frozen=True)
class Residue:
    """A token ``formed`` times and ``final`` times on the text; ``consumers``: the merges that used it up, with
    how many times each did, most first."""

    token_id: int
    token: bytes
    formed: int
    final: int
    consumers: tuple[tuple[bytes, bytes, int], ...]

    @property
    def final_share(self) -> float:
        return self.final / self.formed if self.formed else 0.0


@dataclass(frozen=True)
class Shattered:
    """A frequent word and the tokens that cover it where it occurs."""

    word: str
    count: int
    tokens: tuple[bytes, ...]
    script: str


@dataclass(frozen=True)
class Fertility:
    """Tokens per word and per character of a text, the share of words within one token, and the methods that
    cut the words (:func:`bpe_core.words.segmenters`)."""

    words: int
    chars: int
    tokens: int
    whole_share: float
    segmenters: tuple[str, ...] = ()

    @property
    def tokens_per_word(self) -> float:
        return self.tokens / self.words if self.words else 0.0

    @property
    def tokens_per_char(self) -> float:
        return self.tokens / self.chars if self.chars else 0.0


@dataclass
class XRay:
    """Everything the X-ray page and ``bpe vocab --xray`` show for one tokenizer and one text."""

    name: str
    vocab_size: int
    residues: list[Residue]
    shattered: dict[str, list[Shattered]] = field(default_factory=dict)
    fertility: Fertility = Fertility(0, 0, 0, 0.0)

    @property
    def residue_share(self) -> float:
        """The share of the vocabulary that is scaffolding on this text (what removing it would free)."""
        return len(self.residues) / self.vocab_size if self.vocab_size else 0.0


def xray(
    tokenizer: ShownTokenizer,
    text: str | Iterable[str],
    *,
    share: float = RESIDUE_SHARE,
    min_formed: int = 10,
    top: int = 15,
    cancelled: Callable[[], bool] | None = None,
    methods: Methods | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> XRay:
    """The X-ray of ``tokenizer`` on ``text``: residues formed at least ``min_formed`` times with at most
    ``share`` of them final, the ``top`` shattered words per script, the fertility. A model without merges has no
    residues (its tokens are not formed by merging). ``text`` is a str or its blocks as a file is read: it is
    split a piece at a time (:func:`bpe_core.vocabulary.text_pieces.text_pieces`). ``progress(words traced,
    words)`` is called as the words are traced (a compiled tally's a batch at a time, others every 4,096 words)."""
    methods = methods or Methods(tokenizer)
    final: Counter[bytes] = Counter()
    merged: Counter[tuple[bytes, bytes]] = Counter()  # each merge made (left, right), how often
    found: Counter[WordCut] = Counter()
    tokens = chars = 0
    traced = _traced(tokenizer, methods, _words(tokenizer, text), final, merged, cancelled, progress)
    for i, (word, count, parts) in enumerate(traced):
        if cancelled is not None and not i % 4096 and cancelled():
            raise Cancelled("the X-ray was cancelled")
        text = word.decode("utf-8", "replace")
        add_word_cuts(found, text, parts, count)
        tokens += len(parts) * count
        chars += len(text) * count
    formed: Counter[bytes] = Counter()
    consumed: dict[bytes, Counter[tuple[bytes, bytes]]] = {}  # token -> the merges that used it up, how often
    for (left, right), n in merged.items():  # (once per distinct merge, not per word: a gigabyte makes millions)
        formed[left + right] += n
        for used in (left, right):
            if used not in consumed:
                consumed[used] = Counter()
            consumed[used][left, right] += n
    residues = []
    for token, n in formed.items():
        if n >= min_formed and final[token] <= share * n:
            residues.append(Residue(methods.ids[token], token, n, final[token], _most_used(consumed.get(token))))
    residues.sort(key=lambda r: (r.final_share, -r.formed, r.token_id))
    return XRay(
        name=tokenizer.name,
        vocab_size=len(tokenizer.token_ids()),
        residues=residues,
        shattered=_shattered(found, top),
        fertility=_fertility(found, tokens, chars),
    )


def _most_used(consumers: Counter[tuple[bytes, bytes]] | None) -> tuple[tuple[bytes, bytes, int], ...]:
    """The three merges that used a token up most, as (left, right, times); ties by the merge's bytes (not by the
    order the words came in: the compiled tally's two threads give no order).

    >>> _most_used(Counter({(b"b", b"a"): 2, (b"a", b"c"): 2, (b"a", b"a"): 1, (b"x", b"y"): 5}))
    ((b'x', b'y', 5), (b'a', b'c', 2), (b'b', b'a', 2))
    """
    top = heapq.nsmallest(3, (consumers or {}).items(), key=lambda item: (-item[1], item[0]))
    return tuple((left, right, n) for (left, right), n in top)


#: Words traced per call of the compiled loop, and the bytes they may hold (Cancel is heard between two calls).
_BATCH_WORDS = 1 << 15
_BATCH_BYTES = 1 << 22


def _traced(
    tokenizer: ShownTokenizer,
    methods: Methods,
    words: Iterable[tuple[bytes, int]],
    final: Counter[bytes],
    merged: Counter[tuple[bytes, bytes]],
    cancelled: Callable[[], bool] | None,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[tuple[bytes, int, list[bytes]]]:
    """Each word, its count and its tokens (BPE's, or the model's own where it has no merges); each final token's
    count added to ``final`` and each merge's to ``merged``, ``count`` times. A compiled tally's words are traced in
    batches by the compiled loop (:meth:`Methods.bpe_trace_words`), others one by one."""
    if tokenizer.merges is not None and isinstance(words, _Tally) and methods.traces_words:
        yield from _traced_in_batches(methods, words, final, merged, cancelled, progress)
        return
    total = len(words) if isinstance(words, Sized) else 0  # (a generator's words are not known ahead)
    same: dict[bytes, bytes] = {}  # one bytes object per token, shared by the cuts of every word (a gigabyte has
    for i, (word, count) in enumerate(words):  # millions of words, its vocabulary tens of thousands)
        if progress is not None and total and not i % 4096:
            progress(i, total)
        if tokenizer.merges is None:
            parts = [same.setdefault(t.token, t.token) for t in tokenizer.view(word.decode("utf-8", "replace")).tokens]
        else:
            traced, made = methods.bpe_trace(word)
            parts = [same.setdefault(part, part) for part in traced]
            for part in parts:
                final[part] += count
            for pair in made:
                merged[pair] += count
        yield word, count, parts
    if progress is not None and total:
        progress(total, total)


def _traced_in_batches(
    methods: Methods,
    words: _Tally,
    final: Counter[bytes],
    merged: Counter[tuple[bytes, bytes]],
    cancelled: Callable[[], bool] | None,
    progress: Callable[[int, int], None] | None,
) -> Iterator[tuple[bytes, int, list[bytes]]]:
    """:func:`_traced` of a compiled tally's words, a batch per call of the compiled loop (no Python object per
    merge: a pre-token of megabytes makes millions)."""
    same: dict[bytes, bytes] = {}
    ends, counts, first = words.ends, words.counts, 0
    while first < len(ends):
        if cancelled is not None and cancelled():
            raise Cancelled("the X-ray was cancelled")
        last = min(first + _BATCH_WORDS, bisect.bisect_right(ends, (ends[first - 1] if first else 0) + _BATCH_BYTES))
        last = max(last, first + 1)
        batch = methods.bpe_trace_words(words.data, ends, counts, first, last)
        assert batch is not None  # (methods.traces_words)
        parts = [same.setdefault(part, part) for part in batch.parts]
        for part, n in zip(parts, batch.finals):
            final[part] += n
        for left, right, n in batch.merges:
            merged[left, right] += n
        at, start = 0, ends[first - 1] if first else 0
        for i, length in zip(range(first, last), batch.lengths):
            yield words.data[start : ends[i]], counts[i], [parts[k] for k in batch.index[at : at + length]]
            at, start = at + length, ends[i]
        first = last
        if progress is not None:
            progress(first, len(ends))


def _words(tokenizer: ShownTokenizer, text: str | Iterable[str]) -> Iterable[tuple[bytes, int]]:
    """Each pre-token of ``text`` (or of its pieces) as bytes, after the model's normalizer where it has one, and
    how often (in the order first seen, but for the compiled tally's two threads: nothing depends on the order)."""
    pieces = text_pieces(text, tokenizer)  # split a piece at a time: a piece's pre-tokens are a list
    splitter = tokenizer.pretokenizer
    shipped = shipped_name(splitter.pattern) if splitter is not None else None
    if splitter is not None and shipped is not None and threaded_tally.available():
        return _tallied(splitter, shipped, pieces)
    if splitter is not None:
        found: Counter[str] = Counter()
        for piece in pieces:
            for _, words in splitter.split(piece):
                if words is not None:
                    found.update(words)
        return ((word.encode("utf-8"), n) for word, n in found.items())
    view = tokenizer.view("".join(pieces))
    return Counter(
        b"".join(t.token for t in run) for run in runs(view, lambda t: t.special) if not run[0].special
    ).items()


class _Tally:
    """The words of a text as the compiled tally exports them: ``data``, every word's bytes joined, ``ends``, where
    each one ends, and ``counts``, how often it was seen (int64 memoryviews). Iterating
    gives ``(bytes, count)`` as :func:`_words` does."""

    def __init__(self, data: bytes, ends: memoryview, counts: memoryview):
        self.data, self.ends, self.counts = data, ends, counts

    def __len__(self) -> int:
        return len(self.ends)

    def __iter__(self) -> Iterator[tuple[bytes, int]]:
        start = 0
        for end, count in zip(self.ends, self.counts):
            yield self.data[start:end], count
            start = end


def _tallied(splitter: TextSplitter, shipped: str, pieces: Iterable[str]) -> _Tally:
    """:func:`_words` where the splitter's pattern is the ``shipped`` one, by the compiled tally on two cores
    (:func:`bpe_core.corpus.threaded_tally.tally_parts`): the same bytes and counts, no str made per pre-token (a
    gigabyte of code has a hundred million of them), and no dict of them all. Their order is not the text's: nothing
    here depends on it.

    >>> sorted(_tallied(TextSplitter("gpt2", ["<s>"]), "gpt2", ["a b<s>a", " b"]))
    [(b' b', 2), (b'a', 2)]
    """
    parts = (
        part
        for piece in pieces
        for part, is_special in splitter.specials.split(fix_surrogates(piece))
        if not is_special and part
    )
    tally = tally_parts(parts, scanner.PATTERNS[shipped])
    data, ends, counts = tally.export()  # (every word's bytes joined; where each ends, its count: int64s)
    tally.clear()
    return _Tally(data, memoryview(ends).cast("q"), memoryview(counts).cast("q"))


def _shattered(words: Counter[WordCut], top: int) -> dict[str, list[Shattered]]:
    """Per script, the ``top`` words cut into 2 tokens or more, the costliest first (occurrences times extra
    tokens; then by word and cut), the scripts in the order of their costliest word. Each script's top is taken
    from its words (``heapq.nsmallest``) rather than sorting them all: a gigabyte has millions, whose sort held the
    interpreter for seconds while the window waited."""
    by_script: dict[str, list[tuple[WordCut, int]]] = {}
    for item in words.items():
        if len(item[0][1]) >= 2:
            by_script.setdefault(_script(item[0][0]), []).append(item)
    tops = {script: heapq.nsmallest(max(top, 1), found, key=_cost) for script, found in by_script.items()}
    return {
        script: [Shattered(text, count, tuple(pieces), script) for (text, pieces), count in tops[script][:top]]
        for script in sorted(tops, key=lambda script: _cost(tops[script][0]))
    }


def _cost(item: tuple[WordCut, int]) -> tuple:
    """The order of shattered words: the most extra tokens in all first, then by word and cut."""
    (text, pieces), count = item
    return -(len(pieces) - 1) * count, (text, pieces)


#: Classes that say what a character is, not which writing system: a word is in the script of its letters.
_NOT_SCRIPTS = ("whitespace", "neutral", "punctuation", "symbol/emoji", "control", "digits")


def _script(word: str) -> str:
    """The script of a word's first letter (a pre-token often starts with the punctuation before it), else the
    class of its first character that is not a space or a mark.

    >>> _script("，只能看见"), _script(" (x"), _script("..."), _script("  ")
    ('Han', 'Latin', 'punctuation', 'whitespace')
    """
    for char in word:  # (a word's first letter is mostly its first or second character; a loop, not a generator:
        found = char_class(char)  # this is asked of each cut word, half a million in a gigabyte of C)
        if found not in _NOT_SCRIPTS:
            return found
    for char in word:
        found = char_class(char)
        if found not in ("whitespace", "neutral"):
            return found
    return "whitespace"


def _fertility(words: Counter[WordCut], tokens: int, chars: int) -> Fertility:
    """The ``tokens`` and ``chars`` of the text against its words; a word is whole when one token covers it."""
    total = sum(words.values())
    whole = sum(n for (_, parts), n in words.items() if len(parts) == 1)
    methods = segmenters(" ".join({word for word, _ in words}))
    return Fertility(total, chars, tokens, whole / total if total else 0.0, methods)


def record_residues(record, vocab, *, share: float = 0.05, min_count: int = 10) -> list[Residue]:
    """Residues from a run's training record: a token created with ``count`` occurrences, of which later merges
    consumed all but at most ``share`` (what is left of it in the corpus once training ended)."""
    created = {step.new_id: step.count for step in record.steps}
    used: Counter[int] = Counter()
    consumers: dict[int, Counter[tuple[bytes, bytes]]] = {}
    for step in record.steps:
        for token_id in (step.left, step.right):
            if token_id in created:
                used[token_id] += step.count
                consumers.setdefault(token_id, Counter())[vocab[step.left], vocab[step.right]] += step.count
    residues = []
    for token_id, count in created.items():
        left = max(count - used[token_id], 0)
        if count >= min_count and left <= share * count:
            uses = tuple((a, b, c) for (a, b), c in consumers[token_id].most_common(3))
            residues.append(Residue(token_id, vocab[token_id], count, left, uses))
    residues.sort(key=lambda r: (r.final_share, -r.formed, r.token_id))
    return residues


# ----- reports -----


def xray_report(ray: XRay, *, rows: int = 15) -> list[str]:
    """The X-ray as lines of text (``bpe vocab --xray``)."""
    f = ray.fertility
    lines = [
        f"X-ray of {ray.name} on the text: {f.words:,} words, {f.tokens:,} tokens",
        f"  fertility: {f.tokens_per_word:.2f} tokens per word, {f.tokens_per_char:.3f} per character, "
        f"{f.whole_share:.0%} of words kept whole (words cut by {segmenter_text(f.segmenters)})"
        if f.words
        else f"  fertility: no word in the text (spaces, punctuation, symbols), {f.tokens_per_char:.3f} tokens per "
        "character",
        f"  residues: {len(ray.residues):,} tokens ({ray.residue_share:.2%} of the vocabulary) formed while encoding "
        "but almost never left at the end",
    ]
    for r in ray.residues[:rows]:
        uses = ", ".join(f"{render_token(a)} + {render_token(b)} ×{c:,}" for a, b, c in r.consumers)
        counts = f"formed {r.formed:>7,} final {r.final:>5,}"
        lines.append(f"    {r.token_id:>7} {render_token(r.token):<16} {counts}  {uses}")
    for script, words in sorted(ray.shattered.items()):
        lines.append(f"  shattered {script} words:")
        for s in words[: min(rows, 8)]:
            cut = " ".join(render_token(t) for t in s.tokens)
            lines.append(f"    {s.count:>7,} × {render_token(s.word.encode())} → {len(s.tokens)} tokens: {cut}")
    return lines


def segmenter_text(methods: tuple[str, ...]) -> str:
    """The methods that cut the words, in words.

    >>> segmenter_text(("unicode", "rjieba"))
    'Unicode word boundaries and rjieba (Chinese)'
    """
    names = [m if m == "unicode" else f"{m} (Chinese)" for m in methods]
    return " and ".join(n.replace("unicode", "Unicode word boundaries") for n in names)


def xray_csv(ray: XRay) -> str:
    """The residues and the shattered words as CSV rows (kind, id or count, token or word, numbers...); formula-like
    text begins with ``'`` (:mod:`bpe_core.render.csv_cells`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["kind", "id", "token", "formed", "final", "final_share", "count", "tokens", "script"])
    for r in ray.residues:
        writer.writerow(
            safe_row(["residue", r.token_id, render_token(r.token), r.formed, r.final, f"{r.final_share:.4f}"])
        )
    for words in ray.shattered.values():
        for s in words:
            cut = " ".join(render_token(t) for t in s.tokens)
            writer.writerow(safe_row(["shattered", "", s.word, "", "", "", s.count, cut, s.script]))
    return out.getvalue()


def xray_json(ray: XRay) -> str:
    """The whole X-ray as JSON (bytes as hex)."""
    residues = [
        {**asdict(r), "token": r.token.hex(), "consumers": [[a.hex(), b.hex(), c] for a, b, c in r.consumers]}
        for r in ray.residues
    ]
    shattered = {
        script: [{**asdict(s), "tokens": [t.hex() for t in s.tokens]} for s in words]
        for script, words in ray.shattered.items()
    }
    fertility = {
        **asdict(ray.fertility),
        "tokens_per_word": ray.fertility.tokens_per_word,
        "tokens_per_char": ray.fertility.tokens_per_char,
    }
    data = {"tokenizer": ray.name, "vocab_size": ray.vocab_size, "residue_share": ray.residue_share}
    return json.dumps(
        {**data, "residues": residues, "shattered": shattered, "fertility": fertility}, ensure_ascii=False, indent=1
    )
