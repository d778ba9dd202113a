#ifndef ENVTOOL_CSODIUM_SHIM_H
#define ENVTOOL_CSODIUM_SHIM_H
#include <sodium.h>
#endif
