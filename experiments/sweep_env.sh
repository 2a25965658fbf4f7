# sweep_env.sh - sourced by the sweep scripts (smoke.sh, thesis.sh,
# default.sh): the environment they run wht-sweep in.
#
# OMP_WAIT_POLICY=passive unless the caller chose a policy: libwht's OpenMP
# threads then sleep between the threaded steps of a cell (oracle, transform
# passes, rounding, metrics) instead of spinning. A spinning thread holds a
# core that another job, or this sweep's next step, needs: on a shared
# machine that made sweeps several times slower (docs/PERFORMANCE.md,
# "Issue 10", 2-core development machine).
OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
export OMP_WAIT_POLICY
