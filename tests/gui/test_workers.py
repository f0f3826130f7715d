"""The one worker idiom (app/common/background/worker.py, latest.py) and what is set up once at start-up, without a
clock: batches by the training worker, latest-request-wins in the jobs runner and the encode service (the quickest
panes first), GC policy set by start-up and not by a widget, and a failed Save that keeps the result and offers
another place."""

import gc
import threading
import time

import pytest
from PySide6.QtCore import Qt

from app.common.background.jobs import Jobs
from app.common.background.worker import Task, WorkerThread
from app.common.files.samples import samples_dir
from app.common.sources import PaneSource, reference_source
from app.common.startup import start_up
from app.compare.encode_worker import EncodeService
from app.train.corpus_sources import CorpusSource
from app.train.worker import TrainingWorker
from bpe_core.training.config import TrainConfig


def english_source() -> CorpusSource:
    path = samples_dir() / "english.txt"
    return CorpusSource("English sample", [path])


def run_worker_here(flush_seconds: float, vocab_size: int) -> list[list]:
    """Run a training worker in this thread and return the batches it sent."""
    worker = TrainingWorker(english_source(), TrainConfig(vocab_size=vocab_size, processes=1), flush_seconds)
    batches = []

    def take(batch):
        batches.append(batch)
        worker.batch_taken()

    worker.steps_ready.connect(take, Qt.ConnectionType.DirectConnection)
    worker.execute()
    return batches


def test_training_worker_sends_batches_not_one_signal_per_merge():
    (batch,) = run_worker_here(flush_seconds=1e9, vocab_size=556)  # never due: one batch at the end
    assert [s.rank for s in batch] == list(range(300))


def test_training_worker_hands_over_every_step_when_a_flush_is_always_due():
    batches = run_worker_here(flush_seconds=0.0, vocab_size=300)
    assert [len(b) for b in batches[:-1]] == [1] * (len(batches) - 1)
    assert [s.rank for b in batches for s in b] == list(range(44))


def test_jobs_deliver_only_the_latest_call(qtbot):
    runner = Jobs("test")
    release = threading.Event()
    delivered = []
    runner.result.connect(delivered.append)
    runner.call(lambda: release.wait(10) and "first")  # still running when the second job is submitted
    runner.call(lambda: "second")
    qtbot.waitUntil(lambda: delivered == ["second"], timeout=10000)
    release.set()
    qtbot.waitUntil(lambda: not runner._threads, timeout=10000)  # both threads have ended
    qtbot.wait(50)  # the first job's late result, if it were delivered, would arrive now
    assert delivered == ["second"]
    runner.wait_all()


def test_a_task_is_cancelled_between_steps_and_its_thread_ends(qtbot):
    class Count(Task):
        def __init__(self):
            super().__init__()
            self.started = threading.Event()
            self.steps = 0

        def work(self):
            self.started.set()
            while not self.cancelled:
                self.steps += 1
                threading.Event().wait(0.001)

    task = Count()
    handle = WorkerThread(task, "test-count")
    stopped = []
    handle.stopped.connect(stopped.append)
    handle.start()
    assert task.started.wait(10)
    assert handle.stop_and_wait()
    assert task.cancelled and not handle.is_running()
    qtbot.waitUntil(lambda: stopped == [handle], timeout=5000)


def test_encode_service_keeps_the_newest_request_per_pane(qtbot):
    service = EncodeService()
    got = []
    service.pane_ready.connect(got.append)
    sources = [reference_source("gpt2")]
    for text in ("one", "two", "three"):  # all issued before any result can arrive: only the newest counts
        service.request(text, sources)
    qtbot.waitUntil(lambda: not service.busy(), timeout=15000)
    assert [r.view.text for r in got] == ["three"]
    service.shutdown()


class SlowTokenizer:
    """A tokenizer that takes a while to view any text, as a library's whole encode of a long text does."""

    def __init__(self, tokenizer):
        self._tokenizer = tokenizer

    def __getattr__(self, name):
        return getattr(self._tokenizer, name)

    def view(self, text):
        time.sleep(0.5)
        return self._tokenizer.view(text)


