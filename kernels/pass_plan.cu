/* pass_plan.cu - the split of a transform into passes (see pass_plan.h). */
#include <stdlib.h>
#include "pass_plan.h"
#include "gpu_util.h"
#include "wht_env.h" /* the knobs' table (lib/environment.c) */

static unsigned log2_of(unsigned v)
{
  unsigned l = 0;
  while ((1u << l) < v) l++;
  return l;
}

static unsigned ceil_log2_u64(uint64_t v)
{
  unsigned l = 0;
  while (l < 64 && ((uint64_t)1 << l) < v) l++;
  return l;
}

/* Shortest run worth a pass's coalesced load: one 32-byte sector. */
static unsigned run_bits_min(unsigned esz) { return 5 - log2_of(esz); }

unsigned wht__tile_log2_min(unsigned esz) { return run_bits_min(esz) + 3; }

unsigned wht__tile_log2_max(unsigned esz, int compensated)
{
  /* 128 KB of shared memory per block at most */
  return 17 - log2_of(esz) - (compensated ? 1 : 0);
}

static void add_round(wht__pass *p, unsigned q, unsigned c, unsigned kind)
{
  const uint64_t bits = (uint64_t)(q | c << 5 | kind << 8) << (10 * (p->nrounds % 6));
  if (p->nrounds < 6) p->rounds_lo |= bits;
  else p->rounds_hi |= bits;
  p->nrounds++;
}

/* Butterfly rounds of `left` stages on tile bits from q up: as few as cmax
 * allows, their sizes as even as possible. */
static void add_even_rounds(wht__pass *p, unsigned q, unsigned left, unsigned cmax)
{
  const unsigned nr = (left + cmax - 1) / cmax;
  for (unsigned i = 0; i < nr; i++) {
    const unsigned c = left / (nr - i) + (left % (nr - i) ? 1 : 0);
    add_round(p, q, c, WHT__ROUND_BFLY);
    q += c;
    left -= c;
  }
}

/* Rounds of one pass: stages s0 .. s0+L-1 on tile bits from q0 up. */
static void plan_rounds(wht__pass *p, unsigned q0, int sched, unsigned cmax, unsigned head_c)
{
  unsigned q = q0, left = p->L;
  p->rounds_lo = p->rounds_hi = 0;
  p->nrounds = 0;
  if (sched == WHT__SCHED_ALMAN_RAO) {
    if (p->s0 == 0) { /* head, fused with the first radix-8 group */
      const unsigned c = head_c + (left > head_c ? 3 : 0);
      add_round(p, q, c, WHT__ROUND_AR_HEAD);
      q += c;
      left -= c;
    }
    for (; left; ) {
      const unsigned c = left >= 6 && cmax >= 6 ? 6 : 3;
      add_round(p, q, c, WHT__ROUND_AR_RADIX8);
      q += c;
      left -= c;
    }
  } else {
    add_even_rounds(p, q, left, cmax);
  }
}

/* Append the strided passes of stages s .. end-1 of rows of 2^k, spread
 * evenly over as few passes as tiles of 2^T elements allow (Lmax stages
 * each at most). */
static unsigned plan_strided(wht__pass *out, unsigned np, unsigned s, unsigned end, unsigned k, uint64_t N,
                             unsigned T, unsigned block_log2, int sched, unsigned cmax, unsigned Lmax)
{
  const int ar = sched == WHT__SCHED_ALMAN_RAO;
  const unsigned rest = end - s, more = (rest + Lmax - 1) / Lmax;
  for (unsigned i = 0; i < more; i++) {
    const unsigned left = end - s, passes_left = more - i;
    unsigned L;
    if (ar) {
      const unsigned groups = left / 3;
      L = 3 * ((groups + passes_left - 1) / passes_left);
    } else {
      L = (left + passes_left - 1) / passes_left;
    }
    wht__pass *p = &out[np++];
    p->N = N;
    p->k = k;
    p->s0 = s;
    p->L = L;
    p->R = s < T - L ? s : T - L;
    p->Tt = p->R + L;
    p->ntiles = N >> p->Tt;
    p->first = 0;
    p->last = s + L == k;
    p->cl = p->Tt > block_log2;
    p->fuse = 0;
    p->fuse_chunk_tiles_log2 = 0;
    plan_rounds(p, p->R, sched, cmax, 0);
    s += L;
  }
  return np;
}

