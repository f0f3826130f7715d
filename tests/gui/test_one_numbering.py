"""One numbering for people (issue 41, item 3): merge 1 is the first merge. One merge of a small run is named by
the same number in the Train tab's table and charts, the Teach window's slider and replay, *Why this merge*, the
Compare tab's tooltip and the merge tree, in English and in Chinese; the files keep ranks from 0."""

import csv
import io

import pytest
from PySide6.QtCore import Qt

from app.common.charts.export import plotted_csv
from app.teaching.merge_tree_drawing import node_lines
from app.train.merges_model import RANK, RAW_ROLE
from bpe_core.teaching.merge_tree import MergeTrees

#: The merge followed through the views: rank 9 in the files, merge 10 for people.
RANK_SHOWN = 9

#: What each view says of merge 10, by language: the table's column, the count chart's axis, then the beginning
#: (or a part) of the pair chart's title, Why this merge, Compare's tooltip, Teach's slider, Replay and a tree node.
WORDS = {
    "en": {
        "column": "Merge",
        "axis": "merge",
        "pairs": "Top pairs at merge 10 ",
        "why": "Merge 10: ",
        "tooltip": "· merge 10<",
        "slider": "Merge 10, the last in the vocabulary at this size",
        "replay": "Merge 10: ",
        "position": "merge 10 of ",
        "node": "· merge 10",
    },
    "zh_CN": {
        "column": "合并序号",
        "axis": "合并序号",
        "pairs": "第 10 次合并时",
        "why": "第 10 次合并：",
        "tooltip": "· 第 10 次合并<",
        "slider": "第 10 次合并，即当前大小词表的最后一次",
        "replay": "第 10 次合并：",
        "position": "第 10 次合并，共 ",
        "node": "· 第 10 次合并",
    },
}


@pytest.fixture(params=list(WORDS))
def language(request):
    """The interface's language for the test (English, or every zh_CN translation installed)."""
    if request.param != "en":
        request.getfixturevalue("chinese")
    return request.param


def test_one_merge_has_one_number_in_every_view(qtbot, language, window, train):
    words = WORDS[language]
    window.train_tab.settings_panel.apply(vocab_size=300)
    train(window)
    tab = window.train_tab
    step = tab.history.steps[RANK_SHOWN]

    vocabulary = window.vocabulary_tab  # Why this merge follows the row selected in the Train tab
    window.tabs.setCurrentWidget(vocabulary)
    vocabulary.pages.setCurrentWidget(vocabulary.why)
    with qtbot.waitSignal(vocabulary.why.explained, timeout=30000):
        tab.select_rank(RANK_SHOWN)
    assert vocabulary.why.title.text().startswith(words["why"])

    model, row = tab.model, tab.proxy.mapToSource(tab.table.selectionModel().selectedRows()[0]).row()
    assert model.headerData(RANK, Qt.Orientation.Horizontal) == words["column"]
    assert model.index(row, RANK).data() == "10" and model.index(row, RANK).data(RAW_ROLE) == RANK_SHOWN
    assert model.index(0, RANK).data() == "1"  # the first row is merge 1
    assert words["pairs"] in tab.pair_chart.title_text
    chart = tab.count_chart
    assert chart.axis_labels["bottom"] == words["axis"]
    assert chart.marker.value() == 10 and chart.curve.getOriginalDataset()[0][0] == 1
    exported = list(csv.DictReader(io.StringIO(plotted_csv(chart.getPlotItem()))))  # its CSV: a column "merge"
    assert [row["merge"] for row in exported[:10]] == [str(n) for n in range(1, 11)]
    assert float(exported[RANK_SHOWN]["y"]) == step.count

    window.tabs.setCurrentWidget(window.compare_view)
    token_text = step.token.decode("utf-8", "replace")
    window.compare_view.set_text(f"{token_text}{token_text}")
    canvas = window.compare_view.panes["own"].canvas  # ours at merge 10: the token merge 10 made is there
    qtbot.waitUntil(lambda: step.new_id in [t.id for t in getattr(canvas.view, "tokens", ())], timeout=10000)
    index = [t.id for t in canvas.view.tokens].index(step.new_id)
    assert words["tooltip"] in canvas.tooltip_html(index) + "<"

    window.teach_action.trigger()
    teaching = window.teaching
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    teaching.slider.set_k(RANK_SHOWN + 1)  # the slider at 10 merges: its last is merge 10
    assert teaching.slider.merge_label.text().startswith(words["slider"])
    teaching.show_view("replay")
    teaching.replay.go_to(RANK_SHOWN)
    assert teaching.replay.step_label.text().startswith(words["replay"])
    assert teaching.replay.position.text().startswith(words["position"])
    assert tab.model.index(tab.current_rank, RANK).data() == "10"  # the main window follows: the same number

    tree = MergeTrees(tab.tokenizer).tree(step.new_id)
    assert node_lines(tree)[1] == f"#{step.new_id} {words['node']}"
