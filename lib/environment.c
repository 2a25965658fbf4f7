/* environment.c - the table of libwht's environment knobs (wht_env.h) and
 * wht_check_environment (wht.h). Every variable the library reads is here
 * with the values it accepts: the measurement and test settings of the
 * metrics, the operations, the tensor-core model and the GPU kernels
 * (README, DESIGN.md and docs/PERFORMANCE.md say what each does). None
 * changes a result of a CPU algorithm, the oracle or the metrics; the
 * kernels' knobs choose among forms that give the same bits, except
 * WHT_TC_SHORT12_MIN (the tensor cores' stage grouping, CPU model and GPU
 * alike). Each is read once, at its first use, through wht__env_get or
 * wht__env_uint below. tests/test_environment.sh checks that the sources
 * read no variable this table lacks, and that every program refuses a
 * value it does not accept; tests/test_environment.c the table itself. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wht.h"
#include "wht_env.h"

/* value sets */
#define FLAG 1, { { 0, 1 } }                  /* 0 or 1 */
#define MODE 1, { { 0, 2 } }                  /* 0, 1 or 2 */
#define ONE(lo, hi) 1, { { lo, hi } }         /* an integer lo..hi */
#define BYTES ONE(0, 1u << 30)                /* up to 1 GiB */
#define COUNT ONE(0, 1u << 30)                /* tiles, blocks */

