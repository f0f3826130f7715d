"""``bpe train``'s options read and checked before any work: the run's settings (each TrainConfig field's flag),
its inputs and outputs, languages, counts, checkpoint and the tokens to add."""

from __future__ import annotations

import os
import sys

from bpe_core.cli.errors import BadInputError, UserError
from bpe_core.cli.wording import worded
from bpe_core.messages import Message
from bpe_core.training.config import Problem, TrainConfig
from bpe_core.variants.registry import CANNOT_COMBINE

#: The flag of each :class:`~bpe_core.training.config.TrainConfig` field in ``bpe train`` (problems are worded with
#: them).
TRAIN_FLAGS = {
    "vocab_size": "--vocab-size",
    "special_tokens": "--special",
    "pattern": "--pattern",
    "processes": "--processes",
    "errors": "--replace-invalid",
    "encoding": "--encoding",
    "min_count": "--min-count",
    "forbid": "--forbid",
    "resume": "--resume",
    "superword_after": "--superword-after",
    "superword_pattern": "--superword-pattern",
    "checkpoint": "--checkpoint",
    "picky": "--picky",
    "parity": "--parity",
}
#: The flag of each setting a message of the engine may name in ``bpe train`` (:mod:`bpe_core.cli.wording`): the
#: run's, and the corpus's languages.
SETTING_FLAGS = TRAIN_FLAGS | {"languages": "--language"}


def train_config(args, resumed, counts) -> TrainConfig:
    """``bpe train``'s options as a run's settings, read through :data:`TRAIN_FLAGS`; the pattern, special tokens
    and superword stage not given are the counts' or the resumed run's (a SuperBPE run goes on as it was set up)."""
    stages = getattr(resumed, "superword", None)
    pattern = args.pattern or (stages.first_pattern if stages else resumed.pattern if resumed else "gpt2")
    if counts is not None:
        pattern = counts.pattern or pattern
        args.special = args.special or list(counts.special_tokens)
    if stages is not None and args.superword_after is None:
        args.superword_after = 256 + stages.transition + len(resumed.special_tokens)
        args.superword_pattern = stages.pattern
    values = {name: getattr(args, flag.lstrip("-").replace("-", "_")) for name, flag in TRAIN_FLAGS.items()}
    values |= {"special_tokens": tuple(values["special_tokens"] or ()), "forbid": tuple(values["forbid"])}
    return TrainConfig(**values | {"pattern": pattern, "errors": "replace" if args.replace_invalid else "strict"})


def problem_text(problem: Problem) -> str:
    """A problem of the settings, its fields named by their flags.

    >>> said = Message.of("config.cannot_combine", variant="picky", other="resume")
    >>> problem_text(Problem("picky", said))
    'PickyBPE (--picky) cannot be combined with --resume yet: leave one out'
    >>> problem_text(Problem("processes", Message.of("config.at_least", field="processes", minimum=1, value=0)))
    '--processes must be at least 1, not 0'
    """
    said = problem.message
    if said.code == "config.cannot_combine":  # as the trainer refuses it: the variant by its name and its flag
        fields = dict(said.fields)
        said = Message.of(CANNOT_COMBINE[fields["variant"]][0], setting=fields["variant"], other=fields["other"])
    return worded(said, SETTING_FLAGS)


def train_outputs(args) -> list[tuple[str, str]]:
    """The files ``bpe train`` writes: the tokenizer (a ``--checkpoint``'s files are in a folder of the program's
    own, where ``-o`` is refused: see :func:`open_checkpoint`)."""
    return [("-o", args.output)]


def train_inputs(args, languages: dict[str, str]) -> list[tuple[str, str]]:
    """The files ``bpe train`` reads (its corpus already expanded), each with the option that names it."""
    inputs = [("CORPUS", path) for path in args.corpus] + [("--counts", path) for path in args.counts]
    inputs += [(f"--language {name}", path) for name, path in languages.items()]
    return inputs + [("--resume", args.resume), ("--add-tokens", args.add_tokens)]


