/* mpfr_path.c - the certified exact path in MPFR: every value has the
 * precision prec = bits + 1 of bounds.c (or a forced one), enough for every
 * intermediate by the argument in oracle_internal.h, and the ternary value
 * of every MPFR call is checked: a nonzero one means a rounding happened,
 * which is a bug, and stops the run with a message naming the operation,
 * the step and the precision. Scaling by 1/n is mpfr_div_2ui (exact). The
 * values live in one block via MPFR's custom allocation interface.
 *
 * Threads: every loop runs its elements (a stage its butterflies) on all
 * threads, each thread with its own scratch value. Every operation is
 * exact, so the values do not depend on the order; a failed check reports
 * the lowest element index of its loop, the one the serial loop meets
 * first, so the message does not depend on the thread count either. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "oracle_internal.h"
#include "wht_parallel.h"

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
  /* threaded: the pages are first touched here, on every core */
  WHT__OMP(omp parallel for schedule(static) num_threads(wht__threads_for(n)))
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

/* Context for messages; nt threads, tmp[t] the scratch value of thread t. */
typedef struct {
  const char *op;
  mpfr_prec_t prec;
  char *msg;
  size_t msglen;
  int nt;
  mpfr_t *tmp;
} ctx;

/* The first failed check of a loop: lowest element index, then its call. */
typedef struct {
  size_t at;
  const char *what;
} failure;

static void note(failure *f, int t, size_t i, const char *what)
{
  if (t == 0) return;
  WHT__OMP(omp critical(wht__mpfr_failure))
  if (i < f->at) {
    f->at = i;
    f->what = what;
  }
}

/* -1 after the message when the loop failed */
static int failed(const ctx *c, const failure *f, const char *where)
{
  if (f->at == SIZE_MAX) return 0;
  wht__msg(c->msg, c->msglen, "oracle: inexact MPFR %s in %s %s at precision %ld",
           f->what, c->op, where, (long)c->prec);
  return -1;
}

static int load(const ctx *c, marray *m, const double *x, const char *input)
{
  char where[64];
  failure f = { SIZE_MAX, NULL };
  snprintf(where, sizeof where, "input %s", input);
  WHT__OMP(omp parallel for schedule(static) num_threads(c->nt))
  for (size_t i = 0; i < m->n; i++) note(&f, mpfr_set_d(m->v[i], x[i], MPFR_RNDN), i, "set_d");
  return failed(c, &f, where);
}

/* In-place radix-2 FWHT, stage s pairing elements 2^s apart, blocked as
 * the fixed-point engines are (wht__fwht_blocked): few thread teams per
 * transform. The first failed check of the serial order is the lowest
 * stage, then the lowest butterfly g, the pair (j, j + 2^s) with
 * j = (g >> s) 2^(s+1) + (g mod 2^s). */
typedef struct {
  unsigned stage;
  size_t at;
  const char *what;
} stage_failure;

typedef struct {
  const ctx *c;
  mpfr_t *v0; /* element 0, for global indices */
  stage_failure *f;
} fwht_run;

static void note_stage(stage_failure *f, int t, unsigned s, size_t g, const char *what)
{
  if (t == 0) return;
  WHT__OMP(omp critical(wht__mpfr_failure))
  if (s < f->stage || (s == f->stage && g < f->at)) {
    f->stage = s;
    f->at = g;
    f->what = what;
  }
}

/* butterflies g0 .. g1-1 of stage s on x (global butterfly index g + g_off) */
static void butterflies(const fwht_run *r, mpfr_t *x, unsigned s, size_t g0, size_t g1, size_t g_off,
                        mpfr_ptr tmp)
{
  const size_t h = (size_t)1 << s;
  for (size_t g = g0; g < g1; g++) {
    const size_t j = (g >> s) * 2 * h + (g & (h - 1));
    mpfr_ptr a = x[j], b = x[j + h];
    note_stage(r->f, mpfr_add(tmp, a, b, MPFR_RNDN), s, g + g_off, "add");
    note_stage(r->f, mpfr_sub(b, a, b, MPFR_RNDN), s, g + g_off, "sub");
    mpfr_swap(a, tmp); /* same precision; limb blocks are only freed together */
  }
}

