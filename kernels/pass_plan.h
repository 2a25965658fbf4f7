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
 * Inside a tile the stages run in rounds of c stages on tile bits
 * q .. q+c-1 (radix 2^c, c up to the algorithm's cmax, rounds of one stage
 * only in one-stage passes), in increasing stage order. For Alman-Rao the
 * first pass starts with the head round (f = k mod 3 folklore stages, the
 * 2^c(i) prescaling and the first radix-8 group) and every other round
 * holds one or two whole radix-8 groups, so pass boundaries fall at
 * s = f + 3t.
 *
 * A tile may be spread over the two thread blocks of a cluster (cl = 1):
 * block r holds the tile elements whose top bit (Tt-1) is r, loads and
 * stores them, and runs the rounds below bit Tt-1 alone; the round that
 * holds bit Tt-1 (its last stage bit) reads and writes both blocks' shared
 * memory (distributed shared memory), each block taking half of its
 * groups, between two cluster barriers. The arithmetic is the same round
 * on the same elements, so the result does not change; the planner takes
 * such tiles (twice the largest a block holds) only where they make the
 * transform one pass, e.g. batched rows of 2^15 f32 or 2^16 f16
 * (wht__choose_tile_log2, DESIGN.md section 5).
 *
 * L2 blocking: where it saves a pass over device memory, the first pass
 * (fuse = 1) and the second run as one persistent kernel. The second
 * pass's stages L0 .. C-1 then stay inside chunks of 2^C elements (its
 * tiles 2^(C-Tt) chunk by chunk, as the first pass's), and a ticket queue
 * hands out the tiles of both passes, the second's lagging the first's by
 * a chunk and more, so that a chunk's second-pass tiles read from L2 what
 * its first-pass tiles wrote moments before (a chunk of 8 MiB by default:
 * wht__plan_l2_chunk_log2). The stages and their order are those of two
 * separate passes, so the result does not change (pass_run.cuh,
 * wht__fused_kernel). */
#ifndef WHT_KERNELS_PASS_PLAN_H
#define WHT_KERNELS_PASS_PLAN_H

#include <stdint.h>

#define WHT__MAX_ROUNDS 12
#define WHT__MAX_PASSES 24
#define WHT__THREADS 256
#define WHT__L2_MAX_CHUNKS 8192 /* chunks of an L2-blocked transform (their counters) */

enum { WHT__ROUND_BFLY = 0, WHT__ROUND_AR_HEAD = 1, WHT__ROUND_AR_RADIX8 = 2 };
enum { WHT__SCHED_RADIX2 = 0, WHT__SCHED_ALMAN_RAO = 1 };

typedef struct {
  uint64_t N;        /* elements over all rows */
  uint64_t ntiles;   /* tiles of this pass (the first may end partial) */
  unsigned k;        /* log2 of the row length */
  unsigned s0, L;    /* stages s0 .. s0+L-1 */
  unsigned R, Tt;    /* run bits and tile bits (Tt = R + L except the first pass) */
  unsigned nrounds;
  /* round r in bits 10(r mod 6) .. +9 of rounds[r / 6]: tile bit q of its
   * first stage (bits 0-4), stage count c (bits 5-7), kind WHT__ROUND_*
   * (bits 8-9); packed in two words so that a kernel reads round r with a
   * select and a shift, not an indexed (local-memory) array */
  uint64_t rounds_lo, rounds_hi;
  unsigned first, last;  /* pass holds stage 0 / stage k-1 */
  unsigned cl;           /* log2 of the thread blocks a tile is spread over: 0 or 1 */
  unsigned fuse;         /* 1: this pass and the next run as one kernel (L2 blocking) */
  unsigned fuse_chunk_tiles_log2; /* fuse: log2 of the tiles of either pass in a chunk */
} wht__pass;

#define WHT__ROUND_BITS(p, r) ((unsigned)(((r) < 6 ? (p).rounds_lo : (p).rounds_hi) >> (10 * ((r) % 6))))
#define WHT__ROUND_Q(p, r) (WHT__ROUND_BITS(p, r) & 31u)
#define WHT__ROUND_C(p, r) ((WHT__ROUND_BITS(p, r) >> 5) & 7u)
#define WHT__ROUND_KIND(p, r) ((WHT__ROUND_BITS(p, r) >> 8) & 3u)

/* Most stages a round holds in registers: 32 values of 4 or 2 bytes or 16
 * doubles; compensated algorithms hold x and e (16 of each, 8 in f64);
 * Alman-Rao rounds hold two radix-8 groups (64 values), one in f64. */
__host__ __device__ constexpr unsigned wht__round_cmax(int compensated, int sched, unsigned esz)
{
  return sched == WHT__SCHED_ALMAN_RAO ? (esz == 8 ? 3 : 6) : compensated ? (esz == 8 ? 3 : 4) : (esz == 8 ? 4 : 5);
}

