"""How fast the Compare view follows a keystroke: 5,000 characters and 1 MB of text, in six panes (ours + gpt2,
cl100k_base, o200k_base + two added: r50k_base and our own engine on cl100k's ranks).

Run: ``python tests/bench/bench_compare.py [--quick]`` (offscreen Qt unless QT_QPA_PLATFORM is set). Goals (issue 25):
a keystroke costs at most one frame, ≤ 16 ms from a typed character to every pane drawn for 5,000 characters, and
≤ 50 ms for 1 MB. Figures, each the median of several runs:

- end to end: a character typed into the editor (a real key event, near the start, in the middle, at the end) until
  every pane shows the new text's tokens and has painted what changed in view, through the real encoding thread,
  queued signals and the typing timer; wall time and CPU time of both threads, once the text is loaded and its
  boxes laid out (what loading it takes is printed too);
- whole re-encode: what encoding the whole text in every pane costs (what every keystroke did before issue 25);
- render (5,000 characters): a pane given a new text, laying out every token box and painting the view;

Peer in the same run (5,000 characters): the same colored spans put in a ``QTextDocument`` (one ``QTextCharFormat``
per token, inserted in one pass, laid out and painted), the other way to draw tokens that was considered.
Each keystroke's panes are checked against a whole encode of the new text (ids identical).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QEvent, QObject, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QKeyEvent, QPainter, QTextCharFormat, QTextCursor, QTextDocument  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.common.sources import PaneSource, reference_source  # noqa: E402
from app.compare.compare_view import CompareView  # noqa: E402
from app.style import text_font  # noqa: E402
from bpe_core.encoding.tokenizer import Tokenizer  # noqa: E402
from bpe_core.training.trainer import train_bpe  # noqa: E402

PIECES = [
    "The quick brown fox jumps over the lazy dog while tokenizers count pairs. ",
    "def encode(self, text: str) -> list[int]:\n    return [self.ranks[b] for b in text.encode()]\n",
    "今天下午我们在河边散步，看见很多人在钓鱼。分词器把文字切成小块。",
    "Emoji 🙂👍🏽🇫🇷 and accents: café, naïve, Zürich. ",
    "for (int i = 0; i < n; ++i) { total += values[i] * 0.5f; }\n",
]


def sample_text(seed: int, chars: int = 5000) -> str:
    rng = random.Random(seed)
    parts, size = [], 0
    while size < chars:
        piece = rng.choice(PIECES)
        parts.append(piece)
        size += len(piece)
    return "".join(parts)[:chars]


def own_tokenizer() -> Tokenizer:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.txt"
        path.write_text("".join(sample_text(seed) for seed in range(100, 140)), encoding="utf-8")
        vocab, merges = train_bpe(path, 2000, processes=1)
    return Tokenizer(vocab, merges)


def median_ms(times: list[float]) -> float:
    return 1000 * statistics.median(times)


class PaintCounter(QObject):
    """Which of the panes' canvases painted."""

    def __init__(self):
        super().__init__()
        self.painted: set[int] = set()

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.painted.add(id(watched))
        return False


def settle(qt_app: QApplication, view: CompareView) -> None:
    """Process events until every pane has its newest result, then the paints that asks for (an edit repaints only
    the rows it changed in view: a pane whose view did not change does not paint)."""
    while True:
        qt_app.processEvents()
        if view.busy():
            time.sleep(0.0002)
            continue
        qt_app.processEvents()  # the update requests posted by the last results: painted here
        return


def six_panes(view: CompareView, tokenizer: Tokenizer) -> None:
    view.set_own_tokenizer(tokenizer, "bench 2000")
    view.show_source(reference_source("r50k_base"))
    view.show_source(PaneSource("ours-cl100k", "ours cl100k", Tokenizer.from_tiktoken("cl100k_base")))


#: Where the keystrokes go, in turn: near the start (in view in every pane: the rest of the view shifts), in the
#: middle and at the end of the text (usually out of view: nothing to repaint).
PLACES = ("start", "middle", "end")


def type_key(view: CompareView, char: str) -> None:
    """A real key event for ``char`` into the editor (as typing does)."""
    editor = view.editor
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(editor, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, char))


