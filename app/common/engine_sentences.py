"""The engine's sentences in the interface's language: about a run (how it ended, why it failed, what the pattern
did), a tokenizer file or model id that cannot be loaded, a vocabulary filter that cannot run.

The engine (``bpe_core``) speaks English in plain sentences: a trainer's ``stop_reason`` and ``warning``, the
messages of its errors. Each sentence the window shows is matched here by a regex whose named fields are put into a
translated wording; a sentence no regex knows is shown as it is.

>>> engine_sentence("vocabulary of 1257 reached"), engine_sentence("something else")
('Vocabulary of 1257 reached.', 'Something else.')
"""

from __future__ import annotations

import re

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

#: The engine's sentences about a run (``bpe_core.trainer``: ``stop_reason``, ``warning``), as regexes, and each
#: one's wording with the same named fields.
ENGINE_SENTENCES = (
    (r"vocabulary of (?P<size>\d+) reached", QT_TRANSLATE_NOOP("EngineSentences", "Vocabulary of {size} reached.")),
    (
        r"cancelled after (?P<merges>\d+) merges",
        QT_TRANSLATE_NOOP("EngineSentences", "Cancelled after {merges} merges."),
    ),
    (r"cancelled while counting", QT_TRANSLATE_NOOP("EngineSentences", "Cancelled while counting.")),
    (
        r"no pair left to merge after (?P<merges>\d+) merges: every pre-token is a single token "
        r"\(vocabulary (?P<reached>\d+) of the (?P<asked>\d+) asked for\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "No pair left to merge after {merges} merges: every pre-token is a single token "
            "(vocabulary {reached} of the {asked} asked for).",
        ),
    ),
    (
        r"vocabulary bytes limit of (?P<limit>[\d,]+) reached after (?P<merges>\d+) merges: the next token "
        r"\((?P<size>[\d,]+) bytes\) would pass it \(the corpus has (?P<corpus>[\d,]+) bytes\): its pre-tokens are "
        r"long runs of the same text",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "Stopped after {merges} merges: the next token ({size} bytes) would make the vocabulary hold more than "
            "{limit} bytes (the corpus has {corpus} bytes); its pre-tokens are long runs of the same text.",
        ),
    ),
    (
        r"the pattern left (?P<chars>[\d,]+) characters unmatched; "
        r"tokenizers built with it drop them, as tiktoken does",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "The pattern left {chars} characters unmatched; tokenizers built with it drop them, as tiktoken does.",
        ),
    ),
    # What is wrong with a custom pattern (bpe_core.patterns); the regex library's own detail is kept as it is.
    (
        r"the pre-tokenization regex is empty",
        QT_TRANSLATE_NOOP("EngineSentences", "The pre-tokenization regex is empty."),
    ),
    (
        r"invalid pre-tokenization regex (?P<pattern>(?:'.*'|\".*\")): (?P<detail>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "Invalid pre-tokenization regex {pattern}: {detail}."),
    ),
    (
        r"the pre-tokenization regex (?P<pattern>(?:'.*'|\".*\")) matches the empty string; use \+ rather than \*",
        QT_TRANSLATE_NOOP(
            "EngineSentences", "The pre-tokenization regex {pattern} matches the empty string; use + rather than *."
        ),
    ),
    (
        r"special tokens given twice: (?P<tokens>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "Special tokens given twice: {tokens}."),
    ),
    (
        r"a special token must be a non-empty string, got (?P<token>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "A special token must be a non-empty string, not {token}."),
    ),
    # Why a run failed (bpe_core.corpus, bpe_core.patterns, bpe_core.trainer, bpe_core.training_process).
    (
        r"(?P<path>.+): not valid UTF-8 at byte offset (?P<offset>\d+) \(bytes (?P<bytes>[0-9A-F ]+): [^)]*\)\. "
        r"Is it a binary file or in another encoding\? Invalid bytes can be replaced with U\+FFFD \(errors='replace'\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: not valid UTF-8 at byte offset {offset} (bytes {bytes}). Is it a binary file, or in another "
            "encoding?",
        ),
    ),
    (
        r"(?P<path>.+): it ends in the middle of a (?P<encoding>UTF-\d+(?: \([a-z-]+\))?) character \(its last "
        r"(?P<count>\d+) bytes?, at byte offset (?P<offset>\d+)\): is the file cut short\? .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: it ends in the middle of a {encoding} character (its last {count} bytes, at byte offset "
            "{offset}): is the file cut short?",
        ),
    ),
    (
        r"(?P<path>.+): the file grew while it was read \((?P<before>[\d,]+) bytes when training started, "
        r"(?P<read>[\d,]+) read\): train again once it is complete",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: the file grew while it was read ({before} bytes when training started, {read} read): train "
            "again once it is complete.",
        ),
    ),
    (
        r"(?P<path>.+): the file shrank while it was read \((?P<before>[\d,]+) bytes when training started, "
        r"(?P<read>[\d,]+) read\): train again once it is complete",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: the file shrank while it was read ({before} bytes when training started, {read} read): train "
            "again once it is complete.",
        ),
    ),
    (
        r"(?P<path>.+): looks binary \(NUL bytes at offset (?P<nul>\d+)\); not valid UTF-8 at byte offset "
        r"(?P<offset>\d+) .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences", "{path}: looks like a binary file (NUL bytes at offset {nul}); not valid UTF-8 text."
        ),
    ),
    (
        r"(?P<path>.+): the file is (?P<encoding>UTF-\d+(?: \([a-z-]+\))?) text \(it starts with a byte-order mark\); "
        r"BPE Explorer reads UTF-8: .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences", "{path} is {encoding} text (it starts with a byte-order mark), not UTF-8."
        ),
    ),
    (
        r"the pre-tokenization regex (?P<pattern>(?:'.*'|\".*\")) took more than (?P<seconds>[\d.]+) s at character "
        r"(?P<offset>\d+) of (?P<where>.+?): it probably backtracks catastrophically .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "The pre-tokenization regex {pattern} took more than {seconds} s at character {offset} of {where}: it "
            "probably "
            "backtracks catastrophically (nested quantifiers such as (a+)+, or overlapping alternatives such as "
            "(a|aa)+). Simplify it.",
        ),
    ),
    (
        r"the pre-tokenization regex (?P<pattern>(?:'.*'|\".*\")) matched nothing in (?P<names>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "The pre-tokenization regex {pattern} matched nothing in {names}."),
    ),
    (
        r"(?P<names>.+): the corpus has no text outside special tokens",
        QT_TRANSLATE_NOOP("EngineSentences", "{names}: the corpus has no text outside special tokens."),
    ),
    (
        r"the training process ended unexpectedly \(exit code (?P<code>-?\d+|None)\); "
        r"the merges made so far are lost",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "The training process ended unexpectedly (exit code {code}); the merges made so far are lost.",
        ),
    ),
    # Why a tokenizer file cannot be loaded (bpe_core.formats, bpe_core.foreign): "PATH: PROBLEM".
    (
        r"(?P<path>.+): cannot read the file: No such file or directory \(nor is it a reference name: "
        r"(?P<names>.+); or a model id hf:ORG/NAME\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: there is no such file (nor is it a reference name: {names}; or a model id hf:ORG/NAME).",
        ),
    ),
    (
        r"(?P<path>.+): cannot read the file: (?P<cause>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: cannot read the file ({cause})."),
    ),
    (r"(?P<path>.+): the file is empty", QT_TRANSLATE_NOOP("EngineSentences", "{path}: the file is empty.")),
    (
        r"(?P<path>.+): the file is (?P<size>[\d.,]+ (?:GB|MB|bytes)); "
        r"tokenizer files are at most (?P<limit>[\d.,]+ (?:GB|MB|bytes))",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: the file is {size}; tokenizer files are at most {limit}."),
    ),
    (
        r"(?P<path>.+): not a UTF-8 text file \(bad byte at offset (?P<offset>\d+)\)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: not a UTF-8 text file (a bad byte at offset {offset})."),
    ),
    (
        r"(?P<path>.+): not valid JSON \(line (?P<line>\d+), column (?P<column>\d+): (?P<detail>.+)\); "
        r"is it truncated\?",
        QT_TRANSLATE_NOOP(
            "EngineSentences", "{path}: not valid JSON (line {line}, column {column}: {detail}); is it truncated?"
        ),
    ),
    (
        r"(?P<path>.+): not a tokenizer file this program knows \(expected a tokenizer\.json, tekken\.json, "
        r"SentencePiece \.model, \.tiktoken, GPT-2 vocab\.json or ours; it starts with (?P<start>.+); "
        r"not UTF-8 at byte (?P<offset>\d+)\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: not a tokenizer file this program knows (it starts with {start}; not UTF-8 at byte {offset}); "
            "it reads a tokenizer.json, tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json or its own "
            "files.",
        ),
    ),
    (
        r"(?P<path>.+): not a tokenizer file this program knows \(expected a tokenizer\.json, tekken\.json, "
        r"SentencePiece \.model, \.tiktoken, GPT-2 vocab\.json or ours; it starts with (?P<start>.+)\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: not a tokenizer file this program knows (it starts with {start}); it reads a tokenizer.json, "
            "tekken.json, SentencePiece .model, .tiktoken, GPT-2 vocab.json or its own files.",
        ),
    ),
    (
        r"(?P<path>.+): a JSON file, but not a tokenizer this program knows \(.*\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: a JSON file, but not a tokenizer this program knows; it reads a tokenizer.json, tekken.json, "
            "SentencePiece .model, .tiktoken, GPT-2 vocab.json or its own files.",
        ),
    ),
    (
        r"(?P<path>.+): holds no tokenizer file \(looked for (?P<names>.+)\)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: the folder holds no tokenizer file (looked for {names})."),
    ),
    (
        r"(?P<path>.+): holds several (?P<wanted>\S+) files \((?P<names>.+)\); choose one",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: the folder holds several {wanted} files ({names}); choose one."),
    ),
    (
        r"(?P<path>.+): a \.tiktoken file does not say how it pre-tokenizes: give its pattern \((?P<names>.+)\); it "
        r"looks like (?P<guess>\w+) \((?P<reason>.+)\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: a .tiktoken file does not say how it pre-tokenizes: give its pattern ({names}); it looks like "
            "{guess} ({reason}).",
        ),
    ),
    (
        r"(?P<path>.+): a \.tiktoken file does not say how it pre-tokenizes: give its pattern \((?P<names>.+)\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences", "{path}: a .tiktoken file does not say how it pre-tokenizes: give its pattern ({names})."
        ),
    ),
    (
        r"(?P<path>.+): a GPT-2 vocabulary needs its merges file beside it \((?P<name>.+)\)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: a GPT-2 vocabulary needs its merges file beside it ({name})."),
    ),
    (
        r"(?P<path>.+): GPT-2 merges need their vocabulary beside them \((?P<name>.+)\)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: GPT-2 merges need their vocabulary beside them ({name})."),
    ),
    (
        r"(?P<path>.+): the tokenizers library cannot read it: (?P<detail>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: the tokenizers library cannot read it: {detail}."),
    ),
    (
        r"(?P<path>.+): not a SentencePiece model the library can read: (?P<detail>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: not a SentencePiece model the library can read: {detail}."),
    ),
    (
        r"(?P<path>.+): a damaged gzip file: (?P<detail>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: a damaged gzip file: {detail}."),
    ),
    # A shipped reference encoding that cannot be read (bpe_core.reference).
    (
        r"cannot read encoding file (?P<path>.+?): (?P<cause>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "Cannot read the encoding file {path}: {cause}."),
    ),
    (
        r"encoding file (?P<path>.+?) is not a valid gzip file: (?P<detail>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "The encoding file {path} is not a valid gzip file: {detail}."),
    ),
    (
        r"encoding file (?P<path>.+?) is not the official one: its SHA-256 is (?P<digest>[0-9a-f]+), "
        r"expected (?P<expected>[0-9a-f]+); reinstall BPE Explorer or replace the file",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "The encoding file {path} is not the official one: its SHA-256 is {digest}, expected {expected}; "
            "reinstall BPE Explorer or replace the file.",
        ),
    ),
    (r"(?P<path>.+): no tokens in the file", QT_TRANSLATE_NOOP("EngineSentences", "{path}: no tokens in the file.")),
    # A Hugging Face model id that cannot be fetched (bpe_core.hub).
    (
        r"(?P<text>(?:'.*'|\".*\")) is not a Hugging Face model id: "
        r"write ORG/NAME, optionally @REVISION \(for example .*\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{text} is not a Hugging Face model id: write ORG/NAME, optionally @REVISION (for example "
            "Qwen/Qwen2.5-7B-Instruct or openai-community/gpt2@main).",
        ),
    ),
    (
        r"the tokenizer of (?P<model>\S+) is not in the Hugging Face cache \((?P<cache>.+?)\) and "
        r"(?:downloads are off \(offline, or HF_HUB_OFFLINE=1\)|huggingface_hub was started with HF_HUB_OFFLINE=1): "
        r"connect to the internet once and open \S+ again, or download it with `(?P<command>[^`]+)`, .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "The tokenizer of {model} is not in the Hugging Face cache ({cache}) and downloads are off (offline, or "
            "HF_HUB_OFFLINE=1): connect to the internet once and open {model} again, or download it with "
            "`{command}`, or open a tokenizer.json, tokenizer.model, tekken.json or .tiktoken file you have.",
        ),
    ),
    (
        r"(?P<model>\S+) is a gated model: .* accept the licence on (?P<url>\S+), then try again; .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{model} is a gated model: its files are given only to users who accepted its licence. Log in once with "
            "`hf auth login` (or set HF_TOKEN to an access token from huggingface.co/settings/tokens), accept the "
            "licence on {url}, then try again; or open a tokenizer.json of this model that you already have.",
        ),
    ),
    (
        r"there is no model (?P<model>\S+) on huggingface\.co .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "There is no model {model} on huggingface.co (or it is private: if it is yours, log in with "
            "`hf auth login`); check the spelling, ORG/NAME.",
        ),
    ),
    (
        r"(?P<model>\S+) has no revision (?P<revision>(?:'.*'|\".*\")) \(a branch, tag or commit\)",
        QT_TRANSLATE_NOOP("EngineSentences", "{model} has no revision {revision} (a branch, tag or commit)."),
    ),
    (
        r"(?P<model>\S+) publishes no tokenizer files \(looked for (?P<names>.+)\): .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{model} publishes no tokenizer files (looked for {names}): open a tokenizer file of this model "
            "instead, or choose another model.",
        ),
    ),
    (
        r"could not download the tokenizer of (?P<model>\S+): huggingface\.co could not be reached "
        r"\((?P<cause>.+)\)\. Check the internet connection .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "Could not download the tokenizer of {model}: huggingface.co could not be reached ({cause}). Check the "
            "internet connection (and HTTPS_PROXY if you use a proxy), or open a downloaded tokenizer file instead.",
        ),
    ),
    (
        r"could not download the tokenizer of (?P<model>\S+): huggingface\.co sent nothing for (?P<seconds>\d+) s "
        r"\(a connection or proxy that does not answer\)\. Check the internet connection .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "Could not download the tokenizer of {model}: huggingface.co sent nothing for {seconds} s (a connection "
            "or proxy that does not answer). Check the internet connection (and HTTPS_PROXY if you use a proxy), or "
            "open a downloaded tokenizer file instead.",
        ),
    ),
    (
        r"the download of the tokenizer of (?P<model>\S+) ended unexpectedly \(exit code (?P<code>-?\d+|None)\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences", "The download of the tokenizer of {model} ended unexpectedly (exit code {code})."
        ),
    ),
    (
        r"the download of the tokenizer of (?P<model>\S+) failed: (?P<cause>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "The download of the tokenizer of {model} failed: {cause}."),
    ),
    (
        r"huggingface\.co answered (?P<status>\d+|with an error) while the tokenizer of (?P<model>\S+) was "
        r"downloading: .*",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "huggingface.co answered {status} while the tokenizer of {model} was downloading: try again later, or "
            "open a downloaded tokenizer file instead.",
        ),
    ),
    (
        r"cannot read the Hugging Face cache (?P<cache>.+?) for (?P<model>\S+): (?P<error>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "Cannot read the Hugging Face cache {cache} for {model}: {error}."),
    ),
    # A published tokenizer's library stopped in its host process (bpe_core.foreign.library_host).
    (
        r"(?P<path>.+): the tokenizer's library took more than (?P<seconds>[\d.]+) s on (?P<chars>[\d,]+) characters "
        r"and was stopped \(a regex or normalizer in the file that never ends\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: the tokenizer's library took more than {seconds} s on {chars} characters and was stopped (a "
            "regex or normalizer in the file that never ends).",
        ),
    ),
    (
        r"(?P<path>.+): the tokenizer's library needed more than (?P<gb>[\d.]+) GB of memory for (?P<chars>[\d,]+) "
        r"characters and was stopped \(a normalizer in the file that makes the text grow\)",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "{path}: the tokenizer's library needed more than {gb} GB of memory for {chars} characters and was "
            "stopped (a normalizer in the file that makes the text grow).",
        ),
    ),
    (
        r"(?P<path>.+): the tokenizer's library crashed \((?P<detail>.+)\)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: the tokenizer's library crashed ({detail})."),
    ),
    (
        r"(?P<path>.+): the tokenizer's library failed: (?P<detail>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "{path}: the tokenizer's library failed: {detail}."),
    ),
    # An output path that is not a regular file (bpe_core.formats.files): never replaced.
    (
        r"cannot write (?P<path>.+): it is a device, not a regular file; only files are written",
        QT_TRANSLATE_NOOP("EngineSentences", "Cannot write {path}: it is a device, not a regular file."),
    ),
    (
        r"cannot write (?P<path>.+): it is a named pipe, not a regular file; only files are written",
        QT_TRANSLATE_NOOP("EngineSentences", "Cannot write {path}: it is a named pipe, not a regular file."),
    ),
    (
        r"cannot write (?P<path>.+): it is a socket, not a regular file; only files are written",
        QT_TRANSLATE_NOOP("EngineSentences", "Cannot write {path}: it is a socket, not a regular file."),
    ),
    # A vocabulary filter that cannot run (bpe_core.vocabulary.table).
    (
        r"the regex (?P<pattern>(?:'.*'|\".*\")) is not valid: (?P<detail>.+)",
        QT_TRANSLATE_NOOP("EngineSentences", "The regex {pattern} is not valid: {detail}."),
    ),
    (
        r"the regex (?P<pattern>(?:'.*'|\".*\")) took longer than (?P<seconds>[\d.]+) s "
        r"\(stuck near token id (?P<id>\d+)\); simplify it",
        QT_TRANSLATE_NOOP(
            "EngineSentences",
            "The regex {pattern} took longer than {seconds} s (stuck near token id {id}); simplify it.",
        ),
    ),
)


