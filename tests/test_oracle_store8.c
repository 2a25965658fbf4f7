/* test_oracle_store8.c - the __int128 engine's conversion eight values at
 * a time (oracle/fixed128_avx512.c, wht__i128x8_store) against the scalar
 * one it stands for (wht__fx_store, fixed_gpu_ops.h), value by value at
 * every lane: random values of every length, crafted ones (negative
 * multiples of 2^64, whose negation carries into the high word; rounding
 * ties of hi and of lo; remainders of 2^75 minus the bits below; powers of
 * two), at output exponents near both ends of the common range. Where the
 * eight-value call declines (returns 0) one of its values must be outside
 * that range or overflow. Where the CPU lacks AVX-512F and CD, the test
 * is skipped. */
#include <stdlib.h>
#include <string.h>
#include "oracle_internal.h"
#include "fixed_gpu_ops.h"
#include "tap.h"

static uint64_t state = 0x9e3779b97f4a7c15u;
static uint64_t next(void)
{
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 0x2545f4914f6cdd1du;
}

/* a value of random length (1..127 bits) and sign, or a crafted one */
static wht__u128 value(void)
{
  const unsigned len = 1 + (unsigned)(next() % 127), kind = (unsigned)(next() % 8);
  wht__u128 x = ((wht__u128)next() << 64 | next()) >> (128 - len);
  switch (kind) {
  case 0: x = (wht__u128)(next() % 1000 + 1) << 64; break;                 /* a multiple of 2^64 */
  case 1: x |= (wht__u128)1 << (len - 1); x &= ~(((wht__u128)1 << 75) - 1) >> (128 - len); break; /* zeros below */
  case 2: if (len > 54) x = (x >> (len - 54) | 1) << (len - 54); break;    /* hi's tie */
  case 3: x = (wht__u128)1 << (len - 1); break;                          /* a power of two */
  case 4: x = ((wht__u128)1 << (len - 1)) - 1; break;                    /* all ones */
  default: break;
  }
  return next() & 1 ? -x : x;
}

int main(void)
{
  wht__oracle_force_scalar(0);
  if (!wht__i128x4_available()) return tap_skip_all("this CPU lacks AVX-512F and CD");
  static const int exps[] = { 0, -100, 1000, 896, -842, -800, -969, 300 };
  long blocks = 0, declined = 0, bad = 0;
  for (int r = 0; r < 40000; r++) {
    const int e = exps[r % 8];
    wht__u128 in[8], buf[8];
    for (int i = 0; i < 8; i++) in[i] = buf[i] = value();
    if (r % 5 == 0) in[r % 8] = buf[r % 8] = 0; /* zeros among them */
    const int took = wht__i128x8_store(&buf[0], &buf[4], e);
    int outside = 0;
    for (int i = 0; i < 8; i++) {
      uint64_t hl[2] = { 0, 0 };
      const int st = wht__fx_store(in[i], e, hl);
      outside |= st != WHT__FX_STORED;
      uint64_t got[2];
      memcpy(got, &buf[i], sizeof got);
      if (took && memcmp(hl, got, sizeof hl) != 0) {
        if (bad++ < 5)
          tap_diag("lane %d, e %d: value %016llx%016llx gives %016llx %016llx, scalar %016llx %016llx", i, e,
                   (unsigned long long)(in[i] >> 64), (unsigned long long)in[i], (unsigned long long)got[0],
                   (unsigned long long)got[1], (unsigned long long)hl[0], (unsigned long long)hl[1]);
      }
    }
    blocks++;
    if (!took) {
      declined++;
      if (!outside && bad++ < 5) tap_diag("a block of common values declined (e %d)", e);
      if (memcmp(in, buf, sizeof in) != 0 && bad++ < 5) tap_diag("a declined block was written");
    }
  }
  tap_ok(bad == 0, "%ld blocks of eight: every value the scalar conversion's bits (%ld blocks declined, each "
                   "with a value outside the common range, untouched)", blocks, declined);
  tap_ok(declined > 0 && declined < blocks / 2, "both paths ran: %ld of %ld blocks declined", declined, blocks);
  return tap_done();
}
