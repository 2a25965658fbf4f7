/* op_names.c - names of the four operations (DESIGN.md section 6) and of
 * the oracle's statuses, table-driven so drivers and HDF5 files agree. */
#include <string.h>
#include "wht_oracle.h"

static const struct {
  const char *name;
  unsigned inputs;
} ops[WHT_NOPS] = {
  [WHT_OP_ONE_WAY] = { "one-way", 1 },
  [WHT_OP_TWO_WAY] = { "two-way", 1 },
  [WHT_OP_SMOOTHED] = { "smoothed", 1 },
  [WHT_OP_XOR_CONV] = { "xor-conv", 2 },
};

const char *wht_op_name(wht_op op)
{
  return (unsigned)op < WHT_NOPS ? ops[op].name : NULL;
}

unsigned wht_op_inputs(wht_op op)
{
  return (unsigned)op < WHT_NOPS ? ops[op].inputs : 0;
}

int wht_op_from_name(const char *name, wht_op *op)
{
  if (!name || !op) return -1;
  for (int i = 0; i < WHT_NOPS; i++)
    if (wht_name_matches(name, ops[i].name)) {
      *op = (wht_op)i;
      return 0;
    }
  return -1;
}

const char *wht_oracle_status_name(wht_oracle_status st)
{
  static const char *const names[] = {
    [WHT_ORACLE_OK] = "ok",
    [WHT_ORACLE_INEXACT] = "inexact",
    [WHT_ORACLE_NONFINITE] = "non-finite input",
    [WHT_ORACLE_NOMEM] = "out of memory",
    [WHT_ORACLE_BADARG] = "bad argument",
    [WHT_ORACLE_OVERFLOW] = "output overflows double",
    [WHT_ORACLE_DEVICE] = "GPU unavailable or failed",
  };
  return (unsigned)st < sizeof names / sizeof names[0] ? names[st] : "unknown status";
}
