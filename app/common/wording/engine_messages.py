"""The engine's messages in the interface's language: about a run (how it ended, why it failed, what the pattern
did), a tokenizer file or model id that cannot be loaded, a vocabulary filter that cannot run.

The engine (``bpe_core``) says these as :class:`~bpe_core.messages.Message` s: a code and its fields (its errors
carry one as ``message``; the trainer's results as ``stop_message`` and ``warning_message``). Each code has a
wording here with the same fields (it may leave some out); what has no code -- a library's own words, a sentence
the engine has not coded -- is shown as it is.

>>> engine_message(Message.of("train.vocabulary_reached", size=1257)), engine_message("something else")
('Vocabulary of 1257 reached.', 'Something else.')
"""

from __future__ import annotations

import string

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from bpe_core.messages import Message, message_of

#: The wording of each code of :data:`bpe_core.messages.ENGLISH` (the translations' context is "EngineSentences").
WORDINGS: dict[str, str] = {
    # How a training run ended, and what it noticed (bpe_core.training.trainer, bpe_core.training.process).
    "train.vocabulary_reached": QT_TRANSLATE_NOOP("EngineSentences", "Vocabulary of {size} reached."),
    "train.cancelled_counting": QT_TRANSLATE_NOOP("EngineSentences", "Cancelled while counting."),
    "train.process_ended": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The training process ended unexpectedly (exit code {code}); the merges made so far are lost.",
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
    # A tokenizer file or folder that cannot be loaded (bpe_core.formats).
    "file.missing": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: there is no such file (nor is it a reference name: {names}; or a model id hf:ORG/NAME).",
    ),
    "file.unreadable": QT_TRANSLATE_NOOP("EngineSentences", "{path}: cannot read the file ({cause})."),
    "file.empty": QT_TRANSLATE_NOOP("EngineSentences", "{path}: the file is empty."),
    "file.too_large": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: the file is {size}; tokenizer files are at most {limit}."
    ),
    "file.not_utf8": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: not a UTF-8 text file (a bad byte at offset {offset})."
    ),
    "file.not_json": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: not valid JSON (line {line}, column {column}: {detail}); is it truncated?"
    ),
    "file.unknown": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: not a tokenizer file this program knows (it starts with {start}); it reads a tokenizer.json, "
        "tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json or its own files.",
    ),
    "file.unknown_not_utf8": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: not a tokenizer file this program knows (it starts with {start}; not UTF-8 at byte {offset}); "
        "it reads a tokenizer.json, tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json or its own "
        "files.",
    ),
    "file.unknown_json": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: a JSON file, but not a tokenizer this program knows; it reads a tokenizer.json, tekken.json, "
        "SentencePiece .model, .tiktoken, GPT-2 vocab.json or its own files.",
    ),
    "file.damaged_gzip": QT_TRANSLATE_NOOP("EngineSentences", "{path}: a damaged gzip file: {detail}."),
    "file.record_refused": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: its training record cannot be shown: {detail} (the tokenizer itself encodes)."
    ),
    "file.record_too_many_pairs": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: its training record cannot be shown: the step of merge {merge} declares {pairs} runners-up; a step "
        "keeps at most {limit} (the tokenizer itself encodes).",
    ),
    "file.folder_without_tokenizer": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: the folder holds no tokenizer file (looked for {names})."
    ),
    "file.folder_with_several": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: the folder holds several {wanted} files ({names}); choose one."
    ),
    "file.tiktoken_needs_pattern": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: a .tiktoken file does not say how it pre-tokenizes: give its pattern ({names})."
    ),
    "file.tiktoken_needs_pattern_guessed": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: a .tiktoken file does not say how it pre-tokenizes: give its pattern ({names}); it looks like "
        "{guess} ({reason}).",
    ),
    "file.gpt2_vocabulary_alone": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: a GPT-2 vocabulary needs its merges file beside it ({name})."
    ),
    "file.gpt2_merges_alone": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: GPT-2 merges need their vocabulary beside them ({name})."
    ),
    "file.huggingface_unreadable": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: the tokenizers library cannot read it: {detail}."
    ),
    "file.sentencepiece_unreadable": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: not a SentencePiece model the library can read: {detail}."
    ),
    # A shipped reference encoding that cannot be read (bpe_core.encoding.reference).
    "reference.unreadable": QT_TRANSLATE_NOOP("EngineSentences", "Cannot read the encoding file {path}: {cause}."),
    "reference.not_gzip": QT_TRANSLATE_NOOP(
        "EngineSentences", "The encoding file {path} is not a valid gzip file: {detail}."
    ),
    "reference.not_official": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The encoding file {path} is not the official one: its SHA-256 is {digest}, expected {expected}; "
        "reinstall BPE Explorer or replace the file.",
    ),
    "reference.no_tokens": QT_TRANSLATE_NOOP("EngineSentences", "{path}: no tokens in the file."),
    # A Hugging Face model id whose tokenizer cannot be had (bpe_core.hub).
    "hub.invalid_id": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{text} is not a Hugging Face model id: write ORG/NAME, optionally @REVISION (for example "
        "Qwen/Qwen2.5-7B-Instruct or openai-community/gpt2@main).",
    ),
    "hub.not_cached_offline": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The tokenizer of {model} is not in the Hugging Face cache ({cache}) and downloads are off (offline, or "
        "HF_HUB_OFFLINE=1): connect to the internet once and open {model} again, or download it with "
        "`{command}`, or open a tokenizer.json, tokenizer.model, tekken.json or .tiktoken file you have.",
    ),
    "hub.not_cached_library_offline": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The tokenizer of {model} is not in the Hugging Face cache ({cache}) and downloads are off (offline, or "
        "HF_HUB_OFFLINE=1): connect to the internet once and open {model} again, or download it with "
        "`{command}`, or open a tokenizer.json, tokenizer.model, tekken.json or .tiktoken file you have.",
    ),
    "hub.gated": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{model} is a gated model: its files are given only to users who accepted its licence. Log in once with "
        "`hf auth login` (or set HF_TOKEN to an access token from huggingface.co/settings/tokens), accept the "
        "licence on {url}, then try again; or open a tokenizer.json of this model that you already have.",
    ),
    "hub.no_model": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "There is no model {model} on huggingface.co (or it is private: if it is yours, log in with "
        "`hf auth login`); check the spelling, ORG/NAME.",
    ),
    "hub.no_revision": QT_TRANSLATE_NOOP(
        "EngineSentences", "{model} has no revision {revision} (a branch, tag or commit)."
    ),
    "hub.no_tokenizer_files": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{model} publishes no tokenizer files (looked for {names}): open a tokenizer file of this model "
        "instead, or choose another model.",
    ),
    "hub.unreachable": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Could not download the tokenizer of {model}: huggingface.co could not be reached ({cause}). Check the "
        "internet connection (and HTTPS_PROXY if you use a proxy), or open a downloaded tokenizer file instead.",
    ),
    "hub.stalled": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Could not download the tokenizer of {model}: huggingface.co sent nothing for {seconds} s (a connection "
        "or proxy that does not answer). Check the internet connection (and HTTPS_PROXY if you use a proxy), or "
        "open a downloaded tokenizer file instead.",
    ),
    "hub.download_ended": QT_TRANSLATE_NOOP(
        "EngineSentences", "The download of the tokenizer of {model} ended unexpectedly (exit code {code})."
    ),
    "hub.download_failed": QT_TRANSLATE_NOOP(
        "EngineSentences", "The download of the tokenizer of {model} failed: {cause}."
    ),
    "hub.server_error": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "huggingface.co answered {status} while the tokenizer of {model} was downloading: try again later, or "
        "open a downloaded tokenizer file instead.",
    ),
    "hub.cache_unreadable": QT_TRANSLATE_NOOP(
        "EngineSentences", "Cannot read the Hugging Face cache {cache} for {model}: {error}."
    ),
    # A published tokenizer's library stopped in its host process (bpe_core.foreign.library_host).
    "library.time": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the tokenizer's library took more than {seconds} s on {chars} characters and was stopped (a "
        "regex or normalizer in the file that never ends).",
    ),
    "library.memory": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the tokenizer's library needed more than {gb} GB of memory for {chars} characters and was "
        "stopped (a normalizer in the file that makes the text grow).",
    ),
    "library.crash": QT_TRANSLATE_NOOP("EngineSentences", "{path}: the tokenizer's library crashed ({detail})."),
    "library.failed": QT_TRANSLATE_NOOP("EngineSentences", "{path}: the tokenizer's library failed: {detail}."),
    "library.no_token": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the tokenizer's library cannot encode this text: the file's vocabulary has no token for {char} "
        "(character {offset} of the text), nor for each of its bytes.",
    ),
    "library.runaway_pre_tokenizer": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the tokenizer's library gave up on this text: the regex {pattern} of the file's pre-tokenizer "
        "(a Split) backtracks too much on it; simplify that regex in the file.",
    ),
    "library.runaway_normalizer": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the tokenizer's library gave up on this text: the regex {pattern} of the file's normalizer "
        "(a Replace) backtracks too much on it; simplify that regex in the file.",
    ),
    "library.runaway_regexes": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the tokenizer's library gave up on this text: one of the file's regexes ({pattern}) backtracks "
        "too much on it; simplify it in the file.",
    ),
    "library.drops_unknown": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: its vocabulary has no token for some characters (such as {example}) and the file has no unknown "
        "token: its library drops such characters from the text without a word.",
    ),
    # Which path encodes a tokenizer (bpe_core.foreign.hf_engine).
    "encode.by_ours": QT_TRANSLATE_NOOP("EngineSentences", "{path}: encoded by our engine."),
    "encode.by_library": QT_TRANSLATE_NOOP("EngineSentences", "{path}: encoded by the {library} library."),
    "encode.worker_ended": QT_TRANSLATE_NOOP(
        "EngineSentences", "A process encoding the text ended unexpectedly (exit code {code}): nothing was encoded."
    ),
    "hf_engine.ours_compiled": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: encoded by our engine; it pre-tokenizes with our compiled {pattern} scanner."
    ),
    "hf_engine.ours_regex": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: encoded by our engine; it pre-tokenizes with the file's regex in Python."
    ),
    "hf_engine.library": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: encoded by the tokenizers library: our engine does not reproduce {what}."
    ),
    # An output path that is not a regular file, never replaced (bpe_core.formats.files).
    "write.device": QT_TRANSLATE_NOOP("EngineSentences", "Cannot write {path}: it is a device, not a regular file."),
    "write.named_pipe": QT_TRANSLATE_NOOP(
        "EngineSentences", "Cannot write {path}: it is a named pipe, not a regular file."
    ),
    "write.socket": QT_TRANSLATE_NOOP("EngineSentences", "Cannot write {path}: it is a socket, not a regular file."),
    "write.folder_is_file": QT_TRANSLATE_NOOP("EngineSentences", "Cannot write {path}: it is a file, not a folder."),
    "write.folder_is_device": QT_TRANSLATE_NOOP(
        "EngineSentences", "Cannot write {path}: it is a device, not a folder."
    ),
    "write.folder_is_named_pipe": QT_TRANSLATE_NOOP(
        "EngineSentences", "Cannot write {path}: it is a named pipe, not a folder."
    ),
    "write.folder_is_socket": QT_TRANSLATE_NOOP(
        "EngineSentences", "Cannot write {path}: it is a socket, not a folder."
    ),
    "write.is_input": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Cannot write {path}: it is the same file as {input}, the corpus selected in the Train tab; save to another "
        "file.",
    ),
    # An output that would destroy an input (bpe_core.output_paths).
    "output.is_input": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{option} {path} is the same file as {input_option} {input}: writing it would destroy the input.",
    ),
    "output.twice": QT_TRANSLATE_NOOP(
        "EngineSentences", "{option} {path} and {other_option} {other} are the same file."
    ),
    # A training run's checkpoint (bpe_core.training.checkpoint).
    "checkpoint.not_saved": QT_TRANSLATE_NOOP(
        "EngineSentences", "The merges so far could not be saved in {folder} ({cause}); training went on without them."
    ),
    "checkpoint.not_folder": QT_TRANSLATE_NOOP(
        "EngineSentences", "{folder} is a file, not a folder: the merges so far are saved in a folder."
    ),
    "checkpoint.not_ours": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{folder} was not made by BPE Explorer: it is left alone, and the merges so far were not saved there.",
    ),
    "checkpoint.other_settings": QT_TRANSLATE_NOOP(
        "EngineSentences", "The interrupted run in {folder} had other settings ({names}): starting afresh."
    ),
    "checkpoint.other_corpus": QT_TRANSLATE_NOOP(
        "EngineSentences", "The interrupted run in {folder} had other corpus files (or they changed): starting afresh."
    ),
    "checkpoint.changed": QT_TRANSLATE_NOOP(
        "EngineSentences", "The interrupted run in {folder} was changed after it was saved ({file}): starting afresh."
    ),
    "checkpoint.unreadable": QT_TRANSLATE_NOOP(
        "EngineSentences", "The interrupted run in {folder} cannot be read ({detail}): starting afresh."
    ),
    "checkpoint.earlier_version": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{folder} holds an interrupted run of an earlier version: it cannot be checked, so it is not resumed (and "
        "is left as it is).",
    ),
    # A counts file that cannot be trained from (bpe_core.corpus.counts_file).
    "counts.patterns_differ": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: counted with the pattern {pattern}, not {other} like the others: counts cut differently cannot be "
        "summed.",
    ),
    "counts.specials_differ": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: its special tokens differ from the other files'."
    ),
    "counts.nothing_to_train": QT_TRANSLATE_NOOP(
        "EngineSentences", "{paths}: no pre-token is counted more than 0 times: nothing to train."
    ),
    "counts.too_large": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: is {size} bytes; a counts file may hold at most {limit} bytes (2 GiB: some 100 million distinct "
        "pre-tokens, more than fit in memory once read).",
    ),
    "counts.grew": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: holds more than its size said; a counts file may hold at most {limit} bytes (2 GiB: some 100 "
        "million distinct pre-tokens, more than fit in memory once read).",
    ),
    "counts.not_parquet": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: not a counts file this program reads ({detail})."
    ),
    "counts.pretoken_type": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the column 'pretoken' holds {kind}; expected binary (each pre-token's UTF-8 bytes) or string.",
    ),
    "counts.count_type": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: the column 'count' holds {kind}; expected whole numbers (int64)."
    ),
    "counts.null": QT_TRANSLATE_NOOP("EngineSentences", "{path}: row {row}: the column '{column}' is null."),
    "counts.pretoken_not_utf8": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: row {row}: the pre-token is not UTF-8 (its byte {byte})."
    ),
    "counts.row_negative": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: row {row}: the count is {count}; expected a whole number of at least 0."
    ),
    "counts.line_negative": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: line {line}: the count is {count}; expected a whole number of at least 0."
    ),
    "counts.row_too_many": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: row {row}: the counts add up to more than 2**53 ({limit}) tokens (each pre-token's bytes times "
        "its count, and the special tokens): more than training counts exactly.",
    ),
    "counts.line_too_many": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: line {line}: the counts add up to more than 2**53 ({limit}) tokens (each pre-token's bytes times "
        "its count, and the special tokens): more than training counts exactly.",
    ),
    "counts.specials_too_many": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the metadata field 'specials': the counts add up to more than 2**53 ({limit}) tokens (each "
        "pre-token's bytes times its count, and the special tokens): more than training counts exactly.",
    ),
    "counts.metadata_not_json": QT_TRANSLATE_NOOP("EngineSentences", "{path}: its metadata ({key}) is not JSON."),
    "counts.metadata_not_object": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: its metadata ({key}) is {value}; expected an object of the fields {fields}."
    ),
    "counts.field_format": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: the metadata field 'format' is {value}; expected {format}."
    ),
    "counts.field_pattern": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the metadata field 'pattern' is {value}; expected a string (a pattern name or regex) or null.",
    ),
    "counts.field_pattern_invalid": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: the metadata field 'pattern': {detail}."
    ),
    "counts.field_texts": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: the metadata field '{field}' is {value}; expected an array of non-empty strings."
    ),
    "counts.field_count": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: the metadata field '{field}' is {value}; expected a whole number from 0 to 2**53 ({limit}).",
    ),
    "counts.field_text": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: the metadata field '{field}' is {value}; expected a string."
    ),
    "counts.not_tsv": QT_TRANSLATE_NOOP(
        "EngineSentences", "{path}: line {line} is not TEXT<TAB>COUNT (COUNT a whole number from 0 to 2**53)."
    ),
    "counts.tsv_not_utf8": QT_TRANSLATE_NOOP("EngineSentences", "{path}: not UTF-8 text (byte {byte}, line {line})."),
    # A Ray cluster that cannot be counted on (bpe_core.corpus.ray_counting).
    "ray.bad_address": QT_TRANSLATE_NOOP(
        "EngineSentences", "{address}: expected a Ray address: local, auto, HOST:PORT or ray://HOST:PORT."
    ),
    "ray.unreachable": QT_TRANSLATE_NOOP(
        "EngineSentences", "Cannot connect to the Ray cluster at {address}: {detail}."
    ),
    "ray.no_answer": QT_TRANSLATE_NOOP(
        "EngineSentences", "Cannot connect to the Ray cluster at {address}: no answer within {seconds} s."
    ),
    "ray.not_ray": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Cannot connect to the Ray cluster at {address}: something else answers there (not a gRPC server, as Ray's "
        "are).",
    ),
    "ray.no_cluster": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "No Ray cluster runs on this machine (Ray address auto): start one with “ray start --head”, enter the "
        "cluster's address (HOST:6379, ray://HOST:10001), or enter local to count on a Ray started for this run.",
    ),
    # A vocabulary filter that cannot run (bpe_core.vocabulary.table).
    "filter.invalid_regex": QT_TRANSLATE_NOOP("EngineSentences", "The regex {pattern} is not valid: {detail}."),
    "filter.too_slow": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "The regex {pattern} took longer than {seconds} s (stuck near token id {id}); simplify it.",
    ),
    # Chat templates (bpe_core.chat).
    "chat.not_a_file": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name} is not a regular file: a FIFO or a device cannot be read as a whole file."
    ),
    "chat.unreadable": QT_TRANSLATE_NOOP("EngineSentences", "{name} cannot be read: {detail}."),
    "chat.too_large": QT_TRANSLATE_NOOP("EngineSentences", "{name} is larger than {limit}; it was not read."),
    "chat.not_utf8": QT_TRANSLATE_NOOP("EngineSentences", "{name} is not UTF-8 text (byte {offset})."),
    "chat.not_json": QT_TRANSLATE_NOOP("EngineSentences", "{name} is not valid JSON ({where})."),
    "chat.not_a_list": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: a conversation is a JSON list of messages, each with a role and a content."
    ),
    "chat.empty": QT_TRANSLATE_NOOP("EngineSentences", "{name}: the conversation has no message."),
    "chat.bad_role": QT_TRANSLATE_NOOP("EngineSentences", "{name}: message {number} has no role (such as user)."),
    "chat.bad_content": QT_TRANSLATE_NOOP("EngineSentences", "{name}: message {number} has no text content."),
    "chat.no_template": QT_TRANSLATE_NOOP("EngineSentences", "{folder} has no chat template: choose a template file."),
    "chat.no_default_template": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: of the named chat templates ({names}), none is named default."
    ),
    "chat.template_not_text": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: its chat template is neither a text nor a list of named templates."
    ),
    "chat.config_not_json": QT_TRANSLATE_NOOP("EngineSentences", "{name} is not a JSON object."),
    "chat.template_syntax": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: the chat template is not valid Jinja (line {line}): {detail}"
    ),
    "chat.template_refused": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: the chat template refused the conversation: {detail}"
    ),
    "chat.template_failed": QT_TRANSLATE_NOOP("EngineSentences", "{name}: the chat template failed: {detail}"),
    "chat.template_forbidden": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: the chat template tried what the sandbox forbids: {detail}"
    ),
    "chat.template_too_slow": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: the chat template took more than {seconds} s to render and was stopped."
    ),
    "chat.template_too_long": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: the chat template wrote more than {limit} characters and was stopped."
    ),
    "chat.template_memory": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: the chat template needed more than {limit} of memory and was stopped."
    ),
    "chat.template_ended": QT_TRANSLATE_NOOP(
        "EngineSentences", "{name}: the process rendering the chat template ended unexpectedly (exit code {code})."
    ),
    # How a tokenizer cuts numbers (bpe_core.numbers).
    "numbers.range_negative": QT_TRANSLATE_NOOP(
        "EngineSentences", "The range starts at {first}: numbers are cut from 0 up."
    ),
    "numbers.range_backwards": QT_TRANSLATE_NOOP(
        "EngineSentences", "The range {first} to {last} is empty: its last number is below its first."
    ),
    "numbers.range_too_high": QT_TRANSLATE_NOOP(
        "EngineSentences", "The range ends at {last}: numbers up to {most} are cut."
    ),
    "numbers.range_too_large": QT_TRANSLATE_NOOP(
        "EngineSentences", "The range {first} to {last} holds {count} numbers; at most {most} are cut at once."
    ),
    "numbers.single": QT_TRANSLATE_NOOP(
        "EngineSentences", "Single digits: {fitting} of {numbers} numbers of two digits or more are cut digit by digit."
    ),
    "numbers.single_bytes": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Single digits: {fitting} of {numbers} numbers of two digits or more are cut digit by digit; its vocabulary "
        "has no token of two digits or more.",
    ),
    "numbers.single_split": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Single digits: {fitting} of {numbers} numbers of two digits or more are cut digit by digit, though its "
        "vocabulary has tokens of up to {longest} digits: its pre-tokenizer splits numbers into digits.",
    ),
    "numbers.left": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Left-to-right groups of {size}: {fitting} of {numbers} numbers of two digits or more are cut from their "
        "first digit ({example}).",
    ),
    "numbers.right": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Right-to-left groups of {size}: {fitting} of {numbers} numbers of two digits or more are cut from their "
        "last digit ({example}).",
    ),
    "numbers.whole": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Whole numbers: {fitting} of {numbers} numbers of two digits or more are one token each (of up to {largest} "
        "digits: a range of longer numbers tells how those are grouped).",
    ),
    "numbers.groups": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Groups of {size}: {fitting} of {numbers} numbers of two digits or more are cut into groups of {size}, the "
        "same from either side for numbers of these lengths (a range of other lengths tells the side).",
    ),
    "numbers.vocabulary": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Merged by the vocabulary: no rule fits (the closest fits {fitting} of {numbers} numbers of two digits or "
        "more); groups of up to {largest} digits, cut {ways} different ways.",
    ),
    "numbers.too_few": QT_TRANSLATE_NOOP(
        "EngineSentences", "The range holds no number of two digits or more: no rule to tell."
    ),
    "numbers.no_digits": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Digits lost: {lost} numbers of the range have digits no token holds (its vocabulary has no token for them).",
    ),
    # The board: tokenizers over a corpus (bpe_core.board).
    "board.no_files": QT_TRANSLATE_NOOP(
        "EngineSentences", "{sources}: no corpus file there (choose text files, or folders holding them)."
    ),
    "board.no_tokenizer": QT_TRANSLATE_NOOP("EngineSentences", "No tokenizer to measure: add at least one."),
    "board.empty": QT_TRANSLATE_NOOP("EngineSentences", "The corpus has no text ({files}): every file is empty."),
    "board.no_such_language": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "Reference language {language}: no corpus file is named for it (the languages, from the file names: "
        "{languages}).",
    ),
    "board.task_ended": QT_TRANSLATE_NOOP(
        "EngineSentences", "{task}: the process encoding the corpus ended unexpectedly (exit code {code})."
    ),
    "board.cancelled": QT_TRANSLATE_NOOP("EngineSentences", "The board was cancelled: nothing was written."),
}


