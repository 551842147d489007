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
ARGS="--n-embd 128 --n-layer 4 --n-head 4 --n-ctx 256 --batch 8 --warmup 50 --lr 2e-3
      --min-lr-frac 0.1 --decay-frac 0.3 --weight-decay 0.1 --seed 1234 --threads 1"
# phase 1: 720 steps on the main mix (Bible + synthetic)
$PY train.py $ARGS --steps 720 ${RESUME:+--resume} 2>&1 | tee work/train_stdout.log
cp work/ckpt.pt work/ckpt_phase1_720.pt
# phase 2: continue to step 880 with half of every batch from atlas-only text (fact
# consolidation); the schedule of a 880-step run re-raises the LR to 1.3e-3 and decays it again
$PY train.py $ARGS --steps 880 --resume --mix-file work/atlas.npy --mix-frac 0.5 --mix-from 720 \
    2>&1 | tee work/train_phase2.log
$PY export.py
$PY evaluate.py --threads 2 2>&1 | tee work/eval_stdout.log