static const wht__env_knob knobs[] = {
  /* lib/tensor_core_model.c: the tensor cores' one-bit stage at bit 12
   * from this size on (tests) */
  { "WHT_TC_SHORT12_MIN", "log2 of a size", ONE(16, 64) },
  /* measure/metrics.c, measure/ops.c */
  { "WHT_METRICS_CHUNK", "log2 of the chunk", ONE(10, 24) },
  { "WHT_METRICS_PAIRS", "", FLAG },
  { "WHT_OPS_HOST_STEPS", "", FLAG },
  /* kernels/pass_plan.cu */
  { "WHT_GPU_L2_CHUNK", "log2 of the chunk's bytes (0: none)", ONE(0, 40) },
  { "WHT_GPU_L2_CHUNK_COMPENSATED", "log2 of the chunk's bytes (0: none)", ONE(0, 40) },
  { "WHT_GPU_CLUSTER", "", FLAG },
  { "WHT_GPU_TILE_LOG2", "log2 of the tile (0: the plan's)", ONE(0, 16) },
  { "WHT_GPU_SMALL_TILES", "", FLAG },
  { "WHT_GPU_SINGLE_AR_BLK1", "", MODE },
  { "WHT_GPU_SAR_ROLLED", "", MODE },
  { "WHT_GPU_SAR_ROLLED_Q", "", FLAG },
  /* kernels/pass_run.cuh */
  { "WHT_GPU_L2_LAG", "tiles", COUNT },
  { "WHT_GPU_L2_AHEAD", "", FLAG },
  { "WHT_GPU_L2_HINTS", "hint bits", ONE(0, 7) },
  { "WHT_GPU_L2_SYNC", "", FLAG },
  /* kernels/rows_reg.cuh */
  { "WHT_GPU_ROWS_PF_BYTES", "bytes ahead (0: none)", BYTES },
  { "WHT_GPU_ROWS_STAGGER", "nanoseconds (0: none)", ONE(0, 1000000) },
  { "WHT_GPU_ROWS_STAGGER_G", "groups", 6, { { 1, 2 }, { 4, 4 }, { 8, 8 }, { 16, 16 }, { 32, 32 }, { 64, 64 } } },
  { "WHT_GPU_ROWS_BLK_W", "vectors a lane (0: the default)", 3, { { 0, 0 }, { 8, 8 }, { 16, 16 } } },
  { "WHT_GPU_ROWS_BLK", "", MODE },
  { "WHT_GPU_ROWS_REG", "", FLAG },
  { "WHT_GPU_ROWS_LOOP", "", FLAG },
  { "WHT_GPU_ROWS_GATHER", "", FLAG },
  { "WHT_GPU_ROWS_WORDS", "", FLAG },
  /* kernels/rows_ar.cuh, rows_comp.cuh, rows_wide.cuh, rows_ar_blk.cuh */
  { "WHT_GPU_ROWS_AR", "", FLAG },
  { "WHT_GPU_ROWS_FEW", "", FLAG },
  { "WHT_GPU_ROWS_COMP_MINB", "", 2, { { 0, 1 }, { 3, 3 } } },
  { "WHT_GPU_ROWS_COMP_XP", "", MODE },
  { "WHT_GPU_ROWS_XP_FIVE", "", FLAG },
  { "WHT_GPU_ROWS_COMP_PF_GRID", "blocks (0: no cap)", COUNT },
  { "WHT_GPU_ROWS_WIDE", "", FLAG },
  { "WHT_GPU_ROWS_WIDE_BLK", "", FLAG },
  { "WHT_GPU_SAR_BLK_PF_BYTES", "bytes ahead (0: none)", BYTES },
  /* kernels/single_reg.cuh, single_comp.cuh, sar_rolled.cuh */
  { "WHT_GPU_SINGLE_PF_FUSED", "bytes ahead (0: none)", BYTES },
  { "WHT_GPU_SINGLE_PF_LAST", "bytes ahead (0: none)", BYTES },
  { "WHT_GPU_SINGLE_REG", "", FLAG },
  { "WHT_GPU_SINGLE_COMP", "", MODE },
  { "WHT_GPU_SINGLE_COMP_XP", "", FLAG },
  { "WHT_GPU_SAR_ROLLED_U2", "", MODE },
  /* kernels/single_ar.cuh, single_ar64.cuh */
  { "WHT_GPU_SINGLE_AR", "", MODE },
  { "WHT_GPU_SINGLE_AR_PAIR", "", FLAG },
  { "WHT_GPU_SINGLE_AR_BLK", "", FLAG },
  { "WHT_GPU_SINGLE_AR_KB_LEAST", "", MODE },
  { "WHT_GPU_SINGLE_AR_PAIR_BLK", "", MODE },
  { "WHT_GPU_SAR_K1_LOW", "", FLAG },
  { "WHT_GPU_SAR_OWN_ROWS", "", MODE },
  { "WHT_GPU_SAR_OWN_KB", "", MODE },
  { "WHT_GPU_SINGLE_AR64_K14", "log2 of a size", ONE(0, 64) },
  /* kernels/widened_pass.cu */
  { "WHT_GPU_WPASS_ROWS1", "", FLAG },
  { "WHT_GPU_WPASS_STRIDED", "", FLAG },
  { "WHT_GPU_WPASS_RPAIR", "", MODE },
  /* kernels/tensor_core.cu, tensor_core_strided.cuh, tensor_core_strided10.cuh */
  { "WHT_TC_STRIDED_BITS", "row bits a strided pass", 2, { { 8, 8 }, { 12, 12 } } },
  { "WHT_TC_SMALL_KMAX", "log2 of the longest register rows", 3, { { 8, 8 }, { 10, 10 }, { 12, 15 } } },
  { "WHT_TC_FULL", "", FLAG },
  { "WHT_TC_X_RESTAGE", "", FLAG },
  { "WHT_TC_W1", "", FLAG },
  { "WHT_TC_L2_CHUNK", "log2 of the chunk's elements (0: none)", 2, { { 0, 0 }, { 20, 30 } } },
  { "WHT_TC_L2_MIN", "log2 of the least elements", ONE(0, 40) },
  { "WHT_TC_PAIR10", "", FLAG },
  { "WHT_TC_X15_BULK", "pieces (0: none)", 2, { { 0, 1 }, { 4, 4 } } },
  { "WHT_TC_PF_AHEAD", "tiles ahead (0: none)", COUNT },
  { "WHT_TC_X15_GRID", "blocks (0: no cap)", COUNT },
  { "WHT_TC_PF_STRIDED8", "tiles ahead (0: none)", COUNT },
  { "WHT_TC_PF_STRIDED10", "tiles ahead (0: none)", COUNT },
  { "WHT_TC_REG_STRIDED", "", MODE },
  { "WHT_TC_REG_PAIR", "", FLAG },
  { "WHT_TC_STRIDED10", "", MODE },
  { "WHT_TC10_EARLY", "", FLAG },
};

enum { NKNOBS = sizeof knobs / sizeof knobs[0] };

size_t wht__env_count(void) { return NKNOBS; }

const wht__env_knob *wht__env_at(size_t i) { return i < NKNOBS ? &knobs[i] : NULL; }

