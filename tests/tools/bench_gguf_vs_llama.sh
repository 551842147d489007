#!/usr/bin/env bash
# Tokenscope against llama.cpp on the same GGUF files: a random GPT-2 124M-shaped model
# (written by make_random_gpt2, converted by gguf_from_hf to F16, quantized to Q8_0 by
# llama.cpp's own quantizer through llama_harness), 2 threads, 128 prompt + 128 generated
# tokens. Prints llama-bench's figures and `tokenscope-cli bench` (attention traced) for each,
# and Tokenscope on an F16 Hugging Face folder of the same shape; then a Qwen2.5-0.5B-shaped
# Q8_0 file (QWEN=0 leaves it out) and a Gemma-3-270M-shaped one (GEMMA=0; GPT2=0 leaves the
# GPT-2 files out).
#   tests/tools/bench_gguf_vs_llama.sh [BUILD_DIR] [WORK_DIR]
# BUILD_DIR: Tokenscope's build (default build); WORK_DIR: where the ~0.8 GB of model files
# go (default /tmp/tokenscope-gguf-bench). llama-bench comes from build_llama_bench.sh
# (built once, outside the repository; LLAMA_BENCH overrides its path).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=${2:-/tmp/tokenscope-gguf-bench}
threads=${THREADS:-2}
llama_bench=${LLAMA_BENCH:-$("$root/tests/tools/build_llama_bench.sh" "$build/llama-npm")}
npm_dir=$(grep -o 'TOKENSCOPE_LLAMA_NPM_DIR:PATH=.*' "$build/CMakeCache.txt" | cut -d= -f2)
harness="$build/tests/tools/llama_harness $npm_dir/bin/package/bins/linux-x64"
mkdir -p "$work"
compare() {  # FILE LABEL: llama-bench, then Tokenscope, on one GGUF file
    echo "== $2: llama.cpp (llama-bench -p 128 -n 128 -t $threads)"
    "$llama_bench" -m "$1" -p 128 -n 128 -t "$threads" -r 3 -o md 2>/dev/null | grep -E "^\|"
    echo "== $2: Tokenscope (tokenscope-cli bench, attention traced)"
    "$build/app/tokenscope-cli" bench --model "$1" --prompt-tokens 128 --gen-tokens 128 \
        --threads "$threads" --trace attention --repeat 3
}
if [ "${GPT2:-1}" = 1 ]; then  # GPT2=0 skips the GPT-2 files
    [ -s "$work/hf/model.safetensors" ] || "$build/tests/tools/make_random_gpt2" "$work/hf" >/dev/null
    [ -s "$work/gpt2-f16.gguf" ] || "$build/tests/tools/gguf_from_hf" "$work/hf" "$work/gpt2-f16.gguf" --type f16 >/dev/null
    [ -s "$work/gpt2-q8_0.gguf" ] || $harness quantize "$work/gpt2-f16.gguf" "$work/gpt2-q8_0.gguf" q8_0 >/dev/null
    # The same weights as a Hugging Face folder stored F16 (the model-families issue's figure).
    [ -s "$work/hf-f16/model.safetensors" ] || "$build/tests/tools/make_random_model" "$work/hf-f16" --preset gpt2 --dtype F16 >/dev/null
    echo "== F16 Hugging Face folder (random GPT-2 124M): Tokenscope (attention traced)"
    "$build/app/tokenscope-cli" bench --model "$work/hf-f16" --prompt-tokens 128 --gen-tokens 128 \
        --threads "$threads" --trace attention --repeat 3
    for type in f16 q8_0; do compare "$work/gpt2-$type.gguf" "GPT-2 124M $type"; done
fi
# A Qwen2.5-0.5B shape (random BF16 weights written as Q8_0 by gguf_from_hf; QWEN=0 skips it).
if [ "${QWEN:-1}" = 1 ]; then
    [ -s "$work/qwen05/model.safetensors" ] || "$build/tests/tools/make_random_model" "$work/qwen05" --preset qwen2.5-0.5b >/dev/null
    [ -s "$work/qwen05-q8_0.gguf" ] || "$build/tests/tools/gguf_from_hf" "$work/qwen05" "$work/qwen05-q8_0.gguf" --type q8_0 >/dev/null
    compare "$work/qwen05-q8_0.gguf" "Qwen2.5-0.5B shape q8_0"
fi
# A Gemma-3-270M shape (random BF16 weights, make_random_model --preset gemma3-270m, written as
# Q8_0 by gguf_from_hf; GEMMA=0 skips it): decode alone, llama.cpp and Tokenscope taking turns
# five times (one run each per turn, so a busy moment of the machine falls on both), then the
# medians and Tokenscope's bare read of all its weights (the memory-bound ceiling of a decode).
if [ "${GEMMA:-1}" = 1 ]; then
    [ -s "$work/gemma270/model.safetensors" ] || "$build/tests/tools/make_random_model" "$work/gemma270" --preset gemma3-270m >/dev/null
    [ -s "$work/gemma270-q8_0.gguf" ] || "$build/tests/tools/gguf_from_hf" "$work/gemma270" "$work/gemma270-q8_0.gguf" --type q8_0 >/dev/null
    echo "== Gemma-3-270M shape q8_0: decode of 128 tokens after a 128-token prompt, 5 alternated runs"
    llama_runs=() ts_runs=() ceilings=()
    for run in 1 2 3 4 5; do
        # llama-bench's tg128 row: its t/s column (the mean of -r 1 run)
        l=$("$llama_bench" -m "$work/gemma270-q8_0.gguf" -p 0 -n 128 -t "$threads" -r 1 -o csv 2>/dev/null |
            tail -1 | awk -F, '{gsub(/"/, "", $(NF-1)); print $(NF-1)}')
        j=$("$build/app/tokenscope-cli" bench --model "$work/gemma270-q8_0.gguf" --prompt-tokens 128 \
            --gen-tokens 128 --threads "$threads" --repeat 1 --json)
        t=$(echo "$j" | python3 -c 'import json,sys; print(json.load(sys.stdin)["decode_tok_s"])')
        c=$(echo "$j" | python3 -c 'import json,sys; print(json.load(sys.stdin)["stream_ceiling_tok_s"])')
        echo "run $run: llama.cpp $l tok/s, Tokenscope $t tok/s (ceiling $c)"
        llama_runs+=("$l") ts_runs+=("$t") ceilings+=("$c")
    done
    python3 - "${llama_runs[*]}" "${ts_runs[*]}" "${ceilings[*]}" <<'PY'
import statistics, sys
l, t, c = ([float(x) for x in a.split()] for a in sys.argv[1:4])
ml, mt, mc = statistics.median(l), statistics.median(t), statistics.median(c)
print(f"median: llama.cpp {ml:.1f} tok/s, Tokenscope {mt:.1f} tok/s = {mt / ml:.2f} x; "
      f"bare-read ceiling {mc:.1f} tok/s (Tokenscope at {100 * mt / mc:.0f} %, llama.cpp at {100 * ml / mc:.0f} %)")
PY
fi
