"""Parity-aware BPE's training (``--parity``; the rule and the paper: :mod:`bpe_core.variants.parity_languages`): each
language counted apart, its last tenth held out, and each merge chosen for the worst-compressed language.

:class:`Languages` is the engine the trainer merges on: every language's engines behind the interface of one
:class:`~bpe_core.training.merge_engine.MergeEngine`, whose best pairs are those of the worst-compressed language.

>>> from bpe_core.training.trainer import BpeTrainer
>>> trainer = BpeTrainer(262, parity=True)
>>> trainer.count_language_texts({"en": "the cat\\n" * 10, "zh": "中文\\n" * 10})
>>> trainer.run()
>>> trainer.record.parity["chosen"]  # Chinese (3 tokens a character at first) is served until it compresses better
[1, 1, 1, 1, 0, 1]
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bpe_core.corpus.reader import CorpusError
from bpe_core.messages import Message
from bpe_core.variants.base import Pair, Run, Top, Variant
from bpe_core.variants.parity_languages import held_out
from bpe_core.variants.setting_error import VariantSettingError

if TYPE_CHECKING:
    from bpe_core.corpus.counting import WordCounts
    from bpe_core.training.merging import Merging


class ParityAware(Variant):
    """The variant: :meth:`count_languages` sets the languages up (the run's ``languages``); merging on them
    serves the worst-compressed language each time."""

    name = "parity"
    setting = "parity"
    counts_languages = True

    def start(self, run: Run) -> None:
        run.record.settings["parity"] = True

    # Languages is not a MergeEngine but is merged on as one: it has what the trainer's loop calls (top_pairs, ban,
    # banned, merge, token_bytes, total_tokens), and the variants parity combines with (min-count, forbid) read no
    # more of the engine than token_bytes.
    def count_languages(self, run: Run, texts: dict[str, str]) -> Languages:  # type: ignore[override]
        """Count each language's training part and held-out part; fill the run's record."""
        if not texts:
            raise VariantSettingError(Message.of("train.parity_languages", count=0))
        engines, held, chars, sizes, digest, total = [], [], [], [], hashlib.sha256(), 0
        for name, text in texts.items():
            train, test = held_out(text, name)
            data = train.encode("utf-8", "surrogatepass")
            digest.update(data)
            total += len(data)
            counts = _counts(run, train, name)
            if not counts.words:
                raise CorpusError(Message.of("corpus.only_special_tokens", names=name))
            engines.append(run._engine_of(counts))
            held.append(run._engine_of(_counts(run, test, name)))
            chars.append(len(test))
            sizes.append(len(test.encode("utf-8", "surrogatepass")))
        languages = Languages(list(texts), engines, held, chars, sizes)
        run.languages = languages
        record = run.record
        record.corpus_names, record.corpus_bytes, record.corpus_sha256 = list(texts), total, digest.hexdigest()
        record.initial_tokens = languages.total_tokens
        record.unique_words = sum(engine.sequence_count for engine in engines)
        record.parity = languages.record()
        return languages


def _counts(run: Run, text: str, name: str) -> WordCounts:
    """The pre-tokens of one language's text (in worker processes if it is more than two pieces long)."""
    workers = run.processes if len(text) > 2 * run.reader.piece_chars else 1
    return run._count_pieces(run.reader.pieces_of_text(text, name=name), run.pattern, workers)


@dataclass
class Languages:
    """Each language's training engine and held-out engine (same ids, same merges) and its held-out characters."""

    names: list[str]
    engines: list[Merging]
    held_out: list[Merging]
    held_out_chars: list[int]
    held_out_bytes: list[int]
    chosen: list[int] = field(default_factory=list)  # the language each merge was chosen for
    held_out_tokens: list[list[int]] = field(default_factory=list)  # per merge, each held-out text's tokens after
    initial_held_out_tokens: list[int] = field(init=False)
    serving: int = field(default=0, init=False)  # the language whose pairs top_pairs gave last

    def __post_init__(self):
        self.initial_held_out_tokens = [engine.total_tokens for engine in self.held_out]

    def ratios(self) -> list[float]:
        """Each language's held-out tokens per character now.

        >>> from bpe_core.training.merge_engine import MergeEngine
        >>> langs = Languages(["a"], [], [MergeEngine({b"abab": 1}, id_limit=300)], [4], [4])
        >>> langs.ratios()
        [1.0]
        """
        return [engine.total_tokens / chars for engine, chars in zip(self.held_out, self.held_out_chars)]

    def worst_first(self) -> list[int]:
        """Language indices, the most tokens per character first (ties: in the order given).

        >>> from bpe_core.training.merge_engine import MergeEngine
        >>> langs = Languages(["en", "zh"], [], [MergeEngine({b"ab": 1}, id_limit=300)] * 2, [2, 1], [2, 1])
        >>> langs.worst_first()
        [1, 0]
        """
        ratios = self.ratios()
        return sorted(range(len(ratios)), key=lambda i: -ratios[i])

    def top_pairs(self, k: int) -> Top:
        """The best pairs of the worst-compressed language that has a pair left (none if no language has)."""
        for language in self.worst_first():
            top = self.engines[language].top_pairs(k)
            if top:
                self.serving = language
                return top
        return []

    def ban(self, pair: Pair) -> None:
        """Ban ``pair`` in the language :meth:`top_pairs` served last (another bans it when it meets it)."""
        self.engines[self.serving].ban(pair)

    @property
    def banned(self) -> bool:
        """Whether any language has a banned pair."""
        return any(engine.banned for engine in self.engines)

    @property
    def token_bytes(self) -> list[bytes]:
        return self.engines[0].token_bytes

    def merge(self, pair: Pair, new_id: int) -> int:
        """Merge ``pair`` everywhere, for the language :meth:`top_pairs` served last, and note the held-out token
        counts it leaves; return how many tokens it removed from the training parts."""
        merged = sum(engine.merge(pair, new_id) for engine in self.engines)
        for engine in self.held_out:
            engine.merge(pair, new_id)
        self.chosen.append(self.serving)
        self.held_out_tokens.append([engine.total_tokens for engine in self.held_out])
        return merged

    @property
    def total_tokens(self) -> int:
        return sum(engine.total_tokens for engine in self.engines)

    def record(self) -> dict:
        """What the run record keeps (:class:`~bpe_core.training.steps.TrainingRecord` ``parity``): the lists
        themselves, so that the record follows the run."""
        return {
            "languages": self.names,
            "held_out_chars": self.held_out_chars,
            "held_out_bytes": self.held_out_bytes,
            "initial_held_out_tokens": self.initial_held_out_tokens,
            "held_out_tokens": self.held_out_tokens,
            "chosen": self.chosen,
        }