/* wht__stages_fn: a block runs on its thread; the stages above the blocks
 * (the whole array) on a team of their own, one barrier per stage */
static void mpfr_stages(void *xv, unsigned lk, unsigned s0, unsigned s1, const void *rv)
{
  const fwht_run *r = rv;
  mpfr_t *x = xv;
  const size_t half = ((size_t)1 << lk) / 2, g_off = (size_t)(x - r->v0) / 2;
  if (r->c->nt == 1 || wht__in_parallel()) {
    /* serial, or a block inside the driver's team (nt > 1 means that team
     * is ours: a caller's own team gets nt = 1 from wht__threads_for) */
    mpfr_ptr tmp = r->c->tmp[r->c->nt == 1 ? 0 : wht__thread_num()];
    for (unsigned s = s0; s < s1; s++) butterflies(r, x, s, 0, half, g_off, tmp);
    return;
  }
  WHT__OMP(omp parallel num_threads(r->c->nt))
  {
    wht__team_note_here();
    mpfr_ptr tmp = r->c->tmp[wht__thread_num()];
    for (unsigned s = s0; s < s1; s++) {
      WHT__OMP(omp for schedule(static))
      for (size_t g = 0; g < half; g++) butterflies(r, x, s, g, g + 1, g_off, tmp);
    }
  }
}

static int fwht(const ctx *c, marray *m, unsigned k, const char *which)
{
  char where[64];
  stage_failure f = { 0, SIZE_MAX, NULL };
  fwht_run r = { c, m->v, &f };
  wht__fwht_blocked(m->v, k, sizeof(mpfr_t), mpfr_stages, NULL, &r, c->nt);
  if (f.at == SIZE_MAX) return 0;
  snprintf(where, sizeof where, "%sstage %u", which, f.stage);
  wht__msg(c->msg, c->msglen, "oracle: inexact MPFR %s in %s %s at precision %ld",
           f.what, c->op, where, (long)c->prec);
  return -1;
}

static int scale(const ctx *c, marray *m, unsigned k)
{
  failure f = { SIZE_MAX, NULL };
  WHT__OMP(omp parallel for schedule(static) num_threads(c->nt))
  for (size_t i = 0; i < m->n; i++) note(&f, mpfr_div_2ui(m->v[i], m->v[i], k, MPFR_RNDN), i, "div_2ui");
  return failed(c, &f, "scaling by 1/n");
}

/* phi(v) = v - tau if v > tau, 0 if |v| <= tau, v + tau if v < -tau */
static int phi(const ctx *c, marray *m, mpfr_srcptr tau)
{
  failure f = { SIZE_MAX, NULL };
  WHT__OMP(omp parallel for schedule(static) num_threads(c->nt))
  for (size_t i = 0; i < m->n; i++) {
    mpfr_ptr v = m->v[i];
    if (mpfr_cmp(v, tau) > 0)
      note(&f, mpfr_sub(v, v, tau, MPFR_RNDN), i, "sub");
    else if (mpfr_cmpabs(v, tau) > 0)
      note(&f, mpfr_add(v, v, tau, MPFR_RNDN), i, "add");
    else
      mpfr_set_zero(v, 1);
  }
  return failed(c, &f, "threshold");
}

static int mul(const ctx *c, marray *A, const marray *B)
{
  failure f = { SIZE_MAX, NULL };
  WHT__OMP(omp parallel for schedule(static) num_threads(c->nt))
  for (size_t i = 0; i < A->n; i++) note(&f, mpfr_mul(A->v[i], A->v[i], B->v[i], MPFR_RNDN), i, "mul");
  return failed(c, &f, "product");
}

