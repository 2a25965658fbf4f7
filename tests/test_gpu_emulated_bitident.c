/* test_gpu_emulated_bitident - the GPU kernels' passes, tiles, rounds and
 * index maps, run on the host by the emulation in kernels/pass_run.cuh,
 * give bit for bit the CPU result of every algorithm and format, for
 * k = 0..15, several batch counts, the automatic tile size and forced small
 * tiles (many passes at small k; tiles of two blocks, a cluster, wherever
 * they save a pass; L2-blocked pairs of passes, compensated algorithms
 * included), the automatic size without clusters, unaligned data
 * (scalar accesses), folklore's long rows in register passes (their host
 * twin, kernels/single_reg.cuh, at k = LV+16 and LV+23), kahan's and
 * neumaier's (kernels/single_comp.cuh, the same k, where the build holds
 * the kernels), widened-pass's
 * single vectors with the first block as rows and the later ones on the
 * strided register tiles, the first two as a pair where they can
 * (kernels/wide_strided.cuh: k = 16, 17, 19, 22), Alman-Rao's single
 * vectors in register passes (kernels/single_ar.cuh: k = 12..22, rows of
 * 2^12..2^16 in a block, rows_ar_blk.cuh, and such block rows as the
 * first pass of longer ones, k = 16..22; kahan-block's and widened's
 * with the strided passes of 9 stages on the rolled kernel,
 * sar_rolled.cuh, k = 17..19, 22, in both its forms; f64 the
 * first pass as block rows and the tiles' strided passes,
 * single_ar64.cuh: k = 15..20, 23), the
 * block algorithms' on the same kernels, and
 * out of place (source unchanged, poisoned destination), on random data
 * and (automatic tiles) on data near the smallest normal and data with an
 * infinity and a NaN (gpu_check.h; NaNs compared as NaNs).
 * Needs no GPU; skips when CUDA is not compiled in. WHT_GPU_TEST_MAXK
 * lowers the largest k, WHT_GPU_TEST_ALGOS=a,b,... runs only those. */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "gpu_check.h"
#include "wht_internal.h"
#include "gpu_util.h"

/* The host emulations of each algorithm's GPU path (kernels/pass_run.cuh).
 * A new algorithm with a GPU path needs its row here: without one the test
 * fails, naming it (README, "Adding an algorithm"). */
static const struct {
  const char *name;
  const wht__gpu_fn *in_place;
  const wht__gpu_out_fn *out_of_place;
} emulations[] = {
  { "folklore", wht__folklore_gpu_emulated, wht__folklore_gpu_out_emulated },
  { "kahan", wht__kahan_gpu_emulated, wht__kahan_gpu_out_emulated },
  { "neumaier", wht__neumaier_gpu_emulated, wht__neumaier_gpu_out_emulated },
  { "alman-rao", wht__alman_rao_gpu_emulated, wht__alman_rao_gpu_out_emulated },
  { "kahan-block", wht__kahan_block_gpu_emulated, wht__kahan_block_gpu_out_emulated },
  { "neumaier-block", wht__neumaier_block_gpu_emulated, wht__neumaier_block_gpu_out_emulated },
  { "widened", wht__widened_gpu_emulated, wht__widened_gpu_out_emulated },
  { "widened-pass", wht__widened_pass_gpu_emulated, wht__widened_pass_gpu_out_emulated },
};

/* the row of algo, or -1 */
static int emulation_of(const char *algo)
{
  for (size_t i = 0; i < sizeof emulations / sizeof emulations[0]; i++)
    if (!strcmp(emulations[i].name, algo)) return (int)i;
  return -1;
}

/* A long-rows case: rows of 2^k of algo in format f, batch of them */
struct longrow {
  const char *algo;
  wht_format f;
  unsigned k;
  uint64_t batch;
};

/* One long-rows case by the host emulation against the CPU, in place and
 * out of place; how: the plan's words for the message. 0 on a failed
 * allocation (the test stops). */
