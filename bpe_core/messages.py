"""What the engine tells a person, as data: a :class:`Message` is a code from :data:`ENGLISH` and its fields, so a
window can word it in its own language; ``str()`` gives the English sentence (what the command line prints).

Errors that carry one are :class:`EngineError` s (their ``message``); the trainer's ``stop_message`` and
``warning_message`` are Messages too. A field is text ready to show (a number already written with its commas, a
regex already quoted); a template names its fields ``{like_this}``, without format specs.

>>> said = Message.of("train.cancelled", merges=12)
>>> said.code, dict(said.fields), str(said)
('train.cancelled', {'merges': '12'}, 'cancelled after 12 merges')
>>> error = EngineError(said)
>>> str(error), error.message is said
('cancelled after 12 merges', True)
"""

from __future__ import annotations

import string
from dataclasses import dataclass

_READ_AS = "Invalid bytes can be replaced with U+FFFD (errors='replace')."
_KNOWN_FILES = "expected a tokenizer.json, tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json or ours"
_GET_IT = (
    "connect to the internet once and open {model} again, or download it with `{command}`, or open a downloaded "
    "tokenizer.json, tokenizer.model, tekken.json or .tiktoken file instead"
)
_CHECK_CONNECTION = (
    "Check the internet connection (and HTTPS_PROXY if you use a proxy), or open a downloaded tokenizer file instead"
)

