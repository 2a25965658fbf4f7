/* fwht_blocked.c - cache blocking of the FWHT shared by the fixed-point
 * engines. Stage s pairs elements 2^s apart, so stages 0 .. l-1 act within
 * aligned blocks of 2^l elements: all low stages run block by block while
 * the block sits in L1 (32 KiB) and then L2 (1 MiB); only the stages above
 * the L2 block stream through memory, several fused per pass by the
 * engine's stage function. Exact integer arithmetic makes the order of
 * independent butterflies irrelevant to the result, so the blocks run on
 * all threads (each block is its own elements; the stage function threads
 * the passes above the blocks itself). */
#include "oracle_internal.h"
#include "wht_parallel.h"

static unsigned log2_fit(size_t bytes, size_t elem_bytes)
{
  unsigned l = 0;
  while (((size_t)2 << l) * elem_bytes <= bytes) l++;
  return l;
}

/* log2 of the L1 and L2 block sizes in elements (at least 1, L2 >= L1) */
static void block_log2s(size_t elem_bytes, unsigned *l1, unsigned *l2)
{
  *l1 = log2_fit((size_t)32 << 10, elem_bytes);
  *l2 = log2_fit((size_t)1 << 20, elem_bytes);
  if (*l1 < 1) *l1 = 1;
  if (*l2 < *l1) *l2 = *l1;
}

unsigned wht__fwht_block_log2(size_t elem_bytes)
{
  unsigned l1, l2;
  block_log2s(elem_bytes, &l1, &l2);
  return l2;
}

void wht__fwht_blocked(void *x, unsigned k, size_t elem_bytes, wht__stages_fn stages,
                       wht__prep_fn prep, const void *ctx, int nt)
{
  (void)nt; /* read by the pragma alone, which a build without OpenMP drops */
  unsigned l1, l2;
  block_log2s(elem_bytes, &l1, &l2);
  if (k <= l1) {
    if (prep) prep(x, 0, (size_t)1 << k, ctx);
    stages(x, k, 0, k, ctx);
    return;
  }
  unsigned b2 = k < l2 ? k : l2;
  size_t n = (size_t)1 << k, blk2 = (size_t)1 << b2, blk1 = (size_t)1 << l1;
  WHT__OMP(omp parallel for schedule(static) num_threads(nt))
  for (size_t off = 0; off < n; off += blk2) {
    char *p = (char *)x + off * elem_bytes;
    if (prep) prep(x, off, blk2, ctx);
    for (size_t o1 = 0; o1 < blk2; o1 += blk1) stages(p + o1 * elem_bytes, l1, 0, l1, ctx);
    if (b2 > l1) stages(p, b2, l1, b2, ctx);
  }
  if (k > b2) stages(x, k, b2, k, ctx);
}
