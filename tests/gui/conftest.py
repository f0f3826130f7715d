"""GUI test fixtures: offscreen Qt set up as at start-up, a fresh main window with its own settings file, the whole
interface in Chinese for one test, and a guard that fails any test leaving a QThread running or a child process
alive."""

import os

# Before anything imports Qt. The offscreen screen is an ordinary desktop's (1920x1080; Qt's default is 800x800),
# so that a window fitted to its screen (app.common.widgets.screen_fit) keeps the size the tests give it; a laptop's
# screen (1366x768) is beside it.
os.environ.setdefault(
    "QT_QPA_PLATFORM", f"offscreen:configfile={os.path.join(os.path.dirname(__file__), 'offscreen_screen.json')}"
)

import gc
import random
import weakref

import pytest
from PySide6.QtCore import QEventLoop, QSettings, Qt, QThread, QTimer

from tests.child_processes import leftover_children


class _TrackedThread(QThread):
    """The QThread the app's workers make (``app.common.background.worker``), remembered so that a test's end finds the
    running ones at once; a scan of every object (:func:`_running_qthreads`) still runs after each module."""

    made: weakref.WeakSet = weakref.WeakSet()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _TrackedThread.made.add(self)


def _running_qthreads(everywhere: bool = False) -> list[QThread]:
    objects = gc.get_objects() if everywhere else list(_TrackedThread.made)
    return [o for o in objects if isinstance(o, QThread) and o.isRunning()]


@pytest.fixture(scope="session", autouse=True)
def threads_tracked():
    """Every worker's thread is a :class:`_TrackedThread` for the session."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("app.common.background.worker.QThread", _TrackedThread)
        yield


@pytest.fixture(scope="module", autouse=True)
def no_thread_left_by_the_module():
    """Once a module is over, no QThread of any origin runs (every object looked at, which takes a while)."""
    yield
    leftovers = [t for t in _running_qthreads(everywhere=True) if not t.wait(5000)]
    for thread in leftovers:
        thread.quit()
        thread.wait()
    assert not leftovers, f"QThreads left running after the module: {[t.objectName() for t in leftovers]}"


@pytest.fixture(autouse=True)
def working_event_loops(qapp):
    """After a test that ran ``QApplication.exec()`` and quit (a launcher test), Qt leaves every nested event
    loop returning at once, so waits spin without processing events. A zero timer that a nested loop does not
    run tells (a timing of the loop told it 5 ms later, in every GUI test); the application loop is then run once
    more to clear that state."""
    loop = QEventLoop()
    ran = []
    timer = QTimer(singleShot=True)
    timer.timeout.connect(lambda: ran.append(loop.quit()))
    timer.start(0)
    loop.exec()
    if not ran:  # the loop returned without running the timer: Qt's state after the application quit
        timer.stop()
        QTimer.singleShot(0, qapp.quit)
        qapp.exec()
    yield


@pytest.fixture(autouse=True)
def started_up(qapp, working_event_loops):
    """The application set up as ``app.main`` does once at start-up (again after a launcher test quit it)."""
    from app.common.startup import start_up

    start_up(qapp)


@pytest.fixture
def chinese(qapp):
    """Every zh_CN translation installed as at start-up with ``--lang zh_CN`` (English again afterwards); a test
    module may define its own ``chinese`` with only its part's translation."""
    from app.common.wording import i18n

    translators = i18n.install(qapp, "zh_CN")
    yield translators
    for translator in translators:
        qapp.removeTranslator(translator)
    i18n.install(qapp, "en")


@pytest.fixture
def english(qapp):
    """The English translators installed as at start-up with ``--lang en`` (the English plural forms among them:
    without them Qt says "1 merges")."""
    from app.common.wording import i18n

    translators = i18n.install(qapp, "en")
    yield
    for translator in translators:
        qapp.removeTranslator(translator)


@pytest.fixture(autouse=True)
def interrupted_runs_apart(monkeypatch, tmp_path):
    """Each test's window keeps its interrupted run in a folder of its own (never the user's)."""
    monkeypatch.setenv("BPE_RUN_FOLDER", str(tmp_path / "interrupted-run"))


@pytest.fixture(autouse=True)
def kept_runs_apart(monkeypatch, tmp_path):
    """Each test's window keeps its kept runs in a folder of its own (never the user's data folder)."""
    monkeypatch.setenv("BPE_KEPT_RUNS_FOLDER", str(tmp_path / "kept-runs"))


@pytest.fixture(autouse=True)
def unsaved_tokenizers_are_discarded(monkeypatch):
    """Closing a window that trained a tokenizer asks whether to save it; tests answer "discard" (a test of the
    question itself patches its own answer)."""
    from app.common.widgets import dialogs

    monkeypatch.setattr(dialogs, "ask_unsaved", lambda parent, merges, **_: "discard")


