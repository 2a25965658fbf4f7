/* sweep_list.c - --list: the algorithms of the registry with their formats
 * and backends, then the formats, distributions and operations, in the
 * names the options accept. */
#include <string.h>
#include "sweep_config.h"
#include "sweep_list.h"
#include "sweep_names.h"

static void names_line(FILE *f, const char *title, const wht_name_set *ns)
{
  fprintf(f, "%s:", title);
  for (size_t i = 0; i < ns->count(); i++) fprintf(f, " %s", ns->name(i));
  fputc('\n', f);
}

void wht_sweep_list(FILE *f)
{
  fprintf(f, "algorithms (formats; backends compiled in) - notes:\n");
  for (size_t i = 0; i < wht_algorithm_names.count(); i++) {
    const wht_algorithm_info *a = wht_algorithm_at(i);
    char fm[64] = "", be[16] = "";
    for (int j = 0; j < WHT_NFORMATS; j++)
      if (a->formats & (1u << j)) snprintf(fm + strlen(fm), sizeof fm - strlen(fm), "%s%s", fm[0] ? "," : "",
                                           wht_format_name((wht_format)j));
    snprintf(be, sizeof be, "%s%s%s", a->backends & (1u << WHT_BACKEND_CPU) ? "cpu" : "",
             (a->backends & 3u) == 3u ? "," : "", a->backends & (1u << WHT_BACKEND_GPU) ? "gpu" : "");
    if (!be[0]) snprintf(be, sizeof be, "none"); /* e.g. a GPU-only algorithm built without CUDA */
    fprintf(f, "  %-20s %-16s %-8s %s\n", a->name, fm, be, a->notes ? a->notes : "");
  }
  names_line(f, "formats", &wht_format_names);
  names_line(f, "distributions", &wht_dist_names);
  names_line(f, "operations", &wht_op_names);
  fprintf(f, "gpu: %s\n", wht_gpu_available() ? "available" : "not available (CUDA not compiled in, or no device)");
}
