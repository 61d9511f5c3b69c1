#!/usr/bin/env bash
# A Slurm job array that plays a match in shards (docs/cluster.md):
#
#   sbatch --array=1-16 scripts/slurm/match.sh OUT A B [mnk match options: --size 15 ...]
#   mnk match --combine OUT/shard-*.txt --sprt 0,5
#
# Task I of an array of N plays shard I/N of the match (`mnk match A B ... --shard I/N`) and
# saves its games in OUT/shard-I-of-N.txt; together the shards play exactly the games of the
# whole match. Each task plays as many games at once as it has CPUs (--cpus-per-task).
#
# Environment: MNK, the mnk binary (default: mnk on the PATH). Outside Slurm,
# SLURM_ARRAY_TASK_ID (from 1) and SLURM_ARRAY_TASK_COUNT say the shard and the number of
# shards, as under GNU parallel.
#SBATCH --job-name=mnk-match
#SBATCH --cpus-per-task=1
#SBATCH --output=mnk-match-%A_%a.out
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,15p' "$0" >&2; exit 2; }
MNK=${MNK:-mnk}
out=$1
shift
count=${SLURM_ARRAY_TASK_COUNT:-1}
shard=$((${SLURM_ARRAY_TASK_ID:-1} - ${SLURM_ARRAY_TASK_MIN:-1} + 1))
mkdir -p "$out"
exec "$MNK" match "$@" --shard "$shard/$count" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --save "$out/shard-$shard-of-$count.txt"
