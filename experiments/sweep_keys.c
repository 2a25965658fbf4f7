/* sweep_keys.c - an open-addressing hash set of row keys: a result row's
 * key is the canonical text of the 7 cell fields plus seed and the bits of
 * tau (-0 taken as +0), a timing row's its 6 case fields,
 * hashed with FNV-1a; linear probing, grown at half load. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sweep_keys.h"

typedef struct {
  char *key; /* NULL: empty slot */
  uint64_t idx;
} slot;

struct wht_keyset {
  slot *slots;
  size_t cap, n; /* cap is a power of two */
};

static void key_of(const wht_result_row *r, char *buf, size_t len)
{
  uint64_t taubits;
  const double tau = r->tau + 0.0; /* -0 and +0 are one threshold */
  memcpy(&taubits, &tau, sizeof taubits);
  snprintf(buf, len, "%.32s|%.8s|%.8s|%.16s|%.16s|%d|%d|%llu|%llx", r->algorithm, r->backend, r->format, r->dist,
           r->op, (int)r->log2n, (int)r->trial, (unsigned long long)r->seed, (unsigned long long)taubits);
}

static uint64_t fnv1a(const char *s)
{
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  for (; *s; s++) h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
  return h;
}

wht_keyset *wht_keyset_new(void)
{
  wht_keyset *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->cap = 1024;
  s->slots = calloc(s->cap, sizeof *s->slots);
  if (!s->slots) {
    free(s);
    return NULL;
  }
  return s;
}

void wht_keyset_free(wht_keyset *s)
{
  if (!s) return;
  for (size_t i = 0; i < s->cap; i++) free(s->slots[i].key);
  free(s->slots);
  free(s);
}

static slot *find(const wht_keyset *s, const char *key)
{
  for (size_t i = fnv1a(key) & (s->cap - 1);; i = (i + 1) & (s->cap - 1))
    if (!s->slots[i].key || strcmp(s->slots[i].key, key) == 0) return &s->slots[i];
}

static int grow(wht_keyset *s)
{
  wht_keyset bigger = { calloc(2 * s->cap, sizeof(slot)), 2 * s->cap, s->n };
  if (!bigger.slots) return -1;
  for (size_t i = 0; i < s->cap; i++)
    if (s->slots[i].key) *find(&bigger, s->slots[i].key) = s->slots[i];
  free(s->slots);
  *s = bigger;
  return 0;
}

static int add_key(wht_keyset *s, const char *key, uint64_t idx, uint64_t *old)
{
  if (2 * (s->n + 1) > s->cap && grow(s) < 0) return -1;
  slot *sl = find(s, key);
  if (sl->key) {
    if (old) *old = sl->idx;
    return 0;
  }
  if (!(sl->key = strdup(key))) return -1;
  sl->idx = idx;
  s->n++;
  return 1;
}

int wht_keyset_add(wht_keyset *s, const wht_result_row *r, uint64_t idx, uint64_t *old)
{
  char key[160];
  key_of(r, key, sizeof key);
  return add_key(s, key, idx, old);
}

/* the analysis's key of /timings (whtlab_results.py, TIMING_KEY) */
int wht_keyset_add_timing(wht_keyset *s, const wht_timing_row *r, uint64_t idx, uint64_t *old)
{
  char key[160];
  snprintf(key, sizeof key, "%.32s|%.8s|%.8s|%d|%lld|%d", r->algorithm, r->backend, r->format, (int)r->log2n,
           (long long)r->batch, (int)r->in_place);
  return add_key(s, key, idx, old);
}

int wht_keyset_has(const wht_keyset *s, const wht_result_row *r)
{
  char key[160];
  key_of(r, key, sizeof key);
  return find(s, key)->key != NULL;
}

void wht_row_key_text(const wht_result_row *r, char *buf, size_t len)
{
  snprintf(buf, len, "(%.32s, %.8s, %.8s, %.16s, %.16s, k=%d, trial %d)", r->algorithm, r->backend, r->format,
           r->dist, r->op, (int)r->log2n, (int)r->trial);
}

void wht_timing_key_text(const wht_timing_row *r, char *buf, size_t len)
{
  snprintf(buf, len, "(%.32s, %.8s, %.8s, k=%d, batch %lld, %s)", r->algorithm, r->backend, r->format,
           (int)r->log2n, (long long)r->batch, r->in_place ? "in place" : "out of place");
}

#define SAME_STR(f) (strncmp(a->f, b->f, sizeof a->f) == 0)
#define SAME_BITS(f) (memcmp(&a->f, &b->f, sizeof a->f) == 0)

int wht_rows_same_values(const wht_result_row *a, const wht_result_row *b)
{
  /* field by field: bytes after a string's terminator and struct padding
   * carry no value */
  return SAME_STR(algorithm) && SAME_STR(backend) && SAME_STR(format) && SAME_STR(dist) && SAME_STR(op) &&
         SAME_BITS(log2n) && SAME_BITS(trial) && SAME_BITS(seed) && SAME_BITS(tau) && SAME_BITS(max_abs) &&
         SAME_BITS(mean_abs) && SAME_BITS(mean_rel) && SAME_BITS(max_rel) && SAME_BITS(n_zero) &&
         SAME_BITS(zero_miss) && SAME_BITS(norm_rel) && SAME_BITS(max_ulp) && SAME_BITS(n_nonfinite) &&
         SAME_STR(status) && SAME_BITS(oracle_prec);
}

/* the analysis compares these columns of /timings (TIMING_COMPARED) */
int wht_timings_same_values(const wht_timing_row *a, const wht_timing_row *b)
{
  return SAME_STR(algorithm) && SAME_STR(backend) && SAME_STR(format) && SAME_BITS(log2n) && SAME_BITS(batch) &&
         SAME_BITS(in_place) && SAME_BITS(median_ms) && SAME_BITS(min_ms) && SAME_BITS(reps) && SAME_BITS(gbps) &&
         SAME_BITS(memcpy_ms) && SAME_BITS(addone_ms) && SAME_BITS(cufft_ms);
}
