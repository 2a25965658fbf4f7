/* sweep_stop.h - a sweep's stop request: the first SIGINT, SIGTERM or
 * SIGHUP (unless ignored, as under nohup) asks the running cell to finish
 * and the sweep to save and stop (exit 1); a second one of any of them
 * kills as usual. */
#ifndef WHT_SWEEP_STOP_H
#define WHT_SWEEP_STOP_H

void wht_sweep_catch_signals(void);
int wht_sweep_stop_requested(void);
#endif