/* Split k stages of `batch` rows of 2^k elements of esz bytes into passes
 * with tiles of at most 2^tile_log2 elements and rounds of at most cmax
 * stages (Alman-Rao: cmax 6 lets a round hold two radix-8 groups, 3 one);
 * tiles of more than 2^block_log2 elements (at most twice that) are
 * spread over a cluster of two blocks (cl = 1). chunk_log2 (0: none): the
 * most elements, log2, an L2-blocked pair of passes may keep in a chunk;
 * the pair is planned where it takes fewer passes over device memory
 * than the plan without (three or more passes). Returns the number of
 * passes written to out (0 when k = 0), a fused pair counting two. */
unsigned wht__plan_passes(unsigned k, uint64_t batch, unsigned esz, int sched, unsigned cmax,
                          unsigned tile_log2, unsigned block_log2, unsigned chunk_log2, wht__pass *out);
/* The strided passes of stages s1 .. k-1 of rows of 2^k (0 < s1 < k, the
 * stages below s1 done by another kernel; Alman-Rao: s1 = k mod 3 + 3t),
 * spread over as few passes as wht__plan_passes's later ones; no pair
 * (its chunks need a first pass from stage 0). Returns the pass count. */
unsigned wht__plan_passes_from(unsigned k, uint64_t batch, unsigned esz, int sched, unsigned cmax,
                               unsigned tile_log2, unsigned block_log2, unsigned s1, wht__pass *out);
/* One pass of stages s0 .. s0+L-1 (L <= T) of rows of 2^k: contiguous
 * tiles of up to 2^T elements when s0 = 0, else strided tiles of 2^(R+L)
 * with R = min(s0, T - L); rounds of butterflies of at most cmax stages
 * (widened-pass's blocks, kernels/widened_pass.cu). */
void wht__plan_one_pass(unsigned k, uint64_t batch, unsigned s0, unsigned L, unsigned T, unsigned cmax,
                        wht__pass *p);
/* One contiguous pass of all k stages of rows of 2^k (k <= T) whose
 * rounds start afresh at each of nblocks runs of len[0], len[1], ...
 * stages (summing to k): no round straddles the end of a run
 * (widened-pass's blocks in one tile, kernels/widened_pass.cu). */
void wht__plan_blocks_pass(unsigned k, uint64_t batch, unsigned T, unsigned cmax, const unsigned *len,
                           unsigned nblocks, wht__pass *p);
/* Passes over device memory of a plan: its passes, a fused pair counting one. */
unsigned wht__plan_dram_passes(const wht__pass *ps, unsigned np);
/* The chunk of L2-blocked passes (log2 of elements of esz bytes; x and e
 * for compensated algorithms): 2^23 bytes, or 2^b bytes for the
 * environment variable WHT_GPU_L2_CHUNK=b (0: no L2 blocking) or
 * wht__gpu_set_l2_chunk; none for compensated algorithms unless
 * WHT_GPU_L2_CHUNK_COMPENSATED=b. Measured on an H100 (docs/PERFORMANCE.md). */
unsigned wht__plan_l2_chunk_log2(unsigned esz, int compensated);

/* The tile size used for a transform (log2 elements; *block_log2: the
 * most one thread block holds): 64 KB of shared memory per block, or for
 * compensated algorithms 16 KB each of x and e (32 KB each when that
 * saves a pass); then, when clusters are allowed (wht__plan_clusters),
 * tiles twice that, over two blocks, where that makes the transform one
 * pass.
 * wht__gpu_set_tile_log2 or the environment variable WHT_GPU_TILE_LOG2
 * force the block's size (clamped to what the planner accepts). */
unsigned wht__choose_tile_log2(unsigned k, uint64_t batch, unsigned esz, int sched,
                               unsigned cmax, int compensated, int clusters, unsigned *block_log2);
/* Whether plans may spread tiles over clusters: the environment variable
 * WHT_GPU_CLUSTER (0: never; default 1), or wht__gpu_set_cluster. */
int wht__plan_clusters(void);
/* Whether small transforms avoid plans of a handful of blocks: smaller
 * tiles (wht__choose_tile_log2) and, for rows_comp.cuh's block kernels,
 * the tiles below 8 rows. The environment variable WHT_GPU_SMALL_TILES
 * (0: never, for comparisons; default 1), or wht__gpu_set_small_tiles. */
int wht__plan_small_tiles(void);
/* Whether Alman-Rao's schedule's long rows may take block rows as their
 * first pass (single_ar.cuh): 0 never, 1 as each algorithm's policy says
 * (default), 2 wherever the kernels can; the environment variable
 * WHT_GPU_SINGLE_AR_BLK1, or wht__gpu_set_sar_blk_first. */
int wht__plan_sar_blk_first(void);
/* Whether its strided passes of 9 stages take the rolled kernel
 * (sar_rolled.cuh): 0 never, 1 as each algorithm's policy says (default),
 * 2 always; the environment variable WHT_GPU_SAR_ROLLED, or
 * wht__gpu_set_sar_rolled. */
int wht__plan_sar_rolled(void);
/* ... in the column form (sar_rolled.cuh): 1 the column pairs (default),
 * 0 the word rounds; the environment variable WHT_GPU_SAR_ROLLED_Q, or
 * wht__gpu_set_sar_rolled_cols. */
int wht__plan_sar_rolled_cols(void);
unsigned wht__tile_log2_min(unsigned esz);
unsigned wht__tile_log2_max(unsigned esz, int compensated);

#endif