static int longrow_check(const char *const *algos, int nalgos, const struct longrow *c, uint64_t seed,
                         const char *how)
{
  const char *const algo = c->algo;
  const wht_format f = c->f;
  const unsigned k = c->k;
  const uint64_t batch = c->batch;
  int wanted = 0;
  for (int ai = 0; ai < nalgos; ai++) wanted |= !strcmp(algos[ai], algo);
  if (!wanted) return 1;
  const int em = emulation_of(algo);
  const size_t esz = wht_format_size(f);
  const uint64_t n = (uint64_t)1 << k, N = n * batch;
  /* the work array: kahan's and neumaier's error terms (kernels/single_comp.cuh) */
  unsigned char *in = malloc(N * esz), *ref = malloc(N * esz), *x = malloc(N * esz), *work = malloc(N * esz);
  if (!in || !ref || !x || !work || em < 0) {
    tap_ok(0, "allocation, emulation of %s", algo);
    free(in);
    free(ref);
    free(x);
    free(work);
    return 0;
  }
  gc_fill_input(GC_RANDOM, f, k, in, batch, seed);
  memcpy(ref, in, N * esz);
  const wht_status cs = gc_cpu_transform(algo, f, n, batch, ref);
  for (int out = 0; out < 2; out++) {
    uint64_t first = 0;
    wht_status gs;
    if (out) {
      memset(x, 0xff, N * esz);
      memset(work, 0xa5, N * esz); /* the error terms start as +0 whatever the array held */
      gs = emulations[em].out_of_place[f](in, x, n, k, batch, work);
    } else {
      memcpy(x, in, N * esz);
      memset(work, 0x5a, N * esz);
      gs = emulations[em].in_place[f](x, n, k, batch, work);
    }
    char h1[20], h2[20];
    if (!tap_ok(cs == WHT_OK && gs == WHT_OK && !gc_differs_input(GC_RANDOM, x, ref, N, f, &first),
                "emulated %s %s k=%u batch=%llu %s%s", algo, wht_format_name(f), k, (unsigned long long)batch, how,
                out ? ", out of place" : "") &&
        cs == WHT_OK && gs == WHT_OK)
      tap_diag("first difference at element %llu: got %s, CPU %s", (unsigned long long)first,
               gc_hex(x, first, esz, h1), gc_hex(ref, first, esz, h2));
  }
  free(in);
  free(ref);
  free(x);
  free(work);
  return 1;
}

