/* sweep_list.h - wht-sweep --list: what a sweep can run here. */
#ifndef WHT_SWEEP_LIST_H
#define WHT_SWEEP_LIST_H
#include <stdio.h>
void wht_sweep_list(FILE *f);
#endif
