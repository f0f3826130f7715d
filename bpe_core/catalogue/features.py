"""What the newer views tell a person: chat templates, how tokenizers cut numbers, the board (see
:mod:`bpe_core.messages`)."""

ENGLISH: dict[str, str] = {
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
        "give one with {setting}"
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
    # How a tokenizer cuts numbers (bpe_core.numbers): the range asked for, and the rule its cuts follow.
    "numbers.range_negative": "the range starts at {first}: numbers are cut from 0 up",
    "numbers.range_backwards": "the range {first} to {last} is empty: its last number is below its first",
    "numbers.range_too_high": "the range ends at {last}: numbers up to {most} are cut",
    "numbers.range_too_large": "the range {first} to {last} holds {count} numbers; at most {most} are cut at once",
    "numbers.single": ("single digits: {fitting} of {numbers} numbers of two digits or more are cut digit by digit"),
    "numbers.single_bytes": (
        "single digits: {fitting} of {numbers} numbers of two digits or more are cut digit by digit; its "
        "vocabulary has no token of two digits or more"
    ),
    "numbers.single_split": (
        "single digits: {fitting} of {numbers} numbers of two digits or more are cut digit by digit, though its "
        "vocabulary has tokens of up to {longest} digits: its pre-tokenizer splits numbers into digits"
    ),
    "numbers.left": (
        "left-to-right groups of {size}: {fitting} of {numbers} numbers of two digits or more are cut from their "
        "first digit ({example})"
    ),
    "numbers.right": (
        "right-to-left groups of {size}: {fitting} of {numbers} numbers of two digits or more are cut from their "
        "last digit ({example})"
    ),
    "numbers.whole": (
        "whole numbers: {fitting} of {numbers} numbers of two digits or more are one token each (of up to {largest} "
        "digits: a range of longer numbers tells how those are grouped)"
    ),
    "numbers.groups": (
        "groups of {size}: {fitting} of {numbers} numbers of two digits or more are cut into groups of {size}, the "
        "same from either side for numbers of these lengths (a range of other lengths tells the side)"
    ),
    "numbers.vocabulary": (
        "merged by the vocabulary: no rule fits (the closest fits {fitting} of {numbers} numbers of two digits or "
        "more); groups of up to {largest} digits, cut {ways} different ways"
    ),
    "numbers.too_few": "the range holds no number of two digits or more: no rule to tell",
    "numbers.no_digits": (
        "digits lost: {lost} numbers of the range have digits no token holds (its vocabulary has no token for them)"
    ),
    # The board: tokenizers over a corpus (bpe_core.board).
    "board.no_files": "{sources}: no corpus file there (give text files, folders holding them, globs or URIs)",
    "board.no_tokenizer": "no tokenizer given: name at least one",
    "board.empty": "the corpus has no text ({files}): every file is empty",
    "board.no_such_language": (
        "reference language {language}: no corpus file is named for it (the languages, from the file names: "
        "{languages})"
    ),
    "board.task_ended": "{task}: the process encoding the corpus ended unexpectedly (exit code {code})",
    "board.cancelled": "the board was cancelled: nothing was written",
}