def _tr(text: str) -> str:
    return QCoreApplication.translate("EngineSentences", text)


def engine_sentence(text: str) -> str:
    """One of the engine's remarks about a run (how it ended, or why it failed) as a translated sentence; an
    unknown one as it is, capitalized.

    >>> engine_sentence("vocabulary of 1257 reached"), engine_sentence("something else")
    ('Vocabulary of 1257 reached.', 'Something else.')
    >>> engine_sentence("tok.json: the file is empty")
    'tok.json: the file is empty.'
    >>> engine_sentence("o200k_base.tiktoken.gz: something unforeseen")
    'o200k_base.tiktoken.gz: something unforeseen.'
    >>> engine_sentence("c.txt: the corpus has no text outside special tokens")
    'c.txt: the corpus has no text outside special tokens.'
    """
    text = text.strip()
    for pattern, wording in ENGINE_SENTENCES:
        match = re.fullmatch(pattern, text.rstrip("."), re.DOTALL)  # a library's detail may span lines
        if match:
            return _tr(wording).format(**match.groupdict())
    if re.match(r"[a-z]+(?=[ ,;:]|$)", text):  # a plain first word, not a file name such as o200k_base.tiktoken
        text = text[0].upper() + text[1:]
    return text if not text or text.endswith((".", "?", "!")) else text + "."
