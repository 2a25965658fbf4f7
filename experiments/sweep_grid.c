/* sweep_grid.c - resolve a configuration into the algorithms, backends and
 * formats that run. A combination named explicitly that the registry lacks
 * is a usage error; `all` quietly keeps the combinations that exist. */
#include <stdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "sweep_cli.h"
#include "sweep_grid.h"

static const char *backend_names(unsigned mask, char *buf, size_t len)
{
  snprintf(buf, len, "%s%s%s", mask & (1u << WHT_BACKEND_CPU) ? "cpu" : "",
           (mask & 3u) == 3u ? ", " : "", mask & (1u << WHT_BACKEND_GPU) ? "gpu" : "");
  if (!mask) snprintf(buf, len, "none");
  return buf;
}

static const char *format_names(unsigned mask, char *buf, size_t len)
{
  size_t off = 0;
  buf[0] = '\0';
  for (int f = 0; f < WHT_NFORMATS; f++)
    if (mask & (1u << f))
      off += (size_t)snprintf(buf + off, off < len ? len - off : 0, "%s%s", off ? ", " : "",
                              wht_format_name((wht_format)f));
  return buf;
}

/* the backend algorithm a runs on, or -1 */
static int pick_backend(wht_sweep_backend want, unsigned backends, int gpu)
{
  const unsigned cpu_bit = 1u << WHT_BACKEND_CPU, gpu_bit = 1u << WHT_BACKEND_GPU;
  switch (want) {
  case WHT_SWEEP_CPU: return backends & cpu_bit ? WHT_BACKEND_CPU : -1;
  case WHT_SWEEP_GPU: return backends & gpu_bit ? WHT_BACKEND_GPU : -1;
  case WHT_SWEEP_AUTO:
    if (gpu && (backends & gpu_bit)) return WHT_BACKEND_GPU;
    return backends & cpu_bit ? WHT_BACKEND_CPU : -1;
  }
  return -1;
}

uint64_t wht_sweep_cell_bytes(const wht_sweep_config *c, unsigned k)
{
  /* per element and input: the f64 draw, its exact rounded value, the
   * format copy and the working copy (<= 8 bytes each), and the oracle's
   * workspace (an MPFR value of up to 256 bits, or fixed-point limbs: 64
   * bytes); once: y (8) and the exact hi + lo (16). Measured peak at
   * k = 20: 125 bytes per element for xor-conv (estimate 216), 70 for the
   * one-input operations (estimate 120). */
  const uint64_t per_input = 8 + 8 + 8 + 8 + 64, once = 8 + 16;
  unsigned inputs = c->op[WHT_OP_XOR_CONV] ? 2 : 1;
  return ((uint64_t)1 << k) * (inputs * per_input + once);
}

uint64_t wht_sweep_memory_limit(void)
{
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  uint64_t limit = pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : UINT64_MAX;
  /* a container's cgroup limit, when smaller */
  FILE *f = fopen("/sys/fs/cgroup/memory.max", "r");
  unsigned long long cg;
  if (f) {
    if (fscanf(f, "%llu", &cg) == 1 && cg < limit) limit = cg;
    fclose(f);
  }
  return limit;
}

static int check_memory(const wht_sweep_config *c)
{
  uint64_t limit = wht_sweep_memory_limit();
  if (wht_sweep_cell_bytes(c, c->kmax) <= limit) return 0;
  unsigned k = c->kmax;
  while (k > 0 && wht_sweep_cell_bytes(c, k) > limit) k--;
  return wht_sweep_usage_error("--log2n %s: k = %u needs about %.1f GiB, more than the %.1f GiB of memory here "
                               "(accepted: k <= %u)", c->log2n_text, c->kmax,
                               (double)wht_sweep_cell_bytes(c, c->kmax) / (1 << 30), (double)limit / (1 << 30), k);
}

/* the algorithms that have a path on the chosen backend here: "a, b, c" */
static const char *runnable(const wht_sweep_config *c, int gpu, char *buf, size_t len)
{
  size_t off = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < wht_algorithm_count() && i < WHT_SWEEP_MAX_ALGOS; i++) {
    const wht_algorithm_info *a = wht_algorithm_at(i);
    if (pick_backend(c->backend, a->backends, gpu) >= 0)
      off += (size_t)snprintf(buf + off, off < len ? len - off : 0, "%s%s", off ? ", " : "", a->name);
  }
  return off ? buf : "none";
}

