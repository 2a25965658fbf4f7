# experiments/cpu_speed.mk - wht-cpu-speed, CPU timing of single transforms.
bin_PROGRAMS += experiments/wht-cpu-speed
experiments_wht_cpu_speed_SOURCES = experiments/cpu_speed_main.c
experiments_wht_cpu_speed_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/experiments -I$(top_builddir)/experiments
# its header line names the build's git revision (experiments/sweep.mk)
experiments/wht_cpu_speed-cpu_speed_main.$(OBJEXT): experiments/wht_build_info.h
experiments_wht_cpu_speed_LDADD = experiments/libcli.a $(LDADD)
TESTS += tests/test_cpu_speed_cli.sh
EXTRA_DIST += tests/test_cpu_speed_cli.sh
