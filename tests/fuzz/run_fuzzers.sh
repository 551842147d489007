#!/usr/bin/env bash
# Runs the libFuzzer targets of build-fuzz in parallel, niced, each for SECONDS (default
# 600), growing a work corpus per target from tests/fuzz/corpus/<target>. Crashes land in
# build-fuzz/run/<target>/ (crash-*, leak-*, timeout-*, oom-*); logs in fuzz-0.log there.
#   tests/fuzz/run_fuzzers.sh [SECONDS] [TARGET...]
# Afterwards, tests/fuzz/merge_corpus.sh minimises the grown corpora back into tests/fuzz/corpus.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${TOKENSCOPE_FUZZ_BUILD_DIR:-$root/build-fuzz}
secs=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(safetensors config vocab_merges tokenizer_json encode cli_options sampling gguf chat_template tokenizer_config)
pids=()
for t in "${targets[@]}"; do
    run=$build/run/$t
    mkdir -p "$run/work"
    dict=()
    case $t in safetensors|config|vocab_merges|tokenizer_json|tokenizer_config) dict=(-dict="$root/tests/fuzz/json.dict") ;; esac
    (cd "$run" && nice -n 10 "$build/fuzz_$t" -max_total_time="$secs" -jobs=1 -workers=1 \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 "${dict[@]}" \
        "$run/work" "$root/tests/fuzz/corpus/$t" >/dev/null 2>&1) &
    pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
for t in "${targets[@]}"; do
    echo "== $t"
    grep -E "^(Done|stat::number_of_executed_units|stat::average_exec_per_sec)|ERROR|SUMMARY" \
        "$build/run/$t/fuzz-0.log" | head -8 || true
    ls "$build/run/$t" | grep -E "^(crash|leak|timeout|oom|slow-unit)-" || true
done
exit $status
