"""The engine's messages of :mod:`bpe_core.catalogue.features` in the interface's language: chat templates, how a
tokenizer cuts numbers, the board.

Each code's wording has the engine's fields (it may leave some out); its translation's context is
"EngineSentences". :data:`app.common.wording.engine_messages.WORDINGS` is this table with the other areas'.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

WORDINGS: dict[str, str] = {
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
