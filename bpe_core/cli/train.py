"""``bpe train``: train a tokenizer on text files (or pre-token counts), with its progress, Ctrl-C and
checkpoints."""

from __future__ import annotations

import os
import sys
import time

from bpe_core.cancelled import Cancelled
from bpe_core.cli.errors import BadInputError, UserError
from bpe_core.cli.texts import CORPUS_HELP
from bpe_core.cli.train_report import TrainProgress, add_listed_tokens, report_variants, signals_cancel
from bpe_core.cli.train_settings import (
    SETTING_FLAGS,
    counts_of,
    open_checkpoint,
    problem_text,
    read_languages,
    resumable,
    token_list,
    train_config,
    train_inputs,
    train_outputs,
)
from bpe_core.corpus.locations import expand, is_uri
from bpe_core.corpus.reader import ENCODINGS
from bpe_core.corpus.sample_option import add_sample_option, sample_files
from bpe_core.formats import check_writable, load_json, save_json
from bpe_core.output_paths import check_outputs
from bpe_core.pretokenize.patterns import PATTERNS
from bpe_core.training.config import ConfigError
from bpe_core.training.run import Corpus, TrainingRun
from bpe_core.variants.superword import SUPERBPE_STAGE2


def add_command(commands) -> None:
    """The ``train`` subcommand, added to the program's subparsers."""
    train = commands.add_parser("train", help="train a tokenizer on text files")
    train.add_argument(
        "corpus",
        nargs="*",
        metavar="CORPUS",
        help=CORPUS_HELP,
    )
    add_sample_option(train, "train on")
    train.add_argument(
        "--counts",
        action="append",
        default=[],
        metavar="FILE",
        help="train from pre-token counts (bpe count's .parquet, or TEXT<TAB>COUNT) instead of a corpus: files, "
        "globs or URIs, as the corpus (repeatable)",
    )
    train.add_argument("--vocab-size", type=int, required=True, metavar="N", help="256 bytes + merges + specials")
    train.add_argument(
        "--pattern",
        metavar="P",
        help=f"pre-tokenization: {', '.join(PATTERNS)} or a regex (default gpt2, or the --resume tokenizer's)",
    )
    train.add_argument(
        "--special", action="append", metavar="TOKEN", help="a special token (repeatable; --resume: the saved ones)"
    )
    train.add_argument("--processes", type=int, metavar="N", help="worker processes for counting (default: all cores)")
    train.add_argument(
        "--replace-invalid",
        action="store_true",
        help="replace bytes that are not valid UTF-8 with U+FFFD instead of stopping",
    )
    train.add_argument(
        "--encoding", default="utf-8", choices=ENCODINGS, help="the corpus files' encoding (default utf-8)"
    )
    train.add_argument(
        "--resume", metavar="TOKENIZER", help="continue this saved run of ours: replay its merges, then train on"
    )
    train.add_argument(
        "--min-count", type=int, default=1, metavar="M", help="stop when the best pair is seen fewer than M times"
    )
    train.add_argument(
        "--forbid",
        action="append",
        default=[],
        metavar="REGEX",
        help="never make a token whose text matches REGEX; take the next best pair (repeatable)",
    )
    train.add_argument(
        "--add-tokens",
        metavar="FILE",
        help="after training, add each token of FILE (UTF-8, one a line) as merges of the pieces it is cut into, "
        "so that a pre-token that is exactly it encodes as one token",
    )
    train.add_argument(
        "--superword-after",
        type=int,
        metavar="T",
        help="SuperBPE: from vocabulary T on, pre-tokenize with --superword-pattern, so tokens can span words",
    )
    train.add_argument(
        "--superword-pattern",
        default=SUPERBPE_STAGE2,
        metavar="P",
        help="SuperBPE's second-stage regex: its matches and the text between them are the pre-tokens "
        "(default: the SuperBPE authors')",
    )
    train.add_argument(
        "--picky",
        type=float,
        metavar="TAU",
        help="PickyBPE: after each merge, remove a part whose intersection-over-self exceeds TAU "
        "(the paper: 0.6 to 0.9; 1 or more never removes); its id goes to the next merge",
    )
    train.add_argument(
        "--language",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="a language's text (repeatable); without --parity the files are simply the corpus",
    )
    train.add_argument(
        "--parity",
        action="store_true",
        help="parity-aware BPE: each merge is the best pair of the language whose held-out tenth has the most "
        "tokens per character",
    )
    train.add_argument(
        "--checkpoint",
        metavar="DIR",
        help="save the merges so far in DIR every few seconds; the same command run again after a crash resumes",
    )
    train.add_argument("-o", "--output", default="tokenizer.json", metavar="FILE", help="default tokenizer.json")
    train.set_defaults(run=_train, flags=SETTING_FLAGS)


