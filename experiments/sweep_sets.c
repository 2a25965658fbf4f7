/* sweep_sets.c - the input sets of a run, their index in the run order
 * and which of their cells the file holds, and the `shard` attribute
 * that names the grid of that index (sweep_sets.h). */
#include <stdio.h>
#include <string.h>
#include "sweep_progress.h"
#include "sweep_run.h"
#include "sweep_sets.h"
#include "sweep_stop.h"

unsigned wht_sweep_op_taus(const wht_sweep_config *c, wht_op op) { return op == WHT_OP_SMOOTHED ? c->ntau : 1; }

/* index of (k, d, op, t) among the selected sets in the run order: the
 * serial loop's count, in closed form so a set can be found out of order */
static uint64_t set_index(const wht_sweep_config *c, unsigned k, int d, int op, unsigned t)
{
  unsigned nd = 0, no = 0, rd = 0, ro = 0;
  for (int i = 0; i < WHT_NDISTS; i++) nd += c->dist[i], rd += i < d && c->dist[i];
  for (int i = 0; i < WHT_NOPS; i++) no += c->op[i], ro += i < op && c->op[i];
  const uint64_t below = k ? c->log2n & (((uint64_t)1 << k) - 1) : 0;
  const uint64_t per_k = (uint64_t)nd * no * c->trials;
  return (uint64_t)__builtin_popcountll(below) * per_k + ((uint64_t)rd * no + ro) * c->trials + t;
}

/* the position after (k, d, op, t), k stepping by dk; 0 past the end */
static int advance(const wht_sweep_config *c, int dk, unsigned *k, int *d, int *op, unsigned *t)
{
  if (++*t < c->trials) return 1;
  *t = 0;
  if (++*op < WHT_NOPS) return 1;
  *op = 0;
  if (++*d < WHT_NDISTS) return 1;
  *d = 0;
  if (dk > 0 ? *k >= c->kmax : *k <= c->kmin) return 0;
  *k = (unsigned)((int)*k + dk);
  return 1;
}

int wht_sweep_set_next(const wht_sweep_config *c, int largest_first, int *started, wht_sweep_set *s)
{
  unsigned k = s->k, t = s->t;
  int d = (int)s->d, op = (int)s->op;
  const int dk = largest_first ? -1 : 1;
  if (!*started) {
    k = largest_first ? c->kmax : c->kmin, d = op = 0, t = 0;
    *started = 1;
  } else if (!advance(c, dk, &k, &d, &op, &t))
    return 0;
  for (;;) {
    if ((c->log2n >> k & 1) && c->dist[d] && c->op[op]) {
      const uint64_t index = set_index(c, k, d, op, t);
      if (index % c->shards == c->shard) {
        s->k = k, s->d = (uint32_t)d, s->op = (uint32_t)op, s->t = t, s->index = index;
        return 1;
      }
    }
    if (!advance(c, dk, &k, &d, &op, &t)) return 0;
  }
}

/* 1 when the file holds the cell; an operation without tau is done under any tau of the list */
static int cell_done(const wht_sweep_config *c, const wht_keyset *done, const wht_sweep_algo *a, wht_format f,
                     const wht_sweep_set *s, double tau)
{
  wht_result_row key;
  if (!done) return 0;
  wht_sweep_cell_key(&key, c, a, f, (wht_dist)s->d, (wht_op)s->op, s->k, s->t, tau);
  if (wht_keyset_has(done, &key)) return 1;
  for (unsigned j = 0; s->op != WHT_OP_SMOOTHED && j < c->ntau; j++) {
    key.tau = c->taus[j];
    if (wht_keyset_has(done, &key)) return 1;
  }
  return 0;
}

