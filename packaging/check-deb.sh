#!/usr/bin/env bash
# Proves the Debian package on a clean system: a freshly debootstrapped Debian 12 (bookworm)
# installs tokenscope_*.deb with `apt-get install ./tokenscope_*.deb` (so every Depends must
# resolve from Debian alone), then runs `tokenscope-cli generate` and an offscreen
# `tokenscope --screenshot` inside it. Needs root and a large first download (the minimal
# system, then Qt and OpenBLAS), so it stays out of CI. The bootstrapped system and the
# downloaded .debs are cached outside the clone, in $TOKENSCOPE_DEBOOTSTRAP_CACHE
# (default /var/cache/tokenscope-debootstrap); every run starts from a fresh copy of it.
#
#   sudo bash packaging/check-deb.sh [build/tokenscope_0.1.0_amd64.deb]
#   sudo bash packaging/check-deb.sh --prepare     # only build the cached base system
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${TOKENSCOPE_DEBOOTSTRAP_CACHE:-/var/cache/tokenscope-debootstrap}
mirror=${TOKENSCOPE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
base=$cache/bookworm-minbase.tar
out=${TOKENSCOPE_CHECK_OUT:-$root/build/check-deb}

if [ "$(id -u)" -ne 0 ]; then
    echo "check-deb.sh needs root (debootstrap, chroot, mount)" >&2
    exit 2
fi
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap

prepare_base() {
    [ -s "$base" ] && return 0
    mkdir -p "$cache"
    local tmp=$cache/root.partial
    rm -rf "$tmp"
    echo "check-deb: debootstrapping Debian 12 into $tmp (cached as $base)"
    debootstrap --variant=minbase bookworm "$tmp" "$mirror"
    # The tar is written under another name first, so an interrupted run never leaves a
    # base that looks complete.
    tar -C "$tmp" -cf "$base.partial" .
    mv "$base.partial" "$base"
    rm -rf "$tmp"
}

prepare_base
if [ "${1:-}" = "--prepare" ]; then
    echo "check-deb: base system ready in $base"
    exit 0
fi

deb=${1:-}
if [ -z "$deb" ]; then
    deb=$(ls -t "$root"/build/tokenscope_*_amd64.deb 2>/dev/null | head -n1 || true)
fi
if [ -z "$deb" ] || [ ! -s "$deb" ]; then
    echo "check-deb: no package given and none in build/; run 'bash packaging/dev.sh package' first" >&2
    exit 2
fi
deb=$(readlink -f "$deb")

work=$(mktemp -d /var/tmp/tokenscope-check.XXXXXX)
chroot_dir=$work/root
mounted=()
cleanup() {
    local i
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$chroot_dir"
tar -C "$chroot_dir" -xf "$base"
mkdir -p "$cache/archives/partial"
for m in proc dev sys; do
    case $m in
        proc) mount -t proc proc "$chroot_dir/proc" ;;
        dev) mount --bind /dev "$chroot_dir/dev" ;;
        sys) mount --bind /sys "$chroot_dir/sys" ;;
    esac
    mounted+=("$chroot_dir/$m")
done
# Downloaded .debs survive between runs, so a second check does not fetch Qt again.
mount --bind "$cache/archives" "$chroot_dir/var/cache/apt/archives"
mounted+=("$chroot_dir/var/cache/apt/archives")
cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
cp "$deb" "$chroot_dir/tmp/"
name=$(basename "$deb")

in_chroot() { chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

echo "check-deb: apt-get install ./$name in a fresh Debian 12"
in_chroot apt-get update -qq
in_chroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "./tmp/$name"

mkdir -p "$out"
echo "check-deb: tokenscope-cli generate"
in_chroot tokenscope-cli generate --prompt "The capital of" --steps 12 --seed 1 --json \
    | tee "$out/generate.json"
grep -q '"generated"' "$out/generate.json"

echo "check-deb: tokenscope --screenshot (offscreen)"
in_chroot env QT_QPA_PLATFORM=offscreen tokenscope --prompt "The culprit turned out to be Sujin. The culprit," \
    --steps 4 --seed 4 --view attention --screenshot /tmp/check-deb-shot.png
cp "$chroot_dir/tmp/check-deb-shot.png" "$out/screenshot.png"
in_chroot env QT_QPA_PLATFORM=offscreen tokenscope --lang ko --prompt "범인이 수진이라는 게 밝혀졌다." \
    --steps 2 --seed 1 --view tokens --screenshot /tmp/check-deb-shot-ko.png
cp "$chroot_dir/tmp/check-deb-shot-ko.png" "$out/screenshot-ko.png"
echo "check-deb: man page and desktop entry"
in_chroot test -s /usr/share/man/man1/tokenscope-cli.1.gz
in_chroot test -s /usr/share/applications/io.github.tokenscope.Tokenscope.desktop
in_chroot dpkg -s tokenscope | grep -E '^(Version|Depends|Installed-Size):' | tee "$out/dpkg-status.txt"
echo "check-deb: PASS ($name installed and ran; screenshots in $out)"
