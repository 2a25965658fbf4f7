/* mpfr_path.c - the certified exact path in MPFR: every value has the
 * precision prec = bits + 1 of bounds.c (or a forced one), enough for every
 * intermediate by the argument in oracle_internal.h, and the ternary value
 * of every MPFR call is checked: a nonzero one means a rounding happened,
 * which is a bug, and stops the run with a message naming the operation,
 * the step and the precision. Scaling by 1/n is mpfr_div_2ui (exact). The
 * values live in one block via MPFR's custom allocation interface. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "oracle_internal.h"

typedef struct {
  mpfr_t *v;
  void *limbs;
  size_t n;
} marray;

static int marray_init(marray *m, size_t n, mpfr_prec_t prec)
{
  size_t sz = mpfr_custom_get_size(prec);
  sz = (sz + sizeof(mp_limb_t) - 1) / sizeof(mp_limb_t) * sizeof(mp_limb_t);
  m->n = n;
  m->v = malloc(n * sizeof *m->v);
  m->limbs = malloc(n * sz);
  if (!m->v || !m->limbs) {
    free(m->v);
    free(m->limbs);
    m->v = NULL;
    m->limbs = NULL;
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    void *p = (char *)m->limbs + i * sz;
    mpfr_custom_init(p, prec);
    mpfr_custom_init_set(m->v[i], MPFR_ZERO_KIND, 0, prec, p);
  }
  return 0;
}

static void marray_free(marray *m)
{
  free(m->v);
  free(m->limbs);
  m->v = NULL;
  m->limbs = NULL;
}

/* Context for messages. */
typedef struct {
  const char *op;
  mpfr_prec_t prec;
  char *msg;
  size_t msglen;
} ctx;

static int inexact(const ctx *c, int t, const char *what, const char *where)
{
  if (t == 0) return 0;
  wht__msg(c->msg, c->msglen, "oracle: inexact MPFR %s in %s %s at precision %ld",
           what, c->op, where, (long)c->prec);
  return 1;
}

static int load(const ctx *c, marray *m, const double *x, const char *input)
{
  char where[64];
  snprintf(where, sizeof where, "input %s", input);
  for (size_t i = 0; i < m->n; i++)
    if (inexact(c, mpfr_set_d(m->v[i], x[i], MPFR_RNDN), "set_d", where)) return -1;
  return 0;
}

/* In-place radix-2 FWHT, stage s pairing elements 2^s apart. */
static int fwht(const ctx *c, marray *m, unsigned k, mpfr_ptr tmp, const char *which)
{
  char where[64];
  size_t n = m->n;
  for (unsigned s = 0; s < k; s++) {
    size_t h = (size_t)1 << s;
    snprintf(where, sizeof where, "%sstage %u", which, s);
    for (size_t base = 0; base < n; base += 2 * h)
      for (size_t j = base; j < base + h; j++) {
        mpfr_ptr a = m->v[j], b = m->v[j + h];
        if (inexact(c, mpfr_add(tmp, a, b, MPFR_RNDN), "add", where)) return -1;
        if (inexact(c, mpfr_sub(b, a, b, MPFR_RNDN), "sub", where)) return -1;
        mpfr_swap(a, tmp); /* same precision; limb blocks are only freed together */
      }
  }
  return 0;
}

static int scale(const ctx *c, marray *m, unsigned k)
{
  for (size_t i = 0; i < m->n; i++)
    if (inexact(c, mpfr_div_2ui(m->v[i], m->v[i], k, MPFR_RNDN), "div_2ui", "scaling by 1/n"))
      return -1;
  return 0;
}

/* phi(v) = v - tau if v > tau, 0 if |v| <= tau, v + tau if v < -tau */
static int phi(const ctx *c, marray *m, mpfr_srcptr tau)
{
  for (size_t i = 0; i < m->n; i++) {
    mpfr_ptr v = m->v[i];
    if (mpfr_cmp(v, tau) > 0) {
      if (inexact(c, mpfr_sub(v, v, tau, MPFR_RNDN), "sub", "threshold")) return -1;
    } else if (mpfr_cmpabs(v, tau) > 0) {
      if (inexact(c, mpfr_add(v, v, tau, MPFR_RNDN), "add", "threshold")) return -1;
    } else {
      mpfr_set_zero(v, 1);
    }
  }
  return 0;
}

