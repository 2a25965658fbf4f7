/* sweep_draws.c - the draws of the input sets, the next one ahead on a
 * thread of its own (sweep_draws.h). The thread writes only the slot the
 * current set does not use, and only between wht_sweep_draws_ahead and the
 * get that waits for it; the slot's key and state change under the mutex. */
#include <stdlib.h>
#include <string.h>
#include "wht_dist.h"
#include "wht_ops.h"
#include "sweep_draws.h"

enum { EMPTY, DRAWING, READY, FAILED };

static int same(const wht_sweep_draws *D, unsigned p, const wht_sweep_set *s)
{
  return D->key[p].state != EMPTY && D->key[p].k == s->k && D->key[p].d == s->d && D->key[p].op == s->op &&
         D->key[p].t == s->t;
}

/* the draws of the set keyed in slot p: 0 ok, -1 failed */
static int draw(const wht_sweep_draws *D, unsigned p, uint32_t k, uint32_t d, uint32_t op, uint32_t t)
{
  const uint64_t n = (uint64_t)1 << k;
  for (unsigned i = 0; i < wht_op_inputs((wht_op)op); i++)
    if (wht_dist_fill((wht_dist)d, wht_cell_stream(D->seed, (wht_dist)d, (wht_op)op, k, t, i), D->x[p][i], n) != 0)
      return -1;
  return 0;
}

static void *drawer(void *arg)
{
  wht_sweep_draws *D = arg;
  pthread_mutex_lock(&D->mu);
  for (;;) {
    unsigned p = 2;
    while (!D->quit && (p = D->key[0].state == DRAWING ? 0 : D->key[1].state == DRAWING ? 1 : 2) == 2)
      pthread_cond_wait(&D->cv, &D->mu);
    if (p == 2) break;
    const uint32_t k = D->key[p].k, d = D->key[p].d, op = D->key[p].op, t = D->key[p].t;
    pthread_mutex_unlock(&D->mu);
    const int rc = draw(D, p, k, d, op, t);
    pthread_mutex_lock(&D->mu);
    D->key[p].state = rc == 0 ? READY : FAILED;
    pthread_cond_broadcast(&D->cv);
  }
  pthread_mutex_unlock(&D->mu);
  return NULL;
}

int wht_sweep_draws_init(wht_sweep_draws *D, uint64_t seed, unsigned kmax, unsigned inputs, int threaded)
{
  const size_t n = (size_t)1 << kmax;
  memset(D, 0, sizeof *D);
  D->seed = seed;
  for (unsigned p = 0; p < (threaded ? 2u : 1u); p++)
    for (unsigned i = 0; i < inputs; i++) {
      /* touched once, so that no cell pays the page faults of a first use */
      if (!(D->x[p][i] = malloc(n * sizeof(double)))) return -1;
      memset(D->x[p][i], 0, n * sizeof(double));
    }
  if (!threaded || pthread_mutex_init(&D->mu, NULL) != 0) return 0;
  if (pthread_cond_init(&D->cv, NULL) != 0) {
    pthread_mutex_destroy(&D->mu);
    return 0;
  }
  if (pthread_create(&D->thread, NULL, drawer, D) != 0) {
    pthread_cond_destroy(&D->cv), pthread_mutex_destroy(&D->mu);
    return 0;
  }
  D->threaded = 1;
  return 0;
}

/* slot p's key and state (the caller holds the mutex where the thread runs) */
static void put_key(wht_sweep_draws *D, unsigned p, const wht_sweep_set *s, int state)
{
  D->key[p].k = s->k, D->key[p].d = s->d, D->key[p].op = s->op, D->key[p].t = s->t;
  D->key[p].state = state;
}

/* put_key under the mutex when the thread runs */
static void set_key(wht_sweep_draws *D, unsigned p, const wht_sweep_set *s, int state)
{
  if (D->threaded) pthread_mutex_lock(&D->mu);
  put_key(D, p, s, state);
  if (D->threaded) pthread_mutex_unlock(&D->mu);
}

int wht_sweep_draws_get(wht_sweep_draws *D, const wht_sweep_set *s, double *const **x)
{
  unsigned p = 0;
  int ready = 0;
  if (D->threaded) {
    pthread_mutex_lock(&D->mu);
    for (;;) { /* the set drawn ahead, or no drawing under way */
      p = same(D, 0, s) ? 0 : same(D, 1, s) ? 1 : 2;
      if (p < 2 ? D->key[p].state != DRAWING : D->key[0].state != DRAWING && D->key[1].state != DRAWING) break;
      pthread_cond_wait(&D->cv, &D->mu);
    }
    if (p == 2) p = 1 - D->cur;
    ready = same(D, p, s) && D->key[p].state == READY;
    pthread_mutex_unlock(&D->mu);
  } else {
    ready = same(D, 0, s) && D->key[0].state == READY;
  }
  D->cur = p;
  *x = D->x[p];
  if (ready) return 0;
  /* drawn now (also after a failure ahead: the message comes from here);
   * no drawing is under way, and none starts before this returns */
  set_key(D, p, s, EMPTY);
  const int rc = draw(D, p, s->k, s->d, s->op, s->t);
  if (rc == 0) set_key(D, p, s, READY);
  return rc;
}

void wht_sweep_draws_ahead(wht_sweep_draws *D, const wht_sweep_set *s)
{
  if (!D->threaded) return;
  pthread_mutex_lock(&D->mu);
  const unsigned p = 1 - D->cur;
  if (!same(D, D->cur, s) && !same(D, p, s) && D->key[p].state != DRAWING) {
    put_key(D, p, s, DRAWING);
    pthread_cond_broadcast(&D->cv);
  }
  pthread_mutex_unlock(&D->mu);
}

void wht_sweep_draws_free(wht_sweep_draws *D)
{
  if (D->threaded) {
    pthread_mutex_lock(&D->mu);
    D->quit = 1;
    pthread_cond_broadcast(&D->cv);
    pthread_mutex_unlock(&D->mu);
    pthread_join(D->thread, NULL); /* a drawing under way finishes first */
    pthread_cond_destroy(&D->cv), pthread_mutex_destroy(&D->mu);
  }
  for (unsigned p = 0; p < 2; p++)
    for (unsigned i = 0; i < 2; i++) free(D->x[p][i]);
  memset(D, 0, sizeof *D);
}
