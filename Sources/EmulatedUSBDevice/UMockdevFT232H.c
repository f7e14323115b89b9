// The emulated FT232H's lifecycle: the umockdev testbed, the sysfs record (descriptors byte-exact
// from Docs/reference/ftdi-mpsse.md §1.2), plugging and unplugging. The usbdevfs ioctls are served in
// UMockdevFT232HIoctl.c.
#include "UMockdevFT232HState.h"

#include <stdio.h>
#include <string.h>

static void set_error(char *error, size_t capacity, const char *message, const GError *gerror) {
    if (error == NULL || capacity == 0) return;
    if (gerror != NULL) {
        snprintf(error, capacity, "%s: %s", message, gerror->message);
    } else {
        snprintf(error, capacity, "%s", message);
    }
}

// Descriptors as usbfs's sysfs `descriptors` file holds them: device, then configuration 1
// with its interface and endpoints (Docs/reference/ftdi-mpsse.md §1.2, high speed).
static const char *descriptors_hex(gboolean has_serial) {
    return has_serial
        ? "1201000200000040030414600009010203010902200001010080FA"
          "0904000002FFFFFF02" "07058102000200" "07050202000200"
        : "1201000200000040030414600009010200010902200001010080FA"
          "0904000002FFFFFF02" "07058102000200" "07050202000200";
}

static char *device_record(const UMockdevFT232H *device) {
    const guint bus = device->bus, address = device->address, port = device->port;
    // The char device minor of usbfs nodes: (bus - 1) * 128 + (address - 1).
    const guint minor = (bus - 1) * 128 + (address - 1);
    GString *record = g_string_new(NULL);
    g_string_append_printf(record, "P: %s\n", device->syspath + strlen("/sys"));
    g_string_append_printf(record, "N: bus/usb/%03u/%03u\n", bus, address);
    g_string_append(record, "E: SUBSYSTEM=usb\nE: DEVTYPE=usb_device\n");
    g_string_append_printf(record, "E: DEVNAME=%s\n", device->devnode);
    g_string_append_printf(record, "E: BUSNUM=%03u\nE: DEVNUM=%03u\n", bus, address);
    g_string_append(record, "E: PRODUCT=403/6014/900\n");
    if (device->serial != NULL) {
        g_string_append_printf(record, "E: ID_SERIAL_SHORT=%s\n", device->serial);
    }
    g_string_append_printf(record, "A: busnum=%u\\n\nA: devnum=%u\\n\n", bus, address);
    g_string_append(record, "A: idVendor=0403\\n\nA: idProduct=6014\\n\nA: bcdDevice=0900\\n\n");
    g_string_append(record, "A: speed=480\\n\nA: bConfigurationValue=1\\n\nA: bNumConfigurations=1\\n\n");
    g_string_append(record, "A: manufacturer=FTDI\\n\nA: product=Single RS232-HS\\n\n");
    if (device->serial != NULL) {
        g_string_append_printf(record, "A: serial=%s\\n\n", device->serial);
    }
    g_string_append_printf(record, "A: dev=189:%u\\n\n", minor);
    g_string_append_printf(record, "H: descriptors=%s\n", descriptors_hex(device->serial != NULL));
    return g_string_free(record, FALSE);
}

// A new, unplugged device in `testbed` (whose reference it takes over).
static UMockdevFT232H *new_device(UMockdevTestbed *testbed, const char *serial, uint8_t bus, uint8_t port,
                                  uint8_t address, EmulatedUSBCallbacks callbacks) {
    UMockdevFT232H *device = g_new0(UMockdevFT232H, 1);
    device->testbed = testbed;
    device->callbacks = callbacks;
    device->serial = g_strdup(serial);
    device->bus = bus;
    device->port = port;
    device->address = address;
    device->syspath = g_strdup_printf("/sys/devices/pci0000:00/0000:00:14.0/usb%u/%u-%u",
                                      (guint) bus, (guint) bus, (guint) port);
    device->devnode = g_strdup_printf("/dev/bus/usb/%03u/%03u", (guint) bus, (guint) address);
    g_mutex_init(&device->lock);
    g_queue_init(&device->pending_in);
    g_queue_init(&device->completed);
    device->in_octets = g_byte_array_new();
    device->gone = TRUE;
    return device;
}

// Whether bus, port and address are usable, with a message in `error` if not.
static gboolean valid_place(uint8_t bus, uint8_t port, uint8_t address, char *error, size_t error_capacity) {
    if (bus < 1 || bus > 127 || address < 1 || address > 127 || port < 1) {
        set_error(error, error_capacity, "bus and address must be 1...127 and port at least 1", NULL);
        return FALSE;
    }
    return TRUE;
}

UMockdevFT232H *umockdev_ft232h_create(const char *serial, uint8_t bus, uint8_t port,
                                       uint8_t address, EmulatedUSBCallbacks callbacks,
                                       char *error, size_t error_capacity) {
    if (!valid_place(bus, port, address, error, error_capacity)) return NULL;
    // Gotcha 1 (Docs/reference/usb-emulation.md): ask umockdev_in_mock_environment() only once a
    // testbed exists.
    UMockdevTestbed *testbed = umockdev_testbed_new();
    if (testbed == NULL || !umockdev_in_mock_environment()) {
        if (testbed != NULL) g_object_unref(testbed);
        set_error(error, error_capacity,
                  "not running under the umockdev preload: start the process with "
                  "LD_PRELOAD=libumockdev-preload.so.0 (package umockdev)", NULL);
        return NULL;
    }
    return new_device(testbed, serial, bus, port, address, callbacks);
}