#: Seconds a dialog may wait for an answer in a test before it is closed and the test fails (a dialog nobody
#: answers would otherwise hang the whole run: an error box shown where the test expected none).
UNANSWERED_DIALOG_SECONDS = 60


@pytest.fixture(autouse=True)
def no_dialog_left_unanswered(qapp):
    """Fail the test, naming the dialog and its text, if a modal dialog stays open for
    :data:`UNANSWERED_DIALOG_SECONDS` (it is closed then, so the run goes on)."""
    seen: dict[int, int] = {}  # id of the modal widget -> seconds it has been open
    unanswered: list[str] = []

    def look():
        modal = qapp.activeModalWidget()
        if modal is None:
            seen.clear()
            return
        seen[id(modal)] = seen.get(id(modal), 0) + 1
        if seen[id(modal)] >= UNANSWERED_DIALOG_SECONDS:
            text = getattr(modal, "text", lambda: "")()
            unanswered.append(f"{type(modal).__name__} {modal.windowTitle()!r}: {text}")
            modal.reject() if hasattr(modal, "reject") else modal.close()

    timer = QTimer()
    timer.timeout.connect(look)
    timer.start(1000)
    yield
    timer.stop()
    assert not unanswered, f"a dialog nobody answered was closed after {UNANSWERED_DIALOG_SECONDS} s: {unanswered}"


@pytest.fixture(autouse=True)
def no_thread_left():
    """Fail the test if a QThread is still running (or a child process alive) once it is over."""
    yield
    leftovers = [t for t in _running_qthreads() if not t.wait(5000)]
    alive = leftover_children()
    for thread in leftovers:  # do not crash the next test: stop what was left
        thread.quit()
        thread.wait()
    assert not leftovers, f"QThreads left running after the test: {[t.objectName() for t in leftovers]}"
    assert not alive, f"child processes left running after the test: {[p.pid for p in alive]}"


@pytest.fixture(autouse=True)
def library_host_ended(no_thread_left):
    """End the process where published tokenizers encode, as the main window's shutdown does, for the tests that
    drive a single view without a main window (torn down before ``no_thread_left`` looks for processes; that
    closing the window ends it is a test of its own in ``test_foreign_panes.py``)."""
    yield
    from bpe_core.foreign import library_host

    library_host.close_host()


@pytest.fixture
def window(qtbot, tmp_path):
    """A real MainWindow, shown offscreen, with recent files kept in a temporary settings file."""
    from app.main_window import MainWindow

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.train_tab.corpus_panel.select_sample("english")  # the 10 KB sample: tests train in a moment
    w.show()
    yield w
    w.close()


@pytest.fixture(scope="session")
def random_words_corpus(tmp_path_factory):
    """A 0.75 MB corpus of 20,000 made-up words: thousands of merges, about a second per thousand."""
    rng = random.Random(0)
    words = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(3, 10))) for _ in range(20000)]
    path = tmp_path_factory.mktemp("corpus") / "words.txt"
    path.write_text(" ".join(rng.choice(words) for _ in range(100000)), encoding="utf-8")
    return path


@pytest.fixture
def wait_signal(qtbot):
    """``wait_signal(signal, timeout)``: wait for ``signal`` and return its arguments.

    It polls with ``qtbot.waitUntil`` rather than a nested ``QEventLoop``: a nested loop returns at once once any
    earlier test has made the application quit (as a launcher test does)."""

    def wait(signal, timeout=60000, trigger=None):
        received = []

        def take(*args):
            received.append(args)

        signal.connect(take)
        try:
            if trigger is not None:
                trigger()
            qtbot.waitUntil(lambda: bool(received), timeout=timeout)
        finally:
            try:
                signal.disconnect(take)  # not kept alive, with what it received, by the object emitting
            except (RuntimeError, TypeError):
                pass  # the object is gone already
        return received[0]

    return wait


@pytest.fixture
def train(qtbot, wait_signal):
    """``train(window)``: click the real Train button, wait for the run to end, return its TrainingResult."""

    def run(window, timeout=60000):
        qtbot.mouseClick(window.train_tab.train_button, Qt.MouseButton.LeftButton)
        assert window.train_tab.run is not None, "Train did not start a run: " + window.train_tab.train_reason.text()
        result = wait_signal(window.train_tab.run.finished, timeout)[0]
        qtbot.waitUntil(lambda: not window.train_tab.redrawing(), timeout=5000)  # charts are redrawn in turns
        return result

    return run


@pytest.fixture
def export_animation(qtbot):
    """``export_animation(view, path, **options)``: the view's animation exported to ``path`` as the Teach window does
    it (:class:`~app.teaching.animation_export.AnimationExport`); the path once written."""
    from app.teaching.animation_export import AnimationExport

    def export(view, path, **options):
        task = AnimationExport(view, path, **options)
        with qtbot.waitSignal(task.finished, timeout=60000) as written:
            task.start()
        return written.args[0]

    return export
