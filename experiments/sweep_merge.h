/* sweep_merge.h - wht-sweep --merge OUT IN...: one results file from
 * several of one seed (e.g. a sweep split by any key across machines). */
#ifndef WHT_SWEEP_MERGE_H
#define WHT_SWEEP_MERGE_H
#include "sweep_config.h"
/* 0 ok; 2 refused (bad inputs, OUT exists without --force: nothing
 * written); 1 a write failed. */
int wht_sweep_merge(const wht_sweep_config *c);
#endif
