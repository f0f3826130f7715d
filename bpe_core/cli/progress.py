"""Progress on stderr: the bars of ``bpe train`` and ``bpe count``."""

from __future__ import annotations

import sys
import time


class ProgressBar:
    """Progress on stderr with the rate and the time left: redrawn in place on a terminal, a line every 10%
    otherwise."""

    def __init__(self, label: str, unit: str = "", scale: float = 1.0, stream=None):
        self.label, self.unit, self.scale = label, unit, scale
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.started = time.monotonic()
        self.last_draw = 0.0
        self.last_decile = -1

    def __call__(self, done: int, total: int) -> None:
        fraction = done / total if total else 1.0
        if self.tty:
            now = time.monotonic()
            if now - self.last_draw < 0.1 and done < total:
                return
            self.last_draw = now
            bar = "#" * int(fraction * 30)
            self.stream.write(f"\r{self.label} [{bar:<30}] {self._amount(done, total)}")
        else:
            decile = int(fraction * 10)
            if decile == self.last_decile:
                return
            self.last_decile = decile
            self.stream.write(f"{self.label} {decile * 10:3d}% {self._amount(done, total)}\n")
        self.stream.flush()

    def finish(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()

    def _amount(self, done: int, total: int) -> str:
        """``done/total`` in the bar's unit, then the rate and the time left once they mean something.

        >>> import io
        >>> bar = ProgressBar("counting", " MB", 1e6, stream=io.StringIO())
        >>> bar.started -= 2.0  # two seconds in
        >>> bar._amount(50_000_000, 200_000_000)
        '50.0/200.0 MB, 25.0 MB/s, about 6 s left'
        """
        if self.scale == 1:
            amount = f"{done}/{total}{self.unit}"
        else:
            amount = f"{done / self.scale:.1f}/{total / self.scale:.1f}{self.unit}"
        seconds = time.monotonic() - self.started
        if seconds < 1 or not done or done >= total:
            return amount
        rate = done / seconds
        return f"{amount}, {rate / self.scale:.1f}{self.unit}/s, about {(total - done) / rate:.0f} s left"