int main(void)
{
  /* kahan's and neumaier's long rows in register passes at every size
   * the build holds (kernels/single_comp.cuh; by default the tables') */
  setenv("WHT_GPU_SINGLE_COMP", "2", 0); /* unless set (0: the tiles' emulation) */
  /* widened-pass's register pair wherever it can (kernels/widened_pass.cu;
   * by default only from 4096 tiles, 2^25 elements and more) */
  setenv("WHT_GPU_WPASS_RPAIR", "2", 0);
  /* Alman-Rao's long rows in register passes at every size they can take
   * (kernels/single_ar.cuh: f32 from k = 14, f16 and bf16 from 15, here in
   * the sweep below too; by default from 2^16, 2^17) */
  setenv("WHT_GPU_SINGLE_AR", "2", 0);
  /* and the pair's first pass as block rows of 2^(K1+3) wherever 3 stages
   * or more follow it (by default where 9 or 12 would follow the warp
   * rows' pair, from 2^27) */
  setenv("WHT_GPU_SINGLE_AR_PAIR_BLK", "2", 0);
  const uint64_t seed = gc_seed();
  const unsigned maxk = gc_env_unsigned("WHT_GPU_TEST_MAXK", 15);
  const uint64_t batches[] = { 1, 3, 64 };
  const char *algos[GC_MAX_ALGOS];
  const int nalgos = (int)gc_algorithm_list(algos);
  for (int tile_mode = 0; tile_mode < 4; tile_mode++) {
    wht__gpu_set_cluster(tile_mode != 3); /* 3: automatic tiles, no clusters */
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      const wht_format f = (wht_format)fi;
      const size_t esz = wht_format_size(f);
      /* automatic; the smallest tile; two bits more; automatic (no clusters) */
      const unsigned tmin = wht__gpu_tile_log2_min(f);
      const unsigned tile = tile_mode == 0 || tile_mode == 3 ? 0 : tmin + 2 * (unsigned)(tile_mode - 1);
      wht__gpu_set_tile_log2(tile);
      /* forced small tiles: L2-blocked pairs (kernels/pass_plan.h) from
       * k = 11..14 on, for the compensated algorithms too (off by default) */
      wht__gpu_set_l2_chunk(tile ? 23 : 0, 1);
      for (int ai = 0; ai < nalgos; ai++) {
        const char *algo = algos[ai];
        if (!tap_ok(emulation_of(algo) >= 0, "%s: has a host emulation (a row of emulations[] in "
                                              "tests/test_gpu_emulated_bitident.c)", algo))
          continue;
        for (unsigned k = 0; k <= maxk; k++) {
          for (int bi = 0; bi < 3; bi++) {
            const uint64_t batch = batches[bi], n = (uint64_t)1 << k, N = n * batch;
            if (batch == 64 && k > 6) continue;
            for (int run = 0; run < 2 + GC_NINPUTS - 1; run++) {
              /* runs 0, 1: random data aligned and not; then the other inputs */
              const int offset = run == 1;
              const gc_input input = run < 2 ? GC_RANDOM : (gc_input)(run - 1);
              if (offset && (k > 9 || tile_mode)) continue;
              if (input != GC_RANDOM && tile_mode) continue;
              const uint64_t sd = gc_mix(seed ^ gc_mix(((uint64_t)fi << 56) ^ ((uint64_t)ai << 48) ^
                                                       ((uint64_t)k << 40) ^ (batch << 8) ^ (uint64_t)offset)) ^
                                  (uint64_t)input;
              /* offset: data one element past a 16-byte boundary */
              unsigned char *in = malloc((N + 1) * esz), *ref = malloc(N * esz);
              unsigned char *buf = malloc((N + 1) * esz), *work = malloc((N + 1) * esz);
              if (!in || !ref || !buf || !work) { tap_ok(0, "allocation"); return tap_done(); }
              unsigned char *x = buf + offset * esz, *e = work + offset * esz;
              gc_fill_input(input, f, k, in, batch, sd);
              memcpy(ref, in, N * esz);
              const wht_status cs = gc_cpu_transform(algo, f, n, batch, ref);
              memcpy(x, in, N * esz);
              memset(work, 0xff, (N + 1) * esz); /* poisoned: the first pass must not read e */
              const wht_status gs = emulations[emulation_of(algo)].in_place[f](x, n, k, batch, e);
              uint64_t first = 0;
              const int bad = cs != WHT_OK || gs != WHT_OK || gc_differs_input(input, x, ref, N, f, &first);
              char h1[20], h2[20];
              if (!tap_ok(!bad, "emulated %s %s k=%u batch=%llu tile=%u%s %s%s", algo, wht_format_name(f), k,
                          (unsigned long long)batch, tile, tile_mode == 3 ? " no clusters" : "",
                          gc_input_names[input], offset ? " unaligned" : "") &&
                  cs == WHT_OK && gs == WHT_OK)
                tap_diag("first difference at element %llu: got %s, CPU %s", (unsigned long long)first,
                         gc_hex(x, first, esz, h1), gc_hex(ref, first, esz, h2));
              if (!offset && tile_mode < 2) {
                /* out of place: dst poisoned, src left as it was */
                memcpy(buf, in, N * esz);
                memset(work, 0xff, (N + 1) * esz);
                unsigned char *dst = malloc(N * esz);
                if (!dst) { tap_ok(0, "allocation"); return tap_done(); }
                memset(dst, 0xff, N * esz);
                const wht_status os = emulations[emulation_of(algo)].out_of_place[f](buf, dst, n, k, batch, work);
                const int obad = cs != WHT_OK || os != WHT_OK || gc_differs_input(input, dst, ref, N, f, &first);
                if (!tap_ok(!obad, "emulated out of place %s %s k=%u batch=%llu tile=%u %s", algo,
                            wht_format_name(f), k, (unsigned long long)batch, tile, gc_input_names[input]) &&
                    cs == WHT_OK && os == WHT_OK)
                  tap_diag("first difference at element %llu: got %s, CPU %s", (unsigned long long)first,
                           gc_hex(dst, first, esz, h1), gc_hex(ref, first, esz, h2));
                tap_ok(memcmp(buf, in, N * esz) == 0,
                       "emulated out of place %s %s k=%u batch=%llu tile=%u %s: source unchanged", algo,
                       wht_format_name(f), k, (unsigned long long)batch, tile, gc_input_names[input]);
                free(dst);
              }
              free(in);
              free(ref);
              free(buf);
              free(work);
            }
          }
        }
      }
    }
  }
  wht__gpu_set_tile_log2(0);
  wht__gpu_set_l2_chunk(0, 1);
  wht__gpu_set_cluster(1);
  /* folklore's long rows in register passes (kernels/single_reg.cuh): their
   * host twin at the smallest k of both plans, two passes (k = LV+16) and
   * the L2-blocked pair and a pass (k = LV+23; f64 and f32 only: 2-byte
   * formats there are 2^26 elements of software arithmetic); widened-pass's
   * single vectors whose first block runs as rows on the register kernels
   * (kernels/widened_pass.cu, wht__wpass_rows1) and the later ones on the
   * strided register tiles (wide_strided.cuh): blocks (10, 6) at k = 16,
   * (11, 6) at 17, (10, 9) at 19; the first two as one L2-blocked pair
   * where they make two chunks or more: f32 k = 16 and 19 in batches of
   * 2, bf16 k = 17 in 2, f16 k = 22 (10, 6, 6: the pair and a pass);
   * kahan's and neumaier's (kernels/single_comp.cuh, both ranges forced
   * above: two passes at k = LV+16, the pair and a pass at LV+23, kahan
   * f64 only: the pair's plan is the recovery's); Alman-Rao's
   * (kernels/single_ar.cuh, every size forced above): rows of 2^K1 (K1 =
   * 9 + k mod 3) and a strided pass of 6 or 9 stages at f32 k = 16, 17 (in
   * 2), 18, f16 18, bf16 19, 16 (in 2), the pair and a pass of 3 at f32 k
   * = 21, 22 and f16 21; kahan-block's and widened's on the same kernels
   * (their head block in the warp rows, their blocks of three as the
   * groups; neumaier-block's are not built, nor their warp rows' pair):
   * kahan-block f32 17 (its own rows of 2^8 and a strided pass of 9:
   * single_ar.cuh's wht__sar_k1_low), 21 (rows of 2^9 and two strided
   * passes), bf16
   * 16 (in 2), widened f32 16 (in 2), 22, f16 17; in place and out of
   * place */
  static const struct longrow longrows[] = { { "folklore", WHT_F64, 17, 1 },     { "folklore", WHT_F64, 17, 2 },     { "folklore", WHT_F32, 18, 1 },
                   { "folklore", WHT_F32, 18, 2 },     { "folklore", WHT_F16, 19, 1 },     { "folklore", WHT_BF16, 19, 1 },
                   { "folklore", WHT_F64, 24, 1 },     { "folklore", WHT_F32, 25, 1 },     { "widened-pass", WHT_F32, 19, 1 },
                   { "widened-pass", WHT_F16, 19, 1 }, { "widened-pass", WHT_BF16, 19, 1 },
                   { "widened-pass", WHT_F32, 16, 2 }, { "widened-pass", WHT_F16, 16, 1 },
                   { "widened-pass", WHT_BF16, 17, 2 }, { "widened-pass", WHT_F32, 17, 1 },
                   { "widened-pass", WHT_F32, 19, 2 }, { "widened-pass", WHT_F16, 22, 1 },
                   { "kahan", WHT_F32, 18, 1 },        { "kahan", WHT_F32, 18, 2 },        { "kahan", WHT_F16, 19, 1 },
                   { "kahan", WHT_BF16, 19, 1 },       { "kahan", WHT_F64, 17, 1 },        { "kahan", WHT_F64, 24, 1 },
                   { "neumaier", WHT_F32, 18, 1 },     { "neumaier", WHT_F16, 19, 1 },     { "neumaier", WHT_BF16, 19, 1 },
                   { "neumaier", WHT_F64, 17, 2 },     { "alman-rao", WHT_F32, 16, 1 },    { "alman-rao", WHT_F32, 17, 2 },
                   { "alman-rao", WHT_F32, 18, 1 },    { "alman-rao", WHT_F32, 21, 1 },    { "alman-rao", WHT_F32, 22, 1 },
                   { "alman-rao", WHT_F16, 18, 1 },    { "alman-rao", WHT_BF16, 19, 1 },   { "alman-rao", WHT_BF16, 16, 2 },
                   { "alman-rao", WHT_F16, 21, 1 },    { "alman-rao", WHT_F64, 16, 1 },    { "alman-rao", WHT_F64, 17, 2 },
                   { "alman-rao", WHT_F64, 18, 1 },    { "alman-rao", WHT_F64, 20, 1 },    { "alman-rao", WHT_F64, 23, 1 },
                   { "kahan-block", WHT_F32, 17, 1 },  { "kahan-block", WHT_F32, 21, 1 },
                   { "kahan-block", WHT_BF16, 16, 2 }, { "widened", WHT_F32, 16, 2 },      { "widened", WHT_F32, 22, 1 },
                   { "widened", WHT_F16, 17, 1 } };
  if (maxk < 15) /* the long rows, rolled rows, block rows first and pairs below */
    tap_skip("WHT_GPU_TEST_MAXK below 15", "the long rows' emulated passes (their checks not run)");
  for (size_t i = 0; maxk >= 15 && i < sizeof longrows / sizeof longrows[0]; i++) {
    const int wp = !strcmp(longrows[i].algo, "widened-pass");
    /* kahan's and neumaier's ranges off their tables (neumaier's 2-byte
     * and f64, kahan's f64 two passes) are built only with
     * -DWHT_GPU_ALL_FORMS (kernels/single_comp.cuh): else the tiles' test
     * above has them */
    const int comp = !strcmp(longrows[i].algo, "kahan") || !strcmp(longrows[i].algo, "neumaier");
    const uint64_t N = ((uint64_t)1 << longrows[i].k) * longrows[i].batch;
    if (comp && (!strcmp(longrows[i].algo, "kahan") ? wht__kahan_single_passes : wht__neumaier_single_passes)(
                    longrows[i].f, longrows[i].k, N) == 0) {
      tap_skip("not built without -DWHT_GPU_ALL_FORMS", "emulated %s %s k=%u in register passes", longrows[i].algo,
               wht_format_name(longrows[i].f), longrows[i].k);
      continue;
    }
    if (!longrow_check(algos, nalgos, &longrows[i], gc_mix(seed ^ (uint64_t)i),
                       wp ? "on the register kernels"
                       : longrows[i].f == WHT_F64 && !strcmp(longrows[i].algo, "alman-rao") ? "as block rows and tile passes"
                                                                                           : "in register passes"))
      return tap_done();
  }
  /* kahan-block's and widened's rows with their strided passes of 9
   * stages (not the pair's second) on the rolled kernel
   * (kernels/sar_rolled.cuh: the tile in shared memory, eight words a
   * round, or the lanes' column pairs, the default; by default only from
   * 2^24 elements, which these do not reach, so forced here, in both
   * forms, then back to the defaults): rows of 2^K1 and one such
   * pass at f32 k = 17 (kahan-block's K1 = 8), 18 (in 2: kahan-block),
   * f16 18, bf16 19 (widened's in 2); widened f32 22 (10, 9, then a pass
   * of 3 on the register tiles) */
  static const struct longrow rolledrows[] = { { "kahan-block", WHT_F32, 17, 1 },  { "kahan-block", WHT_F16, 18, 1 },
                                               { "kahan-block", WHT_BF16, 19, 1 }, { "kahan-block", WHT_F32, 18, 2 },
                                               { "widened", WHT_F32, 18, 1 },      { "widened", WHT_F16, 18, 1 },
                                               { "widened", WHT_BF16, 19, 2 },     { "widened", WHT_F32, 22, 1 } };
  wht__gpu_set_sar_rolled(2);
  static const struct {
    int mode;
    const char *name;
  } rolledforms[] = { { 1, "rolled strided passes, column pairs" }, { 0, "rolled strided passes, word rounds" } };
  for (size_t f = 0; f < sizeof rolledforms / sizeof rolledforms[0]; f++) { /* every form */
    wht__gpu_set_sar_rolled_cols(rolledforms[f].mode);
    for (size_t i = 0; maxk >= 15 && i < sizeof rolledrows / sizeof rolledrows[0]; i++)
      if (!longrow_check(algos, nalgos, &rolledrows[i], gc_mix(seed ^ (0x300u + i)), rolledforms[f].name))
        return tap_done();
  }
  wht__gpu_set_sar_rolled_cols(1); /* the default */
  wht__gpu_set_sar_rolled(1);
  /* Alman-Rao's schedule's long rows with rows_ar_blk.cuh's block rows of
   * 2^kb (kb = k mod 3 + 3t, at most 15 in f32 and 16 in f16 and bf16) as
   * the first pass and one strided pass of the rest, forced wherever the
   * kernels can (by default beyond k = K1 + 9 only; Alman-Rao's the
   * least block rows that leave 9 stages from k = 21, the others the
   * largest): f32 k = 16 (13, 3), 17 in 2 (14, 3), 18 (15, 3), 19 (13,
   * 6), 21 (12, 9), 22 (13, 9); f16 17 (14, 3), 19 (16, 3), 22 (13, 9);
   * bf16 20 in 2 (14, 6); kahan-block's and widened's the same way
   * (their head blocks): kahan-block f32 19, bf16 19, widened f16 19, 22
   * (16, 6) */
  static const struct longrow blkfirst[] = { { "alman-rao", WHT_F32, 16, 1 },   { "alman-rao", WHT_F32, 17, 2 },   { "alman-rao", WHT_F32, 18, 1 },
                   { "alman-rao", WHT_F32, 19, 1 },   { "alman-rao", WHT_F32, 22, 1 },   { "alman-rao", WHT_F16, 17, 1 },
                   { "alman-rao", WHT_F16, 19, 1 },   { "alman-rao", WHT_F16, 22, 1 },   { "alman-rao", WHT_BF16, 20, 2 },
                   { "kahan-block", WHT_F32, 19, 1 }, { "kahan-block", WHT_BF16, 19, 1 }, { "widened", WHT_F16, 19, 1 },
                   { "alman-rao", WHT_F32, 21, 1 },   { "widened", WHT_F16, 22, 1 } };
  wht__gpu_set_sar_blk_first(2);
  for (size_t i = 0; maxk >= 15 && i < sizeof blkfirst / sizeof blkfirst[0]; i++)
    if (!longrow_check(algos, nalgos, &blkfirst[i], gc_mix(seed ^ (0x100u + i)), "block rows first"))
      return tap_done();
  wht__gpu_set_sar_blk_first(1);
  /* the pair with block rows of 2^(K1+3) as its first pass (forced above):
   * f32 k = 24 (rows of 2^12, chunks of 2^21, a pass of 3), 25 (2^13,
   * 2^22, 3), bf16 24 (2^12, eight rows a tile), Alman-Rao's and
   * widened's f32 24 */
  static const struct longrow pairblk[] = { { "alman-rao", WHT_F32, 24, 1 }, { "alman-rao", WHT_F32, 25, 1 },
                                            { "alman-rao", WHT_BF16, 24, 1 }, { "widened", WHT_F32, 24, 1 } };
  for (size_t i = 0; maxk >= 15 && i < sizeof pairblk / sizeof pairblk[0]; i++)
    if (!longrow_check(algos, nalgos, &pairblk[i], gc_mix(seed ^ (0x200u + i)), "pair of block rows first"))
      return tap_done();
  return tap_done();
}
#endif
