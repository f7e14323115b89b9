// libusb-1.0 for the UWBUSB module (the only module that imports it).
// Headers come from pkg-config `libusb-1.0` (Debian: libusb-1.0-0-dev).
#ifndef SWIFT_UWB_CLIBUSB_SHIM_H
#define SWIFT_UWB_CLIBUSB_SHIM_H
#include <libusb.h>
#endif
