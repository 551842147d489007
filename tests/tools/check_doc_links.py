#!/usr/bin/env python3
"""Checks every relative link and image in README.md and docs/*.md: the file exists inside the
repository, and a #fragment names a heading of the target (GitHub's anchor rules).
    python3 tests/tools/check_doc_links.py [REPO_ROOT]
Exit status 1 when a link is broken (each is printed), 0 otherwise."""
import glob, os, re, sys, unicodedata
root = sys.argv[1] if len(sys.argv) > 1 else "."
files = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
link = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
def anchors(path):
    out, seen, fence = set(), {}, False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        if fence or not line.startswith("#"):
            continue
        t = line.lstrip("#").strip().lower()
        t = re.sub(r"[`*_]", "", t)
        t = "".join(c for c in t if c in " -" or unicodedata.category(c)[0] in "LN")
        t = t.replace(" ", "-")
        n = seen.get(t, 0); seen[t] = n + 1
        out.add(t if n == 0 else f"{t}-{n}")
    return out
bad = 0
rootabs = os.path.realpath(root)
for f in files:
    text = open(f, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for m in link.finditer(text):
        target = m.group(1)
        if re.match(r"^[a-z]+:", target):
            continue
        path, _, frag = target.partition("#")
        dest = os.path.realpath(os.path.join(os.path.dirname(f), path)) if path else os.path.realpath(f)
        if not (dest == rootabs or dest.startswith(rootabs + os.sep)):
            print(f"{f}: {target}: outside the repository"); bad += 1; continue
        if not os.path.exists(dest):
            print(f"{f}: {target}: no such file"); bad += 1; continue
        if frag and dest.endswith(".md") and frag not in anchors(dest):
            print(f"{f}: {target}: no heading #{frag}"); bad += 1
print(f"{len(files)} files checked, {bad} broken links")
sys.exit(1 if bad else 0)
