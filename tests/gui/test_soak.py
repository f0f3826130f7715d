"""The window soaked (issue 26): a scripted session through the real widgets -- train, cancel halfway, train with
another pattern, switch tabs, add and remove a published model's pane, open and close the Teach window, type in
Compare -- repeated. No thread or process is left (the leak guard of tests/gui/conftest.py), Qt warns of nothing,
and from the 20th cycle on the memory stays within 10 %.

The suite runs a short soak; the long one is ``BPE_SOAK_CYCLES=200 python -m pytest -n 0 tests/gui/test_soak.py``.
"""

import os

import psutil
import pytest
from PySide6.QtCore import Qt

from tests.test_foreign_builders import build_hf

CYCLES = int(os.environ.get("BPE_SOAK_CYCLES", "6"))
#: Qt's own notes about the offscreen platform, not warnings about the program.
PLATFORM_NOTES = ("propagateSizeHints", "does not support raise", "QPainter::")


def cycle(qtbot, window, n: int, pane_file, wait_signal) -> None:
    tab = window.train_tab
    tab.settings_panel.apply(vocab_size=400 + n % 3, pattern="o200k" if n % 2 else "gpt2", special_tokens=[])
    qtbot.mouseClick(tab.train_button, Qt.MouseButton.LeftButton)
    wait_signal(tab.run.finished, 60000)
    qtbot.waitUntil(lambda: not tab.redrawing(), timeout=10000)
    qtbot.mouseClick(tab.train_button, Qt.MouseButton.LeftButton)  # again, cancelled halfway
    run = tab.run
    qtbot.waitUntil(lambda: len(tab.history) > 10 or not tab.training, timeout=30000)
    tab.cancel_training()
    if tab.training:
        wait_signal(run.finished, 60000)
    qtbot.waitUntil(lambda: not tab.training and not tab.redrawing(), timeout=30000)
    for index in (1, 2, 0):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(20)
    view = window.compare_view
    key = view.add_source(str(pane_file))
    qtbot.waitUntil(lambda: key in view.panes and not view.pane_records[key].loading, timeout=30000)
    view.set_text(f"cycle {n}: 中文字符 tokenizers {n * 12345}")
    qtbot.waitUntil(lambda: not view.busy(), timeout=30000)
    view.remove_pane(key)
    window.teach_action.trigger()
    qtbot.waitUntil(lambda: not window.teaching.loading(), timeout=60000)
    window.teaching.close()


@pytest.mark.slow
def test_the_window_soaked(qtbot, window, wait_signal, tmp_path, qtlog):
    window.train_tab.corpus_panel.select_sample("english")
    pane_file = build_hf(tmp_path, "bytelevel")
    memory = {}
    for n in range(CYCLES):
        cycle(qtbot, window, n, pane_file, wait_signal)
        memory[n + 1] = psutil.Process().memory_info().rss
    warnings = [r.message for r in qtlog.records if not any(note in r.message for note in PLATFORM_NOTES)]
    assert not warnings, warnings
    if CYCLES >= 40:  # the long soak: memory settles once caches are warm
        assert memory[CYCLES] <= 1.10 * memory[20], {k: v // 2**20 for k, v in memory.items() if k % 20 == 0}
