"""One numbering for people (issue 41, item 3): merge 1 is the first merge. One merge of a small run is named by
the same number in the Train tab's table and charts, the Teach window's slider and replay, *Why this merge*, the
Compare tab's tooltip and the merge tree; the files keep ranks from 0."""

from PySide6.QtCore import Qt

from app.teaching.merge_tree_view import node_lines
from app.train.merges_model import RANK, RAW_ROLE
from bpe_core.teaching.merge_tree import MergeTrees

#: The merge followed through the views: rank 9 in the files, merge 10 for people.
RANK_SHOWN = 9
NUMBER = "10"


def test_one_merge_has_one_number_in_every_view(qtbot, window, train):
    window.train_tab.settings_panel.apply(vocab_size=300)
    train(window)
    tab = window.train_tab
    step = tab.history.steps[RANK_SHOWN]
    token_text = step.token.decode("utf-8", "replace")

    vocabulary = window.vocabulary_tab  # Why this merge follows the row selected in the Train tab
    window.tabs.setCurrentWidget(vocabulary)
    vocabulary.pages.setCurrentWidget(vocabulary.why)
    with qtbot.waitSignal(vocabulary.why.explained, timeout=30000):
        tab.select_rank(RANK_SHOWN)
    assert vocabulary.why.title.text().startswith(f"Merge {NUMBER}: ")

    model, row = tab.model, tab.proxy.mapToSource(tab.table.selectionModel().selectedRows()[0]).row()
    assert model.headerData(RANK, Qt.Orientation.Horizontal) == "Merge"
    assert model.index(row, RANK).data() == NUMBER and model.index(row, RANK).data(RAW_ROLE) == RANK_SHOWN
    assert model.index(0, RANK).data() == "1"  # the first row is merge 1
    assert f"at merge {NUMBER} " in tab.pair_chart.title_text
    chart = tab.count_chart
    assert chart.axis_labels["bottom"] == "merge"
    assert chart.marker.value() == int(NUMBER) and chart.curve.getOriginalDataset()[0][0] == 1

    window.tabs.setCurrentWidget(window.compare_view)
    window.compare_view.set_text(f"{token_text}{token_text}")
    canvas = window.compare_view.panes["own"].canvas  # ours at merge 10: the token merge 10 made is there
    qtbot.waitUntil(lambda: step.new_id in [t.id for t in getattr(canvas.view, "tokens", ())], timeout=10000)
    index = [t.id for t in canvas.view.tokens].index(step.new_id)
    assert f"· merge {NUMBER}<" in canvas.tooltip_html(index) + "<"

    window.teach_action.trigger()
    teaching = window.teaching
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    teaching.slider.set_k(RANK_SHOWN + 1)  # the slider at 10 merges: the last one used is merge 10
    assert teaching.slider.merge_label.text().startswith(f"Merge {NUMBER} (the last one used)")
    teaching.show_view("replay")
    teaching.replay.go_to(RANK_SHOWN)
    assert teaching.replay.step_label.text().startswith(f"Merge {NUMBER}: ")
    assert teaching.replay.position.text().startswith(f"merge {NUMBER} of ")
    assert tab.model.index(tab.current_rank, RANK).data() == NUMBER  # the main window follows: the same number

    tree = MergeTrees(tab.tokenizer).tree(step.new_id)
    assert node_lines(tree)[1] == f"#{step.new_id} · merge {NUMBER}"