#: Every code the engine words, and its English template (the one catalogue: a window words each code too).
ENGLISH: dict[str, str] = {
    # How a training run ended, and what it noticed (bpe_core.trainer, bpe_core.training_process).
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
        "the forbidden-token regex {pattern} (--forbid) took more than {seconds} s at character {offset} of {where}: "
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
    "train.picky_with": "PickyBPE (--picky) cannot be combined with {other} yet: leave one out",
    "train.picky_merge_limit": (
        "PickyBPE made {merges} merges and removed {removed} tokens without reaching the vocabulary of {asked}: "
        "stopped at {reached}"
    ),
    "train.language_invalid": "a language is given as NAME=FILE, not {value}",
    "train.language_control": (
        "--language {value}: a language's name cannot hold a control character such as a line break or a tab "
        "(it holds {char}): the name heads its language's lines in the report"
    ),
    "train.language_twice": "the language {name} is given twice",
    "train.parity_languages": "parity-aware BPE needs at least one language (NAME=FILE), not {count}",
    "train.parity_with": "parity-aware BPE (--parity) cannot be combined with {other} yet: leave one out",
    "train.parity_held_out": "{name}: the file is too short to hold out text for parity-aware BPE ({chars} characters)",
    # A comparison too large to draw (bpe_core.html_tokens, bpe_core.png_tokens).
    "picture.too_wide": "a picture is at most {limit} pixels wide, not {width}",
    "picture.too_long": (
        "a picture draws a text of at most {limit} characters; this one has {count}: draw a part of it, or write "
        "HTML, CSV or JSON, which hold any text"
    ),
    "picture.png_too_large": (
        "the PNG would be {width} × {height} pixels; a PNG is at most {limit} million pixels: draw a shorter "
        "text or a narrower picture, or write SVG"
    ),
    # A corpus that cannot be trained on (bpe_core.corpus, bpe_core.trainer).
    "corpus.not_utf8": (
        "{path}: not valid UTF-8 at byte offset {offset} (bytes {bytes}: {reason}). Is it a binary file or in "
        "another encoding? " + _READ_AS
    ),
    "corpus.binary": (
        "{path}: looks binary (NUL bytes at offset {nul}); not valid UTF-8 at byte offset {offset} (bytes {bytes}: "
        "{reason}). " + _READ_AS
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
        "it, or read it as {family} (encoding='{codec}')"
    ),
    "corpus.grew": (
        "{path}: the file grew while it was read ({before} bytes when training started, {read} read): train again "
        "once it is complete"
    ),
    "corpus.shrank": (
        "{path}: the file shrank while it was read ({before} bytes when training started, {read} read): train "
        "again once it is complete"
    ),
    "corpus.matched_nothing": "the pre-tokenization regex {pattern} matched nothing in {names}",
    "corpus.only_special_tokens": "{names}: the corpus has no text outside special tokens",
    # A pre-tokenization pattern or special tokens that cannot be used (bpe_core.patterns, bpe_core.specials).
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
    # A tokenizer file or folder that cannot be loaded (bpe_core.formats).
    "file.missing": (
        "{path}: cannot read the file: No such file or directory (nor is it a reference name: {names}; or a model "
        "id hf:ORG/NAME)"
    ),
    "file.unreadable": "{path}: cannot read the file: {cause}",
    "file.empty": "{path}: the file is empty",
    "file.too_large": "{path}: the file is {size}; tokenizer files are at most {limit}",
    "file.not_utf8": "{path}: not a UTF-8 text file (bad byte at offset {offset})",
    "file.not_json": "{path}: not valid JSON (line {line}, column {column}: {detail}); is it truncated?",
    "file.unknown": f"{{path}}: not a tokenizer file this program knows ({_KNOWN_FILES}; it starts with {{start}})",
    "file.unknown_not_utf8": (
        f"{{path}}: not a tokenizer file this program knows ({_KNOWN_FILES}; it starts with {{start}}; not UTF-8 at "
        "byte {offset})"
    ),
    "file.unknown_json": f"{{path}}: a JSON file, but not a tokenizer this program knows ({_KNOWN_FILES})",
    "file.damaged_gzip": "{path}: a damaged gzip file: {detail}",
    "file.record_refused": "{path}: its training record cannot be shown: {detail} (the tokenizer itself encodes)",
    "file.record_too_many_pairs": (
        "{path}: its training record cannot be shown: step {step} declares {pairs} runners-up; a step keeps at most "
        "{limit} (the tokenizer itself encodes)"
    ),
    "file.folder_without_tokenizer": "{path}: holds no tokenizer file (looked for {names})",
    "file.folder_with_several": "{path}: holds several {wanted} files ({names}); choose one",
    "file.tiktoken_needs_pattern": (
        "{path}: a .tiktoken file does not say how it pre-tokenizes: give its pattern ({names} or a regex)"
    ),
    "file.tiktoken_needs_pattern_guessed": (
        "{path}: a .tiktoken file does not say how it pre-tokenizes: give its pattern ({names} or a regex); it "
        "looks like {guess} ({reason})"
    ),
    "file.gpt2_vocabulary_alone": "{path}: a GPT-2 vocabulary needs its merges file beside it ({name})",
    "file.gpt2_merges_alone": "{path}: GPT-2 merges need their vocabulary beside them ({name})",
    "file.huggingface_unreadable": "{path}: the tokenizers library cannot read it: {detail}",
    "file.sentencepiece_unreadable": "{path}: not a SentencePiece model the library can read: {detail}",
    # A shipped reference encoding that cannot be read (bpe_core.reference).
    "reference.unreadable": "cannot read encoding file {path}: {cause}",
    "reference.not_gzip": "encoding file {path} is not a valid gzip file: {detail}",
    "reference.not_official": (
        "encoding file {path} is not the official one: its SHA-256 is {digest}, expected {expected}; reinstall BPE "
        "Explorer or replace the file"
    ),
    "reference.no_tokens": "{path}: no tokens in the file",
    # A Hugging Face model id whose tokenizer cannot be had (bpe_core.hub).
    "hub.invalid_id": (
        "{text} is not a Hugging Face model id: write ORG/NAME, optionally @REVISION (for example "
        "Qwen/Qwen2.5-7B-Instruct or openai-community/gpt2@main)"
    ),
    "hub.not_cached_offline": (
        "the tokenizer of {model} is not in the Hugging Face cache ({cache}) and downloads are off (offline, or "
        "HF_HUB_OFFLINE=1): " + _GET_IT
    ),
    "hub.not_cached_library_offline": (
        "the tokenizer of {model} is not in the Hugging Face cache ({cache}) and huggingface_hub was started with "
        "HF_HUB_OFFLINE=1: " + _GET_IT
    ),
    "hub.gated": (
        "{model} is a gated model: its files are given only to users who accepted its licence. Log in once with "
        "`hf auth login` (or set HF_TOKEN to an access token from huggingface.co/settings/tokens), accept the "
        "licence on {url}, then try again; or open a tokenizer.json of this model that you already have"
    ),
    "hub.no_model": (
        "there is no model {model} on huggingface.co (or it is private: if it is yours, log in with `hf auth "
        "login`); check the spelling, ORG/NAME"
    ),
    "hub.no_revision": "{model} has no revision {revision} (a branch, tag or commit)",
    "hub.no_tokenizer_files": (
        "{model} publishes no tokenizer files (looked for {names}): open a tokenizer file of this model instead, or "
        "choose another model"
    ),
    "hub.unreachable": (
        "could not download the tokenizer of {model}: huggingface.co could not be reached ({cause}). "
        + _CHECK_CONNECTION
    ),
    "hub.stalled": (
        "could not download the tokenizer of {model}: huggingface.co sent nothing for {seconds} s (a connection or "
        "proxy that does not answer). " + _CHECK_CONNECTION
    ),
    "hub.download_ended": "the download of the tokenizer of {model} ended unexpectedly (exit code {code})",
    "hub.download_failed": "the download of the tokenizer of {model} failed: {cause}",
    "hub.server_error": (
        "huggingface.co answered {status} while the tokenizer of {model} was downloading: try again later, or open "
        "a downloaded tokenizer file instead"
    ),
    "hub.cache_unreadable": "cannot read the Hugging Face cache {cache} for {model}: {error}",
    # A published tokenizer's library stopped in its host process (bpe_core.foreign.library_host).
    "library.time": (
        "{path}: the tokenizer's library took more than {seconds} s on {chars} characters and was stopped (a regex "
        "or normalizer in the file that never ends)"
    ),
    "library.memory": (
        "{path}: the tokenizer's library needed more than {gb} GB of memory for {chars} characters and was stopped "
        "(a normalizer in the file that makes the text grow)"
    ),
    "library.crash": "{path}: the tokenizer's library crashed ({detail})",
    "library.failed": "{path}: the tokenizer's library failed: {detail}",
    "library.no_token": (
        "{path}: the tokenizer's library cannot encode this text: the file's vocabulary has no token for {char} "
        "(character {offset} of the text), nor for each of its bytes"
    ),
    "library.runaway_pre_tokenizer": (
        "{path}: the tokenizer's library gave up on this text: the regex {pattern} of the file's pre-tokenizer "
        "(a Split) backtracks past Oniguruma's retry limit on it; simplify that regex in the file"
    ),
    "library.runaway_normalizer": (
        "{path}: the tokenizer's library gave up on this text: the regex {pattern} of the file's normalizer (a "
        "Replace) backtracks past Oniguruma's retry limit on it; simplify that regex in the file"
    ),
    "library.runaway_regexes": (
        "{path}: the tokenizer's library gave up on this text: one of the file's regexes ({pattern}) backtracks "
        "past Oniguruma's retry limit on it; simplify it in the file"
    ),
    "library.drops_unknown": (
        "{path}: its vocabulary has no token for some characters (such as {example}) and the file has no unknown "
        "token, no byte fallback and no byte-level step: its library drops such characters from the text silently"
    ),
    # Which path encodes a tokenizer (bpe_core.foreign.hf_engine; `bpe encode -v`, the Compare pane's tooltip).
    "encode.by_ours": "{path}: encoded by our engine",
    "encode.by_library": "{path}: encoded by the {library} library",
    "hf_engine.ours_compiled": "{path}: encoded by our engine; it pre-tokenizes with our compiled {pattern} scanner",
    "hf_engine.ours_regex": "{path}: encoded by our engine; it pre-tokenizes with the file's regex in Python",
    "hf_engine.library": "{path}: encoded by the tokenizers library: our engine does not reproduce {what}",
    # An output path that is not a regular file, never replaced (bpe_core.formats.files).
    "write.device": "cannot write {path}: it is a device, not a regular file; only files are written",
    "write.named_pipe": "cannot write {path}: it is a named pipe, not a regular file; only files are written",
    "write.socket": "cannot write {path}: it is a socket, not a regular file; only files are written",
    "write.is_input": "cannot write {path}: it is the same file as {input}, the corpus being read; choose another file",
    "write.folder_is_file": "cannot write {path}: it is a file, not a folder; the files are written into a folder",
    "write.folder_is_device": (
        "cannot write {path}: it is a device, not a folder; the files are written into a folder"
    ),
    "write.folder_is_named_pipe": (
        "cannot write {path}: it is a named pipe, not a folder; the files are written into a folder"
    ),
    "write.folder_is_socket": (
        "cannot write {path}: it is a socket, not a folder; the files are written into a folder"
    ),
    # An output that would destroy an input, refused before any work (bpe_core.output_paths).
    "output.is_input": (
        "{option} {path} is the same file as {input_option} {input}: writing it would destroy the input; name "
        "another output file"
    ),
    "output.twice": (
        "{option} {path} and {other_option} {other} are the same file: each output needs a file of its own"
    ),
    # A training run's checkpoint (bpe_core.checkpoint): a safety net, so never a reason to stop training.
    "checkpoint.not_saved": "cannot save the checkpoint in {folder}: {cause}; training goes on without it",
    "checkpoint.not_folder": "{folder} is a file, not a folder: a checkpoint is saved in a folder",
    "checkpoint.not_ours": (
        "{folder} was not made by BPE Explorer (it has no {marker}): it is left alone; choose another checkpoint folder"
    ),
    "checkpoint.other_settings": "the checkpoint in {folder} was made with other settings ({names}): starting afresh",
    "checkpoint.other_corpus": (
        "the checkpoint in {folder} was made on other corpus files (or they changed since): starting afresh"
    ),
    "checkpoint.changed": "the checkpoint in {folder} was changed after it was saved ({file}): starting afresh",
    "checkpoint.unreadable": "the checkpoint in {folder} cannot be read ({detail}): starting afresh",
    "checkpoint.earlier_version": (
        "{folder} holds run.json and merges-so-far.json, perhaps an earlier version's checkpoint: it cannot be "
        "checked, so it is not resumed (and is left as it is); to train on from it, give --resume {merges}"
    ),
    # A counts file that cannot be trained from (bpe_core.counts_file): where, and what was expected.
    "counts.patterns_differ": (
        "{path}: counted with the pattern {pattern}, not {other} like the others: counts cut differently cannot be "
        "summed"
    ),
    "counts.specials_differ": "{path}: its special tokens differ from the other files'",
    "counts.nothing_to_train": "{paths}: no pre-token is counted more than 0 times: nothing to train",
    "counts.too_large": (
        "{path}: is {size} bytes; a counts file may hold at most {limit} bytes (2 GiB: some 100 million distinct "
        "pre-tokens, more than fit in memory once read)"
    ),
    "counts.grew": (
        "{path}: holds more than its size said; a counts file may hold at most {limit} bytes (2 GiB: some 100 "
        "million distinct pre-tokens, more than fit in memory once read)"
    ),
    "counts.not_parquet": "{path}: not a counts file this program reads ({detail})",
    "counts.pretoken_type": (
        "{path}: the column 'pretoken' holds {kind}; expected binary (each pre-token's UTF-8 bytes) or string"
    ),
    "counts.count_type": "{path}: the column 'count' holds {kind}; expected whole numbers (int64)",
    "counts.null": "{path}: row {row}: the column '{column}' is null",
    "counts.pretoken_not_utf8": "{path}: row {row}: the pre-token is not UTF-8 (its byte {byte})",
    "counts.row_negative": "{path}: row {row}: the count is {count}; expected a whole number of at least 0",
    "counts.line_negative": "{path}: line {line}: the count is {count}; expected a whole number of at least 0",
    "counts.row_too_many": (
        "{path}: row {row}: the counts add up to more than 2**53 ({limit}) tokens (each pre-token's bytes times its "
        "count, and the special tokens): more than training counts exactly"
    ),
    "counts.line_too_many": (
        "{path}: line {line}: the counts add up to more than 2**53 ({limit}) tokens (each pre-token's bytes times "
        "its count, and the special tokens): more than training counts exactly"
    ),
    "counts.specials_too_many": (
        "{path}: the metadata field 'specials': the counts add up to more than 2**53 ({limit}) tokens (each "
        "pre-token's bytes times its count, and the special tokens): more than training counts exactly"
    ),
    "counts.metadata_not_json": "{path}: its metadata ({key}) is not JSON",
    "counts.metadata_not_object": "{path}: its metadata ({key}) is {value}; expected an object of the fields {fields}",
    "counts.field_format": "{path}: the metadata field 'format' is {value}; expected {format}",
    "counts.field_pattern": (
        "{path}: the metadata field 'pattern' is {value}; expected a string (a pattern name or regex) or null"
    ),
    "counts.field_pattern_invalid": "{path}: the metadata field 'pattern': {detail}",
    "counts.field_texts": "{path}: the metadata field '{field}' is {value}; expected an array of non-empty strings",
    "counts.field_count": (
        "{path}: the metadata field '{field}' is {value}; expected a whole number from 0 to 2**53 ({limit})"
    ),
    "counts.field_text": "{path}: the metadata field '{field}' is {value}; expected a string",
    "counts.not_tsv": "{path}: line {line} is not TEXT<TAB>COUNT (COUNT a whole number from 0 to 2**53)",
    "counts.tsv_not_utf8": "{path}: not UTF-8 text (byte {byte}, line {line})",
    # A Ray cluster that cannot be counted on (bpe_core.ray_counting).
    "ray.bad_address": "{address}: expected a Ray address: auto, HOST:PORT or ray://HOST:PORT",
    "ray.unreachable": "cannot connect to the Ray cluster at {address}: {detail}",
    "ray.no_answer": "cannot connect to the Ray cluster at {address}: no answer within {seconds} s",
    "ray.not_ray": (
        "cannot connect to the Ray cluster at {address}: something else answers there (not a gRPC server, as Ray's are)"
    ),
    "ray.no_cluster": (
        "no Ray cluster runs on this machine (address auto): start one with `ray start --head`, give the cluster's "
        "address (HOST:6379, ray://HOST:10001), or count on a Ray started here for the count"
    ),
    # A vocabulary filter that cannot run (bpe_core.vocabulary.table).
    "filter.invalid_regex": "the regex {pattern} is not valid: {detail}",
    "filter.too_slow": "the regex {pattern} took longer than {seconds} s (stuck near token id {id}); simplify it",
    # Chat templates (bpe_core.chat): the messages file, the template's files, and the template as it ran.
    "chat.not_a_file": "{name}: not a regular file (a FIFO or a device cannot be read as a whole file)",
    "chat.unreadable": "{name}: cannot be read: {detail}",
    "chat.too_large": "{name}: larger than {limit}; it is not read",
    "chat.not_utf8": "{name}: not UTF-8 text (byte {offset})",
    "chat.not_json": "{name}: not valid JSON ({where})",
    "chat.not_a_list": ('{name}: a conversation is a JSON list of messages, each {{"role": ..., "content": ...}}'),
    "chat.empty": "{name}: the conversation has no message",
    "chat.bad_role": '{name}: message {number} has no "role" (a non-empty string such as "user")',
    "chat.bad_content": '{name}: message {number} has no "content" string',
    "chat.no_template": (
        "{folder}: no chat template (neither chat_template.jinja nor a chat_template in tokenizer_config.json); "
        "give one with --template FILE"
    ),
    "chat.no_default_template": "{name}: the named chat templates ({names}) hold none named default",
    "chat.template_not_text": "{name}: chat_template is neither a text nor a list of named templates",
    "chat.config_not_json": "{name}: not a JSON object",
    "chat.template_syntax": "{name}: the chat template is not valid Jinja (line {line}): {detail}",
    "chat.template_refused": "{name}: the chat template refused the conversation: {detail}",
    "chat.template_failed": "{name}: the chat template failed: {detail}",
    "chat.template_forbidden": "{name}: the chat template tried what the sandbox forbids: {detail}",
    "chat.template_too_slow": "{name}: the chat template took more than {seconds} s to render and was stopped",
    "chat.template_too_long": "{name}: the chat template wrote more than {limit} characters and was stopped",
    "chat.template_memory": "{name}: the chat template needed more than {limit} of memory and was stopped",
    "chat.template_ended": "{name}: the process rendering the chat template ended unexpectedly (exit code {code})",
}


