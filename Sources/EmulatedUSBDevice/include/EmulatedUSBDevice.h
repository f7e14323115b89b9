// EmulatedUSBDevice: an FT232H (0403:6014) emulated at the usbdevfs level with umockdev, so that
// the real libusb (and UWBUSB on top of it) can be tested end to end without hardware.
//
// Test support only: no library product links it. It works only in a process started with
// LD_PRELOAD=libumockdev-preload.so.0 (see Docs/reference/usb-emulation.md).
//
// Lifecycle (the order matters, see the reference's gotchas 1 and 6):
//   1. umockdev_ft232h_create()   creates the umockdev testbed: before libusb_init.
//   2. umockdev_ft232h_plug()     adds the device (sysfs record, /dev node, ioctl handler)
//                                 and emits the "add" uevent (hotplug arrival).
//   3. libusb talks to it; the callbacks run on umockdev's worker thread.
//   4. umockdev_ft232h_unplug()   fails pending URBs with ENODEV, emits "remove" and removes
//                                 the device (hotplug removal). plug() may be called again.
//   5. umockdev_ft232h_destroy()  after libusb_exit.
#ifndef SWIFT_UWB_EMULATED_USB_DEVICE_H
#define SWIFT_UWB_EMULATED_USB_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The device's side of a vendor control request (bmRequestType type bits = vendor).
///
/// For a host-to-device request `data` holds the `length` octets of the data stage; for a
/// device-to-host request (request_type bit 7 set) the callback writes up to `length` octets
/// into `data`. Returns the number of data-stage octets (0 for none), or a negative value to
/// stall the request (the host sees LIBUSB_ERROR_PIPE).
typedef int (*emulated_usb_control_fn)(void *context, uint8_t request_type, uint8_t request,
                                       uint16_t value, uint16_t index, uint8_t *data,
                                       uint16_t length);

/// The device received `length` octets on its bulk OUT endpoint (0x02), in one URB.
typedef void (*emulated_usb_bulk_out_fn)(void *context, const uint8_t *octets, size_t length);

/// The test's side of the device. Both functions run on umockdev's worker thread, never
/// concurrently with each other, and must be quick; `context` is passed back unchanged.
/// Either function may be NULL (control requests then stall, OUT data is dropped).
typedef struct {
    void *context;
    emulated_usb_control_fn on_control;
    emulated_usb_bulk_out_fn on_bulk_out;
} EmulatedUSBCallbacks;

/// An emulated FT232H and the umockdev testbed it lives in.
typedef struct UMockdevFT232H UMockdevFT232H;

/// Creates the testbed and an unplugged FT232H at `bus`/`address` (1...127) with serial
/// `serial` (NULL: no serial string, iSerialNumber = 0), sysfs name `<bus>-<port>`.
///
/// Returns NULL, with a message in `error` (`error_capacity` octets, may be NULL), when the
/// process does not run under the umockdev preload or the testbed cannot be created.
UMockdevFT232H *umockdev_ft232h_create(const char *serial, uint8_t bus, uint8_t port,
                                       uint8_t address, EmulatedUSBCallbacks callbacks,
                                       char *error, size_t error_capacity);

/// Creates a second (third, …) FT232H in the testbed of `first`, at another port and address,
/// unplugged. Destroy every device made this way before `first`'s testbed goes: the testbed is
/// freed with the last device that shares it. Returns NULL, with a message in `error`, for a
/// place already taken or out of range.
UMockdevFT232H *umockdev_ft232h_create_beside(UMockdevFT232H *first, const char *serial, uint8_t bus,
                                              uint8_t port, uint8_t address, EmulatedUSBCallbacks callbacks,
                                              char *error, size_t error_capacity);

/// Plugs the device in: ioctl handler, sysfs record with its /dev node, "add" uevent.
/// Returns 0, or -1 with a message in `error`.
int umockdev_ft232h_plug(UMockdevFT232H *device, char *error, size_t error_capacity);

/// Unplugs the device: every pending URB completes with -ENODEV and later usbdevfs ioctls fail
/// with ENODEV (as the kernel does), then the "remove" uevent and the sysfs record go.
void umockdev_ft232h_unplug(UMockdevFT232H *device);

/// Queues octets the device sends on its bulk IN endpoint (0x81). They complete pending and
/// later IN URBs in order; one URB takes at most its buffer length. Thread-safe.
void umockdev_ft232h_queue_in(UMockdevFT232H *device, const uint8_t *octets, size_t length);

/// The number of queued IN octets no URB has taken yet. Thread-safe.
size_t umockdev_ft232h_queued_in(UMockdevFT232H *device);

/// The number of bulk IN URBs submitted and waiting for octets (a read in progress). Thread-safe.
size_t umockdev_ft232h_pending_reads(UMockdevFT232H *device);

/// The usbdevfs ioctls the handler has served so far (to see the busy-spin cost). Thread-safe.
uint64_t umockdev_ft232h_ioctl_count(UMockdevFT232H *device);

/// How many interfaces are claimed (0 or 1: the FT232H has interface 0 only). Thread-safe.
int umockdev_ft232h_claimed_interfaces(UMockdevFT232H *device);

/// The device's sysfs path inside the testbed, e.g. /sys/devices/pci0000:00/.../usb1/1-2.
const char *umockdev_ft232h_syspath(UMockdevFT232H *device);

/// Unplugs the device if needed and removes the testbed. Call after libusb_exit.
void umockdev_ft232h_destroy(UMockdevFT232H *device);

#ifdef __cplusplus
}
#endif

#endif
