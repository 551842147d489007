#!/bin/sh
# Unit tests of the training scripts' pure-Python helpers (no torch needed): Korean grammar,
# Hangul transliteration of the atlas names, the Korean corpus generator and the BPE's
# morpheme-boundary handling. Run from anywhere.
set -eu
cd "$(dirname "$0")"
exec "${PY:-/usr/bin/python3}" -m unittest -v test_korean_grammar test_korean_corpus "$@"
