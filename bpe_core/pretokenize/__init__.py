"""From text to pre-tokens, before any merge: the named patterns (patterns), whole matches under a time budget
(pretokens), the shipped patterns compiled (scanner, with _scan.c) or on a faster path (fast_findall), special
tokens split out first (specials), a tokenizer's pre-tokenizer on its own (text_splitter), and how a tokenizer.json
spells the named patterns (spellings)."""
