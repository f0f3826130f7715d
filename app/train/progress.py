"""Rate and remaining time of a running phase, and their wording for the progress line (translated in the
"Progress" context; the phase's label comes translated).

>>> p = PhaseProgress("Merging", total=1000, unit="merges", started=0.0)
>>> p.update(250, now=2.0)
>>> p.text()
'Merging: 250 / 1,000 merges · 125 merges/s · about 6 s left'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QObject

from app.common.wording.sizes import format_bytes


def format_seconds(seconds: float, tenths: bool = False) -> str:
    """A duration in words; ``tenths``: one under 10 s to a tenth (a run on the sample corpus takes under a second,
    which whole seconds would show as "0 s"; a time left stays in whole seconds, as it moves).

    >>> format_seconds(4.2), format_seconds(4.2, tenths=True), format_seconds(75), format_seconds(4000)
    ('4 s', '4.2 s', '1 min 15 s', '1 h 6 min')
    """
    if tenths and 0 <= seconds < 9.95:
        return QCoreApplication.translate("Progress", "{seconds} s").format(seconds=f"{seconds:.1f}")
    s = round(seconds)
    if s < 60:
        return QCoreApplication.translate("Progress", "{seconds} s").format(seconds=s)
    if s < 3600:
        return QCoreApplication.translate("Progress", "{minutes} min {seconds} s").format(
            minutes=s // 60, seconds=s % 60
        )
    return QCoreApplication.translate("Progress", "{hours} h {minutes} min").format(
        hours=s // 3600, minutes=s % 3600 // 60
    )


class ProgressWords(QObject):
    """The progress line's count of merges in Qt's plural forms ("1 / 1 merge", "250 / 1,000 merges"), which
    lupdate finds only in ``self.tr(text, "", n)``."""

    def merges(self, total: int) -> str:
        """The sentence of merges done of ``total``, its ``{phase}``, ``{done}`` and ``{total}`` to fill."""
        return self.tr("{phase}: {done} / {total} merges", "", total)


def _amount(value: float, unit: str) -> str:
    if unit == "bytes":
        return format_bytes(value)  # the corpus's size written the same way as everywhere else
    return f"{int(value):,}"


@dataclass
class PhaseProgress:
    """One phase (counting bytes, or making merges): ``done`` of ``total`` since ``started`` (seconds)."""

    label: str
    total: int
    unit: str
    started: float
    done: int = 0
    now: float = field(default=0.0)

    def update(self, done: int, now: float) -> None:
        self.done, self.now = done, now

    @property
    def rate(self) -> float:
        elapsed = self.now - self.started
        return self.done / elapsed if elapsed > 0 else 0.0

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0

    def text(self) -> str:
        done, total, rate = _amount(self.done, self.unit), _amount(self.total, self.unit), self.rate
        if self.unit == "bytes":
            parts = [QCoreApplication.translate("Progress", "{phase}: {done} / {total}")]
            speed = QCoreApplication.translate("Progress", "{rate}/s")
        else:
            parts = [ProgressWords().merges(self.total)]
            speed = QCoreApplication.translate("Progress", "{rate} merges/s")
        parts[0] = parts[0].format(phase=self.label, done=done, total=total)
        if rate > 0:
            parts.append(speed.format(rate=_amount(rate, self.unit)))
            left = format_seconds(max(0, self.total - self.done) / rate)
            parts.append(QCoreApplication.translate("Progress", "about {time} left").format(time=left))
        return " · ".join(parts)
