"""How long does the Teach window stall while it exports the replay of a run as a GIF or an MP4, and how long does
the export take?

A tokenizer is trained on the English sample (``--merges``), the Teach window shows its replay from the first merge,
and the export runs as the Export view… action runs it. A 5 ms QTimer records the gaps between its ticks meanwhile: a
gap of g ms means the window could not answer for about g ms. The last line reads
``frames F; grabbed in G s; written in T s; longest stall S ms``.

    $ python tests/bench/bench_animation_export.py [--merges 600] [--suffix gif|mp4]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--merges", type=int, default=600, help="merges of the run replayed (two frames each)")
    parser.add_argument("--suffix", choices=["gif", "mp4"], default="gif")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from app.common.startup import start_up
    from app.teaching.window import TeachingWindow
    from bpe_core import BpeTrainer, Tokenizer
    from bpe_core.corpus.samples import corpus_path

    app = QApplication(sys.argv[:1])
    start_up(app)
    trainer = BpeTrainer(256 + args.merges, pattern="gpt2", processes=1)
    trainer.count_text(corpus_path("english-prose").read_text(encoding="utf-8"))
    trainer.run()
    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")
    tokenizer.record = trainer.record
    window = TeachingWindow(tokenizer, "english", text="the lowest newest widest tokenizer")
    window.resize(1300, 800)
    window.show()
    window.wait_loaded()
    window.show_view("replay").go_to(0)

    folder = tempfile.TemporaryDirectory(prefix="bench-export-")  # the file goes with it (400 frames: ~10 MB)
    gaps: list[float] = []
    last = [time.perf_counter()]
    grabbed = [0, 0.0]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    probe = QTimer()
    probe.timeout.connect(tick)
    started = time.perf_counter()

    def done(path) -> None:
        seconds = time.perf_counter() - started
        size = os.path.getsize(path) / 1e6
        print(f"{args.suffix}, {args.merges} merges from the first: {size:.1f} MB")
        print(
            f"frames {grabbed[0]}; grabbed in {grabbed[1] - started:.2f} s; written in {seconds:.2f} s; "
            f"longest stall {max(gaps) * 1000:.0f} ms"
        )
        app.quit()

    window.exported.connect(done)
    window.export_current(os.path.join(folder.name, f"replay.{args.suffix}"))
    window.animation_export.progress.connect(lambda n: grabbed.__setitem__(slice(0, 2), [n, time.perf_counter()]))
    last[0] = time.perf_counter()
    probe.start(5)
    app.exec()
    folder.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
