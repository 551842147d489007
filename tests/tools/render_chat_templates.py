#!/usr/bin/python3
"""Renders chat templates with Python's Jinja2 the way transformers does (a sandboxed
environment with trim_blocks, lstrip_blocks and the loop-controls extension, raise_exception
and strftime_now), for the templates where @huggingface/jinja and Jinja2 disagree.

    /usr/bin/python3 tests/tools/render_chat_templates.py IN.json OUT.json

IN.json and OUT.json as for render_chat_templates.mjs. Exits 3 when jinja2 is missing
(Debian: python3-jinja2), so the caller can say what is missing.

Why both: @huggingface/jinja 0.5.11 drops what a loop iteration wrote before
{% continue %} (its for loop catches the ContinueControl and discards the iteration's
text), while Jinja2 keeps it. EXAONE 4.0's template writes the system turn and then
continues, so @huggingface/jinja loses the system message that transformers keeps.
"""
import json
import sys
from datetime import datetime

try:
    from jinja2.exceptions import TemplateError
    from jinja2.ext import loopcontrols
    from jinja2.sandbox import ImmutableSandboxedEnvironment
except ImportError as e:
    print(f"cannot import jinja2 ({e}); install python3-jinja2", file=sys.stderr)
    sys.exit(3)


def raise_exception(message):
    raise TemplateError(message)


def main():
    if len(sys.argv) != 3:
        print("usage: render_chat_templates.py IN.json OUT.json", file=sys.stderr)
        sys.exit(2)
    with open(sys.argv[1], encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                        extensions=[loopcontrols])
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = lambda fmt: datetime.now().strftime(fmt)
    rendered = []
    for c in cases:
        try:
            template = env.from_string(c["template"])
            rendered.append(template.render(messages=c["messages"],
                                            add_generation_prompt=c["add_generation_prompt"],
                                            bos_token=c["bos_token"], eos_token=c["eos_token"],
                                            tools=None, **c.get("extra", {})))
        except Exception as e:  # noqa: BLE001 - every failure is a case's answer
            rendered.append({"error": str(e)})
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump({"rendered": rendered}, f)


if __name__ == "__main__":
    main()
