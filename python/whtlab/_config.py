# written by make (python/local.mk): where libwht is installed
LIBDIR = "/usr/local/lib"
VERSION = "0.1.0"
