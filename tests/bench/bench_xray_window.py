"""How long the Vocabulary tab's X-ray of a file takes, against the engine's X-ray of the same file alone, and how
long the window's event loop stalls meanwhile (it reads the whole file a block at a time in a worker).

The engine alone (``xray`` on the file's blocks, in this process, before the window exists) is the peer. Then a
10 ms QTimer records the gap between its ticks while the window X-rays the file; a gap of g ms means the event loop
could not react for about g - 10 ms (the sort of a gigabyte's shattered words once froze it for 2-3.5 s), measured
after two idle seconds (the tab's own loading in the background is not the X-ray's; its stall is printed). The last
line reads ``window/engine time ratio R; longest stall S ms``.

    $ python tests/bench/bench_xray_window.py [FILE] [--tokenizer gpt2]   # FILE: the stdlib corpus by default
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="a UTF-8 text file (default: the stdlib corpus of corpora.py)")
    parser.add_argument("--tokenizer", default="gpt2", choices=["gpt2", "cl100k_base", "o200k_base"])
    args = parser.parse_args()
    if args.file is None:
        import corpora  # tests/bench/corpora.py

        args.file = str(corpora.stdlib_corpus())
    if not Path(args.file).is_file():
        parser.exit(2, f"bench_xray_window: {args.file}: not a regular file\n")
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from app.common.files.local import InvalidUtf8

    try:
        return _run(args.file, args.tokenizer)
    except InvalidUtf8 as exc:
        parser.exit(2, f"bench_xray_window: {args.file}: not UTF-8 text (invalid byte at offset {exc.offset:,})\n")
    except KeyboardInterrupt:
        print("bench_xray_window: interrupted", file=sys.stderr)
        return 130


def _run(file: str, name: str) -> int:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from app.common.files.local import read_text_blocks
    from app.common.startup import start_up
    from app.vocabulary import VocabularyTab
    from bpe_core.foreign import TiktokenTokenizer
    from bpe_core.vocabulary.xray import xray, xray_json

    started = time.perf_counter()
    alone = xray(TiktokenTokenizer.reference(name), read_text_blocks(file))
    engine_seconds = time.perf_counter() - started
    print(f"engine alone: {engine_seconds:.1f} s ({alone.fertility.words:,} words)")

    app = QApplication(sys.argv[:1])
    start_up(app)
    tab = VocabularyTab(compare_text=lambda: "")
    tab.resize(1300, 800)
    tab.show()
    loop = QEventLoop()
    tab.show_vocabulary(name)
    while tab.current is None or tab.current.choice.key != name:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    tab.pages.setCurrentWidget(tab.xray)
    tab.xray.set_file(file)

    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    rays: list = []
    tab.xray.finished.connect(lambda ray: (rays.append(ray), loop.quit()))
    tab.xray.jobs.failed.connect(lambda message, _details: (print("failed:", message), loop.quit()))
    interrupted: list[int] = []
    # Ctrl-C inside Qt's loop: Python's handler would raise in a slot, which Qt swallows; here it ends the loop
    signal.signal(signal.SIGINT, lambda *_: (interrupted.append(1), loop.quit()))
    timer.start()
    QTimer.singleShot(2000, loop.quit)  # idle first: what the tab still loads in the background is not the X-ray's
    loop.exec()
    if interrupted:
        tab.shutdown()
        raise KeyboardInterrupt
    idle, gaps[:] = max(gaps), []
    started = time.perf_counter()
    tab.xray.run_button.click()
    loop.exec()
    window_seconds = time.perf_counter() - started
    timer.stop()
    tab.shutdown()
    if interrupted:
        raise KeyboardInterrupt
    if not rays:
        return 1
    same = xray_json(rays[0]) == xray_json(alone)
    print(f"window: {window_seconds:.1f} s; the same X-ray as the engine's: {same}")
    print(f"idle before it: longest stall {1000 * idle:.0f} ms")
    print(f"window/engine time ratio {window_seconds / engine_seconds:.2f}; longest stall {1000 * max(gaps):.0f} ms")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
