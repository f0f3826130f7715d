"""The interface's words: its language (:mod:`.i18n` and the View ▸ Language menu), the engine's messages worded
in it, and sizes worded for people."""
