"""Rate and remaining time of a running phase, and their wording for the progress line.

>>> p = PhaseProgress("Merging", total=1000, unit="merges", started=0.0)
>>> p.update(250, now=2.0)
>>> p.text()
'Merging: 250 / 1,000 merges · 125 merges/s · about 6 s left'
"""

from __future__ import annotations

from dataclasses import dataclass, field


def format_seconds(seconds: float) -> str:
    """
    >>> format_seconds(4.2), format_seconds(75), format_seconds(4000)
    ('4 s', '1 min 15 s', '1 h 6 min')
    """
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"


def _amount(value: float, unit: str) -> str:
    if unit == "bytes":
        for name, size in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
            if value >= size:
                return f"{value / size:.1f} {name}"
        return f"{int(value)} B"
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
        parts = [f"{self.label}: {_amount(self.done, self.unit)} / {_amount(self.total, self.unit)}"]
        if self.unit != "bytes":
            parts[0] += f" {self.unit}"
        rate = self.rate
        if rate > 0:
            parts.append(f"{_amount(rate, self.unit)}{'' if self.unit == 'bytes' else ' ' + self.unit}/s")
            parts.append(f"about {format_seconds(max(0, self.total - self.done) / rate)} left")
        return " · ".join(parts)
