"""The engine's messages in a command's words: a setting a message names (see
:data:`bpe_core.messages.SETTING_FIELDS`) is said as the flag that sets it, from the command's table of flags (a
setting's field name -> its flag, such as :data:`bpe_core.cli.train_settings.TRAIN_FLAGS`). Nothing here reads
the engine's English: the message's fields are data.

>>> from bpe_core.messages import Message
>>> said = Message.of("checkpoint.earlier_version", folder="ckpt", setting="resume", merges="ckpt/merges.json")
>>> worded(said, {"resume": "--resume"}).endswith("to train on from it, give --resume ckpt/merges.json")
True
>>> str(said).endswith("to train on from it, give resume ckpt/merges.json")
True
"""

from __future__ import annotations

from collections.abc import Mapping

from bpe_core.messages import SETTING_FIELDS, Message, message_of


def worded(said: Message, flags: Mapping[str, str]) -> str:
    """``said`` with each setting it names as its flag in ``flags``; a setting without a flag there keeps the
    engine's words."""
    named = SETTING_FIELDS.get(said.code.partition(".")[0], ()) + SETTING_FIELDS["*"]
    fields = tuple((key, flags.get(value, value) if key in named else value) for key, value in said.fields)
    return str(Message(said.code, fields))


def error_text(error: BaseException, flags: Mapping[str, str]) -> str:
    """What ``error`` says, its settings named by ``flags`` when it carries a message of the engine."""
    said = message_of(error)
    return str(error) if said is None else worded(said, flags)
