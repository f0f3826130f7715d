"""Start BPE Explorer: ``bpe-explorer [CORPUS...] [--vocab-size N] [--pattern P] [--special TOKEN]... [--train]
[--open TOKENIZER.json] [--text "..."] [--lang en|zh_CN]``.

>>> args = parse_args(["a.txt", "--vocab-size", "2000", "--special", "<|a|>", "--train"])
>>> args.corpus, args.vocab_size, args.special, args.train
(['a.txt'], 2000, ['<|a|>'], True)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from app.common.interrupt import exit_quietly_on_interrupt

#: The Compare tab's example text when the interface is in Chinese.
CHINESE_TEXT = (
    "分词器把文本切成词元。今天下午我们在河边散步，看见很多人在钓鱼。\n"
    "一个汉字在 UTF-8 里占三个字节：鬱 有时会被切成几块。\n"
    "Emoji: 🙂👍🏽 🇨🇳\n"
    'def greet(name):\n    return f"你好, {name}!"\n'
)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    from app.common.wording.i18n import LANGUAGES  # imports Qt: after Ctrl-C is handled (see main)
    from bpe_core.pretokenize.patterns import PATTERNS

    parser = argparse.ArgumentParser(
        prog="bpe-explorer",
        description="Train byte-pair-encoding tokenizers and watch the merges happen.",
    )
    parser.add_argument(
        "corpus",
        nargs="*",
        help="corpus text files to open (default: the built-in English prose)",
    )
    parser.add_argument(
        "--sample",
        choices=["english-prose", "chinese-prose", "english", "chinese", "mixed", "stdlib"],
        help="select a built-in corpus instead of files",
    )
    parser.add_argument(
        "--vocab-size",
        type=int,
        help="vocabulary size (256 bytes + merges + special tokens)",
    )
    parser.add_argument("--pattern", help=f"pre-tokenizer: {', '.join(PATTERNS)} or a custom regex")
    parser.add_argument(
        "--special",
        action="append",
        metavar="TOKEN",
        help="a special token (repeatable)",
    )
    parser.add_argument("--processes", type=int, help="worker processes for counting")
    parser.add_argument("--train", action="store_true", help="start training at once")
    parser.add_argument("--open", metavar="TOKENIZER.json", help="open a saved tokenizer")
    parser.add_argument("--text", help="prefill the held-out text and the text to compare")
    parser.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        help="interface language (default: the one chosen in View > Language, else the system's)",
    )
    return parser.parse_args(argv)


def apply_args(window, args: argparse.Namespace) -> None:
    """Preset the window from parsed arguments (settings, files, tokenizer, text, training).

    The settings come first: opening a file may ask a question (replace invalid bytes? read as UTF-16?), and
    whatever the answer, the settings given on the command line are the ones shown and trained with.
    """
    window.train_tab.settings_panel.apply(
        vocab_size=args.vocab_size,
        pattern=args.pattern,
        special_tokens=args.special,
        processes=args.processes,
    )
    if args.corpus:
        window.train_tab.corpus_panel.add_files(args.corpus)
    elif args.sample == "stdlib":
        window.train_tab.corpus_panel.select_stdlib()
    elif args.sample:
        window.train_tab.corpus_panel.select_sample(args.sample)
    if args.text is not None:
        window.train_tab.held_out_edit.setPlainText(args.text)
        window.compare_view.set_text(args.text)
    if args.open:
        window.files.open_tokenizer(args.open)
    if args.train:
        window.train_tab.start_training()


def open_window(window, args: argparse.Namespace) -> None:
    """Show ``window`` preset from ``args``. Whatever goes wrong, the window's threads are stopped and waited for
    before the error goes on: a thread left running when Python exits aborts the process ("QThread: Destroyed
    while thread 'bpe-compare-encoder' is still running") instead of showing the error."""
    try:
        window.show()
        apply_args(window, args)
    except BaseException:
        window.shutdown()
        raise


def main(argv: Sequence[str] | None = None) -> int:
    exit_quietly_on_interrupt()  # Ctrl-C while the program starts: status 130, no traceback
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from PySide6.QtCore import QLocale, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from app.common.background.main_thread_gc import freeze_start_up_objects
    from app.common.interrupt import CloseOnInterrupt
    from app.common.startup import APP_NAME, ORGANIZATION, start_up
    from app.common.wording import i18n
    from app.main_window import MainWindow
    from bpe_core import spawning

    app = QApplication.instance() or QApplication(sys.argv[:1])
    start_up(app)
    settings = QSettings(ORGANIZATION, APP_NAME)
    language = i18n.choose(args.lang, i18n.saved_language(settings), QLocale.system().name())
    i18n.install(app, language)  # before the first widget
    window = MainWindow(settings)
    interrupt = CloseOnInterrupt(window)  # Ctrl-C in the terminal: the window closes as its close button does
    if language.startswith("zh") and not args.corpus and not args.sample:
        window.train_tab.corpus_panel.select_sample("chinese-prose")
        if not settings.contains("compare/text"):  # the text of the last session is kept
            window.compare_view.set_text(CHINESE_TEXT)
    open_window(window, args)
    # A signal while a question of the start was open (SIGTERM, or Ctrl-C's close) ended the window before the event
    # loop ran, and no loop would end now: the program ends here, whatever the start went on to begin (a run) stopped.
    if interrupt.ended_with is not None or not window.isVisible():
        window.shutdown()
        interrupt.stop()
        return interrupt.ended_with or 0
    QTimer.singleShot(0, freeze_start_up_objects)  # once the window is up: see app.common.background.main_thread_gc
    QTimer.singleShot(0, spawning.warm_up)  # the first Train need not wait for the trainer's imports
    try:
        return app.exec()
    finally:
        interrupt.stop()


if __name__ == "__main__":
    sys.exit(main())