class EngineSentences(QObject):
    """The engine's sentences that count something, worded with Qt's plural forms ("after 1 merge", "after 2
    merges"; lupdate finds them only in ``self.tr(text, "", n)``); the field that counts is :data:`COUNTED_BY`'s."""

    def counted(self, n: int) -> dict[str, str]:
        """Each counting code's wording for a count of ``n``, in the interface's language."""
        return {
            "train.cancelled": self.tr(
                "Cancelled after {merges} merges.",
                "",
                n,
            ),
            "train.no_pair_left": self.tr(
                "No pair left to merge after {merges} merges: every pre-token is a single token "
                "(vocabulary {reached} of the {asked} asked for).",
                "",
                n,
            ),
            "train.vocabulary_bytes_limit": self.tr(
                "Stopped after {merges} merges: the next token ({size} bytes) would make the vocabulary hold more than "
                "{limit} bytes (the corpus has {corpus} bytes); its pre-tokens are long runs of the same text.",
                "",
                n,
            ),
            "train.unmatched": self.tr(
                "The pattern left {chars} characters unmatched; tokenizers built with it drop them, as tiktoken does.",
                "",
                n,
            ),
            "train.min_count": self.tr(
                "Stopped after {merges} merges: the best pair is seen {count} times, fewer than the minimum count "
                "{minimum} (vocabulary {reached} of the {asked} asked for).",
                "",
                n,
            ),
            "train.only_forbidden_left": self.tr(
                "No allowed pair left to merge after {merges} merges: every pair left would make a forbidden token "
                "(vocabulary {reached} of the {asked} asked for).",
                "",
                n,
            ),
            "train.resume_too_large": self.tr(
                "{name} already has a vocabulary of {size} ({merges} merges): ask for a vocabulary of at least {size}.",
                "",
                n,
            ),
            "train.picky_merge_limit": self.tr(
                "PickyBPE made {merges} merges and removed {removed} tokens without reaching the vocabulary of "
                "{asked}: stopped at {reached}.",
                "",
                n,
            ),
            "train.parity_held_out": self.tr(
                "{name}: the text is too short to hold out a part for parity-aware BPE ({chars} characters).",
                "",
                n,
            ),
            "corpus.cut_short": self.tr(
                "{path}: it ends in the middle of a {encoding} character (its last {count} bytes, at byte offset "
                "{offset}): is the file cut short?",
                "",
                n,
            ),
            "corpus.cut_short_one_byte": self.tr(
                "{path}: it ends in the middle of a {encoding} character (its last {count} bytes, at byte offset "
                "{offset}): is the file cut short?",
                "",
                n,
            ),
        }


