"""A conversation: the messages a chat template renders, read from JSON and checked before any template sees them.

>>> chat = parse_messages('[{"role": "user", "content": "Hi"}]', "chat.json")
>>> chat[0].role, chat[0].content
('user', 'Hi')
>>> parse_messages('[]', "chat.json")
Traceback (most recent call last):
bpe_core.chat.conversation.ConversationError: chat.json: the conversation has no message
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

from bpe_core.chat.text_files import decode_text, read_text_file
from bpe_core.messages import EngineError, Message

#: The largest messages file read (a conversation is text people write; 16 MB is a long book).
MAX_FILE_BYTES = 16 * 1024 * 1024


class ConversationError(EngineError, ValueError):
    """A messages file that is no conversation (its message names the file and what is wrong)."""


@dataclass(frozen=True)
class ChatMessage:
    """One turn: who speaks (``system``, ``user``, ``assistant``, or a template's own roles) and what they say."""

    role: str
    content: str

    def as_dict(self) -> dict[str, str]:
        """The message as a template reads it."""
        return {"role": self.role, "content": self.content}


def read_messages(path: str) -> list[ChatMessage]:
    """The conversation in the JSON file ``path`` (``-`` for standard input), checked.

    A file that is not a regular file (a FIFO, a device) or is larger than :data:`MAX_FILE_BYTES` is refused before
    it is read past that size.
    """
    if path == "-":
        data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
        return parse_messages(decode_text(data, path, MAX_FILE_BYTES, ConversationError), path)
    return parse_messages(read_text_file(path, MAX_FILE_BYTES, ConversationError), path)


def parse_messages(text: str, name: str) -> list[ChatMessage]:
    """The conversation in the JSON ``text`` (read from ``name``): a list of objects with a string ``role`` and a
    string ``content``; other keys are kept out (a template sees only those two)."""
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        where = f"line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else "nesting"
        raise ConversationError(Message.of("chat.not_json", name=name, where=where)) from None
    if not isinstance(document, list) or not all(isinstance(item, dict) for item in document):
        raise ConversationError(Message.of("chat.not_a_list", name=name))
    if not document:
        raise ConversationError(Message.of("chat.empty", name=name))
    messages = []
    for number, item in enumerate(document, 1):
        role, content = item.get("role"), item.get("content")
        if not isinstance(role, str) or not role.strip():
            raise ConversationError(Message.of("chat.bad_role", name=name, number=number))
        if not isinstance(content, str):
            raise ConversationError(Message.of("chat.bad_content", name=name, number=number))
        messages.append(ChatMessage(role, content))
    return messages
