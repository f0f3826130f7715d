"""Chat templates: a conversation rendered as a model's own template renders it, then cut by the model's tokenizer.

A model's ``tokenizer_config.json`` (or its ``chat_template.jinja``, or a ``.jinja`` file given by the user) holds a
Jinja template that turns a list of ``{"role": ..., "content": ...}`` messages into the one text the model reads,
with its headers, role tags and special tokens. These modules render it exactly as ``transformers``'
``apply_chat_template`` does, but as untrusted code: sandboxed, in a process of its own, within a time and an output
budget.

- :mod:`~bpe_core.chat.conversation`: the messages, read from JSON and checked;
- :mod:`~bpe_core.chat.text_files`: the small files chat reads (a conversation, a template, a config), a regular
  file of a bounded size only;
- :mod:`~bpe_core.chat.template_source`: where a model keeps its template and its named special tokens;
- :mod:`~bpe_core.chat.sandbox`: the Jinja environment (the settings ``transformers`` uses) and the budgets;
- :mod:`~bpe_core.chat.rendering`: a rendered chat, where each message's text lies in it, and what each turn costs;
- :mod:`~bpe_core.chat.apply`: a conversation rendered and encoded by the model's tokenizer, as ``transformers``'
  ``apply_chat_template(..., tokenize=True)`` gives it (``bpe chat`` and the Compare tab's chat mode).
"""
