/* test_small_tiles - the planner's smaller tiles for small transforms
 * (kernels/pass_plan.cu, small_tile_log2; DESIGN.md section 5): where the
 * tiles of 64 KB (16 KB of x and e for kahan and neumaier) number fewer
 * than 64 (16 on Alman-Rao's schedule), the smallest tile of at least
 * 8 KB making 256 or fewer with as many passes over device memory and no
 * strided run under 128 bytes; where one pass ran on fewer than 8 tiles
 * of rows of 64 KB or more, such tiles in one pass or two. The
 * tiles below are worked out by hand
 * from that rule, so a change of it shows up here; then, for every
 * algorithm on the tiles, format and k = 4..22 (single vectors and rows
 * over 2^16 elements), the rule never changes the pass count and never
 * takes a tile below 8 KB or above the old one, except that rows of 64 KB
 * or more that ran in one pass on fewer than 8 tiles (a block's or a
 * cluster's) may take two on 8 or more. Host code: no device
 * needed; skips without CUDA. */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "wht_internal.h"
#include "gpu_util.h"

static const struct {
  const char *algo;
  wht_format f;
  unsigned k, batch_log2;
  unsigned before, now; /* log2 of the tile's elements */
} cases[] = {
  { "folklore", WHT_F64, 15, 0, 13, 10 },  /* 4 tiles; 2^10 leaves 5 stages in runs of 256 bytes */
  { "folklore", WHT_F64, 16, 0, 13, 10 },  /* 8 tiles, 2^10 + 6 stages in runs of 128 bytes */
  { "folklore", WHT_F32, 16, 0, 14, 11 },  /* 4 tiles */
  { "folklore", WHT_F64, 17, 0, 13, 11 },  /* 2^10 would leave runs of 64 bytes */
  { "folklore", WHT_F64, 19, 0, 13, 13 },  /* 64 tiles: as before */
  { "folklore", WHT_F64, 12, 4, 13, 12 },  /* 16 rows of 2^12: smaller tiles would take two passes */
  { "folklore", WHT_F32, 28, 0, 14, 14 },  /* large */
  { "folklore", WHT_F16, 12, 0, 15, 12 },  /* one tile either way: the smallest that holds it */
  { "kahan", WHT_F32, 17, 0, 12, 11 },     /* 32 tiles of 16 KB of x (and of e) */
  { "kahan", WHT_F64, 17, 0, 11, 11 },     /* 64: as before */
  { "alman-rao", WHT_F64, 15, 0, 13, 10 }, /* 4 tiles */
  { "alman-rao", WHT_F64, 17, 0, 13, 13 }, /* 16 on Alman-Rao's schedule: as before */
  { "widened", WHT_F32, 10, 6, 14, 11 },   /* 64 rows of 2^10: 4 tiles */
  { "folklore", WHT_F64, 13, 0, 13, 10 },  /* one pass on one tile of 64 KB: two on 8 */
  { "alman-rao", WHT_F32, 14, 0, 14, 11 }, /* the same: 11 stages, then 3 */
  { "folklore", WHT_F32, 13, 0, 14, 13 },  /* 32 KB: one pass, the one tile that holds it */
  { "neumaier", WHT_F16, 15, 0, 13, 12 },  /* two passes either way (no clusters here) */
};

static const char *const algos[] = { "folklore", "kahan", "neumaier", "alman-rao", "kahan-block",
                                     "neumaier-block", "widened" };

int main(void)
{
  unsetenv("WHT_GPU_TILE_LOG2");
  unsetenv("WHT_GPU_SMALL_TILES");
  wht__gpu_set_cluster(0); /* the same plans with a device that runs clusters */
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const uint64_t n = (uint64_t)1 << cases[i].k, b = (uint64_t)1 << cases[i].batch_log2;
    const char *fn = wht_format_name(cases[i].f);
    for (int on = 0; on < 2; on++) {
      wht__gpu_set_small_tiles(on);
      const unsigned want = on ? cases[i].now : cases[i].before, got = wht__gpu_tiles_tile_log2(cases[i].algo, cases[i].f, n, b);
      tap_ok(got == want, "%s %s 2^%u x %llu, small tiles %s: tile 2^%u (got 2^%u)", cases[i].algo, fn, cases[i].k,
             (unsigned long long)b, on ? "on" : "off", want, got);
    }
  }
  for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++)
    for (int f = 0; f < WHT_NFORMATS; f++) {
      const unsigned floor_t = 13 - (unsigned)(wht_format_size((wht_format)f) == 8 ? 3 : wht_format_size((wht_format)f) == 4 ? 2 : 1);
      unsigned bad = 0, moved = 0;
      for (unsigned k = 4; k <= 22; k++)
        for (int rows = 0; rows < 2; rows++) {
          const uint64_t n = (uint64_t)1 << k, b = rows && k < 16 ? (uint64_t)1 << (16 - k) : 1;
          wht__gpu_set_small_tiles(0);
          const unsigned t0 = wht__gpu_tiles_tile_log2(algos[a], (wht_format)f, n, b),
                         p0 = wht__gpu_pass_count(algos[a], (wht_format)f, n, b);
          wht__gpu_set_small_tiles(1);
          const unsigned t1 = wht__gpu_tiles_tile_log2(algos[a], (wht_format)f, n, b),
                         p1 = wht__gpu_pass_count(algos[a], (wht_format)f, n, b);
          const size_t bytes = (size_t)n * wht_format_size((wht_format)f); /* a row's */
          const int one_to_two = p0 == 1 && p1 == 2 && ((n * b) >> t0) < 8 && bytes >= 65536;
          if ((p1 != p0 && !one_to_two) || t1 > t0 || (t1 < t0 && t1 < floor_t)) {
            if (!bad++)
              tap_diag("%s %s 2^%u x %llu: tile 2^%u -> 2^%u, passes %u -> %u", algos[a],
                       wht_format_name((wht_format)f), k, (unsigned long long)b, t0, t1, p0, p1);
          }
          moved += t1 != t0;
        }
      tap_ok(!bad && moved > 0,
             "%s %s, k = 4..22: %u plans on smaller tiles, the same passes (or two for one on under 8 tiles), none under 8 KB",
             algos[a], wht_format_name((wht_format)f), moved);
    }
  return tap_done();
}
#endif
