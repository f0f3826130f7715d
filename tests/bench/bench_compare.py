"""How fast the Compare view re-renders 5,000 characters across four panes (ours + gpt2, cl100k_base, o200k_base).

Run: ``python tests/bench/bench_compare.py`` (offscreen Qt unless QT_QPA_PLATFORM is set). The goal is 100 ms from
a changed text to four drawn panes. Three figures, each the median of several runs:

- encode: what the encoding thread does (engine token records + pre-token chunks, four panes);
- render: what the GUI thread does with the results (lay out every token box, paint what is in view);
- end to end: a keystroke in the editor until all four panes are drawn again, through the real encoding thread
  and queued signals (the typing pause before encoding starts is left out).

Peer in the same run: the same colored spans put in a ``QTextDocument`` (one ``QTextCharFormat`` per token,
inserted in one pass, laid out and painted), the other way to draw tokens that was considered; its time is
printed as a ratio to ours.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtGui import QColor, QImage, QPainter, QTextCharFormat, QTextCursor, QTextDocument  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.compare.compare_view import CompareView  # noqa: E402
from app.compare.token_canvas import text_font  # noqa: E402
from bpe_core.tokenizer import Tokenizer  # noqa: E402
from bpe_core.trainer import train_bpe  # noqa: E402

CHARS = 5000
RUNS = 9
PIECES = [
    "The quick brown fox jumps over the lazy dog while tokenizers count pairs. ",
    "def encode(self, text: str) -> list[int]:\n    return [self.ranks[b] for b in text.encode()]\n",
    "今天下午我们在河边散步，看见很多人在钓鱼。分词器把文字切成小块。",
    "Emoji 🙂👍🏽🇫🇷 and accents: café, naïve, Zürich. ",
    "for (int i = 0; i < n; ++i) { total += values[i] * 0.5f; }\n",
]


def sample_text(seed: int) -> str:
    rng = random.Random(seed)
    parts, size = [], 0
    while size < CHARS:
        piece = rng.choice(PIECES)
        parts.append(piece)
        size += len(piece)
    return "".join(parts)[:CHARS]


def own_tokenizer() -> Tokenizer:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "corpus.txt"
        path.write_text("".join(sample_text(seed) for seed in range(100, 140)), encoding="utf-8")
        vocab, merges = train_bpe(path, 2000, processes=1)
    return Tokenizer(vocab, merges)


def median_ms(times: list[float]) -> float:
    return 1000 * statistics.median(times)


def wait(qt_app: QApplication, view: CompareView) -> None:
    while view.busy():
        qt_app.processEvents()
        time.sleep(0.0005)
    qt_app.processEvents()


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
        document.size()  # forces the layout of the whole document, as a QTextEdit's scroll range needs
        image.fill(0xFFFFFFFF)
        painter = QPainter(image)
        document.drawContents(painter)
        painter.end()


def main() -> None:
    qt_app = QApplication.instance() or QApplication([])
    tokenizer = own_tokenizer()
    view = CompareView(text="")
    view.resize(1600, 950)
    view.show()
    view.set_own_tokenizer(tokenizer, "bench 2000")
    view.set_text(sample_text(0))
    wait(qt_app, view)  # loads the reference ranks once

    texts = [sample_text(seed) for seed in range(RUNS)]
    sources = [view.sources[key] for key in view.visible_keys()]
    encode_times, render_times, peer_times, end_to_end, end_to_end_cpu = [], [], [], [], []
    for text in texts:
        started = time.perf_counter()
        results = [source.encode(text) for source in sources]
        encode_times.append(time.perf_counter() - started)

        panes = [view.panes[result.key] for result in results]
        started = time.perf_counter()
        for pane, result in zip(panes, results):
            pane.set_result(result)
            pane.canvas.viewport().repaint()
        render_times.append(time.perf_counter() - started)

        canvas = panes[0].canvas.viewport()
        started = time.perf_counter()
        text_document_render(results, canvas.width(), canvas.height())
        peer_times.append(time.perf_counter() - started)

    view.set_text(texts[0])
    wait(qt_app, view)
    cursor = view.editor.textCursor()
    for seed in range(RUNS):
        cursor.movePosition(QTextCursor.MoveOperation.End)
        view.editor.setTextCursor(cursor)
        started, cpu = time.perf_counter(), time.process_time()
        view.editor.insertPlainText(" xyz"[seed % 4])  # a keystroke at the end of the text
        view.encode_now()  # as the typing pause's timer does
        wait(qt_app, view)
        end_to_end.append(time.perf_counter() - started)
        end_to_end_cpu.append(time.process_time() - cpu)
        assert all(pane.result.view.text == view.text() for pane in view.panes.values())

    tokens = {key: pane.token_count() for key, pane in view.panes.items()}
    print(f"text: {CHARS:,} characters (English, code, Chinese, emoji); tokens per pane: {tokens}")
    print(f"median of {RUNS} runs, four panes:")
    encode, render, peer = median_ms(encode_times), median_ms(render_times), median_ms(peer_times)
    print(f"  encode (encoding thread)         {encode:7.1f} ms")
    print(f"  render (GUI thread, our canvas)  {render:7.1f} ms")
    print(f"  render (GUI thread, QTextDocument peer) {peer:7.1f} ms  = {peer / render:.1f}x ours")
    total = median_ms(end_to_end)
    print(
        f"  end to end (keystroke -> four panes drawn) {total:7.1f} ms wall, "
        f"{median_ms(end_to_end_cpu):.1f} ms CPU (both threads)   goal: 100 ms -> "
        f"{'met' if total <= 100 else 'NOT met'}"
    )
    print(f"  (machine load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores)")
    view.close()


if __name__ == "__main__":
    main()
