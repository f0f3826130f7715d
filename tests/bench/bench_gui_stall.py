"""How long does the GUI thread's event loop stall while the window trains 10,000 merges on the stdlib corpus, and
how much slower is training in the window than the engine alone?

The engine alone (``BpeTrainer`` on the same files and settings, in this process, before the window exists) is the
peer. Then a 10 ms QTimer records the gap between its ticks while the window trains; a gap of g ms means the event
loop could not react for about g - 10 ms. The same timer is measured with the window idle first. While merging,
each view's updates per second (the merges table's new rows, each chart redrawn, and with ``--tab compare`` the
Compare tab's "Ours" pane re-encoded) say how often the window showed progress. ``--explain`` names the GUI-thread
work inside the longest gaps (timed methods, events over 3 ms, garbage collections, the worker thread's unpickling).
Targets (issue 12): window/engine time ≤ 1.2; longest stall ≤ 30 ms beyond the tick; every view updated at least
5 times a second. The last line reads ``window/engine time ratio R; longest stall S ms``.

    $ python tests/bench/bench_gui_stall.py [--merges 10000] [--processes 2] [--tab compare] [--explain]
    $ python tests/bench/bench_gui_stall.py --at-launch   # Train pressed while start-up still loads encodings
    $ python tests/bench/bench_gui_stall.py --corpus tests/bench/.corpora/gigabyte/corpus-1GB.txt --merges 31743
    $ python tests/bench/bench_gui_stall.py --corpus tests/bench/.corpora/chinese.txt --pattern none --merges 20000
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--merges", type=int, default=10_000)
    parser.add_argument("--corpus", help="a corpus file instead of the stdlib (e.g. bench_gigabyte.py's)")
    parser.add_argument("--pattern", default="gpt2", help="pre-tokenization: gpt2, cl100k, o200k, none")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--idle-seconds", type=float, default=2.0)
    parser.add_argument(
        "--at-launch",
        action="store_true",
        help="press Train as soon as the window shows (while start-up still loads encodings; no idle baseline)",
    )
    parser.add_argument("--explain", action="store_true", help="name the GUI-thread calls inside the longest gaps")
    parser.add_argument(
        "--tab",
        choices=["train", "compare"],
        default="train",
        help="the tab shown while training (compare: its 'Ours' pane follows the run)",
    )
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from app.common.background.main_thread_gc import freeze_start_up_objects
    from app.common.startup import start_up
    from app.common.widgets import dialogs
    from app.main_window import MainWindow
    from app.train.corpus_sources import stdlib_source
    from bpe_core import BpeTrainer

    source = stdlib_source() if args.corpus is None else None
    files = source.files_to_read() if source is not None else [args.corpus]
    engine_started = time.perf_counter()
    engine = BpeTrainer(256 + args.merges + 1, ["<|endoftext|>"], pattern=args.pattern, processes=args.processes)
    engine.count_files(files)
    engine.run()
    engine_seconds = time.perf_counter() - engine_started
    print(f"engine alone: {len(engine.merges):,} merges in {engine_seconds:.1f} s")

    calls: list[tuple[float, float, str]] = []  # with --explain: (start, end, what) of GUI-thread work
    _app = _TimedApplication(sys.argv[:1], calls) if args.explain else QApplication(sys.argv[:1])  # kept alive
    start_up(_app)
    # A settings file of its own: QSettings saves by writing a new file and renaming it over the old one, which
    # replaces /dev/null with a regular file when run as root.
    settings_folder = tempfile.TemporaryDirectory()
    settings = QSettings(os.path.join(settings_folder.name, "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.show()
    if args.corpus is None:
        window.train_tab.corpus_panel.select_stdlib()
    else:
        window.train_tab.corpus_panel.add_files([args.corpus])
    window.train_tab.settings_panel.apply(
        vocab_size=256 + args.merges + 1,
        special_tokens=["<|endoftext|>"],
        pattern=args.pattern,
        processes=args.processes,
    )

    if args.explain:
        _time_calls(window, calls)
    gaps: list[tuple[float, str]] = []  # (gap in ms, phase)
    gap_ends: list[float] = []
    phase = ["idle"]
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(((now - last[0]) * 1000, phase[0]))
        gap_ends.append(now)
        last[0] = now

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(tick)
    loop = QEventLoop()

    if args.tab == "compare":  # shown (and painted once) before the baseline, as a user looks at it before Train
        window.tabs.setCurrentWidget(window.compare_view)
    # Let start-up finish: the held-out text and the Compare tab load OpenAI's encodings in background threads
    # (parsing a rank file in Python holds the GIL: the GUI thread's calls into Python wait for it meanwhile).
    if args.at_launch:
        QTimer.singleShot(0, freeze_start_up_objects)  # as app.main does
        QTimer.singleShot(0, loop.quit)  # the window's first paint, then Train
        loop.exec()
        last[0] = time.perf_counter()
        timer.start()
    else:
        settle = QTimer()
        settle.setInterval(50)
        settle.timeout.connect(
            lambda: None if window.train_tab.held_out_runner.busy() or window.compare_view.busy() else loop.quit()
        )
        settle.start()
        loop.exec()
        settle.stop()
        freeze_start_up_objects()  # as app.main does once the window is up

        # Baseline: the same window, idle.
        QTimer.singleShot(int(args.idle_seconds * 1000), loop.quit)
        last[0] = time.perf_counter()
        timer.start()
        loop.exec()

    updates = _record_updates(window)  # what the user sees move: widget name -> times
    merging_started = [0.0]

    def on_counted(_counted) -> None:
        phase[0] = "merging"
        merging_started[0] = time.perf_counter()

    finished = {}

    def on_finished(result) -> None:
        finished["result"] = result
        finished["at"] = time.perf_counter()
        QTimer.singleShot(200, loop.quit)

    phase[0] = "counting"
    started = time.perf_counter()
    window.train_tab.start_training()
    window.train_tab.run.counted.connect(on_counted)
    window.train_tab.run.finished.connect(on_finished)
    window.train_tab.run.failed.connect(lambda kind, message, details: (print(message), loop.quit()))
    loop.exec()
    timer.stop()
    result = finished.get("result")
    seconds = finished.get("at", time.perf_counter()) - started
    dialogs.ask_unsaved = lambda parent, merges, **_: "discard"  # the trained tokenizer is not saved: no question
    window.close()
    if result is None:
        print("training failed")
        return 1

    def stats(name: str) -> tuple[float, float, int]:
        values = sorted(g for g, p in gaps if p == name)
        if not values:
            return 0.0, 0.0, 0
        return values[-1], values[int(0.99 * (len(values) - 1))], len(values)

    print(
        f"corpus: {result.record.corpus_bytes / 1e6:.1f} MB in {len(result.record.corpus_names)} files, "
        f"{len(result.merges):,} merges in {seconds:.1f} s ({args.processes} processes)"
    )
    idle_max = stats("idle")[0]
    worst = 0.0
    for name in ("counting", "merging") if args.at_launch else ("idle", "counting", "merging"):
        longest, p99, n = stats(name)
        worst = max(worst, longest) if name != "idle" else worst
        print(f"{name:9s} ticks {n:6d}   longest gap {longest:7.1f} ms   p99 {p99:6.1f} ms")
    ratio = seconds / engine_seconds
    stall = worst - 10
    beside_idle = f"; ratio to idle {worst / idle_max:.1f}x" if idle_max else ""
    print(f"longest event-loop gap while training: {worst:.1f} ms{beside_idle}")
    merging = (merging_started[0], finished.get("at", time.perf_counter()))
    rates_met = True
    for name, times in updates.items():
        if name == "Compare 'Ours' pane" and args.tab != "compare":
            continue  # it follows the run only while it is shown
        rate, quiet = _update_rate(times, *merging)
        rates_met = rates_met and rate >= 5
        print(f"while merging, {name}: {rate:4.1f} updates/s, longest without one {quiet * 1000:4.0f} ms")
    verdict = {True: "OK", False: "MISSED"}
    print(
        f"targets: ratio ≤ 1.2 {verdict[ratio <= 1.2]}, stall ≤ 30 ms {verdict[stall <= 30]}, "
        f"every view ≥ 5 updates/s {verdict[rates_met]}"
    )
    if args.explain:
        _explain(gaps, gap_ends, calls)
    print(f"window/engine time ratio {ratio:.2f}; longest stall {stall:.0f} ms")
    return 0


def _record_updates(window) -> dict[str, list[float]]:
    """When each view showed new merges: rows added to the table, each chart redrawn from the history, the Compare
    tab's "Ours" pane given the run's new tokens."""
    import time as clock

    from app.common.sources import OWN_KEY

    updates: dict[str, list[float]] = {
        name: [] for name in ("merges table", "pair chart", "count chart", "compression chart", "Compare 'Ours' pane")
    }
    tab = window.train_tab
    tab.model.rowsInserted.connect(lambda *_: updates["merges table"].append(clock.perf_counter()))
    for name, target, method in [
        ("pair chart", tab.pair_chart, "show_step"),
        ("count chart", tab.count_chart, "update_history"),
        ("compression chart", tab.compression_chart, "update_history"),
    ]:
        original = getattr(target, method)

        def recorded(*args, _original=original, _times=updates[name], **kwargs):
            _times.append(clock.perf_counter())
            return _original(*args, **kwargs)

        setattr(target, method, recorded)
    view = window.compare_view.pane_set
    ready = view._on_pane_ready

    def pane_ready(result):
        if result.source is not None and result.source.key == OWN_KEY:
            updates["Compare 'Ours' pane"].append(clock.perf_counter())
        return ready(result)

    view.service.pane_ready.disconnect(ready)
    view.service.pane_ready.connect(pane_ready)
    return updates


def _update_rate(times: list[float], start: float, end: float) -> tuple[float, float]:
    """Updates per second within ``[start, end]``, and the longest time without one there."""
    inside = [t for t in times if start <= t <= end]
    edges = [start, *inside, end]
    return len(inside) / max(end - start, 1e-9), max(b - a for a, b in zip(edges, edges[1:]))


#: GUI-thread methods timed with --explain: (object attribute path, method name).
_TIMED = [
    ("train_tab", "_on_steps"),
    ("train_tab.frames", "paint_piece"),
    ("train_tab", "_show_pending"),
    ("train_tab.frames", "paint_frame"),
    ("train_tab", "_on_counting"),
    ("train_tab", "_on_counted"),
    ("train_tab", "_on_finished"),
    ("train_tab.table", "show_new_rows"),
    ("train_tab.pair_chart", "show_step"),
    ("train_tab.count_chart", "update_history"),
    ("train_tab.compression_chart", "update_history"),
    ("compare_view", "set_own_steps"),
    ("train_tab", "start_training"),
]


def _time_calls(window, calls: list) -> None:
    """Wrap the methods in ``_TIMED`` on their objects so each call adds ``(start, end, name)`` to ``calls``."""
    import time as clock

    for path, name in _TIMED:
        target = window
        for part in filter(None, path.split(".")):
            target = getattr(target, part)
        method = getattr(target, name)

        def timed(*args, _method=method, _name=f"{path}.{name}", **kwargs):
            start = clock.perf_counter()
            try:
                return _method(*args, **kwargs)
            finally:
                calls.append((start, clock.perf_counter(), _name))

        setattr(target, name, timed)

    import gc

    from bpe_core.training.process import TrainingProcess

    gc_started = [0.0]

    def on_gc(event: str, info: dict) -> None:  # the collector runs in whichever thread allocates
        if event == "start":
            gc_started[0] = clock.perf_counter()
        else:
            calls.append((gc_started[0], clock.perf_counter(), f"gc{info['generation']}"))

    gc.callbacks.append(on_gc)
    receive = TrainingProcess.receive

    def timed_receive(self, timeout):  # in the worker thread: unpickling holds the GIL
        start = clock.perf_counter()
        message = receive(self, timeout)
        if message is not None:
            calls.append((start, clock.perf_counter(), f"(worker) receive {type(message).__name__}"))
        return message

    TrainingProcess.receive = timed_receive
    from multiprocessing import connection

    loads = connection._ForkingPickler.loads

    def timed_loads(*args, **kwargs):  # holds the GIL throughout
        start = clock.perf_counter()
        try:
            return loads(*args, **kwargs)
        finally:
            calls.append((start, clock.perf_counter(), "(worker) unpickle"))

    connection._ForkingPickler.loads = timed_loads


def _TimedApplication(argv: list[str], calls: list):
    """A QApplication that adds every event taking over 3 ms to ``calls``, named by event type and receiver."""
    import time as clock

    from PySide6.QtWidgets import QApplication

    class TimedApplication(QApplication):
        def notify(self, receiver, event):
            start = clock.perf_counter()
            kind = event.type()
            try:
                return super().notify(receiver, event)
            finally:
                end = clock.perf_counter()
                if end - start > 0.003:
                    name = type(receiver).__name__
                    if name == "QWidget" and receiver.parent() is not None:  # a viewport: name its view
                        name = f"{type(receiver.parent()).__name__}'s viewport"
                    calls.append((start, end, f"{kind.name} to {name}"))

    return TimedApplication(argv)


def _explain(gaps, gap_ends, calls, shown: int = 6) -> None:
    """Print the longest gaps while training with the timed calls that ran inside each."""
    print("longest gaps while training, and the timed GUI calls inside them:")
    worst = sorted((i for i, (_, phase) in enumerate(gaps) if phase != "idle"), key=lambda i: -gaps[i][0])[:shown]
    for i in sorted(worst):
        end = gap_ends[i]
        start = end - gaps[i][0] / 1000
        inside = [(b - a) * 1000 for a, b, _ in calls if a < end and b > start]
        names = [n for a, b, n in calls if a < end and b > start]
        parts = ", ".join(f"{n.split('.')[-1]} {d:.0f}" for n, d in zip(names, inside))
        print(f"  {gaps[i][0]:6.1f} ms ({gaps[i][1]}): {parts or 'no timed call'}")


if __name__ == "__main__":
    sys.exit(main())