unsigned wht__plan_passes(unsigned k, uint64_t batch, unsigned esz, int sched, unsigned cmax,
                          unsigned tile_log2, unsigned block_log2, unsigned chunk_log2, wht__pass *out)
{
  if (k == 0) return 0;
  const uint64_t N = batch << k;
  const unsigned T = tile_log2, f = k % 3;
  const int ar = sched == WHT__SCHED_ALMAN_RAO;

  /* first pass: contiguous tiles, as many stages as a tile holds */
  wht__pass *p = &out[0];
  unsigned L0 = k < T ? k : T;
  if (ar) L0 = f + 3 * ((L0 - f) / 3);
  const unsigned cl = ceil_log2_u64(N);
  p->N = N;
  p->k = k;
  p->s0 = 0;
  p->L = L0;
  p->R = 0;
  p->Tt = cl < T ? cl : T;
  p->ntiles = (N + ((uint64_t)1 << p->Tt) - 1) >> p->Tt;
  p->first = 1;
  p->last = L0 == k;
  p->cl = p->Tt > block_log2;
  p->fuse = 0;
  p->fuse_chunk_tiles_log2 = 0;
  plan_rounds(p, 0, sched, cmax, f);

  /* later passes: strided tiles, the stages spread evenly over them */
  unsigned Lmax = T - run_bits_min(esz);
  if (ar) Lmax -= Lmax % 3;
  const unsigned np = plan_strided(out, 1, L0, k, k, N, T, block_log2, sched, cmax, Lmax);

  /* L2 blocking (pass_plan.h): the second pass's stages L0 .. C-1 inside
   * chunks of 2^C elements, fused with the first pass, where that takes
   * fewer passes over device memory */
  if (np < 3 || !chunk_log2 || T > block_log2 || chunk_log2 <= L0) return np;
  unsigned L1 = chunk_log2 - L0 < Lmax ? chunk_log2 - L0 : Lmax;
  if (ar) L1 -= L1 % 3;
  const unsigned C = L0 + L1;
  if (!L1 || C < T || C >= k || (N >> C) > WHT__L2_MAX_CHUNKS || (N >> T) >= ((uint64_t)1 << 30)) return np;
  const unsigned after = (k - C + Lmax - 1) / Lmax; /* passes after the fused pair */
  if (1 + after >= np) return np;
  p->fuse = 1;
  p->fuse_chunk_tiles_log2 = C - T;
  const unsigned n2 = plan_strided(out, 1, L0, C, k, N, T, block_log2, sched, cmax, Lmax);
  return plan_strided(out, n2, C, k, k, N, T, block_log2, sched, cmax, Lmax);
}

unsigned wht__plan_passes_from(unsigned k, uint64_t batch, unsigned esz, int sched, unsigned cmax,
                               unsigned tile_log2, unsigned block_log2, unsigned s1, wht__pass *out)
{
  if (s1 >= k) return 0;
  unsigned Lmax = tile_log2 - run_bits_min(esz);
  if (sched == WHT__SCHED_ALMAN_RAO) Lmax -= Lmax % 3;
  return plan_strided(out, 0, s1, k, k, batch << k, tile_log2, block_log2, sched, cmax, Lmax);
}

void wht__plan_one_pass(unsigned k, uint64_t batch, unsigned s0, unsigned L, unsigned T, unsigned cmax,
                        wht__pass *p)
{
  const uint64_t N = batch << k;
  const unsigned cl = ceil_log2_u64(N);
  p->N = N;
  p->k = k;
  p->s0 = s0;
  p->L = L;
  p->R = s0 == 0 ? 0 : s0 < T - L ? s0 : T - L;
  p->Tt = s0 == 0 ? (cl < T ? cl : T) : p->R + L;
  p->ntiles = (N + ((uint64_t)1 << p->Tt) - 1) >> p->Tt;
  p->first = s0 == 0;
  p->last = s0 + L == k;
  p->cl = 0;
  p->fuse = 0;
  p->fuse_chunk_tiles_log2 = 0;
  plan_rounds(p, p->R, WHT__SCHED_RADIX2, cmax, 0);
}

