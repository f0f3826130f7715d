"""The engine's messages in English, by where they come from: each module's ``ENGLISH`` maps a code to its template
(:data:`bpe_core.messages.ENGLISH` is all of them). A catalogue module imports nothing of the engine."""
