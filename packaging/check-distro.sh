#!/usr/bin/env bash
# Runs the README's two commands on a fresh Debian 12 (bookworm) or Debian 13 (trixie), exactly
# as a new user would: a freshly bootstrapped minimal system (debootstrap --variant=minbase, the
# base cached by packaging/chroot.sh), this tree copied in, a user `student` with sudo, then
#   bash packaging/dev.sh run     (offscreen: the app starts and saves a Korean screenshot)
#   bash packaging/dev.sh test    (every test, then the sanitizer build's)
# and prints how long each took. Needs root, a large download (Qt, the compilers, npm packages)
# and on 2 cores about an hour for `test`, so it stays out of CI; run `test` in the background.
#
#   sudo bash packaging/check-distro.sh bookworm|trixie [--run-only] [--package] [--worktree]
#     --run-only   only `run` (minutes, not an hour)
#     --test-only  only `test` (it builds the app too), when `run` has passed on its own
#     --package    also `bash packaging/dev.sh package` there, the .deb copied to build/
#                  (then: sudo bash packaging/check-deb.sh --suite SUITE)
#     --worktree   copy the working tree's files (committed, changed and new, not ignored ones)
#                  instead of the last commit
# By default the tree copied is the last commit (`git archive HEAD`), what a clone gives a new
# user. Logs, screenshots and times go to build/check-distro/SUITE/ (TOKENSCOPE_CHECK_OUT).
# TOKENSCOPE_KEEP_CHROOT=1 keeps the chroot for a look afterwards.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
chroot_tag=check-distro
# shellcheck source=packaging/chroot.sh
source "$root/packaging/chroot.sh"

usage() {
    echo "usage: sudo bash packaging/check-distro.sh bookworm|trixie [--run-only|--test-only]" \
        "[--package] [--worktree]" >&2
    exit 2
}
[ $# -ge 1 ] || usage
chroot_suite "$1"
shift
run_only=0
test_only=0
package=0
worktree=0
for a in "$@"; do
    case $a in
        --run-only) run_only=1 ;;
        --test-only) test_only=1 ;;
        --package) package=1 ;;
        --worktree) worktree=1 ;;
        *) usage ;;
    esac
done
out=${TOKENSCOPE_CHECK_OUT:-$root/build/check-distro/$suite}
mkdir -p "$out"
times=$out/times.txt
: >"$times"

chroot_need_root
command -v git >/dev/null 2>&1 || chroot_fail "git is needed to list the tree's files: apt-get install git"
chroot_prepare_base
chroot_new

# What a new user has before reading the README: a user account with sudo, and the clone.
echo "check-distro: a user 'student' with sudo, and this tree in /home/student/tokenscope"
in_chroot apt-get update -qq || chroot_fail "apt-get update in the chroot failed: check access to $mirror"
in_chroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sudo >/dev/null ||
    chroot_fail "apt-get install sudo failed in the chroot: check access to $mirror"
# This machine's own network set-up, carried in as its user would have it: extra CA certificates
# (a TLS-inspecting proxy's: without them npm stops at "self-signed certificate in certificate
# chain") and npm's global configuration (its cafile).
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    in_chroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ca-certificates >/dev/null &&
        mkdir -p "$chroot_dir/usr/local/share/ca-certificates" &&
        cp /usr/local/share/ca-certificates/*.crt "$chroot_dir/usr/local/share/ca-certificates/" &&
        in_chroot update-ca-certificates >/dev/null ||
        chroot_fail "installing this machine's CA certificates in the chroot failed"
fi
for f in /etc/npmrc /usr/etc/npmrc; do
    if [ -f "$f" ]; then mkdir -p "$chroot_dir${f%/*}" && cp "$f" "$chroot_dir$f"; fi
done
in_chroot useradd -m -s /bin/bash student || chroot_fail "useradd student failed in the chroot"
echo 'student ALL=(ALL) NOPASSWD:ALL' >"$chroot_dir/etc/sudoers.d/student"
chmod 0440 "$chroot_dir/etc/sudoers.d/student"
src=$chroot_dir/home/student/tokenscope
mkdir -p "$src"
if [ "$worktree" = 1 ]; then
    (cd "$root" && git ls-files -z --cached --others --exclude-standard |
        while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
        tar --null -T - -cf -) | tar -C "$src" -xf - ||
        chroot_fail "copying the working tree into $src failed: check the free space in /var/tmp"
else
    git -C "$root" archive --format=tar HEAD | tar -C "$src" -xf - ||
        chroot_fail "git archive HEAD into $src failed: is $root a git clone with a commit?"
    echo "check-distro: the tree of commit $(git -C "$root" rev-parse --short HEAD)" \
        "($(git -C "$root" log -1 --format=%cd --date=iso))"
fi
in_chroot chown -R student:student /home/student/tokenscope

# As the user, in a login-like clean environment (sudo is there; runuser is not in every minbase).
as_student() {
    chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
        sudo -u student -H env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/home/student \
        LANG=C.UTF-8 USER=student LOGNAME=student "$@" </dev/null
}

# One README command, timed; its whole output in $out/NAME.log.
step() {
    local name=$1
    shift
    local started ended
    started=$(date +%s)
    echo "check-distro: [$suite] $* (log: $out/$name.log)"
    if ! as_student bash -c "cd ~/tokenscope && $*" >"$out/$name.log" 2>&1
    then
        ended=$(date +%s)
        echo "$name: FAILED after $((ended - started)) s" | tee -a "$times"
        tail -n 30 "$out/$name.log" >&2
        chroot_fail "'$*' failed on $suite_name after $((ended - started)) s: the lines above" \
            "(whole log: $out/$name.log) say which step; packaging/dev.sh names what to do"
    fi
    ended=$(date +%s)
    echo "$name: $((ended - started)) s" | tee -a "$times"
}

shot=/home/student/run-ko.png
if [ "$test_only" = 0 ]; then
    step run "QT_QPA_PLATFORM=offscreen bash packaging/dev.sh run --lang ko" \
        "--prompt '범인이 수진이라는 게 밝혀졌다.' --steps 2 --seed 1 --screenshot $shot"
    [ -s "$chroot_dir$shot" ] ||
        chroot_fail "'dev.sh run' finished but left no screenshot at $shot: read $out/run.log"
    cp "$chroot_dir$shot" "$out/run-ko.png"
    echo "check-distro: [$suite] run passed: the app started, screenshot $out/run-ko.png"
fi

if [ "$package" = 1 ]; then
    step package "bash packaging/dev.sh package"
    cp "$src"/build/tokenscope_*_amd64.deb "$root/build/" ||
        chroot_fail "dev.sh package made no .deb in $src/build: read $out/package.log"
    ls -l "$root"/build/tokenscope_*_amd64.deb
fi

if [ "$run_only" = 0 ]; then
    step test "bash packaging/dev.sh test"
    # ctest's summary lines: the normal build's tests, then the sanitizer build's.
    grep -E 'tests passed|tests failed out of|Total Test time' "$out/test.log" | tee -a "$times"
    echo "check-distro: [$suite] test passed"
fi
echo "check-distro: PASS on $suite_name; times in $times:"
cat "$times"
