"""The interface language: English (the language of the source) or Simplified Chinese.

The language comes from ``--lang``, else the choice saved from the View ▸ Language menu, else the system locale.
:func:`install` loads every translation BPE Explorer ships for it (``resources/translations/*_<lang>.qm``, one
per part of the window) and Qt's own (dialog buttons, file dialogs), and sets the locale numbers are written in.
It must run before the first widget is built. Adding a language is adding its ``.qm`` files and a line to
:data:`LANGUAGES`.

>>> choose("zh_CN", saved=None, system="en_US"), choose(None, saved=None, system="zh_TW"), choose(None, "en", "zh_CN")
('zh_CN', 'zh_CN', 'en')
>>> choose(None, saved=None, system="de_DE")
'en'
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

#: Interface languages: code -> the language's own name (shown in the menu).
LANGUAGES = {"en": "English", "zh_CN": "简体中文"}
#: Where the choice made in the View ▸ Language menu is kept.
SETTINGS_KEY = "interface/language"


def choose(requested: str | None, saved: str | None, system: str) -> str:
    """The language to use: ``requested`` (``--lang``), else ``saved``, else the system locale's (any Chinese
    locale gives Simplified Chinese, the only Chinese there is), else English."""
    for code in (requested, saved):
        if code in LANGUAGES:
            return code
    if system.startswith("zh"):
        return "zh_CN"
    return "en"


def saved_language(settings: QSettings) -> str | None:
    value = settings.value(SETTINGS_KEY)
    return value if isinstance(value, str) else None


def save_language(settings: QSettings, language: str) -> None:
    settings.setValue(SETTINGS_KEY, language)
    settings.sync()


def translation_files(language: str) -> list[Path]:
    """BPE Explorer's compiled translations for ``language`` (for English, the source language, only the plural
    forms: "1 merge", "2 merges")."""
    return sorted(_translations_dir().glob(f"*_{language}.qm"))


def install(app: QCoreApplication, language: str) -> list[QTranslator]:
    """Load ``language``'s translations into ``app`` (before any widget exists) and make its locale the default.
    Returns the translators (kept alive on the application too)."""
    QLocale.setDefault(QLocale(language if language != "en" else "en_US"))
    translators = []
    qt_dir = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    qt_own = [qt_dir / f"qtbase_{language}.qm"] if language != "en" else []
    for path in [*qt_own, *translation_files(language)]:
        translator = QTranslator(app)
        if path.is_file() and translator.load(str(path)):
            app.installTranslator(translator)
            translators.append(translator)
    app.setProperty("bpe_language", language)
    return translators


def current_language() -> str:
    """The language installed at start-up (English if none was)."""
    app = QCoreApplication.instance()
    value = app.property("bpe_language") if app is not None else None
    return value if isinstance(value, str) else "en"


def _translations_dir() -> Path:
    try:
        from bpe_resources import resource_path
    except ImportError:  # a source checkout that is not installed
        return Path(__file__).resolve().parents[3] / "resources" / "translations"
    return resource_path("translations")
