/* test_oracle_op_names.c - operation names round-trip, the upper-case and
 * underscore aliases are accepted, unknown names are refused, and the
 * input counts are 1, 1, 1, 2. */
#include <string.h>
#include "wht_oracle.h"
#include "tap.h"

int main(void)
{
  static const char *canon[WHT_NOPS] = { "one-way", "two-way", "smoothed", "xor-conv" };
  static const char *alias[WHT_NOPS] = { "ONE_WAY", "Two_Way", "SMOOTHED", "xor_conv" };
  for (int i = 0; i < WHT_NOPS; i++) {
    wht_op op = WHT_NOPS;
    tap_ok(wht_op_name((wht_op)i) && strcmp(wht_op_name((wht_op)i), canon[i]) == 0,
           "name of op %d is %s", i, canon[i]);
    tap_ok(wht_op_from_name(canon[i], &op) == 0 && op == (wht_op)i, "%s parses", canon[i]);
    op = WHT_NOPS;
    tap_ok(wht_op_from_name(alias[i], &op) == 0 && op == (wht_op)i, "alias %s parses", alias[i]);
    tap_ok(wht_op_inputs((wht_op)i) == (i == WHT_OP_XOR_CONV ? 2u : 1u), "%s takes %u inputs",
           canon[i], i == WHT_OP_XOR_CONV ? 2u : 1u);
  }
  wht_op op = WHT_OP_TWO_WAY;
  const char *bad[] = { "", "oneway", "one-way ", "xor", "one-way-x", "smooth" };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    tap_ok(wht_op_from_name(bad[i], &op) == -1 && op == WHT_OP_TWO_WAY, "'%s' is refused", bad[i]);
  tap_ok(wht_op_from_name(NULL, &op) == -1, "NULL name is refused");
  tap_ok(wht_op_name(WHT_NOPS) == NULL && wht_op_name((wht_op)-1) == NULL, "out-of-range op has no name");
  tap_ok(wht_op_inputs(WHT_NOPS) == 0, "out-of-range op takes no inputs");
  tap_ok(strcmp(wht_oracle_status_name(WHT_ORACLE_INEXACT), "inexact") == 0, "status name");
  return tap_done();
}
