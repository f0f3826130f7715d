"""The engine's messages of :mod:`bpe_core.catalogue.training` in the interface's language: how a training run
ended and what it noticed, settings that cannot train, a corpus that cannot be trained on, a pre-tokenization
pattern or special tokens that cannot be used.

Each code's wording has the engine's fields (it may leave some out); its translation's context is
"EngineSentences". :data:`app.common.wording.engine_messages.WORDINGS` is this table with the other areas'.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

WORDINGS: dict[str, str] = {
    # How a training run ended, and what it noticed (bpe_core.training.trainer, bpe_core.training.process).
    "train.vocabulary_reached": QT_TRANSLATE_NOOP("EngineSentences", "Vocabulary of {size} reached."),
    "train.cancelled_counting": QT_TRANSLATE_NOOP("EngineSentences", "Cancelled while counting."),
    "train.process_ended": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The training process ended unexpectedly (exit code {code}); the merges made so far are lost.",
    ),
    "train.out_of_memory": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The training ran out of memory; the merges made so far are lost: train on fewer files, with a smaller "
        "vocabulary or with fewer processes.",
    ),
    "train.forbid_invalid": QT_TRANSLATE_NOOP(
        "EngineSentences", "The forbidden-token regex {pattern} is not valid: {detail}."
    ),
    "train.forbid_too_slow": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The forbidden-token regex {pattern} took more than {seconds} s on {where}: it probably backtracks "
        "catastrophically (nested quantifiers such as (a+)+, or alternatives that overlap such as (a|aa)+); "
        "simplify it.",
    ),
    "train.min_count_invalid": QT_TRANSLATE_NOOP(
        "EngineSentences", "The minimum count must be a whole number of at least 1, not {value}."
    ),
    "train.resume_not_ours": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{name}: only a tokenizer trained by BPE Explorer can be trained further ({why}).",
    ),
    # Settings that cannot train (bpe_core.training.config): the window words field, variant and other itself
    # (app.train.settings.FIELD_LABELS).
    "config.vocab_size_too_small": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Vocabulary size {size} is too small: the minimum is {minimum} (256 bytes + {specials} special tokens).",
    ),
    "config.at_least": QT_TRANSLATE_NOOP("EngineSentences", "{field} must be at least {minimum}, not {value}."),
    "config.cannot_combine": QT_TRANSLATE_NOOP(
        "EngineSentences", "{variant} cannot be combined with {other} yet: turn one off."
    ),
    "config.superword_on_ray": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "SuperBPE counts the corpus a second time on this machine: clear the Ray address or turn superwords off.",
    ),
    "config.parity_on_ray": QT_TRANSLATE_NOOP(
        "EngineSentences", "Parity-aware BPE counts each language on this machine: clear the Ray address."
    ),
    "config.ray_missing": QT_TRANSLATE_NOOP(
        "EngineSentences", 'Counting on Ray needs Ray: pip install -e ".[ray]", or clear the Ray address.'
    ),
    "picture.too_wide": QT_TRANSLATE_NOOP("EngineSentences", "A picture is at most {limit} pixels wide, not {width}."),
    "picture.too_long": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "A picture draws a text of at most {limit} characters; this one has {count}: draw a part of it, or "
        "export HTML, CSV or JSON, which hold any text.",
    ),
    "picture.png_too_large": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The PNG would be {width} × {height} pixels; a PNG is at most {limit} million pixels: draw a shorter text "
        "or a narrower picture, or export SVG.",
    ),
    "add_tokens.not_ours": QT_TRANSLATE_NOOP(
        "EngineSentences", "Only a tokenizer trained by BPE Explorer can have tokens added as merges."
    ),
    "add_tokens.picky": QT_TRANSLATE_NOOP(
        "EngineSentences", "A PickyBPE run's merges are replayed with its removals: tokens cannot be added to it."
    ),
    "add_tokens.empty": QT_TRANSLATE_NOOP("EngineSentences", "An empty line is not a token."),
    "add_tokens.too_long": QT_TRANSLATE_NOOP(
        "EngineSentences", "It is {size} bytes long: an added token is at most {limit} bytes."
    ),
    "add_tokens.vocabulary_full": QT_TRANSLATE_NOOP(
        "EngineSentences", "The vocabulary's tokens would hold more than {limit} together, the most a run makes."
    ),
    "add_tokens.line_too_long": QT_TRANSLATE_NOOP(
        "EngineSentences", "Line {line}, {token}, is longer than {limit} bytes, the most an added token may be."
    ),
    "add_tokens.special": QT_TRANSLATE_NOOP("EngineSentences", "It is a special token."),
    "add_tokens.already": QT_TRANSLATE_NOOP("EngineSentences", "Already a token."),
    "add_tokens.across_pretokens": QT_TRANSLATE_NOOP(
        "EngineSentences", "The {pattern} pattern cuts it into {count} pre-tokens: BPE never merges across them."
    ),
    "add_tokens.not_made": QT_TRANSLATE_NOOP(
        "EngineSentences", "The merges added for it do not make it (BPE cuts it into {count} tokens)."
    ),
    "train.resume_special_tokens": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{name} was trained with the special tokens {saved}; continue it with the same ones, not {given}.",
    ),
    "train.superword_after_invalid": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The superword transition {after} must be a vocabulary size between {minimum} and the vocabulary size {size}.",
    ),
    "train.picky_invalid": QT_TRANSLATE_NOOP(
        "EngineSentences", "The PickyBPE threshold must be a number above 0 (the paper uses 0.6 to 0.9), not {value}."
    ),
    "train.picky_not_finite": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The PickyBPE threshold must be a finite number (the paper uses 0.6 to 0.9; 1 or more never removes a "
        "token), not {value}.",
    ),
    "train.picky_with": QT_TRANSLATE_NOOP(
        "EngineSentences", "PickyBPE cannot be combined with {other} yet: leave one out."
    ),
    "train.language_invalid": QT_TRANSLATE_NOOP("EngineSentences", "A language is given as NAME=FILE, not {value}."),
    "train.language_control": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "A language's name cannot hold a control character such as a line break or a tab ({value} holds {char}).",
    ),
    "train.language_twice": QT_TRANSLATE_NOOP("EngineSentences", "The language {name} is given twice."),
    "train.parity_languages": QT_TRANSLATE_NOOP(
        "EngineSentences", "Parity-aware BPE needs at least one language (NAME=FILE), not {count}."
    ),
    "train.parity_with": QT_TRANSLATE_NOOP(
        "EngineSentences", "Parity-aware BPE cannot be combined with {other} yet: leave one out."
    ),
    # A corpus that cannot be trained on (bpe_core.corpus.reader, bpe_core.training.trainer).
    "corpus.not_utf8": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: not valid UTF-8 at byte offset {offset} (bytes {bytes}). Is it a binary file, or in another encoding?",
    ),
    "corpus.binary": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: looks like a binary file (NUL bytes at offset {nul}); not valid UTF-8 text."
    ),
    "corpus.byte_order_mark": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path} is {encoding} text (it starts with a byte-order mark), not UTF-8."
    ),
    "corpus.byte_order_mark_other": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path} is {encoding} text (it starts with a byte-order mark), not {wanted}."
    ),
    "corpus.not_in_encoding": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: not valid {encoding} at byte offset {offset} (bytes {bytes}). Is it in another encoding?",
    ),
    "corpus.grew": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the file grew while it was read ({before} bytes when training started, {read} read): train "
        "again once it is complete.",
    ),
    "corpus.shrank": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the file shrank while it was read ({before} bytes when training started, {read} read): train "
        "again once it is complete.",
    ),
    "corpus.compressed_cut_short": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: its {kind} data ends before the end of the compressed stream: is the file cut short (an unfinished "
        "download or copy)?",
    ),
    "corpus.compressed_damaged": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: its {kind} data is damaged ({detail}); the text in it cannot be read."
    ),
    "corpus.zstd_needs_package": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: is compressed with zstd; reading it needs the zstandard package: pip install zstandard",
    ),
    "corpus.matched_nothing": QT_TRANSLATE_NOOP(
        "EngineSentences", "The pre-tokenization regex {pattern} matched nothing in {names}."
    ),
    "corpus.only_special_tokens": QT_TRANSLATE_NOOP(
        "EngineSentences", "{names}: the corpus has no text outside special tokens."
    ),
    # A pre-tokenization pattern or special tokens that cannot be used (bpe_core.pretokenize.patterns,
    # bpe_core.pretokenize.specials).
    "pattern.empty": QT_TRANSLATE_NOOP("EngineSentences", "The pre-tokenization regex is empty."),
    "pattern.invalid": QT_TRANSLATE_NOOP("EngineSentences", "Invalid pre-tokenization regex {pattern}: {detail}."),
    "pattern.matches_empty": QT_TRANSLATE_NOOP(
        "EngineSentences", "The pre-tokenization regex {pattern} matches the empty string; use + rather than *."
    ),
    "pattern.too_slow": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The pre-tokenization regex {pattern} took more than {seconds} s at character {offset} of {where}: it "
        "probably "
        "backtracks catastrophically (nested quantifiers such as (a+)+, or overlapping alternatives such as "
        "(a|aa)+). Simplify it.",
    ),
    "special_tokens.not_text": QT_TRANSLATE_NOOP(
        "EngineSentences", "A special token must be a non-empty string, not {token}."
    ),
    "special_tokens.twice": QT_TRANSLATE_NOOP("EngineSentences", "Special tokens given twice: {tokens}."),
}
