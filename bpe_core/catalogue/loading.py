"""What loading and saving tell a person: tokenizer files, references, model ids, the library host, outputs,
checkpoints, counts files, Ray, vocabulary filters (see :mod:`bpe_core.messages`)."""

_KNOWN_FILES = "expected a tokenizer.json, tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json or ours"
_GET_IT = (
    "connect to the internet once and open {model} again, or download it with `{command}`, or open a downloaded "
    "tokenizer.json, tokenizer.model, tekken.json or .tiktoken file instead"
)
_CHECK_CONNECTION = (
    "Check the internet connection (and HTTPS_PROXY if you use a proxy), or open a downloaded tokenizer file instead"
)


ENGLISH: dict[str, str] = {
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
        "{path}: its training record cannot be shown: the step of merge {merge} declares {pairs} runners-up; a step "
        "keeps at most "
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
    # A shipped reference encoding that cannot be read (bpe_core.encoding.reference).
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
    "encode.ours_regex": (
        "{path}: encoded by our engine; it pre-tokenizes with its regex in the regex module, slower (gpt2, cl100k, "
        "o200k, llama3 and qwen2 are scanned in compiled code)"
    ),
    "encode.worker_ended": "a process encoding the text ended unexpectedly (exit code {code}); nothing was encoded",
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
    # A training run's checkpoint (bpe_core.training.checkpoint): a safety net, so never a reason to stop training.
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
        "checked, so it is not resumed (and is left as it is); to train on from it, give {setting} {merges}"
    ),
    # A counts file that cannot be trained from (bpe_core.corpus.counts_file): where, and what was expected.
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
    "counts.column_missing": "{path}: has no column '{column}'; a counts file has the columns 'pretoken' and 'count'",
    "counts.column_repeated": (
        "{path}: has {times} columns named '{column}'; a counts file has one 'pretoken' and one 'count' column"
    ),
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
    # A Ray cluster that cannot be counted on (bpe_core.corpus.ray_counting).
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
}
