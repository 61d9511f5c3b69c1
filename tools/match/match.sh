#!/usr/bin/env bash
# tools/match/match.sh NAME CMD_A CMD_B GAMES TC CONCURRENCY [c-gomoku-cli options...]
#
# One match under c-gomoku-cli, the Gomocup match runner, as engine authors measure strength:
# CMD_A against CMD_B (each a Gomocup brain: pbrain-mnk, a peer's pbrain, or any command),
# GAMES games from the balanced openings, each opening played twice with colours swapped,
# time control TC (c-gomoku-cli's `tc=`: `0/0.2` is 0.2 s a move), CONCURRENCY games at once.
# Extra options go to c-gomoku-cli as they are (`-rule 1`, `-boardsize 20`, `-sprt elo0=0
# elo1=10`, `-each nodes=20000` ...).
#
# Environment: PEERS (required), the folder the peers' build script (build-peers.sh, the team's,
# not in this repository) built c-gomoku-cli into; OPENINGS (default $PEERS/openings.txt), made
# by make-openings.py; OUT (default matches, in the current folder), where NAME/ gets the log,
# the games (SGF) and result.txt with the score and its Elo with the 95% error
# (tools/match/elo.py). See docs/matches.md.
set -euo pipefail
[ $# -ge 6 ] || { sed -n '2,15p' "$0"; exit 2; }
name=$1 a=$2 b=$3 games=$4 tc=$5 conc=$6
shift 6
PEERS=${PEERS:?set PEERS to the folder holding c-gomoku-cli (and the peers built beside it)}
OPENINGS=${OPENINGS:-$PEERS/openings.txt}
OUT=${OUT:-matches}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dir=$OUT/$name
mkdir -p "$dir"
a_name=$(basename "${a%% *}")
b_name=$(basename "${b%% *}")
[ "$a_name" != "$b_name" ] || b_name="$b_name-2"
"$PEERS/c-gomoku-cli" -each tc="$tc" -rule 0 -boardsize 15 \
  -engine name="$a_name" cmd="$a" -engine name="$b_name" cmd="$b" \
  -games "$games" -repeat -concurrency "$conc" \
  -openings file="$OPENINGS" type=pos order=sequential \
  -sgf "$dir/games.sgf" "$@" > "$dir/log.txt" 2>&1 || true
python3 "$here/elo.py" "$dir/log.txt" | tee "$dir/result.txt"
