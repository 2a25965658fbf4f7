/* gpu_fixed_pipeline.c - the fixed path of fixed_path.c, step for step, on
 * an executor's memory (gpu_fixed.h): load and transform the inputs, the
 * operation's middle steps, the last transform, then the integers to
 * hi + lo and back to the host, where the CPU engine converts the elements
 * the 128-bit conversion left (near overflow or subnormal). The whole
 * pipeline runs in one width: __int128 up to 128 bits, 256-bit values up to
 * 256 (the CPU's limb engine cuts the same range into 192 or 256 bits and
 * slices; exact integers either way, so the same hi + lo). With resident
 * data (wht_oracle_run_resident) the inputs and hi + lo stay in the
 * executor's memory: no copies, and the elements left to the CPU make the
 * round trip alone. */
#include <stdlib.h>
#include <string.h>
#include "gpu_fixed.h"

static int failed(const wht__fx_exec *ex, char *why, size_t len, const char *step)
{
  wht__msg(why, len, "%s %s: %s", ex->name, step, ex->why());
  return -1;
}

/* The CPU engine's conversion of the slow elements flagged (their integers
 * in out), gathered into one call; returns its overflow count. */
static size_t convert_left(wht_dd *out, size_t n, const unsigned char *flags, size_t slow, int e)
{
  wht_dd *tmp = malloc(slow * sizeof *tmp);
  size_t over = 0, j = 0;
  if (!tmp) { /* one element at a time, in place: the same bits */
    for (size_t i = 0; i < n; i++)
      if (flags[i]) over += wht__i128_engine.store(2, &out[i], 1, e, &out[i]);
    return over;
  }
  for (size_t i = 0; i < n; i++)
    if (flags[i]) tmp[j++] = out[i];
  over = wht__i128_engine.store(2, tmp, slow, e, tmp);
  j = 0;
  for (size_t i = 0; i < n; i++)
    if (flags[i]) out[i] = tmp[j++];
  free(tmp);
  return over;
}

/* Resident data: the slow elements' integers and flags (executor memory)
 * come to the host for the CPU engine, and hi + lo go back. Rare (outputs
 * near overflow or subnormal), so the whole vectors travel. */
static int convert_left_resident(const wht__fx_exec *ex, wht_dd *out, const void *flags_x, size_t n, size_t slow,
                                 int e, size_t *over)
{
  wht_dd *h = malloc(n * sizeof *h);
  unsigned char *f = malloc(n);
  int rc = -1;
  if (h && f && !ex->get(h, out, n * sizeof *h) && !ex->get(f, flags_x, n)) {
    *over += convert_left(h, n, f, slow, e);
    rc = ex->put(out, h, n * sizeof *h);
  }
  free(h), free(f);
  return rc;
}