void wht__plan_blocks_pass(unsigned k, uint64_t batch, unsigned T, unsigned cmax, const unsigned *len,
                           unsigned nblocks, wht__pass *p)
{
  wht__plan_one_pass(k, batch, 0, k, T, cmax, p);
  p->rounds_lo = p->rounds_hi = 0;
  p->nrounds = 0;
  for (unsigned j = 0, q = 0; j < nblocks; q += len[j++]) add_even_rounds(p, q, len[j], cmax);
}

unsigned wht__plan_dram_passes(const wht__pass *ps, unsigned np)
{
  unsigned d = np;
  for (unsigned i = 0; i < np; i++) d -= ps[i].fuse;
  return d;
}

/* Whether every cluster pass of a plan is one the kernels run: a tile of
 * two blocks' halves, whose round on the top bit (if any) is not
 * Alman-Rao's head and leaves groups for both blocks. */
static int clusters_runnable(const wht__pass *ps, unsigned np, unsigned block_log2)
{
  for (unsigned i = 0; i < np; i++) {
    const wht__pass *p = &ps[i];
    if (!p->cl) continue;
    if (p->Tt != block_log2 + 1) return 0;
    for (unsigned r = 0; r < p->nrounds; r++) {
      const unsigned q = WHT__ROUND_Q(*p, r), c = WHT__ROUND_C(*p, r);
      if (q + c < p->Tt) continue;
      if (q + c != p->Tt || c + 1 > p->Tt || WHT__ROUND_KIND(*p, r) == WHT__ROUND_AR_HEAD) return 0;
    }
  }
  return 1;
}

/* log2 of a chunk's bytes (0: no L2 blocking; -1: not read yet), for the
 * algorithms without and with an error array */
static int l2_chunk_setting[2] = { -1, -1 };

extern "C" void wht__gpu_set_l2_chunk(unsigned bytes_log2, int compensated)
{
  l2_chunk_setting[compensated != 0] = (int)(bytes_log2 > 40 ? 40 : bytes_log2);
}

unsigned wht__plan_l2_chunk_log2(unsigned esz, int compensated)
{
  int *b = &l2_chunk_setting[compensated != 0];
  if (*b < 0) {
    const unsigned c =
        compensated ? wht__env_uint("WHT_GPU_L2_CHUNK_COMPENSATED", 0) : wht__env_uint("WHT_GPU_L2_CHUNK", 23);
    *b = (int)(c > 40 ? 40 : c);
  }
  const unsigned sub = log2_of(esz) + (compensated ? 1 : 0);
  return (unsigned)*b > sub ? (unsigned)*b - sub : 0;
}

static unsigned tile_override = 0;
static int tile_override_read = 0;

/* A plan setting: *setting once set (-1: not yet), else the environment
 * knob name's value (unset, empty or not accepted: dflt; wht_env.h) */
static int plan_setting(int *setting, const char *name, int dflt)
{
  if (*setting < 0) *setting = (int)wht__env_uint(name, (unsigned)dflt);
  return *setting;
}

static int cluster_setting = -1;

extern "C" void wht__gpu_set_cluster(int on) { cluster_setting = on != 0; }

int wht__plan_clusters(void) { return plan_setting(&cluster_setting, "WHT_GPU_CLUSTER", 1) != 0; }

extern "C" void wht__gpu_set_tile_log2(unsigned t)
{
  tile_override = t;
  tile_override_read = 1;
}

extern "C" unsigned wht__gpu_tile_log2(void)
{
  if (!tile_override_read) {
    tile_override = wht__env_uint("WHT_GPU_TILE_LOG2", 0); /* wht_env.h */
    tile_override_read = 1;
  }
  return tile_override;
}

