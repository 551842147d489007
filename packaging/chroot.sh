# Fresh Debian chroots for packaging/check-deb.sh and packaging/check-distro.sh (sourced, not
# run). A minimal system per suite (debootstrap --variant=minbase) is made once and cached as a
# tar in $TOKENSCOPE_DEBOOTSTRAP_CACHE (default /var/cache/tokenscope-debootstrap), with the
# .debs apt downloads into it; every check unpacks a fresh copy. Needs root.
#
#   source packaging/chroot.sh
#   chroot_suite bookworm|trixie     checks the name, sets $suite
#   chroot_prepare_base              debootstrap once (the first run downloads ~70 MB)
#   chroot_new                       a fresh copy in $chroot_dir, /proc /dev /sys mounted,
#                                    unmounted and deleted when the script exits
#   in_chroot CMD...                 runs CMD there as root, with a clean environment
# Every step that fails stops with what failed and what to do (chroot_fail).

cache=${TOKENSCOPE_DEBOOTSTRAP_CACHE:-/var/cache/tokenscope-debootstrap}
mirror=${TOKENSCOPE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
chroot_tag=${chroot_tag:-chroot}

chroot_fail() {
    echo "$chroot_tag: $*" >&2
    exit 1
}

chroot_need_root() {
    [ "$(id -u)" -eq 0 ] || {
        echo "$chroot_tag needs root (debootstrap, chroot, mount): run it with sudo" >&2
        exit 2
    }
    command -v debootstrap >/dev/null 2>&1 ||
        apt-get install -y -qq debootstrap ||
        chroot_fail "installing debootstrap failed: apt-get install debootstrap, then run again"
}

# Debian 12 and 13 only: the two suites the package and the README commands are checked on.
chroot_suite() {
    suite=$1
    case $suite in
        bookworm) suite_name="Debian 12 (bookworm)" ;;
        trixie) suite_name="Debian 13 (trixie)" ;;
        *) chroot_fail "unknown suite '$suite': give bookworm (Debian 12) or trixie (Debian 13)" ;;
    esac
    base=$cache/$suite-minbase.tar
}

chroot_prepare_base() {
    [ -s "$base" ] && return 0
    mkdir -p "$cache" || chroot_fail "cannot create $cache: set TOKENSCOPE_DEBOOTSTRAP_CACHE"
    local tmp=$cache/$suite.partial
    rm -rf "$tmp"
    echo "$chroot_tag: debootstrapping $suite_name into $tmp (cached as $base)"
    if ! debootstrap --variant=minbase "$suite" "$tmp" "$mirror" >"$cache/$suite-debootstrap.log" 2>&1
    then
        tail -n 5 "$cache/$suite-debootstrap.log" >&2
        chroot_fail "debootstrap $suite failed (log: $cache/$suite-debootstrap.log): check access" \
            "to $mirror (TOKENSCOPE_DEBIAN_MIRROR picks another) and, for 'Release signed by" \
            "unknown key', update debian-archive-keyring on this machine"
    fi
    # The tar is written under another name first, so an interrupted run never leaves a
    # base that looks complete.
    tar -C "$tmp" -cf "$base.partial" . && mv "$base.partial" "$base" ||
        chroot_fail "writing $base failed: check the free space in $cache"
    rm -rf "$tmp"
}

chroot_mounted=()
chroot_cleanup() {
    local i
    if [ -n "${chroot_dir:-}" ] && [ -d "$chroot_dir/var/cache/apt/archives" ]; then
        find "$chroot_dir/var/cache/apt/archives" -maxdepth 1 -name '*.deb' \
            -exec cp -n -l -t "$cache/archives-$suite/" {} + 2>/dev/null || true
    fi
    for ((i = ${#chroot_mounted[@]} - 1; i >= 0; i--)); do
        umount -l "${chroot_mounted[$i]}" 2>/dev/null || true
    done
    chroot_mounted=()
    [ -n "${chroot_work:-}" ] && [ "${TOKENSCOPE_KEEP_CHROOT:-0}" != 1 ] && rm -rf "$chroot_work"
    return 0
}

chroot_new() {
    chroot_work=$(mktemp -d /var/tmp/tokenscope-$suite.XXXXXX) ||
        chroot_fail "mktemp in /var/tmp failed: check its free space"
    chroot_dir=$chroot_work/root
    trap chroot_cleanup EXIT
    mkdir -p "$chroot_dir"
    tar -C "$chroot_dir" -xf "$base" ||
        chroot_fail "unpacking $base failed: delete it (it is made again) and run again"
    mount -t proc proc "$chroot_dir/proc" && chroot_mounted+=("$chroot_dir/proc") &&
        mount --bind /dev "$chroot_dir/dev" && chroot_mounted+=("$chroot_dir/dev") &&
        mount --bind /sys "$chroot_dir/sys" && chroot_mounted+=("$chroot_dir/sys") ||
        chroot_fail "mounting /proc, /dev or /sys in $chroot_dir failed: run on a machine (or a" \
            "privileged container) that allows mount"
    # Downloaded .debs survive between runs, so a second check does not fetch Qt again: the
    # chroot starts with (hard links to) the cached ones and gives back what it fetched when it
    # ends (over the base's own, which debootstrap leaves there). A copy, not a bind mount: two
    # checks of one suite at once would share apt's lock.
    mkdir -p "$cache/archives-$suite" "$chroot_dir/var/cache/apt/archives/partial"
    find "$cache/archives-$suite" -maxdepth 1 -name '*.deb' \
        -exec cp -f -l -t "$chroot_dir/var/cache/apt/archives/" {} + 2>/dev/null ||
        find "$cache/archives-$suite" -maxdepth 1 -name '*.deb' \
            -exec cp -f -t "$chroot_dir/var/cache/apt/archives/" {} + ||
        chroot_fail "copying the cached .debs from $cache/archives-$suite failed: delete them"
    # A throw-away system: dpkg need not sync every file it unpacks (sbuild and container
    # images do the same): with other builds on the machine, apt spent 12 to 15 minutes
    # unpacking `run`'s packages with every file synced.
    echo force-unsafe-io >"$chroot_dir/etc/dpkg/dpkg.cfg.d/tokenscope-unsafe-io"
    # apt in the chroot keeps what it downloads (minbase's docker-clean setting would not).
    rm -f "$chroot_dir/etc/apt/apt.conf.d/docker-clean"
    cp /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
    # sudo looks the host name up: without it every sudo says "unable to resolve host".
    echo "127.0.1.1 $(hostname)" >>"$chroot_dir/etc/hosts"
    echo "$chroot_tag: fresh $suite_name in $chroot_dir"
}

in_chroot() {
    chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 "$@"
}
