"""``python -m app.teaching``: open the Teach window on its own (for developing and for a lesson without the
training workspace).

    python -m app.teaching [--tokenizer sample|gpt2|cl100k_base|o200k_base|FILE.json] [--view NAME]
                           [--text TEXT] [--presentation] [--steps N] [--screenshot FILE.png|FILE.svg]

``sample`` (the default) trains 1,000 merges on the built-in English sample, so the merge trees show counts.
With ``--screenshot`` the window takes ``--steps`` steps in the chosen view, saves the view and quits.
"""

from __future__ import annotations

import argparse
import sys

from app.teaching.window import REFERENCE_CHOICES, VIEW_NAMES
from bpe_core.formats import load_json


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m app.teaching", description="BPE Explorer teaching views")
    parser.add_argument(
        "--tokenizer", default="sample", help=f"sample, {', '.join(REFERENCE_CHOICES)} or a saved tokenizer (.json)"
    )
    parser.add_argument("--view", choices=VIEW_NAMES, default="slider")
    parser.add_argument("--text", help="the text the view shows (step-through: a text or ids like [1, 2, 3])")
    parser.add_argument("--presentation", action="store_true", help="large fonts")
    parser.add_argument("--steps", type=int, default=0, help="steps to take in the view before showing it")
    parser.add_argument("--screenshot", help="save the view to this .png/.svg and quit")
    return parser.parse_args(argv)


def sample_tokenizer(merges: int = 1000):
    """A tokenizer trained on the built-in English sample, with its training record."""
    from app.common.files.samples import samples_dir
    from bpe_core import BpeTrainer, Tokenizer

    trainer = BpeTrainer(256 + merges, pattern="gpt2", processes=1)
    trainer.count_files(samples_dir() / "english.txt")
    trainer.run()
    tokenizer = Tokenizer(trainer.vocab, trainer.merges, trainer.special_tokens, pattern="gpt2")
    tokenizer.record = trainer.record
    return tokenizer


def main(argv=None) -> int:
    args = parse_args(argv)
    from PySide6.QtCore import QCoreApplication, QTimer
    from PySide6.QtWidgets import QApplication

    from app.common.startup import start_up
    from app.teaching.window import TeachingWindow

    qt_app = QApplication.instance() or QApplication(sys.argv[:1])
    start_up(qt_app)
    if args.tokenizer == "sample":
        name = QCoreApplication.translate("app.teaching", "trained on the English sample (1,000 merges)")
        tokenizer = sample_tokenizer()
    elif args.tokenizer in REFERENCE_CHOICES:
        tokenizer, name = None, args.tokenizer
    else:
        tokenizer, name = load_json(args.tokenizer), args.tokenizer
    window = TeachingWindow(tokenizer, name)
    if tokenizer is None:
        window.source.setCurrentIndex(REFERENCE_CHOICES.index(name))
    window.show()
    window.wait_loaded()
    view = window.show_view(args.view)
    if args.text is not None:
        view.set_text(args.text)
    if args.presentation:
        window.set_presentation(True)
    for _ in range(args.steps):
        view.step_forward()
    if args.screenshot:

        def save():
            view.export_image(args.screenshot)
            qt_app.quit()

        QTimer.singleShot(600, save)
    return qt_app.exec()


if __name__ == "__main__":
    sys.exit(main())
