/* folklore_test.c - folklore-test, registered only in a build configured
 * with --enable-test-algorithm: an algorithm that the test suite knows
 * only through its facts (the bound's stage factor, the reference), to
 * prove that make check needs nothing else of a new algorithm. It follows
 * README's steps for adding one; its result is folklore's. */
#include "wht_internal.h"
#include "arith.h"
#include "algorithms.h"

#define WHT__BODY "folklore_test_body.h"
#include "each_format.h"

const wht__cpu_group_fn wht__folklore_test_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(folklore_test_group);
