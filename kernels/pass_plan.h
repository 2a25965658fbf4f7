/* pass_plan.h - how a GPU transform is split into passes over device memory
 * (DESIGN.md section 5), and the descriptor a pass kernel receives.
 *
 * A pass loads tiles of 2^Tt elements into shared memory, applies stages
 * s0 .. s0+L-1 to each tile and writes it back. A tile's element u sits at
 *   g = hi * 2^(s0+L) + (u >> R) * 2^s0 + mid * 2^R + (u mod 2^R)
 * where (hi, mid) = (b >> (s0-R), b mod 2^(s0-R)) for tile b: R low index
 * bits form contiguous runs (coalesced loads) and L bits are the stages'
 * bits. The first pass (s0 = 0, R = 0) takes contiguous tiles; when the rows
 * are shorter than a tile, a tile holds several rows and the last tile may
 * be partial (elements past N are neither loaded nor stored). Consecutive
 * tiles b differ in mid first, so the blocks running at one time cover
 * contiguous memory.
 *
 * Inside a tile the stages run in rounds of up to three stages on tile bits
 * q .. q+c-1 (radix 2^c), in increasing stage order. For Alman-Rao the
 * first pass starts with the head round (k mod 3 folklore stages and the
 * 2^c(i) prescaling) and every other round is a whole radix-8 group, so
 * pass boundaries fall at s = f + 3t. */
#ifndef WHT_KERNELS_PASS_PLAN_H
#define WHT_KERNELS_PASS_PLAN_H

#include <stdint.h>

#define WHT__MAX_ROUNDS 8
#define WHT__MAX_PASSES 24
#define WHT__THREADS 256

enum { WHT__ROUND_BFLY = 0, WHT__ROUND_AR_HEAD = 1, WHT__ROUND_AR_RADIX8 = 2 };
enum { WHT__SCHED_RADIX2 = 0, WHT__SCHED_ALMAN_RAO = 1 };

typedef struct {
  uint64_t N;        /* elements over all rows */
  uint64_t ntiles;   /* tiles of this pass (the first may end partial) */
  unsigned k;        /* log2 of the row length */
  unsigned s0, L;    /* stages s0 .. s0+L-1 */
  unsigned R, Tt;    /* run bits and tile bits (Tt = R + L except the first pass) */
  unsigned nrounds;
  /* round r in bits 8r .. 8r+7: tile bit q of its first stage (bits 0-3),
   * stage count c (bits 4-5), kind WHT__ROUND_* (bits 6-7); packed so that
   * a kernel reads round r with a shift, not an indexed (local) array */
  uint64_t rounds;
  unsigned first, last;  /* pass holds stage 0 / stage k-1 */
} wht__pass;

#define WHT__ROUND_Q(p, r) ((unsigned)((p).rounds >> (8 * (r))) & 15u)
#define WHT__ROUND_C(p, r) ((unsigned)((p).rounds >> (8 * (r) + 4)) & 3u)
#define WHT__ROUND_KIND(p, r) ((unsigned)((p).rounds >> (8 * (r) + 6)) & 3u)

/* Split k stages of `batch` rows of 2^k elements of esz bytes into passes
 * with tiles of at most 2^tile_log2 elements. Returns the number of passes
 * written to out (0 when k = 0: nothing to do). */
unsigned wht__plan_passes(unsigned k, uint64_t batch, unsigned esz, int sched,
                          unsigned tile_log2, wht__pass *out);

/* The tile size used for a transform: 32 KB of shared memory per block
 * (x, and e for compensated algorithms), or 64 KB when that saves a pass;
 * wht__gpu_set_tile_log2 or the environment variable WHT_GPU_TILE_LOG2
 * force a size (clamped to what the planner accepts). */
unsigned wht__choose_tile_log2(unsigned k, uint64_t batch, unsigned esz, int sched,
                               int compensated);
unsigned wht__tile_log2_min(unsigned esz);
unsigned wht__tile_log2_max(unsigned esz, int compensated);

#endif
