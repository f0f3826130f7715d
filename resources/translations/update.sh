#!/usr/bin/env bash
# Refresh every part's .ts from the sources (new strings appear as unfinished; none is dropped until translated
# elsewhere), then compile every .ts to its .qm. Translate what is unfinished between the two steps:
#   bash resources/translations/update.sh        # lupdate, then lrelease
set -euo pipefail
cd "$(dirname "$0")/../.."
T=resources/translations
pyside6-lupdate app/*.py app/train/*.py $(find app/common -name '*.py' ! -name language_menu.py | sort) -ts $T/train_zh_CN.ts -no-obsolete
pyside6-lupdate app/compare/*.py -ts $T/compare_zh_CN.ts -no-obsolete
pyside6-lupdate app/teaching/*.py -ts $T/teaching_zh_CN.ts -no-obsolete
pyside6-lupdate app/vocabulary/*.py -ts $T/vocabulary_zh_CN.ts -no-obsolete
pyside6-lupdate app/common/wording/language_menu.py -ts $T/common_zh_CN.ts -no-obsolete
pyside6-lupdate -pluralonly $(git ls-files 'app/*.py') -ts $T/plurals_en.ts
for ts in $T/*.ts; do pyside6-lrelease "$ts" -qm "${ts%.ts}.qm"; done
