"""Kept runs on disk (issue 2): a run kept stays in the app's data folder until forgotten, so that a window started
again lists it (with the regex a forbid-and-continue forbade); the *Kept runs* menu shows one in the Compare tab,
renames it, saves it as a tokenizer file, forgets it; closing with an unsaved run says the kept runs stay on disk.
Driven through the real buttons, menus and dialogs (the folder is the test's own: ``kept_runs_apart``)."""

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from app.common.widgets import dialogs
from app.common.widgets.dialogs import ask_unsaved as real_ask_unsaved
from app.train.kept_store import kept_runs_folder
from bpe_core.formats import load_json
from tests.gui.test_kept_runs import keep, kept_menu_action
from tests.gui.test_no_silent_discard import forbid_from_the_menu, settle


def second_window(qtbot, tmp_path):
    """Another main window, as at the next start: the same settings file, the same kept-runs folder."""
    from app.main_window import MainWindow

    again = MainWindow(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(again)
    return again


def answer_dialog(controls, text: str | None) -> None:
    """Answer the next input dialog of ``controls`` (rename): ``text`` typed and accepted, None: cancelled."""

    def answer():
        dialog = getattr(controls, "dialog", None)
        if dialog is None or not dialog.isVisible():
            QTimer.singleShot(10, answer)
            return
        if text is None:
            dialog.reject()
        else:
            dialog.setTextValue(text)
            dialog.accept()

    QTimer.singleShot(0, answer)


def files_in(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_kept_runs_come_back_at_the_next_start_with_the_regex_forbidden(qtbot, window, train, tmp_path):
    tab = window.train_tab
    tab.settings_panel.apply(vocab_size=300, special_tokens=[])
    train(window)
    keep(qtbot, window, "mine")
    whole = tab.tokenizer
    left, right = whole.merges[10]
    forbid_from_the_menu(qtbot, window, tmp_path)  # the run steered away from is kept (as itself: renamed)
    settle(qtbot, tab)
    (run,) = window.session.kept.values()
    assert run.tokenizer is whole and run.forbidden.endswith(r"\Z") and run.name.startswith("plain · 300 · with")
    assert len(files_in(kept_runs_folder())) == 2  # one tokenizer, one information file
    tab.settings_panel.apply(vocab_size=310)
    train(window)
    keep(qtbot, window, "second")
    window.close()

    again = second_window(qtbot, tmp_path)
    kept = list(again.session.kept.values())
    assert [r.name for r in kept] == [run.name, "second"]
    assert kept[0].tokenizer.merges == whole.merges and kept[0].forbidden == run.forbidden
    assert (left + right).decode() in kept[0].forbidden
    assert kept[0].tokenizer.record.settings == whole.record.settings  # with its training record
    assert again.train_tab.keeping.kept_button.text() == "Kept runs (2)"
    submenu = next(a.menu() for a in again.train_tab.keeping.menu.actions() if a.text() == run.name)
    assert [a.text() for a in submenu.actions()] == [
        f"Forbade {run.forbidden}",
        "Show in Compare",
        "Rename…",
        "Save as…",
        "Forget",
    ]
    kept_menu_action(again, run.name, "Show in Compare").trigger()
    assert again.tabs.currentWidget() is again.compare_view
    assert again.compare_view.pane_records[kept[0].key].title == run.name
    assert set(again.train_tab.compression_chart.kept_curves) == {r.key for r in kept}
    again.close()


def test_rename_save_as_and_forget_a_kept_run(qtbot, window, train, tmp_path, monkeypatch):
    tab = window.train_tab
    tab.settings_panel.apply(vocab_size=300, special_tokens=[])
    train(window)
    keep(qtbot, window, "first")
    (key,) = window.session.kept
    controls = tab.keeping
    before = files_in(kept_runs_folder())

    answer_dialog(controls, None)  # Rename… cancelled: nothing changes
    kept_menu_action(window, "first", "Rename…").trigger()
    assert window.session.kept[key].name == "first" and files_in(kept_runs_folder()) == before
    answer_dialog(controls, "renamed")
    kept_menu_action(window, "first", "Rename…").trigger()
    assert window.session.kept[key].name == "renamed" and window.compare_view.pane_records[key].title == "renamed"

    target = tmp_path / "out" / "renamed.json"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args: (str(target), ""))
    kept_menu_action(window, "renamed", "Save as…").trigger()
    assert load_json(target).merges == window.session.kept[key].tokenizer.merges
    assert "Saved" in window.statusBar().currentMessage()

    again = second_window(qtbot, tmp_path)  # the new name is on disk
    assert [r.name for r in again.session.kept.values()] == ["renamed"]
    again.train_tab.keeping.rename(key, "R&D")  # an & in a name is shown, not taken for a shortcut
    assert [a.text() for a in again.train_tab.keeping.menu.actions()] == ["R&&D"]
    kept_menu_action(again, "R&&D", "Forget").trigger()
    assert again.session.kept == {} and files_in(kept_runs_folder()) == []
    again.close()
    third = second_window(qtbot, tmp_path)
    assert third.session.kept == {} and not third.train_tab.keeping.kept_button.isEnabled()
    third.close()


def test_closing_with_an_unsaved_run_says_the_kept_runs_stay_on_disk(qtbot, window, train, monkeypatch):
    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=[])
    train(window)
    keep(qtbot, window, "kept")
    monkeypatch.setattr(dialogs, "ask_unsaved", real_ask_unsaved)  # the real question (the fixture's answers)
    seen = []

    def read_and_cancel():
        box = next((w for w in QApplication.topLevelWidgets() if w.objectName() == "unsavedDialog"), None)
        if box is None or not box.isVisible():
            QTimer.singleShot(10, read_and_cancel)
            return
        seen.append(box.informativeText())
        box.button(QMessageBox.StandardButton.Cancel).click()

    QTimer.singleShot(0, read_and_cancel)
    window.close()
    assert window.isVisible() and "kept runs (1) stay on disk" in seen[0]
    monkeypatch.setattr(dialogs, "ask_unsaved", lambda parent, merges, **_: "discard")


def test_a_run_kept_before_is_drawn_at_the_next_start_without_the_hint_over_it(chinese, qtbot, window, train, tmp_path):
    """At the next start (1366×768, Chinese) the compression chart draws the kept run's curve with no "Press Train"
    hint over it (the hint covered the curve), and its legend's second row takes room of its own, not the plot's
    (40 px of plot were left)."""
    window.train_tab.settings_panel.apply(vocab_size=400)
    train(window)
    keep(qtbot, window, "kept before restart")
    again = second_window(qtbot, tmp_path)
    again.resize(1366, 698)
    again.show()
    qtbot.waitExposed(again)
    chart = again.train_tab.compression_chart
    qtbot.waitUntil(lambda: bool(chart.kept_curves) and bool(chart.reference_values), timeout=30000)
    qtbot.wait(50)
    assert not chart.hint.isVisible()
    rows = -(-len(chart.legend_row.items) // chart.legend_row.columnCount)
    assert rows == 2 and chart.getViewBox().height() >= 70, (rows, chart.getViewBox().height())
    again.close()
