"""Benchmark: choosing a tokenizer in the Teach window. The slow part (:func:`app.teaching.prepared.prepare`:
loading a reference encoding, deriving its merges from its ranks, building its merge trees; for a published model
its :class:`FirstMerges`) runs in a thread, so the window keeps painting; this measures, per source, the time until
the views show it, beside ``prepare`` alone in this thread (what the window froze for when it ran on the GUI
thread), and the longest event-loop gap meanwhile (a 5 ms timer).

    $ QT_QPA_PLATFORM=offscreen python tests/bench/bench_teach_switch.py

Sources: gpt2, cl100k_base, o200k_base, and o200k_base's ranks as a 200k-token ``tokenizer.json`` (bigger than
Qwen's 150k), each chosen first (made ready) and then again (cached). Each ``prepare`` alone runs in a fresh
subprocess, so no cache warms it.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from app.common.background.main_thread_gc import freeze_start_up_objects  # noqa: E402
from app.common.startup import start_up  # noqa: E402
from app.teaching.window import TeachingWindow  # noqa: E402
from bpe_core.formats import load_any  # noqa: E402

EXPORT = """
import sys
from bpe_core.formats import export
from bpe_core.encoding.tokenizer import Tokenizer
export(Tokenizer.from_tiktoken("o200k_base"), sys.argv[1], "huggingface")
"""

ALONE = """
import sys, time
from bpe_core.formats import load_any
from app.teaching.prepared import prepare
source = sys.argv[1]
tokenizer = load_any(source) if source.endswith(".json") else source
if not isinstance(tokenizer, str):
    tokenizer.merges  # the Compare tab derives them when it loads the file
start = time.perf_counter()
prepare(tokenizer)
print(time.perf_counter() - start)
"""


def prepare_alone(source: str) -> float:
    """Seconds ``prepare`` takes for ``source`` in a fresh process."""
    done = subprocess.run([sys.executable, "-c", ALONE, source], cwd=ROOT, capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


class Gaps:
    """The longest interval between ticks of a 5 ms timer since :meth:`reset`."""

    def __init__(self):
        self.longest, self._last = 0.0, time.perf_counter()
        self.timer = QTimer()
        self.timer.timeout.connect(self._tick)
        self.timer.start(5)

    def reset(self) -> None:
        self.longest, self._last = 0.0, time.perf_counter()

    def _tick(self) -> None:
        now = time.perf_counter()
        self.longest, self._last = max(self.longest, now - self._last), now


def choose(window: TeachingWindow, gaps: Gaps, key: str) -> tuple[float, float]:
    """Seconds until ``key`` is shown, and the longest event-loop gap (the call itself included)."""
    gaps.reset()
    start = time.perf_counter()
    window.source.setCurrentIndex(window.source.findData(key))
    gaps._tick()  # a source already made ready is shown inside the call
    window.wait_loaded()
    gaps._tick()
    return time.perf_counter() - start, gaps.longest


def main() -> int:
    app = QApplication.instance() or QApplication([])
    start_up(app)  # as app.main does: among others, the garbage collector runs on the GUI thread only
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "tokenizer.json"
        subprocess.run([sys.executable, "-c", EXPORT, str(path)], cwd=ROOT, check=True)  # leaves no cache here
        model = load_any(path)
        assert model.merges  # derived, as the Compare tab's loading thread leaves it
        window = TeachingWindow()
        window.show()
        window.wait_loaded()
        freeze_start_up_objects()  # as app.main does once the window is up
        window.add_source("o200k-json", "o200k_base as tokenizer.json", model)
        gaps = Gaps()
        sources = {"cl100k_base": "cl100k_base", "o200k_base": "o200k_base", "o200k-json": str(path)}
        print(f"{'source':<14} {'prepare alone':>14} {'window ready':>13} {'longest stall':>14} {'again':>8}")
        worst = 0.0
        for key, source in sources.items():
            alone = prepare_alone(source)
            ready, stall = choose(window, gaps, key)
            choose(window, gaps, "gpt2")
            again, again_stall = choose(window, gaps, key)
            worst = max(worst, stall)
            print(
                f"{key:<14} {alone:>12.2f} s {ready:>11.2f} s {stall * 1000:>11.0f} ms {again * 1000:>5.0f} ms"
                f"   (window/alone {ready / alone:.2f}x; cached: stall {again_stall * 1000:.0f} ms)"
            )
        window.shutdown()
        window.close()
    app.processEvents()
    print(f"longest stall while choosing a tokenizer: {worst * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
