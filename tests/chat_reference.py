"""Run by tests/test_chat_reference.py with the Python of a virtual environment that holds ``transformers``: for
each case read from standard input (a JSON list of ``{"folder", "messages", "add_generation_prompt"}``), the text
and the ids ``apply_chat_template`` gives, or the error it raises. Prints a JSON list, one answer per case."""

import json
import os
import sys

os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
os.environ["HF_HUB_OFFLINE"] = "1"

from transformers import PreTrainedTokenizerFast  # noqa: E402


def answer(case: dict) -> dict:
    tokenizer = PreTrainedTokenizerFast.from_pretrained(case["folder"])
    options = {"add_generation_prompt": case["add_generation_prompt"]}
    try:
        text = tokenizer.apply_chat_template(case["messages"], tokenize=False, **options)
        ids = tokenizer.apply_chat_template(case["messages"], tokenize=True, return_dict=False, **options)
    except Exception as exc:  # the template's own refusal: the test expects ours to refuse too
        return {"error": str(exc)}
    return {"text": text, "ids": list(ids)}


print(json.dumps([answer(case) for case in json.load(sys.stdin)]))