def test_encode_service_does_the_quickest_panes_first(qtbot):
    service = EncodeService()
    try:
        got = []
        service.pane_ready.connect(lambda result: got.append((result.key, result.view.text)))
        slow = PaneSource("slow", "slow", SlowTokenizer(reference_source("gpt2").tokenizer))
        quick = reference_source("r50k_base")
        quick.encode("warm up")  # its ranks loaded and its library started before: what is timed is the encode
        sources = [slow, quick]
        service.request("first", sources)  # in the panes' order: how long each takes is not known yet
        qtbot.waitUntil(lambda: not service.busy(), timeout=15000)
        assert got == [("slow", "first"), ("r50k_base", "first")]
        assert slow.seconds >= 0.5 > quick.seconds
        got.clear()
        service.request("second", sources)  # now the quick pane is not held back by the slow one
        qtbot.waitUntil(lambda: not service.busy(), timeout=15000)
        assert got == [("r50k_base", "second"), ("slow", "second")]
    finally:
        service.shutdown()


def test_start_up_not_a_widget_keeps_garbage_collection_on_the_gui_thread(qapp):
    gc.enable()
    try:
        service = EncodeService()
        assert gc.isenabled(), "a widget's constructor must not change the interpreter's GC policy"
        service.shutdown()
    finally:
        start_up(qapp)
    assert not gc.isenabled()


def test_a_failed_save_keeps_the_result_and_offers_another_place(window, train, tmp_path, monkeypatch):
    errors, offered = [], []
    monkeypatch.setattr(
        "app.common.widgets.dialogs.show_error", lambda _parent, title, message, details="": errors.append(title)
    )
    bad, good = tmp_path / "missing" / "tok.json", tmp_path / "tok.json"
    answers = iter([str(bad), str(good)])

    def ask(_parent, _caption, start, _filter):
        offered.append(start)
        return next(answers), _filter

    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", ask)
    window.train_tab.settings_panel.apply(vocab_size=300)
    result = train(window)
    window.files.save_action.trigger()
    assert errors == ["Cannot save tokenizer"]
    assert offered[0] == "tokenizer.json" and offered[1].endswith("tok.json") and offered[1] != str(bad)
    assert good.is_file() and window.train_tab.result is result and window.files.recent.paths() == [str(good)]


def test_main_window_is_a_shell_around_the_train_tab(window):
    """The window reaches the Train tab through its API only: none of the tab's parts is an attribute of the
    window (issue 19)."""
    assert window.tabs.widget(0) is window.train_tab and window.tabs.tabText(0) == "Train"
    assert not any(hasattr(window, name) for name in ("train_button", "run", "tokenizer", "settings_panel", "table"))


def test_a_full_collection_waits_for_memory_to_grow_by_a_quarter(qapp, monkeypatch):
    """Generations 0 and 1 are collected as usual; a full collection (which visits every object: tens of ms)
    only once the allocated blocks have grown by FULL_GROWTH since the last one."""
    import gc
    import sys

    from app.common.background import main_thread_gc

    collector = qapp.findChild(main_thread_gc._Collector, "mainThreadGarbageCollector")
    collected: list[int] = []
    monkeypatch.setattr(main_thread_gc.gc, "collect", lambda generation=2: collected.append(generation) or 0)
    monkeypatch.setattr(main_thread_gc.gc, "get_count", lambda: (10_000, 100, 100))  # every threshold passed
    collector.blocks_after_full = sys.getallocatedblocks()
    collector.collect()
    collector.blocks_after_full = sys.getallocatedblocks() / 2  # memory doubled since the last full collection
    collector.collect()
    assert collected == [1, 2]
    assert collector.blocks_after_full == pytest.approx(sys.getallocatedblocks(), rel=0.05)
    assert not gc.isenabled()  # collected by the timer in the GUI thread, not by allocations in any thread


def test_the_encode_service_has_the_interpreter_handed_to_the_window_often(qtbot):
    """A slow pane built in Python on the encoding thread kept a quick pane's result from the window for up to
    Python's 5 ms switch interval; the service makes it 1 ms (and never lengthens a shorter one)."""
    import sys

    from app.compare import encode_worker

    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        EncodeService().shutdown()
        assert sys.getswitchinterval() == pytest.approx(encode_worker.SWITCH_SECONDS, abs=2e-6)
        sys.setswitchinterval(0.0002)
        EncodeService().shutdown()
        assert sys.getswitchinterval() == pytest.approx(0.0002, abs=2e-6)
    finally:
        sys.setswitchinterval(before)
