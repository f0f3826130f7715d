"""Keep Python's cyclic garbage collector on the GUI thread.

CPython collects in whichever thread happens to cross an allocation threshold. When that is a worker thread (ours
encodes texts in pure Python, so it allocates a lot), the collection runs beside the GUI thread's Qt code and can
destroy Qt objects caught in reference cycles from the wrong thread. With PySide6 6.12 the compare tests crashed
that way about one run in three, in the encoding thread, "Garbage-collecting" (not seen with 6.11, but the hazard
is Python's, not one release's). The usual cure for Qt applications (calibre, pyqtgraph, nexpy) is applied here:
automatic collection is switched off and a timer in the GUI thread collects each generation once its threshold is
passed. It is set up once at start-up (:func:`app.common.startup.start_up`) and holds for the whole process (the
training and encoding threads gain from it alike).

A full collection visits every object the program holds, which took 25 ms after start-up (80,000 objects, many
of them Qt's) and 57 ms in the middle of a training run: a visible stall. So, as CPython itself does, a full
collection waits until memory has grown by a quarter since the last one (``sys.getallocatedblocks`` stands for
CPython's count of long-lived objects), and :func:`freeze_start_up_objects` moves what start-up made (modules,
classes, the window's widgets) out of the collector's sight for good.
"""

from __future__ import annotations

import gc
import sys

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Slot

INTERVAL_MS = 100
#: A full collection waits until the allocated memory blocks have grown by this factor since the last one.
FULL_GROWTH = 1.25


class _Collector(QObject):
    def __init__(self, app: QCoreApplication):
        super().__init__(app)
        self.setObjectName("mainThreadGarbageCollector")
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.collect)
        self.blocks_after_full = sys.getallocatedblocks()
        app.aboutToQuit.connect(self.stop)
        self.start()

    def start(self) -> None:
        gc.disable()
        self.timer.start()

    @Slot()
    def collect(self) -> None:
        """Collect the generations whose thresholds are passed, as automatic collection would, a full collection
        only once memory has grown by ``FULL_GROWTH``."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        if counts[0] <= thresholds[0]:
            return
        generation = 0
        if counts[1] > thresholds[1]:
            generation = 1
            if counts[2] > thresholds[2] and sys.getallocatedblocks() > FULL_GROWTH * self.blocks_after_full:
                generation = 2
        gc.collect(generation)
        if generation == 2:
            self.blocks_after_full = sys.getallocatedblocks()

    @Slot()
    def stop(self) -> None:
        self.timer.stop()
        gc.enable()


def pin_gc_to_main_thread() -> None:
    """Install the collector once per application, or make sure it runs (again, if the application quit once);
    call from the GUI thread, after the QApplication exists."""
    app = QCoreApplication.instance()
    if app is None or QThread.currentThread() is not app.thread():
        return
    collector = app.findChild(_Collector, "mainThreadGarbageCollector")
    if collector is None:
        _Collector(app)
    else:
        collector.start()


def freeze_start_up_objects() -> None:
    """Collect once, then leave every object alive now out of all later collections (``gc.freeze``): call it
    once, when the window is up. They live as long as the program; if some of them later form unreachable
    cycles, those are not freed (a bounded cost, paid once)."""
    gc.collect()
    gc.freeze()
    collector = QCoreApplication.instance().findChild(_Collector, "mainThreadGarbageCollector")
    if collector is not None:
        collector.blocks_after_full = sys.getallocatedblocks()
