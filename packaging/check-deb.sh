#!/usr/bin/env bash
# Proves the Debian package on a clean system: a freshly debootstrapped Debian 12 (bookworm) or
# Debian 13 (trixie) installs tokenscope_*.deb with `apt-get install ./tokenscope_*.deb` (so
# every Depends must resolve from Debian alone), then runs `tokenscope-cli generate` and an
# offscreen `tokenscope --screenshot`, in English and Korean, inside it. Needs root and a large
# first download (the minimal system, then Qt and OpenBLAS), so it stays out of CI. The
# bootstrapped systems and the downloaded .debs are cached outside the clone (packaging/chroot.sh,
# $TOKENSCOPE_DEBOOTSTRAP_CACHE, default /var/cache/tokenscope-debootstrap); every run starts
# from a fresh copy.
#
#   sudo bash packaging/check-deb.sh [--suite bookworm|trixie] [build/tokenscope_0.2.0~deb12_amd64.deb]
#   sudo bash packaging/check-deb.sh [--suite trixie] --prepare   # only build the cached base system
# Without a .deb, the newest build/tokenscope_*~deb12_amd64.deb (bookworm) or ~deb13 (trixie).
# The package must be built on the same suite (`bash packaging/dev.sh package` there):
# Debian 13 renamed the run-time libraries a Debian 12 package depends on, and back.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
chroot_tag=check-deb
# shellcheck source=packaging/chroot.sh
source "$root/packaging/chroot.sh"

suite=bookworm
prepare_only=0
deb=
while [ $# -gt 0 ]; do
    case $1 in
        --suite)
            [ $# -ge 2 ] || chroot_fail "--suite needs bookworm or trixie"
            suite=$2
            shift 2
            ;;
        --suite=*) suite=${1#--suite=}; shift ;;
        --prepare) prepare_only=1; shift ;;
        -*) echo "usage: check-deb.sh [--suite bookworm|trixie] [--prepare] [DEB]" >&2; exit 2 ;;
        *) deb=$1; shift ;;
    esac
done
chroot_suite "$suite"
case $suite in bookworm) tag=deb12 ;; trixie) tag=deb13 ;; esac
out=${TOKENSCOPE_CHECK_OUT:-$root/build/check-deb/$suite}

chroot_need_root
chroot_prepare_base
if [ "$prepare_only" = 1 ]; then
    echo "check-deb: base system ready in $base"
    exit 0
fi

if [ -z "$deb" ]; then
    deb=$(ls -t "$root"/build/tokenscope_*~"$tag"_amd64.deb 2>/dev/null | head -n1 || true)
fi
if [ -z "$deb" ] || [ ! -s "$deb" ]; then
    chroot_fail "no package given and no build/tokenscope_*~${tag}_amd64.deb: run" \
        "'bash packaging/dev.sh package' on $suite_name first (in a chroot:" \
        "'sudo bash packaging/check-distro.sh $suite --package'), or name the .deb"
fi
deb=$(readlink -f "$deb")
name=$(basename "$deb")
case $name in
    *"~$tag"_*) ;;
    *~deb1[0-9]_*) chroot_fail "$name was built for another suite than $suite_name: build it on" \
        "$suite_name, or give --suite to match" ;;
esac

chroot_new
cp "$deb" "$chroot_dir/tmp/"


echo "check-deb: apt-get install ./$name in a fresh $suite_name"
in_chroot apt-get update -qq || chroot_fail "apt-get update in the chroot failed: check access to $mirror"
in_chroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "./tmp/$name" ||
    chroot_fail "apt-get install ./$name failed in $suite_name: a Depends above that apt cannot" \
        "find means the package was built on another suite (build it there) or packaging/CMakeLists.txt" \
        "names a package $suite lacks"

mkdir -p "$out"
echo "check-deb: tokenscope-cli generate"
in_chroot tokenscope-cli generate --prompt "The capital of" --steps 12 --seed 1 --json \
    >"$out/generate.json" && grep -q '"generated"' "$out/generate.json" ||
    chroot_fail "tokenscope-cli generate failed in $suite_name (output: $out/generate.json):" \
        "the installed CLI or its bundled model in /usr/share/tokenscope is broken"
cat "$out/generate.json"

# A screenshot per language; the Korean one also proves the Hangul font dependency.
shot() {
    local file=$1
    shift
    in_chroot env QT_QPA_PLATFORM=offscreen tokenscope "$@" --screenshot "/tmp/$file" &&
        cp "$chroot_dir/tmp/$file" "$out/$file" && [ -s "$out/$file" ] ||
        chroot_fail "tokenscope $* --screenshot failed in $suite_name: the app did not start" \
            "offscreen there (read its messages above)"
}
echo "check-deb: tokenscope --screenshot (offscreen), English and Korean"
shot screenshot.png --prompt "The culprit turned out to be Sujin. The culprit," \
    --steps 4 --seed 4 --view attention
shot screenshot-ko.png --lang ko --prompt "범인이 수진이라는 게 밝혀졌다." --steps 2 --seed 1 --view tokens
echo "check-deb: man page and desktop entry"
in_chroot test -s /usr/share/man/man1/tokenscope-cli.1.gz &&
    in_chroot test -s /usr/share/applications/io.github.tokenscope.Tokenscope.desktop ||
    chroot_fail "the man page or the desktop entry is missing from $name: see packaging/CMakeLists.txt"
in_chroot dpkg -s tokenscope | grep -E '^(Version|Depends|Installed-Size):' | tee "$out/dpkg-status.txt"
echo "check-deb: PASS ($name installed and ran on $suite_name; screenshots in $out)"
