#!/bin/sh
# Rebuild Tokenscope's bundled model from scratch: corpus -> BPE -> tokens -> training
# -> export -> evaluation. Run from anywhere; needs Debian 12 packages python3-torch,
# python3-numpy, python3-regex, diatheke, sword-text-web (see README.md).
# The shipped files in resources/model/ are overwritten.
set -eu
cd "$(dirname "$0")"
PY=${PY:-/usr/bin/python3}
mkdir -p work
$PY make_corpus.py --seed 1234
$PY train_bpe.py --input work/train.txt --out work --vocab-size 4096
$PY tokenize_corpus.py
$PY make_probes.py
# One run: 4,000 steps of 8 x 256 tokens; half of every batch comes from the drill text
# (repeated lists, key-value records, atlas facts: copying is rewarded from step 0), the
# rest from the main mix (Bible + synthetic). --plant-copy-circuit starts the model with a
# previous-token, a duplicate-token and three induction heads (plant.py). --threads 1 keeps
# the float summation order fixed (torch may still use a second core for BLAS).
$PY train.py --n-embd 192 --n-layer 4 --n-head 6 --n-ctx 256 --batch 8 --warmup 100 --lr 2e-3 \
    --min-lr-frac 0.1 --decay-frac 0.3 --weight-decay 0.1 --seed 1234 --threads 1 \
    --steps 4000 --eval-every 500 --ckpt-every 100 \
    --mix-file work/drill.npy --mix-frac 0.5 --mix-from 0 --plant-copy-circuit \
    ${RESUME:+--resume} 2>&1 | tee work/train_stdout.log
$PY export.py
$PY evaluate.py --threads 2 2>&1 | tee work/eval_stdout.log
