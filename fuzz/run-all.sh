#!/usr/bin/env bash
# Runs every fuzz target of isect in turn, each for SECONDS (default 600), and prints one
# line of libFuzzer's final figures per target. A crash stops the run with the target's
# exit status; the reproducer is under fuzz/artifacts/<target>/.
#
#   fuzz/run-all.sh [SECONDS] [extra libFuzzer flags...]
#
# FUZZ_JOBS=N runs N targets at a time (default 1; each target is one process, so N
# should not exceed the cores you can spare). FUZZ_TARGETS="a b" runs only those.
#
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz --locked`).
# The corpus grows in fuzz/corpus/<target>/ and is reused by the next run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
secs=${1:-600}
shift || true
targets=${FUZZ_TARGETS:-$(cargo +nightly fuzz list)}
# No sanitizer: the library forbids unsafe code, so AddressSanitizer finds nothing and
# halves the speed; debug assertions (integer overflow checks) stay on.
cargo +nightly fuzz build -s none
mkdir -p fuzz/logs
run_one() {
    local t=$1 secs=$2
    shift 2
    local log=fuzz/logs/$t.log start=$SECONDS
    if ! cargo +nightly fuzz run -s none "$t" -- -max_total_time="$secs" -max_len=256 \
        -len_control=0 -print_final_stats=1 "$@" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "fuzz target $t failed; see $log and fuzz/artifacts/$t/" >&2
        return 1
    fi
    local done_line
    done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true)
    printf '%-14s %4ds  %s\n' "$t" "$((SECONDS - start))" "$done_line"
}
export -f run_one
# xargs stops handing out targets after a failure (exit 255 from the child wrapper).
printf '%s\n' $targets | xargs -P "${FUZZ_JOBS:-1}" -I{} bash -c \
    'run_one "$@" || exit 255' _ {} "$secs" "$@"
