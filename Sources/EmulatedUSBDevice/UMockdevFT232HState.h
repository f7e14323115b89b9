// Private state of an emulated FT232H, shared by UMockdevFT232H.c (lifecycle) and
// UMockdevFT232HIoctl.c (the usbdevfs handler).
#ifndef SWIFT_UWB_EMULATED_FT232H_STATE_H
#define SWIFT_UWB_EMULATED_FT232H_STATE_H

#include "EmulatedUSBDevice.h"

#include <umockdev.h>

struct UMockdevFT232H {
    UMockdevTestbed *testbed;
    UMockdevIoctlBase *handler;   // attached at the first plug, detached at destroy
    EmulatedUSBCallbacks callbacks;
    char *serial;                 // NULL: no serial string
    char *syspath;                // /sys/devices/.../usbB/B-P
    char *devnode;                // /dev/bus/usb/BBB/DDD
    guint8 bus, port, address;

    // Shared between threads (umockdev's worker, the test's): everything below is guarded by
    // `lock`. Plug, unplug and destroy themselves must not run concurrently.
    GMutex lock;
    gboolean plugged;
    gboolean gone;                // unplugged: new URBs and most ioctls fail with ENODEV
    GQueue pending_in;            // UMockdevIoctlData* of bulk IN URBs waiting for octets
    GQueue completed;             // UMockdevIoctlData* of URBs ready to be reaped
    GByteArray *in_octets;        // bulk IN octets no URB has taken yet
    guint64 ioctl_count;
    int claimed_interfaces;
};

// Connects the ioctl signal of `handler` to `device` (UMockdevFT232HIoctl.c).
void umockdev_ft232h_connect_handler(UMockdevFT232H *device, UMockdevIoctlBase *handler);

// Moves pending IN URBs to `completed` while queued octets last. Call with `lock` held.
void umockdev_ft232h_feed_pending_in_locked(UMockdevFT232H *device);

// Marks the device gone and completes every pending URB with -ENODEV, as the kernel does on
// disconnect. Takes `lock`.
void umockdev_ft232h_disconnect_urbs(UMockdevFT232H *device);

// Releases every URB still queued (at destroy). Call with `lock` held.
void umockdev_ft232h_drop_urbs_locked(UMockdevFT232H *device);

#endif
