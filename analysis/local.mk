# analysis/ - wht-table and wht-plot (Python 3, configure's $(PYTHON)).
# The scripts are generated from their .py sources: the first line becomes
# the configured interpreter and the @...@ paths tell the script where its
# modules are (source tree when run from this build, else $(whtlabpydir)).

WHT_ANALYSIS_BIN = analysis/wht-table analysis/wht-plot
ANALYSIS_MODULES = \
  analysis/whtlab_deps.py analysis/whtlab_cli.py analysis/whtlab_results.py \
  analysis/whtlab_filters.py analysis/whtlab_stats.py analysis/whtlab_metrics.py \
  analysis/whtlab_cells.py analysis/whtlab_render.py \
  analysis/whtlab_tables.py analysis/whtlab_plotstyle.py \
  analysis/whtlab_accuracy_plot.py analysis/whtlab_speed_plot.py \
  analysis/whtlab_frame.py analysis/whtlab_bounds.py analysis/whtlab_bounds_plot.py \
  analysis/whtlab_tradeoff.py analysis/whtlab_tradeoff_plot.py

bin_SCRIPTS += $(WHT_ANALYSIS_BIN)
whtlabpydir = $(pkgdatadir)/python
whtlabpy_DATA = $(ANALYSIS_MODULES)
CLEANFILES += $(WHT_ANALYSIS_BIN)
EXTRA_DIST += analysis/wht-table.py analysis/wht-plot.py $(ANALYSIS_MODULES) \
  analysis/whtlab_testkit.py

# (sed inside the recipes: a '#' in a make variable would start a comment)
analysis/wht-table: $(srcdir)/analysis/wht-table.py Makefile
	$(AM_V_GEN)$(MKDIR_P) analysis && sed \
	  -e '1s|^#!.*|#!$(PYTHON)|' -e 's|@pkgdatadir[@]|$(pkgdatadir)|g' \
	  -e 's|@abs_top_srcdir[@]|$(abs_top_srcdir)|g' \
	  -e 's|@abs_top_builddir[@]|$(abs_top_builddir)|g' \
	  $(srcdir)/analysis/wht-table.py > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@

analysis/wht-plot: $(srcdir)/analysis/wht-plot.py Makefile
	$(AM_V_GEN)$(MKDIR_P) analysis && sed \
	  -e '1s|^#!.*|#!$(PYTHON)|' -e 's|@pkgdatadir[@]|$(pkgdatadir)|g' \
	  -e 's|@pythondir[@]|$(pythondir)|g' \
	  -e 's|@abs_top_srcdir[@]|$(abs_top_srcdir)|g' \
	  -e 's|@abs_top_builddir[@]|$(abs_top_builddir)|g' \
	  $(srcdir)/analysis/wht-plot.py > $@.tmp && chmod +x $@.tmp && mv -f $@.tmp $@

# Python tests speak TAP like the C ones and run with the configured Python.
TEST_EXTENSIONS = .py
PY_LOG_COMPILER = $(PYTHON)
PY_LOG_DRIVER = $(LOG_DRIVER)

ANALYSIS_TESTS = \
  tests/test_table_reduction.py tests/test_table_cells.py \
  tests/test_table_spread.py tests/test_table_rows.py \
  tests/test_table_speed.py tests/test_table_edge_cases.py \
  tests/test_table_bad_input.py tests/test_plot_accuracy.py \
  tests/test_plot_speed.py tests/test_plot_bad_input.py tests/test_plot_bounds.py \
  tests/test_plot_tradeoff.py tests/test_bench_output.py
TESTS += $(ANALYSIS_TESTS)
EXTRA_DIST += $(ANALYSIS_TESTS)
