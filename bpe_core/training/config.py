"""A training run's settings, each declared once -- its type, its default and its bounds -- and why they cannot
train (:meth:`TrainConfig.problems`).

A problem names the *field* it is about and says it as a :class:`~bpe_core.messages.Message` (a code and its
fields), never as a command-line flag or a sentence: ``bpe train`` maps fields to its flags, the window to its
widgets, and each words the codes in its own language.

>>> TrainConfig(vocab_size=1000).problems()
[]
>>> [(p.field, str(p.message)) for p in TrainConfig(vocab_size=300, superword_after=301).problems()]
[('superword_after', 'the superword transition 301 must be a vocabulary size between 256 and the vocabulary size 300')]
>>> [(p.field, p.message.code) for p in TrainConfig(picky=0.9, parity=True).problems()]
[('parity', 'config.cannot_combine')]

Adding an option: declare it here (with its bounds, or a rule in :meth:`TrainConfig.problems`; the trainer gets it
as the keyword argument of the same name), then give it a flag in ``bpe_core/cli/train.py`` (``add_argument``)
and ``bpe_core/cli/train_settings.py`` (``TRAIN_FLAGS``), and a widget in ``app/train/settings_panel.py``
(``settings()``, which makes the window's :class:`TrainConfig`, and ``_field_widgets``).
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields

from bpe_core.messages import EngineError, Message, message_of
from bpe_core.pretokenize.patterns import get_pattern
from bpe_core.pretokenize.specials import check_special_tokens
from bpe_core.variants.forbid import ForbidRule
from bpe_core.variants.picky import check_tau
from bpe_core.variants.registry import CANNOT_COMBINE
from bpe_core.variants.setting_error import VariantSettingError
from bpe_core.variants.superword import SUPERBPE_STAGE2, isolated


@dataclass(frozen=True)
class Problem:
    """Why a setting cannot train: the :class:`TrainConfig` ``field`` it is about, and what to say about it."""

    field: str
    message: Message


class ConfigError(EngineError, ValueError):
    """Settings that cannot train: the first :class:`Problem` (``problem``; its message is the error's)."""

    def __init__(self, problem: Problem):
        super().__init__(problem.message)
        self.problem = problem


#: The field of each variant whose field is not named as the variant (:class:`~bpe_core.variants.base.Variant`).
_VARIANT_FIELDS = {"superword": "superword_after"}

#: The fields the run uses itself rather than passing to the trainer.
_RUN_OWN = ("special_tokens", "resume", "ray_address", "checkpoint")


def _minimum(config: TrainConfig) -> int:
    """The smallest vocabulary: the 256 bytes and the special tokens."""
    return 256 + len(config.special_tokens)


@dataclass(frozen=True)
class TrainConfig:
    """Every option of a training run (see :class:`~bpe_core.training.trainer.BpeTrainer` for what each does). ``None``
    turns a variant off; ``resume`` and ``checkpoint`` are paths (a saved tokenizer, a checkpoint folder);
    ``ray_address`` counts on Ray (``"local"``: start Ray on this machine)."""

    vocab_size: int = field(default=1256, metadata={"low": _minimum, "code": "config.vocab_size_too_small"})
    special_tokens: tuple[str, ...] = ()
    pattern: str = "gpt2"
    processes: int | None = field(default=None, metadata={"low": lambda _: 1, "code": "config.at_least"})
    errors: str = "strict"
    encoding: str = "utf-8"
    min_count: int = field(default=1, metadata={"low": lambda _: 1, "code": "train.min_count_invalid"})
    forbid: tuple[str, ...] = ()
    resume: str | None = None
    superword_after: int | None = field(
        default=None,
        metadata={"low": _minimum, "high": lambda c: c.vocab_size, "code": "train.superword_after_invalid"},
    )
    superword_pattern: str = SUPERBPE_STAGE2
    ray_address: str | None = None
    checkpoint: str | None = None
    picky: float | None = None
    parity: bool = False

    @property
    def target_merges(self) -> int:
        """The merges the vocabulary asks for (beyond its bytes and special tokens)."""
        return self.vocab_size - _minimum(self)

    def problems(self) -> list[Problem]:
        """Why these settings cannot train (empty when they can), each naming its field."""
        return list(self._problems())

    def check(self) -> None:
        """Raise :class:`ConfigError` for the first problem, if any."""
        found = self.problems()
        if found:
            raise ConfigError(found[0])

    def trainer_arguments(self) -> dict:
        """The keyword arguments of :class:`~bpe_core.training.trainer.BpeTrainer` these settings give: every field but
        those the run uses itself (the special tokens and the tokenizer resumed, which a resumed run may supply;
        where to count; where to save the checkpoint).

        >>> sorted(TrainConfig().trainer_arguments())[:3]
        ['encoding', 'errors', 'forbid']
        """
        return {option.name: getattr(self, option.name) for option in fields(self) if option.name not in _RUN_OWN}

    def _problems(self) -> Iterator[Problem]:
        yield from _raised("special_tokens", check_special_tokens, self.special_tokens)
        yield from self._out_of_bounds()
        yield from _raised("pattern", get_pattern, self.pattern)
        if self.superword_after is not None:
            yield from _raised("superword_pattern", get_pattern, isolated(self.superword_pattern))
        yield from _raised("forbid", ForbidRule, self.forbid)
        if self.picky is not None:
            yield from _raised("picky", check_tau, self.picky)
        yield from self._combinations()

    def _out_of_bounds(self) -> Iterator[Problem]:
        for option in fields(self):
            value, bounds = getattr(self, option.name), option.metadata
            if "low" not in bounds or value is None:
                continue
            low, high = bounds["low"](self), bounds.get("high", lambda _: math.inf)(self)
            if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
                yield Problem(option.name, _bound_message(bounds["code"], option.name, value, low, self))

    def _combinations(self) -> Iterator[Problem]:
        """The variants that cannot be combined yet (:data:`~bpe_core.variants.registry.CANNOT_COMBINE`, the one
        table the trainer refuses them by), and the Ray address where counting must be local or Ray is missing."""
        for variant, (_, refused) in CANNOT_COMBINE.items():
            other = next((name for name in refused if self._variant_on(name)), None)
            if self._variant_on(variant) and other is not None:
                names = {"variant": _field_of(variant), "other": _field_of(other)}
                yield Problem(_field_of(variant), Message.of("config.cannot_combine", **names))
        if self.ray_address and self.superword_after is not None:
            yield Problem("ray_address", Message.of("config.superword_on_ray"))
        if self.ray_address and self.parity:
            yield Problem("ray_address", Message.of("config.parity_on_ray"))
        if self.ray_address and importlib.util.find_spec("ray") is None:
            yield Problem("ray_address", Message.of("config.ray_missing"))

    def _variant_on(self, variant: str) -> bool:
        """Whether the variant named ``variant`` (its :attr:`~bpe_core.variants.base.Variant.name`) is asked for:
        its field is not at its default."""
        name = _field_of(variant)
        return getattr(self, name) != next(option.default for option in fields(self) if option.name == name)


def _field_of(variant: str) -> str:
    """The field that asks for the variant named ``variant``.

    >>> _field_of("superword"), _field_of("picky")
    ('superword_after', 'picky')
    """
    return _VARIANT_FIELDS.get(variant, variant)


def _bound_message(code: str, name: str, value, low: int, config: TrainConfig) -> Message:
    """What a value out of its bounds is said with: its own code's fields."""
    if code == "config.vocab_size_too_small":
        return Message.of(code, size=value, minimum=low, specials=len(config.special_tokens))
    if code == "train.superword_after_invalid":
        return Message.of(code, after=value, minimum=low, size=config.vocab_size)
    if code == "train.min_count_invalid":
        return Message.of(code, value=value)
    return Message.of(code, field=name, minimum=low, value=value)


def _raised(name: str, check: Callable, value) -> Iterator[Problem]:
    """The problem ``check(value)`` raises (an engine error with a message), as one of field ``name``."""
    try:
        check(value)
    except (VariantSettingError, ValueError) as exc:
        said = message_of(exc)
        if said is None:
            raise
        yield Problem(name, said)