/* Whether small transforms avoid plans of a handful of blocks (the
 * smaller tiles below, and rows_comp.cuh's block kernels left to them):
 * WHT_GPU_SMALL_TILES (read once; 0: never, for comparisons; default 1) */
static int small_tiles_setting = -1;

extern "C" void wht__gpu_set_small_tiles(int on) { small_tiles_setting = on != 0; }

int wht__plan_small_tiles(void) { return plan_setting(&small_tiles_setting, "WHT_GPU_SMALL_TILES", 1) != 0; }

/* Whether Alman-Rao's schedule's long rows take block rows as their first
 * pass (single_ar.cuh): WHT_GPU_SINGLE_AR_BLK1 (read once; 0 never, 1 by
 * each algorithm's policy, 2 wherever the kernels can) */
static int sar_blk_first_setting = -1;

extern "C" void wht__gpu_set_sar_blk_first(int mode) { sar_blk_first_setting = mode < 0 ? 0 : mode > 2 ? 2 : mode; }

int wht__plan_sar_blk_first(void)
{
  const int m = plan_setting(&sar_blk_first_setting, "WHT_GPU_SINGLE_AR_BLK1", 1);
  return m > 2 ? 2 : m;
}

/* Whether Alman-Rao's schedule's strided passes of 9 stages take the
 * rolled kernel (sar_rolled.cuh): WHT_GPU_SAR_ROLLED (read once; 0 never,
 * 1 by each algorithm's policy, 2 always) */
static int sar_rolled_setting = -1;

extern "C" void wht__gpu_set_sar_rolled(int mode) { sar_rolled_setting = mode < 0 ? 0 : mode > 2 ? 2 : mode; }

int wht__plan_sar_rolled(void)
{
  const int m = plan_setting(&sar_rolled_setting, "WHT_GPU_SAR_ROLLED", 1);
  return m > 2 ? 2 : m;
}

/* ... and whether in the column form (sar_rolled.cuh: each lane on a
 * column pair): WHT_GPU_SAR_ROLLED_Q (read once; 0 the word rounds, 1
 * the column pairs) */
static int sar_rolled_cols_setting = -1;

extern "C" void wht__gpu_set_sar_rolled_cols(int mode) { sar_rolled_cols_setting = mode != 0; }

int wht__plan_sar_rolled_cols(void) { return plan_setting(&sar_rolled_cols_setting, "WHT_GPU_SAR_ROLLED_Q", 1) != 0; }

/* A small transform's tile (T0: the chosen tile, *block_log2 its block's,
 * np0 its passes over device memory), measured on an H200
 * (docs/PERFORMANCE.md, "the small transforms' tiles"); device-independent,
 * as the whole plan:
 *   - where the tiles T0 number fewer than 64 (16 on Alman-Rao's schedule),
 *     a fraction of the multiprocessors of any GPU this harness runs on,
 *     the smallest tile of at least 8 KB that makes 256 or fewer with as
 *     many passes: 0.37-0.62x the time at 2-8 tiles (folklore's f64 2^15,
 *     f32 2^16, the block algorithms' and widened's f64 2^15, widened's
 *     batched rows), 0.77-0.93x for kahan's and neumaier's 8-32, but
 *     1.05-1.6x for the block algorithms' and widened's f64 2^17, 2^18 and
 *     neumaier-block's 2^19, 2^20 (16-32 tiles), and within noise or
 *     slower from 64;
 *   - where one pass runs on fewer than 8 tiles (a block's or a
 *     cluster's) of rows of 64 KB or more, such smaller tiles
 *     (8 or more of them) in one pass or two: 0.26-0.8x the time
 *     (neumaier's f16 2^15 56 -> 21 us, folklore's f64 2^14 13 -> 9;
 *     two to four rows of 16-32 KB lost 7-38 % so);
 * in both, no strided run shorter than 128 bytes (a run of 64 lost 4-9 %).
 * Else T0. */
