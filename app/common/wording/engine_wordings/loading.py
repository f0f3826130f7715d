"""The engine's messages of :mod:`bpe_core.catalogue.loading` in the interface's language: tokenizer files,
references and model ids that cannot be loaded, the library host, outputs, checkpoints, counts files, Ray,
vocabulary filters.

Each code's wording has the engine's fields (it may leave some out); its translation's context is
"EngineSentences". :data:`app.common.wording.engine_messages.WORDINGS` is this table with the other areas'.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

WORDINGS: dict[str, str] = {
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
    "encode.ours_regex": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: encoded by our engine; it pre-tokenizes with its regex in the regex module, slower (gpt2, cl100k, "
        "o200k, llama3 and qwen2 are scanned in compiled code).",
    ),
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
    "counts.column_missing": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: has no column '{column}'; a counts file has the columns 'pretoken' and 'count'.",
    ),
    "counts.column_repeated": QT_TRANSLATE_NOOP(
        "EngineSentences",
        "{path}: has {times} columns named '{column}'; a counts file has one 'pretoken' and one 'count' column.",
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
}
