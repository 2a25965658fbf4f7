/* sweep_buffers.c - allocation of the sweep's buffers (sweep_buffers.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sweep_buffers.h"

unsigned wht_sweep_group_size(const wht_sweep_grid *g, unsigned k, unsigned slots)
{
  unsigned most = 1;
  for (int f = 0; f < WHT_NFORMATS; f++) {
    unsigned nf = 0;
    for (size_t i = 0; i < g->nalgo; i++) nf += (g->algo[i].formats >> f) & 1u;
    if (nf > most) most = nf;
  }
  const double bytes = ldexp(sizeof(double), (int)k) * slots;
  const double phys = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
  while (most > 1 && most * bytes > phys / 4) most--;
  return most < WHT_GROUP_MAX ? most : WHT_GROUP_MAX;
}

static double phys_bytes(void) { return (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE); }

unsigned wht_sweep_arena_groups(unsigned k, unsigned group, unsigned want)
{
  const double one = ldexp(sizeof(double), (int)k) * group;
  while (want > 1 && want * one > phys_bytes() / 4) want--;
  return want ? want : 1;
}

unsigned wht_sweep_vslots(unsigned k, unsigned want)
{
  const double one = ldexp(sizeof(wht_dd), (int)k);
  while (want > 3 && want * one > phys_bytes() / 8) want--;
  return want < WHT_SWEEP_MAX_SLOTS + 1 ? want : WHT_SWEEP_MAX_SLOTS + 1;
}

void wht_sweep_buffers_free(wht_sweep_buffers *b)
{
  for (int i = 0; i < 2; i++) wht_host_free(b->exact[i]), wht_host_free(b->fmt[i]), wht_host_free(b->work[i]);
  for (int i = 0; i < WHT_SWEEP_MAX_SLOTS + 1; i++) wht_host_free(b->v[i]);
  wht_host_free(b->arena);
  memset(b, 0, sizeof *b);
}

/* allocated and touched once, so that no cell's oracle_s or run_s pays
 * the page faults of a first use (about 0.2 s for the 512 MiB of v at
 * k = 25) */
static void *take(size_t bytes, void *(*alloc)(size_t))
{
  void *p = alloc(bytes);
  if (p) memset(p, 0, bytes);
  return p;
}

int wht_sweep_buffers_alloc(wht_sweep_buffers *b, unsigned k, unsigned inputs, int pinned, unsigned group,
                            size_t arena_bytes, unsigned vslots)
{
  const size_t n = (size_t)1 << k;
  void *(*dev)(size_t) = pinned ? wht_host_alloc : malloc;
  memset(b, 0, sizeof *b);
  b->group = group;
  for (unsigned i = 0; i < inputs; i++) {
    b->exact[i] = take(n * sizeof(double), dev);
    b->fmt[i] = take(n * sizeof(double), dev); /* the widest format */
    /* the second input's work buffer (xor-conv); the first's result goes
     * to the group's output buffer */
    b->work[i] = i ? take(n * sizeof(double), dev) : NULL;
    if (!b->exact[i] || !b->fmt[i] || (i && !b->work[i])) return -1;
  }
  for (unsigned s = 0; s < vslots; s++)
    if (!(b->v[s] = take(n * sizeof(wht_dd), dev))) return -1;
  if (!(b->arena = take(arena_bytes, dev))) return -1;
  return 0;
}
