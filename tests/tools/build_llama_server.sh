#!/usr/bin/env bash
# Builds llama.cpp's llama-server (CPU, GGML_NATIVE without AMX) from the source that npm's
# node-llama-cpp 3.22.1 ships (llama/gitRelease.bundle), for the remote-model tests (#50):
# they start it on 127.0.0.1 with the tiny GGUF fixtures and compare --server with --model.
#   tests/tools/build_llama_server.sh [NPM_DIR] [BUILD_DIR]
# NPM_DIR holds node-llama-cpp's unpacked package (packaging/dev.sh fetches it to
# build/llama-npm). BUILD_DIR defaults to ~/.cache/tokenscope/llama-server-<bundle hash>, so
# only a new machine (or a new bundle) pays the build, 10-20 minutes on 2 cores.
# No curl (-DLLAMA_CURL=OFF), no OpenSSL, and no web UI: the default build downloads a
# prebuilt UI from Hugging Face, which LLAMA_USE_PREBUILT_UI=OFF and LLAMA_BUILD_UI=OFF stop.
# Prints the llama-server path on stdout; exits non-zero with the reason otherwise.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
npm_dir=${1:-$root/build/llama-npm}
bundle=$npm_dir/src/package/llama/gitRelease.bundle
if [ ! -s "$bundle" ]; then
    echo "build_llama_server: $bundle not found. Run 'bash packaging/dev.sh test' (it fetches" >&2
    echo "node-llama-cpp@3.22.1 with npm pack) or pass the folder that holds it." >&2
    exit 1
fi
key=$(sha256sum "$bundle" | cut -c1-12)
build=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/tokenscope/llama-server-$key}
bin=$build/out/bin/llama-server
if [ -x "$bin" ] && [ -f "$build/.done" ]; then
    echo "$bin"
    exit 0
fi
src=$build/src
if [ ! -d "$src/.git" ]; then
    mkdir -p "$build"
    rm -rf "$src"
    git clone -q "$bundle" "$src"
fi
# -march=native turns on AMX where the CPU has it, but a kernel or sandbox that does not grant
# the AMX tile state kills llama.cpp with SIGILL on the first quantized product (see
# build_llama_bench.sh), so it is left out here too.
no_amx="-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"
cmake -S "$src" -B "$build/out" -DCMAKE_BUILD_TYPE=Release -DGGML_NATIVE=ON \
    -DCMAKE_C_FLAGS="$no_amx" -DCMAKE_CXX_FLAGS="$no_amx" \
    -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
    -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DBUILD_SHARED_LIBS=OFF >/dev/null
cmake --build "$build/out" -j "${JOBS:-2}" --target llama-server >&2
if [ ! -x "$bin" ]; then
    echo "build_llama_server: the build ended without $bin" >&2
    exit 1
fi
touch "$build/.done"
echo "$bin"
