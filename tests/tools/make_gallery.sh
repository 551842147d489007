#!/bin/sh
# The README's pictures, all made headlessly by the app itself (offscreen, 1280x720 unless
# said): run from the repository root after a build, with the bundled model. They land in
# OUT (default resources/screenshots/); open every one before committing it.
#   tests/tools/make_gallery.sh [OUT]
# The precision comparison needs the bundled model as GGUF files (F16 and Q8_0 from
# gguf_from_hf, Q4_0 from llama.cpp's own quantizer through llama_harness and the npm
# libllama that the test set-up fetched into build/llama-npm).
set -eu
OUT=${1:-resources/screenshots}
APP=${APP:-build/app/gui/tokenscope}
TOOLS=${TOOLS:-build/tests/tools}
export QT_QPA_PLATFORM=offscreen
mkdir -p "$OUT"
EN="The culprit turned out to be Sujin. The culprit,"
KO="범인이 수진이라는 게 밝혀졌다. 범인인"
shot() {  # FILE, then the app's options
    file=$1
    shift
    "$APP" --window 1280x720 "$@" --screenshot "$OUT/$file" 2>&1 | grep -v "propagateSizeHints\|XDG_RUNTIME_DIR" || true
    [ -s "$OUT/$file" ] || { echo "make_gallery.sh: $file was not written" >&2; exit 1; }
}
if [ -z "${ONLY_PRECISION:-}" ]; then
shot attention-en.png --prompt "$EN" --steps 6 --seed 4 --temperature 0.8 --view attention --layer 2 --head 1 --window 1920x1080
shot tokens-ko.png --prompt "$KO" --steps 3 --seed 1 --view tokens --lang ko --window 1920x1080
shot gallery-tokens-ko.png --prompt "$KO" --steps 3 --seed 1 --view tokens --lang ko
shot gallery-lesson_3_4-ko.png --view lesson:3:4 --lang ko
shot gallery-tokenizers-ko.png --prompt "$KO" --steps 1 --view tokenizers --lang ko
shot gallery-confidence-ko.png --prompt "$KO" --steps 12 --seed 4 --view confidence --lang ko
shot gallery-lens-en.png --prompt "$EN" --steps 4 --seed 4 --temperature 0.8 --view lens
shot gallery-lanes-en.png --prompt "$EN" --steps 4 --seed 4 --view lanes
shot gallery-probes-en.png --view probes
shot gallery-cost-en.png --prompt "The detective gathered everyone in the" --steps 30 --seed 5 --view cost
shot gallery-sampling-en.png --prompt "$EN" --steps 3 --view sampling
shot gallery-sampling-ko.png --prompt "$KO" --steps 2 --view sampling --lang ko --window 1920x1080
shot gallery-wordmap-en.png --prompt "$EN" --steps 1 --view embedding --word-map atlas
shot gallery-wordmap-ko.png --prompt "$KO" --steps 1 --view embedding --word-map atlas --lang ko
shot litm-en.png --view litm
shot litm-ko.png --view litm --lang ko
fi
PREC=$(mktemp -d)
trap 'rm -rf "$PREC"' EXIT
"$TOOLS/gguf_from_hf" resources/model "$PREC/bundled-f16.gguf" --type f16 --vocab-dir resources/model > /dev/null
"$TOOLS/gguf_from_hf" resources/model "$PREC/bundled-q8_0.gguf" --type q8_0 --vocab-dir resources/model > /dev/null
LIB=$(cd "$(dirname "$(find build/llama-npm -name "libllama.v*.so" | head -1)")" && pwd)
"$TOOLS/llama_harness" "$LIB" quantize "$PREC/bundled-f16.gguf" "$PREC/bundled-q4_0.gguf" q4_0 > /dev/null
shot precision-ko.png --prompt "범인이 수진이라는 게 밝혀졌다. 범인은" --view precision --lang ko \
    --compare-with "$PREC/bundled-f16.gguf,$PREC/bundled-q8_0.gguf,$PREC/bundled-q4_0.gguf"
echo "make_gallery.sh: pictures in $OUT"
