/* sweep_output.h - the output file of a sweep: checked before anything is
 * written, then created, or opened for --resume with the set of cells it
 * already holds. */
#ifndef WHT_SWEEP_OUTPUT_H
#define WHT_SWEEP_OUTPUT_H

#include "h5store.h"
#include "sweep_config.h"
#include "sweep_grid.h"
#include "sweep_keys.h"

/* The root string attribute of a file whose last run has not (yet) put
 * all its cells in it: written before the file's first publish, removed by
 * wht_sweep_finish when they are all there (data/README.md). */
#define WHT_SWEEP_UNFINISHED "unfinished"

/* 0 ok; 2 usage error reported: path is a directory or not a regular
 * file, its directory is missing, or it exists and may not (hint: what
 * would allow it, e.g. "--force to overwrite it"); 1 reported: its
 * directory is not writable (an unwritable output). */
int wht_sweep_check_output(const char *path, int exists, int may_exist, const char *opt, const char *hint);
/* --force on an existing output: 0 where it is a results file, even a
 * damaged one (replaced then), else the usage error (2): a text file or
 * another program's HDF5 is never overwritten by a sweep */
int wht_sweep_check_replace(const char *path, const char *opt);
/* 1 where name is one of the names of list, the `device` attribute of a
 * file ("A, B": a merge's or a resumed file's), compared whole: one GPU's
 * name can hold another's ("NVIDIA H200 NVL") */
int wht_sweep_device_listed(const char *list, const char *name);
/* Create c->output, or open it for --resume and fill *done with its cells
 * (after checking seed and tau). NULL with *rc = 2 (refused, file
 * unchanged) or 1 (could not write). */
wht_h5 *wht_sweep_open_output(const wht_sweep_config *c, const wht_sweep_grid *g, wht_keyset **done, int *rc);
#endif
