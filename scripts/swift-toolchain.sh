#!/usr/bin/env bash
# Makes a Swift compiler usable for the cross-language tests.
#
#   scripts/swift-toolchain.sh setup        make sure a toolchain exists (prints which one)
#   scripts/swift-toolchain.sh run CMD...   run CMD with that toolchain
#
# If `swiftc` is on PATH (a Mac, or a Linux box with Swift installed) it is used as is.
# Otherwise a Debian trixie root is made once with debootstrap and its `swiftlang` package,
# and reused on later runs (a marker file says it is complete). CMD then runs inside that
# root, in a private mount namespace, with /proc, /dev and the checkout bind-mounted at the
# same absolute paths, so absolute paths inside the checkout mean the same thing on both sides.
# Needs root for the chroot case.
#
# Environment:
#   LUDO_SWIFT_ROOT         where the root lives (default: <checkout>/.cache/swift-root, ignored by git)
#   LUDO_SWIFT_FORCE_CHROOT=1  use the root even if swiftc is on PATH
#   LUDO_DEBIAN_MIRROR      Debian mirror for debootstrap (default: the one in the host's apt sources)
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
SUITE=trixie
PACKAGES=(swiftlang libc6-dev libstdc++-14-dev)
CACHE_DIR="$REPO/.cache"
ROOT="${LUDO_SWIFT_ROOT:-$CACHE_DIR/swift-root}"
MARKER="$ROOT/.ludo-swift-ready"

log() { echo "swift-toolchain: $*" >&2; }

native() {
    [[ "${LUDO_SWIFT_FORCE_CHROOT:-0}" != 1 ]] && command -v swiftc >/dev/null 2>&1
}

# The Debian mirror the host's apt already uses (deb822 or one-line format), so that no host
# name is written here.
host_mirror() {
    if [[ -n "${LUDO_DEBIAN_MIRROR:-}" ]]; then
        echo "$LUDO_DEBIAN_MIRROR"
        return
    fi
    local uri
    uri="$( { grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{for (i = 2; i <= NF; i++) print $i}'
              grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | awk '{print ($2 ~ /^\[/) ? $3 : $2}'
            } | grep -E '/debian/?$' | head -n1)"
    if [[ -z "$uri" ]]; then
        log "no Debian mirror found in the apt sources; set LUDO_DEBIAN_MIRROR"
        exit 1
    fi
    echo "$uri"
}

# Runs "$@" inside the root with /proc, /dev and the checkout bind-mounted; the mounts live in
# a private mount namespace, so they vanish with the command and never pile up on the host.
# The working directory is kept when it is inside the checkout (else it is /), and of the
# environment only LD_LIBRARY_PATH passes in.
in_root() {
    local cwd=/
    [[ "$PWD/" == "$REPO/"* ]] && cwd=$PWD
    # shellcheck disable=SC2016  # expanded by the inner shell
    unshare --mount --propagation private -- /bin/bash -euc '
        root=$1 repo=$2 cwd=$3; shift 3
        mount --bind /proc "$root/proc"
        mount --rbind /dev "$root/dev"
        mkdir -p "$root$repo"
        mount --bind "$repo" "$root$repo"
        exec chroot "$root" /usr/bin/env -i \
            PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
            HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
            LD_LIBRARY_PATH="${LD_LIBRARY_PATH:-}" \
            /bin/sh -c "cd \"\$0\" && exec \"\$@\"" "$cwd" "$@"
    ' in_root "$ROOT" "$REPO" "$cwd" "$@"
}

make_root() {
    if [[ $(id -u) -ne 0 ]]; then
        log "no swiftc on PATH, and making a chroot needs root"
        exit 1
    fi
    if ! command -v debootstrap >/dev/null 2>&1; then
        log "installing debootstrap"
        apt-get update -q
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap
    fi
    mkdir -p "$(dirname "$ROOT")"
    if [[ "$ROOT" == "$CACHE_DIR/"* ]]; then
        # The cache folder ignores itself, so nothing in it is ever committed.
        mkdir -p "$CACHE_DIR"
        [[ -f "$CACHE_DIR/.gitignore" ]] || echo '*' >"$CACHE_DIR/.gitignore"
    fi
    local mirror partial="$ROOT.partial" started=$SECONDS
    mirror="$(host_mirror)"
    log "creating a Debian $SUITE root in $ROOT (takes several minutes, done once)"
    rm -rf "$partial"
    debootstrap --variant=minbase "$SUITE" "$partial" "$mirror" >"$partial.log" 2>&1 || {
        tail -n 30 "$partial.log" >&2
        log "debootstrap failed; full log: $partial.log"
        exit 1
    }
    local saved_root=$ROOT
    ROOT=$partial
    in_root /bin/sh -ec "
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q
        apt-get install -y -q --no-install-recommends ${PACKAGES[*]}
        apt-get clean
    " >>"$partial.log" 2>&1 || {
        tail -n 30 "$partial.log" >&2
        log "installing ${PACKAGES[*]} failed; full log: $partial.log"
        exit 1
    }
    ROOT=$saved_root
    rm -rf "$ROOT"
    mv "$partial" "$ROOT"
    mv "$partial.log" "$ROOT.log"
    touch "$MARKER"
    log "root ready after $((SECONDS - started)) s"
}

setup() {
    if native; then
        [[ "${1:-}" != quiet ]] || return 0
        log "using $(command -v swiftc)"
        return
    fi
    if [[ ! -f "$MARKER" ]]; then
        mkdir -p "$(dirname "$ROOT")"
        # One creator at a time; a second caller waits and then finds the marker.
        exec 9>"$ROOT.lock"
        flock 9
        [[ -f "$MARKER" ]] || make_root
        flock -u 9
    fi
    [[ "${1:-}" == quiet ]] || log "using the Debian $SUITE root in $ROOT"
}

case "${1:-}" in
    setup)
        setup
        ;;
    run)
        shift
        [[ $# -gt 0 ]] || { log "run needs a command"; exit 2; }
        setup quiet
        if native; then
            exec "$@"
        fi
        in_root "$@"
        ;;
    *)
        echo "usage: $0 setup | run CMD..." >&2
        exit 2
        ;;
esac
