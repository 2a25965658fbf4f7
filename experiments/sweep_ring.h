/* sweep_ring.h - room in the sweep's output arena (sweep_buffers.h),
 * handed out as a ring: each group takes the bytes its outputs need,
 * contiguous, and gives them back in the order taken (first in, first
 * out), so the arena holds many narrow groups or few wide ones. Offsets
 * and sizes only: the caller owns the memory and the locking. */
#ifndef WHT_SWEEP_RING_H
#define WHT_SWEEP_RING_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  size_t size, head, tail, wrap_end; /* bytes; where the next room goes; the oldest's start; the data's end before a wrap */
  unsigned live, wrapped, max_live;  /* rooms taken; the data run from tail to wrap_end, then from 0 to head */
} wht_ring;

void wht_ring_init(wht_ring *r, size_t size, unsigned max_live);
/* the offset of `bytes` of contiguous room, now taken, or SIZE_MAX while
 * there is none (or max_live rooms are taken); with no room taken any
 * bytes <= size fit */
size_t wht_ring_take(wht_ring *r, size_t bytes);
/* gives back the oldest room (its offset and size) */
void wht_ring_release(wht_ring *r, size_t off, size_t bytes);
/* gives back the newest room (its offset), as if never taken */
void wht_ring_undo(wht_ring *r, size_t off);
#endif