static const wht__env_knob *find(const char *name)
{
  for (size_t i = 0; i < NKNOBS; i++)
    if (!strcmp(knobs[i].name, name)) return &knobs[i];
  return NULL;
}

/* s as a value of k: 0 with *v, or -1 (not digits only, out of range, or
 * not one of its values) */
static int parse(const wht__env_knob *k, const char *s, unsigned *v)
{
  if (!*s || s[strspn(s, "0123456789")]) return -1;
  unsigned long long x = 0;
  for (; *s; s++)
    if ((x = 10 * x + (unsigned)(*s - '0')) > UINT_MAX) return -1;
  for (unsigned i = 0; i < k->nranges; i++)
    if (x >= k->range[i].lo && x <= k->range[i].hi) {
      *v = (unsigned)x;
      return 0;
    }
  return -1;
}

int wht__env_get(const char *name, unsigned *v)
{
  const char *e = getenv(name);
  if (!e || !*e) return 0;
  const wht__env_knob *k = find(name);
  return k && parse(k, e, v) == 0 ? 1 : -1;
}

unsigned wht__env_uint(const char *name, unsigned dflt)
{
  unsigned v;
  return wht__env_get(name, &v) == 1 ? v : dflt;
}

/* appends s to buf (len bytes), as much as fits */
static void add(char *buf, size_t len, size_t *at, const char *s)
{
  while (*s && *at + 1 < len) buf[(*at)++] = *s++;
  buf[*at] = 0;
}

void wht__env_accepted(const wht__env_knob *k, char *buf, size_t len)
{
  if (!buf || !len) return;
  size_t at = 0;
  char num[32];
  buf[0] = 0;
  if (*k->what) add(buf, len, &at, k->what), add(buf, len, &at, ", ");
  /* one range of more than three values: "an integer lo..hi"; else each
   * value, or range of more than three, in turn: "a, b or c" */
  if (k->nranges == 1 && k->range[0].hi - k->range[0].lo > 2) {
    snprintf(num, sizeof num, "an integer %u..%u", k->range[0].lo, k->range[0].hi);
    add(buf, len, &at, num);
    return;
  }
  unsigned items = 0, item = 0;
  for (unsigned i = 0; i < k->nranges; i++)
    items += k->range[i].hi - k->range[i].lo > 2 ? 1 : k->range[i].hi - k->range[i].lo + 1;
  for (unsigned i = 0; i < k->nranges; i++) {
    const unsigned lo = k->range[i].lo, hi = k->range[i].hi, wide = hi - lo > 2;
    for (unsigned v = lo; v <= hi; v++, item++) {
      add(buf, len, &at, item == 0 ? "" : item + 1 == items ? " or " : ", ");
      if (wide) snprintf(num, sizeof num, "%u..%u", lo, hi);
      else snprintf(num, sizeof num, "%u", v);
      add(buf, len, &at, num);
      if (wide) {
        item++;
        break;
      }
    }
  }
}

/* v as the message shows it: at most 64 characters, any that is not
 * printable as \xHH (the message stays one line) */
static void shown(const char *v, char *out, size_t len)
{
  size_t at = 0, i = 0;
  for (; v[i] && i < 64 && at + 5 < len; i++) {
    const unsigned char c = (unsigned char)v[i];
    if (c >= 0x20 && c < 0x7f) out[at++] = (char)c;
    else at += (size_t)snprintf(out + at, len - at, "\\x%02x", c);
  }
  if (v[i] && at + 4 < len) at += (size_t)snprintf(out + at, len - at, "...");
  out[at] = 0;
}

wht_status wht_check_environment(char *why, size_t len)
{
  if (why && len) why[0] = 0;
  for (size_t i = 0; i < NKNOBS; i++) {
    const char *e = getenv(knobs[i].name);
    unsigned v;
    if (!e || !*e || parse(&knobs[i], e, &v) == 0) continue;
    if (why && len) {
      char acc[160], val[64 * 4 + 8];
      wht__env_accepted(&knobs[i], acc, sizeof acc);
      shown(e, val, sizeof val);
      snprintf(why, len, "environment %s='%s': not accepted (accepted: %s, or unset)", knobs[i].name, val, acc);
    }
    return WHT_E_ENVIRONMENT;
  }
  return WHT_OK;
}
