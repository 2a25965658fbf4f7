#!/bin/sh
# bench_gpu_host.sh - one session on the GPU host: the GPU tests, compute-sanitizer
# memcheck and racecheck on a sample of sizes (of test_gpu_bitident, and of
# test_tensor_core_gpu: tc_memcheck, tc_racecheck), and the wht-bench
# measurements of docs/PERFORMANCE.md (STEPS selects: emulated bitident bench
# memcheck racecheck tc_memcheck tc_racecheck by default; largest for the
# biggest in-place sizes of a 141 GB GPU; l2 and ncu for the measurements of issues 15
# and 16; grid for issue 10's one-command thesis grid and the GPU oracle's speed;
# i15sass, i15smoke, i15bench and i15ncu for issue 15's kernels against the build in
# BASE (default _build-base: the commit before them, for the 'before' figures in the
# same run); oracle and thesis for the GPU oracle of issue 10; i16test and i16small for
# issue 16's register tensor-core kernels, i16ncu and i16single for their
# profile and the single vectors, i16x12 for the exchange kernel of rows of
# 2^11, 2^12, i16first for the first pass of long rows, i16l2 for their
# L2-blocked pair (against BASE), i16x15 for rows of 2^13..2^15 by the
# exchange kernel; i15l2, i15l2h and
# i15l2ncu for issue 15's L2-blocked pairs of passes; i10res for the GPU
# oracle on resident data (tests, memcheck, speed); kvar for one kernel
# built several ways (KVAR_BUILDS); i10wide for the GPU
# oracle's 256-bit values and tiles (against BASE), i10cpu for the CPU
# oracle's AVX-512 groups (against BASE), i15blk and i15blkncu for folklore's
# rows in a block's registers, i15comp for kahan's and neumaier's rows in
# registers, tcrows for the thesis grid's tensor-core rows again, i14regs for the
# block algorithms' rows in registers, rows2b for the compensated f16/bf16 rows
# in registers (rows2bblk: in a block's, rows2bsass: their SASS,
# compminb: capped or not), sass for kernels' static SASS, rowswords for
# folklore's 2-byte rows on whole words, rowsall for
# every batched row at the build's defaults, tcfull for the tensor-core
# register kernels' unchecked path and the pair's stage 2 without its
# identity (tcfullsan their sanitizers, tcncu their profile), blkw16 for
# folklore's block kernel with sixteen vectors a lane, rows2bblkbench for
# the compensated 2-byte block rows at the build's masks, rowsloop for
# folklore's block kernel in its loop form, gather for its loads gathered,
# rows7 for folklore's 2-byte rows of
# 2^7 in registers, compxp for the compensated warp rows in the transposed forms (compxpncu their profile, compxpbench their timing
# alone, variant d the defaults, compxpdef the defaults' bit-identity), arrows for
# Alman-Rao's rows in registers, widerows for widened-pass's, rowspftest
# and rowspf for folklore's block rows with the next rows asked of L2, singlereg
# for folklore's long rows in passes of register tiles (singlesan their
# sanitizers, singlencu their stalls), singlecomp for kahan's and
# neumaier's (singlecompsan their sanitizers), tcpf
# for the tensor-core exchange kernel's, tctest and tcsinglencu for the
# tensor-core tests and its single vectors' kernels profiled, tcreg for
# the tensor cores' strided passes in registers, tcl2min for where their
# pair starts, tcbits for their strided passes of 12 bits, tc10 for
# their strided pass of 10 bits (tests, 2^29 and 2^30; tc10ncu: 2^30's
# passes profiled), tcpair10 for it as the pair's second pass (rows of
# 2^21, 2^22), tcpfs for the strided register passes asking L2 for the
# runs of tiles ahead, tc10v for the pass of 10 bits's loads issued first (its tests, sanitizers, timings), tc22
# for the one-bit stage at bit 12 from 2^29 (tests, sanitizers, timings), l2ahead for the
# pairs taking their next ticket ahead, scomppf for kahan's register passes'
# L2 requests ahead, scomplag for their lag and neumaier's, scompxp for the
# f32 pair's first pass in the transposed form, scomptwo for their two plain
# passes, wstr for widened-pass's later blocks on strided register tiles
# (wstrtest their tests and sanitizers, wstrncu their profile), nmpair for neumaier's register pair against its
# tiles, sar for Alman-Rao's single vectors in register passes (sartest
# their tests and sanitizers, sarncu their profile, sarblk their rows of
# 2^12..2^16 in a block, sarblkw with 2-byte rows several a block,
# sarblkab two builds on them), ar64 for Alman-Rao's f64 rows in a warp's
# registers (ar64test their tests and sanitizers, ar64k14 their first
# pass's rows of 2^14), tc14 for
# the rows of 2^14, 2^15 on 8 warps of two, four units, restaged, sectors for
# where partial-sector stores come from, l2sync for the pairs' chunk
# counts by release and acquire, tcpair for
# their pair's lag and chunk, xpab for the
# compensated 2-byte transposed rows in two builds, i10ops for the operations with
# their data on the device (tests, the grid both ways), status for where
# issues 14-16 stand (their named cases in one run), tune for the H100-tuned
# settings on this device, stalls for what the pass kernels wait on (STALLS_CASES: algo:format:log2n:log2batch ...), opcodes
# for their warp instructions by opcode (OPCODES_CASES; experiments/ncu_opcodes.py sums them up), i15pf for
# the persistent pass kernels' prefetch, i15reg for folklore's rows in registers, gridvar for the grid under
# several environment settings, gridab for the grid with two builds (BASE, BUILD), grid28 for its largest sizes; i14pass for issue 14's widened-pass
# (tests, sanitizers, bench, its thesis-grid rows), i14ncu and i14data for its
# profile and the data of docs/STABILIZATION.md (i14bench its speed table
# alone); mpiscale and
# mpirows for issue 11's rank
# scaling; dsmem and l2bound for what bounds the L2-blocked pairs (dsmemnb:
# the probe's strided tiles started as clusters of neighbours), fewtest
# for the compensated block kernels' few rows and the block rows first's
# size by format; sarq and sarqncu for the rolled pass's column pairs
# against its word rounds; pipes for the packed additions' peak issue
# rate by form and what the compensated kernels' pipes do; xp5 for
# kahan's and kahan-block's 2-byte warp rows at five blocks a multiprocessor
# (xp5def: at the build's defaults); pairab for the 2-byte rows and single
# vectors in BASE and BUILD (pairabsan: BUILD's rows under the
# sanitizers); tcbulk for the tensor cores' rows of 2^15 copied in by the
# bulk-copy engine (tcbulktest: their tests and sanitizers; tcbulkncu:
# their profile against the exchange kernel; tcbulkdef: the tests and
# the rows of 2^7..2^16 at the defaults); waves for rows of 64 and 128 KB
# at row counts that fill whole waves of blocks, and wavesgrid for the
# tensor cores' rows of 2^15 on persistent grids; rowsn: rows of 2^13..2^16
# at 2^25..2^30 elements; rowslat: those rows in one to eight waves of
# blocks; stagger (staggertest: its tests; staggerall, staggerdef) for the
# first wave's blocks started apart, staggerar for Alman-Rao's block rows
# started so, stagpf for their look-ahead with it, sarpf for Alman-Rao's
# own); rows128ncu for what is left of the rows of 128 KB, nmbf
# (nmbftest) for neumaier's bf16 rows in a warp's registers (the steps
# nsel and verify of 3afed74, wcl of 8df6554, persist of 236b4ed, nmtwo
# of 5de1e15 and nmf64 of f12ce82 measured code since removed or made the
# default); nmr3 (nmr3test) for neumaier's third recovery as A' - S
# against the build in BASE (NMR3_BUILDS: several builds in turn;
# NMR3_TEST_BUILDS: those tested; NMR3_ALSO=,folklore,...: more
# algorithms timed, and neumaier-block's single vectors; nmr3sass: their SASS);
# xpn3test and xpn3 for neumaier's 2-byte rows transposed by the tables;
# nmopstest, nmops and nmopssass for its pair recoveries with their terms
# chosen first (NMOPS_BUILDS, NMOPS_TEST_BUILDS); opcal checks the opcode
# names of experiments/cubin_text.py --ops against cuobjdump -sass on
# BUILD's (or OPCAL_BUILD's) wht-bench, every kernel, and keeps the table
# in opcal.txt.
# Steps that force a rows form the tables do not choose
# (WHT_GPU_ROWS_COMP_XP, WHT_GPU_ROWS_BLK=2, WHT_GPU_ROWS_BLK_W=16,
# WHT_GPU_ROWS_LOOP, WHT_GPU_ROWS_GATHER: compxp, rows2bblk, blkw16,
# rowsloop, gather and the like) need a build configured with
# CPPFLAGS=-DWHT_GPU_ALL_FORMS (docs/DESIGN.md section 5). Run from the repository root with the CUDA build in
# BUILD (default _build-cuda); logs and the timings file go to OUTDIR
# (default $OUT, else ./gpu-host-out). Each step has a time limit (seconds).
set -u
B=${BUILD:-_build-cuda}
O=${OUTDIR:-${OUT:-gpu-host-out}}
mkdir -p "$O"
step() { # name limit command...
  name=$1 lim=$2; shift 2
  t0=$(date +%s)
  timeout "$lim" "$@" > "$O/$name.log" 2>&1
  rc=$?
  echo "== $name: rc=$rc, $(( $(date +%s) - t0 )) s; $(grep -c '^ok' "$O/$name.log") ok, $(grep -c '^not ok' "$O/$name.log") not ok" | tee -a "$O/summary.txt"
}
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm,clocks.max.mem --format=csv | tee "$O/device.txt"
echo "git HEAD of this copy (the builds name their own commit in the files they write): $(git rev-parse --short HEAD 2>/dev/null)" | tee -a "$O/device.txt"

want() { case " ${STEPS:-emulated bitident bench memcheck racecheck tc_memcheck tc_racecheck} " in *" $1 "*) return 0;; esac; return 1; }
want emulated && step emulated 40 "$B/tests/test_gpu_emulated_bitident"
want bitident && step bitident ${BITIDENT_LIMIT:-300} "$B/tests/test_gpu_bitident"
want bench && step bench ${BENCH_LIMIT:-180} sh -c "
  $B/experiments/wht-bench --format f32 --log2n 28 -o $O/bench.h5;
  $B/experiments/wht-bench --format f64 --log2n 27 -o $O/bench.h5;
  $B/experiments/wht-bench --format f16,bf16 --log2n 28 -o $O/bench.h5;
  $B/experiments/wht-bench --log2n 10 --total-log2 28 -o $O/bench.h5;
  $B/experiments/wht-bench --algo folklore --format f32 --log2n 12,16,20,24,30 --place in -o $O/bench.h5;
  for t in 13; do echo \"# WHT_GPU_TILE_LOG2=\$t\"; WHT_GPU_TILE_LOG2=\$t $B/experiments/wht-bench --algo folklore,alman-rao --format f32 --log2n 28 --place in; WHT_GPU_TILE_LOG2=\$t $B/experiments/wht-bench --algo folklore --format f32 --log2n 10 --total-log2 28 --place in; done"
want memcheck && step memcheck ${MEMCHECK_LIMIT:-70} env WHT_GPU_TEST_MAXK=${MEMCHECK_MAXK:-10} WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want racecheck && step racecheck ${RACECHECK_LIMIT:-70} env WHT_GPU_TEST_MAXK=${RACECHECK_MAXK:-7} WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
# the tensor-core kernels: k = 16 still has a strided pass; racecheck is slower
want tc_memcheck && step tc_memcheck 90 env WHT_TC_TEST_KMAX=${TC_MEMCHECK_KMAX:-16} compute-sanitizer \
  --tool memcheck --error-exitcode 3 "$B/tests/test_tensor_core_gpu"
want tc_racecheck && step tc_racecheck 90 env WHT_TC_TEST_KMAX=${TC_RACECHECK_KMAX:-12} compute-sanitizer \
  --tool racecheck --error-exitcode 3 "$B/tests/test_tensor_core_gpu"
# the largest in place on a 141 GB H200: exact spot checks, then timings
want largest && step largest_check 150 env WHT_GPU_TEST_MAXK=0 WHT_GPU_TEST_K30=0 \
  WHT_GPU_TEST_SPOT=folklore:f16:36,folklore:f32:35 "$B/tests/test_gpu_bitident"
want largest && step largest_bench 90 sh -c "
  $B/experiments/wht-bench --algo folklore,alman-rao --format f16 --log2n 36 --place in --reps 5 --warmup 1 -o $O/bench.h5;
  $B/experiments/wht-bench --algo folklore,alman-rao --format f32 --log2n 35 --place in --reps 5 --warmup 1 -o $O/bench.h5"
# issue 10: the GPU oracle against the CPU oracle bit for bit (k <= 22 on
# every dist x format x op, a sample to 26), --oracle gpu == cpu rows; then
# the thesis grid at k = KLO..KHI (20..22) on the GPU backend with the GPU oracle, 5
# processes (one per distribution), against data/thesis-gpu-h200.h5 and
# data/thesis-blocks-h100.h5 (the block algorithms, same inputs)
want oracle && step oracle ${ORACLE_LIMIT:-240} sh -c "
  WHT_GPU_ORACLE_KMAX=\${WHT_GPU_ORACLE_KMAX:-18} WHT_GPU_ORACLE_KBIG=\${WHT_GPU_ORACLE_KBIG:-25} $B/tests/test_oracle_gpu;
  top_srcdir=. top_builddir=$B sh tests/test_sweep_oracle.sh"
want thesis && step thesis ${THESIS_LIMIT:-300} sh -c "
  t0=\$(date +%s);
  for d in norm pmone relu-norm pagh-norm pagh-pmone; do
    $B/experiments/wht-sweep --algo all --format all --dist \$d --op all --log2n ${THESIS_KLO:-20}:${THESIS_KHI:-22} --trials 1 \
      --seed 1 --backend gpu --oracle gpu -o /tmp/th-\$d.h5 2> /tmp/th-\$d.err & done; wait;
  echo \"# 5 processes: \$(( \$(date +%s) - t0 )) s\";
  for d in norm pmone relu-norm pagh-norm pagh-pmone; do tail -1 /tmp/th-\$d.err; $B/tests/h5rows --attr oracle /tmp/th-\$d.h5;
    $B/tests/h5rows --no-timing /tmp/th-\$d.h5; done | grep -v '^wht-sweep\|^--oracle' | sort > /tmp/th-new.txt;
  for r in data/thesis-gpu-h200.h5 data/thesis-blocks-h100.h5; do $B/tests/h5rows --no-timing \$r; done | awk '\$6 >= ${THESIS_KLO:-20} && \$6 <= ${THESIS_KHI:-22}' | sort > /tmp/th-old.txt;
  wc -l < /tmp/th-new.txt; wc -l < /tmp/th-old.txt;
  if [ -s /tmp/th-new.txt ] && cmp -s /tmp/th-new.txt /tmp/th-old.txt; then echo 'ok 1 - thesis rows k = ${THESIS_KLO:-20}..${THESIS_KHI:-22} identical'; else
    echo 'not ok 1 - thesis rows differ'; diff /tmp/th-old.txt /tmp/th-new.txt | head -20; fi"
# issue 10: the thesis grid k = KLO..KHI (3..25; GRID_DIST: the distributions, all) in ONE command on the GPU backend,
# its time split by phase (wht-sweep's last line), under the OpenMP wait policy
# POLICY (default: the sweep scripts' passive; 'unset' leaves libgomp's), rows
# against data/thesis-gpu-h200.h5 and data/thesis-blocks-h100.h5; then the
# GPU oracle's speed at 2^28
want grid && step grid ${GRID_LIMIT:-480} sh -c "
  [ '${POLICY:-passive}' = unset ] || export OMP_WAIT_POLICY=${POLICY:-passive};
  t0=\$(date +%s);
  $B/experiments/wht-sweep --algo all --format all --dist ${GRID_DIST:-all} --op all --log2n ${GRID_KLO:-3}:${GRID_KHI:-25} --trials 1 \
    --seed 1 --backend gpu -o $O/grid.h5 2> $O/grid.err;
  echo \"# one command: \$(( \$(date +%s) - t0 )) s\"; tail -2 $O/grid.err;
  $B/tests/h5rows --no-timing $O/grid.h5 | sort > /tmp/grid-new.txt;
  for r in data/thesis-gpu-h200.h5 data/thesis-blocks-h100.h5; do $B/tests/h5rows --no-timing \$r; done | awk '\$6 >= ${GRID_KLO:-3} && \$6 <= ${GRID_KHI:-25}' | sort > /tmp/grid-old.txt;
  if [ -s /tmp/grid-new.txt ] && cmp -s /tmp/grid-new.txt /tmp/grid-old.txt; then echo \"ok 1 - \$(wc -l < /tmp/grid-new.txt) rows identical\"; else
    echo 'not ok 1 - rows differ'; diff /tmp/grid-old.txt /tmp/grid-new.txt > $O/grid.diff; head -20 $O/grid.diff;
    echo '# differing rows (old file) by algorithm:'; grep '^<' $O/grid.diff | awk '{print \$2}' | sort | uniq -c; fi;
  [ -x $B/oracle/oracle-speed ] || exit 0;
  for a in '28 one-way gpu' '28 xor-conv gpu' '25 one-way gpu' '25 one-way'; do echo \"# oracle-speed \$a\"; $B/oracle/oracle-speed \$a; done"
# issue 10: the GPU oracle's 256-bit values and shared-memory tiles: the
# oracle tests to KBIG (26) and --oracle gpu == cpu rows, memcheck on a
# sample, then oracle-speed of the build in BASE (before) and BUILD (after)
# interleaved, and the CPU engine at the same sizes
want i10wide && step i10widetest ${I10_TEST_LIMIT:-400} sh -c "
  WHT_GPU_ORACLE_KMAX=\${WHT_GPU_ORACLE_KMAX:-22} WHT_GPU_ORACLE_KBIG=\${WHT_GPU_ORACLE_KBIG:-26} $B/tests/test_oracle_gpu;
  top_srcdir=. top_builddir=$B sh tests/test_sweep_oracle.sh"
want i10wide && step i10widememcheck ${I10_MEMCHECK_LIMIT:-150} env WHT_GPU_ORACLE_KMAX=10 WHT_GPU_ORACLE_KBIG=12 \
  compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_oracle_gpu"