static const char *const backend_option[] = { [WHT_SWEEP_CPU] = "cpu", [WHT_SWEEP_GPU] = "gpu", [WHT_SWEEP_AUTO] = "auto" };

int wht_sweep_grid_build(const wht_sweep_config *c, int gpu, wht_sweep_grid *g)
{
  char buf[512], buf2[128], buf3[128];
  unsigned want_formats = 0, covered = 0;
  memset(g, 0, sizeof *g);
  for (int f = 0; f < WHT_NFORMATS; f++)
    if (c->fmt[f]) want_formats |= 1u << f;
  if (c->oracle == WHT_ORACLE_ON_GPU && !gpu)
    return wht_sweep_usage_error("--oracle gpu: no GPU here (CUDA not compiled in, or no device) (accepted: cpu, auto)");
  if (c->backend == WHT_SWEEP_GPU && !gpu)
    return wht_sweep_usage_error("--backend gpu: no GPU here (CUDA not compiled in, or no device) (accepted: cpu, auto)");
  for (size_t i = 0; i < wht_algorithm_count() && i < WHT_SWEEP_MAX_ALGOS; i++) {
    if (!c->algo[i]) continue;
    const wht_algorithm_info *a = wht_algorithm_at(i);
    int b = pick_backend(c->backend, a->backends, gpu);
    unsigned fm = a->formats & want_formats;
    /* a named pair first: its answer does not depend on the machine */
    if (c->algo_named && c->fmt_named && fm != want_formats)
      return wht_sweep_usage_error("--format %s: algorithm %s has no %s (accepted with %s: %s)",
                                   format_names(want_formats, buf, sizeof buf), a->name,
                                   format_names(want_formats & ~a->formats, buf2, sizeof buf2), a->name,
                                   format_names(a->formats, buf3, sizeof buf3));
    if (b < 0) {
      if (!c->algo_named) continue;
      return wht_sweep_usage_error("--algo %s: no path on --backend %s here (backends of %s: %s%s; accepted: %s)",
                                   a->name, backend_option[c->backend], a->name,
                                   backend_names(a->backends, buf2, sizeof buf2), gpu ? "" : ", no GPU here",
                                   runnable(c, gpu, buf, sizeof buf));
    }
    if (!fm) continue;
    g->algo[g->nalgo++] = (wht_sweep_algo){ a, (wht_backend)b, fm };
    covered |= fm;
  }
  if (c->fmt_named && covered != want_formats)
    return wht_sweep_usage_error("--format %s: no selected algorithm runs in it on --backend %s here (accepted: %s)",
                                 format_names(want_formats & ~covered, buf, sizeof buf), backend_option[c->backend],
                                 covered ? format_names(covered, buf2, sizeof buf2) : "none");
  if (g->nalgo == 0)
    return wht_sweep_usage_error("empty grid: no selected algorithm runs in a selected format on --backend %s here "
                                 "(accepted: algorithms %s, in their formats as --list shows)",
                                 backend_option[c->backend], runnable(c, gpu, buf, sizeof buf));
  /* smoothed thresholds at tau rounded to each format: a tau that rounds
   * to inf would zero every output and read as an overflow row */
  for (int f = 0; c->op[WHT_OP_SMOOTHED] && f < WHT_NFORMATS; f++) {
    double maxf = ldexp(2.0 - ldexp(1.0, 1 - wht_format_precision((wht_format)f)), wht_format_emax((wht_format)f));
    for (unsigned i = 0; i < c->ntau; i++)
      if ((covered >> f & 1) && !isfinite(wht_round_to_format(c->taus[i], (wht_format)f)))
        return wht_sweep_usage_error("--tau %g: rounds to inf in %s (accepted with --op smoothed and %s: a tau >= 0 that rounds to at most %g)",
                                     c->taus[i], wht_format_name((wht_format)f), wht_format_name((wht_format)f), maxf);
  }
  return check_memory(c);
}

int wht_sweep_uses_gpu(const wht_sweep_grid *g)
{
  for (size_t i = 0; i < g->nalgo; i++)
    if (g->algo[i].backend == WHT_BACKEND_GPU) return 1;
  return 0;
}