def _train(args) -> int:
    languages = read_languages(args)
    outputs = train_outputs(args)
    args.corpus = expand(args.corpus, [path for _, path in outputs]) + sample_files(args.sample)
    args.counts = expand(args.counts, [path for _, path in outputs])  # globs and URIs, as the corpus's
    check_outputs(train_inputs(args, languages), outputs)
    if bool(args.corpus or languages) == bool(args.counts):
        raise BadInputError("give the corpus files, or --counts files, not both and not neither")
    if args.parity and args.corpus:
        raise BadInputError("--parity trains on the --language files: give the corpus as NAME=FILE, not as CORPUS")
    if args.picky is not None and args.add_tokens:
        raise BadInputError("--add-tokens cannot extend a PickyBPE tokenizer (--picky) yet: leave one out")
    counts = counts_of(args) if args.counts else None
    args.corpus = args.corpus + ([] if args.parity else list(languages.values()))
    for path in args.corpus:
        if not is_uri(path) and not os.path.lexists(path):
            raise UserError(f"{path}: no such file")
    check_writable(args.output)  # now, not after hours of training
    added = token_list(args.add_tokens) if args.add_tokens else None
    started = time.monotonic()
    resumed = load_json(args.resume) if args.resume else None
    checkpoint = open_checkpoint(args, counts) if args.checkpoint else None
    if checkpoint is not None and (saved := resumable(checkpoint, args, counts)) is not None:
        print(
            f"bpe: resuming the interrupted run from its {len(saved.merges)} merges ({args.checkpoint})",
            file=sys.stderr,
        )
        resumed, args.resume = saved, str(checkpoint.folder)
    corpus = Corpus(paths=tuple(args.corpus), counted=counts, languages=tuple(languages.items()))
    try:
        run = TrainingRun(train_config(args, resumed, counts), corpus, resumed=resumed, checkpoint=checkpoint)
    except ConfigError as exc:
        raise UserError(problem_text(exc.problem)) from None
    trainer = run.trainer
    target = max(args.vocab_size - 256 - len(trainer.special_tokens), 1)
    with signals_cancel(trainer) as caught:
        show = TrainProgress(trainer, target)
        try:
            run.run(show)
        except Cancelled:
            if not caught:  # cancelled by something other than our signal handlers
                raise KeyboardInterrupt from None
            show.counting.finish()
            print("bpe: interrupted while counting pre-tokens; nothing was trained", file=sys.stderr)
            return 128 + caught[0]
        finally:
            show.counting.finish()
        show.merging.finish()
        tokenizer = trainer.tokenizer()  # with its record, and how a SuperBPE or PickyBPE run encodes
        if added is not None and not caught:
            tokenizer = add_listed_tokens(tokenizer, added)
        save_json(tokenizer, args.output)
    if caught:
        n = len(trainer.merges)
        print(f"bpe: interrupted after {n} of {target} merges; saved the {n} merges to {args.output}", file=sys.stderr)
        if checkpoint is not None:
            checkpoint.save(tokenizer)  # the same command run again goes on from here
        return 128 + caught[0]
    if checkpoint is not None:
        checkpoint.remove()
    record = trainer.record
    tokens = record.steps[-1].tokens_after if record.steps else record.initial_tokens
    ratio = record.corpus_bytes / tokens if tokens else 0.0
    print(
        f"{len(trainer.merges)} merges, vocabulary {len(tokenizer.vocab)}; "
        f"{record.corpus_bytes} bytes -> {tokens} tokens ({ratio:.2f} bytes/token); "
        f"{time.monotonic() - started:.1f} s; stopped: {trainer.stop_reason}\n"
        f"saved {args.output}"
    )
    report_variants(trainer)
    return 0