want i10wide && step i10widespeed ${I10_SPEED_LIMIT:-300} sh -c "
  for a in '28 xor-conv gpu' '28 one-way gpu' '28 two-way gpu' '26 xor-conv gpu' '25 xor-conv gpu'; do
    for b in ${BASE:-_build-base} $B; do echo \"# \$b: oracle-speed \$a\"; \$b/oracle/oracle-speed \$a; done; done;
  [ \"${I10_CPU:-1}\" = 1 ] && for a in '28 xor-conv' '25 xor-conv'; do echo \"# $B: oracle-speed \$a (CPU)\"; $B/oracle/oracle-speed \$a; done"
# issue 10: the GPU oracle on resident data (wht_oracle_run_resident): the
# tests (both suites, both executors), memcheck on a sample, then
# oracle-speed with the data in device memory beside the copies' path
want i10res && step i10restest ${I10_TEST_LIMIT:-400} env WHT_GPU_ORACLE_KMAX=${WHT_GPU_ORACLE_KMAX:-20} \
  WHT_GPU_ORACLE_KBIG=${WHT_GPU_ORACLE_KBIG:-26} "$B/tests/test_oracle_gpu"
want i10res && step i10resmemcheck ${I10_MEMCHECK_LIMIT:-200} env WHT_GPU_ORACLE_KMAX=8 WHT_GPU_ORACLE_KBIG=11 \
  compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_oracle_gpu"
want i10res && step i10resspeed ${I10_SPEED_LIMIT:-200} sh -c "
  for a in '28 one-way' '28 two-way' '28 smoothed' '28 xor-conv' '25 one-way' '25 xor-conv'; do
    for p in resident gpu; do echo \"# oracle-speed \$a \$p\"; $B/oracle/oracle-speed \$a \$p; done; done"
# issue 10: the CPU oracle's AVX-512 groups on this host's cores: the
# threads test (AVX-512 against the scalar groups), then oracle-speed of
# BASE and BUILD interleaved on the CPU path
want i10cpu && step i10cputest ${I10_TEST_LIMIT:-200} "$B/tests/test_oracle_threads"
want i10cpu && step i10cpuspeed ${I10_SPEED_LIMIT:-300} sh -c "
  grep -o 'avx512[a-z]*' /proc/cpuinfo | sort -u | tr '\\n' ' '; echo;
  for a in '25 one-way' '25 xor-conv'; do
    for b in ${BASE:-_build-base} $B; do echo \"# \$b: oracle-speed \$a\"; \$b/oracle/oracle-speed \$a; done; done"
# issue 15: L2 hit bandwidth of a second pass over a chunk (experiments/l2_probe.cu)
want l2 && step l2 ${L2_LIMIT:-120} "$B/experiments/l2-probe"
# issue 15/16: Nsight Compute on one run of each kernel kind (dram bytes,
# instructions, registers, occupancy): folklore f32 2^28 (3 passes), batched
# folklore f32 2^12 rows, tensor-core f16 2^12 rows
want ncu && step ncu ${NCU_LIMIT:-240} sh -c "
  for a in 'folklore f32 28 1' 'folklore f32 12 65536' 'tensor-core f16 12 65536'; do
    set -- \$a; echo \"# ncu: \$*\";
    ncu --clock-control none --kernel-name regex:wht__ --launch-skip 0 --launch-count 3 --section SpeedOfLight --section LaunchStats \
      --section Occupancy --section MemoryWorkloadAnalysis --metrics smsp__inst_executed.sum,dram__bytes.sum \
      $B/experiments/wht-bench --algo \$1 --format \$2 --log2n \$3 --batch \$4 --place in --reps 1 --warmup 1;
  done"
# issue 15: the Neumaier kernels' instructions by opcode (SASS) in each build of
# BASE (default _build-base: the commit before issue 15's kernels, for the 'before'
# figures in the same run), BUILD and VARIANT (a build with other launch bounds;
# skipped where absent): the vectorized pass kernels of f32 and f16
BASE=${BASE:-_build-base}
V=${VARIANT:-}
want i15sass && step i15sass 60 sh -c "
  for b in $BASE $B $V; do for f in 12wht__f32_ops 12wht__f16_ops; do
    k=\$(cuobjdump -elf \$b/experiments/wht-bench | grep -o \"_Z16wht__pass_kernelI\${f}20wht__compensated_algI17wht__neumaier_errELb1E\\(Lb0E\\)*Ev9wht__pass[A-Za-z0-9_]*\" | sort -u | head -1);
    echo \"# \$b \$k: instructions by opcode\";
    cuobjdump -sass -fun \$k \$b/experiments/wht-bench | grep -o '^ *[/][*][0-9a-f]*[*][/] *[A-Z][A-Z0-9.]*' |
      awk '{ split(\$2, o, \".\"); n[o[1]]++; t++ } END { printf \"total %d:\", t; for (i in n) printf \" %s %d\", i, n[i]; print \"\" }';
  done; done"
# a first check of the kernels, k <= 16 (cluster tiles at 15 and 16)
want i15smoke && step i15smoke 90 env WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 "$B/tests/test_gpu_bitident"
# issue 15: before (BASE), after (BUILD) and VARIANT in one run, in place: Neumaier
# single and batched; batched folklore vs add-one at every n; the cluster tiles
# against two passes (BASE, and WHT_GPU_CLUSTER=0) and one 128 KB block
want i15bench && step i15bench ${I15_BENCH_LIMIT:-300} sh -c "
  for b in $BASE $B $V; do echo \"## \$b\";
    \$b/experiments/wht-bench --algo folklore,kahan,neumaier --format f32 --log2n 28 --place in;
    \$b/experiments/wht-bench --algo folklore,neumaier --format f32,f16,bf16 --log2n 10 --total-log2 28 --place in;
    \$b/experiments/wht-bench --algo folklore --format f32 --log2n 7:15 --total-log2 28 --place in;
    \$b/experiments/wht-bench --algo folklore --format f16,bf16 --log2n 7:16 --total-log2 28 --place in;
    \$b/experiments/wht-bench --algo kahan,neumaier,alman-rao --format f32 --log2n 14,15 --total-log2 28 --place in;
    \$b/experiments/wht-bench --algo folklore --format f64 --log2n 13,14 --total-log2 27 --place in;
    \$b/experiments/wht-bench --algo folklore,alman-rao --format f32 --log2n 26,27 --place in;
  done;
  echo '## one block of 128 KB (no cluster)';
  WHT_GPU_CLUSTER=0 WHT_GPU_TILE_LOG2=15 $B/experiments/wht-bench --algo folklore --format f32 --log2n 15 --total-log2 28 --place in;
  WHT_GPU_CLUSTER=0 WHT_GPU_TILE_LOG2=16 $B/experiments/wht-bench --algo folklore --format f16 --log2n 16 --total-log2 28 --place in;
  echo '## WHT_GPU_CLUSTER=0';
  WHT_GPU_CLUSTER=0 $B/experiments/wht-bench --algo folklore --format f32 --log2n 14,15 --total-log2 28 --place in"
# issue 15: Nsight Compute on one pass kernel each: neumaier batched 2^10 (before,
# after; f32 and f16) and the cluster pass of folklore f32 2^15 rows
want i15ncu && step i15ncu ${I15_NCU_LIMIT:-150} sh -c "
  for a in '$BASE neumaier f32 10' '$B neumaier f32 10' '$BASE neumaier f16 10' '$B neumaier f16 10' '$B folklore f32 15'; do
    set -- \$a; echo \"# ncu: \$*\";
    ncu --clock-control none --kernel-name regex:wht__pass --launch-skip 1 --launch-count 1 --section SpeedOfLight \
      --section LaunchStats --section Occupancy --metrics smsp__inst_executed.sum,smsp__inst_executed_pipe_alu.sum,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed_pipe_fp16.sum,dram__bytes.sum \
      \$1/experiments/wht-bench --algo \$2 --format \$3 --log2n \$4 --total-log2 28 --place in --reps 1 --warmup 1;
  done"
# issue 15: f16/bf16 rounds on lane pairs (kernels/tile_packed.cuh), before (BASE)
# and after (BUILD) in one run, in place: batched n = 2^7..2^16 over 2^28
# elements and single vectors, folklore, kahan, neumaier and alman-rao; folklore f32 rows
# of 2^10 as the control (kernels the change does not touch)
want i15pairs && step i15pairs ${I15_PAIRS_LIMIT:-300} sh -c "
  for b in $BASE $B; do echo \"## \$b\";
    \$b/experiments/wht-bench --algo folklore,kahan,neumaier,alman-rao --format f16,bf16 --log2n 7:16 --total-log2 28 --place in;
    \$b/experiments/wht-bench --algo folklore,kahan,neumaier,alman-rao --format f16,bf16 --log2n 20,24,28 --place in;
    \$b/experiments/wht-bench --algo folklore --format f32 --log2n 10 --total-log2 28 --place in;
  done"
# issue 15: Nsight Compute on the f16 pass kernels before and after the lane
# pairs: instructions, shared-memory wavefronts and bank conflicts
want i15pairsncu && step i15pairsncu ${I15_NCU_LIMIT:-200} sh -c "
  for a in '$BASE folklore f16 12' '$B folklore f16 12' '$BASE kahan f16 10' '$B kahan f16 10' '$BASE folklore f16 14' '$B folklore f16 14'; do
    set -- \$a; echo \"# ncu: \$*\";
    ncu --clock-control none --kernel-name regex:wht__pass --launch-skip 1 --launch-count 1 --section SpeedOfLight \
      --section LaunchStats --section Occupancy --metrics smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,dram__bytes.sum \
      \$1/experiments/wht-bench --algo \$2 --format \$3 --log2n \$4 --total-log2 28 --place in --reps 1 --warmup 1;
  done"
# issue 10: the metrics (measure/host-speed) of BASE and BUILD, interleaved, on
# all threads: one output and four at 2^25 f32
want metrics && step metrics ${METRICS_LIMIT:-150} sh -c "
  for r in 1 2; do for b in $BASE $B; do echo \"## \$b\"; \$b/measure/host-speed 25 f32 | grep 'metrics\|threads'; done; done"
# issue 16: the register tensor-core kernels for rows of up to 2^12 (no
# shared memory; kernels/tensor_core_tile.cuh): test_tensor_core_gpu, then
# with every variant's rows of 2^11, 2^12 in registers (WHT_TC_SMALL_KMAX=12);
# then before (BASE) and after (BUILD) twice, interleaved, in place, batched
# n = 2^7..2^15 over 2^28 elements; in the after-build the tiles at 2^9,
# 2^10 (WHT_TC_SMALL_KMAX=8) and registers at 2^11, 2^12 (=12); folklore f16
# as the control
want i16test && step i16test ${I16_TEST_LIMIT:-240} sh -c "
  $B/tests/test_tensor_core_gpu; WHT_TC_SMALL_KMAX=12 WHT_TC_TEST_KMAX=12 $B/tests/test_tensor_core_gpu"
want i16small && step i16small ${I16_LIMIT:-240} sh -c "
  for r in 1 2; do for b in $BASE $B; do echo \"## \$b\";
    \$b/experiments/wht-bench --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 7:15 --total-log2 28 --place in;
  done; done;
  echo '## WHT_TC_SMALL_KMAX=8';
  WHT_TC_SMALL_KMAX=8 $B/experiments/wht-bench --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 9,10 --total-log2 28 --place in;
  echo '## WHT_TC_SMALL_KMAX=12';
  WHT_TC_SMALL_KMAX=12 $B/experiments/wht-bench --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 11,12 --total-log2 28 --place in;
  echo '## folklore f16 (control)';
  $B/experiments/wht-bench --algo folklore --format f16 --log2n 7:12 --total-log2 28 --place in"
# issue 16: Nsight Compute on the tensor-core kernels of batched rows over 2^28
# elements (register kernels at 2^10 and, f16acc and forced f16, 2^12; the
# tile at 2^12 and 2^14), then single vectors against folklore
want i16ncu && step i16ncu ${I16_NCU_LIMIT:-200} sh -c "
  for a in 'tensor-core f16 10 10' 'tensor-core-f16acc f16 12 12' 'tensor-core f16 12 12' 'tensor-core f16 12 10' 'tensor-core f16 14 10'; do
    set -- \$a; echo \"# ncu: \$1 \$2 rows of 2^\$3, WHT_TC_SMALL_KMAX=\$4\";
    WHT_TC_SMALL_KMAX=\$4 ncu --clock-control none --kernel-name regex:wht__tc --launch-skip 1 --launch-count 1 --section SpeedOfLight \
      --section LaunchStats --section Occupancy --metrics smsp__inst_executed.sum,dram__bytes.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum \
      $B/experiments/wht-bench --algo \$1 --format \$2 --log2n \$3 --total-log2 28 --place in --reps 1 --warmup 1;
  done"
want i16single && step i16single ${I16_SINGLE_LIMIT:-120} sh -c "
  $B/experiments/wht-bench --algo tensor-core,tensor-core-f16acc,folklore --format f16,bf16 --log2n 20,24,28,30 --place in"
# issue 16: rows of 2^11, 2^12 by a block's 8 warps and one exchange through
# shared memory (wht__tc_x12_kernel): its tests (racecheck too: it has shared
# memory and barriers), then BASE, PREV (a build with the other register
# kernels, e.g. the four-unit kernel of 33a508d) and BUILD twice, interleaved,
# rows of 2^9..2^13 over 2^28 elements, and Nsight Compute on it at 2^12
PREV=${PREV:-}
want i16x12 && step i16x12test ${I16_TEST_LIMIT:-240} sh -c "
  $B/tests/test_tensor_core_gpu;
  WHT_TC_TEST_KMAX=13 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2;
  WHT_TC_TEST_KMAX=12 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2"
want i16x12 && step i16x12 ${I16_LIMIT:-240} sh -c "
  for r in 1 2; do for b in $BASE $PREV $B; do echo \"## \$b\";
    \$b/experiments/wht-bench --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 9:13 --total-log2 28 --place in;
  done; done;
  echo '## WHT_TC_SMALL_KMAX=12 (the four-unit kernel in PREV)';
  [ -z '$PREV' ] || WHT_TC_SMALL_KMAX=12 $PREV/experiments/wht-bench --algo tensor-core --format f16,bf16 --log2n 11,12 --total-log2 28 --place in;
  ncu --clock-control none --kernel-name regex:wht__tc --launch-skip 1 --launch-count 1 --section SpeedOfLight \
    --section LaunchStats --section Occupancy --metrics smsp__inst_executed.sum,dram__bytes.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum \
    $B/experiments/wht-bench --algo tensor-core --format f16 --log2n 12 --total-log2 28 --place in --reps 1 --warmup 1"
# issue 16: the first pass of long rows (bits 0-11) by the register kernel of
# rows of 2^12 instead of the tile: tests (k <= 20: every single-vector
# plan to three passes; memcheck to 17), then single vectors against the
# tile's first pass (WHT_TC_SMALL_KMAX=10) twice, interleaved
want i16first && step i16firsttest ${I16_TEST_LIMIT:-240} sh -c "
  $B/tests/test_tensor_core_gpu;
  WHT_TC_TEST_KMAX=17 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2"
want i16first && step i16first ${I16_LIMIT:-240} sh -c "
  for r in 1 2; do echo '## register first pass'; $B/experiments/wht-bench --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 16,20,24,28,30 --place in;
    echo '## tile first pass (WHT_TC_SMALL_KMAX=10)'; WHT_TC_SMALL_KMAX=10 $B/experiments/wht-bench --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 16,20,24,28,30 --place in; done"
# issue 16: the first two passes of long rows (bits 0-19) as an L2-blocked
# pair (tensor_core.cu, wht__tc_fused_kernel): tests with the pair from 2^16
# (WHT_TC_L2_MIN=16), with the default chunk and with chunks of 2^20 and the
# tightest lag to k = 22 (four chunks), and unfused; memcheck and racecheck
# on a sample; then single vectors with the defaults, unpaired
# (WHT_TC_L2_CHUNK=0: the plan before, same binary), paired from 2^16,
# chunks of 2^21..2^23 and the hints off, and folklore in the same runs,
# twice, interleaved; batched rows against BASE (kernels refactored);
# Nsight Compute on the pair and the last pass at 2^28
want i16l2 && step i16l2test ${I16_TEST_LIMIT:-300} sh -c "
  export WHT_TC_L2_MIN=16;
  WHT_TC_TEST_KMAX=22 $B/tests/test_tensor_core_gpu;
  WHT_TC_TEST_KMAX=22 WHT_TC_L2_CHUNK=20 WHT_GPU_L2_LAG=0 $B/tests/test_tensor_core_gpu;
  WHT_TC_L2_CHUNK=0 $B/tests/test_tensor_core_gpu;
  WHT_TC_TEST_KMAX=20 WHT_GPU_L2_LAG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2;
  WHT_TC_TEST_KMAX=17 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2"
want i16l2 && step i16l2 ${I16_LIMIT:-420} sh -c "
  for r in 1 2; do for v in WHT_TC_L2_CHUNK= WHT_TC_L2_CHUNK=0 WHT_TC_L2_MIN=16 WHT_TC_L2_CHUNK=21 WHT_TC_L2_CHUNK=22 WHT_TC_L2_CHUNK=23 WHT_GPU_L2_HINTS=0; do
      echo \"## \$v (round \$r)\";
      env \$v $B/experiments/wht-bench --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 16,20,24,25,26,27,28,30 --place in; done;
    echo \"## folklore (round \$r)\";
    $B/experiments/wht-bench --algo folklore --format f16,bf16 --log2n 16,20,24,25,26,27,28,30 --place in; done;
  for b in $BASE $B; do echo \"## rows, \$b\";
    \$b/experiments/wht-bench --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 7:15 --total-log2 28 --place in; done;
  ncu --clock-control none --kernel-name regex:wht__tc --launch-skip 4 --launch-count 2 \
    --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active \
    $B/experiments/wht-bench --algo tensor-core --format f16 --log2n 28 --place in --reps 1 --warmup 2"
# issue 16: rows of 2^13..2^15 by the exchange kernel (one exchange, stage 3
# in the exchanged unit's b stage; wht__tc_x12_kernel<M, K>): tests, also
# with the tile (WHT_TC_SMALL_KMAX=12), memcheck and racecheck to k = 15;
# then rows of 2^11..2^15 over 2^28 elements with both, twice, interleaved;
# Nsight Compute on K = 13, 14, 15
want i16x15 && step i16x15test ${I16_TEST_LIMIT:-300} sh -c "
  $B/tests/test_tensor_core_gpu;
  WHT_TC_SMALL_KMAX=12 WHT_TC_TEST_KMAX=16 $B/tests/test_tensor_core_gpu;
  WHT_TC_TEST_KMAX=16 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2;
  WHT_TC_TEST_KMAX=15 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2"
want i16x15 && step i16x15 ${I16_LIMIT:-300} sh -c "
  for r in 1 2; do for v in WHT_TC_SMALL_KMAX= WHT_TC_SMALL_KMAX=12 WHT_TC_SMALL_KMAX=13 WHT_TC_SMALL_KMAX=15; do echo \"## \$v (round \$r)\";
    env \$v $B/experiments/wht-bench --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 11:15 --total-log2 28 --place in; done; done;
  for k in 13 14 15; do echo \"## ncu rows of 2^\$k\";
    ncu --clock-control none --kernel-name regex:wht__tc --launch-skip 1 --launch-count 1 --section SpeedOfLight --section LaunchStats --section Occupancy \
      --metrics smsp__inst_executed.sum,dram__bytes.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum \
      env WHT_TC_SMALL_KMAX=15 $B/experiments/wht-bench --algo tensor-core --format f16 --log2n \$k --total-log2 28 --place in --reps 1 --warmup 1; done"
# issue 15: L2-blocked pairs of passes (kernels/pass_plan.h, wht__fused_kernel):
# single vectors with the pair (WHT_GPU_L2_CHUNK=23, the default, and for the
# compensated algorithms WHT_GPU_L2_CHUNK_COMPENSATED=23, off by default) and
# without it (0: the plan before, same binary), twice, interleaved; then the
# lag (WHT_GPU_L2_LAG, tiles beyond a chunk; default half the resident blocks)
want i15l2 && step i15l2 ${I15_L2_LIMIT:-300} sh -c "
  for rc in 1:0 1:23 2:0 2:23; do r=\${rc%:*} c=\${rc#*:}; echo \"## WHT_GPU_L2_CHUNK=\$c (round \$r)\";
    export WHT_GPU_L2_CHUNK=\$c WHT_GPU_L2_CHUNK_COMPENSATED=\$c;
    $B/experiments/wht-bench --algo folklore,alman-rao,kahan,neumaier --format f32 --log2n 26,27,28,30 --place in;
    $B/experiments/wht-bench --algo folklore,alman-rao --format f64 --log2n 25,26,27 --place in;
    $B/experiments/wht-bench --algo folklore,alman-rao,kahan,neumaier --format f16,bf16 --log2n 27,28,30 --place in;
  done; unset WHT_GPU_L2_CHUNK WHT_GPU_L2_CHUNK_COMPENSATED;
  for c in 23 22; do for l in 64 128 256; do echo \"## WHT_GPU_L2_CHUNK=\$c WHT_GPU_L2_LAG=\$l\";
    WHT_GPU_L2_CHUNK=\$c WHT_GPU_L2_LAG=\$l $B/experiments/wht-bench --algo folklore --format f32,f16 --log2n 28 --place in;
    WHT_GPU_L2_CHUNK=\$c WHT_GPU_L2_LAG=\$l $B/experiments/wht-bench --algo folklore --format f64 --log2n 27 --place in; done; done"
# L2 eviction policies on the fused kernel's accesses (WHT_GPU_L2_HINTS,
# bits: 1 first pass's stores evict_last, 2 second pass's loads and stores
# evict_first, 4 first pass's loads evict_first; default 7), and the GPU test
# at hints 3
want i15l2h && step i15l2htest ${I15_L2_LIMIT:-150} env WHT_GPU_L2_HINTS=${I15_HINTS_TEST:-3} WHT_GPU_TEST_MAXK=16 "$B/tests/test_gpu_bitident"
want i15l2h && step i15l2h ${I15_L2_LIMIT:-300} sh -c "
  for h in 0 1 2 3 7 0 3; do for c in 23 22 21; do echo \"## WHT_GPU_L2_HINTS=\$h WHT_GPU_L2_CHUNK=\$c\";
    WHT_GPU_L2_HINTS=\$h WHT_GPU_L2_CHUNK=\$c $B/experiments/wht-bench --algo folklore --format f32,f16 --log2n 28 --place in;
    WHT_GPU_L2_HINTS=\$h WHT_GPU_L2_CHUNK=\$c $B/experiments/wht-bench --algo folklore,alman-rao --format f32 --log2n 26,30 --place in;
    WHT_GPU_L2_HINTS=\$h WHT_GPU_L2_CHUNK=\$c $B/experiments/wht-bench --algo folklore --format f64 --log2n 27 --place in;
  done; done;
  for h in 0 3; do echo \"## ncu WHT_GPU_L2_HINTS=\$h\"; WHT_GPU_L2_HINTS=\$h ncu --clock-control none --kernel-name regex:wht__fused --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct \
    $B/experiments/wht-bench --algo folklore --format f32 --log2n 28 --place in --reps 1 --warmup 1; done"
want i15l2ncu && step i15l2ncu ${I15_NCU_LIMIT:-150} sh -c "
  ncu --clock-control none --kernel-name regex:wht__ --launch-skip 2 --launch-count 2 --section SpeedOfLight \
    --section MemoryWorkloadAnalysis --metrics smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct \
    $B/experiments/wht-bench --algo folklore --format f32 --log2n 28 --place in --reps 1 --warmup 1"
# issue 11: the thesis grid to k = 20 on the CPU backend under MPI, one
# thread per rank, rank counts in MPI_RANKS (one step per count, e.g.
# MPI_RANKS=16 then 1; a later step compares rows with mpirows); Open MPI as root
want mpiscale && for n in ${MPI_RANKS:-16 1}; do step mpiscale-$n ${MPI_LIMIT:-560} sh -c "
  export OMP_WAIT_POLICY=passive WHT_SWEEP=$B/experiments/wht-sweep; t0=\$(date +%s);
  mpirun --allow-run-as-root --oversubscribe --bind-to none -n $n experiments/thesis.sh --log2n 3:${MPI_KHI:-20} --trials 1 \
    --backend cpu --threads 1 -o /tmp/mpi-$n.h5 --force 2> /tmp/mpi-$n.err;
  echo \"# mpirun -n $n --threads 1: \$(( \$(date +%s) - t0 )) s wall\"; tail -3 /tmp/mpi-$n.err;
  $B/tests/h5rows --no-timing /tmp/mpi-$n.h5 > /tmp/mpi-$n.rows; wc -l < /tmp/mpi-$n.rows"; done
want mpirows && step mpirows 30 sh -c "
  if cmp /tmp/mpi-1.rows /tmp/mpi-16.rows; then echo \"ok 1 - -n 1 and -n 16 rows identical and in order (\$(wc -l < /tmp/mpi-1.rows))\";
  else echo 'not ok 1 - rows differ'; fi"
# issue 14: widened-pass (one pass per block, wide values in the shared
# tile): its GPU results against the CPU's (k = 0..26, batches, spot checks),
# memcheck and racecheck on a sample, wht-bench against folklore and the
# other stabilizations in the same runs, and its rows of the thesis grid
want i14pass && step i14passtest ${I14_TEST_LIMIT:-300} env WHT_GPU_TEST_ALGOS=widened-pass \
  WHT_GPU_TEST_SPOT=widened-pass:f16:30,widened-pass:f32:30,widened-pass:f64:29,widened-pass:bf16:30 "$B/tests/test_gpu_bitident"
want i14pass && step i14passmemcheck ${MEMCHECK_LIMIT:-120} env WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MAXK=14 \
  WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want i14pass && step i14passracecheck ${RACECHECK_LIMIT:-120} env WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MAXK=13 \
  WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want i14pass && step i14passbench ${I14_BENCH_LIMIT:-400} sh -c "
  A=folklore,widened,widened-pass,kahan-block,neumaier;
  $B/experiments/wht-bench --algo \$A --format f32,f16,bf16 --log2n 20,24,28 --place in -o $O/i14bench.h5;
  $B/experiments/wht-bench --algo \$A --format f64 --log2n 20,24,27 --place in -o $O/i14bench.h5;
  $B/experiments/wht-bench --algo \$A --format all --log2n 10,13,15 --total-log2 28 --place in -o $O/i14bench.h5"
# issue 10: the operations with their data on the device (measure/ops.c):
# test_ops_gpu and its memcheck at small k, then the thesis grid (as grid)
# once per WHT_OPS_HOST_STEPS in OPS_VARIANTS (1: the earlier host steps
# between transforms copied in and out; 0: the device path; a trailing c,
# e.g. 0c: with WHT_SWEEP_INPUT_COPY=1, each cell's inputs memcpy'd first
# as before wht_op_execute_into), each run's
# rows against the first's and against the data files
want i10ops && step i10opstest ${I10_OPS_TEST_LIMIT:-240} sh -c "
  $B/tests/test_ops_gpu;
  WHT_OPS_TEST_MAXK=8 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_ops_gpu | tail -2"
want i10ops && step i10opsgrid ${I10_OPS_GRID_LIMIT:-560} sh -c "
  export OMP_WAIT_POLICY=passive;
  for r in data/thesis-gpu-h200.h5 data/thesis-blocks-h100.h5; do $B/tests/h5rows --no-timing \$r; done | awk '\$6 >= ${GRID_KLO:-3} && \$6 <= ${GRID_KHI:-25}' | sort > /tmp/ops-old.txt;
  first=;
  for v in ${OPS_VARIANTS:-1 0}; do
    t0=\$(date +%s);
    WHT_OPS_HOST_STEPS=\${v%c} WHT_SWEEP_INPUT_COPY=\$([ \"\${v%c}\" = \"\$v\" ] && echo 0 || echo 1) $B/experiments/wht-sweep --algo all --format all --dist ${GRID_DIST:-all} --op all \
      --log2n ${GRID_KLO:-3}:${GRID_KHI:-25} --trials 1 --seed 1 --backend gpu -o $O/grid-ops\$v.h5 2> $O/grid-ops\$v.err;
    echo \"# WHT_OPS_HOST_STEPS=\$v: one command \$(( \$(date +%s) - t0 )) s\"; tail -2 $O/grid-ops\$v.err;
    $B/tests/h5rows --no-timing $O/grid-ops\$v.h5 | sort > /tmp/ops-\$v.txt;
    echo \"# rows: \$(wc -l < /tmp/ops-\$v.txt), differing from the data files: \$(diff /tmp/ops-old.txt /tmp/ops-\$v.txt | grep -c '^>')\";
    if [ -z \"\$first\" ]; then first=\$v; continue; fi;
    if [ -s /tmp/ops-\$v.txt ] && cmp -s /tmp/ops-\$first.txt /tmp/ops-\$v.txt; then echo \"ok 1 - WHT_OPS_HOST_STEPS=\$v: rows identical to \$first's\";
    else echo \"not ok 1 - WHT_OPS_HOST_STEPS=\$v: rows differ from \$first's\"; diff /tmp/ops-\$first.txt /tmp/ops-\$v.txt | head -10; fi;
  done"
# where issues 14, 15 and 16 stand against their targets on this device:
# the single vectors and rows they name, every algorithm in the same runs
# (folklore's rows of 2^10 once: wht-bench refuses to time a case again
# into a file that holds it)
want status && step status ${STATUS_LIMIT:-420} sh -c "
  W=\"$B/experiments/wht-bench --place in -o $O/status.h5\";
  \$W --algo folklore,alman-rao,kahan,neumaier,widened-pass,kahan-block,tensor-core,tensor-core-f16acc --format f32,f16,bf16 --log2n 28;
  \$W --algo folklore,alman-rao,kahan,neumaier,widened-pass,kahan-block --format f64 --log2n 27;
  \$W --algo folklore,tensor-core,tensor-core-f16acc --format f16 --log2n 30;
  \$W --algo folklore,alman-rao,kahan,neumaier,widened-pass,kahan-block --format all --log2n 10 --total-log2 28;
  \$W --algo folklore --format f32 --log2n 7:9,11:15 --total-log2 28;
  \$W --algo folklore,tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 7:9,11:16 --total-log2 28;
  \$W --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n 10 --total-log2 28"
# issue 14: kahan-block's and neumaier-block's f32/f64 rows in registers
# (rows_comp.cuh with the folds at each block's end) against the tiles
# (WHT_GPU_ROWS_REG=0, which also sends folklore, kahan and neumaier there:
# compare the block algorithms' ms across the two, the others within the
# first), two interleaved rounds
want i14regs && step i14regs ${I14REGS_LIMIT:-300} sh -c "
  W=\"$B/experiments/wht-bench --place in --algo folklore,kahan,neumaier,kahan-block,neumaier-block --total-log2 28\";
  for r in 1 2; do for v in WHT_GPU_ROWS_REG=1 WHT_GPU_ROWS_REG=0; do echo \"## round \$r: \$v\";
    env \$v \$W --format f32 --log2n 7:14 | grep -v '^#'; env \$v \$W --format f64 --log2n 6:13 | grep -v '^#';
  done; done"
# the compensated algorithms' f16/bf16 rows of 2^8..2^11 in a warp's
# registers on lane pairs (rows_comp.cuh): their bit-identity and memcheck,
# then registers against the tiles (WHT_GPU_ROWS_REG=0), two rounds
C2A=kahan,neumaier,kahan-block,neumaier-block
want rows2b && step rows2btest ${ROWS2B_TEST_LIMIT:-300} env WHT_GPU_TEST_ALGOS=$C2A WHT_GPU_TEST_K30=0 \
  "$B/tests/test_gpu_bitident"
want rows2b && step rows2bmemcheck ${MEMCHECK_LIMIT:-150} env WHT_GPU_TEST_ALGOS=$C2A WHT_GPU_TEST_MAXK=12 \
  WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want rows2b && step rows2b ${ROWS2B_LIMIT:-300} sh -c "
  W=\"$B/experiments/wht-bench --place in --algo folklore,$C2A --total-log2 28 --format f16,bf16 --log2n 8:11\";
  for r in 1 2; do for v in WHT_GPU_ROWS_REG=1 WHT_GPU_ROWS_REG=0; do echo \"## round \$r: \$v\";
    env \$v \$W | grep -v '^#'; done; done"
# static SASS opcode counts (sass_hist.sh) of the wht-bench kernels whose
# mangled names match SASS_RE (default: folklore's f16 and f32 warp rows
# of 2^10), counts of at least 8
want sass && step sass 60 sh experiments/sass_hist.sh $B/experiments/wht-bench \
  "${SASS_RE:-wht__rows_reg_kernelI1[23]wht__f(16|32)_opsLj10ELj8EE}"
# and their rows of 2^12..2^15 in a block of warps (WHT_GPU_ROWS_BLK=2:
# every size there) against the tiles (=0): bit-identity and sanitizers
# with the block, then both ways, two rounds
want rows2bblk && step rows2bblktest ${ROWS2B_TEST_LIMIT:-300} env WHT_GPU_ROWS_BLK=2 WHT_GPU_TEST_ALGOS=$C2A \
  WHT_GPU_TEST_K30=0 "$B/tests/test_gpu_bitident"
want rows2bblk && step rows2bblkmemcheck ${MEMCHECK_LIMIT:-150} env WHT_GPU_ROWS_BLK=2 WHT_GPU_TEST_ALGOS=$C2A \
  WHT_GPU_TEST_MAXK=14 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want rows2bblk && step rows2bblkracecheck ${RACECHECK_LIMIT:-150} env WHT_GPU_ROWS_BLK=2 WHT_GPU_TEST_ALGOS=$C2A \
  WHT_GPU_TEST_MAXK=13 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want rows2bblk && step rows2bblk ${ROWS2B_LIMIT:-300} sh -c "
  W=\"$B/experiments/wht-bench --place in --algo folklore,$C2A --total-log2 28 --format f16,bf16 --log2n 12:15\";
  for r in 1 2; do for v in WHT_GPU_ROWS_BLK=2 WHT_GPU_ROWS_BLK=0; do echo \"## round \$r: \$v\";
    env \$v \$W | grep -v '^#'; done; done"
# the compensated warp kernels under ptxas's own register choice
# (WHT_GPU_ROWS_COMP_MINB=0) and capped at 80 registers (=3; the launch
# takes the cap where ptxas wants more than 80, measured on an H100), two
# rounds
want compminb && step compminb ${ROWS2B_LIMIT:-300} sh -c "
  W=\"$B/experiments/wht-bench --place in --algo $C2A --total-log2 28 --format f32,f16,bf16,f64 --log2n 6:11\";
  for r in 1 2; do for v in WHT_GPU_ROWS_COMP_MINB=0 WHT_GPU_ROWS_COMP_MINB=3; do echo \"## round \$r: \$v\";
    env \$v \$W | grep -v '^#'; done; done"
# where neumaier's bf16 register rows go (static SASS, as sass_hist.sh:
# f16 and bf16 rows of 2^10, the capped kernel) and every rows kernel's
# registers and spills
want rows2bsass && step rows2bsass 60 sh -c "
  cuobjdump --dump-resource-usage $B/experiments/wht-bench | grep -A1 'rows_comp_kernel' | grep -o 'Function [^:]*\\|REG:[0-9]*\\|STACK:[0-9]*\\|LOCAL:[0-9]*' | paste - - - - ;
  sh experiments/sass_hist.sh $B/experiments/wht-bench 'rows_comp_kernel3I1[23]wht__b?f16_ops17wht__neumaier_errLj10E' | awk '\$1 >= 8'"
# folklore's 2-byte rows with their stages on whole words
# (WHT_GPU_ROWS_WORDS=1, rows_reg.cuh) against one element at a time (=0),
# in the warp kernel (2^8..2^11) and the block kernel (2^12..2^16; 2^15 on
# the tiles unless WHT_GPU_ROWS_BLK_W=8): bit-identity and sanitizers on
# words, then two rounds
RW="WHT_GPU_ROWS_WORDS=1 WHT_GPU_TEST_ALGOS=folklore"
want rowswords && step rowswordstest ${ROWS2B_TEST_LIMIT:-300} env $RW WHT_GPU_TEST_K30=0 "$B/tests/test_gpu_bitident"
want rowswords && step rowswordsblktest ${ROWS2B_TEST_LIMIT:-300} env $RW WHT_GPU_ROWS_BLK_W=8 WHT_GPU_TEST_MAXK=17 \
  WHT_GPU_TEST_BIG=0 "$B/tests/test_gpu_bitident"
want rowswords && step rowswordsmemcheck ${MEMCHECK_LIMIT:-150} env $RW WHT_GPU_TEST_MAXK=13 \
  WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want rowswords && step rowswordsracecheck ${RACECHECK_LIMIT:-150} env $RW WHT_GPU_TEST_MAXK=13 \
  WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want rowswords && step rowswords ${ROWS2B_LIMIT:-300} sh -c "
  W=\"$B/experiments/wht-bench --place in --algo folklore --total-log2 28 --format f16,bf16 --log2n 7:16\";
  for r in 1 2; do for v in WHT_GPU_ROWS_WORDS=1 WHT_GPU_ROWS_WORDS=0; do echo \"## round \$r: \$v\";
    env \$v \$W | grep -v '^#'; done; done"
# the batched rows of folklore and the compensated algorithms at this
# build's defaults, every format, rows of 2^6..2^16 over 2^28 elements,
# two rounds (the status of issues 14 and 15's rows)
want rowsall && step rowsall ${ROWSALL_LIMIT:-300} sh -c "
  for r in 1 2; do echo \"## round \$r\";
    $B/experiments/wht-bench --place in --algo folklore,$C2A --total-log2 28 --format all --log2n 6:16 | grep -v '^#';
  done"
# issue 16: the tensor-core register kernels' unchecked path for whole
# units and blocks (WHT_TC_FULL=1, the default) against the bounds-checked
# one (=0), and the L2-blocked pair's stage 2 without its identity stage
# (WHT_TC_W1=1, the default, against 0): tests (also with rows of 2^15 in
# the exchange kernel, WHT_TC_SMALL_KMAX=15, and the L2-blocked pair from
# 2^16, WHT_TC_L2_MIN=16; tcfullsan: sanitizers), then rows of 2^7..2^15
# and f16 2^28 (its first pass is the exchange kernel's) each way
# (TCFULL_VARIANTS), two rounds
want tcfull && step tcfulltest ${TCFULL_TEST_LIMIT:-400} sh -c "
  $B/tests/test_tensor_core_gpu; WHT_TC_W1=0 WHT_TC_TEST_KMAX=15 $B/tests/test_tensor_core_gpu;
  WHT_TC_SMALL_KMAX=15 WHT_TC_TEST_KMAX=16 $B/tests/test_tensor_core_gpu;
  WHT_TC_L2_MIN=16 WHT_TC_TEST_KMAX=22 $B/tests/test_tensor_core_gpu"
want tcfullsan && step tcfullmemcheck ${MEMCHECK_LIMIT:-150} env WHT_TC_SMALL_KMAX=15 WHT_TC_TEST_KMAX=15 \
  compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_tensor_core_gpu"
want tcfullsan && step tcfullracecheck ${RACECHECK_LIMIT:-150} env WHT_TC_SMALL_KMAX=15 WHT_TC_TEST_KMAX=15 \
  compute-sanitizer --tool racecheck --error-exitcode 3 "$B/tests/test_tensor_core_gpu"
want tcfull && step tcfull ${TCFULL_LIMIT:-400} sh -c "
  W=\"$B/experiments/wht-bench --place in\";
  for r in 1 2; do for v in ${TCFULL_VARIANTS:-WHT_TC_FULL=1 WHT_TC_W1=0 WHT_TC_FULL=0 WHT_TC_SMALL_KMAX=15}; do
    echo \"## round \$r: \$v\";
    env \$v \$W --algo tensor-core --format f16,bf16 --log2n 7:15 --total-log2 28 | grep -v '^#';
    env \$v \$W --algo tensor-core-f16acc --format f16 --log2n 7:15 --total-log2 28 | grep -v '^[#a]';
    env \$v \$W --algo tensor-core,tensor-core-f16acc --format f16 --log2n 28 | grep -v '^[#a]'; done; done"
# and what the exchange kernel of rows of 2^12 does each way (Nsight
# Compute, one launch: time, DRAM and L2 bytes, store requests and sectors,
# instructions, issue use, warps): TCNCU_VARIANTS, default unchecked and
# checked
want tcncu && step tcncu ${TCNCU_LIMIT:-200} sh -c "
  for v in ${TCNCU_VARIANTS:-WHT_TC_FULL=1 WHT_TC_FULL=0}; do echo \"## \$v\";
    env \$v ncu --clock-control none --kernel-name regex:wht__tc_x12 --launch-skip 1 --launch-count 1 \
      --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed \
      $B/experiments/wht-bench --algo tensor-core --format f16 --log2n 12 --batch 65536 --place in --reps 1 --warmup 1 | grep -v '^#';
  done"
# folklore's block kernel with sixteen vectors a lane (WHT_GPU_ROWS_BLK_W=16:
# half the warps, twice the registers each) against the defaults (eight;
# f16 and bf16 rows of 2^15 on the tiles), f32 rows of 2^12..2^15 and f16
# 2^13..2^16, two rounds
want blkw16 && step blkw16 ${BLKW16_LIMIT:-200} sh -c "
  for r in 1 2; do for v in WHT_GPU_ROWS_BLK_W=16 WHT_GPU_ROWS_BLK_W=0; do echo \"## round \$r: \$v\";
    env \$v $B/experiments/wht-bench --place in --algo folklore --format f32 --log2n 12:15 --total-log2 28 | grep -v '^#';
    env \$v $B/experiments/wht-bench --place in --algo folklore --format f16 --log2n 13:16 --total-log2 28 | grep -v '^[#a]';
  done; done"
# the compensated 2-byte rows of 2^12..2^15 at the build's masks against
# the tiles (WHT_GPU_ROWS_BLK=0; rows2bblk without its tests), two rounds
want rows2bblkbench && step rows2bblkbench ${ROWS2B_LIMIT:-300} sh -c "
  W=\"$B/experiments/wht-bench --place in --algo $C2A --total-log2 28 --format f16,bf16 --log2n 12:15\";
  for r in 1 2; do for v in WHT_GPU_ROWS_BLK=1 WHT_GPU_ROWS_BLK=0; do echo \"## round \$r: \$v\";
    env \$v \$W | grep -v '^#'; done; done"
# folklore's block kernel in its LOOP form (WHT_GPU_ROWS_LOOP=1, rows_reg.cuh)
# against the plain one (=0): folklore's bit-identity both ways (k <= 17),
# then its rows of 2^12..2^16 each way, two rounds, and Nsight Compute on
# f32 rows of 2^15 and f16 rows of 2^13 each way (one launch: time,
# instructions, issue use, warps, DRAM, registers)
want rowsloop && step rowslooptest ${ROWSLOOP_TEST_LIMIT:-200} sh -c "
  for v in 0 1; do WHT_GPU_ROWS_LOOP=\$v WHT_GPU_TEST_ALGOS=folklore WHT_GPU_TEST_MAXK=17 WHT_GPU_TEST_BIG=0 \
    $B/tests/test_gpu_bitident; done"
want rowsloop && step rowsloop ${ROWSLOOP_LIMIT:-200} sh -c "
  W=\"$B/experiments/wht-bench --place in --total-log2 28 --algo folklore\";
  for r in 1 2; do for v in 1 0; do echo \"## round \$r: WHT_GPU_ROWS_LOOP=\$v\";
    WHT_GPU_ROWS_LOOP=\$v \$W --format f32 --log2n 12:15 | grep -v '^#';
    WHT_GPU_ROWS_LOOP=\$v \$W --format f16,bf16 --log2n 12:16 | grep -v '^[#a]'; done; done;
  for c in f32:15:13 f16:13:15; do IFS=:; set -- \$c; unset IFS; for v in 1 0; do
    echo \"## ncu \$1 rows of 2^\$2, WHT_GPU_ROWS_LOOP=\$v\";
    WHT_GPU_ROWS_LOOP=\$v ncu --clock-control none --kernel-name regex:wht__rows_blk --launch-skip 1 --launch-count 1 \
      --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread,launch__occupancy_limit_registers,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio \
      $B/experiments/wht-bench --algo folklore --format \$1 --log2n \$2 --batch \$((1 << \$3)) --place in --reps 1 --warmup 1 | grep -v '^#';
  done; done"
# folklore's block kernel with a lane's loads gathered (WHT_GPU_ROWS_GATHER=1,
# rows_reg.cuh) against the defaults: bit-identity (k <= 17), where the
# loads sit in the SASS of f32 rows of 2^15 and f16 rows of 2^13, then
# rows of 2^12..2^16 both ways, two rounds
want gather && step gathertest ${GATHER_TEST_LIMIT:-200} env WHT_GPU_ROWS_GATHER=1 WHT_GPU_TEST_ALGOS=folklore \
  WHT_GPU_TEST_MAXK=17 WHT_GPU_TEST_BIG=0 "$B/tests/test_gpu_bitident"
want gather && step gather ${GATHER_LIMIT:-200} sh -c "
  for c in kahan:f32:28:wht__single_comp_fused tensor-core:f16:15:wht__tc_x12; do set -- \$(echo \$c | tr : ' ');
    echo \"## source counters: \$*\"; T=\$( [ \$3 = 15 ] && echo '--total-log2 28' );
    ncu --clock-control none --kernel-name regex:\$4 --launch-skip 1 --launch-count 1 --section WarpStateStats --section SourceCounters \
      -o /tmp/src-\$1 -f $B/experiments/wht-bench --algo \$1 --format \$2 --log2n \$3 \$T --place in --reps 1 --warmup 1 > /dev/null;
    ncu -i /tmp/src-\$1.ncu-rep --print-details all --section WarpStateStats | grep -i 'stall\|warp cycles' | head -30;
    ncu -i /tmp/src-\$1.ncu-rep --page source --csv --print-source sass | gzip > $O/src-\$1.csv.gz; done;
  cuobjdump -sass $B/experiments/wht-bench | awk '/Function : /{f = \$3; n = 0; keep = f ~ /wht__rows_blk_kernelI12wht__f(32_opsLj8ELj5|16_opsLj8ELj2ELb1)E/}
    keep && /^ +\\/\\*[0-9a-f]+\\*\\/ / {n++; if (\$0 ~ /LDG|BAR/) print f, n, \$2}';
  W=\"$B/experiments/wht-bench --place in --total-log2 28 --algo folklore\";
  for r in 1 2; do for v in 1 0; do echo \"## round \$r: WHT_GPU_ROWS_GATHER=\$v\";
    WHT_GPU_ROWS_GATHER=\$v \$W --format f32 --log2n 12:15 | grep -v '^#';
    WHT_GPU_ROWS_GATHER=\$v \$W --format f16,bf16 --log2n 12:16 | grep -v '^[#a]'; done; done"
# folklore's 2-byte rows of 2^7 in the warp kernel (half a warp a row,
# rows_reg.cuh's KLOW) against the tiles (WHT_GPU_ROWS_REG=0), with 2^8
# beside them, two rounds
want rows7 && step rows7 ${ROWS7_LIMIT:-200} sh -c "
  for r in 1 2; do for v in WHT_GPU_ROWS_REG=1 WHT_GPU_ROWS_REG=0; do echo \"## round \$r: \$v\";
    env \$v $B/experiments/wht-bench --place in --algo folklore --format f16,bf16 --log2n 7,8 --total-log2 28 | grep -v '^#';
  done; done"
# the compensated warp rows in the transposed forms (rows_comp.cuh: no
# stage across lanes; WHT_GPU_ROWS_COMP_XP=1 plain, =2 persistent with
# cp.async) against the lane form (=0): the four compensated algorithms'
# bit-identity (k <= 17) and sanitizers on both new forms (the persistent
# one also on a grid of one block, WHT_GPU_ROWS_COMP_PF_GRID=1: up to 16
# tiles a warp in the tests' batches of 64), the lane
# form's bit-identity, the kernels' registers, then f32 rows of
# 2^7..2^10 and f16/bf16 2^8..2^11 each way, two rounds
want compxp && for x in 1 2; do
  [ $x = 2 ] && step compxptest2grid ${COMPXP_TEST_LIMIT:-300} env WHT_GPU_ROWS_COMP_XP=2 WHT_GPU_ROWS_COMP_PF_GRID=1 \
    WHT_GPU_TEST_ALGOS=$C2A WHT_GPU_TEST_MAXK=11 WHT_GPU_TEST_BIG=0 "$B/tests/test_gpu_bitident"
  [ $x = 2 ] && step compxpracecheck2grid ${RACECHECK_LIMIT:-150} env WHT_GPU_ROWS_COMP_XP=2 WHT_GPU_ROWS_COMP_PF_GRID=1 \
    WHT_GPU_TEST_ALGOS=kahan,neumaier-block WHT_GPU_TEST_MAXK=11 WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool racecheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
  step compxptest$x ${COMPXP_TEST_LIMIT:-300} env WHT_GPU_ROWS_COMP_XP=$x WHT_GPU_TEST_ALGOS=$C2A \
    WHT_GPU_TEST_MAXK=17 WHT_GPU_TEST_BIG=0 "$B/tests/test_gpu_bitident"
  step compxpmemcheck$x ${MEMCHECK_LIMIT:-150} env WHT_GPU_ROWS_COMP_XP=$x WHT_GPU_TEST_ALGOS=$C2A \
    WHT_GPU_TEST_MAXK=11 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
  step compxpracecheck$x ${RACECHECK_LIMIT:-150} env WHT_GPU_ROWS_COMP_XP=$x WHT_GPU_TEST_ALGOS=$C2A \
    WHT_GPU_TEST_MAXK=11 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
done
want compxp && step compxptest0 ${COMPXP_TEST_LIMIT:-300} env WHT_GPU_ROWS_COMP_XP=0 WHT_GPU_TEST_ALGOS=$C2A \
  WHT_GPU_TEST_MAXK=12 WHT_GPU_TEST_BIG=0 "$B/tests/test_gpu_bitident"
{ want compxp || want compxpbench; } && step compxp ${COMPXP_LIMIT:-300} sh -c "
  cuobjdump --dump-resource-usage $B/experiments/wht-bench | grep -A1 'rows_comp_xp' | grep -o 'Function [^:]*\\|REG:[0-9]*\\|STACK:[0-9]*' | paste - - -;
  W=\"$B/experiments/wht-bench --place in --total-log2 28 --algo folklore,$C2A\";
  for r in 1 2; do for v in \${COMPXP_VARIANTS:-2 1 0}; do echo \"## round \$r: WHT_GPU_ROWS_COMP_XP=\$v\";
    x=\$v; [ \$v = d ] && x=;
    WHT_GPU_ROWS_COMP_XP=\$x \$W --format f32 --log2n 7:10 | grep -v '^#';
    WHT_GPU_ROWS_COMP_XP=\$x \$W --format f16,bf16 --log2n 8:11 | grep -v '^[#a]'; done; done"
# the build's defaults (rows_forms): the four compensated algorithms'
# bit-identity to k = 20; step compxpbench is compxp's timing alone
# (COMPXP_VARIANTS="d 0": the defaults against the lane form)
want compxpdef && step compxpdeftest ${COMPXP_TEST_LIMIT:-300} env WHT_GPU_TEST_ALGOS=$C2A WHT_GPU_TEST_MAXK=20 \
  WHT_GPU_TEST_BIG=0 "$B/tests/test_gpu_bitident"
# what bounds the compensated warp rows (Nsight Compute, one launch each,
# rows of 2^10 over 2^28 elements): kahan f32 in each form, kahan f16
# transposed, neumaier f32 transposed
want compxpncu && step compxpncu ${COMPXP_NCU_LIMIT:-200} sh -c "
  for a in '2 kahan f32' '1 kahan f32' '0 kahan f32' '1 kahan f16' '1 neumaier f32'; do
    set -- \$a; echo \"# ncu: WHT_GPU_ROWS_COMP_XP=\$1 \$2 \$3\";
    WHT_GPU_ROWS_COMP_XP=\$1 ncu --clock-control none --kernel-name regex:wht__rows_comp --launch-skip 1 --launch-count 1 \
      --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats \
      --metrics smsp__inst_executed.sum,smsp__inst_executed_pipe_alu.sum,smsp__inst_executed_pipe_fma.sum,smsp__inst_executed_pipe_lsu.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__bytes.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum \
      $B/experiments/wht-bench --algo \$2 --format \$3 --log2n 10 --total-log2 28 --place in --reps 1 --warmup 1;
  done"
# Alman-Rao's f32, f16 and bf16 rows of 2^7..2^11 in a warp's registers (rows_ar.cuh)
# against the tiles (WHT_GPU_ROWS_AR=0): bit-identity (k <= 17), memcheck
# and racecheck (k <= 12), the kernels' registers, then rows of 2^7..2^12
# both ways, two rounds
want arrows && step arrowstest ${ARROWS_TEST_LIMIT:-300} env WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MAXK=17 \
  WHT_GPU_TEST_BIG=0 "$B/tests/test_gpu_bitident"
want arrows && step arrowsmemcheck ${MEMCHECK_LIMIT:-150} env WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MAXK=12 \
  WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want arrows && step arrowsracecheck ${RACECHECK_LIMIT:-150} env WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MAXK=12 \
  WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want arrows && step arrows ${ARROWS_LIMIT:-200} sh -c "
  cuobjdump --dump-resource-usage $B/experiments/wht-bench | grep -A1 'rows_ar_kernel' | grep -o 'REG:[0-9]*\\|STACK:[0-9]*' | paste - -;
  for r in 1 2; do for v in 1 0; do echo \"## round \$r: WHT_GPU_ROWS_AR=\$v\";
    WHT_GPU_ROWS_AR=\$v $B/experiments/wht-bench --place in --total-log2 28 --algo folklore,alman-rao --format f32,f16,bf16 --log2n 7:12 | grep -v '^#';
  done; done"
# widened-pass's rows in registers (rows_wide.cuh: a warp, or a block of warps): its tests with
# them (k <= 17), the sanitizers (k <= 12), register use, then wht-bench
# with WHT_GPU_ROWS_WIDE=1 and =0 (the tiles), two rounds
want widerows && step widerowstest ${WIDEROWS_TEST_LIMIT:-300} env WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MAXK=17 \
  WHT_GPU_TEST_BIG=0 "$B/tests/test_gpu_bitident"
want widerows && step widerowsmemcheck ${MEMCHECK_LIMIT:-150} env WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MAXK=12 \
  WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want widerows && step widerowsracecheck ${RACECHECK_LIMIT:-150} env WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MAXK=12 \
  WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 "$B/tests/test_gpu_bitident"
want widerows && step widerows ${WIDEROWS_LIMIT:-200} sh -c "
  cuobjdump --dump-resource-usage $B/experiments/wht-bench | grep -A1 'rows_wide_kernel' | grep -o 'REG:[0-9]*\\|STACK:[0-9]*' | paste - -;
  for r in 1 2; do for v in 1 0; do echo \"## round \$r: WHT_GPU_ROWS_WIDE=\$v\";
    WHT_GPU_ROWS_WIDE=\$v $B/experiments/wht-bench --place in --total-log2 28 --algo folklore,widened-pass --format f32,f16,bf16 --log2n 5:16 | grep -v '^#';
  done; done"
# the rows kernels that ask L2 for the rows a few blocks on (the block
# rows of folklore, rows_prefetch.cuh, of the compensated algorithms and
# of widened-pass; the warp rows of folklore, Alman-Rao and widened-pass):
# bit-identity of ROWSPF_TEST_ALGOS (default folklore) for k = 11..17 as
# is, one block ahead (WHT_GPU_ROWS_PF_BYTES=1) with 64 rows a batch,
# without any prefetch, and k = 5..12 with 64 rows a batch; memcheck and
# racecheck (k = 13..16 and 5..10, 64 rows a batch to k = 15)
want rowspftest && step rowspftest ${ROWSPF_TEST_LIMIT:-300} sh -c "
  export WHT_GPU_TEST_ALGOS=${ROWSPF_TEST_ALGOS:-folklore} WHT_GPU_TEST_BIG=0 WHT_GPU_TEST_MINK=11 WHT_GPU_TEST_MAXK=17;
  $B/tests/test_gpu_bitident; WHT_GPU_ROWS_PF_BYTES=1 WHT_GPU_TEST_BATCH=64 $B/tests/test_gpu_bitident;
  WHT_GPU_ROWS_PF_BYTES=0 $B/tests/test_gpu_bitident;
  WHT_GPU_TEST_MINK=5 WHT_GPU_TEST_MAXK=12 WHT_GPU_TEST_BATCH=64 $B/tests/test_gpu_bitident"
for t in memcheck racecheck; do
want rowspftest && step rowspf$t ${RACECHECK_LIMIT:-150} sh -c "
  export WHT_GPU_TEST_ALGOS=${ROWSPF_TEST_ALGOS:-folklore} WHT_GPU_TEST_BIG=0 WHT_GPU_TEST_MINK=13;
  WHT_GPU_TEST_MAXK=16 compute-sanitizer --tool $t --error-exitcode 3 $B/tests/test_gpu_bitident &&
  WHT_GPU_ROWS_PF_BYTES=1 WHT_GPU_TEST_BATCH=64 WHT_GPU_TEST_MAXK=15 compute-sanitizer --tool $t --error-exitcode 3 $B/tests/test_gpu_bitident &&
  WHT_GPU_TEST_MINK=5 WHT_GPU_TEST_MAXK=10 WHT_GPU_TEST_BATCH=64 compute-sanitizer --tool $t --error-exitcode 3 $B/tests/test_gpu_bitident"
done
# folklore's (ROWSPF_ALGOS') block rows under settings (ROWSPF_VARIANTS: space-separated,
# a variant's assignments joined by commas; default: without the L2
# prefetch, WHT_GPU_ROWS_PF_BYTES=0, and with it 1, 2 and 4 MiB ahead), two
# interleaved rounds; then the occupancy of the f16 rows of 2^15 and the
# f32 rows of 2^15
want rowspf && step rowspf ${ROWSPF_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${ROWSPF_VARIANTS:-WHT_GPU_ROWS_PF_BYTES=0 WHT_GPU_ROWS_PF_BYTES=1048576 WHT_GPU_ROWS_PF_BYTES=2097152 \
      WHT_GPU_ROWS_PF_BYTES=4194304}; do
    echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --total-log2 28 --algo ${ROWSPF_ALGOS:-folklore} --format f32,f16,bf16 --log2n ${ROWSPF_LOG2N:-13:16} | grep -v '^#';
  done; done;
  for c in 'WHT_GPU_ROWS_PF_BYTES=0 f16 15' 'WHT_GPU_ROWS_PF_BYTES=2097152 f32 15' 'WHT_GPU_ROWS_PF_BYTES=2097152 f16 15'; do set -- \$c; echo \"## ncu \$c\";
    env \$1 ncu --clock-control none --kernel-name regex:wht__rows --launch-skip 1 --launch-count 1 --section Occupancy --section LaunchStats \
      --metrics sm__warps_active.avg.pct_of_peak_sustained_active,gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed \
      $B/experiments/wht-bench --algo folklore --format \$2 --log2n \$3 --total-log2 28 --place in --reps 1 --warmup 1 | grep -v '^#';
  done"
# folklore's long rows in passes of register tiles (kernels/single_reg.cuh):
# bit-identity at the default sizes (two passes from k = LV+16, the L2-blocked
# pair and a pass from k = LV+23), at the tightest lag, one tile ahead and with
# batches of 3 (singlesan: memcheck and racecheck of both plans, k = 16..21,
# 24..25, the tightest lag);
# then wht-bench under SINGLE_VARIANTS (space-separated, a variant's
# assignments joined by commas; default: the tiles, WHT_GPU_SINGLE_REG=0, and
# the default), two interleaved rounds, and Nsight Compute of f32 2^28's kernels
want singlereg && step singlertest ${SINGLE_TEST_LIMIT:-300} sh -c "
  export WHT_GPU_TEST_ALGOS=folklore;
  $B/tests/test_gpu_bitident; WHT_GPU_TEST_BIG=0 WHT_GPU_TEST_MINK=16 WHT_GPU_L2_LAG=0 WHT_GPU_ROWS_PF_BYTES=1 \
    WHT_GPU_SINGLE_PF_FUSED=1 WHT_GPU_SINGLE_PF_LAST=1 $B/tests/test_gpu_bitident;
  WHT_GPU_TEST_BIG=0 WHT_GPU_TEST_MINK=16 WHT_GPU_TEST_BATCH=3 $B/tests/test_gpu_bitident"
for t in memcheck racecheck; do
want singlesan && step single$t ${SINGLE_SAN_LIMIT:-200} sh -c "
  export WHT_GPU_TEST_ALGOS=folklore WHT_GPU_TEST_BIG=0;
  WHT_GPU_TEST_MINK=16 WHT_GPU_TEST_MAXK=21 compute-sanitizer --tool $t --error-exitcode 3 $B/tests/test_gpu_bitident &&
  WHT_GPU_TEST_MINK=25 WHT_GPU_TEST_MAXK=25 WHT_GPU_L2_LAG=0 compute-sanitizer --tool $t --error-exitcode 3 $B/tests/test_gpu_bitident"
done
want singlereg && step singlereg ${SINGLE_LIMIT:-400} sh -c "
  for r in 1 2; do for v in ${SINGLE_VARIANTS:-WHT_GPU_SINGLE_REG=0 WHT_GPU_SINGLE_REG=1}; do
    echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo folklore --format f32,f16,bf16 --log2n ${SINGLE_LOG2N:-20,22,26,28,29} | grep -v '^#';
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo folklore --format f64 --log2n ${SINGLE_LOG2N_F64:-19,24,27,28} | grep -v '^#';
  done; done;
  for v in WHT_GPU_SINGLE_REG=0 WHT_GPU_SINGLE_REG=1; do echo \"## ncu \$v f32 2^28\";
    env \$v ncu --clock-control none --kernel-name regex:'wht__(single|fused|pass)_' --launch-skip 2 --launch-count 2 \
      --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__occupancy_limit_registers \
      $B/experiments/wht-bench --algo folklore --format f32 --log2n 28 --place in --reps 1 --warmup 1 | grep -v '^#';
  done"
# kahan's and neumaier's long rows in register passes (single_comp.cuh):
# their tests at every size they can take (WHT_GPU_SINGLE_COMP=2; k =
# 0..26 and the spot checks, batches of 3 from k = 16), compute-sanitizer
# on both plans (singlecompsan), and (singlecomp) their timings under
# SCOMP_VARIANTS (default: the tiles, the table, both ranges forced) in
# the same run, two rounds, with Nsight Compute on kahan and neumaier f32
# 2^28 (both ranges forced)
want singlecomp && step singlecomptest ${SINGLE_TEST_LIMIT:-300} sh -c "
  export WHT_GPU_TEST_ALGOS=kahan,neumaier WHT_GPU_SINGLE_COMP=2;
  $B/tests/test_gpu_bitident; WHT_GPU_TEST_BIG=0 WHT_GPU_TEST_MINK=16 WHT_GPU_TEST_BATCH=3 $B/tests/test_gpu_bitident"
for t in memcheck racecheck; do
want singlecompsan && step singlecomp$t ${SINGLE_SAN_LIMIT:-200} sh -c "
  export WHT_GPU_TEST_ALGOS=kahan,neumaier WHT_GPU_TEST_BIG=0 WHT_GPU_SINGLE_COMP=2;
  WHT_GPU_TEST_MINK=17 WHT_GPU_TEST_MAXK=18 compute-sanitizer --tool $t --error-exitcode 3 $B/tests/test_gpu_bitident &&
  WHT_GPU_TEST_MINK=25 WHT_GPU_TEST_MAXK=24 WHT_GPU_L2_LAG=0 compute-sanitizer --tool $t --error-exitcode 3 $B/tests/test_gpu_bitident"
done
want singlecomp && step singlecomp ${SINGLE_LIMIT:-400} sh -c "
  for r in 1 2; do for v in ${SCOMP_VARIANTS:-WHT_GPU_SINGLE_COMP=0 WHT_GPU_SINGLE_COMP=1 WHT_GPU_SINGLE_COMP=2}; do
    echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo ${SCOMP_ALGOS:-folklore,kahan,neumaier} --format f32,f16,bf16 --log2n ${SCOMP_LOG2N:-20,26,28} | grep -v '^#';
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo ${SCOMP_ALGOS:-folklore,kahan,neumaier} --format f64 --log2n ${SCOMP_LOG2N_F64:-19,27} | grep -v '^#';
  done; done;
  for a in ${SCOMP_NCU:-kahan neumaier}; do echo \"## ncu \$a f32 2^28\";
    WHT_GPU_SINGLE_COMP=2 ncu --clock-control none --kernel-name regex:'wht__single_comp_' --launch-skip 2 --launch-count 2 \
      --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread \
      $B/experiments/wht-bench --algo \$a --format f32 --log2n 28 --place in --reps 1 --warmup 1 | grep -v '^#';
  done"
# what the long rows' register passes wait on: Nsight Compute's stall reasons
# of the fused kernel and the strided pass of f32 2^28 under SINGLE_NCU_VARIANTS
# (default: as is, and the fused kernel asking L2 for the tiles 2 MiB on)
want singlencu && step singlencu ${SINGLE_NCU_LIMIT:-200} sh -c "
  for v in ${SINGLE_NCU_VARIANTS:-WHT_GPU_SINGLE_REG=1 WHT_GPU_SINGLE_PF_FUSED=2097152}; do echo \"## ncu \$v\";
    env \$(echo \$v | tr , ' ') ncu --clock-control none --kernel-name regex:wht__single_ --launch-skip 2 --launch-count 2 \
      --metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active\\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum \
      $B/experiments/wht-bench --algo folklore --format f32 --log2n 28 --place in --reps 1 --warmup 1 | grep -v '^#';
  done"
# the tensor-core single vectors' kernels (f16 2^28: the L2-blocked pair and
# the strided tile pass) and folklore f16's in the same call: time, bytes,
# instructions and stall reasons (Nsight Compute, one launch each); the
# tensor-core tests first (tctest)
want tctest && step tctest ${TCTEST_LIMIT:-200} "$B/tests/test_tensor_core_gpu"
want tcsinglencu && step tcsinglencu ${TCSINGLE_NCU_LIMIT:-240} sh -c "
  for a in tensor-core:'wht__tc_(fused|tile)_kernel' folklore:wht__single_; do echo \"## ncu \${a%%:*} f16 2^28\";
    ncu --clock-control none --kernel-name regex:\${a#*:} --launch-skip 2 --launch-count 2 \
      --metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active\\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__registers_per_thread \
      $B/experiments/wht-bench --algo \${a%%:*} --format f16 --log2n 28 --place in --reps 1 --warmup 1 | grep -v '^#';
  done"
# issue 16: the tensor cores' strided passes in registers
# (tensor_core_strided.cuh; WHT_TC_REG_STRIDED=0 the tile pass, 1 or 2
# groups a block; WHT_TC_REG_PAIR=0 the tile pass in the pair):
# tests with each of TCREG_TEST_VARIANTS (k <= 20: the passes from bit 12; with the pair from
# 2^16 to k = 22: its second pass, then from bit 20, 1 and 2 bits and
# filler bits; the pair at the tightest lag), memcheck and racecheck
# (also of the pair), then single vectors under
# TCREG_VARIANTS against folklore in the same runs, two rounds, and Nsight
# Compute of f16 2^28's strided kernels
want tcreg && step tcregtest ${TCREG_TEST_LIMIT:-500} sh -c "
  for v in ${TCREG_TEST_VARIANTS:-1 2}; do echo \"## WHT_TC_REG_STRIDED=\$v\"; WHT_TC_REG_STRIDED=\$v $B/tests/test_tensor_core_gpu; done;
  export WHT_TC_L2_MIN=16 WHT_TC_TEST_KMAX=22; echo '## the pair from 2^16, k <= 22 (default, tightest lag, tile pair)';
  $B/tests/test_tensor_core_gpu; WHT_GPU_L2_LAG=0 $B/tests/test_tensor_core_gpu; WHT_TC_REG_PAIR=0 $B/tests/test_tensor_core_gpu;
  unset WHT_TC_L2_MIN WHT_TC_TEST_KMAX;
  WHT_TC_TEST_KMAX=18 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2;
  WHT_TC_TEST_KMAX=17 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2;
  export WHT_TC_L2_MIN=16 WHT_GPU_L2_LAG=0;
  WHT_TC_TEST_KMAX=20 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2;
  WHT_TC_TEST_KMAX=17 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2"
want tcreg && step tcreg ${TCREG_LIMIT:-400} sh -c "
  for r in 1 2; do for v in ${TCREG_VARIANTS:-WHT_TC_REG_STRIDED=0 WHT_TC_REG_STRIDED=1,WHT_TC_REG_PAIR=0 WHT_TC_REG_STRIDED=1 WHT_TC_REG_STRIDED=2}; do
    echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc --format f16,bf16 --log2n ${TCREG_LOG2N:-16,20,24,28,30} | grep -v '^#'; done;
    echo \"## round \$r: folklore\";
    $B/experiments/wht-bench --place in --algo folklore --format f16,bf16 --log2n ${TCREG_LOG2N:-16,20,24,28,30} | grep -v '^#'; done;
  for v in ${TCREG_NCU_VARIANTS:-0 1}; do echo \"## ncu WHT_TC_REG_STRIDED=\$v f16 2^28\";
    WHT_TC_REG_STRIDED=\$v ncu --clock-control none --kernel-name regex:'wht__tc_(rstrided|tile|fused)_kernel' --launch-skip 2 --launch-count 2 \
      --metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active\\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__registers_per_thread,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem \
      $B/experiments/wht-bench --algo tensor-core --format f16 --log2n 28 --place in --reps 1 --warmup 1 | grep -v '^#' | grep -v '^ *---\|Warning\|WARN\|PROF';
  done"
# where the tensor cores' L2-blocked pair should start now that its second
# pass runs in registers: single vectors of 2^16..2^26 under
# TCL2MIN_VARIANTS (WHT_TC_L2_MIN: log2 of the fewest elements paired),
# two rounds
want tcl2min && step tcl2min ${TCL2MIN_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${TCL2MIN_VARIANTS:-26 22 16}; do echo \"## round \$r: WHT_TC_L2_MIN=\$v\";
    WHT_TC_L2_MIN=\$v $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc --format f16 \
      --log2n ${TCL2MIN_LOG2N:-16,18,20,21,22,23,24,25,26} | grep -v '^#'; done; done"
# issue 16: the tensor cores' single vectors with strided passes of 12 row
# bits (WHT_TC_STRIDED_BITS=12: the tile pass of three stage groups, so
# k = 21..24 in two passes instead of three) against 8: the tests with 12
# to k = 24, then TCBITS_LOG2N under both, two rounds
want tcbits && step tcbitstest ${TCBITS_TEST_LIMIT:-300} sh -c "
  WHT_TC_STRIDED_BITS=12 WHT_TC_TEST_KMAX=${TCBITS_TEST_KMAX:-24} $B/tests/test_tensor_core_gpu"
want tcbits && step tcbits ${TCBITS_LIMIT:-300} sh -c "
  for r in 1 2; do for v in 8 12; do echo \"## round \$r: WHT_TC_STRIDED_BITS=\$v\";
    WHT_TC_STRIDED_BITS=\$v $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc --format f16,bf16 \
      --log2n ${TCBITS_LOG2N:-16,18,20,21,22,23,24,25,26} | grep -v '^#'; done; done"
# the tensor cores' strided pass of 10 bits (tensor_core_strided10.cuh):
# its test (every last strided pass of up to 10 bits on it, k = 16..22),
# the default test to k = 22 (k = 21, 22 take it), then f16/bf16 single
# vectors of 2^29, 2^30 with it (WHT_TC_STRIDED10=1) and without (0)
want tc10 && step tc10test ${TC10_TEST_LIMIT:-200} sh -c "
  $B/tests/test_tensor_core_gpu10; WHT_TC_TEST_KMAX=22 $B/tests/test_tensor_core_gpu"
want tc10 && step tc10 ${TC10_LIMIT:-200} sh -c "
  for r in \$(seq ${TC10_ROUNDS:-1}); do for v in 1 0; do echo \"## round \$r: WHT_TC_STRIDED10=\$v\";
    WHT_TC_STRIDED10=\$v $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc --format f16 \
      --log2n ${TC10_LOG2N:-29,30} | grep -v '^#'; done; done"
# what 2^30's two passes on the tensor cores take apart (Nsight Compute, one
# launch each: time, DRAM bytes, instructions, stalls), and folklore f16's
want tc10ncu && step tc10ncu ${TC10NCU_LIMIT:-300} sh -c "
  for a in ${TC10NCU_ALGOS:-tensor-core folklore}; do echo \"## ncu \$a f16 2^${TC10NCU_LOG2N:-30}\";
    ncu --clock-control none --kernel-name regex:'wht__(tc_fused|tc10|tc_rstrided|single_|fused)' --launch-skip 2 --launch-count 2 \
      --metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active\\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__registers_per_thread \
      $B/experiments/wht-bench --algo \$a --format f16 --log2n ${TC10NCU_LOG2N:-30} --place in --reps 1 --warmup 1 | grep -v '^#';
  done"
# the pass of 10 bits as the L2-blocked pair's second pass for rows of
# 2^21, 2^22 (WHT_TC_PAIR10=1: row bits 12..k-1, chunks of 2^22): its
# tests (the pair from 2^16, k <= 22, also at the tightest lag), then
# f16/bf16 rows of 2^21, 2^22 over 2^26 and 2^28 elements with it and
# without, two rounds
want tcpair10 && step tcpair10test ${TCPAIR10_TEST_LIMIT:-300} sh -c "
  export WHT_TC_PAIR10=1 WHT_TC_L2_MIN=16 WHT_TC_TEST_KMAX=22; $B/tests/test_tensor_core_gpu;
  WHT_GPU_L2_LAG=0 $B/tests/test_tensor_core_gpu"
want tcpair10 && step tcpair10 ${TCPAIR10_LIMIT:-300} sh -c "
  for r in 1 2; do for v in 1 0; do echo \"## round \$r: WHT_TC_PAIR10=\$v\";
    for t in 26 28; do WHT_TC_PAIR10=\$v $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc \
      --format f16,bf16 --log2n 21,22 --total-log2 \$t | grep -v '^#'; done; done; done"
# the tensor cores' strided register passes asking L2 for the runs of the
# tiles some blocks on, in runs of 512 bytes (WHT_TC_PF_STRIDED8 for the
# passes of 8 bits, WHT_TC_PF_STRIDED10 for the pass of 10; both set to
# each of TCPFS_AHEAD; only where the requests are runs of 512 bytes):
# tests and memcheck with both at 1 (small grids: the next tile, or group
# of tiles), then f16/bf16
# single vectors of 2^28 (8-bit last pass), 2^29 and 2^30 (10-bit), two
# rounds
want tcpfs && step tcpfstest ${TCPFS_TEST_LIMIT:-300} sh -c "
  export WHT_TC_PF_STRIDED8=1 WHT_TC_PF_STRIDED10=1; WHT_TC_TEST_KMAX=22 $B/tests/test_tensor_core_gpu;
  $B/tests/test_tensor_core_gpu10; WHT_TC_TEST_KMAX=17 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu10"
want tcpfs && step tcpfs ${TCPFS_LIMIT:-400} sh -c "
  for r in 1 2; do for v in ${TCPFS_AHEAD:-0 8 16 32 64 128}; do echo \"## round \$r: ahead \$v\";
    WHT_TC_PF_STRIDED8=\$v WHT_TC_PF_STRIDED10=\$v $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc \
      --format f16,bf16 --log2n ${TCPFS_LOG2N:-28,29,30} | grep -v '^#'; done; done"
# the tensor cores' pass of 10 bits (16-byte exchange words) with all of
# a lane's loads issued first (WHT_TC10_EARLY=1, the default) or one half
# after the other's mma (0): tests (tc10vtest: the standalone pass, the
# pair of 10 bits from 2^16, at the tightest lag too, and the sanitizers),
# then f16 single vectors of 2^28..2^30 and rows of 2^21, 2^22 over 2^28
# elements (the pair) under TC10V_VARIANTS, two rounds
want tc10v && step tc10vtest ${TC10V_TEST_LIMIT:-400} sh -c "
  $B/tests/test_tensor_core_gpu10; WHT_TC_TEST_KMAX=22 $B/tests/test_tensor_core_gpu;
  WHT_TC_L2_MIN=16 WHT_TC_TEST_KMAX=22 $B/tests/test_tensor_core_gpu;
  WHT_GPU_L2_LAG=0 WHT_TC_L2_MIN=16 WHT_TC_TEST_KMAX=22 $B/tests/test_tensor_core_gpu;
  WHT_TC_TEST_KMAX=17 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu10;
  WHT_TC_TEST_KMAX=17 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu10;
  WHT_TC_L2_MIN=16 WHT_TC_TEST_KMAX=18 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu;
  WHT_TC_L2_MIN=16 WHT_TC_TEST_KMAX=17 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu"
want tc10v && step tc10v ${TC10V_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${TC10V_VARIANTS:-WHT_TC10_EARLY=1 WHT_TC10_EARLY=0}; do
    echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc --format f16,bf16 \
      --log2n ${TC10V_LOG2N:-28,29,30} | grep -v '^#';
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc --format f16,bf16 \
      --log2n 21,22 --total-log2 28 | grep -v '^#'; done; done"
# the tensor cores' one-bit stage at bit 12 for k >= 29, k mod 4 = 1
# (WHT_TC_SHORT12_MIN moves it down; 64: as before, the short stage last):
# tests (tc22test) with it from k = 17 in every plan (the pair from 2^16
# with a first pass of rows of 2^13; without the pair; the tile pass in the
# pair; 12-bit strided passes; the pass of 10 bits as every last pass; the
# tightest lag) and the sanitizers, then (tc22) f16 and bf16 single vectors
# of 2^29, 2^30 and f16 rows of 2^21, 2^22 over 2^28 elements under
# TC22_VARIANTS (default: 17, the one-bit stage at 12 for rows of 2^21 too;
# 64, the short stage last everywhere), two rounds
want tc22 && step tc22test ${TC22_TEST_LIMIT:-500} sh -c "
  export WHT_TC_SHORT12_MIN=17 WHT_TC_TEST_KMAX=22;
  echo '## the pair from 2^16'; WHT_TC_L2_MIN=16 $B/tests/test_tensor_core_gpu;
  echo '## the tightest lag'; WHT_GPU_L2_LAG=0 WHT_TC_L2_MIN=16 $B/tests/test_tensor_core_gpu;
  echo '## default: the pair from 2^26'; $B/tests/test_tensor_core_gpu;
  echo '## the tile pass in the pair'; WHT_TC_REG_PAIR=0 WHT_TC_L2_MIN=16 $B/tests/test_tensor_core_gpu;
  echo '## strided passes of 12 bits'; WHT_TC_STRIDED_BITS=12 $B/tests/test_tensor_core_gpu;
  echo '## the pass of 10 bits as every last pass'; $B/tests/test_tensor_core_gpu10;
  echo '## memcheck, racecheck'; WHT_TC_L2_MIN=16 WHT_TC_TEST_KMAX=18 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2;
  WHT_TC_L2_MIN=16 WHT_TC_TEST_KMAX=18 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2;
  WHT_TC_TEST_KMAX=19 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -2"
want tc22 && step tc22 ${TC22_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${TC22_VARIANTS:-WHT_TC_SHORT12_MIN=17 WHT_TC_SHORT12_MIN=64}; do
    echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc --format f16,bf16 \
      --log2n ${TC22_LOG2N:-29,30} | grep -v '^#';
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo tensor-core --format f16 \
      --log2n 21,22 --total-log2 28 | grep -v '^#'; done; done"
# the L2-blocked pairs' blocks taking their next ticket ahead
# (WHT_GPU_L2_AHEAD=1, wht__fused_loop): every pair's GPU tests (folklore's,
# Alman-Rao's, widened-pass's, kahan's and neumaier's from k = 20, the
# tensor cores' to k = 22 with the pair from 2^16), also at the tightest
# lag, and memcheck; then every pair's single vectors both ways (L2AHEAD_VARIANTS),
# two rounds; L2AHEAD_NCU=1 adds Nsight Compute's stalls of kahan's pair
want l2ahead && step l2aheadtest ${L2AHEAD_TEST_LIMIT:-400} sh -c "
  export WHT_GPU_L2_AHEAD=1;
  for v in WHT_GPU_L2_AHEAD=1 WHT_GPU_L2_LAG=0; do
    env \$v WHT_GPU_SINGLE_COMP=2 WHT_GPU_TEST_ALGOS=folklore,alman-rao,widened-pass,kahan,neumaier WHT_GPU_TEST_MINK=20 $B/tests/test_gpu_bitident > $O/l2abi.log 2>&1;
    echo \"# \$v: bitident k = 20..26 and the spot checks: \$(grep -c '^ok' $O/l2abi.log) ok, \$(grep -c '^not ok' $O/l2abi.log) not ok\"; grep '^not ok' $O/l2abi.log | head -5;
    env \$v WHT_TC_TEST_KMAX=22 WHT_TC_L2_MIN=16 $B/tests/test_tensor_core_gpu > $O/l2atc.log 2>&1;
    echo \"# \$v: tensor-core to k = 22, the pair from 2^16: \$(grep -c '^ok' $O/l2atc.log) ok, \$(grep -c '^not ok' $O/l2atc.log) not ok\"; grep '^not ok' $O/l2atc.log | head -5; done;
  WHT_TC_TEST_KMAX=18 WHT_TC_L2_MIN=16 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -1;
  WHT_TC_TEST_KMAX=17 WHT_TC_L2_MIN=16 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -1"
want l2ahead && step l2ahead ${L2AHEAD_LIMIT:-400} sh -c "
  for r in 1 2; do for v in ${L2AHEAD_VARIANTS:-WHT_GPU_L2_AHEAD=0 WHT_GPU_L2_AHEAD=1}; do unset WHT_GPU_L2_AHEAD WHT_GPU_L2_LAG; echo \"## round \$r: \$v\"; export \$(echo \$v | tr , ' ');
    $B/experiments/wht-bench --place in --algo folklore --format f32,f16,bf16 --log2n 26,28,30 | grep -v '^#';
    $B/experiments/wht-bench --place in --algo folklore,kahan --format f64 --log2n 25,27 | grep -v '^[#]' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc --format f16 --log2n 26,28,29,30 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo tensor-core --format bf16 --log2n 28,30 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo kahan,alman-rao,widened-pass,neumaier --format f32,f16 --log2n 25,28 | grep -v '^#' | grep -v '^algo'; done; done;
  [ '${L2AHEAD_NCU:-0}' = 1 ] || exit 0; export PATH=/usr/local/cuda/bin:\$PATH;
  for v in 0 1; do echo \"## ncu WHT_GPU_L2_AHEAD=\$v\"; WHT_GPU_L2_AHEAD=\$v ncu --clock-control none --kernel-name regex:'fused' --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio \
    $B/experiments/wht-bench --algo kahan --format f32 --log2n 28 --place in --reps 1 --warmup 1 | grep -E 'fused|duration|issue_active|stalled'; done"
# kahan's register passes asking L2 for the tiles ahead
# (WHT_GPU_SINGLE_PF_FUSED: the pair's first-pass rows; _LAST: the last
# strided pass; bytes of x ahead; SCOMPPF_VARIANTS), two rounds
want scomppf && step scomppf ${SCOMPPF_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${SCOMPPF_VARIANTS:-WHT_GPU_SINGLE_PF_FUSED=0 WHT_GPU_SINGLE_PF_FUSED=4194304 WHT_GPU_SINGLE_PF_FUSED=16777216 WHT_GPU_SINGLE_PF_LAST=2097152 WHT_GPU_SINGLE_PF_LAST=8388608}; do
    unset WHT_GPU_SINGLE_PF_FUSED WHT_GPU_SINGLE_PF_LAST; echo \"## round \$r: \$v\"; export \$(echo \$v | tr , ' ');
    $B/experiments/wht-bench --place in --algo kahan --format f32,f16 --log2n 28 | grep -v '^#';
    $B/experiments/wht-bench --place in --algo kahan --format f64 --log2n 27 | grep -v '^#' | grep -v '^algo'; done; done"
# kahan's register pair (its next ticket ahead) at other lags beyond a
# chunk (WHT_GPU_L2_LAG tiles; default all 132 resident blocks of an
# H200), and neumaier's register passes (WHT_GPU_SINGLE_COMP=2) against
# its tiles; SCOMPLAG_VARIANTS, two rounds
want scomplag && step scomplag ${SCOMPLAG_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${SCOMPLAG_VARIANTS:-WHT_GPU_L2_LAG=66 WHT_GPU_L2_LAG=99 WHT_GPU_L2_LAG=132 WHT_GPU_L2_LAG=198 WHT_GPU_SINGLE_COMP=1 WHT_GPU_SINGLE_COMP=2}; do
    unset WHT_GPU_L2_LAG WHT_GPU_SINGLE_COMP; echo \"## round \$r: \$v\"; export \$(echo \$v | tr , ' ');
    $B/experiments/wht-bench --place in --algo kahan,neumaier --format f32,f16 --log2n 28 | grep -v '^#';
    $B/experiments/wht-bench --place in --algo kahan,neumaier --format f64 --log2n 27 | grep -v '^#' | grep -v '^algo'; done; done"
# kahan's (and neumaier's) f32, f16 and bf16 pair with its first pass in
# the transposed form (WHT_GPU_SINGLE_COMP_XP=1, the default): GPU tests of both recoveries' register
# ranges from k = 23 (the pair: f32 2^25..2^28, f16 and bf16 from 2^26) and memcheck at k = 25, 26,
# then timings both ways, two rounds, and the pair under Nsight Compute
want scompxp && step scompxptest ${SCOMPXP_TEST_LIMIT:-300} sh -c "
  export WHT_GPU_SINGLE_COMP_XP=1;
  WHT_GPU_SINGLE_COMP=2 WHT_GPU_TEST_ALGOS=kahan,neumaier WHT_GPU_TEST_MINK=23 $B/tests/test_gpu_bitident > $O/scxbi.log 2>&1;
  echo \"# both ranges forced, k >= 23 and the spot checks: \$(grep -c '^ok' $O/scxbi.log) ok, \$(grep -c '^not ok' $O/scxbi.log) not ok\"; grep '^not ok' $O/scxbi.log | head -5;
  WHT_GPU_TEST_ALGOS=kahan WHT_GPU_TEST_MINK=25 WHT_GPU_TEST_MAXK=26 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -2"
want scompxp && step scompxp ${SCOMPXP_LIMIT:-300} sh -c "
  for r in 1 2; do for v in 0 1; do echo \"## round \$r: WHT_GPU_SINGLE_COMP_XP=\$v\"; export WHT_GPU_SINGLE_COMP_XP=\$v;
    $B/experiments/wht-bench --place in --algo kahan --format f32,f16,bf16 --log2n 25,26,27,28,29 | grep -v '^#';
    WHT_GPU_SINGLE_COMP=2 $B/experiments/wht-bench --place in --algo neumaier --format f32,f16,bf16 --log2n 25,28 | grep -v '^#' | grep -v '^algo'; done; done;
  export PATH=/usr/local/cuda/bin:\$PATH;
  for v in 0 1; do echo \"## ncu WHT_GPU_SINGLE_COMP_XP=\$v\"; WHT_GPU_SINGLE_COMP_XP=\$v ncu --clock-control none --kernel-name regex:'fused' --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__registers_per_thread \
    $B/experiments/wht-bench --algo kahan --format f32 --log2n 28 --place in --reps 1 --warmup 1 | grep -E 'fused|duration|inst_exec|issue_active|stalled|bank|registers'; done"
# kahan's and neumaier's two plain register passes (k = K1+4..K1+7, f32
# 2^18..2^21, f16 and bf16 2^19..2^22; WHT_GPU_SINGLE_COMP=2) against
# the tiles (=1 keeps them there), single vectors and rows over 2^28
# elements, two rounds; their GPU tests first
want scomptwo && step scomptwotest ${SCOMPTWO_TEST_LIMIT:-200} sh -c "
  WHT_GPU_SINGLE_COMP=2 WHT_GPU_TEST_ALGOS=kahan,neumaier WHT_GPU_TEST_MINK=16 WHT_GPU_TEST_MAXK=23 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/sctbi.log 2>&1;
  echo \"# both ranges forced, k = 16..23: \$(grep -c '^ok' $O/sctbi.log) ok, \$(grep -c '^not ok' $O/sctbi.log) not ok\"; grep '^not ok' $O/sctbi.log | head -5;
  WHT_GPU_SINGLE_COMP=2 WHT_GPU_TEST_ALGOS=kahan WHT_GPU_TEST_MINK=18 WHT_GPU_TEST_MAXK=19 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1;
  WHT_GPU_SINGLE_COMP=2 WHT_GPU_TEST_ALGOS=kahan WHT_GPU_TEST_MINK=18 WHT_GPU_TEST_MAXK=19 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1"
want scomptwo && step scomptwo ${SCOMPTWO_LIMIT:-300} sh -c "
  for r in 1 2; do for v in 1 2; do echo \"## round \$r: WHT_GPU_SINGLE_COMP=\$v\"; export WHT_GPU_SINGLE_COMP=\$v;
    $B/experiments/wht-bench --place in --algo kahan,neumaier --format f32,f16,bf16 --log2n 18,19,20,21,22 | grep -v '^#';
    $B/experiments/wht-bench --place in --algo kahan,neumaier --format f32,f16,bf16 --log2n 18,19,20,21,22 --total-log2 28 | grep -v '^#' | grep -v '^algo'; done; done"
# widened-pass's later blocks on the strided register tiles
# (kernels/wide_strided.cuh; WHT_GPU_WPASS_STRIDED=0 keeps the tiles'
# pass; WHT_GPU_WPASS_RPAIR=0 the rows and the strided pass apart instead
# of the register pair, =2 the pair wherever it can): GPU tests from k =
# 16 and the spot checks (also with the pair wherever it can, and so at lag
# 0), memcheck and racecheck of that at k = 21, 22
# (wstrtest); single vectors and rows over 2^28 elements under
# WSTR_VARIANTS beside folklore, two rounds (wstr); the passes of f32 and
# f16 2^28 under Nsight Compute (wstrncu)
want wstrtest && step wstrtest ${WSTR_TEST_LIMIT:-400} sh -c "
  WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MINK=16 $B/tests/test_gpu_bitident > $O/wstrbi.log 2>&1;
  echo \"# k >= 16 and the spot checks: \$(grep -c '^ok' $O/wstrbi.log) ok, \$(grep -c '^not ok' $O/wstrbi.log) not ok\"; grep '^not ok' $O/wstrbi.log | head -5;
  WHT_GPU_WPASS_RPAIR=2 WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MINK=16 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/wstrbi2.log 2>&1;
  echo \"# the register pair wherever it can, k >= 16: \$(grep -c '^ok' $O/wstrbi2.log) ok, \$(grep -c '^not ok' $O/wstrbi2.log) not ok\"; grep '^not ok' $O/wstrbi2.log | head -5;
  WHT_GPU_WPASS_RPAIR=2 WHT_GPU_L2_LAG=0 WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MINK=16 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/wstrbi3.log 2>&1;
  echo \"# the register pair at lag 0, k >= 16: \$(grep -c '^ok' $O/wstrbi3.log) ok, \$(grep -c '^not ok' $O/wstrbi3.log) not ok\"; grep '^not ok' $O/wstrbi3.log | head -5;
  WHT_GPU_WPASS_RPAIR=2 WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MINK=21 WHT_GPU_TEST_MAXK=22 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1;
  WHT_GPU_WPASS_RPAIR=2 WHT_GPU_TEST_ALGOS=widened-pass WHT_GPU_TEST_MINK=21 WHT_GPU_TEST_MAXK=22 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1"
want wstr && step wstr ${WSTR_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${WSTR_VARIANTS:-WHT_GPU_WPASS_STRIDED=0 WHT_GPU_WPASS_RPAIR=0 WHT_GPU_WPASS_RPAIR=1 WHT_GPU_WPASS_RPAIR=2}; do
    unset WHT_GPU_WPASS_STRIDED WHT_GPU_WPASS_RPAIR; echo \"## round \$r: \$v\"; export \$(echo \$v | tr , ' ');
    $B/experiments/wht-bench --place in --algo widened-pass,folklore --format f32,f16,bf16 --log2n ${WSTR_LOG2N:-16,19,22,25,28} | grep -v '^#';
    $B/experiments/wht-bench --place in --algo widened-pass,folklore --format f32,f16,bf16 --log2n ${WSTR_ROWS:-16,19,22} --total-log2 28 | grep -v '^#' | grep -v '^algo'; done; done"
want wstrncu && step wstrncu ${WSTR_NCU_LIMIT:-200} sh -c "
  export PATH=/usr/local/cuda/bin:\$PATH;
  for f in f32 f16; do for v in ${WSTR_NCU_VARIANTS:-WHT_GPU_WPASS_RPAIR=0 WHT_GPU_WPASS_RPAIR=1}; do echo \"## ncu \$f 2^28 \$v\"; env \$v ncu --clock-control none --kernel-name regex:'wht__rows_wide|wht__wide_|wht__wpass' --launch-count 2 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__registers_per_thread \
    $B/experiments/wht-bench --algo widened-pass --format \$f --log2n 28 --place in --reps 1 --warmup 0 | grep -E 'wht__|duration|inst_exec|issue_active|dram__|warps_active|stalled|bank|registers'; done; done"
# neumaier's register pair (WHT_GPU_SINGLE_COMP=2 forces both ranges)
# against its tiles (=0) at the pair's sizes (k = C+4..C+7: f32 2^25..2^28,
# f16 and bf16 2^26..2^29, f64 2^24..2^27), two rounds
want nmpair && step nmpair ${NMPAIR_LIMIT:-300} sh -c "
  for r in 1 2; do for v in 0 2; do echo \"## round \$r: WHT_GPU_SINGLE_COMP=\$v\"; export WHT_GPU_SINGLE_COMP=\$v;
    $B/experiments/wht-bench --place in --algo neumaier --format f32 --log2n 25,26,27,28 | grep -v '^#';
    $B/experiments/wht-bench --place in --algo neumaier --format f16,bf16 --log2n 26,27,28,29 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo neumaier --format f64 --log2n 24,25,26,27 | grep -v '^#' | grep -v '^algo'; done; done"
# Alman-Rao's single vectors in register passes (kernels/single_ar.cuh;
# SAR_TEST_ALGOS, SAR_ALGOS: the block algorithms on the same kernels):
# the tests at the default plan from k = 12 with the spot checks, with
# every size the kernels take (WHT_GPU_SINGLE_AR=2), also at lag 0, and
# the sanitizers at k = 21, 22 (sartest); single vectors and rows over
# 2^28 elements on the tiles (=0), every size (=2) and the pair's passes
# apart (WHT_GPU_SINGLE_AR_PAIR=0) beside folklore, two rounds (sar); the
# passes of f32 and f16 2^28 under Nsight Compute (sarncu)
want sartest && step sartest ${SAR_TEST_LIMIT:-400} sh -c "
  WHT_GPU_TEST_ALGOS=${SAR_TEST_ALGOS:-alman-rao} WHT_GPU_TEST_MINK=12 $B/tests/test_gpu_bitident > $O/sarbi.log 2>&1;
  echo \"# k >= 12 and the spot checks: \$(grep -c '^ok' $O/sarbi.log) ok, \$(grep -c '^not ok' $O/sarbi.log) not ok\"; grep '^not ok' $O/sarbi.log | head -5;
  WHT_GPU_SINGLE_AR=2 WHT_GPU_TEST_ALGOS=${SAR_TEST_ALGOS:-alman-rao} WHT_GPU_TEST_MINK=12 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/sarbi2.log 2>&1;
  echo \"# every size the kernels take, k >= 12: \$(grep -c '^ok' $O/sarbi2.log) ok, \$(grep -c '^not ok' $O/sarbi2.log) not ok\"; grep '^not ok' $O/sarbi2.log | head -5;
  WHT_GPU_SINGLE_AR=2 WHT_GPU_L2_LAG=0 WHT_GPU_TEST_ALGOS=${SAR_TEST_ALGOS:-alman-rao} WHT_GPU_TEST_MINK=20 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/sarbi3.log 2>&1;
  echo \"# the pair at lag 0, k >= 20: \$(grep -c '^ok' $O/sarbi3.log) ok, \$(grep -c '^not ok' $O/sarbi3.log) not ok\"; grep '^not ok' $O/sarbi3.log | head -5;
  WHT_GPU_SINGLE_AR=2 WHT_GPU_TEST_ALGOS=${SAR_TEST_ALGOS:-alman-rao} WHT_GPU_TEST_MINK=21 WHT_GPU_TEST_MAXK=22 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1;
  WHT_GPU_SINGLE_AR=2 WHT_GPU_TEST_ALGOS=${SAR_TEST_ALGOS:-alman-rao} WHT_GPU_TEST_MINK=21 WHT_GPU_TEST_MAXK=22 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1"
want sar && step sar ${SAR_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${SAR_VARIANTS:-WHT_GPU_SINGLE_AR=0 WHT_GPU_SINGLE_AR=2 WHT_GPU_SINGLE_AR=2,WHT_GPU_SINGLE_AR_PAIR=0}; do
    unset WHT_GPU_SINGLE_AR WHT_GPU_SINGLE_AR_PAIR; echo \"## round \$r: \$v\"; export \$(echo \$v | tr , ' ');
    $B/experiments/wht-bench --place in --algo ${SAR_ALGOS:-alman-rao},folklore --format f32,f16,bf16 --log2n ${SAR_LOG2N:-15,16,17,18,20,22,24,26,28} | grep -v '^#';
    $B/experiments/wht-bench --place in --algo ${SAR_ALGOS:-alman-rao},folklore --format f32,f16,bf16 --log2n ${SAR_ROWS:-15,18,21} --total-log2 28 | grep -v '^#' | grep -v '^algo'; done; done"
# the rows of 2^12..2^16 in a block (kernels/rows_ar_blk.cuh): the tests of
# the three algorithms that take them at k = 11..17, memcheck and racecheck
# of Alman-Rao's at k = 12..16 (sarblktest); rows over 2^28 elements and
# single vectors against the tiles (WHT_GPU_SINGLE_AR_BLK=0), two rounds
# (sarblk)
want sarblk && step sarblktest ${SARBLK_TEST_LIMIT:-400} sh -c "
  WHT_GPU_TEST_ALGOS=alman-rao,kahan-block,widened WHT_GPU_TEST_MINK=11 WHT_GPU_TEST_MAXK=17 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/sarblkbi.log 2>&1;
  echo \"# k = 11..17: \$(grep -c '^ok' $O/sarblkbi.log) ok, \$(grep -c '^not ok' $O/sarblkbi.log) not ok\"; grep '^not ok' $O/sarblkbi.log | head -5;
  WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=12 WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1;
  WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=12 WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1"
want sarblk && step sarblk ${SARBLK_LIMIT:-200} sh -c "
  for r in 1 2; do for v in 0 1; do echo \"## round \$r: WHT_GPU_SINGLE_AR_BLK=\$v\"; export WHT_GPU_SINGLE_AR_BLK=\$v;
    $B/experiments/wht-bench --place in --algo alman-rao,kahan-block,widened,folklore --format f32,f16,bf16 --log2n 12:16 --total-log2 28 | grep -v '^#';
    $B/experiments/wht-bench --place in --algo alman-rao,kahan-block,widened,folklore --format f32,f16,bf16 --log2n 12:16 | grep -v '^#' | grep -v '^algo'; done; done"
# the rows of 2^12..2^16 in a block, 2-byte rows of 2^12..2^14 several a
# block (rows_ar_blk.cuh): the tests of the three algorithms that take
# them at k = 11..17, every size forced at k = 12..16, memcheck and
# racecheck at k = 12..14 (sarblkwtest); rows over 2^28 elements, two
# rounds, and Nsight Compute (instruction-fetch stalls included) on f16
# rows of 2^12..2^14 and f32 rows of 2^13 (sarblkw)
want sarblkw && step sarblkwtest ${SARBLKW_TEST_LIMIT:-400} sh -c "
  WHT_GPU_TEST_ALGOS=alman-rao,kahan-block,widened WHT_GPU_TEST_MINK=11 WHT_GPU_TEST_MAXK=17 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/sarblkwbi.log 2>&1;
  echo \"# k = 11..17: \$(grep -c '^ok' $O/sarblkwbi.log) ok, \$(grep -c '^not ok' $O/sarblkwbi.log) not ok\"; grep '^not ok' $O/sarblkwbi.log | head -5;
  WHT_GPU_SINGLE_AR=2 WHT_GPU_TEST_ALGOS=alman-rao,widened WHT_GPU_TEST_MINK=12 WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/sarblkwbi2.log 2>&1;
  echo \"# every size forced, k = 12..16: \$(grep -c '^ok' $O/sarblkwbi2.log) ok, \$(grep -c '^not ok' $O/sarblkwbi2.log) not ok\"; grep '^not ok' $O/sarblkwbi2.log | head -5;
  WHT_GPU_SINGLE_AR=2 WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=12 WHT_GPU_TEST_MAXK=14 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1;
  WHT_GPU_SINGLE_AR=2 WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=12 WHT_GPU_TEST_MAXK=14 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1"
want sarblkw && step sarblkw ${SARBLKW_LIMIT:-300} sh -c "
  for r in 1 2; do echo \"## round \$r\";
    $B/experiments/wht-bench --place in --algo alman-rao,widened,folklore --format f32,f16,bf16 --log2n 12:16 --total-log2 28 | grep -v '^#'; done;
  export PATH=/usr/local/cuda/bin:\$PATH;
  for c in f16:12 f16:13 f16:14 f32:13; do echo \"## ncu \$c\"; ncu --clock-control none --kernel-name regex:wht__sar_blk --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,launch__registers_per_thread \
    $B/experiments/wht-bench --algo alman-rao --format \${c%:*} --log2n \${c#*:} --total-log2 28 --place in --reps 1 --warmup 1 | grep -E 'duration|inst_exec|issue_active|dram__|warps_active|stalled|registers'; done"
# two builds' wht-bench on the same rows (BASE_BENCH, default
# _build-dev/a/wht-bench, against BUILD's), interleaved, three rounds,
# each under the settings in SARBLKAB_VARIANTS (default the L2
# look-ahead's own), and Nsight Compute's shared-memory bank conflicts of
# both (sarblkab)
want sarblkab && step sarblkab ${SARBLKAB_LIMIT:-400} sh -c "
  A=${BASE_BENCH:-_build-dev/a/wht-bench};
  for r in 1 2 3; do for w in \$A $B/experiments/wht-bench; do for v in ${SARBLKAB_VARIANTS:-WHT_GPU_ROWS_PF_BYTES=2097152}; do echo \"## round \$r: \$w \$v\";
    env \$v \$w --place in --algo alman-rao,widened,folklore --format f32,f16,bf16 --log2n 12:16 --total-log2 28 | grep -v '^#'; done; done; done;
  export PATH=/usr/local/cuda/bin:\$PATH;
  for c in f16:13 f32:13 f16:16; do for w in \$A $B/experiments/wht-bench; do echo \"## ncu \$c \$w\"; ncu --clock-control none --kernel-name regex:wht__sar_blk --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio \
    \$w --algo alman-rao --format \${c%:*} --log2n \${c#*:} --total-log2 28 --place in --reps 1 --warmup 1 | grep -E 'duration|inst_exec|issue_active|bank|stalled'; done; done"
want sarncu && step sarncu ${SAR_NCU_LIMIT:-200} sh -c "
  export PATH=/usr/local/cuda/bin:\$PATH;
  for f in f32 f16; do for v in ${SAR_NCU_VARIANTS:-WHT_GPU_SINGLE_AR=0 WHT_GPU_SINGLE_AR=1}; do echo \"## ncu \$f 2^28 \$v\"; env \$v ncu --clock-control none --kernel-name regex:'wht__sar|wht__rows_ar|wht__fused|wht__pass' --launch-count 3 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__registers_per_thread \
    $B/experiments/wht-bench --algo ${SAR_NCU_ALGO:-alman-rao} --format \$f --log2n 28 --place in --reps 1 --warmup 0 | grep -E 'wht__|duration|inst_exec|issue_active|dram__|warps_active|stalled|bank|registers'; done; done"
# Alman-Rao's f64 rows of 2^6..2^10 in a warp's registers and of
# 2^11..2^14 in a block's (rows_ar64.cuh), longer ones (single vectors)
# with a first pass of such block rows and the tiles' strided passes
# (single_ar64.cuh): tests at k = 0..23 and spot checks at 2^29, 2^30, at
# one block ahead with 512 rows (k = 6..14), memcheck and racecheck at k =
# 6..16 (ar64test); rows over 2^28 elements and single vectors of
# 2^15..2^27 against the tiles (WHT_GPU_ROWS_AR=0, WHT_GPU_SINGLE_AR=0)
# and folklore, two rounds, and Nsight Compute on rows of 2^10, 2^12 and
# 2^14 and single vectors of 2^24 (ar64)
want ar64 && step ar64test ${AR64_TEST_LIMIT:-400} sh -c "
  WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MAXK=${AR64_TEST_MAXK:-23} WHT_GPU_TEST_K30=0 WHT_GPU_TEST_SPOT=alman-rao:f64:29,alman-rao:f64:30 $B/tests/test_gpu_bitident > $O/ar64bi.log 2>&1;
  echo \"# k = 0..${AR64_TEST_MAXK:-23}, spot checks: \$(grep -c '^ok' $O/ar64bi.log) ok, \$(grep -c '^not ok' $O/ar64bi.log) not ok\"; grep '^not ok' $O/ar64bi.log | head -5; grep -i 'spot\|2^29\|2^30\|k=29\|k=30' $O/ar64bi.log | head -4;
  WHT_GPU_ROWS_PF_BYTES=1 WHT_GPU_TEST_BATCH=512 WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=6 WHT_GPU_TEST_MAXK=14 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/ar64bi2.log 2>&1;
  echo \"# 512 rows, one block ahead, k = 6..14: \$(grep -c '^ok' $O/ar64bi2.log) ok, \$(grep -c '^not ok' $O/ar64bi2.log) not ok\"; grep '^not ok' $O/ar64bi2.log | head -5;
  WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=6 WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1;
  WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=6 WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1"
want ar64 && step ar64 ${AR64_LIMIT:-400} sh -c "
  for r in 1 2; do for v in WHT_GPU_ROWS_AR=1 WHT_GPU_ROWS_AR=0,WHT_GPU_SINGLE_AR=0; do echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo alman-rao,folklore --format f64 --log2n 6:${AR64_KMAX:-20} --total-log2 28 | grep -v '^#';
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo alman-rao,folklore --format f64 --log2n 15:27 | grep -v '^#'; done; done;
  export PATH=/usr/local/cuda/bin:\$PATH;
  for k in ${AR64_NCU_K:-10 12 14}; do for a in alman-rao folklore; do echo \"## ncu f64 rows of 2^\$k \$a\"; ncu --clock-control none --kernel-name regex:'wht__' --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,launch__registers_per_thread \
    $B/experiments/wht-bench --algo \$a --format f64 --log2n \$k --total-log2 28 --place in --reps 1 --warmup 1 | grep -E 'wht__|duration|inst_exec|issue_active|dram__|warps_active|stalled|bank|registers'; done; done;
  echo \"## ncu f64 2^24 alman-rao\"; ncu --clock-control none --kernel-name regex:'wht__' --launch-count 6 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread \
    $B/experiments/wht-bench --algo alman-rao --format f64 --log2n 24 --place in --reps 1 --warmup 1 | grep -E 'wht__|duration|inst_exec|issue_active|dram__|registers'"
# the f64 single vectors' first pass of rows of 2^14 from k = 23
# (default), never (99) or from 17 (WHT_GPU_SINGLE_AR64_K14), and the
# tests at k = 23 and with rows of 2^14 from 17 (ar64k14)
want ar64k14 && step ar64k14 ${AR64K14_LIMIT:-300} sh -c "
  WHT_GPU_SINGLE_AR64_K14=17 WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=15 WHT_GPU_TEST_MAXK=23 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/ar64k14bi.log 2>&1;
  echo \"# rows of 2^14 from 17, k = 15..23: \$(grep -c '^ok' $O/ar64k14bi.log) ok, \$(grep -c '^not ok' $O/ar64k14bi.log) not ok\"; grep '^not ok' $O/ar64k14bi.log | head -5; rm -f $O/ar64k14bi.log;
  for r in 1 2; do for v in 23 99 17; do echo \"## round \$r: WHT_GPU_SINGLE_AR64_K14=\$v\";
    WHT_GPU_SINGLE_AR64_K14=\$v $B/experiments/wht-bench --place in --algo alman-rao,folklore --format f64 --log2n 17,20,23,26 --total-log2 28 | grep -v '^#';
    WHT_GPU_SINGLE_AR64_K14=\$v $B/experiments/wht-bench --place in --algo alman-rao,folklore --format f64 --log2n 17,20,21,22,23,24,25,26,27,28,29 | grep -v '^#'; done; done"
# Alman-Rao's schedule's long rows with block rows first (single_ar.cuh,
# rows_ar_blk.cuh; WHT_GPU_SINGLE_AR_BLK1: 0 never, 1 the policy, 2
# wherever the kernels can): sarb1test, the tests of the three algorithms
# on these kernels at k >= 12 with the spot checks forced and at the
# defaults, memcheck and racecheck forced at k = 16..20; sarb1, single
# vectors and rows over 2^28 elements under SARB1_VARIANTS, two rounds
want sarb1test && step sarb1test ${SARB1_TEST_LIMIT:-400} sh -c "
  WHT_GPU_SINGLE_AR_BLK1=2 WHT_GPU_TEST_ALGOS=alman-rao,kahan-block,widened WHT_GPU_TEST_MINK=12 $B/tests/test_gpu_bitident > $O/sarb1bi.log 2>&1;
  echo \"# forced, k >= 12 and the spot checks: \$(grep -c '^ok' $O/sarb1bi.log) ok, \$(grep -c '^not ok' $O/sarb1bi.log) not ok\"; grep '^not ok' $O/sarb1bi.log | head -5;
  WHT_GPU_TEST_ALGOS=alman-rao,kahan-block,widened WHT_GPU_TEST_MINK=12 $B/tests/test_gpu_bitident > $O/sarb1bi2.log 2>&1;
  echo \"# the defaults, k >= 12 and the spot checks: \$(grep -c '^ok' $O/sarb1bi2.log) ok, \$(grep -c '^not ok' $O/sarb1bi2.log) not ok\"; grep '^not ok' $O/sarb1bi2.log | head -5;
  WHT_GPU_SINGLE_AR_BLK1=2 WHT_GPU_TEST_ALGOS=alman-rao,widened WHT_GPU_TEST_MINK=16 WHT_GPU_TEST_MAXK=20 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1;
  WHT_GPU_SINGLE_AR_BLK1=2 WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=16 WHT_GPU_TEST_MAXK=19 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1"
want sarb1 && step sarb1 ${SARB1_LIMIT:-360} sh -c "
  for r in 1 2; do for v in ${SARB1_VARIANTS:-WHT_GPU_SINGLE_AR_BLK1=0 WHT_GPU_SINGLE_AR_BLK1=1 WHT_GPU_SINGLE_AR_BLK1=2}; do
    echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo ${SARB1_ALGOS:-alman-rao,kahan-block,widened,folklore} --format f32,f16,bf16 --log2n ${SARB1_LOG2N:-16:25} --reps 20 | grep -v '^#';
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo ${SARB1_ALGOS:-alman-rao,kahan-block,widened,folklore} --format f32,f16,bf16 --log2n ${SARB1_LOG2N:-16:25} --total-log2 28 --reps 20 | grep -v '^#' | grep -v '^algo'; done; done"
# Alman-Rao's schedule's L2-blocked pair with block rows of 2^(K1+3) as
# its first pass (single_ar.cuh; WHT_GPU_SINGLE_AR_PAIR_BLK: 0 never, 1 the
# policy, 2 wherever it can): sarpbtest, the three algorithms on these
# kernels forced (WHT_GPU_SINGLE_AR=2) at k = 24..26 with spot checks of
# 2^27..2^30, at the defaults from k = 24 with the same spot checks, and
# memcheck and racecheck forced at k = 24; sarpb, single vectors of
# SARPB_LOG2N under SARPB_VARIANTS, two rounds
SARPB_SPOT=${SARPB_SPOT:-alman-rao:f32:27,alman-rao:f32:28,alman-rao:f32:29,alman-rao:f32:30,alman-rao:f16:28,alman-rao:bf16:29,alman-rao:f16:30,kahan-block:f32:28,widened:f32:28,widened:bf16:30}
want sarpbtest && step sarpbtest ${SARPB_TEST_LIMIT:-400} sh -c "
  WHT_GPU_SINGLE_AR=2 WHT_GPU_SINGLE_AR_PAIR_BLK=2 WHT_GPU_TEST_ALGOS=alman-rao,kahan-block,widened WHT_GPU_TEST_MINK=25 WHT_GPU_TEST_K30=0 WHT_GPU_TEST_SPOT=$SARPB_SPOT $B/tests/test_gpu_bitident > $O/sarpbbi.log 2>&1;
  echo \"# forced, k = 24..26 and the spot checks: \$(grep -c '^ok' $O/sarpbbi.log) ok, \$(grep -c '^not ok' $O/sarpbbi.log) not ok\"; grep '^not ok' $O/sarpbbi.log | head -5;
  WHT_GPU_TEST_ALGOS=alman-rao,kahan-block,widened WHT_GPU_TEST_MINK=25 WHT_GPU_TEST_K30=0 WHT_GPU_TEST_SPOT=$SARPB_SPOT $B/tests/test_gpu_bitident > $O/sarpbbi2.log 2>&1;
  echo \"# the defaults, k = 24..26 and the spot checks: \$(grep -c '^ok' $O/sarpbbi2.log) ok, \$(grep -c '^not ok' $O/sarpbbi2.log) not ok\"; grep '^not ok' $O/sarpbbi2.log | head -5; rm -f $O/sarpbbi.log $O/sarpbbi2.log;
  WHT_GPU_SINGLE_AR=2 WHT_GPU_SINGLE_AR_PAIR_BLK=2 WHT_GPU_TEST_ALGOS=alman-rao,widened WHT_GPU_TEST_MINK=25 WHT_GPU_TEST_MAXK=24 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1;
  WHT_GPU_SINGLE_AR=2 WHT_GPU_SINGLE_AR_PAIR_BLK=2 WHT_GPU_TEST_ALGOS=alman-rao WHT_GPU_TEST_MINK=25 WHT_GPU_TEST_MAXK=24 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -1"
want sarpb && step sarpb ${SARPB_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${SARPB_VARIANTS:-WHT_GPU_SINGLE_AR_PAIR_BLK=0 WHT_GPU_SINGLE_AR_PAIR_BLK=1 WHT_GPU_SINGLE_AR_PAIR_BLK=2}; do
    echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo ${SARPB_ALGOS:-alman-rao,folklore} --format f32,f16,bf16 --log2n ${SARPB_LOG2N:-24:30} --reps 20 | grep -v '^#'; done; done"
# kahan's, neumaier's and the block algorithms' rows of 2^12..2^14 in
# batches of 1..1024 on their block kernels (rows_comp.cuh, the default
# masks) or on the tiles (WHT_GPU_ROWS_BLK=0), three rounds (nbsmall)
want nbsmall && step nbsmall ${NBSMALL_LIMIT:-200} sh -c "
  for r in 1 2 3; do for v in ${NBSMALL_VARIANTS:-WHT_GPU_ROWS_BLK=1 WHT_GPU_ROWS_BLK=0}; do echo \"## round \$r: \$v\";
    env \$v $B/experiments/wht-bench --place in --algo neumaier-block,kahan-block,neumaier,kahan --format f16,bf16,f32 --log2n 12:14 --batch ${NBSMALL_BATCH:-1,4,8,16,32,64,256,1024} --reps 30 | grep -v '^#'; done; done"
# what bounds the L2-blocked pairs of the single vectors (issue 15): the
# exchange of a cluster tile through distributed shared memory
# (experiments/dsmem-probe: dsmem), and Nsight Compute's L2 and DRAM
# throughput for each kernel of a transform beside the add-one kernel
# (L2BOUND_CASES algo,format,log2n: l2bound; the L2 hits: STEPS=l2)
want dsmem && step dsmem ${DSMEM_LIMIT:-120} "$B/experiments/dsmem-probe"
want dsmemnb && step dsmemnb ${DSMEM_LIMIT:-120} "$B/experiments/dsmem-probe" --neighbours
want l2bound && step l2bound ${L2BOUND_LIMIT:-300} sh -c "
  for c in ${L2BOUND_CASES:-folklore,f32,28 folklore,f16,28 folklore,f64,27 tensor-core,f16,28 alman-rao,f32,28}; do
    set -- \$(echo \$c | tr , ' '); echo \"## \$*\";
    ncu --clock-control none --kernel-name regex:'wht__|bench_add_one' --launch-skip 0 --launch-count 8 \
      --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sector_hit_rate.pct,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active \
      $B/experiments/wht-bench --algo \$1 --format \$2 --log2n \$3 --place in --reps 1 --warmup 0; done"
# the compensated block kernels' few rows by format and size
# (few_rows_blk_min, compensated_err.cuh) and the block rows first's size
# by format (wht__sar_policy::blk_first_least): test_gpu_bitident of the
# compensated algorithms at k = 11..16 in batches of 16, 128 and 512
# (each side of every bound) and of the three on the register passes at
# k = 20..23 (fewtest); the timings: STEPS=nbsmall with
# NBSMALL_VARIANTS="WHT_GPU_ROWS_FEW=0 WHT_GPU_ROWS_FEW=1 WHT_GPU_ROWS_BLK=0",
# STEPS=sarb1 with SARB1_VARIANTS="WHT_GPU_SINGLE_AR_KB_LEAST=0 WHT_GPU_SINGLE_AR_KB_LEAST=2"
want fewtest && step fewtest ${FEWTEST_LIMIT:-400} sh -c "
  for b in 16 128 512; do
    WHT_GPU_TEST_BATCH=\$b WHT_GPU_TEST_ALGOS=kahan,neumaier,kahan-block,neumaier-block WHT_GPU_TEST_MINK=11 WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/fewbi\$b.log 2>&1;
    echo \"# \$b rows of 2^11..2^16: \$(grep -c '^ok' $O/fewbi\$b.log) ok, \$(grep -c '^not ok' $O/fewbi\$b.log) not ok\"; grep '^not ok' $O/fewbi\$b.log | head -5; done;
  WHT_GPU_TEST_ALGOS=alman-rao,kahan-block,widened WHT_GPU_TEST_MINK=20 WHT_GPU_TEST_MAXK=23 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/kbbi.log 2>&1;
  echo \"# the register passes at k = 20..23: \$(grep -c '^ok' $O/kbbi.log) ok, \$(grep -c '^not ok' $O/kbbi.log) not ok\"; grep '^not ok' $O/kbbi.log | head -5"
# the planner's smaller tiles for small transforms (pass_plan.cu,
# WHT_GPU_SMALL_TILES; 0: the 64 KB tiles as before): every algorithm and
# format, single vectors of 2^12..2^22 and rows of 2^8..2^15 over 2^16
# elements, two rounds each way (smalltiles)
want smalltiles && step smalltiles ${SMALLTILES_LIMIT:-400} sh -c "
  for r in 1 2; do for v in 1 0; do echo \"## round \$r: WHT_GPU_SMALL_TILES=\$v\";
    WHT_GPU_SMALL_TILES=\$v $B/experiments/wht-bench --place in --algo ${SMALLTILES_ALGOS:-all} --log2n ${SMALLTILES_LOG2N:-12:22} --reps 20 | grep -v '^#';
    WHT_GPU_SMALL_TILES=\$v $B/experiments/wht-bench --place in --algo ${SMALLTILES_ALGOS:-all} --log2n 8:15 --total-log2 16 --reps 20 | grep -v '^#'; done; done"
# folklore's largest single vectors: wht-bench of every format at
# 2^26..2^30 (f64 to 2^30, 8 GiB), and Nsight Compute of each kernel of
# one transform of f64 2^27, 2^28, 2^29 and f32 2^28, 2^29, 2^30 (bigsingles)
want bigsingles && step bigsingles ${BIGSINGLES_LIMIT:-300} sh -c "
  $B/experiments/wht-bench --place in --algo folklore --format all --log2n 26:30 --reps 10 | grep -v '^#';
  export PATH=/usr/local/cuda/bin:\$PATH;
  for c in ${BIGSINGLES_NCU:-f64:27 f64:28 f64:29 f32:28 f32:29 f32:30}; do echo \"## ncu folklore \$c\"; ncu --clock-control none --kernel-name regex:'wht__' --launch-skip 0 --launch-count 3 \
    --metrics gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,launch__registers_per_thread,launch__block_size,launch__grid_size \
    $B/experiments/wht-bench --algo folklore --format \${c%:*} --log2n \${c#*:} --place in --reps 1 --warmup 0 | grep -E 'wht__|duration|dram__|warps_active|hit_rate|registers|block_size|grid_size'; done"
# the tensor cores' rows of 2^14 and 2^15 on 8 warps of two and four
# units, results stored from shared memory in 16-byte vectors (default),
# against WHT_TC_X_RESTAGE=0 (a unit a warp, 8-byte stores) and, for rows
# of 2^15, the tile (WHT_TC_SMALL_KMAX=14): tests and sanitizers
# (tc14test), rows of 2^12..2^15 over 2^28 elements, two rounds, and
# Nsight Compute on the rows of 2^14 and 2^15 (tc14)
want tc14 && step tc14test ${TC14_TEST_LIMIT:-300} sh -c "
  for v in WHT_TC_X_RESTAGE=1 WHT_TC_X_RESTAGE=0 WHT_TC_SMALL_KMAX=14; do echo \"## \$v\"; env \$v WHT_TC_TEST_KMAX=16 $B/tests/test_tensor_core_gpu | grep -v '^ok';
    env \$v WHT_TC_TEST_KMAX=15 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -1;
    env \$v WHT_TC_TEST_KMAX=15 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_tensor_core_gpu | tail -1; done"
want tc14 && step tc14 ${TC14_LIMIT:-300} sh -c "
  for r in 1 2; do for v in WHT_TC_X_RESTAGE=1 WHT_TC_X_RESTAGE=0 WHT_TC_SMALL_KMAX=14; do echo \"## round \$r: \$v\";
    env \$v $B/experiments/wht-bench --place in --total-log2 28 --algo tensor-core,tensor-core-f16acc --format f16,bf16 \
      --log2n 12:15 | grep -v '^#'; done; done;
  export PATH=/usr/local/cuda/bin:\$PATH;
  for k in 14 15; do echo \"## ncu rows of 2^\$k\"; ncu --clock-control none --kernel-name regex:'wht__tc_x12' \
    --launch-skip 1 --launch-count 1 --metrics gpu__time_duration.sum,smsp__inst_executed.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,dram__throughput.avg.pct_of_peak_sustained_elapsed \
    $B/experiments/wht-bench --algo tensor-core --format f16 --log2n \$k --total-log2 28 --place in --reps 2 --warmup 1 | grep -E 'wht__tc|duration|inst_exec|lts__|warps_active|issue_active|bank|stalled|dram'; done"
# the tensor cores' L2-blocked pair under TCPAIR_VARIANTS (its lag beyond
# a chunk, WHT_GPU_L2_LAG tiles, default half the resident blocks; its
# chunk, WHT_TC_L2_CHUNK), f16 single vectors, two rounds
want tcpair && step tcpair ${TCPAIR_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${TCPAIR_VARIANTS:-WHT_TC_L2_CHUNK=20 WHT_GPU_L2_LAG=66 WHT_GPU_L2_LAG=132 WHT_GPU_L2_LAG=264 WHT_GPU_L2_LAG=396 WHT_TC_L2_CHUNK=21 WHT_TC_L2_CHUNK=21,WHT_GPU_L2_LAG=396}; do
    echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --algo tensor-core --format f16 --log2n ${TCPAIR_LOG2N:-26,28,30} | grep -v '^#'; done; done"
# the tensor-core exchange kernel with the tile some blocks on asked of L2
# (WHT_TC_PF_AHEAD): its tests as is, one tile ahead, and with rows of
# 2^15 on it (WHT_TC_SMALL_KMAX=15), then rows of 2^11..2^15 by tiles
# ahead (TCPF_AHEAD; 0: none) and with rows of 2^15 on it, two rounds
want tcpf && step tcpftest ${TCPF_TEST_LIMIT:-300} sh -c "
  $B/tests/test_tensor_core_gpu; WHT_TC_PF_AHEAD=1 $B/tests/test_tensor_core_gpu;
  WHT_TC_SMALL_KMAX=15 $B/tests/test_tensor_core_gpu"
want tcpf && step tcpf ${TCPF_LIMIT:-300} sh -c "
  for r in 1 2; do for v in ${TCPF_AHEAD:-0 8 16 32} 16,WHT_TC_SMALL_KMAX=15 0,WHT_TC_SMALL_KMAX=15; do echo \"## round \$r: WHT_TC_PF_AHEAD=\$v\";
    env \$(echo WHT_TC_PF_AHEAD=\$v | tr , ' ') $B/experiments/wht-bench --place in --total-log2 28 --algo tensor-core,tensor-core-f16acc \
      --format f16,bf16 --log2n 11:15 | grep -v '^#';
  done; done"
# the compensated 2-byte rows in the transposed form (WHT_GPU_ROWS_COMP_XP=1)
# in two builds, BASE (the tile copied by cp.async) and BUILD (through
# registers), and BUILD's defaults for f32, two interleaved rounds
want xpab && step xpab ${XPAB_LIMIT:-300} sh -c "
  for r in 1 2; do for b in ${BASE:-_build-base} $B; do echo \"## round \$r: \$b\";
    WHT_GPU_ROWS_COMP_XP=1 \$b/experiments/wht-bench --place in --total-log2 28 --algo $C2A --format f16,bf16 --log2n 8:11 | grep -v '^#';
  done;
  echo \"## round \$r: $B defaults\";
  $B/experiments/wht-bench --place in --total-log2 28 --algo folklore,$C2A --format f32 --log2n 7:10 | grep -v '^#'; done"
# the thesis grid's tensor-core rows again (issue 16's kernels changed 42
# f16 overflow rows after data/thesis-gpu-h200.h5 was written): the grid's
# command for the two tensor-core algorithms into tc-rows.h5, then how many
# rows differ from the data file's (to replace them: wht-sweep --merge
# --supersede, data/README.md)
want tcrows && step tcrows ${TCROWS_LIMIT:-300} sh -c "
  t0=\$(date +%s);
  $B/experiments/wht-sweep --algo tensor-core,tensor-core-f16acc --format all --dist all --op all --log2n 3:25 \
    --trials 1 --seed 1 --backend gpu -o $O/tc-rows.h5 2> $O/tc-rows.err;
  echo \"# one command: \$(( \$(date +%s) - t0 )) s\"; tail -2 $O/tc-rows.err;
  $B/tests/h5rows --no-timing $O/tc-rows.h5 | sort > /tmp/tc-new.txt;
  $B/tests/h5rows --no-timing data/thesis-gpu-h200.h5 | awk '\$1 ~ /^tensor-core/' | sort > /tmp/tc-old.txt;
  echo \"# rows: \$(wc -l < /tmp/tc-new.txt) new, \$(wc -l < /tmp/tc-old.txt) in the data file, \$(diff /tmp/tc-old.txt /tmp/tc-new.txt | grep -c '^>') new ones differ\";
  diff /tmp/tc-old.txt /tmp/tc-new.txt | head -8"
# issue 15: one kernel built several ways (KVAR_BUILDS: directories with
# experiments/wht-bench and tests/test_gpu_bitident, the first the
# baseline), e.g. Alman-Rao's or the compensated algorithms' round cap and
# blocks per multiprocessor: KVAR_ALGOS (folklore first, the reference) in
# KVAR_FORMATS at 2^28 and rows of 2^7, 2^10, 2^13, 2^15 (KVAR_ROWS) over 2^28
# elements, two interleaved rounds; then each build's bit-identity for the
# algorithms after folklore (spot checks KVAR_SPOT)
KVA=${KVAR_ALGOS:-folklore,alman-rao}
want kvar && step kvar ${KVAR_LIMIT:-420} sh -c "
  for r in 1 2; do for b in ${KVAR_BUILDS:-$B}; do echo \"# round \$r: \$b\";
    W=\"\$b/experiments/wht-bench --place in --algo $KVA\";
    \$W --format ${KVAR_FORMATS:-f32,f16,bf16} --log2n 28; \$W --format ${KVAR_FORMATS:-f32,f16,bf16} --log2n ${KVAR_ROWS:-7,10,13,15} --total-log2 28;
  done; done"
want kvar && step kvartest ${KVAR_TEST_LIMIT:-300} sh -c "
  for b in ${KVAR_BUILDS:-$B}; do [ -x \$b/tests/test_gpu_bitident ] || continue; echo \"# \$b\";
    WHT_GPU_TEST_ALGOS=${KVA#folklore,} WHT_GPU_TEST_K30=0 WHT_GPU_TEST_SPOT=${KVAR_SPOT:-alman-rao:f32:32,alman-rao:f16:33} \
    \$b/tests/test_gpu_bitident > $O/kvarbi.log 2>&1;
    echo \"# bitident: \$(grep -c '^ok' $O/kvarbi.log) ok, \$(grep -c '^not ok' $O/kvarbi.log) not ok\"; done"
# the H100-tuned settings on this device: L2 chunk (bytes, log2) and lag
# of the single vectors' pairs, the tile of batched rows, the tensor-core
# pair's chunk (ms, medians of 30; each setting a separate wht-bench run)
want tune && step tune ${TUNE_LIMIT:-420} sh -c "
  W=\"$B/experiments/wht-bench --place in\";
  for v in WHT_GPU_L2_CHUNK= WHT_GPU_L2_CHUNK=21 WHT_GPU_L2_CHUNK=22 WHT_GPU_L2_CHUNK=24 WHT_GPU_L2_CHUNK=25 \
           WHT_GPU_L2_LAG=64 WHT_GPU_L2_LAG=512 'WHT_GPU_L2_CHUNK=24 WHT_GPU_L2_LAG=512' WHT_GPU_L2_HINTS=3; do
    echo \"## \$v\"; env \$v \$W --algo folklore,alman-rao --format f32,f16 --log2n 28 | grep -v '^#';
    env \$v \$W --algo folklore --format f64 --log2n 27 | grep -v '^[#a]'; done;
  for v in WHT_GPU_TILE_LOG2= WHT_GPU_TILE_LOG2=12 WHT_GPU_TILE_LOG2=13; do
    echo \"## \$v\"; env \$v \$W --algo folklore --format f32,f16 --log2n 8,10,12,14 --total-log2 28 | grep -v '^#'; done;
  for v in WHT_TC_L2_CHUNK= WHT_TC_L2_CHUNK=21 WHT_TC_L2_CHUNK=22 WHT_TC_L2_CHUNK=0; do
    echo \"## \$v\"; env \$v \$W --algo tensor-core,tensor-core-f16acc --format f16 --log2n 28 | grep -v '^#'; done"
# what the pass kernels wait on (issue 15/16 on this device): stall reasons
# per issued instruction, issue-slot use and the dynamic opcode mix of one
# launch each: folklore f32 and f16 rows of 2^10, tensor-core f16 rows of
# 2^12, folklore f32 2^28's L2-blocked pair
want stalls && step stalls ${STALLS_LIMIT:-300} sh -c "
  for a in ${STALLS_CASES:-folklore:f32:10:18 folklore:f16:10:18 tensor-core:f16:12:16 folklore:f32:28:0}; do
    IFS=:; set -- \$a; unset IFS; echo \"## ncu: \$*\";
    ncu --clock-control none --kernel-name regex:wht__ --launch-skip 1 --launch-count 1 \
      --metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active\\.ratio,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active,sass__inst_executed_per_opcode \
      --print-metric-instances values \
      $B/experiments/wht-bench --algo \$1 --format \$2 --log2n \$3 --batch \$((1 << \$4)) --place in --reps 1 --warmup 1 | grep -v '^#';
  done"
# what each kernel's warp instructions are, by opcode (ncu's
# sass__inst_executed_per_opcode with the opcodes' names; OPCODES_CASES:
# algo:format:log2n:log2batch:skip:count, the launches profiled)
want opcodes && step opcodes ${OPCODES_LIMIT:-300} sh -c "
  for a in ${OPCODES_CASES:-kahan:f32:10:18:1:1 kahan:f16:10:18:1:1 neumaier:f32:10:18:1:1 neumaier:f16:10:18:1:1 folklore:f32:10:18:1:1 kahan:f32:28:0:0:4}; do
    IFS=:; set -- \$a; unset IFS; echo \"## ncu: \$*\";
    ncu --clock-control none --kernel-name regex:wht__ --launch-skip \$5 --launch-count \$6 \
      --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sass__inst_executed_per_opcode,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active \
      --print-metric-instances details \
      $B/experiments/wht-bench --algo \$1 --format \$2 --log2n \$3 --batch \$((1 << \$4)) --place in --reps 1 --warmup 1 | grep -v '^#';
  done"
# issue 15: persistent pass kernels that prefetch their next tile into L2
# (WHT_GPU_PREFETCH=1, the default) against a block per tile (0), two
# interleaved rounds, every algorithm in one wht-bench run per shape
want i15pf && step i15pf ${I15_PF_LIMIT:-420} sh -c "
  W=\"$B/experiments/wht-bench --place in\";
  A=folklore,alman-rao,kahan,neumaier,widened-pass;
  for r in 1 2; do for v in 0 1; do echo \"## WHT_GPU_PREFETCH=\$v (round \$r)\";
    export WHT_GPU_PREFETCH=\$v;
    \$W --algo \$A --format f32,f16 --log2n 28 | grep -v '^#';
    \$W --algo folklore --format f64 --log2n 27 | grep -v '^[#a]';
    \$W --algo \$A --format all --log2n 10 --total-log2 28 | grep -v '^[#a]';
    \$W --algo folklore --format f32 --log2n 7:15 --total-log2 28 | grep -v '^[#a]';
    \$W --algo folklore --format f16 --log2n 7:16 --total-log2 28 | grep -v '^[#a]'; done; done"
# issue 15: folklore's batched rows of 2^7..2^10 f32 (2^8..2^11 f16/bf16,
# 2^6..2^9 f64) in registers (kernels/rows_reg.cuh) against the tiles
# (WHT_GPU_ROWS_REG=0), two interleaved rounds; then its bit-identity under
# compute-sanitizer
want i15reg && step i15reg ${I15_REG_LIMIT:-300} sh -c "
  W=\"$B/experiments/wht-bench --algo folklore --place in\";
  for r in 1 2; do for v in 0 1; do echo \"## WHT_GPU_ROWS_REG=\$v (round \$r)\";
    export WHT_GPU_ROWS_REG=\$v;
    \$W --format f32 --log2n 6:11 --total-log2 28 | grep -v '^#';
    \$W --format f16,bf16 --log2n 7:12 --total-log2 28 | grep -v '^[#a]';
    \$W --format f64 --log2n 5:10 --total-log2 27 | grep -v '^[#a]'; done; done"
want i15reg && step i15regcheck ${I15_REG_CHECK_LIMIT:-200} sh -c "
  WHT_GPU_TEST_ALGOS=folklore WHT_GPU_TEST_MAXK=12 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -3;
  WHT_GPU_TEST_ALGOS=folklore WHT_GPU_TEST_MAXK=12 WHT_GPU_TEST_BIG=0 compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident | tail -3"
# i15blk: folklore's rows of 2^12..2^15 f32 (2^12..2^16 f16, bf16; 2^10..2^14
# f64) by the block kernel of kernels/rows_reg.cuh against the tiles, two
# interleaved rounds of the settings in I15_BLK_VARIANTS (words, each a
# comma list of NAME=VALUE; default the tiles (WHT_GPU_ROWS_BLK=0), eight
# and sixteen vectors a lane (WHT_GPU_ROWS_BLK_W; every format, where it
# fits); a size a setting cannot take runs the default); then folklore's
# bit-identity to k = 26, and to k = 17 with memcheck and racecheck to
# k = 16 under each setting of I15_BLK_CHECKS
BLKV=${I15_BLK_VARIANTS:-WHT_GPU_ROWS_BLK=0 WHT_GPU_ROWS_BLK_W=8 WHT_GPU_ROWS_BLK_W=16}
want i15blk && step i15blk ${I15_BLK_LIMIT:-420} sh -c "
  W=\"$B/experiments/wht-bench --algo folklore --place in\";
  for r in 1 2; do for v in $BLKV; do echo \"## \$v (round \$r)\"; e=\$(echo \$v | tr , ' ');
    env \$e \$W --format f32 --log2n 11:16 --total-log2 28 | grep -v '^#';
    env \$e \$W --format f16,bf16 --log2n 11:17 --total-log2 28 | grep -v '^[#a]';
    env \$e \$W --format f64 --log2n 9:15 --total-log2 27 | grep -v '^[#a]'; done; done"
want i15blk && step i15blkcheck ${I15_BLK_CHECK_LIMIT:-420} sh -c "
  WHT_GPU_TEST_ALGOS=folklore $B/tests/test_gpu_bitident > $O/blkbi.log 2>&1;
  echo \"# default, k = 0..26 and the spot checks: \$(grep -c '^ok' $O/blkbi.log) ok, \$(grep -c '^not ok' $O/blkbi.log) not ok\";
  for v in ${I15_BLK_CHECKS:-WHT_GPU_ROWS_BLK_W=8 WHT_GPU_ROWS_BLK_W=16}; do e=\$(echo \$v | tr , ' ');
    env \$e WHT_GPU_TEST_ALGOS=folklore WHT_GPU_TEST_MAXK=17 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/blkbi.log 2>&1;
    echo \"# \$v, k = 0..17: \$(grep -c '^ok' $O/blkbi.log) ok, \$(grep -c '^not ok' $O/blkbi.log) not ok\"; grep '^not ok' $O/blkbi.log | head -5;
    for tool in memcheck racecheck; do echo \"# \$v \$tool\"; env \$e WHT_GPU_TEST_ALGOS=folklore WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 \
      compute-sanitizer --tool \$tool --error-exitcode 3 $B/tests/test_gpu_bitident | tail -2; done; done"
# i15blkncu: the same rows, one launch each under Nsight Compute, under
# each setting of I15_BLK_NCU: time, warp instructions, issue slots, warps
# active, DRAM throughput
want i15blkncu && step i15blkncu ${I15_BLK_NCU_LIMIT:-300} sh -c "
  for a in ${I15_BLK_NCU_SIZES:-f32:12 f32:13 f32:14 f32:15 f16:12 f16:13 f16:14 f16:15 f16:16}; do
    f=\${a%:*}; k=\${a#*:}; for v in ${I15_BLK_NCU:-WHT_GPU_ROWS_BLK=0 WHT_GPU_ROWS_BLK_W=8}; do echo \"## ncu: \$f \$k \$v\"; e=\$(echo \$v | tr , ' ');
    env \$e ncu --clock-control none --kernel-name regex:wht__ --launch-skip 1 --launch-count 1 \
      --metrics smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum,sm__warps_active.avg.pct_of_peak_sustained_active \
      $B/experiments/wht-bench --algo folklore --format \$f --log2n \$k --batch \$((1 << (28 - \$k))) --place in --reps 1 --warmup 1 | grep -E 'wht__|inst_exec|issue_active|dram__|duration|warps_active'; done;
  done"
# i15comp: kahan's and neumaier's rows in registers (kernels/rows_comp.cuh:
# a warp's for f32 rows of 2^7..2^10, f64 2^6..2^9, a block's for f32
# 2^11..2^14, f64 2^10..2^13; WHT_GPU_ROWS_BLK=0 leaves these to the tiles) against the
# tiles (WHT_GPU_ROWS_REG=0; folklore's rows then take the tiles too, so
# folklore is timed separately under the default) and at three blocks
# per multiprocessor (WHT_GPU_ROWS_COMP_MINB=3) or not (=0), two interleaved rounds of
# I15_COMP_VARIANTS; then kahan's and neumaier's bit-identity to k = 26
# (also under I15_COMP_CHECK_ENV), memcheck and racecheck to k = 14
want i15comp && step i15comp ${I15_COMP_LIMIT:-300} sh -c "
  W=\"$B/experiments/wht-bench --place in\";
  for r in 1 2; do echo \"## folklore (round \$r)\";
    \$W --algo folklore --format f32 --log2n 6:15 --total-log2 28 | grep -v '^#';
    \$W --algo folklore --format f64 --log2n 5:14 --total-log2 27 | grep -v '^[#a]';
    for v in ${I15_COMP_VARIANTS:-WHT_GPU_ROWS_REG=0 WHT_GPU_ROWS_COMP_MINB=0 WHT_GPU_ROWS_COMP_MINB=3}; do echo \"## \$v (round \$r)\"; e=\$(echo \$v | tr , ' ');
    env \$e \$W --algo kahan,neumaier --format f32 --log2n 6:15 --total-log2 28 | grep -v '^[#a]';
    env \$e \$W --algo kahan,neumaier --format f64 --log2n 5:14 --total-log2 27 | grep -v '^[#a]'; done; done"
want i15comp && step i15compcheck ${I15_COMP_CHECK_LIMIT:-300} sh -c "
  for v in WHT_GPU_ROWS_REG=1 ${I15_COMP_CHECK_ENV:-}; do e=\$(echo \$v | tr , ' ');
    env \$e WHT_GPU_TEST_ALGOS=kahan,neumaier $B/tests/test_gpu_bitident > $O/compbi.log 2>&1;
    echo \"# \$v: kahan, neumaier, k = 0..26 and the spot checks: \$(grep -c '^ok' $O/compbi.log) ok, \$(grep -c '^not ok' $O/compbi.log) not ok\"; grep '^not ok' $O/compbi.log | head -5; done;
  for tool in memcheck racecheck; do WHT_GPU_TEST_ALGOS=kahan,neumaier WHT_GPU_TEST_MAXK=14 WHT_GPU_TEST_BIG=0 \\
    compute-sanitizer --tool \$tool --error-exitcode 3 $B/tests/test_gpu_bitident | tail -2; done"
# gridvar (issue 10): the thesis grid in one command once per environment
# setting in GRID_VARIANTS (space-separated NAME=VALUE words, e.g.
# "WHT_METRICS_PAIRS=0 WHT_METRICS_PAIRS=1") with BUILD alone: gridab's
# runs (below), each word as "new:NAME=VALUE"
if want gridvar; then
  GRIDAB=$(for v in ${GRID_VARIANTS:-WHT_METRICS_PAIRS=0}; do printf 'new:%s ' "$v"; done)
  GRIDAB_HOST=0 STEPS="${STEPS:-} gridab"
fi
# issue 10: the grid in one command with the build in BASE and the one in
# BUILD (GRIDAB: words "base:ENV" or "new:ENV", ENV a comma list of
# variable settings or empty), the rows compared with the data files and
# the first run's; before them the metrics of eight outputs alone on this
# host's threads (host-speed)
want gridab && [ "${GRIDAB_HOST:-1}" = 1 ] && step gridabhost ${GRIDAB_HOST_LIMIT:-120} sh -c "
  for v in base:16:f32 new:16:f32 base:16:f16 new:16:f16 new:8:f32 new:4:f32; do w=\${v%%:*}; r=\${v#*:}; t=\${r%%:*}; f=\${r#*:};
    bin=$B; [ \$w = base ] && bin=${BASE:-$B};
    echo \"# \$w --threads \$t \$f\"; \$bin/measure/host-speed --threads \$t 25 \$f | grep -E 'metrics'; done"
want gridab && step gridab ${GRIDAB_LIMIT:-560} sh -c "
  export OMP_WAIT_POLICY=passive;
  for r in data/thesis-gpu-h200.h5 data/thesis-blocks-h100.h5; do $B/tests/h5rows --no-timing \$r; done | awk '\$6 >= ${GRID_KLO:-3} && \$6 <= ${GRID_KHI:-25}' | sort > /tmp/ab-old.txt;
  first=; i=0;
  for v in ${GRIDAB:-base: new: new:WHT_SWEEP_DRAW_AHEAD=0}; do
    i=\$((i + 1)); t0=\$(date +%s); bin=$B; [ \${v%%:*} = base ] && bin=${BASE:-$B};
    env \$(echo \${v#*:} | tr , ' ') \$bin/experiments/wht-sweep --algo all --format all --dist ${GRID_DIST:-all} --op all \
      --log2n ${GRID_KLO:-3}:${GRID_KHI:-25} --trials 1 --seed 1 --backend gpu -o $O/gridab\$i.h5 2> $O/gridab\$i.err;
    echo \"# \$v: one command \$(( \$(date +%s) - t0 )) s\"; tail -2 $O/gridab\$i.err;
    $B/tests/h5rows --no-timing $O/gridab\$i.h5 | sort > /tmp/ab-\$i.txt;
    echo \"# rows: \$(wc -l < /tmp/ab-\$i.txt), differing from the data files: \$(diff /tmp/ab-old.txt /tmp/ab-\$i.txt | grep -c '^>')\";
    if [ -z \"\$first\" ]; then first=\$i; continue; fi;
    if [ -s /tmp/ab-\$i.txt ] && cmp -s /tmp/ab-\$first.txt /tmp/ab-\$i.txt; then echo \"ok \$i - \$v: rows identical to the first run's\";
    else echo \"not ok \$i - \$v: rows differ from the first run's\"; fi;
  done"
# the grid's largest sizes in one command (GRID28_K, GRID28_DIST), stopped
# by the step's limit if need be (its last progress line has the ETA)
want grid28 && step grid28 ${GRID28_LIMIT:-560} sh -c "
  export OMP_WAIT_POLICY=passive; t0=\$(date +%s);
  $B/experiments/wht-sweep --algo all --format all --dist ${GRID28_DIST:-all} --op all --log2n ${GRID28_K:-26:28} \
    --trials 1 --seed 1 --backend gpu -o $O/grid28.h5 2> $O/grid28.err;
  echo \"# --log2n ${GRID28_K:-26:28} --dist ${GRID28_DIST:-all}: exit \$?, \$(( \$(date +%s) - t0 )) s\"; tail -3 $O/grid28.err"
want i14pass && step i14passgrid ${I14_GRID_LIMIT:-300} sh -c "
  [ '${POLICY:-passive}' = unset ] || export OMP_WAIT_POLICY=${POLICY:-passive};
  $B/experiments/wht-sweep --algo widened-pass --format all --dist all --op all --log2n 3:25 --trials 1 \
    --seed 1 --backend gpu -o $O/i14grid.h5 2> $O/i14grid.err; tail -2 $O/i14grid.err"
# issue 14: widened-pass under Nsight Compute beside folklore (one pass,
# rows of 2^10 over 2^28 elements), then the data of docs/STABILIZATION.md:
# widened-pass's rows of the stabilization grid (to merge into
# data/stabilization-h100.h5) and the whole speed table again in one run
want i14ncu && step i14ncu ${I14_NCU_LIMIT:-200} sh -c "
  for a in 'folklore f16' 'widened-pass f16' 'widened f16' 'folklore f32' 'widened-pass f32'; do
    set -- \$a; echo \"# ncu: \$*\";
    ncu --clock-control none --kernel-name regex:'wht__pass_kernel|wht__wpass_kernel' --launch-skip 1 --launch-count 1 \
      --section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats \
      --metrics smsp__inst_executed.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,dram__bytes.sum \
      $B/experiments/wht-bench --algo \$1 --format \$2 --log2n 10 --total-log2 28 --place in --reps 1 --warmup 1;
  done"
want i14data && step i14datagrid ${I14_GRID_LIMIT:-200} sh -c "
  [ '${POLICY:-passive}' = unset ] || export OMP_WAIT_POLICY=${POLICY:-passive};
  $B/experiments/wht-sweep --algo widened-pass --format all --dist norm,pmone --op one-way --log2n 4:26:2 --trials 3 \
    --seed 1 --backend gpu -o $O/stab-wp.h5 2> $O/stab-wp.err; tail -2 $O/stab-wp.err"
{ want i14data || want i14bench; } && step i14databench ${I14_BENCH_LIMIT:-300} sh -c "
  A=folklore,kahan,neumaier,alman-rao,kahan-block,neumaier-block,widened,widened-pass;
  $B/experiments/wht-bench --algo \$A --format f32,f16,bf16 --log2n 20,24,28 --place in -o $O/stab-bench.h5;
  $B/experiments/wht-bench --algo \$A --format f64 --log2n 20,24,27 --place in -o $O/stab-bench.h5;
  $B/experiments/wht-bench --algo \$A --format all --log2n 10,15 --total-log2 28 --place in -o $O/stab-bench.h5"
# the L2-blocked pairs' chunk counts by release and acquire (the default)
# or by fences (WHT_GPU_L2_SYNC=0): the GPU tests of every pair
# (folklore's, Alman-Rao's, widened-pass's from k = 20, the tensor cores'
# to k = 22) under the default, also at the tightest lag, then the single
# vectors under both, two rounds
want l2sync && step l2synctest ${L2SYNC_TEST_LIMIT:-400} sh -c "
  for v in WHT_GPU_L2_SYNC=1 WHT_GPU_L2_SYNC=1,WHT_GPU_L2_LAG=0; do e=\$(echo \$v | tr , ' ');
    env \$e WHT_GPU_TEST_ALGOS=folklore,alman-rao,widened-pass WHT_GPU_TEST_MINK=20 $B/tests/test_gpu_bitident > $O/l2sbi.log 2>&1;
    echo \"# \$v: bitident k = 20..26 and the spot checks: \$(grep -c '^ok' $O/l2sbi.log) ok, \$(grep -c '^not ok' $O/l2sbi.log) not ok\"; grep '^not ok' $O/l2sbi.log | head -5;
    env \$e WHT_TC_TEST_KMAX=22 $B/tests/test_tensor_core_gpu > $O/l2stc.log 2>&1;
    echo \"# \$v: tensor-core to k = 22: \$(grep -c '^ok' $O/l2stc.log) ok, \$(grep -c '^not ok' $O/l2stc.log) not ok\"; grep '^not ok' $O/l2stc.log | head -5; done"
want l2sync && step l2sync ${L2SYNC_LIMIT:-400} sh -c "
  for r in 1 2; do for v in 0 1; do echo \"## round \$r: WHT_GPU_L2_SYNC=\$v\"; export WHT_GPU_L2_SYNC=\$v;
    $B/experiments/wht-bench --place in --algo folklore --format f32,f16,bf16 --log2n 26,28,30 | grep -v '^#';
    $B/experiments/wht-bench --place in --algo folklore --format f64 --log2n 25,27 | grep -v '^[#]' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo tensor-core,tensor-core-f16acc --format f16 --log2n 26,28,30 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo alman-rao,widened-pass --format f32,f16 --log2n 28 | grep -v '^#' | grep -v '^algo'; done; done"
# where the partial-sector stores come from: Nsight Compute's source
# counters (per SASS instruction, CSV) of the tensor cores' tile pass of
# rows of 2^15 and widened-pass's f16 block rows of 2^12 (SECTORS_CASES:
# env,algo,format,log2n[,kernels]: over 2^28 elements, the transform's
# kernels, default 1, of its timed run; the CSVs in OUTDIR/sectors.tgz, as
# a lent machine returns few files; experiments/ncu_excess.py lists a
# CSV's instructions with excess sectors or shared-memory wavefronts)
want sectors && step sectors ${SECTORS_LIMIT:-240} sh -c "
  for c in ${SECTORS_CASES:-WHT_TC_SMALL_KMAX=14,tensor-core,f16,15 WHT_GPU_ROWS_PF_BYTES=2097152,widened-pass,f16,12}; do
    set -- \$(echo \$c | tr , ' '); echo \"## \$*\"; n=\$2-\$3-\$4; kn=\${5:-1};
    env \$1 ncu --clock-control none --kernel-name regex:wht__ --launch-skip \$kn --launch-count \$kn --section SourceCounters \
      --metrics gpu__time_duration.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum -o /tmp/sectors-\$n -f \
      $B/experiments/wht-bench --algo \$2 --format \$3 --log2n \$4 --total-log2 28 --place in --reps 1 --warmup 1 > /dev/null;
    ncu -i /tmp/sectors-\$n.ncu-rep --print-details all --section SourceCounters --metrics gpu__time_duration.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum;
    ncu -i /tmp/sectors-\$n.ncu-rep --page source --csv --print-source sass > $O/sectors-\$n.csv 2> $O/sectors-\$n.err;
    echo \"# source page: \$(wc -l < $O/sectors-\$n.csv) lines\"; head -c 600 $O/sectors-\$n.err; done;
  (cd $O && tar czf sectors.tgz sectors-*.csv sectors-*.err && rm -f sectors-*.csv sectors-*.err)"
# issue 14: the rolled pass's column pairs (WHT_GPU_SAR_ROLLED_Q=1, the
# default) against its word rounds (0; the quads and the unrolled pairs
# measured with this step at 2a93caa and after were removed; 0bc36d7 had
# the pairs in f16 and bf16 only): bit-identity on the rolled kernel
# forced (k = 17..22) in each form and at the algorithms' own sizes
# (k = 25..26, spot checks to 2^30) at the build's defaults, racecheck at
# k = 18 in pairs, the timings of kahan-block and widened beside folklore
# in two interleaved rounds (SARQ_VARS: the settings compared, each
# comma-separated); sarqncu for the rolled passes and kahan-block's first
# pass under Nsight Compute: instructions by opcode and stall reasons
SARQ_VARS=${SARQ_VARS:-"WHT_GPU_SAR_ROLLED_Q=1 WHT_GPU_SAR_ROLLED_Q=0"}
want sarq && step sarqtest ${SARQ_TEST_LIMIT:-420} sh -c "
  A=kahan-block,widened;
  for q in 1 0; do
    WHT_GPU_SAR_ROLLED_Q=\$q WHT_GPU_SAR_ROLLED=2 WHT_GPU_TEST_ALGOS=\$A WHT_GPU_TEST_MINK=17 WHT_GPU_TEST_MAXK=22 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/sarqbi.log 2>&1;
    echo \"# WHT_GPU_SAR_ROLLED_Q=\$q forced, k = 17..22: \$(grep -c '^ok' $O/sarqbi.log) ok, \$(grep -c '^not ok' $O/sarqbi.log) not ok\"; grep '^not ok' $O/sarqbi.log | head -5; done;
  WHT_GPU_TEST_ALGOS=\$A WHT_GPU_TEST_MINK=25 WHT_GPU_TEST_K30=0 WHT_GPU_TEST_SPOT=kahan-block:f16:30,kahan-block:f32:29,widened:bf16:30 $B/tests/test_gpu_bitident > $O/sarqbi.log 2>&1;
  echo \"# defaults, k = 25..26 and spot checks: \$(grep -c '^ok' $O/sarqbi.log) ok, \$(grep -c '^not ok' $O/sarqbi.log) not ok\"; grep '^not ok' $O/sarqbi.log | head -5;
  WHT_GPU_SAR_ROLLED_Q=1 WHT_GPU_SAR_ROLLED=2 WHT_GPU_TEST_ALGOS=\$A WHT_GPU_TEST_MINK=18 WHT_GPU_TEST_MAXK=18 WHT_GPU_TEST_BATCH=1 WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident > $O/sarqrc.log 2>&1;
  echo \"# pairs, racecheck k = 18: rc \$?, \$(grep -c '^ok' $O/sarqrc.log) ok; \$(grep 'RACECHECK SUMMARY' $O/sarqrc.log)\""
want sarq && step sarqbench ${SARQ_BENCH_LIMIT:-300} sh -c "
  for r in 1 2; do for v in $SARQ_VARS; do e=\$(echo \$v | tr , ' '); echo \"## round \$r: \$v\";
    env \$e $B/experiments/wht-bench --place in --reps 15 --algo folklore,kahan-block,widened --format f32,f16,bf16 --log2n 24,28 | grep -v '^#'; done; done"
want sarqncu && step sarqncu ${SARQ_NCU_LIMIT:-240} sh -c "
  for a in f16:wht__sar_:2:2:WHT_GPU_SAR_ROLLED_Q=0 f16:wht__sar_:2:2:WHT_GPU_SAR_ROLLED_Q=1 f32:wht__sar_:2:2:WHT_GPU_SAR_ROLLED_Q=0 \
    f32:wht__sar_:2:2:WHT_GPU_SAR_ROLLED_Q=1 f16:wht__rows_comp:1:1:WHT_GPU_SAR_ROLLED_Q=1 f32:wht__rows_comp:1:1:WHT_GPU_SAR_ROLLED_Q=1; do
    IFS=:; set -- \$a; unset IFS; e=\$(echo \$5 | tr , ' '); echo \"## ncu: kahan-block \$1 2^28, \$2 skip \$3 count \$4, \$5\";
    env \$e ncu --clock-control none --kernel-name regex:\$2 --launch-skip \$3 --launch-count \$4 \
      --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,sass__inst_executed_per_opcode,regex:smsp__average_warps_issue_stalled_.*_per_issue_active\\.ratio \
      --print-metric-instances details $B/experiments/wht-bench --algo kahan-block --format \$1 --log2n 28 --place in --reps 1 --warmup 1 | grep -v '^#'; done"
# the packed additions' issue rate by form (experiments/pipe_probe.cu, its
# SASS by opcode), then Nsight Compute's pipe utilization and issue of the
# kernels named in PIPES_CASES (algo:format:log2n:log2batch:kernel
# regex:skip:count; every kernel of the timed run's transform)
PIPES_METRICS='gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,regex:^sm__inst_executed_pipe_[a-z0-9_]*\.avg\.pct_of_peak_sustained_active$,regex:^sm__pipe_[a-z0-9_]*_cycles_active\.avg\.pct_of_peak_sustained_active$,regex:^smsp__average_warps_issue_stalled_(math_pipe_throttle|not_selected|wait|dispatch_stall|long_scoreboard|no_instruction|short_scoreboard|mio_throttle)_per_issue_active\.ratio$'
export PIPES_METRICS
want pipes && step pipes ${PIPES_LIMIT:-300} sh -c "
  $B/experiments/pipe-probe --iters 4096;
  sh experiments/sass_hist.sh $B/experiments/pipe-probe pipe_kernel | awk '\$1 >= 4';
  for c in ${PIPES_CASES:-kahan-block:f16:28:0:wht__rows_comp:1:1 kahan-block:f16:28:0:wht__sar_:2:1 kahan:f16:10:18:wht__rows_comp:1:1 kahan-block:bf16:28:0:wht__rows_comp:1:1 kahan-block:f32:28:0:wht__rows_comp:1:1 folklore:f16:10:18:wht__:1:1}; do
    IFS=:; set -- \$c; unset IFS; echo \"## ncu: \$1 \$2 2^\$3 x 2^\$4, \$5 skip \$6 count \$7\";
    ncu --clock-control none --kernel-name regex:\$5 --launch-skip \$6 --launch-count \$7 --metrics \"\$PIPES_METRICS\" \
      $B/experiments/wht-bench --algo \$1 --format \$2 --log2n \$3 --total-log2 \$((\$3 + \$4)) --place in --reps 1 --warmup 1 | grep -v '^#' | grep -v ' 0\$\\| 0\\.00\$'; done"
# kahan's and kahan-block's 2-byte transposed warp rows at five blocks a
# multiprocessor, x's and e's transposes in turn (WHT_GPU_ROWS_XP_FIVE=1,
# where compensated_err.cuh's tables say; 0 the six blocks' kernel, or
# kahan's four; the tables at a328175 name kahan-block's rows of 2^8 and
# 2^10 only, so the comparison needs a build with wider tables, as build y
# of docs/PERFORMANCE.md had): bit-identity at k = 8..24 in each, racecheck at k = 10,
# 11, then kahan's and kahan-block's 2-byte single vectors of 2^28 and
# rows of 2^8..2^11 over 2^28 beside folklore in two interleaved rounds
want xp5 && step xp5test ${XP5_TEST_LIMIT:-400} sh -c "
  for m in 1 0; do
    WHT_GPU_ROWS_XP_FIVE=\$m WHT_GPU_TEST_ALGOS=kahan,kahan-block WHT_GPU_TEST_MINK=8 WHT_GPU_TEST_MAXK=24 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/xp5bi.log 2>&1;
    echo \"# WHT_GPU_ROWS_XP_FIVE=\$m, k = 8..24: \$(grep -c '^ok' $O/xp5bi.log) ok, \$(grep -c '^not ok' $O/xp5bi.log) not ok\"; grep '^not ok' $O/xp5bi.log | head -5; done;
  WHT_GPU_ROWS_XP_FIVE=1 WHT_GPU_TEST_ALGOS=kahan,kahan-block WHT_GPU_TEST_MINK=10 WHT_GPU_TEST_MAXK=11 WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident > $O/xp5rc.log 2>&1;
  echo \"# WHT_GPU_ROWS_XP_FIVE=1, racecheck k = 10, 11: rc \$?, \$(grep -c '^ok' $O/xp5rc.log) ok; \$(grep 'RACECHECK SUMMARY' $O/xp5rc.log)\""
want xp5 && step xp5bench ${XP5_BENCH_LIMIT:-300} sh -c "
  for r in 1 2; do for m in 1 0; do echo \"## round \$r: WHT_GPU_ROWS_XP_FIVE=\$m\"; export WHT_GPU_ROWS_XP_FIVE=\$m;
    $B/experiments/wht-bench --place in --reps 15 --algo folklore,kahan,kahan-block --format f16,bf16 --log2n 28 | grep -v '^#';
    $B/experiments/wht-bench --place in --reps 15 --algo folklore,kahan,kahan-block --format f16,bf16 --log2n 8,9,10,11 --total-log2 28 | grep -v '^#' | grep -v '^algo'; done; done"
# ... and the build's defaults (xp5def): bit-identity of kahan and
# kahan-block from k = 8 with spot checks to 2^30, memcheck at k = 8..11
want xp5def && step xp5def ${XP5_TEST_LIMIT:-400} sh -c "
  WHT_GPU_TEST_ALGOS=kahan,kahan-block WHT_GPU_TEST_MINK=8 WHT_GPU_TEST_K30=0 WHT_GPU_TEST_SPOT=kahan-block:f16:30,kahan-block:bf16:29 $B/tests/test_gpu_bitident > $O/xp5bi.log 2>&1;
  echo \"# defaults, k = 8..26 and spot checks: \$(grep -c '^ok' $O/xp5bi.log) ok, \$(grep -c '^not ok' $O/xp5bi.log) not ok\"; grep '^not ok' $O/xp5bi.log | head -5;
  WHT_GPU_TEST_ALGOS=kahan-block WHT_GPU_TEST_MINK=8 WHT_GPU_TEST_MAXK=11 WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident > $O/xp5mc.log 2>&1;
  echo \"# memcheck k = 8..11: rc \$?, \$(grep -c '^ok' $O/xp5mc.log) ok; \$(grep 'ERROR SUMMARY' $O/xp5mc.log)\""
# the 2-byte rows and single vectors in two builds, BASE and BUILD, three
# interleaved rounds (the 2-byte warp rows' vector stores and the pair
# words' permutes: the timings of docs/PERFORMANCE.md), then the sanitizers
# on the compensated and folklore rows of BUILD
want pairab && step pairab ${PAIRAB_LIMIT:-400} sh -c "
  for r in 1 2 3; do for b in ${BASE:-_build-base} $B; do echo \"## round \$r: \$b rows\";
    \$b/experiments/wht-bench --place in --reps 15 --total-log2 28 --algo folklore,kahan,kahan-block,neumaier,neumaier-block --format f16,bf16 --log2n 7:16 | grep -v '^#';
    echo \"## round \$r: \$b single\";
    \$b/experiments/wht-bench --place in --reps 15 --algo folklore,alman-rao,kahan,kahan-block,neumaier,neumaier-block,widened,widened-pass --format f16,bf16 --log2n 24,28 | grep -v '^#';
  done; done"
want pairab && step pairabsan ${PAIRAB_SAN_LIMIT:-300} sh -c "
  WHT_GPU_TEST_ALGOS=kahan,kahan-block,neumaier,neumaier-block,folklore WHT_GPU_TEST_MINK=7 WHT_GPU_TEST_MAXK=15 WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident > $O/pairabmc.log 2>&1;
  echo \"# memcheck k = 7..15: rc \$?, \$(grep -c '^ok' $O/pairabmc.log) ok; \$(grep 'ERROR SUMMARY' $O/pairabmc.log)\";
  WHT_GPU_TEST_ALGOS=kahan,kahan-block,neumaier,neumaier-block WHT_GPU_TEST_MINK=7 WHT_GPU_TEST_MAXK=13 WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool racecheck --error-exitcode 3 $B/tests/test_gpu_bitident > $O/pairabrc.log 2>&1;
  echo \"# racecheck k = 7..13: rc \$?, \$(grep -c '^ok' $O/pairabrc.log) ok; \$(grep 'RACECHECK SUMMARY' $O/pairabrc.log)\""
# the tensor cores' rows of 2^15 copied in by the bulk-copy engine
# (tensor_core_bulk.cuh) under TCBULK_VARIANTS (WHT_TC_X15_BULK = 4 or 1
# pieces, 0 the exchange kernel's own loads; WHT_TC_PF_AHEAD the rows
# asked of L2 ahead): the tests to k = 16 (400 rows of 2^15 among them)
# under the first TCBULK_TESTS of them, memcheck, racecheck and synccheck
# under the first, then three interleaved rounds of rows of 2^14 (the
# control) and 2^15 under each, and (tcbulkncu) their profile
TCBULK_VARIANTS=${TCBULK_VARIANTS:-WHT_TC_X15_BULK=4 WHT_TC_X15_BULK=1 WHT_TC_X15_BULK=4,WHT_TC_PF_AHEAD=0 WHT_TC_X15_BULK=4,WHT_TC_PF_AHEAD=32 WHT_TC_X15_BULK=0}
want tcbulk && step tcbulktest ${TCBULK_TEST_LIMIT:-420} sh -c "
  for v in \$(echo $TCBULK_VARIANTS | cut -d' ' -f1-${TCBULK_TESTS:-2}); do echo \"## \$v\"; env \$(echo \$v | tr , ' ') WHT_TC_TEST_KMAX=16 $B/tests/test_tensor_core_gpu | grep -v '^ok'; done;
  v1=\$(echo $TCBULK_VARIANTS | cut -d' ' -f1 | tr , ' ');
  for t in memcheck racecheck synccheck; do echo \"## \$t \$v1\";
    env \$v1 WHT_TC_TEST_KMAX=15 compute-sanitizer --tool \$t --error-exitcode 3 $B/tests/test_tensor_core_gpu > $O/tcbulk_\$t.log 2>&1;
    echo \"rc \$?, \$(grep -c '^ok' $O/tcbulk_\$t.log) ok\"; tail -1 $O/tcbulk_\$t.log; done"
want tcbulk && step tcbulk ${TCBULK_LIMIT:-300} sh -c "
  for r in 1 2 3; do for v in $TCBULK_VARIANTS; do echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --total-log2 28 --algo tensor-core,tensor-core-f16acc --format f16,bf16 \
      --log2n 14:15 | grep -v '^#'; done; done"
want tcbulkncu && step tcbulkncu ${TCBULK_NCU_LIMIT:-300} sh -c "
  export PATH=/usr/local/cuda/bin:\$PATH;
  for v in ${TCBULK_NCU_VARIANTS:-WHT_TC_X15_BULK=4 WHT_TC_X15_BULK=0}; do echo \"## ncu \$v\"; env \$(echo \$v | tr , ' ') ncu --clock-control none \
    --kernel-name regex:'wht__tc_(bulk|x12)' --launch-skip 1 --launch-count 1 --metrics gpu__time_duration.sum,smsp__inst_executed.sum,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum \
    $B/experiments/wht-bench --algo tensor-core --format f16 --log2n 15 --total-log2 28 --place in --reps 2 --warmup 1 | grep -E 'wht__tc|duration|inst_exec|warps_active|issue_active|bank|stalled|dram'; done"
# the tensor-core tests at the build's defaults (tcbulkdeftest; then to
# k = 16 with the bulk-copy rows' grid capped at 7 blocks, so every block
# runs its loop over further rows and its mbarriers' later phases), then
# two interleaved rounds of folklore and the tensor cores' rows of
# 2^7..2^16, f16 and bf16, with rows of 2^15 copied in by the bulk-copy
# engine (the default) and by the exchange kernel's own loads
want tcbulkdef && step tcbulkdeftest ${TCBULKDEF_TEST_LIMIT:-300} sh -c "
  $B/tests/test_tensor_core_gpu | grep -v '^ok'; $B/tests/test_tensor_core_gpu10 | grep -v '^ok';
  echo '## WHT_TC_X15_GRID=7'; WHT_TC_X15_GRID=7 WHT_TC_TEST_KMAX=16 $B/tests/test_tensor_core_gpu | grep -v '^ok'"
want tcbulkdef && step tcbulkdef ${TCBULKDEF_LIMIT:-240} sh -c "
  for r in 1 2; do for v in WHT_TC_X15_BULK=4 WHT_TC_X15_BULK=0; do echo \"## round \$r: \$v\";
    env \$v $B/experiments/wht-bench --place in --total-log2 28 --algo folklore,tensor-core,tensor-core-f16acc --format f16,bf16 \
      --log2n 7:16 | grep -v '^#'; done; done"
# whether rows of 64 and 128 KB lose their excess over the add-one kernel
# in the last, partly filled wave of blocks: 2^28 elements' rows against
# the row counts that fill whole waves just below and above (WAVES_SMS
# multiprocessors, default the H200's and H100's 132; three blocks of a
# row each for the tensor cores' rows of 2^15, one for folklore's f32
# rows of 2^15 and 2-byte rows of 2^16), three interleaved rounds; then
# (wavesgrid) the tensor cores' rows of 2^15 on persistent grids of
# WAVESGRID_VARIANTS (WHT_TC_X15_GRID blocks, L2 asked WHT_TC_PF_AHEAD
# rows on)
S3=$(( ${WAVES_SMS:-132} * 3 )); S1=${WAVES_SMS:-132}
want waves && step waves ${WAVES_LIMIT:-300} sh -c "
  for r in 1 2 3; do echo \"## round \$r\";
    $B/experiments/wht-bench --place in --algo tensor-core --format f16 --log2n 15 --batch $((S3 * 20)),8192,$((S3 * 21)) | grep -v '^#';
    $B/experiments/wht-bench --place in --algo folklore --format f32 --log2n 15 --batch $((S1 * 15)),2048,$((S1 * 16)) | grep -v '^#';
    $B/experiments/wht-bench --place in --algo folklore --format f16 --log2n 16 --batch $((S1 * 15)),2048,$((S1 * 16)) | grep -v '^#'; done"
WAVESGRID_VARIANTS=${WAVESGRID_VARIANTS:-WHT_TC_X15_GRID=0 WHT_TC_X15_GRID=$S3,WHT_TC_PF_AHEAD=$S3 WHT_TC_X15_GRID=$S3,WHT_TC_PF_AHEAD=32 WHT_TC_X15_GRID=$((S3 * 2)),WHT_TC_PF_AHEAD=$((S3 * 2))}
want wavesgrid && step wavesgrid ${WAVESGRID_LIMIT:-240} sh -c "
  for r in 1 2 3; do for v in $WAVESGRID_VARIANTS; do echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --total-log2 28 --algo tensor-core --format f16 --log2n 14:15 | grep -v '^#'; done; done"
# the same rows' excess over the add-one kernel against the total size
# (2^25..2^30 elements, two rounds): a fixed cost a call (the blocks'
# first and last rows) falls as 1/N, a cost a row stays
want rowsn && step rowsn ${ROWSN_LIMIT:-300} sh -c "
  for r in 1 2; do for t in 25 26 27 28 29 30; do echo \"## round \$r: 2^\$t elements\";
    $B/experiments/wht-bench --place in --total-log2 \$t --algo folklore --format f32 --log2n 13:15 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --total-log2 \$t --algo folklore --format f16 --log2n 15:16 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --total-log2 \$t --algo tensor-core --format f16 --log2n 14:15 | grep -v '^#' | grep -v '^algo'; done; done"
# the same rows in one to eight waves of resident blocks (ROWSLAT_SMS
# multiprocessors, default 132; folklore's 128 KB rows one block a
# multiprocessor, the tensor cores' rows of 2^15 three): a call of one
# wave takes about a row's latency, so the cost a call is seen against
# the add-one kernel of the same bytes
L1=${ROWSLAT_SMS:-132}; L3=$(( ${ROWSLAT_SMS:-132} * 3 ))
want rowslat && step rowslat ${ROWSLAT_LIMIT:-200} sh -c "
  for r in 1 2; do echo \"## round \$r\";
    $B/experiments/wht-bench --place in --algo folklore --format f32 --log2n 15 --batch $L1,$((L1 * 2)),$((L1 * 4)),$((L1 * 8)) | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo folklore --format f16 --log2n 16 --batch $L1,$((L1 * 2)),$((L1 * 4)),$((L1 * 8)) | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo tensor-core --format f16 --log2n 15 --batch $L3,$((L3 * 2)),$((L3 * 4)),$((L3 * 8)) | grep -v '^#' | grep -v '^algo'; done"
# the stagger (rows_reg.cuh's wht__rows_stagger: block b of the first
# wave sleeping (b mod G) D ns first, WHT_GPU_ROWS_STAGGER = D,
# WHT_GPU_ROWS_STAGGER_G = G) for folklore's block rows (also the first
# pass of its single vectors; the tensor cores' rows of 2^15, measured
# with it in 2bd9c51's tree, have none): the
# tests under D = 1000 (folklore's rows of 2^13..2^16 in every format,
# memcheck at 2^15, 2^16; the tensor-core tests to k = 16), then
# (stagger) three interleaved rounds at 2^26 and 2^28 elements under each
# of STAGGER_VARIANTS, and (staggerall) two of every rows size and the
# single vectors of 2^28 under STAGGER_ALL
STAGGER_VARIANTS=${STAGGER_VARIANTS:-WHT_GPU_ROWS_STAGGER=0 WHT_GPU_ROWS_STAGGER=1000 WHT_GPU_ROWS_STAGGER=2000 WHT_GPU_ROWS_STAGGER=3000 WHT_GPU_ROWS_STAGGER=500,WHT_GPU_ROWS_STAGGER_G=8 WHT_GPU_ROWS_STAGGER=1000,WHT_GPU_ROWS_STAGGER_G=8 WHT_GPU_ROWS_STAGGER=500,WHT_GPU_ROWS_STAGGER_G=16}
STAGGER_ALL=${STAGGER_ALL:-WHT_GPU_ROWS_STAGGER=0 WHT_GPU_ROWS_STAGGER=1000 WHT_GPU_ROWS_STAGGER=2000}
want stagger && step staggertest ${STAGGER_TEST_LIMIT:-300} sh -c "
  export WHT_GPU_ROWS_STAGGER=1000;
  WHT_GPU_TEST_ALGOS=folklore WHT_GPU_TEST_MINK=13 WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/stagbi.log 2>&1;
  echo \"# folklore k = 13..16: \$(grep -c '^ok' $O/stagbi.log) ok, \$(grep -c '^not ok' $O/stagbi.log) not ok\"; grep '^not ok' $O/stagbi.log | head -5;
  WHT_GPU_TEST_ALGOS=folklore WHT_GPU_TEST_MINK=15 WHT_GPU_TEST_MAXK=16 WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident > $O/stagmc.log 2>&1;
  echo \"# memcheck k = 15, 16: rc \$?, \$(grep -c '^ok' $O/stagmc.log) ok; \$(grep 'ERROR SUMMARY' $O/stagmc.log)\";
  echo '## tensor-core'; WHT_TC_TEST_KMAX=16 $B/tests/test_tensor_core_gpu | grep -v '^ok'"
want stagger && step stagger ${STAGGER_LIMIT:-400} sh -c "
  for r in 1 2 3; do for t in 26 28; do for v in $STAGGER_VARIANTS; do echo \"## round \$r: 2^\$t elements, \$v\";
    export WHT_GPU_ROWS_STAGGER_G=4 \$(echo \$v | tr , ' ');
    $B/experiments/wht-bench --place in --total-log2 \$t --algo folklore --format f32 --log2n 14:15 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --total-log2 \$t --algo folklore --format f16 --log2n 15:16 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --total-log2 \$t --algo tensor-core --format f16 --log2n 15 | grep -v '^#' | grep -v '^algo'; done; done; done"
want staggerall && step staggerall ${STAGGER_ALL_LIMIT:-400} sh -c "
  for r in 1 2; do for v in $STAGGER_ALL; do echo \"## round \$r: \$v\"; export \$(echo \$v | tr , ' ');
    $B/experiments/wht-bench --place in --total-log2 28 --algo folklore --format f32 --log2n 7:15 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --total-log2 28 --algo folklore,tensor-core --format f16,bf16 --log2n 7:16 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo folklore,alman-rao,kahan-block,widened-pass --format f32,f16,bf16 --log2n 28 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo folklore --format f64 --log2n 27 | grep -v '^#' | grep -v '^algo';
    $B/experiments/wht-bench --place in --algo folklore,tensor-core --format f16 --log2n 30 | grep -v '^#' | grep -v '^algo'; done; done"
# the stagger at the build's defaults (staggerdef): folklore's
# bit-identity at every k and format with the spot checks, the
# tensor-core tests, then two interleaved rounds of folklore's rows of
# 2^12..2^16 over 2^28 elements by default and with WHT_GPU_ROWS_STAGGER=0
want staggerdef && step staggerdeftest ${STAGGERDEF_TEST_LIMIT:-400} sh -c "
  WHT_GPU_TEST_ALGOS=folklore $B/tests/test_gpu_bitident > $O/stagdefbi.log 2>&1;
  echo \"# folklore, defaults: \$(grep -c '^ok' $O/stagdefbi.log) ok, \$(grep -c '^not ok' $O/stagdefbi.log) not ok\"; grep '^not ok' $O/stagdefbi.log | head -5;
  $B/tests/test_tensor_core_gpu | grep -v '^ok'"
want staggerdef && step staggerdef ${STAGGERDEF_LIMIT:-300} sh -c "
  for r in 1 2; do for v in default WHT_GPU_ROWS_STAGGER=0; do echo \"## round \$r: \$v\";
    env \$([ \$v = default ] || echo \$v) $B/experiments/wht-bench --place in --total-log2 28 --algo folklore --format f32,f16,bf16 --log2n 12:16 | grep -v '^#' | grep -v '^algo'; done; done"
# the stagger on Alman-Rao's block rows (rows_ar_blk.cuh; also the
# block algorithms on its schedule and the first pass of their single
# vectors): their tests by default, then two interleaved rounds by default
# and with WHT_GPU_ROWS_STAGGER=0 of their rows of 2^12..2^16 and single
# vectors of 2^28 beside folklore's
want staggerar && step staggerartest ${STAGGERAR_TEST_LIMIT:-400} sh -c "
  WHT_GPU_TEST_ALGOS=alman-rao,kahan-block,neumaier-block,widened WHT_GPU_TEST_MINK=12 WHT_GPU_TEST_MAXK=24 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/stagarbi.log 2>&1;
  echo \"# alman-rao and the block algorithms, k = 12..24: \$(grep -c '^ok' $O/stagarbi.log) ok, \$(grep -c '^not ok' $O/stagarbi.log) not ok\"; grep '^not ok' $O/stagarbi.log | head -5"
want staggerar && step staggerar ${STAGGERAR_LIMIT:-300} sh -c "
  for r in 1 2; do for v in default WHT_GPU_ROWS_STAGGER=0; do echo \"## round \$r: \$v\"; e=\$([ \$v = default ] || echo \$v);
    env \$e $B/experiments/wht-bench --place in --total-log2 28 --algo folklore,alman-rao,kahan-block --format f32,f16 --log2n 12:16 | grep -v '^#' | grep -v '^algo';
    env \$e $B/experiments/wht-bench --place in --algo folklore,alman-rao,kahan-block,widened-pass --format f32,f16,bf16 --log2n 28 | grep -v '^#' | grep -v '^algo'; done; done"
# the block rows' look-ahead (WHT_GPU_ROWS_PF_BYTES) again now that the
# first wave starts apart (its 2 MiB were chosen with the waves in step):
# three interleaved rounds of folklore's and Alman-Rao's rows of 2^14..2^16
# over 2^28 elements under each of STAGPF_VARIANTS
STAGPF_VARIANTS=${STAGPF_VARIANTS:-WHT_GPU_ROWS_PF_BYTES=2097152 WHT_GPU_ROWS_PF_BYTES=1048576 WHT_GPU_ROWS_PF_BYTES=4194304 WHT_GPU_ROWS_PF_BYTES=8388608 WHT_GPU_ROWS_PF_BYTES=4194304,WHT_GPU_ROWS_STAGGER=2000 WHT_GPU_ROWS_PF_BYTES=2097152,WHT_GPU_ROWS_STAGGER=0}
want stagpf && step stagpf ${STAGPF_LIMIT:-300} sh -c "
  for r in 1 2 3; do for v in $STAGPF_VARIANTS; do echo \"## round \$r: \$v\";
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --total-log2 28 --algo folklore,alman-rao --format f32 --log2n 14:15 | grep -v '^#' | grep -v '^algo';
    env \$(echo \$v | tr , ' ') $B/experiments/wht-bench --place in --total-log2 28 --algo folklore,alman-rao --format f16 --log2n 15:16 | grep -v '^#' | grep -v '^algo'; done; done"
# Alman-Rao's block rows' own look-ahead (WHT_GPU_SAR_BLK_PF_BYTES, 4 MiB
# by default, against folklore's 2 MiB): bit-identity of the algorithms
# on them at k = 12..20 by default, then two interleaved rounds of
# Alman-Rao's rows of 2^12..2^16 over 2^28 elements and the single vectors
# of 2^28 whose first pass they are, by default and at 2 MiB
want sarpf && step sarpftest ${SARPF_TEST_LIMIT:-300} sh -c "
  WHT_GPU_TEST_ALGOS=alman-rao,kahan-block,neumaier-block,widened WHT_GPU_TEST_MINK=12 WHT_GPU_TEST_MAXK=20 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/sarpfbi.log 2>&1;
  echo \"# k = 12..20: \$(grep -c '^ok' $O/sarpfbi.log) ok, \$(grep -c '^not ok' $O/sarpfbi.log) not ok\"; grep '^not ok' $O/sarpfbi.log | head -5"
want sarpf && step sarpf ${SARPF_LIMIT:-300} sh -c "
  for r in 1 2; do for v in default WHT_GPU_SAR_BLK_PF_BYTES=2097152; do echo \"## round \$r: \$v\"; e=\$([ \$v = default ] || echo \$v);
    env \$e $B/experiments/wht-bench --place in --total-log2 28 --algo alman-rao --format f32,f16,bf16 --log2n 12:16 | grep -v '^#' | grep -v '^algo';
    env \$e $B/experiments/wht-bench --place in --algo alman-rao,kahan-block,widened-pass --format f32,f16,bf16 --log2n 28 | grep -v '^#' | grep -v '^algo'; done; done"
# what is left of folklore's rows of 128 KB after the stagger (f32 2^15,
# f16 and bf16 2^16; f16 2^15 and f32 2^14 the controls): Nsight Compute
# on the rows kernel, by default and with WHT_GPU_ROWS_STAGGER=0, one
# launch over 2^28 elements: issue, stalls, the multiprocessors' active
# cycles, DRAM and L2
want rows128ncu && step rows128ncu ${ROWS128NCU_LIMIT:-300} sh -c "
  export PATH=/usr/local/cuda/bin:\$PATH;
  for c in f32:15 f16:16 bf16:16 f16:15 f32:14; do for v in default WHT_GPU_ROWS_STAGGER=0; do echo \"## ncu folklore \$c \$v\";
    env \$([ \$v = default ] || echo \$v) ncu --clock-control none --kernel-name regex:wht__rows --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,sm__cycles_active.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sector_hit_rate.pct,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_wait_per_issue_active.ratio,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_not_selected_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio,launch__registers_per_thread,launch__grid_size \
    $B/experiments/wht-bench --algo folklore --format \${c%:*} --log2n \${c#*:} --total-log2 28 --place in --reps 1 --warmup 1 | grep -E 'wht__|duration|inst_exec|issue_active|warps_active|dram__|lts__|stalled|registers|grid_size';
    env \$([ \$v = default ] || echo \$v) ncu --clock-control none --kernel-name regex:wht__rows --launch-skip 1 --launch-count 1 \
    --metrics sm__cycles_active.avg.pct_of_peak_sustained_elapsed,smsp__average_warps_issue_stalled_sleeping_per_issue_active.ratio,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read.sum \
    $B/experiments/wht-bench --algo folklore --format \${c%:*} --log2n \${c#*:} --total-log2 28 --place in --reps 1 --warmup 1 | grep -E 'cycles_active|stalled|lts__|rror'; done; done"
# neumaier's and neumaier-block's bf16 rows in a warp's registers at two
# blocks of 256 a multiprocessor (rows_comp.cuh's wht__rows_comp_kernel2,
# compensated_err.cuh's rows_two) against the tiles (WHT_GPU_ROWS_REG=0):
# their bit-identity at k = 6..13 in every format, memcheck at k =
# 8..11 (nmbftest), then three interleaved rounds and Nsight Compute on
# the rows of 2^10 (nmbf)
want nmbf && step nmbftest ${NMBF_TEST_LIMIT:-300} sh -c "
  WHT_GPU_TEST_ALGOS=neumaier,neumaier-block WHT_GPU_TEST_MINK=6 WHT_GPU_TEST_MAXK=13 WHT_GPU_TEST_BIG=0 $B/tests/test_gpu_bitident > $O/nmbfbi.log 2>&1;
  echo \"# neumaier and neumaier-block k = 6..13: \$(grep -c '^ok' $O/nmbfbi.log) ok, \$(grep -c '^not ok' $O/nmbfbi.log) not ok\"; grep '^not ok' $O/nmbfbi.log | head -5;
  WHT_GPU_TEST_ALGOS=neumaier,neumaier-block WHT_GPU_TEST_MINK=8 WHT_GPU_TEST_MAXK=11 WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool memcheck --error-exitcode 3 $B/tests/test_gpu_bitident > $O/nmbfbi.log 2>&1;
  echo \"# memcheck k = 8..11: rc \$?, \$(grep -c '^ok' $O/nmbfbi.log) ok; \$(grep 'ERROR SUMMARY' $O/nmbfbi.log)\"; rm -f $O/nmbfbi.log"
want nmbf && step nmbf ${NMBF_LIMIT:-300} sh -c "
  for r in 1 2 3; do for v in 1 0; do echo \"## round \$r: WHT_GPU_ROWS_REG=\$v\";
    WHT_GPU_ROWS_REG=\$v $B/experiments/wht-bench --place in --total-log2 28 --algo neumaier,neumaier-block --format bf16,f16 --log2n 8:11 | grep -v '^#' | grep -v '^algo'; done; done;
  export PATH=/usr/local/cuda/bin:\$PATH;
  for v in 1 0; do echo \"## ncu neumaier bf16 rows of 2^10, WHT_GPU_ROWS_REG=\$v\"; WHT_GPU_ROWS_REG=\$v ncu --clock-control none --kernel-name regex:wht__ --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio,smsp__average_warps_issue_stalled_math_pipe_throttle_per_issue_active.ratio,launch__registers_per_thread \
    $B/experiments/wht-bench --algo neumaier --format bf16 --log2n 10 --total-log2 28 --place in --reps 1 --warmup 1 | grep -E 'wht__|duration|inst_exec|issue_active|warps_active|stalled|registers'; done"
# neumaier's third recovery as A' - S (compensated_err.cuh): the
# compensated algorithms' bit-identity at every k and format with the spot
# checks, memcheck at k = 8..11, 15, 16 (nmr3test), then three interleaved
# rounds of BASE (the build before it) and BUILD: neumaier's and
# neumaier-block's rows of 2^8..2^11 over 2^28 elements (f64 2^10),
# neumaier's single vectors of 2^28, and Nsight Compute's instructions and
# issue on neumaier's rows of 2^10 (nmr3)
want nmr3 && step nmr3test ${NMR3_TEST_LIMIT:-500} sh -c "
  for b in ${NMR3_TEST_BUILDS:-$B}; do echo \"## \$b\";
  WHT_GPU_TEST_ALGOS=neumaier,neumaier-block,kahan,kahan-block \$b/tests/test_gpu_bitident > $O/nmr3bi.log 2>&1;
  echo \"# compensated, every k: \$(grep -c '^ok' $O/nmr3bi.log) ok, \$(grep -c '^not ok' $O/nmr3bi.log) not ok\"; grep '^not ok' $O/nmr3bi.log | head -5;
  for r in 8:11 15:16; do WHT_GPU_TEST_ALGOS=neumaier,neumaier-block WHT_GPU_TEST_MINK=\${r%:*} WHT_GPU_TEST_MAXK=\${r#*:} WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool memcheck --error-exitcode 3 \$b/tests/test_gpu_bitident > $O/nmr3bi.log 2>&1;
  echo \"# memcheck k = \$r: rc \$?, \$(grep -c '^ok' $O/nmr3bi.log) ok; \$(grep 'ERROR SUMMARY' $O/nmr3bi.log)\"; done; done; rm -f $O/nmr3bi.log"
want nmr3 && step nmr3 ${NMR3_LIMIT:-500} sh -c "
  for r in 1 2 3; do for b in ${NMR3_BUILDS:-${BASE:-_build-base} $B}; do echo \"## round \$r: \$b\";
    \$b/experiments/wht-bench --place in --total-log2 28 --algo neumaier,neumaier-block${NMR3_ALSO:-} --format f32,f16,bf16 --log2n 8:11 | grep -v '^#' | grep -v '^algo';
    \$b/experiments/wht-bench --place in --total-log2 28 --algo neumaier,neumaier-block${NMR3_ALSO:-} --format f64 --log2n 10 | grep -v '^#' | grep -v '^algo';
    \$b/experiments/wht-bench --place in --algo neumaier${NMR3_ALSO:+,neumaier-block$NMR3_ALSO} --format f32,f16,bf16 --log2n 28 | grep -v '^#' | grep -v '^algo'; done; done;
  export PATH=/usr/local/cuda/bin:\$PATH;
  for c in f32 f16 bf16; do for b in ${NMR3_BUILDS:-${BASE:-_build-base} $B}; do echo \"## ncu neumaier \$c rows of 2^10, \$b\"; ncu --clock-control none --kernel-name regex:wht__ --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,launch__registers_per_thread \
    \$b/experiments/wht-bench --algo neumaier --format \$c --log2n 10 --total-log2 28 --place in --reps 1 --warmup 1 | grep -E 'wht__|duration|inst_exec|issue_active|warps_active|pipe|registers'; done; done"
# the static SASS of neumaier's rows of 2^10 (f32, f16, bf16) in each of NMR3_BUILDS
want nmr3sass && step nmr3sass 120 sh -c "
  for b in ${NMR3_BUILDS:-${BASE:-_build-base} $B}; do echo \"## \$b\";
    sh experiments/sass_hist.sh \$b/experiments/wht-bench 'wht__rows_comp_(xp_kernelI13wht__f32_ops17wht__neumaier_errLj10ELj1E|kernel3I12wht__f16_ops17wht__neumaier_errLj10E|kernel2I13wht__bf16_ops17wht__neumaier_errLj10E)' | awk '\$1 >= 16'; done"
# neumaier's pair recoveries with their terms chosen first
# (compensated_err.cuh's WHT_NM_PAIR_OPERANDS builds): neumaier's and
# neumaier-block's bit-identity at every k and format with the spot checks,
# memcheck at k = 8..11 and 15, 16, racecheck at k = 8..10, for each of
# NMOPS_TEST_BUILDS (nmopstest); three interleaved rounds of each of
# NMOPS_BUILDS (default BASE and BUILD): neumaier's and neumaier-block's
# f16 and bf16 rows of 2^8..2^15 over 2^28 elements and single vectors of
# 2^28, folklore f16 rows of 2^10 beside them, then Nsight Compute's time,
# instructions, issue, pipes and registers on the rows of 2^10 (nmops);
# the static SASS opcodes of the transposed rows of 2^10 (nmopssass)
want nmopstest && step nmopstest ${NMOPS_TEST_LIMIT:-560} sh -c "
  for b in ${NMOPS_TEST_BUILDS:-$B}; do echo \"## \$b\";
  WHT_GPU_TEST_ALGOS=neumaier,neumaier-block \$b/tests/test_gpu_bitident > $O/nmopsbi.log 2>&1;
  echo \"# neumaier, neumaier-block, every k: \$(grep -c '^ok' $O/nmopsbi.log) ok, \$(grep -c '^not ok' $O/nmopsbi.log) not ok\"; grep '^not ok' $O/nmopsbi.log | head -5;
  for t in memcheck:8:11 memcheck:15:16 racecheck:8:10; do k=\${t#*:};
  WHT_GPU_TEST_ALGOS=neumaier,neumaier-block WHT_GPU_TEST_MINK=\${k%:*} WHT_GPU_TEST_MAXK=\${k#*:} WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool \${t%%:*} --error-exitcode 3 \$b/tests/test_gpu_bitident > $O/nmopsbi.log 2>&1;
  echo \"# \${t%%:*} k = \$k: rc \$?, \$(grep -c '^ok' $O/nmopsbi.log) ok; \$(grep 'ERROR SUMMARY\\|RACECHECK SUMMARY' $O/nmopsbi.log)\"; done; done; rm -f $O/nmopsbi.log"
want nmops && step nmops ${NMOPS_LIMIT:-420} sh -c "
  for r in 1 2 3; do for b in ${NMOPS_BUILDS:-$BASE $B}; do echo \"## round \$r: \$b\";
    \$b/experiments/wht-bench --place in --total-log2 28 --algo neumaier,neumaier-block --format f16,bf16 --log2n 8:15 | grep -v '^#' | grep -v '^algo';
    \$b/experiments/wht-bench --place in --algo neumaier,neumaier-block --format f16,bf16 --log2n 28 | grep -v '^#' | grep -v '^algo'; done;
    $B/experiments/wht-bench --place in --total-log2 28 --algo folklore --format f16 --log2n 10 | grep -v '^#' | grep -v '^algo'; done;
  export PATH=/usr/local/cuda/bin:\$PATH;
  for a in neumaier neumaier-block; do for c in f16 bf16; do for b in ${NMOPS_BUILDS:-$BASE $B}; do echo \"## ncu \$a \$c rows of 2^10, \$b\"; ncu --clock-control none --kernel-name regex:wht__ --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,launch__registers_per_thread \
    \$b/experiments/wht-bench --algo \$a --format \$c --log2n 10 --total-log2 28 --place in --reps 1 --warmup 1 | grep -E 'wht__|duration|inst_exec|issue_active|warps_active|pipe|registers'; done; done; done"
want opcal && step opcal 120 sh -c "
  export PATH=/usr/local/cuda/bin:\$PATH; cuobjdump -sass ${OPCAL_BUILD:-$B}/experiments/wht-bench |
  python3 experiments/cubin_text.py --calibrate /dev/stdin > $O/opcal.txt; rc=\$?; grep -v ' ok\$' $O/opcal.txt; exit \$rc"
want nmopssass && step nmopssass 120 sh -c "
  export PATH=/usr/local/cuda/bin:\$PATH; for b in ${NMOPS_BUILDS:-$BASE $B}; do echo \"## \$b\";
    sh experiments/sass_hist.sh \$b/experiments/wht-bench 'wht__rows_comp_xp_kernelI1[23]wht__b?f16_ops(17wht__neumaier_err|16wht__blocked_errI17wht__neumaier_errE)Lj10E' | awk '\$1 >= 16'; done"
# neumaier's f16 and bf16 rows transposed by the tables (BUILD) against
# the lane form (BASE, e.g. v47): neumaier's and neumaier-block's
# bit-identity at every k and format with the spot checks, memcheck at
# k = 7..11 and racecheck at k = 7..10 of neumaier (xpn3test); three
# interleaved rounds of neumaier and neumaier-block on 2-byte rows of
# 2^8..2^11 over 2^28 elements in BASE and BUILD, neumaier-block's forced
# transposed (WHT_GPU_ROWS_COMP_XP=1) and not in XPN3_NB (a build whose
# kernels/kahan_block.lo has -DWHT_GPU_ALL_FORMS), folklore f16 of 2^10,
# and Nsight Compute on neumaier's rows of 2^10 in BUILD (xpn3)
want xpn3test && step xpn3test ${XPN3_TEST_LIMIT:-330} sh -c "
  WHT_GPU_TEST_ALGOS=neumaier,neumaier-block $B/tests/test_gpu_bitident > $O/xpn3bi.log 2>&1;
  echo \"# neumaier, neumaier-block, every k: \$(grep -c '^ok' $O/xpn3bi.log) ok, \$(grep -c '^not ok' $O/xpn3bi.log) not ok\"; grep '^not ok' $O/xpn3bi.log | head -5;
  for t in memcheck:11 racecheck:10; do
  WHT_GPU_TEST_ALGOS=neumaier WHT_GPU_TEST_MINK=7 WHT_GPU_TEST_MAXK=\${t#*:} WHT_GPU_TEST_BIG=0 \
    compute-sanitizer --tool \${t%:*} --error-exitcode 3 $B/tests/test_gpu_bitident > $O/xpn3bi.log 2>&1;
  echo \"# \${t%:*} k = 7..\${t#*:}: rc \$?, \$(grep -c '^ok' $O/xpn3bi.log) ok; \$(grep 'ERROR SUMMARY\\|RACECHECK SUMMARY' $O/xpn3bi.log)\"; done; rm -f $O/xpn3bi.log"
want xpn3 && step xpn3 ${XPN3_LIMIT:-200} sh -c "
  for r in 1 2 3; do for b in $BASE $B; do echo \"## round \$r: \$b\";
    \$b/experiments/wht-bench --place in --total-log2 28 --algo neumaier,neumaier-block --format f16,bf16 --log2n 8:11 | grep -v '^#' | grep -v '^algo'; done;
    for xp in '' 1; do echo \"## round \$r: ${XPN3_NB:-} XP=\$xp\";
    WHT_GPU_ROWS_COMP_XP=\$xp ${XPN3_NB:-$B}/experiments/wht-bench --place in --total-log2 28 --algo neumaier-block --format f16,bf16 --log2n 8:11 | grep -v '^#' | grep -v '^algo'; done;
    $B/experiments/wht-bench --place in --total-log2 28 --algo folklore --format f16 --log2n 10 | grep -v '^#' | grep -v '^algo'; done;
  export PATH=/usr/local/cuda/bin:\$PATH;
  for c in f16 bf16; do echo \"## ncu neumaier \$c rows of 2^10, $B\"; ncu --clock-control none --kernel-name regex:wht__ --launch-skip 1 --launch-count 1 \
    --metrics gpu__time_duration.sum,smsp__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread \
    $B/experiments/wht-bench --algo neumaier --format \$c --log2n 10 --total-log2 28 --place in --reps 1 --warmup 1 | grep -E 'wht__|duration|inst_exec|issue_active|warps_active|registers'; done"
grep -h 'ERROR SUMMARY\|RACECHECK SUMMARY' "$O"/memcheck.log "$O"/racecheck.log "$O"/tc_memcheck.log \
  "$O"/tc_racecheck.log 2>/dev/null | tee -a "$O/summary.txt"
grep -h -A2 '^not ok' "$O"/*.log 2>/dev/null | head -40
cat "$O"/bench.log "$O"/largest_bench.log 2>/dev/null
cat "$O/summary.txt"
