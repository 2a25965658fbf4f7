/* pass_blocks.h - where the blocks of `widened-pass` end (DESIGN.md section
 * 4, "Blocks"): the first block is the head f = k mod 3 and as many groups
 * of three stages as make at most WHT__PB_FIRST (12) stages; the stages
 * after it are cut into as few blocks of at most WHT__PB_NEXT (9) stages as
 * possible, whole groups, their sizes as even as possible, larger first.
 * So every block is a run of the CPU scheduler's groups, and on the GPU
 * each block is one pass of Alman-Rao's schedule: the first a contiguous
 * tile, the others strided tiles whose 2^(T - 9) element runs are at least
 * 32 bytes in every format (T the pass's tile, kernels/pass_plan.cu).
 * Plain C, for lib/ and kernels/ alike. */
#ifndef WHT_PASS_BLOCKS_H
#define WHT_PASS_BLOCKS_H

#define WHT__PB_FIRST 12u
#define WHT__PB_NEXT 9u

#ifdef __CUDACC__
#define WHT__PB_FN static inline __host__ __device__
#else
#define WHT__PB_FN static inline
#endif

/* stages in the first block of a row of 2^k */
WHT__PB_FN unsigned wht__pb_first(unsigned k)
{
  const unsigned f = k % 3, m = k < WHT__PB_FIRST ? k : WHT__PB_FIRST;
  return f + 3 * ((m - f) / 3);
}

/* stages in the block that starts at stage s (a block boundary, s < k) */
WHT__PB_FN unsigned wht__pb_len(unsigned k, unsigned s)
{
  if (s == 0) return wht__pb_first(k);
  const unsigned groups = (k - s) / 3, per = WHT__PB_NEXT / 3;
  const unsigned blocks = (groups + per - 1) / per;
  return 3 * ((groups + blocks - 1) / blocks);
}

/* the stage at which the block holding stage s (s < k) ends */
WHT__PB_FN unsigned wht__pb_end(unsigned k, unsigned s)
{
  unsigned e = wht__pb_first(k);
  while (e <= s) e += wht__pb_len(k, e);
  return e;
}

/* whether stage s (0 <= s < k) begins a block */
WHT__PB_FN int wht__pb_starts(unsigned k, unsigned s)
{
  return s == 0 || wht__pb_end(k, s - 1) == s;
}

#endif
