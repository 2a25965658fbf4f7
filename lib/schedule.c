/* schedule.c - the CPU schedule shared by every algorithm: stage group 0
 * (k mod 3 stages) and then groups of three stages, cache-blocked.
 *
 * Stages 0 .. b-1 run block by block (2^b elements, b <= WHT__BLOCK_LOG2 and
 * b = k mod 3 (mod 3)) while the block sits in cache; the remaining groups
 * each take one pass over memory. A group of three stages reads and writes
 * each element once (radix-8 in registers), so a transform of 2^k costs
 * about (k - b)/3 + 1 passes instead of k. */
#include "wht_internal.h"

#ifndef WHT__BLOCK_LOG2
#define WHT__BLOCK_LOG2 15
#endif

void wht__cpu_execute(const wht__algorithm *a, wht_format f, void *x, void *e,
                      uint64_t n, unsigned k, uint64_t batch)
{
  const wht__cpu_group_fn group = a->cpu[f];
  const wht__cpu_ctx ctx = { x, e, n, k };
  const uint64_t total = n * batch;
  const unsigned f0 = k % 3;
  unsigned b = f0;
  while (b + 3 <= k && b + 3 <= WHT__BLOCK_LOG2) b += 3;
  const uint64_t blk = (uint64_t)1 << b;

  for (uint64_t base = 0; base < total; base += blk) {
    group(&ctx, base, blk >> f0, 0, f0);
    for (unsigned s = f0; s < b; s += 3) group(&ctx, base, blk >> (s + 3), s, 3);
  }
  for (unsigned s = b; s < k; s += 3) group(&ctx, 0, total >> (s + 3), s, 3);
}