/* hi = RN(v), lo = RN(v - hi); v - hi is exact at v's precision (it is a
 * multiple of v's last bit no larger than |v|). Exact zero gives +0, +0. */
static int store(const ctx *c, marray *m, wht_dd *out, size_t *over)
{
  failure f = { SIZE_MAX, NULL };
  size_t o = 0; /* an integer count: the same for any split */
  WHT__OMP(omp parallel for schedule(static) reduction(+ : o) num_threads(c->nt))
  for (size_t i = 0; i < m->n; i++) {
    mpfr_ptr v = m->v[i], r = c->tmp[wht__thread_num()];
    if (mpfr_zero_p(v)) {
      out[i].hi = out[i].lo = 0.0;
      continue;
    }
    double hi = mpfr_get_d(v, MPFR_RNDN);
    if (isinf(hi)) {
      out[i].hi = hi;
      out[i].lo = 0.0;
      o++;
      continue;
    }
    const int t = mpfr_sub_d(r, v, hi, MPFR_RNDN);
    note(&f, t, i, "sub_d");
    out[i].hi = hi;
    out[i].lo = mpfr_zero_p(r) ? 0.0 : mpfr_get_d(r, MPFR_RNDN);
  }
  *over = o;
  return failed(c, &f, "output (v - hi)");
}

static int set_tau(const ctx *c, mpfr_ptr t, double tau)
{
  failure f = { SIZE_MAX, NULL };
  note(&f, mpfr_set_d(t, tau, MPFR_RNDN), 0, "set_d");
  return failed(c, &f, "input tau");
}

/* Threads for n values: an MPFR operation costs tens of cheap ones, so
 * shorter vectors than wht__threads_for's are worth a team; one thread
 * where MPFR keeps its state in globals (a build without thread-local
 * storage). */
static int mpfr_threads(size_t n)
{
  if (!mpfr_buildopt_tls_p()) return 1;
  return wht__threads_for((uint64_t)n << 5);
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
  ctx c = { wht_op_name(op), (mpfr_prec_t)prec, msg, msglen, mpfr_threads(n), NULL };
  /* the scratch values (tau, and one per thread) are custom-allocated too:
   * mpfr_swap moves limbs between them and the arrays, so nothing may be
   * freed by mpfr_clear */
  marray A = { 0 }, B = { 0 }, T = { 0 };
  wht_oracle_status st = WHT_ORACLE_INEXACT;
  size_t over = 0;
  if (marray_init(&T, 1 + (size_t)c.nt, (mpfr_prec_t)prec) || marray_init(&A, n, (mpfr_prec_t)prec)) goto nomem;
  mpfr_ptr t2 = T.v[0];
  c.tmp = T.v + 1;
  if (load(&c, &A, a, "a")) goto done;
  switch (op) {
  case WHT_OP_ONE_WAY:
    if (fwht(&c, &A, k, "")) goto done;
    break;
  case WHT_OP_TWO_WAY:
    if (fwht(&c, &A, k, "transform 1 ") || fwht(&c, &A, k, "transform 2 ") ||
        scale(&c, &A, k))
      goto done;
    break;
  case WHT_OP_SMOOTHED:
    if (set_tau(&c, t2, tau) || fwht(&c, &A, k, "transform 1 ") || phi(&c, &A, t2) ||
        fwht(&c, &A, k, "transform 2 ") || scale(&c, &A, k))
      goto done;
    break;
  case WHT_OP_XOR_CONV:
  default:
    if (marray_init(&B, n, (mpfr_prec_t)prec)) goto nomem;
    if (load(&c, &B, b, "b")) goto done;
    if (fwht(&c, &A, k, "transform of a ") || fwht(&c, &B, k, "transform of b ") || mul(&c, &A, &B))
      goto done;
    /* B's limb block stays until the end: swaps moved some of it into tmp */
    if (fwht(&c, &A, k, "transform 3 ") || scale(&c, &A, k)) goto done;
    break;
  }
  if (store(&c, &A, out, &over)) goto done;
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