class _English(EngineSentences):
    """The counting sentences as written, for :data:`WORDINGS`."""

    def tr(self, text: str, _disambiguation: str | None = None, _n: int = -1) -> str:
        return text


#: The codes whose sentence counts something, and the field that holds the count.
COUNTED_BY = {
    "train.cancelled": "merges",
    "train.no_pair_left": "merges",
    "train.vocabulary_bytes_limit": "merges",
    "train.unmatched": "chars",
    "train.min_count": "merges",
    "train.only_forbidden_left": "merges",
    "train.resume_too_large": "merges",
    "train.picky_merge_limit": "merges",
    "train.parity_held_out": "chars",
    "corpus.cut_short": "count",
    "corpus.cut_short_one_byte": "count",
}
WORDINGS |= _English().counted(0)


def engine_message(said: BaseException | Message | str) -> str:
    """What the engine said -- an error, a :class:`~bpe_core.messages.Message`, or a library's plain text -- as a
    sentence in the interface's language: a message with a code in its wording, anything else as it is.

    >>> engine_message(Message.of("file.empty", path="tok.json"))
    'tok.json: the file is empty.'
    >>> engine_message(ValueError("o200k_base.tiktoken.gz: something unforeseen"))
    'o200k_base.tiktoken.gz: something unforeseen.'
    """
    message = said if isinstance(said, Message) else message_of(said) if isinstance(said, BaseException) else None
    wording = WORDINGS.get(message.code) if message is not None else None
    if wording is None:
        return as_sentence(str(said))
    fields = dict(message.fields)
    if message.code in COUNTED_BY:
        return EngineSentences().counted(_count(fields[COUNTED_BY[message.code]]))[message.code].format_map(fields)
    return QCoreApplication.translate("EngineSentences", wording).format_map(fields)