def placeholders(template: str) -> set[str]:
    """The field names a template (or a window's wording) uses.

    >>> sorted(placeholders(ENGLISH["file.not_json"]))
    ['column', 'detail', 'line', 'path']
    """
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def shown_char(char: str) -> str:
    """A character as a message shows it: quoted (escaped if invisible) and its code point.

    >>> shown_char("d"), shown_char("\\n"), shown_char("中")
    ("'d' (U+0064)", "'\\\\n' (U+000A)", "'中' (U+4E2D)")
    """
    return f"{char!r} (U+{ord(char):04X})"


@dataclass(frozen=True)
class Message:
    """One thing the engine says: a ``code`` of :data:`ENGLISH` and its ``fields`` as ``(name, text)`` pairs.
    Make one with :meth:`of`."""

    code: str
    fields: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, code: str, /, **fields: object) -> Message:
        """The message ``code`` with ``fields`` (each written with ``str``); exactly its template's fields.

        >>> Message.of("file.empty", path="tok.json")
        Message(code='file.empty', fields=(('path', 'tok.json'),))
        """
        wanted = placeholders(ENGLISH[code])
        if set(fields) != wanted:
            raise TypeError(f"{code} takes the fields {sorted(wanted)}, not {sorted(fields)}")
        return cls(code, tuple((name, str(value)) for name, value in fields.items()))

    def __str__(self) -> str:
        return ENGLISH[self.code].format_map(dict(self.fields))


class EngineError(Exception):
    """A mixin for the engine's errors: made from a :class:`Message` (kept as ``message``, its English as the
    error's text) or from plain text (a sentence without a code, such as a library's own words: ``message`` is
    None then)."""

    message: Message | None = None

    def __init__(self, said: Message | str = ""):
        super().__init__(str(said))
        if isinstance(said, Message):
            self.message = said


def message_of(error: BaseException) -> Message | None:
    """The :class:`Message` an error carries, or None (a plain sentence, or not one of the engine's errors).

    >>> message_of(EngineError(Message.of("pattern.empty"))).code, message_of(ValueError("x"))
    ('pattern.empty', None)
    """
    said = getattr(error, "message", None)
    return said if isinstance(said, Message) else None