static unsigned small_tile_log2(unsigned k, uint64_t batch, unsigned esz, int sched, unsigned cmax,
                                unsigned chunk, unsigned T0, unsigned np0, unsigned *block_log2)
{
  const uint64_t N = batch << k, tiles = N >> T0;
  const unsigned cl = ceil_log2_u64(N), floor_t = 13 - log2_of(esz);
  if (!wht__plan_small_tiles() || cl <= 8) return T0;
  const int one = np0 == 1 && tiles < 8 && k >= floor_t + 3;
  if (!one && (T0 != *block_log2 || tiles >= (sched == WHT__SCHED_ALMAN_RAO ? 16u : 64u))) return T0;
  wht__pass tmp[WHT__MAX_PASSES];
  for (unsigned T = cl - 8 > floor_t ? cl - 8 : floor_t; T < T0 && T <= *block_log2; T++) {
    const unsigned n = wht__plan_passes(k, batch, esz, sched, cmax, T, T, chunk, tmp);
    const unsigned np = wht__plan_dram_passes(tmp, n);
    int ok = np == np0 || (one && np == 2);
    for (unsigned i = 0; ok && i < n; i++)
      ok = tmp[i].s0 == 0 || tmp[i].R == tmp[i].s0 || (esz << tmp[i].R) >= 128;
    if (ok) {
      *block_log2 = T;
      return T;
    }
  }
  return T0;
}

unsigned wht__choose_tile_log2(unsigned k, uint64_t batch, unsigned esz, int sched,
                               unsigned cmax, int compensated, int clusters, unsigned *block_log2)
{
  const unsigned lo = wht__tile_log2_min(esz), hi = wht__tile_log2_max(esz, compensated);
  const unsigned t = wht__gpu_tile_log2();
  /* candidate (block, tile) sizes in order of preference; the first with
   * the fewest passes wins. Measured on an H200 (docs/PERFORMANCE.md):
   * 64 KB blocks beat 32 KB ones for folklore and Alman-Rao, and 128 KB
   * blocks (one per multiprocessor) lose; compensated blocks hold x and e,
   * 16 KB each, or 32 KB each when that saves a pass. Then a tile of two
   * blocks (a cluster) where that makes the transform one pass: measured
   * on an H100, such passes beat two passes by 1.2-2x (rows of 2^15 f32,
   * 2^16 f16, 2^14 f64), while cluster tiles in the strided passes of a
   * single vector lost (Alman-Rao f32 2^26: 0.718 ms in two passes against
   * 0.636 ms in three; runs of 64 bytes). */
  unsigned cand[4][2], nc = 0;
  if (t) {
    const unsigned T = t < lo ? lo : t > hi ? hi : t;
    cand[nc][0] = cand[nc][1] = T, nc++;
  } else if (!compensated) {
    cand[nc][0] = cand[nc][1] = 16 - log2_of(esz), nc++;
  } else {
    const unsigned base = 14 - log2_of(esz);
    cand[nc][0] = cand[nc][1] = base, nc++;
    cand[nc][0] = cand[nc][1] = base + 1, nc++;
  }
  for (unsigned i = 0, n0 = nc; clusters && i < n0; i++) {
    cand[nc][0] = cand[i][0];
    cand[nc][1] = cand[i][0] + 1;
    nc++;
  }
  wht__pass tmp[WHT__MAX_PASSES];
  unsigned best = 0, best_np = 0;
  const unsigned chunk = wht__plan_l2_chunk_log2(esz, compensated);
  for (unsigned i = 0; i < nc; i++) {
    const unsigned n = wht__plan_passes(k, batch, esz, sched, cmax, cand[i][1], cand[i][0], chunk, tmp);
    const unsigned np = wht__plan_dram_passes(tmp, n); /* a fused pair counts one */
    if (cand[i][1] > cand[i][0] && (np != 1 || !clusters_runnable(tmp, n, cand[i][0]))) continue;
    if (i == 0 || np < best_np) best = i, best_np = np;
  }
  *block_log2 = cand[best][0];
  return t ? cand[best][1] : small_tile_log2(k, batch, esz, sched, cmax, chunk, cand[best][1], best_np, block_log2);
}
