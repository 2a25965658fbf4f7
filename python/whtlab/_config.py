# written by make (python/local.mk): where libwht is installed
LIBDIR = "/usr/local/lib"
