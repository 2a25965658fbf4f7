/* test_sweep_ring.c - the output arena's ring (experiments/sweep_ring.c):
 * random sequences of rooms of random sizes taken while there is room and
 * given back oldest first (now and then the newest undone), against a
 * model of the live rooms: every room lies inside the arena and overlaps
 * no live room; the ring refuses only where the model finds no contiguous
 * free space at its head or, wrapping, at the start; with nothing taken
 * any size up to the arena's fits; max_live is kept. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "sweep_ring.h"

enum { LIVE = 9, STEPS = 200000 };

static uint64_t state = 0x452821e638d01377u;
static uint64_t next(void)
{
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 0x2545f4914f6cdd1du;
}

int main(void)
{
  static const size_t sizes[] = { 64, 1000, 4096 };
  for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
    const size_t A = sizes[si];
    wht_ring r;
    wht_ring_init(&r, A, LIVE);
    size_t off[LIVE], len[LIVE]; /* the live rooms, oldest first */
    unsigned n = 0;
    size_t bad_place = 0, bad_refuse = 0, bad_empty = 0, takes = 0, wraps = 0;
    for (int s = 0; s < STEPS; s++) {
      const unsigned what = (unsigned)(next() % 8);
      if (what < 5) { /* take: a quarter, a half or a whole of some unit */
        const size_t b = 1 + (size_t)(next() % (what == 0 ? A : A / 4));
        const size_t o = wht_ring_take(&r, b);
        if (o == SIZE_MAX) {
          /* refused: the model must find no room either (or LIVE taken) */
          int room = n < LIVE && (n == 0 ? b <= A : 0);
          if (n && n < LIVE) {
            const size_t start = off[0], end = off[n - 1] + len[n - 1];
            const int wrapped = end <= start && !(n == 1 && end > start);
            if (!wrapped) room = end + b <= A || b <= start;
            else room = end + b <= start;
          }
          bad_refuse += room;
          if (n == 0) bad_empty++;
          continue;
        }
        takes++;
        wraps += n && o == 0;
        int ok = o + b <= A && n < LIVE;
        for (unsigned i = 0; i < n; i++) ok &= o + b <= off[i] || off[i] + len[i] <= o;
        bad_place += !ok;
        off[n] = o, len[n] = b, n++;
      } else if (what < 7 && n) { /* give back the oldest */
        wht_ring_release(&r, off[0], len[0]);
        memmove(off, off + 1, (n - 1) * sizeof off[0]), memmove(len, len + 1, (n - 1) * sizeof len[0]);
        n--;
      } else if (n) { /* undo the newest */
        wht_ring_undo(&r, off[n - 1]);
        n--;
      }
    }
    tap_ok(bad_place == 0, "arena of %zu: %zu rooms taken (%zu at a wrap), none outside or overlapping a live one", A,
           takes, wraps);
    tap_ok(bad_refuse == 0, "arena of %zu: refused only where there was no contiguous room (%zu wrong refusals)", A,
           bad_refuse);
    tap_ok(bad_empty == 0 && takes > 1000 && wraps > 100, "arena of %zu: an empty ring takes any size; the rings wrapped", A);
  }
  return tap_done();
}
