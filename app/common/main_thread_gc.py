"""Keep Python's cyclic garbage collector on the GUI thread.

CPython collects in whichever thread happens to cross an allocation threshold. When that is a worker thread (ours
encodes texts in pure Python, so it allocates a lot), the collection runs beside the GUI thread's Qt code and can
destroy Qt objects caught in reference cycles from the wrong thread. With PySide6 6.12 the compare tests crashed
that way about one run in three, in the encoding thread, "Garbage-collecting" (not seen with 6.11, but the hazard
is Python's, not one release's). The usual cure for Qt applications (calibre, pyqtgraph, nexpy) is applied here:
automatic collection is switched off and a timer in the GUI thread collects each generation once its threshold is
passed. It is set up once at start-up (:func:`app.common.startup.start_up`) and holds for the whole process (the
training and encoding threads gain from it alike).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Slot

INTERVAL_MS = 100


class _Collector(QObject):
    def __init__(self, app: QCoreApplication):
        super().__init__(app)
        self.setObjectName("mainThreadGarbageCollector")
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.collect)
        app.aboutToQuit.connect(self.stop)
        self.start()

    def start(self) -> None:
        gc.disable()
        self.timer.start()

    @Slot()
    def collect(self) -> None:
        """Collect the generations whose thresholds are passed, as automatic collection would."""
        counts, thresholds = gc.get_count(), gc.get_threshold()
        if counts[0] > thresholds[0]:
            generation = 0
            if counts[1] > thresholds[1]:
                generation = 2 if counts[2] > thresholds[2] else 1
            gc.collect(generation)

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