def read_languages(args) -> dict[str, str]:
    """``--language NAME=FILE`` options as ``{name: file}``, each file checked now."""
    from bpe_core.messages import Message
    from bpe_core.variants.parity_languages import parse_language
    from bpe_core.variants.setting_error import VariantSettingError

    languages: dict[str, str] = {}
    for value in args.language:
        name, path = parse_language(value)
        if name in languages:
            raise VariantSettingError(Message.of("train.language_twice", name=name))
        if not os.path.lexists(path):
            raise UserError(f"--language {name}: {path}: no such file")
        languages[name] = path
    if args.parity and not languages:
        raise VariantSettingError(Message.of("train.parity_languages", count=0))
    return languages


def open_checkpoint(args, counts):
    """The checkpoint of this run in ``--checkpoint DIR``: what the run is asked to do, and on which files. A DIR
    that cannot hold one, or an output in the checkpoint's own folder, is refused before any work."""
    from bpe_core.training.checkpoint import Checkpoint, CheckpointError, corpus_fingerprint

    if args.superword_after is not None:
        raise BadInputError("--checkpoint cannot resume a SuperBPE run (--superword-after) yet: leave one out")
    if args.picky is not None or args.parity:
        option = "--picky" if args.picky is not None else "--parity"
        raise BadInputError(f"--checkpoint cannot resume a {option} run yet (it replays merges only): leave one out")
    settings = ("vocab_size", "pattern", "special", "min_count", "forbid", "resume", "encoding", "replace_invalid")
    run = {name: getattr(args, name) for name in settings}
    run["corpus"] = corpus_fingerprint(args.corpus or args.counts)
    checkpoint = Checkpoint(args.checkpoint, run, warn=lambda said: print(f"bpe: warning: {said}", file=sys.stderr))
    try:
        checkpoint.check()
    except CheckpointError as exc:
        raise UserError(f"--checkpoint {args.checkpoint}: {exc}") from None
    if checkpoint.contains(args.output):
        raise UserError(f"-o {args.output}: it is in the checkpoint's folder {checkpoint.folder}: write it elsewhere")
    return checkpoint


def resumable(checkpoint, args, counts):
    """The tokenizer an interrupted run of the same command saved, if its checkpoint is whole and made with the
    settings asked for (its pattern and special tokens too); otherwise None, and why, in one line."""
    from bpe_core.pretokenize.specials import check_special_tokens

    pattern = (counts.pattern if counts is not None else None) or args.pattern
    special = args.special or (list(counts.special_tokens) if counts is not None else None)
    if args.resume is None:  # then the run's own (with --resume, the resumed file's unless given)
        pattern, special = pattern or "gpt2", check_special_tokens(special)
    saved = checkpoint.saved(pattern=pattern, special_tokens=special)
    if checkpoint.not_resumed is not None:
        print(f"bpe: {worded(checkpoint.not_resumed, SETTING_FLAGS)}", file=sys.stderr)
    return saved


def counts_of(args):
    """The counts ``bpe train --counts`` trains from, checked against the options given."""
    from bpe_core.corpus.counts_file import read_counts

    if args.superword_after is not None:
        raise BadInputError(
            "--superword-after counts the corpus again with a second pattern: give the corpus, not --counts"
        )
    if args.parity:
        raise BadInputError("--parity holds out part of each language's text: give the --language files, not --counts")
    counts = read_counts(args.counts, pattern=args.pattern)
    if args.pattern and counts.pattern and args.pattern != counts.pattern:
        raise BadInputError(f"--pattern {args.pattern}: the counts were cut with {counts.pattern}")
    if args.special and counts.special_tokens and tuple(args.special) != counts.special_tokens:
        raise BadInputError(
            "--special: the counts were cut with other special tokens: " + ", ".join(counts.special_tokens)
        )
    return counts


def token_list(path: str) -> list[str]:
    """The tokens ``--add-tokens`` adds, read before training (a missing file is said now, not after the run)."""
    from bpe_core.variants.added_tokens import read_token_list
    from bpe_core.variants.setting_error import VariantSettingError

    try:
        return read_token_list(path)
    except VariantSettingError as exc:  # a line too long to be a token
        raise UserError(f"--add-tokens {path}: {exc}") from None
    except UnicodeDecodeError as exc:
        raise UserError(f"--add-tokens {path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise UserError(f"--add-tokens {path}: cannot read: {exc.strerror or exc}") from None
