"""The Compare tab's Export menu (issue 19): five tokenizers (the three references, ours, a published model's
``tokenizer.json``) exported as the panes on screen (PNG, SVG) and as the whole text (PNG, SVG, HTML, CSV, JSON);
panes without tokens are left out and the status line says so; a named pipe at the path is refused."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import stat
import xml.etree.ElementTree as ET

import pytest
import tokenizers
from PySide6.QtGui import QImage

from app.common.sources import OWN_KEY, REFERENCE_PANES, source_key
from app.compare.compare_view import CompareView
from bpe_core.encoding import reference
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.training.trainer import train_bpe
from tests.test_foreign_builders import build_hf

TEXT = "Export the comparison: 分词器把文本切成词元。 x = 42 🙂\n"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def trained(tmp_path_factory) -> Tokenizer:
    corpus = tmp_path_factory.mktemp("corpus") / "corpus.txt"
    corpus.write_text("the comparison of tokenizers, 分词器和词元, exported. " * 40, encoding="utf-8")
    vocab, merges = train_bpe(corpus, 320, ["<|endoftext|>"], processes=1)
    return Tokenizer(vocab, merges, ["<|endoftext|>"])


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    """A Hugging Face ``tokenizer.json`` in a model's folder (its pane is titled with the folder's name)."""
    folder = tmp_path_factory.mktemp("published")
    model = folder / "DeepSeek-V3-0324"
    model.mkdir()
    shutil.copy(build_hf(folder, "qwen2_split_ignore_merges"), model / "tokenizer.json")
    return model / "tokenizer.json"


@pytest.fixture
def view(qtbot, trained, published):
    """The Compare view with five panes, each showing the ids its own library gives."""
    v = CompareView(text=TEXT)
    qtbot.addWidget(v)
    v.resize(1400, 900)
    v.show()
    v.set_own_tokenizer(trained, "exported")
    assert v.add_tokenizer_file(published) is not None
    expected = {name: reference.get_encoding(name).encode(TEXT, allowed_special="all") for name in REFERENCE_PANES}
    expected[OWN_KEY] = trained.encode(TEXT)
    hf = tokenizers.Tokenizer.from_file(str(published))
    expected[source_key(published)] = hf.encode(TEXT, add_special_tokens=False).ids
    qtbot.waitUntil(lambda: {k: v.panes[k].ids() for k in expected} == expected and not v.busy(), timeout=30000)
    yield v
    v.close()


@pytest.fixture
def shown(monkeypatch) -> list[str]:
    """The messages of the error dialogs shown (none is opened)."""
    messages = []
    monkeypatch.setattr(
        "app.common.widgets.dialogs.show_error", lambda _parent, _title, message, _details="": messages.append(message)
    )
    return messages


def titles(view) -> list[str]:
    return [record.title for record in view.pane_records.values()]


def test_the_menu_offers_every_kind(view):
    kinds = [action.data() for action in view.export_menu.actions() if not action.isSeparator()]
    assert kinds == ["screen_png", "screen_svg", "png", "svg", "html", "csv", "json"]
    assert view.toolbar.export_button.menu() is view.export_menu


def test_the_panes_as_shown_as_png_and_svg(view, tmp_path):
    png = view.export_menu.write("screen_png", tmp_path / "panes.png")
    data = png.read_bytes()
    assert data.startswith(PNG_MAGIC) and len(data) > 1000
    image = QImage(str(png))
    grid = view.pane_set.grid
    ratio = image.width() / grid.width()
    assert ratio >= 1 and image.height() == round(grid.height() * ratio)
    assert view.toolbar.status.text() == "Exported panes.png."
    svg = view.export_menu.write("screen_svg", tmp_path / "panes.svg")
    root = ET.parse(svg).getroot()
    assert root.get("width") == str(grid.width()) and root.findtext(f"{SVG}title") == "Tokenizer comparison"
    nested = root.findall(f"{SVG}svg")  # each pane's header and tokens, clipped to where they are on screen
    assert len(nested) == 2 * len(view.panes) and all(part.get("overflow") == "hidden" for part in nested)
    drawn = "".join(root.itertext())
    assert all(pane.title.shown_text() in drawn for pane in view.panes.values())  # as shown: long ones elided


def test_the_whole_text_as_png_and_svg_at_a_chosen_width(view, tmp_path):
    png = view.export_menu.write("png", tmp_path / "whole.png", 640)
    data = png.read_bytes()
    assert data.startswith(PNG_MAGIC) and len(data) > 1000
    image = QImage(str(png))
    assert image.width() == 640 and image.height() > 5 * 60  # five blocks of tokens
    svg = view.export_menu.write("svg", tmp_path / "whole.svg", 640)
    root = ET.parse(svg).getroot()
    assert root.get("width") == "640"
    drawn = "".join(root.itertext())
    assert all(title in drawn for title in titles(view))  # whole titles: laid out at its own width


def test_the_whole_text_as_a_page(view, tmp_path):
    page = view.export_menu.write("html", tmp_path / "comparison.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page.lower()
    assert all(title in page for title in titles(view))


def test_the_tokens_as_csv_and_json_are_the_panes_ids(view, tmp_path):
    rows = list(csv.DictReader(io.StringIO(view.export_menu.write("csv", tmp_path / "c.csv").read_text("utf-8"))))
    ids: dict[str, list[int]] = {}
    for row in rows:
        ids.setdefault(row["tokenizer"], []).append(int(row["id"]))
    assert ids == {record.title: record.widget.ids() for record in view.pane_records.values()}
    exported = json.loads(view.export_menu.write("json", tmp_path / "c.json").read_text("utf-8"))
    assert exported["text"] == TEXT
    for block, record in zip(exported["tokenizers"], view.pane_records.values(), strict=True):
        assert block["title"] == record.title and block["token_count"] == record.widget.token_count()
        assert [token["id"] for token in block["tokens"]] == record.widget.ids()


def test_panes_without_tokens_are_left_out_and_said(qtbot, view, tmp_path):
    broken = tmp_path / "Broken-Model" / "tokenizer.json"
    broken.parent.mkdir()
    broken.write_text("{not json", encoding="utf-8")
    key = view.add_source(broken)
    qtbot.waitUntil(lambda: not view.pane_records[key].loading and not view.busy(), timeout=30000)
    view.set_pane_visible("gpt2", False)  # a hidden pane is not exported, and not named
    view.export_menu.write("csv", tmp_path / "some.csv")
    said = view.toolbar.status.text()
    assert said == "Exported some.csv; left out, with no tokens to show: Broken-Model (not loaded)."
    exported = {row["tokenizer"] for row in csv.DictReader(io.StringIO((tmp_path / "some.csv").read_text("utf-8")))}
    assert len(exported) == 4 and "Broken-Model (not loaded)" not in exported and "tiktoken gpt2" not in exported


def test_exporting_through_the_menu_and_a_named_pipe_refused(view, tmp_path, monkeypatch, shown):
    chosen = tmp_path / "from-menu"  # the suffix is added
    monkeypatch.setattr(
        "app.compare.export_menu.QFileDialog.getSaveFileName", lambda *args: (str(chosen), "Web page (*.html)")
    )
    next(a for a in view.export_menu.actions() if a.data() == "html").trigger()
    assert (tmp_path / "from-menu.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>") and not shown
    monkeypatch.setattr("app.compare.export_menu.QInputDialog.getInt", lambda *args: (500, True))
    fifo = tmp_path / "pipe.svg"
    os.mkfifo(fifo)
    chosen = fifo
    assert view.export_menu.ask("svg") is None
    assert len(shown) == 1 and "pipe.svg" in shown[0] and "named pipe" in shown[0]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # never replaced


def test_nothing_to_export_says_so(qtbot, shown):
    view = CompareView(text="")
    qtbot.addWidget(view)
    for key in view.visible_keys():
        view.set_pane_visible(key, False)
    assert view.export_menu.ask("csv") is None
    assert shown == ["No pane shows tokens of the text yet: there is nothing to export."]
    view.close()
