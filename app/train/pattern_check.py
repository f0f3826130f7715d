"""The live check of a custom pre-tokenization regex: try it on the first 64 KB of the chosen corpus, off the GUI
thread and with a time budget, and say in one sentence what it does there.

The engine runs the pattern (:func:`bpe_core.pretokenize.pretokens.check_pattern_on_sample`, which gives up after the
budget); this module only words the outcome (translated in the "PatternCheck" context) and delivers it to the GUI
thread.

>>> verdict_of(PatternReport(1200, 0, ()), "corpus.txt").message
'OK: 1,200 pre-tokens in the first 64 KB of corpus.txt.'
>>> verdict_of(PatternReport(10, 3, ((12, ","), (20, "  "))), "corpus.txt").message
"Leaves 3 characters unmatched in the first 64 KB of corpus.txt (e.g. ',' at 12, '  ' at 20): they are dropped."
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from app.common.background.jobs import Jobs
from app.common.wording.engine_messages import engine_message
from app.train.corpus_sources import CorpusSource
from bpe_core.pretokenize.patterns import PatternError, PatternTimeoutError
from bpe_core.pretokenize.pretokens import PatternReport, check_pattern_on_sample

SAMPLE_BYTES = 64 * 1024
BUDGET_SECONDS = 0.5


@dataclass(frozen=True)
class Verdict:
    """The check of ``pattern``: ``usable`` is False when training must wait (too slow); ``message`` says why."""

    pattern: str
    usable: bool
    message: str
    warning: bool = False


def verdict_of(report: PatternReport, sample_name: str, pattern: str = "") -> Verdict:
    """Word what the pattern did on the sample (unmatched examples: the first few stretches, 12 characters at
    most each)."""
    if report.pretokens == 0:
        text = QCoreApplication.translate(
            "PatternCheck", "Matches nothing in the first 64 KB of {name}: training would see no text there."
        )
        return Verdict(pattern, True, text.format(name=sample_name), True)
    if report.unmatched_chars:
        at = QCoreApplication.translate("PatternCheck", "{text} at {offset}")
        examples = ", ".join(
            at.format(text=repr(text[:12]), offset=f"{offset:,}") for offset, text in report.unmatched[:3]
        )
        said = PatternCheck().unmatched(report.unmatched_chars, sample_name, examples)
        return Verdict(pattern, True, said, True)
    text = QCoreApplication.translate("PatternCheck", "OK: {count} pre-tokens in the first 64 KB of {name}.")
    return Verdict(pattern, True, text.format(count=f"{report.pretokens:,}", name=sample_name))


def check_on_sample(pattern: str, sample: str, sample_name: str) -> Verdict:
    """Run the engine's check of ``pattern`` on ``sample`` (call off the GUI thread: it may take the budget)."""
    try:
        report = check_pattern_on_sample(pattern, sample, budget_s=BUDGET_SECONDS)
    except PatternTimeoutError as exc:
        return Verdict(
            pattern,
            False,
            QCoreApplication.translate(
                "PatternCheck",
                "Too slow (it backtracks): took > {budget} s on the first 64 KB of {name} at character {offset}. "
                "Simplify the regex.",
            ).format(budget=BUDGET_SECONDS, name=sample_name, offset=f"{exc.offset:,}"),
        )
    except PatternError as exc:
        return Verdict(pattern, False, engine_message(exc))
    return verdict_of(report, sample_name, pattern)


class PatternCheck(QObject):
    """The check's sentences with a count, in Qt's plural forms ("1 character", "2 characters"), which
    lupdate finds only in ``self.tr(text, "", n)``."""

    def unmatched(self, count: int, name: str, examples: str) -> str:
        """``count`` characters of the sample ``name`` left unmatched (``examples`` of them, or none)."""
        if examples:
            text = self.tr(
                "Leaves {count} characters unmatched in the first 64 KB of {name} (e.g. {examples}): they are dropped.",
                "",
                count,
            )
        else:
            text = self.tr(
                "Leaves {count} characters unmatched in the first 64 KB of {name}: they are dropped.", "", count
            )
        return text.format(count=f"{count:,}", name=name, examples=examples)


class PatternChecker(QObject):
    """``check(pattern, source)`` tries the pattern in a background thread; ``checked(Verdict)`` reports the
    newest check only. Call :meth:`shutdown` before the window goes away."""

    checked = Signal(object)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._runner = Jobs("pattern-check", self)
        self._runner.result.connect(self._on_result)
        self._runner.failed.connect(self._on_failed)
        self._pattern = ""

    def check(self, pattern: str, source: CorpusSource) -> None:
        self._pattern = pattern

        def run() -> Verdict:
            return check_on_sample(pattern, source.preview(SAMPLE_BYTES), source.name)

        self._runner.call(run)

    def busy(self) -> bool:
        return self._runner.busy()

    def shutdown(self) -> None:
        self._runner.wait_all()

    @Slot(object)
    def _on_result(self, verdict: Verdict) -> None:
        self.checked.emit(verdict)

    @Slot(str, str)
    def _on_failed(self, message: str, _details: str) -> None:
        text = self.tr("Not checked on the corpus: {error}").format(error=message)
        self.checked.emit(Verdict(self._pattern, True, text, True))
