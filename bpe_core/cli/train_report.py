"""What ``bpe train`` says while and after it trains: progress, warnings, what its variants did, the tokens
added; and Ctrl-C (SIGINT, SIGTERM) cancelling the run."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from bpe_core.cli.progress import ProgressBar
from bpe_core.training.run import Counted, Counting

if TYPE_CHECKING:
    from bpe_core.training.trainer import BpeTrainer

_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name))


class TrainProgress:
    """``bpe train``'s progress bars (counting, then merging towards ``target``), fed a run's events."""

    def __init__(self, trainer, target: int):
        self.trainer, self.target = trainer, target
        self.counting = ProgressBar("counting", " MB", scale=1e6)
        self.merging = ProgressBar("merging ", " merges")

    def __call__(self, event) -> None:
        if isinstance(event, Counting):
            self.counting(event.done, event.total)
        elif isinstance(event, Counted):
            self.counting.finish()
            report_warning(self.trainer)
            self.merging = ProgressBar("merging ", " merges")  # its rate from now
        else:
            self.merging(event.rank + 1, self.target)


def report_variants(trainer) -> None:
    """What a PickyBPE or parity-aware run did, beyond the merges."""
    if trainer.picky is not None:
        print(f"PickyBPE (tau {trainer.picky.tau:g}): {trainer.removed_count} tokens removed")
    parity = trainer.record.parity
    if parity is not None:
        from bpe_core.variants.parity_languages import compression_curves

        ratios = {name: curve[-1] for name, curve in compression_curves(parity).items()}
        shown = ", ".join(f"{name} {ratio:.3f}" for name, ratio in ratios.items())
        served = ", ".join(f"{name} {parity['chosen'].count(i)}" for i, name in enumerate(parity["languages"]))
        worst_best = max(ratios.values()) / min(ratios.values())
        print(f"held-out tokens per character: {shown} (worst/best {worst_best:.3f}); merges served: {served}")


#: ``--add-tokens`` names this many tokens it skipped, then counts the others.
_SKIPS_SHOWN = 20


def add_listed_tokens(tokenizer, texts: list[str]):
    """``tokenizer`` with ``texts`` added as merges; says what was added and what was skipped, and why."""
    from bpe_core.variants.added_tokens import add_tokens, shown

    result = add_tokens(tokenizer, texts)
    merges = sum(added.merges for added in result.added)
    print(f"added {len(result.added)} tokens ({merges} merges)", file=sys.stderr)
    for text, reason in result.skipped[:_SKIPS_SHOWN]:
        print(f"bpe: --add-tokens: skipped {shown(text)}: {reason}", file=sys.stderr)
    if len(result.skipped) > _SKIPS_SHOWN:
        print(f"bpe: --add-tokens: skipped {len(result.skipped) - _SKIPS_SHOWN:,} more", file=sys.stderr)
    return result.tokenizer


@contextlib.contextmanager
def signals_cancel(trainer: BpeTrainer):
    """While inside, SIGINT and SIGTERM cancel ``trainer`` (once; a second signal acts as usual).

    Yields the list the caught signal's number is put in.
    """
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():  # only the main thread may set handlers
        yield caught
        return
    previous: dict[int, Callable | int | None] = {}  # signal handlers

    def restore() -> None:
        for number, handler in previous.items():
            signal.signal(number, handler)

    def cancel(number, _frame) -> None:
        caught.append(number)
        trainer.cancel()
        restore()

    for number in _SIGNALS:
        previous[number] = signal.signal(number, cancel)
    try:
        yield caught
    finally:
        restore()


def report_warning(trainer: BpeTrainer) -> None:
    """Pass on what the trainer warns about (such as characters the pattern left unmatched, which are dropped)."""
    if trainer.warning:
        print(f"bpe: warning: {trainer.warning}", file=sys.stderr)