def _count(value) -> int:
    """A count as a message holds it (a number, or written with separators: "1,234"); -1 if it is none.

    >>> _count(3), _count("1,234"), _count("?")
    (3, 1234, -1)
    """
    digits = str(value).replace(",", "")
    return int(digits) if digits.isdigit() else -1


def said_by(error: BaseException) -> Message | str:
    """What ``error`` says, as data that crosses a signal to :func:`engine_message`: its Message, or its text (its
    class's name if it has none).

    >>> said_by(ValueError("bad")), said_by(MemoryError())
    ('bad', 'MemoryError')
    """
    return message_of(error) or str(error) or type(error).__name__


def as_sentence(text: str) -> str:
    """``text`` as a sentence: a plain first word capitalised (not a file name such as ``o200k_base.tiktoken``),
    a full stop at the end if it has none.

    >>> as_sentence("cancelled before counting"), as_sentence("tok.json: bad id"), as_sentence("Done?")
    ('Cancelled before counting.', 'tok.json: bad id.', 'Done?')
    """
    text = text.strip()
    rest = text.lstrip(string.ascii_lowercase)
    if rest != text and rest[:1] in ("", " ", ",", ";", ":"):
        text = text[0].upper() + text[1:]
    return text if not text or text.endswith((".", "?", "!")) else text + "."