def keystrokes(qt_app, view: CompareView, text: str, runs: int) -> dict[str, list[float]]:
    """Type characters near the start, in the middle and at the end of ``text``; time each until every pane is
    drawn."""
    started = time.perf_counter()
    view.set_text(text)
    canvases = [pane.canvas.viewport() for key, pane in view.panes.items() if key in view.visible_keys()]
    settle(qt_app, view)
    shown = time.perf_counter() - started
    while not all(pane.canvas.layout_done() for pane in view.panes.values()):  # the rest of the boxes, in slices
        qt_app.processEvents()
    loaded = {"shown": shown, "laid out": time.perf_counter() - started}
    counter = PaintCounter()
    for canvas in canvases:
        canvas.installEventFilter(counter)
    found: dict[str, list[float]] = {"wall": [], "cpu": [], "painted": []}
    cursor = view.editor.textCursor()
    for run in range(runs):
        place = PLACES[run % len(PLACES)]
        where = {"start": 10, "middle": len(view.text()) // 2, "end": len(view.text())}[place]
        cursor.setPosition(where)  # ASCII text around here: a character is one UTF-16 unit
        view.editor.setTextCursor(cursor)
        settle(qt_app, view)
        counter.painted.clear()
        started, cpu = time.perf_counter(), time.process_time()
        type_key(view, "xe "[run % 3])
        settle(qt_app, view)
        found["wall"].append(time.perf_counter() - started)
        found["cpu"].append(time.process_time() - cpu)
        found["painted"].append(len(counter.painted))
        found.setdefault(place, []).append(time.perf_counter() - started)
        new = view.text()
        for key in view.visible_keys():
            pane, source = view.panes[key], view.sources[key]
            assert pane.result.view.text == new, key
            assert pane.ids() == source.tokenizer.encode(new), f"{key}: ids differ from a whole encode"
    for canvas in canvases:
        canvas.removeEventFilter(counter)
    found["load"] = loaded
    return found


def text_document_render(results, width: int, height: int) -> None:
    """The peer: each pane's tokens as background-colored spans of one QTextDocument, laid out and painted."""
    font = text_font()
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    formats: dict[int, QTextCharFormat] = {}
    for result in results:
        document = QTextDocument()
        document.setDefaultFont(font)
        document.setTextWidth(width)
        cursor = QTextCursor(document)
        cursor.beginEditBlock()
        for token in result.view.tokens:
            fmt = formats.get(token.id)
            if fmt is None:
                fmt = formats[token.id] = QTextCharFormat()
                fmt.setBackground(QColor.fromHsvF((token.id * 0.618) % 1.0, 0.3, 0.98))
            cursor.insertText(token.token.decode("utf-8", "replace"), fmt)
        cursor.endEditBlock()
        document.size()
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        document.drawContents(painter)
        painter.end()


def whole_encode(view: CompareView, text: str, runs: int) -> list[float]:
    sources = [view.sources[key] for key in view.visible_keys()]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        for source in sources:
            source.tokenizer.view(text)
        times.append(time.perf_counter() - started)
    return times


def render_and_peer(view: CompareView, runs: int) -> tuple[list[float], list[float]]:
    sources = [view.sources[key] for key in view.visible_keys()]
    render, peer = [], []
    for seed in range(runs):
        text = sample_text(seed)
        results = [source.encode(text) for source in sources]
        panes = [view.panes[result.key] for result in results]
        started = time.perf_counter()
        for pane, result in zip(panes, results):
            pane.set_result(result)
            pane.canvas.viewport().repaint()
        render.append(time.perf_counter() - started)
        canvas = panes[0].canvas.viewport()
        started = time.perf_counter()
        text_document_render(results, canvas.width(), canvas.height())
        peer.append(time.perf_counter() - started)
    return render, peer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--runs", type=int, default=0, help="keystrokes per text (default 9, quick 3)")
    parser.add_argument("--small-only", action="store_true", help="5,000 characters only (no 1 MB text)")
    args = parser.parse_args()
    runs = args.runs or (3 if args.quick else 9)
    qt_app = QApplication.instance() or QApplication([])
    view = CompareView(text="")
    view.resize(1600, 950)
    view.show()
    six_panes(view, own_tokenizer())
    view.set_text(sample_text(0))
    settle(qt_app, view)  # loads the reference ranks once
    panes = len(view.visible_keys())

    small = sample_text(1)
    big = (sample_text(2, 20_000) * 50)[:1_000_000]
    print(f"{panes} panes: {', '.join(view.visible_keys())}")
    render, peer = render_and_peer(view, runs)
    print(f"render 5,000 characters (GUI thread, every box laid out, view painted) {median_ms(render):7.1f} ms; ")
    print(f"  QTextDocument peer {median_ms(peer):7.1f} ms = {median_ms(peer) / median_ms(render):.1f}x ours")
    cases = [("5,000 characters", small, 16, runs), ("1 MB", big, 50, 1)]
    for label, text, goal, whole_runs in cases[:1] if args.small_only else cases:
        whole = median_ms(whole_encode(view, text, whole_runs))
        found = keystrokes(qt_app, view, text, runs)
        total = median_ms(found["wall"])
        print(
            f"{label}: keystroke -> {panes} panes drawn {total:8.1f} ms wall, {median_ms(found['cpu']):7.1f} ms CPU "
            f"(median of {runs}; max {1000 * max(found['wall']):.1f}; panes that repainted: {found['painted']})   "
            f"goal {goal} ms -> "
            f"{'met' if total <= goal else 'NOT met'};   whole re-encode of every pane {whole:8.1f} ms"
        )
        load = found["load"]
        print(
            f"   loading it: every pane drawn {1000 * load['shown']:.0f} ms, "
            f"all laid out {1000 * load['laid out']:.0f} ms"
        )
        print(
            "   by place: "
            + ", ".join(f"{place} {median_ms(found[place]):.1f} ms" for place in PLACES if place in found)
        )
    print(f"(machine load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; shared)")
    view.close()


if __name__ == "__main__":
    main()
