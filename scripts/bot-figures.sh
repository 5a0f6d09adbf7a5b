#!/usr/bin/env bash
# Reruns the bot figures of the README and docs/bots.md: the four strength targets on
# classic, then each level against the level below it with two seats on every preset, then
# the expert with three, four, five and six seats on the Parchis board for six.
#
#   scripts/bot-figures.sh [targets|ladder|parchis6|all]      (default: all)
#
# Environment: GAMES (games for each strength target and each ladder pair, default 10000,
# the size the goal asks for), TWO_SEAT_GAMES and LADDER_GAMES (the two-seat targets' and
# the ladder pairs' own counts, default GAMES), SIX_SEAT_GAMES (for each six-seat run,
# default 1200; the three-, four- and five-seat runs play 2001, 1000 and 1000), JOBS
# (threads, default 1; results do not depend on it, decision times are per decision).
# Results go to stdout as the arena's tables.
set -euo pipefail
cd "$(dirname "$0")/.."

what="${1:-all}"
games="${GAMES:-10000}"
two_seat_games="${TWO_SEAT_GAMES:-$games}"
ladder_games="${LADDER_GAMES:-$games}"
six_seat_games="${SIX_SEAT_GAMES:-1200}"
jobs="${JOBS:-1}"

cargo build --release -q -p ludo-cli
ludo="${CARGO_TARGET_DIR:-target}/release/ludo"

arena() {
    echo "\$ ludo arena $*"
    "$ludo" arena "$@" --jobs "$jobs"
    echo
}

if [[ "$what" == targets || "$what" == all ]]; then
    arena --rules classic --seats expert,random,random,random --games "$games" --seed 1
    arena --rules classic --seats expert,medium,medium,medium --games "$games" --seed 2
    arena --rules classic --seats expert,random --games "$two_seat_games" --seed 3
    arena --rules classic --seats expert,medium --games "$two_seat_games" --seed 4
fi

if [[ "$what" == ladder || "$what" == all ]]; then
    for preset in classic ludo_multijoueur ludo_blocks parchis parchis6 mensch petits_chevaux; do
        arena --rules "$preset" --seats easy,random --games "$ladder_games" --seed 5
        arena --rules "$preset" --seats medium,easy --games "$ladder_games" --seed 6
        arena --rules "$preset" --seats hard,medium --games "$ladder_games" --seed 7
        arena --rules "$preset" --seats expert,hard --games "$ladder_games" --seed 8
    done
fi

if [[ "$what" == parchis6 || "$what" == all ]]; then
    arena --rules parchis6 --seats expert,medium,medium --games 2001 --seed 2
    arena --rules parchis6 --seats expert,medium,medium,medium --games 1000 --seed 2
    arena --rules parchis6 --seats expert,random,random,random,random --games 1000 --seed 1
    arena --rules parchis6 --seats expert,medium,medium,medium,medium --games 1000 --seed 2
    arena --rules parchis6 --seats expert,random,random,random,random,random --games "$six_seat_games" --seed 1
    arena --rules parchis6 --seats expert,medium,medium,medium,medium,medium --games "$six_seat_games" --seed 2
fi
