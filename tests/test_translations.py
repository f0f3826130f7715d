"""The interface translations (resources/translations/*_zh_CN.ts): every string of the window is translated, none
is left unfinished, the compiled .qm files are the .ts files' current build, and no user-visible literal in app/
bypasses Qt's translation."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TRANSLATIONS = ROOT / "resources" / "translations"
LUPDATE = shutil.which("pyside6-lupdate")
LRELEASE = shutil.which("pyside6-lrelease")
TS_FILES = sorted(TRANSLATIONS.glob("*_zh_CN.ts"))
PLURALS_EN = TRANSLATIONS / "plurals_en.ts"
ALL_TS = [*TS_FILES, PLURALS_EN]
PLACEHOLDER = re.compile(r"\{\w*(?:[:!][^}]*)?\}|%n")
APP_FILES = sorted(p for p in (ROOT / "app").rglob("*.py"))
needs_tools = pytest.mark.skipif(LUPDATE is None or LRELEASE is None, reason="PySide6's lupdate/lrelease not found")


def messages(ts: Path) -> list[tuple[str, str, ET.Element]]:
    """(context, source text, translation element) of every message of a .ts file."""
    found = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            found.append((name, message.findtext("source"), message.find("translation")))
    return found


def test_there_are_chinese_translations():
    assert TS_FILES, "no resources/translations/*_zh_CN.ts"


@pytest.mark.parametrize("ts", ALL_TS, ids=lambda p: p.name)
def test_every_message_is_translated(ts):
    problems = []
    for context, source, translation in messages(ts):
        kind = translation.get("type")
        texts = [translation.text or ""] + [form.text or "" for form in translation.iter("numerusform")]
        if kind in ("unfinished", "vanished", "obsolete") or not any(t.strip() for t in texts):
            problems.append(f"{context}: {source!r} ({kind or 'empty'})")
        elif any(set(PLACEHOLDER.findall(source)) != set(PLACEHOLDER.findall(t)) for t in texts if t.strip()):
            problems.append(f"{context}: {source!r}: placeholders differ in the translation")
    assert not problems, f"{ts.name}:\n" + "\n".join(problems)


@needs_tools
def test_every_string_of_the_window_is_in_a_translation(tmp_path):
    """lupdate over all of app/ finds no string that no .ts file translates."""
    fresh = tmp_path / "all_zh_CN.ts"
    subprocess.run([LUPDATE, *map(str, APP_FILES), "-ts", str(fresh)], check=True, capture_output=True)
    known = {(c, s) for ts in TS_FILES for c, s, t in messages(ts) if t.get("type") not in ("vanished", "obsolete")}
    missing = sorted({(c, s) for c, s, _ in messages(fresh)} - known)
    assert not missing, "strings without a translation:\n" + "\n".join(f"{c}: {s!r}" for c, s in missing[:40])


@needs_tools
def test_every_plural_has_its_english_forms(tmp_path):
    """Qt gives the source language plural forms only through a translation: plurals_en.ts holds them all."""
    fresh = tmp_path / "plurals_en.ts"
    subprocess.run([LUPDATE, "-pluralonly", *map(str, APP_FILES), "-ts", str(fresh)], check=True, capture_output=True)
    missing = {(c, s) for c, s, _ in messages(fresh)} - {(c, s) for c, s, _ in messages(PLURALS_EN)}
    assert not missing, f"plurals without English forms in plurals_en.ts: {sorted(missing)}"


@needs_tools
@pytest.mark.parametrize("ts", ALL_TS, ids=lambda p: p.name)
def test_the_compiled_translation_is_current(ts, tmp_path):
    built = tmp_path / ts.with_suffix(".qm").name
    subprocess.run([LRELEASE, str(ts), "-qm", str(built)], check=True, capture_output=True)
    shipped = ts.with_suffix(".qm")
    assert shipped.is_file() and shipped.read_bytes() == built.read_bytes(), f"run pyside6-lrelease on {ts.name}"


#: Calls whose string argument is shown to users: the method or class name -> which positional argument.
SHOWN = {
    "setText": 0,
    "setToolTip": 0,
    "setWindowTitle": 0,
    "setPlaceholderText": 0,
    "setStatusTip": 0,
    "setTitle": 0,
    "setLabelText": 0,
    "showMessage": 0,
    "addMenu": 0,
    "addTab": 1,
    "setTabText": 1,
    "setTabToolTip": 1,
    "QLabel": 0,
    "QPushButton": 0,
    "QCheckBox": 0,
    "QRadioButton": 0,
    "QGroupBox": 0,
    "QAction": 0,
    "information": 1,
    "warning": 1,
    "critical": 1,
    "question": 1,
}


def _literal_shown(node: ast.Call) -> str | None:
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name not in SHOWN or len(node.args) <= SHOWN[name]:
        return None
    arg = node.args[SHOWN[name]]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and re.search("[A-Za-z]{2}", arg.value):
        return arg.value
    if isinstance(arg, ast.JoinedStr):  # an f-string with words in it: a sentence built around values
        words = "".join(part.value for part in arg.values if isinstance(part, ast.Constant))
        return ast.unparse(arg) if re.search("[A-Za-z]{2}", words) else None
    return None


def test_no_user_visible_literal_bypasses_translation():
    found = []
    for path in APP_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and (text := _literal_shown(node)) is not None:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text!r}")
    assert not found, "shown to users without tr():\n" + "\n".join(found[:60])
