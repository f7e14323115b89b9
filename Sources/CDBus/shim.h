// libdbus for the AccessoryBluetooth module (the only module that imports it).
// Headers come from pkg-config `dbus-1` (Debian: libdbus-1-dev).
#ifndef SWIFT_UWB_CDBUS_SHIM_H
#define SWIFT_UWB_CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif
