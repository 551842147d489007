#!/usr/bin/env bash
# Builds llama.cpp's llama-bench natively (GGML_NATIVE) from the source that npm's
# node-llama-cpp ships (llama/gitRelease.bundle), so that Tokenscope's `bench` can be
# compared with llama.cpp on the same machine and the same files. The build folder lives
# OUTSIDE the repository (it is large and slow to make).
#   tests/tools/build_llama_bench.sh [NPM_DIR] [BUILD_DIR]
# NPM_DIR holds node-llama-cpp's unpacked package (packaging/dev.sh fetches it to
# build/llama-npm); BUILD_DIR defaults to /work/llama-build. Prints the llama-bench path.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
npm_dir=${1:-$root/build/llama-npm}
build=${2:-/work/llama-build}
bundle=$npm_dir/src/package/llama/gitRelease.bundle
if [ ! -s "$bundle" ]; then
    echo "build_llama_bench: $bundle not found. Run 'bash packaging/dev.sh test' (it fetches" >&2
    echo "node-llama-cpp@3.22.1 with npm pack) or pass the folder that holds it." >&2
    exit 1
fi
src=$build/src
if [ ! -d "$src/.git" ]; then
    mkdir -p "$build"
    git clone -q "$bundle" "$src"
fi
# -march=native turns on AMX where the CPU has it, but a kernel or sandbox that does not grant
# the AMX tile state (arch_prctl) kills llama-bench with SIGILL on the first quantized
# product. Tokenscope uses no AMX either, so the comparison leaves it out.
no_amx="-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"
cmake -S "$src" -B "$build/out" -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON \
    -DCMAKE_C_FLAGS="$no_amx" -DCMAKE_CXX_FLAGS="$no_amx" \
    -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
    -DLLAMA_BUILD_SERVER=OFF -DBUILD_SHARED_LIBS=OFF >/dev/null
cmake --build "$build/out" -j "${JOBS:-2}" --target llama-bench >&2
echo "$build/out/bin/llama-bench"
