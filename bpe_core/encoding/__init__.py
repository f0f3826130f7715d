"""Text to ids with a vocabulary, and back: the tokenizer (tokenizer), the one interface every tokenizer shown
implements (protocol), a tokenized text's tokens with their bytes and character spans (token_spans, kept as columns
in token_columns), other cuts with the same vocabulary (methods, with _cuts.c; resegment), encoding again after an
edit (incremental), a huge pre-token (long_merge), a large text on every core (parallel_encode), OpenAI's reference
encodings (reference) and a big table's derived merges kept on disk (merges_cache)."""
