/* fixed_path.c - the fast exact path: the whole pipeline of an operation in
 * fixed-point integers (fixed128.c when the bound of bounds.c fits in 128
 * bits, fixedwide.c's limb vectors otherwise). Exactness: every input is an
 * integer multiple of 2^qin and every intermediate, in those units, has at
 * most bd->bits magnitude bits (oracle_internal.h); the engine is chosen
 * with 64 * limbs >= bits + 1, so no step wraps and each one is exact. The
 * division by n is only the exponent of the final scale 2^eout. */
#include <stdlib.h>
#include "oracle_internal.h"

_Static_assert(sizeof(wht_dd) == 16, "the __int128 engine works inside the output array");

/* The operation's last FWHT of X (x != NULL: loaded from x first); with
 * the engine's fused conversion where it has one and works in out (returns
 * 1 and sets *over), else the plain transform (0: store still to do). */
static int last_fwht(const wht__fixed_engine *eng, int in_place, void *X, const double *x, unsigned k,
                     int q, long bits, const wht__bounds *bd, wht_dd *out, size_t *over)
{
  if (in_place && eng->fwht_store) {
    *over = eng->fwht_store(eng->limbs, X, x, k, q, bd->eout);
    return 1;
  }
  if (x)
    eng->load_fwht(eng->limbs, X, x, k, q, bits, out);
  else
    eng->fwht(eng->limbs, X, k, bits, out);
  return 0;
}

static void *alloc_elems(size_t n, unsigned limbs)
{
  size_t bytes = n * limbs * sizeof(uint64_t);
  bytes = (bytes + 63) / 64 * 64; /* aligned_alloc wants a multiple of the alignment */
  return aligned_alloc(64, bytes);
}

wht_oracle_status wht__fixed_run(wht_op op, unsigned k, const double *a, const double *b,
                                 double tau, const wht__bounds *bd, unsigned limbs,
                                 wht_dd *out, long *used, char *msg, size_t msglen)
{
  size_t n = (size_t)1 << k;
  const char *name = wht_op_name(op);
  /* __int128 for two limbs, unless a test asks for the generic engine */
  int wide = limbs > 2 || wht__oracle_forced_limbs() != 0;
  wht__fixed_engine eng = wide ? wht__wide_engine : wht__i128_engine;
  eng.limbs = limbs;
  *used = 64L * limbs;
  if ((long)64 * limbs < bd->bits + 1) {
    wht__msg(msg, msglen, "oracle: %s needs %ld bits, more than the %u limbs asked for",
             name, bd->bits + 1, limbs);
    return WHT_ORACLE_BADARG;
  }
  /* two limbs: work inside out (16 bytes per element, see fixed128.c) */
  int in_place = !wide;
  void *X = in_place ? (void *)out : alloc_elems(n, limbs), *Y = NULL;
  if (!X) goto nomem;
  size_t over = 0;
  int stored = 0; /* the last FWHT converted to hi + lo itself */
  if (op == WHT_OP_ONE_WAY)
    stored = last_fwht(&eng, in_place, X, a, k, bd->qin[0], bd->in_bits[0], bd, out, &over);
  else
    eng.load_fwht(limbs, X, a, k, bd->qin[0], bd->in_bits[0], out);
  switch (op) {
  case WHT_OP_ONE_WAY:
    break;
  case WHT_OP_TWO_WAY:
    stored = last_fwht(&eng, in_place, X, NULL, k, 0, bd->mid_bits, bd, out, &over);
    break;
  case WHT_OP_SMOOTHED:
    eng.phi(limbs, X, n, tau, bd->qin[0]);
    stored = last_fwht(&eng, in_place, X, NULL, k, 0, bd->mid_bits, bd, out, &over);
    break;
  case WHT_OP_XOR_CONV:
  default:
    Y = alloc_elems(n, limbs);
    if (!Y) goto nomem;
    eng.load_fwht(limbs, Y, b, k, bd->qin[1], bd->in_bits[1], out);
    eng.mul(limbs, X, Y, n);
    free(Y);
    Y = NULL;
    stored = last_fwht(&eng, in_place, X, NULL, k, 0, bd->mid_bits, bd, out, &over);
    break;
  }
  if (!stored) over = eng.store(limbs, X, n, bd->eout, out);
  if (!in_place) free(X);
  if (over) {
    wht__msg(msg, msglen, "oracle: %s: %zu exact outputs overflow double", name, over);
    return WHT_ORACLE_OVERFLOW;
  }
  return WHT_ORACLE_OK;
nomem:
  if (!in_place) free(X);
  free(Y);
  wht__msg(msg, msglen, "oracle: %s: no memory for %zu fixed-point values of %u limbs",
           name, n, limbs);
  return WHT_ORACLE_NOMEM;
}