size_t wht_sweep_set_fill(const wht_sweep_config *c, const wht_sweep_grid *g, const wht_keyset *done,
                          wht_sweep_set *s, uint64_t *cells)
{
  size_t todo = 0;
  uint64_t all = 0;
  memset(s->done, 0, sizeof s->done);
  for (unsigned it = 0; it < wht_sweep_op_taus(c, (wht_op)s->op); it++)
    for (int f = 0; f < WHT_NFORMATS; f++) {
      if (!c->fmt[f]) continue;
      for (size_t i = 0; i < g->nalgo; i++) {
        if (!(g->algo[i].formats >> f & 1u)) continue;
        all++;
        if (cell_done(c, done, &g->algo[i], (wht_format)f, s, c->taus[it])) {
          const unsigned bit = wht_sweep_cell_bit(it, (unsigned)f, i);
          s->done[bit / 8] |= (unsigned char)(1u << (bit % 8));
        } else
          todo++;
      }
    }
  if (cells) *cells = all;
  return todo;
}

void wht_sweep_sets_count(const wht_sweep_config *c, const wht_sweep_grid *g, const wht_keyset *done,
                          uint64_t *total, uint64_t *todo, double *work)
{
  wht_sweep_set s;
  int started = 0;
  uint64_t cells;
  *total = *todo = 0;
  *work = 0;
  while (!wht_sweep_stop_requested() && wht_sweep_set_next(c, 0, &started, &s)) {
    const size_t np = wht_sweep_set_fill(c, g, done, &s, &cells);
    *total += cells, *todo += np;
    *work += (double)np * wht_cell_work(s.k);
  }
}

/* the sizes of set as --log2n takes them back: from the smallest size
 * left, a progression of 3 or more sizes as A:B or A:B:STEP, else the
 * size alone (3:25:2, 3:9,12) */
static int log2n_text(uint64_t set, char *out, size_t len)
{
  int o = 0;
  for (unsigned k = 0; k < 64 && o >= 0 && (size_t)o < len; k++) {
    if (!(set >> k & 1)) continue;
    const uint64_t above = k < 63 ? set >> (k + 1) : 0;
    const unsigned step = above ? (unsigned)__builtin_ctzll(above) + 1 : 0;
    unsigned last = k, count = 1;
    while (step && last + step < 64 && (set >> (last + step) & 1)) last += step, count++;
    const char *sep = o ? "," : "";
    if (count < 3)
      o += snprintf(out + o, len - (size_t)o, "%s%u", sep, k);
    else {
      o += snprintf(out + o, len - (size_t)o, step == 1 ? "%s%u:%u" : "%s%u:%u:%u", sep, k, last, step);
      for (unsigned j = k; j <= last; j += step) set &= ~((uint64_t)1 << j);
    }
  }
  return o;
}

/* the selected names of a table, comma-separated */
static int names_text(const unsigned char *sel, int n, const char *(*name)(int), char *out, size_t len)
{
  int o = 0;
  for (int i = 0; i < n && o >= 0 && (size_t)o < len; i++)
    if (sel[i]) o += snprintf(out + o, len - (size_t)o, "%s%s", o ? "," : "", name(i));
  return o;
}
static const char *dist_name(int d) { return wht_dist_name((wht_dist)d); }
static const char *op_name(int op) { return wht_op_name((wht_op)op); }

static const char shard_of[] = " of the input sets of ";

void wht_sweep_shard_text(const wht_sweep_config *c, char *out, size_t len)
{
  char sizes[256], dists[128], ops[128];
  log2n_text(c->log2n, sizes, sizeof sizes);
  names_text(c->dist, WHT_NDISTS, dist_name, dists, sizeof dists);
  names_text(c->op, WHT_NOPS, op_name, ops, sizeof ops);
  snprintf(out, len, "%u/%u%s--log2n %s --dist %s --op %s --trials %u", c->shard + 1, c->shards, shard_of, sizes,
           dists, ops, c->trials);
}

int wht_sweep_shard_parse(const char *text, unsigned *i, unsigned *n, const char **grid)
{
  int at = -1;
  if (text[0] < '0' || text[0] > '9' || sscanf(text, "%u/%u%n", i, n, &at) != 2 || at < 0 ||
      strncmp(text + at, shard_of, sizeof shard_of - 1) != 0 || *i < 1 || *i > *n || *n > WHT_SWEEP_MAX_SHARDS ||
      text[at + sizeof shard_of - 1] == '\0')
    return -1;
  *grid = text + at + sizeof shard_of - 1;
  return 0;
}
