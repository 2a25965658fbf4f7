# mpi.sh - shared start of the MPI tests, sourced after tap.sh: skips the
# test when wht-sweep has no MPI driver (configure without MPI), and sets
# what the CI machine needs (2 cores, root): `mpi ARGS` runs mpirun with
# --oversubscribe, root allowed. Under mpirun LeakSanitizer is off: Open
# MPI leaks at MPI_Finalize from components it has unloaded by then, which
# no suppression can name (the serial tests check the sweep's own code for
# leaks; the MPI driver's allocations are freed on every path).
if [ "${WHT_HAVE_MPI:-no}" != yes ]; then
  echo "1..0 # SKIP wht-sweep is built without MPI (configure --with-mpi)"
  exit 0
fi
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
mpi_asan="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
mpi() { env "$mpi_asan" mpirun --oversubscribe "$@"; }
