"""``python -m app.compare [--text TEXT | --file PATH] [--open TOKENIZER.json] [--add FILE]... [--stacked]``
opens the Compare view on its own (for development and demonstrations).

``--screenshot PATH`` saves a picture of the window once every pane is drawn, then quits.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from bpe_core.formats import load_json


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m app.compare", description="Compare how tokenizers cut a text.")
    parser.add_argument("--text", help="the text to compare")
    parser.add_argument("--file", help="a UTF-8 text file to compare")
    parser.add_argument("--open", metavar="TOKENIZER.json", help="a saved tokenizer for the 'Ours' pane")
    parser.add_argument(
        "--add",
        action="append",
        default=[],
        metavar="FILE",
        help="another tokenizer pane (.json, or .tiktoken with --pattern)",
    )
    parser.add_argument(
        "--pattern", help="pre-tokenizer of added .tiktoken files (default: the one guessed from each file)"
    )
    parser.add_argument("--stacked", action="store_true", help="stack the panes instead of side by side")
    parser.add_argument("--ids", action="store_true", help="show token ids instead of text")
    parser.add_argument("--chunks", action="store_true", help="show the pre-token chunk layer")
    parser.add_argument("--reference", help="mark cuts that differ from this pane (e.g. cl100k_base, own)")
    parser.add_argument("--size", default="1500x900", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--screenshot", metavar="PATH", help="save a PNG of the window once drawn, then quit")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from PySide6.QtCore import QCoreApplication, QTimer
    from PySide6.QtWidgets import QApplication

    from app.common.startup import start_up
    from app.compare.compare_view import CompareView

    qt_app = QApplication.instance() or QApplication(sys.argv[:1])
    start_up(qt_app)
    qt_app.setApplicationName("BPE Explorer — Compare")
    view = CompareView()
    view.setWindowTitle(QCoreApplication.translate("CompareMain", "BPE Explorer — Compare"))
    width, height = (int(n) for n in args.size.lower().split("x"))
    view.resize(width, height)
    view.set_stacked(args.stacked)
    view.toolbar.ids_box.setChecked(args.ids)
    view.toolbar.chunks_box.setChecked(args.chunks)
    if args.text is not None:
        view.set_text(args.text)
    if args.file:
        view.load_text_file(args.file)
    if args.open:
        view.set_own_tokenizer(load_json(args.open), args.open.rsplit("/", 1)[-1])
    for path in args.add:
        view.add_tokenizer_file(path, args.pattern)
    if args.reference:
        view.set_reference(args.reference)
    view.show()
    if args.screenshot:

        def capture():
            if view.busy():
                QTimer.singleShot(100, capture)
                return
            view.grab().save(args.screenshot)
            view.close()

        QTimer.singleShot(300, capture)
    code = qt_app.exec()
    view.shutdown()
    return code


if __name__ == "__main__":
    sys.exit(main())
