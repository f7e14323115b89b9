// umockdev-1.0 for the test-support target EmulatedUSBDevice only.
// Headers come from pkg-config `umockdev-1.0` (Debian: libumockdev-dev).
#ifndef SWIFT_UWB_CUMOCKDEV_SHIM_H
#define SWIFT_UWB_CUMOCKDEV_SHIM_H
#include <umockdev.h>
#endif
