#!/usr/bin/env bash
# Minimises what the fuzzers grew (build-fuzz/run/<target>/work) together with the committed
# seeds into a fresh tests/fuzz/corpus/<target> with libFuzzer's -merge=1: only inputs that
# add coverage survive. Hand-made seeds (seed-*) are kept as they are.
#   tests/fuzz/merge_corpus.sh [TARGET...]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${TOKENSCOPE_FUZZ_BUILD_DIR:-$root/build-fuzz}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(safetensors config vocab_merges tokenizer_json encode cli_options sampling)
for t in "${targets[@]}"; do
    src=$root/tests/fuzz/corpus/$t
    new=$build/merged/$t
    rm -rf "$new" && mkdir -p "$new"
    cp "$src"/seed-* "$new"/ 2>/dev/null || true
    nice -n 10 "$build/fuzz_$t" -merge=1 -timeout=10 -rss_limit_mb=2048 "$new" "$src" \
        "$build/run/$t/work" >"$build/merged/$t.log" 2>&1
    rm -rf "$src" && cp -r "$new" "$src"
    echo "$t: $(ls "$src" | wc -l) files, $(du -sk "$src" | cut -f1) KiB"
done
