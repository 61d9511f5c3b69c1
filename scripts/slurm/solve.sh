#!/usr/bin/env bash
# A Slurm job array that solves the jobs of a split proof (docs/cluster.md):
#
#   mnk solve --size 7x7 --k 5 --split 2 --jobs DIR
#   sbatch --array=0-49 scripts/slurm/solve.sh DIR [mnk solve options: --memory 3000 ...]
#   mnk solve --combine DIR --proof 7x7k5.proof
#
# Task T of an array of N solves the jobs T, T+N, T+2N, ... of DIR (in the order of their
# names), so the array may have any size from 1 to the number of jobs. Each job's result and
# proof are written beside it; a job already proved is skipped, so a task started again
# (--requeue, or sbatch run twice) does only what is left. Each job keeps a checkpoint
# (DIR/NAME.checkpoint, every CHECKPOINT_MINUTES) that a job started again goes on from.
# Slurm sends SIGINT two minutes before the time limit: the running job writes its checkpoint
# and a result that says what it knew, and the task stops.
#
# Environment: MNK, the mnk binary (default: mnk on the PATH); CHECKPOINT_MINUTES (default
# 10). Outside Slurm, SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT say the task and the
# number of tasks (default: the one task that solves every job), as under GNU parallel.
#SBATCH --job-name=mnk-solve
#SBATCH --cpus-per-task=1
#SBATCH --signal=B:INT@120
#SBATCH --requeue
#SBATCH --output=mnk-solve-%A_%a.out
set -uo pipefail
[ $# -ge 1 ] || { sed -n '2,23p' "$0" >&2; exit 2; }
MNK=${MNK:-mnk}
dir=$1
shift
tasks=${SLURM_ARRAY_TASK_COUNT:-1}
task=$((${SLURM_ARRAY_TASK_ID:-0} - ${SLURM_ARRAY_TASK_MIN:-0}))
threads=${SLURM_CPUS_PER_TASK:-1}
options=("$@")
# The table takes four fifths of the memory Slurm gives the task, unless --memory is given.
if [[ " $* " != *" --memory "* ]]; then
  if [ -n "${SLURM_MEM_PER_CPU:-}" ]; then
    options+=(--memory $((SLURM_MEM_PER_CPU * threads * 4 / 5)))
  elif [ -n "${SLURM_MEM_PER_NODE:-}" ]; then
    options+=(--memory $((SLURM_MEM_PER_NODE * 4 / 5)))
  fi
fi

stopping=0
child=
trap 'stopping=1; [ -n "$child" ] && kill -INT "$child" 2>/dev/null' INT TERM

# Runs a command in the background (so that the trap above runs at once) and waits for it,
# through the signal, until it has finished writing.
run() {
  "$@" &
  child=$!
  local status
  while true; do
    wait "$child"
    status=$?
    kill -0 "$child" 2>/dev/null || break
  done
  child=
  return "$status"
}

shopt -s nullglob
jobs=("$dir"/*.job)
[ ${#jobs[@]} -gt 0 ] || { echo "solve.sh: no job file (*.job) in $dir" >&2; exit 2; }
failed=0
for ((i = task; i < ${#jobs[@]}; i += tasks)); do
  [ "$stopping" -eq 0 ] || break
  job=${jobs[$i]}
  run "$MNK" solve --job "$job" --threads "$threads" \
    --checkpoint "${job%.job}.checkpoint" --checkpoint-minutes "${CHECKPOINT_MINUTES:-10}" \
    "${options[@]}" || failed=1
done
[ "$stopping" -eq 0 ] || exit 130
exit "$failed"
