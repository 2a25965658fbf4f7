# experiments/cpu_speed.mk - wht-cpu-speed, CPU timing of single transforms.
bin_PROGRAMS += experiments/wht-cpu-speed
experiments_wht_cpu_speed_SOURCES = experiments/cpu_speed_main.c
experiments_wht_cpu_speed_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/experiments
experiments_wht_cpu_speed_LDADD = experiments/libcli.a $(LDADD)
TESTS += tests/test_cpu_speed_cli.sh
EXTRA_DIST += tests/test_cpu_speed_cli.sh
