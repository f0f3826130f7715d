"""Comparisons taken out of the window (bpe_core.render.comparison, bpe_core.render.html_tokens): per-token rows exact
against tiktoken, HTML that escapes everything and fetches nothing, SVG that parses and wraps, CSV and JSON that give
the ids and spans back, and `bpe compare --html/--svg/--csv/--json`."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import bpe_resources
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_core.cli import main
from bpe_core.corpus.samples import corpus_path
from bpe_core.encoding.reference import get_encoding
from bpe_core.encoding.tokenizer import Tokenizer
from bpe_core.file_errors import TokenizerWriteError
from bpe_core.formats import load_any, save_json, write_chunks_atomically
from bpe_core.render.comparison import CSV_COLUMNS, Comparison, compare
from bpe_core.render.html_tokens import MARGIN, Summary
from bpe_core.render.token_label import render_token
from bpe_core.render.token_style import SPECIAL_FILL, TOL_LIGHT, token_fill
from bpe_core.training.merged_vocab import vocab_from_merges

SAMPLES = Path(bpe_resources.__file__).parent / "samples"
CODE = '''def merge(ids: list[int], pair: tuple[int, int], new: int) -> list[int]:
    """Replace each `pair` in `ids` with `new`."""
    out, i = [], 0
    while i < len(ids):
        if ids[i : i + 2] == list(pair):
            out.append(new); i += 2
        else:
            out.append(ids[i]); i += 1
    return out  # 🙂 done
'''
TEXTS = {
    "english": (SAMPLES / "english.txt").read_text(encoding="utf-8")[:3000],
    "chinese": (SAMPLES / "chinese.txt").read_text(encoding="utf-8")[:1500],
    "code": CODE,
}
HOSTILE = "<script>alert('x')</script> & \"q\" 鬱 你好 🙂\n\n\ttab <|endoftext|>"


@pytest.fixture(scope="module")
def tokenizers():
    return {name: load_any(name) for name in ("gpt2", "cl100k_base", "o200k_base")}


class TokenSpans(HTMLParser):
    """The token spans of a page: their classes, hover titles and label text (entities unescaped)."""

    def __init__(self):
        super().__init__()
        self.tokens: list[dict] = []
        self.chars: list[str] = []
        self._open: list[dict | None] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        if tag == "br":
            return
        attrs = dict(attrs)
        record = None
        classes = (attrs.get("class") or "").split()
        if "bpe-t" in classes:
            record = {"classes": classes, "title": attrs["title"], "style": attrs.get("style"), "text": ""}
            self.tokens.append(record)
        elif "bpe-char" in classes:
            record = {"char": ""}
            self.chars.append(record)
        self._open.append(record)

    def handle_endtag(self, tag):
        self._open.pop()

    def handle_data(self, data):
        for record in self._open:
            if record is not None and "text" in record:
                record["text"] += data
            elif record is not None:
                record["char"] += data


def parse_page(page: str) -> TokenSpans:
    parser = TokenSpans()
    parser.feed(page)
    parser.close()
    return parser


# ----- exact per-token rows -----


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base"])
@pytest.mark.parametrize("kind", sorted(TEXTS))
def test_rows_are_tiktokens_ids_and_bytes(tokenizers, name, kind):
    text = TEXTS[kind]
    encoding = get_encoding(name)
    rows = list(compare(text, [(name, tokenizers[name])]).rows())
    assert [row["id"] for row in rows] == encoding.encode(text, allowed_special="all")
    assert [bytes.fromhex(row["bytes_hex"]) for row in rows] == [
        encoding.decode_single_token_bytes(row["id"]) for row in rows
    ]
    data = text.encode("utf-8")
    position = 0
    for index, row in enumerate(rows):
        assert row["index"] == index and row["byte_start"] == position
        assert data[row["byte_start"] : row["byte_end"]] == bytes.fromhex(row["bytes_hex"])
        whole = text[row["char_start"] : row["char_end"]].encode("utf-8")
        assert bytes.fromhex(row["bytes_hex"]) in whole
        assert bool(row["partial"]) == (whole != bytes.fromhex(row["bytes_hex"]))
        position = row["byte_end"]
    assert position == len(data)


def test_summaries_are_the_compare_tabs_figures(tokenizers):
    text = TEXTS["chinese"]
    comparison = compare(text, [(name, tok) for name, tok in tokenizers.items()])
    for (name, _), summary in zip(comparison.views, comparison.summaries()):
        count = len(get_encoding(name).encode(text))
        assert (summary.tokens, summary.chars, summary.bytes) == (count, len(text), len(text.encode()))
        assert str(summary) == (
            f"{count:,} tokens · {len(text) / count:.2f} chars/token · {len(text.encode()) / count:.2f} bytes/token"
        )
    assert str(Summary(1, 2, 3)) == "1 token · 2.00 chars/token · 3.00 bytes/token"
    assert str(Summary(0, 0, 0)) == "0 tokens"


def test_compare_loads_sources_and_titles_them(tmp_path):
    merges = [(b"h", b"e"), (b"l", b"l")]
    ours = Tokenizer(vocab_from_merges(merges), merges, ["<|e|>"])
    save_json(ours, tmp_path / "ours.json")
    comparison = compare("hello<|e|>", ["gpt2", tmp_path / "ours.json"])
    assert [title for title, _ in comparison.views] == ["gpt2", str(tmp_path / "ours.json")]
    assert [t.id for t in comparison.views[1][1].tokens] == ours.encode("hello<|e|>") == [256, 257, 111, 258]
    with pytest.raises(ValueError, match="No such file"):
        compare("hello", [tmp_path / "missing.json"])


def test_a_comparison_is_of_one_text(tokenizers):
    with pytest.raises(ValueError, match="at least one"):
        Comparison([])
    gpt2 = tokenizers["gpt2"]
    with pytest.raises(ValueError, match="different texts"):
        Comparison([("a", gpt2.view("one")), ("b", gpt2.view("two"))])


# ----- HTML -----


def test_html_escapes_everything_and_labels_tokens_as_the_window(tokenizers):
    comparison = compare(HOSTILE, list(tokenizers.items()))
    page = comparison.to_html()
    assert page.startswith("<!DOCTYPE html>") and "default-src 'none'" in page
    assert "<script" not in page.lower().replace("&lt;script", "")
    for fetching in ("src=", "href=", "url(", "@import", "http://", "https://"):
        assert fetching not in page
    parsed = parse_page(page)
    assert not parsed.tags & {"script", "img", "link", "iframe", "object"}
    tokens = [token for _, view in comparison.views for token in view.tokens]
    assert len(parsed.tokens) == len(tokens)
    for drawn, token in zip(parsed.tokens, tokens):
        assert drawn["text"] == render_token(token.token)  # '<', '&', quotes come back exactly
        assert drawn["title"].startswith(f"id {token.id} · token {token.index + 1} of ")
        assert f"bytes: {token.token.hex(' ').upper()} ({len(token.token)})" in drawn["title"]
        if token.special:
            assert "bpe-special" in drawn["classes"] and drawn["style"] is None
            assert drawn["text"] == "<|endoftext|>" and drawn["title"].endswith("special token")
        else:
            assert drawn["style"] == f"background: {token_fill(token.id)}"
    labels = {drawn["text"] for drawn in parsed.tokens}
    assert {"<script", "␣&", '␣"'} <= labels or {"<", "script"} <= labels
    assert any("↵" in label for label in labels) and any("⇥" in label for label in labels)
    assert '<span class="bpe-hex">&lt;E9&gt;</span>' in page  # gpt2 cuts 鬱 into its three bytes
    assert {"␣鬱", "你", "好"} == {record["char"] for record in parsed.chars}  # under their brackets
    assert "␣🙂" in labels  # one token in all three
    assert "part of a character: bytes 0-0 of 3 of &#x27;鬱&#x27;" in page


def test_html_breaks_rows_after_newlines(tokenizers):
    for name, newlines in (("gpt2", "↵</span><br><span"), ("cl100k_base", "↵↵</span><br><br><span")):
        page = compare("a\n\nb", [(name, tokenizers[name])]).to_html()
        assert newlines in page and page.count("<br>") == 2


def test_titles_and_page_title_are_escaped(tokenizers):
    view = tokenizers["gpt2"].view("x")
    page = Comparison([('<img src=x onerror="alert(1)">\x00', view)]).to_html(title="<b>&</b>")
    assert "<title>&lt;b&gt;&amp;&lt;/b&gt;</title>" in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;\ufffd</h2>" in page
    assert not parse_page(page).tags & {"img", "b"}


def test_the_colours_are_the_windows(tokenizers):
    from app.style import token_color

    assert all(token_color(i).name() == token_fill(i) for i in range(0, 200_000, 97))
    view = tokenizers["o200k_base"].view("Hello world<|endoftext|>")
    safe = Comparison([("o200k", view)]).to_html(safe=True)
    colours = {m.upper() for m in re.findall(r'style="background: (#\w{6})"', safe)}
    assert colours <= set(TOL_LIGHT) and SPECIAL_FILL in safe


def test_views_and_comparisons_show_themselves_in_jupyter(tokenizers):
    view = tokenizers["cl100k_base"].view("Hello 世界")
    for drawn in (view._repr_html_(), Comparison([("cl100k", view)])._repr_html_()):
        assert drawn.startswith('<div class="bpe"><style>') and "<!DOCTYPE" not in drawn
        assert len(parse_page(drawn).tokens) == len(view.tokens)


# ----- SVG -----


def svg_boxes(svg: str) -> list[tuple[float, float, float]]:
    """(x, y, width) of each token box (every rect but the background)."""
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    return [(float(r.get("x")), float(r.get("y")), float(r.get("width"))) for r in root.iter(f"{ns}rect") if r.get("x")]


def test_svg_parses_and_wraps_at_its_width(tokenizers):
    comparison = compare(TEXTS["english"][:600] + HOSTILE, list(tokenizers.items()))
    narrow, wide = comparison.to_svg(width=300), comparison.to_svg(width=1200)
    for svg, width in ((narrow, 300), (wide, 1200)):
        root = ET.fromstring(svg)  # valid XML, whatever the text held
        assert root.get("width") == str(width) and "Noto Sans CJK SC" in root.get("font-family")
        boxes = svg_boxes(svg)
        assert len(boxes) == sum(len(view.tokens) for _, view in comparison.views)
        assert all(x + w <= width - MARGIN + 0.11 for x, _, w in boxes)
        titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
        assert titles[0].startswith("id ") and len(titles) == len(boxes)
    rows = lambda svg: len({y for _, y, _ in svg_boxes(svg)})  # noqa: E731
    assert rows(narrow) > 2 * rows(wide)
    texts = "".join(t.text or "" for t in ET.fromstring(narrow).iter("{http://www.w3.org/2000/svg}text"))
    assert "<script" in texts and "<|endoftext|>" in texts and "<E9>" in texts and "鬱" in texts


def test_svg_refuses_a_width_too_narrow(tokenizers):
    comparison = Comparison([("gpt2", tokenizers["gpt2"].view("x"))])
    for width in (50, float("nan")):
        with pytest.raises(ValueError, match="at least 120 pixels"):
            comparison.to_svg(width)


# ----- CSV and JSON -----


def test_csv_and_json_give_the_ids_and_spans_back(tokenizers):
    text = TEXTS["code"] + HOSTILE
    comparison = compare(text, list(tokenizers.items()))
    rows = list(csv.DictReader(io.StringIO(comparison.to_csv())))
    assert tuple(rows[0]) == CSV_COLUMNS
    document = json.loads(comparison.to_json())
    assert document["text"] == text
    for (title, view), entry in zip(comparison.views, document["tokenizers"]):
        mine = [row for row in rows if row["tokenizer"] == title]
        spans = [(t.id, t.byte_start, t.byte_end, t.start, t.end) for t in view.tokens]
        assert [tuple(int(r[k]) for k in ("id", "byte_start", "byte_end", "char_start", "char_end")) for r in mine] == (
            spans
        )
        assert [(t["id"], t["byte_start"], t["byte_end"], t["char_start"], t["char_end"]) for t in entry["tokens"]] == (
            spans
        )
        assert [r["special"] == "True" for r in mine] == [t["special"] for t in entry["tokens"]]
        assert [r["text"] for r in mine] == [t["text"] for t in entry["tokens"]]
        summary = Summary.of(view)
        assert entry["title"] == title and entry["token_count"] == summary.tokens == len(view.tokens)
        assert entry["chars_per_token"] == len(text) / len(view.tokens)
        assert entry["bytes_per_token"] == len(text.encode()) / len(view.tokens)
    partial = [r["partial"] for r in rows if r["tokenizer"] == "gpt2" and r["partial"]]
    assert "bytes 0-0 of 3 of '鬱'" in partial


@settings(max_examples=150, deadline=None)
@given(text=st.text())
def test_csv_byte_spans_tile_the_text(tokenizers, text):
    comparison = compare(text, [("gpt2", tokenizers["gpt2"]), ("cl100k_base", tokenizers["cl100k_base"])])
    data = comparison.text.encode("utf-8")
    rows = list(csv.DictReader(io.StringIO(comparison.to_csv())))
    for title in ("gpt2", "cl100k_base"):
        mine = [row for row in rows if row["tokenizer"] == title]
        assert b"".join(data[int(r["byte_start"]) : int(r["byte_end"])] for r in mine) == data
        assert b"".join(bytes.fromhex(r["bytes_hex"]) for r in mine) == data
        assert all(int(a["byte_end"]) == int(b["byte_start"]) for a, b in zip(mine, mine[1:]))


# ----- files -----


@pytest.mark.parametrize("fmt", ["html", "csv", "json"])
def test_a_comparison_of_many_tokens_is_written_without_being_held_whole(tokenizers, tmp_path, fmt):
    """`bpe compare --json` of 3 MB of code under the four references took 12 GB (every token a dict, then one
    string for json.dumps), --html 4.1 GB and --csv 2.5 GB; the files are now written as they are made. Traced
    here, beside the views already made: the peak is under half the file (it was several times its size)."""
    import tracemalloc

    text = corpus_path("english-prose").read_text(encoding="utf-8")[:150_000]
    comparison = Comparison([(name, tokenizers[name].view(text)) for name in ("gpt2", "o200k_base")])
    path = tmp_path / f"c.{fmt}"
    whole = getattr(comparison, f"to_{fmt}")()  # what the views make once (their tokens, groups) is made here
    tracemalloc.start()
    try:
        comparison.save(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    size = path.stat().st_size
    assert path.read_text(encoding="utf-8") == whole
    assert peak < size / 2, f"{peak / 1e6:.1f} MB traced to write {size / 1e6:.1f} MB"


def test_a_comparison_stopped_while_it_is_written_leaves_the_old_file(tmp_path):
    """Ctrl-C (or a character the encoding cannot write) in the middle of a streamed file: the file that was there
    stays as it was, and no temporary file is left beside it."""
    path = tmp_path / "c.json"
    path.write_text("before", encoding="utf-8")

    def chunks(stop):
        yield "x" * 100_000
        raise stop

    with pytest.raises(KeyboardInterrupt):
        write_chunks_atomically(path, chunks(KeyboardInterrupt()))
    with pytest.raises(TokenizerWriteError, match="a character cannot be written as utf-8") as caught:
        write_chunks_atomically(path, ["ok", "\ud800"])
    assert str(caught.value).count(str(path)) == 1  # not "cannot write P: cannot write P: ..." (found in review)
    assert path.read_text(encoding="utf-8") == "before" and [p.name for p in tmp_path.iterdir()] == ["c.json"]


def test_save_writes_each_format_and_refuses_what_is_not_a_file(tokenizers, tmp_path):
    comparison = Comparison([("gpt2", tokenizers["gpt2"].view("hello 世界"))])
    for suffix in ("html", "svg", "png", "csv", "json"):
        comparison.save(tmp_path / f"out.{suffix}")
    assert (tmp_path / "out.html").read_text(encoding="utf-8") == comparison.to_html()
    comparison.save(tmp_path / "drawing", "svg", width=300)
    assert ET.parse(tmp_path / "drawing").getroot().get("width") == "300"
    with pytest.raises(ValueError, match="html, svg, png, csv, json, not 'txt'"):
        comparison.save(tmp_path / "out.txt")
    fifo = tmp_path / "fifo.html"
    os.mkfifo(fifo)
    with pytest.raises(TokenizerWriteError, match="named pipe"):
        comparison.save(fifo)  # refused, never opened (opening would wait for a reader)
    with pytest.raises(TokenizerWriteError, match="a device"):
        comparison.save("/dev/null", "html")


# ----- the command -----


def test_cli_writes_every_format(tmp_path, capsys):
    text = "hello 世界 <b>"
    paths = {fmt: tmp_path / f"c.{fmt}" for fmt in ("html", "svg", "csv", "json")}
    args = ["compare", text, "--tokenizer", "cl100k_base", "--width", "400"]
    for fmt, path in paths.items():
        args += [f"--{fmt}", str(path)]
    assert main(args) == 0
    assert capsys.readouterr().out.split() == [str(p) for p in paths.values()]
    order = ["cl100k_base", "gpt2", "r50k_base", "o200k_base"]  # the given ones, then the references
    expected = compare(text, order)
    assert paths["html"].read_text(encoding="utf-8") == expected.to_html()
    assert paths["svg"].read_text(encoding="utf-8") == expected.to_svg(400)
    assert paths["csv"].read_text(encoding="utf-8") == expected.to_csv()
    document = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert [entry["title"] for entry in document["tokenizers"]] == order
    assert document["tokenizers"][0]["token_count"] == len(get_encoding("cl100k_base").encode(text))


def test_cli_checks_its_outputs_before_any_work(tmp_path, capsys):
    assert main(["compare", "hi", "--svg", str(tmp_path / "x.svg"), "--width", "50"]) == 2
    assert capsys.readouterr().err == "bpe: error: --width 50: the SVG is at least 120 pixels wide\n"
    assert main(["compare", "hi", "--html", "/dev/null"]) == 1
    assert "cannot write /dev/null: it is a device" in capsys.readouterr().err
    assert main(["compare", "hi", "--csv", str(tmp_path / "no" / "such" / "c.csv")]) == 1
    assert "does not exist" in capsys.readouterr().err
    kept = tmp_path / "kept.json"
    kept.write_text("mine", encoding="utf-8")
    assert main(["compare", "hi", "--tokenizer", str(tmp_path / "missing.json"), "--json", str(kept)]) == 1
    assert kept.read_text(encoding="utf-8") == "mine"


def test_cli_reads_a_file_and_runs_as_a_process(tmp_path):
    (tmp_path / "t.txt").write_text("print('你好')\n", encoding="utf-8")
    out = tmp_path / "t.html"
    result = subprocess.run(
        [sys.executable, "-m", "bpe_core", "compare", "--file", str(tmp_path / "t.txt"), "--html", str(out)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{out}\n"
    assert ">print</span>" in out.read_text(encoding="utf-8")


def test_a_comparison_written_to_a_full_disk_is_refused_and_the_file_there_is_kept(tokenizers, full_disk, capsys):
    """The streamed writers (HTML, CSV, JSON) on a full disk: "no space left on device" naming the file once, the
    file there before (the filler) byte for byte the same, no temporary file left; `bpe compare` exits 1 so."""
    comparison = Comparison([("gpt2", tokenizers["gpt2"].view("hello world " * 2_000))])
    target = full_disk / "filler"
    before = target.read_bytes()
    for fmt in ("html", "csv", "json"):
        with pytest.raises(TokenizerWriteError, match="No space left on device") as caught:
            comparison.save(target, fmt)
        assert str(caught.value).count(str(target)) == 1
    assert main(["compare", "hello " * 2_000, "--json", str(target)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    assert target.read_bytes() == before and [p.name for p in full_disk.iterdir()] == ["filler"]
