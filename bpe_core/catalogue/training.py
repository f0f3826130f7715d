"""What training, its settings, its corpus and its pre-tokenization tell a person: codes and English templates
(see :mod:`bpe_core.messages`)."""

_READ_AS = "Invalid bytes can be replaced with U+FFFD ({setting})."

ENGLISH: dict[str, str] = {
    # How a training run ended, and what it noticed (bpe_core.training.trainer, bpe_core.training.process).
    "train.vocabulary_reached": "vocabulary of {size} reached",
    "train.cancelled": "cancelled after {merges} merges",
    "train.cancelled_counting": "cancelled while counting",
    "train.no_pair_left": (
        "no pair left to merge after {merges} merges: every pre-token is a single token (vocabulary {reached} of "
        "the {asked} asked for)"
    ),
    "train.vocabulary_bytes_limit": (
        "vocabulary bytes limit of {limit} reached after {merges} merges: the next token ({size} bytes) would pass "
        "it (the corpus has {corpus} bytes): its pre-tokens are long runs of the same text"
    ),
    "train.unmatched": (
        "the pattern left {chars} characters unmatched; tokenizers built with it drop them, as tiktoken does"
    ),
    "train.process_ended": (
        "the training process ended unexpectedly (exit code {code}); the merges made so far are lost"
    ),
    "train.out_of_memory": (
        "the training ran out of memory; the merges made so far are lost: train on fewer files, with a smaller "
        "vocabulary or with fewer processes"
    ),
    "train.min_count": (
        "the best pair is seen {count} times, fewer than the minimum count {minimum}, after {merges} merges "
        "(vocabulary {reached} of the {asked} asked for)"
    ),
    "train.only_forbidden_left": (
        "no allowed pair left to merge after {merges} merges: every pair left would make a forbidden token "
        "(vocabulary {reached} of the {asked} asked for)"
    ),
    "train.forbid_invalid": "invalid forbidden-token regex {pattern}: {detail}",
    "train.forbid_too_slow": (
        "the forbidden-token regex {pattern} ({setting}) took more than {seconds} s at character {offset} of {where}: "
        "it probably backtracks catastrophically (nested quantifiers such as (a+)+, or alternatives that overlap "
        "such as (a|aa)+); simplify it"
    ),
    "train.min_count_invalid": "the minimum count must be a whole number of at least 1, not {value}",
    "train.resume_not_ours": ("{name}: only a tokenizer trained by BPE Explorer can be trained further ({why})"),
    # Settings that cannot train (bpe_core.training.config): each names the field it is about; a front end words
    # ``field``, ``variant`` and ``other`` (field names) as its flags or its widgets' labels.
    "config.vocab_size_too_small": (
        "vocab_size {size} is too small: the minimum is {minimum} (256 bytes + {specials} special tokens)"
    ),
    "config.at_least": "{field} must be at least {minimum}, not {value}",
    "config.cannot_combine": "{variant} cannot be combined with {other} yet: leave one out",
    "config.superword_on_ray": "SuperBPE counts the corpus a second time on this machine: it does not count on Ray",
    "config.parity_on_ray": "parity-aware BPE counts each language on this machine: it does not count on Ray",
    "config.ray_missing": 'counting on Ray needs Ray: pip install -e ".[ray]"',
    # Tokens added to a vocabulary (bpe_core.variants.added_tokens).
    "add_tokens.not_ours": "only a tokenizer trained by BPE Explorer can have tokens added as merges",
    "add_tokens.picky": "a PickyBPE run's merges are replayed with its removals: tokens cannot be added to it",
    "add_tokens.empty": "an empty line is not a token",
    "add_tokens.too_long": "it is {size} bytes long: an added token is at most {limit} bytes",
    "add_tokens.vocabulary_full": "the vocabulary's tokens would hold more than {limit} together, the most a run makes",
    "add_tokens.line_too_long": "line {line}, {token}, is longer than {limit} bytes, the most an added token may be",
    "add_tokens.special": "it is a special token",
    "add_tokens.already": "already a token",
    "add_tokens.across_pretokens": (
        "the {pattern} pattern cuts it into {count} pre-tokens: BPE never merges across them"
    ),
    "add_tokens.not_made": "the merges added for it do not make it (BPE cuts it into {count} tokens)",
    "train.resume_too_large": (
        "{name} already has a vocabulary of {size} ({merges} merges): ask for a vocabulary of at least {size}"
    ),
    "train.resume_special_tokens": (
        "{name} was trained with the special tokens {saved}; continue it with the same ones, not {given}"
    ),
    "train.superword_after_invalid": (
        "the superword transition {after} must be a vocabulary size between {minimum} and the vocabulary size {size}"
    ),
    "train.picky_invalid": "the PickyBPE threshold must be a number above 0 (the paper uses 0.6 to 0.9), not {value}",
    "train.picky_not_finite": (
        "the PickyBPE threshold must be a finite number (the paper uses 0.6 to 0.9; 1 or more never removes a "
        "token), not {value}"
    ),
    "train.picky_with": "PickyBPE ({setting}) cannot be combined with {other} yet: leave one out",
    "train.picky_merge_limit": (
        "PickyBPE made {merges} merges and removed {removed} tokens without reaching the vocabulary of {asked}: "
        "stopped at {reached}"
    ),
    "train.language_invalid": "a language is given as NAME=FILE, not {value}",
    "train.language_control": (
        "{setting} {value}: a language's name cannot hold a control character such as a line break or a tab "
        "(it holds {char}): the name heads its language's lines in the report"
    ),
    "train.language_twice": "the language {name} is given twice",
    "train.parity_languages": "parity-aware BPE needs at least one language (NAME=FILE), not {count}",
    "train.parity_with": "parity-aware BPE ({setting}) cannot be combined with {other} yet: leave one out",
    "train.parity_held_out": "{name}: the file is too short to hold out text for parity-aware BPE ({chars} characters)",
    # A comparison too large to draw (bpe_core.render.html_tokens, bpe_core.render.png_tokens).
    "picture.too_wide": "a picture is at most {limit} pixels wide, not {width}",
    "picture.too_long": (
        "a picture draws a text of at most {limit} characters; this one has {count}: draw a part of it, or write "
        "HTML, CSV or JSON, which hold any text"
    ),
    "picture.png_too_large": (
        "the PNG would be {width} × {height} pixels; a PNG is at most {limit} million pixels: draw a shorter "
        "text or a narrower picture, or write SVG"
    ),
    # A corpus that cannot be trained on (bpe_core.corpus.reader, bpe_core.training.trainer).
    "corpus.not_utf8": (
        "{path}: not valid UTF-8 at byte offset {offset} (bytes {bytes}: {reason}). Is it a binary file or in "
        "another encoding? " + _READ_AS
    ),
    "corpus.binary": (
        "{path}: looks binary (NUL bytes at offset {nul}); not valid UTF-8 at byte offset {offset} (bytes {bytes}: "
        "{reason}). " + _READ_AS
    ),
    "corpus.not_in_encoding": (
        "{path}: not valid {encoding} at byte offset {offset} (bytes {bytes}: {reason}). Is it in another encoding? "
        + _READ_AS
    ),
    "corpus.cut_short": (
        "{path}: it ends in the middle of a {encoding} character (its last {count} bytes, at byte offset {offset}): "
        "is the file cut short? " + _READ_AS
    ),
    "corpus.cut_short_one_byte": (
        "{path}: it ends in the middle of a {encoding} character (its last {count} byte, at byte offset {offset}): "
        "is the file cut short? " + _READ_AS
    ),
    "corpus.byte_order_mark": (
        "{path}: the file is {encoding} text (it starts with a byte-order mark); BPE Explorer reads UTF-8: convert "
        "it, or read it as {family} ({setting} {codec})"
    ),
    "corpus.byte_order_mark_other": (
        "{path}: the file is {encoding} text (it starts with a byte-order mark); it was to be read as {wanted}: "
        "convert it, or read it as {family} ({setting} {codec})"
    ),
    "corpus.grew": (
        "{path}: the file grew while it was read ({before} bytes when training started, {read} read): train again "
        "once it is complete"
    ),
    "corpus.shrank": (
        "{path}: the file shrank while it was read ({before} bytes when training started, {read} read): train "
        "again once it is complete"
    ),
    "corpus.compressed_cut_short": (
        "{path}: its {kind} data ends before the end of the compressed stream: is the file cut short (an unfinished "
        "download or copy)?"
    ),
    "corpus.compressed_damaged": "{path}: its {kind} data is damaged ({detail}); the text in it cannot be read",
    "corpus.zstd_needs_package": (
        "{path}: is compressed with zstd; reading it needs the zstandard package: pip install zstandard"
    ),
    "corpus.matched_nothing": "the pre-tokenization regex {pattern} matched nothing in {names}",
    "corpus.only_special_tokens": "{names}: the corpus has no text outside special tokens",
    # A pre-tokenization pattern or special tokens that cannot be used (bpe_core.pretokenize.patterns,
    # bpe_core.pretokenize.specials).
    "pattern.empty": "the pre-tokenization regex is empty",
    "pattern.invalid": "invalid pre-tokenization regex {pattern}: {detail}",
    "pattern.matches_empty": "the pre-tokenization regex {pattern} matches the empty string; use + rather than *",
    "pattern.too_slow": (
        "the pre-tokenization regex {pattern} took more than {seconds} s at character {offset} of {where}: it "
        "probably backtracks catastrophically (nested quantifiers such as (a+)+, or alternatives that overlap such "
        "as (a|aa)+); simplify it"
    ),
    "special_tokens.not_text": "a special token must be a non-empty string, got {token}",
    "special_tokens.twice": "special tokens given twice: {tokens}",
}
