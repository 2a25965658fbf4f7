/* alman_rao.c - iterative form of Alman & Rao's radix-8 FWHT: k mod 3
 * folklore stages, a power-of-two prescaling, then radix-8 groups whose
 * eight outputs share the half-sum "tot" (DESIGN.md section 4). Exactly
 * H_n x in exact arithmetic (tests/test_identities checks it).
 * The scheduler always calls group 0, even with c = 0, for the prescaling;
 * radix-8 groups never straddle a group boundary by construction. */
#include "wht_internal.h"
#include "arith.h"
#include "algorithms.h"
#include "groups_simd.h"

#define WHT__BODY "alman_rao_body.h"
#include "each_format.h"

const wht__cpu_group_fn wht__alman_rao_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(ar_group);