UMockdevFT232H *umockdev_ft232h_create_beside(UMockdevFT232H *first, const char *serial, uint8_t bus,
                                              uint8_t port, uint8_t address, EmulatedUSBCallbacks callbacks,
                                              char *error, size_t error_capacity) {
    if (first == NULL) {
        set_error(error, error_capacity, "no first device to share the testbed of", NULL);
        return NULL;
    }
    if (!valid_place(bus, port, address, error, error_capacity)) return NULL;
    if (first->bus == bus && (first->port == port || first->address == address)) {
        set_error(error, error_capacity, "the second device needs its own port and address on the bus", NULL);
        return NULL;
    }
    return new_device(g_object_ref(first->testbed), serial, bus, port, address, callbacks);
}

int umockdev_ft232h_plug(UMockdevFT232H *device, char *error, size_t error_capacity) {
    g_mutex_lock(&device->lock);
    const gboolean was_plugged = device->plugged;
    g_mutex_unlock(&device->lock);
    if (was_plugged) return 0;
    GError *gerror = NULL;
    if (device->handler == NULL) {
        // The handler stays attached across unplug/plug: the node's ioctl socket must outlive
        // file descriptors libusb still holds on an unplugged device.
        UMockdevIoctlBase *handler = umockdev_ioctl_base_new();
        umockdev_ft232h_connect_handler(device, handler);
        if (!umockdev_testbed_attach_ioctl(device->testbed, device->devnode, handler, &gerror)) {
            set_error(error, error_capacity, "umockdev_testbed_attach_ioctl failed", gerror);
            g_clear_error(&gerror);
            g_object_unref(handler);
            return -1;
        }
        device->handler = handler;
    }
    g_mutex_lock(&device->lock);
    device->gone = FALSE;
    g_byte_array_set_size(device->in_octets, 0);
    g_mutex_unlock(&device->lock);

    char *record = device_record(device);
    gboolean added = umockdev_testbed_add_from_string(device->testbed, record, &gerror);
    g_free(record);
    if (!added) {
        set_error(error, error_capacity, "umockdev_testbed_add_from_string failed", gerror);
        g_clear_error(&gerror);
        g_mutex_lock(&device->lock);
        device->gone = TRUE;
        g_mutex_unlock(&device->lock);
        return -1;
    }
    g_mutex_lock(&device->lock);
    device->plugged = TRUE;
    g_mutex_unlock(&device->lock);
    return 0;
}

void umockdev_ft232h_unplug(UMockdevFT232H *device) {
    g_mutex_lock(&device->lock);
    const gboolean was_plugged = device->plugged;
    device->plugged = FALSE;
    g_mutex_unlock(&device->lock);
    if (!was_plugged) return;
    umockdev_ft232h_disconnect_urbs(device);
    umockdev_testbed_uevent(device->testbed, device->syspath, "remove");
    umockdev_testbed_remove_device(device->testbed, device->syspath);
}

void umockdev_ft232h_queue_in(UMockdevFT232H *device, const uint8_t *octets, size_t length) {
    g_mutex_lock(&device->lock);
    if (!device->gone) {
        g_byte_array_append(device->in_octets, octets, (guint) length);
        umockdev_ft232h_feed_pending_in_locked(device);
    }
    g_mutex_unlock(&device->lock);
}

size_t umockdev_ft232h_queued_in(UMockdevFT232H *device) {
    g_mutex_lock(&device->lock);
    size_t count = device->in_octets->len;
    g_mutex_unlock(&device->lock);
    return count;
}

size_t umockdev_ft232h_pending_reads(UMockdevFT232H *device) {
    g_mutex_lock(&device->lock);
    size_t count = g_queue_get_length(&device->pending_in);
    g_mutex_unlock(&device->lock);
    return count;
}

uint64_t umockdev_ft232h_ioctl_count(UMockdevFT232H *device) {
    g_mutex_lock(&device->lock);
    uint64_t count = device->ioctl_count;
    g_mutex_unlock(&device->lock);
    return count;
}

int umockdev_ft232h_claimed_interfaces(UMockdevFT232H *device) {
    g_mutex_lock(&device->lock);
    int count = device->claimed_interfaces;
    g_mutex_unlock(&device->lock);
    return count;
}

const char *umockdev_ft232h_syspath(UMockdevFT232H *device) {
    return device->syspath;
}

void umockdev_ft232h_destroy(UMockdevFT232H *device) {
    if (device == NULL) return;
    umockdev_ft232h_unplug(device);
    if (device->handler != NULL) {
        umockdev_testbed_detach_ioctl(device->testbed, device->devnode, NULL);
        g_object_unref(device->handler);
    }
    g_mutex_lock(&device->lock);
    umockdev_ft232h_drop_urbs_locked(device);
    g_mutex_unlock(&device->lock);
    // Gotcha 6 (Docs/reference/usb-emulation.md): the testbed's last unref calls unsetenv; the
    // caller has already run libusb_exit.
    // Devices made with umockdev_ft232h_create_beside share it: the last one destroyed frees it.
    g_object_unref(device->testbed);
    g_byte_array_unref(device->in_octets);
    g_mutex_clear(&device->lock);
    g_free(device->serial);
    g_free(device->syspath);
    g_free(device->devnode);
    g_free(device);
}
