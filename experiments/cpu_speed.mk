# experiments/cpu_speed.mk - wht-cpu-speed, CPU timing of single transforms.
bin_PROGRAMS += experiments/wht-cpu-speed
experiments_wht_cpu_speed_SOURCES = experiments/cpu_speed_main.c
TESTS += tests/test_cpu_speed_cli.sh
EXTRA_DIST += tests/test_cpu_speed_cli.sh