int wht__gpu_fixed_run(const wht__fx_exec *ex, int resident, wht_op op, unsigned k, const double *a,
                       const double *b, double tau, const wht__bounds *bd, wht_dd *out, wht_oracle_status *st,
                       char *msg, size_t msglen, char *why, size_t whylen)
{
  const size_t n = (size_t)1 << k;
  const int two = op == WHT_OP_XOR_CONV;
  if (bd->bits + 1 > 256) {
    wht__msg(why, whylen, "the exact values need %ld bits, the GPU engine has 256", bd->bits + 1);
    return -1;
  }
  /* 128-bit values where they suffice: half the memory and its traffic;
   * with 256-bit results, the operation's first transforms still run in
   * 128 bits where theirs fit, lifted (sign-extended, or multiplied into
   * 256 bits for xor-conv) before the rest */
  const unsigned L = bd->bits + 1 <= 128 ? 2 : 4;
  long first = bd->in_bits[0];
  if (two && bd->in_bits[1] > first) first = bd->in_bits[1];
  first += (long)k; /* magnitude bits after the first transform(s) */
  const int lifted = L == 4 && op != WHT_OP_ONE_WAY && first + 1 <= 128;
  const unsigned Lin = lifted ? 2 : L; /* width of the first transforms */
  /* Host data: D stages the doubles in (then holds the flags), hi + lo go
   * over X where its elements are 16 bytes, over Y after a 256-bit
   * product, else to a buffer of their own, and come back. Resident data:
   * the inputs are read where they are, 16-byte values live in out itself
   * (the workspace wht_oracle_run_resident documents), hi + lo are written
   * to out, and D is just the flags. */
  const int x_in_out = resident && Lin == 2 && ((uintptr_t)out & 15) == 0;
  const int own_out = !resident && Lin == 4 && !two;
  const size_t dbytes = resident ? n : n * 8;
  const size_t need = dbytes + n * ((x_in_out ? 0 : 8 * Lin) + (two ? 8 * Lin : 0u) + (lifted ? 32u : 0u) +
                                    (own_out ? 16u : 0u));
  if (ex->available(need, why, whylen) != 0) return -1;
  void *D = ex->alloc(dbytes), *X = x_in_out ? (void *)out : ex->alloc(n * 8 * Lin);
  void *Y = two ? ex->alloc(n * 8 * Lin) : NULL;
  void *Z = lifted ? ex->alloc(n * 32) : NULL, *O = own_out ? ex->alloc(n * 16) : NULL;
  unsigned char *flags = NULL; /* host copy of the executor's flags, when it left any */
  size_t over = 0, slow = 0;
  int rc = -1;
  const char *step = "allocation";
  if (!D || !X || (two && !Y) || (lifted && !Z) || (own_out && !O)) goto done;
  if (resident)
    O = out;
  else if (!own_out)
    O = Lin == 2 ? X : Y;
  step = "load";
  if ((!resident && ex->put(D, a, n * 8)) || ex->load(X, resident ? a : D, n, bd->qin[0], Lin)) goto done;
  step = "transform";
  if (ex->fwht(X, k, Lin)) goto done;
  if (two) {
    step = "second input";
    if ((!resident && ex->put(D, b, n * 8)) || ex->load(Y, resident ? b : D, n, bd->qin[1], Lin) ||
        ex->fwht(Y, k, Lin))
      goto done;
  }
  void *W = X; /* the values of the rest, L limbs */
  if (lifted) {
    step = "lift to 256 bits";
    if (ex->lift(Z, X, Y, n)) goto done;
    W = Z;
  } else if (two) {
    step = "product";
    if (ex->mul(X, Y, n, L)) goto done;
  }
  if (op == WHT_OP_SMOOTHED) {
    uint64_t tb;
    memcpy(&tb, &tau, sizeof tb);
    step = "soft threshold";
    if (ex->phi(W, n, tb, bd->qin[0], L)) goto done;
  }
  step = "last transform";
  if (op != WHT_OP_ONE_WAY && ex->fwht(W, k, L)) goto done;
  step = "conversion";
  if (ex->store(W, n, bd->eout, L, O, D, &over, &slow)) goto done;
  if (resident) {
    step = "conversion of the outputs left to the CPU";
    if (slow && convert_left_resident(ex, out, D, n, slow, bd->eout, &over)) goto done;
  } else {
    step = "copy back";
    /* hi + lo land in out, 16 bytes an element; what the executor left to
     * the CPU (flags in D) keeps its integer there, as fixed128.c works */
    if (ex->get(out, O, n * 16)) goto done;
    if (slow && (!(flags = malloc(n)) || ex->get(flags, D, n))) goto done;
  }
  rc = 0;
done:
  if (rc != 0) failed(ex, why, whylen, step);
  ex->release(D), ex->release(Y), ex->release(Z);
  if (!x_in_out) ex->release(X);
  if (own_out) ex->release(O);
  if (rc != 0) {
    free(flags);
    return -1;
  }
  if (slow && !resident) over += convert_left(out, n, flags, slow, bd->eout);
  free(flags);
  *st = WHT_ORACLE_OK;
  if (over) {
    wht__msg(msg, msglen, "oracle: %s: %zu exact outputs overflow double", wht_op_name(op), over);
    *st = WHT_ORACLE_OVERFLOW;
  }
  return 0;
}
