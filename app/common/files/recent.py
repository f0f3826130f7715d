"""Recently opened or saved tokenizer files, kept in ``QSettings`` (most recent first, at most ``limit``)."""

from __future__ import annotations

from PySide6.QtCore import QSettings

KEY = "recent/tokenizers"


class RecentFiles:
    def __init__(self, settings: QSettings, limit: int = 8):
        self.settings = settings
        self.limit = limit

    def paths(self) -> list[str]:
        value = self.settings.value(KEY, [])
        if isinstance(value, str):  # QSettings returns a lone string for a one-item list on some backends
            value = [value]
        return [str(v) for v in value or []]

    def add(self, path: str) -> None:
        paths = [path] + [p for p in self.paths() if p != path]
        self.settings.setValue(KEY, paths[: self.limit])

    def remove(self, path: str) -> None:
        self.settings.setValue(KEY, [p for p in self.paths() if p != path])
