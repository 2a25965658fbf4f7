/* sweep_ring.c - the output arena's ring (sweep_ring.h). Not wrapped, the
 * rooms taken lie in [tail, head) and the free space is [head, size) and
 * [0, tail); wrapped, they lie in [tail, wrap_end) and [0, head) and the
 * free space is [head, tail). */
#include "sweep_ring.h"

void wht_ring_init(wht_ring *r, size_t size, unsigned max_live)
{
  *r = (wht_ring){ .size = size, .wrap_end = size, .max_live = max_live };
}

size_t wht_ring_take(wht_ring *r, size_t bytes)
{
  size_t off = SIZE_MAX;
  if (r->live >= r->max_live) return off;
  if (!r->wrapped) {
    if (r->head + bytes <= r->size)
      off = r->head;
    else if (bytes <= r->tail) /* wrap: the data before it end at head */
      r->wrap_end = r->head, r->wrapped = 1, off = 0;
  } else if (r->head + bytes <= r->tail) {
    off = r->head;
  }
  if (off != SIZE_MAX) r->head = off + bytes, r->live++;
  return off;
}

static void empty_check(wht_ring *r)
{
  if (!r->live) r->head = r->tail = 0, r->wrapped = 0, r->wrap_end = r->size;
}

void wht_ring_release(wht_ring *r, size_t off, size_t bytes)
{
  r->live--;
  r->tail = off + bytes;
  if (r->wrapped && r->tail == r->wrap_end) r->tail = 0, r->wrapped = 0; /* the data now start at 0 */
  empty_check(r);
}

void wht_ring_undo(wht_ring *r, size_t off)
{
  r->live--;
  if (r->wrapped && off == 0)
    r->head = r->wrap_end, r->wrapped = 0; /* the wrap it made is undone */
  else
    r->head = off;
  empty_check(r);
}