/* hi = RN(v), lo = RN(v - hi); v - hi is exact at v's precision (it is a
 * multiple of v's last bit no larger than |v|). Exact zero gives +0, +0. */
static int store(const ctx *c, marray *m, mpfr_ptr r, wht_dd *out, size_t *over)
{
  *over = 0;
  for (size_t i = 0; i < m->n; i++) {
    mpfr_ptr v = m->v[i];
    if (mpfr_zero_p(v)) {
      out[i].hi = out[i].lo = 0.0;
      continue;
    }
    double hi = mpfr_get_d(v, MPFR_RNDN);
    if (isinf(hi)) {
      out[i].hi = hi;
      out[i].lo = 0.0;
      ++*over;
      continue;
    }
    if (inexact(c, mpfr_sub_d(r, v, hi, MPFR_RNDN), "sub_d", "output (v - hi)")) return -1;
    out[i].hi = hi;
    out[i].lo = mpfr_zero_p(r) ? 0.0 : mpfr_get_d(r, MPFR_RNDN);
  }
  return 0;
}

wht_oracle_status wht__mpfr_run(wht_op op, unsigned k, const double *a, const double *b,
                                double tau, const wht__bounds *bd, long prec,
                                wht_dd *out, long *used, char *msg, size_t msglen)
{
  size_t n = (size_t)1 << k;
  if (prec <= 0) prec = bd->bits + 1;
  if (prec < 2) prec = 2;
  if (prec > MPFR_PREC_MAX) prec = MPFR_PREC_MAX;
  *used = prec;
  ctx c = { wht_op_name(op), (mpfr_prec_t)prec, msg, msglen };
  /* the scratch values are custom-allocated too: mpfr_swap moves limbs
   * between them and the arrays, so nothing may be freed by mpfr_clear */
  marray A = { 0 }, B = { 0 }, T = { 0 };
  wht_oracle_status st = WHT_ORACLE_INEXACT;
  size_t over = 0;
  if (marray_init(&T, 2, (mpfr_prec_t)prec) || marray_init(&A, n, (mpfr_prec_t)prec)) goto nomem;
  mpfr_ptr tmp = T.v[0], t2 = T.v[1];
  if (load(&c, &A, a, "a")) goto done;
  switch (op) {
  case WHT_OP_ONE_WAY:
    if (fwht(&c, &A, k, tmp, "")) goto done;
    break;
  case WHT_OP_TWO_WAY:
    if (fwht(&c, &A, k, tmp, "transform 1 ") || fwht(&c, &A, k, tmp, "transform 2 ") ||
        scale(&c, &A, k))
      goto done;
    break;
  case WHT_OP_SMOOTHED:
    if (inexact(&c, mpfr_set_d(t2, tau, MPFR_RNDN), "set_d", "input tau")) goto done;
    if (fwht(&c, &A, k, tmp, "transform 1 ") || phi(&c, &A, t2) ||
        fwht(&c, &A, k, tmp, "transform 2 ") || scale(&c, &A, k))
      goto done;
    break;
  case WHT_OP_XOR_CONV:
  default:
    if (marray_init(&B, n, (mpfr_prec_t)prec)) goto nomem;
    if (load(&c, &B, b, "b")) goto done;
    if (fwht(&c, &A, k, tmp, "transform of a ") || fwht(&c, &B, k, tmp, "transform of b "))
      goto done;
    for (size_t i = 0; i < n; i++)
      if (inexact(&c, mpfr_mul(A.v[i], A.v[i], B.v[i], MPFR_RNDN), "mul", "product"))
        goto done;
    /* B's limb block stays until the end: swaps moved some of it into tmp */
    if (fwht(&c, &A, k, tmp, "transform 3 ") || scale(&c, &A, k)) goto done;
    break;
  }
  if (store(&c, &A, tmp, out, &over)) goto done;
  st = WHT_ORACLE_OK;
  if (over) {
    wht__msg(msg, msglen, "oracle: %s: %zu exact outputs overflow double", c.op, over);
    st = WHT_ORACLE_OVERFLOW;
  }
  goto done;
nomem:
  wht__msg(msg, msglen, "oracle: %s: no memory for %zu MPFR values of precision %ld",
           c.op, n, prec);
  st = WHT_ORACLE_NOMEM;
done:
  marray_free(&A);
  marray_free(&B);
  marray_free(&T);
  mpfr_free_cache();
  return st;
}
