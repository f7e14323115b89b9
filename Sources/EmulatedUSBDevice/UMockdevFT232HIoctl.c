// The emulated FT232H's usbdevfs ioctl handler, run on umockdev's worker thread
// (Docs/reference/usb-emulation.md, "Key API" and "Gotchas"). URBs are kept as UMockdevIoctlData across ioctls
// and written back to the client when reaped, as kernel usbfs does.
#include "UMockdevFT232HState.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>
// Gotcha 4: <sys/ioctl.h> defines _IOR and friends, which <linux/usbdevice_fs.h> needs.
#include <sys/ioctl.h>
#include <linux/usbdevice_fs.h>

enum {
    ENDPOINT_OUT = 0x02,
    ENDPOINT_IN = 0x81,
    SETUP_LENGTH = 8,
};

// The object data key under which a URB records the client that submitted it.
#define URB_CLIENT_KEY "swift-uwb-client"

static const char *const manufacturer = "FTDI";
static const char *const product = "Single RS232-HS";

// A string descriptor: bLength, bDescriptorType 3, then the ASCII text as UTF-16LE.
static int string_descriptor(const char *text, uint8_t *data, uint16_t length) {
    uint8_t descriptor[2 + 2 * 126];
    size_t count = strlen(text);
    if (count > 126) count = 126;
    descriptor[0] = (uint8_t) (2 + 2 * count);
    descriptor[1] = 0x03;
    for (size_t i = 0; i < count; i++) {
        descriptor[2 + 2 * i] = (uint8_t) text[i];
        descriptor[3 + 2 * i] = 0;
    }
    size_t total = descriptor[0] < length ? descriptor[0] : length;
    memcpy(data, descriptor, total);
    return (int) total;
}

// Standard requests on EP0 that libusb sends itself: GET_DESCRIPTOR (strings; the device and
// configuration descriptors come from sysfs) and GET_STATUS. Anything else stalls.
static int standard_request(const UMockdevFT232H *device, uint8_t request_type, uint8_t request,
                            uint16_t value, uint8_t *data, uint16_t length) {
    if (request_type == 0x80 && request == 0x06 && (value >> 8) == 0x03) {
        switch (value & 0xFF) {
        case 0: {
            static const uint8_t languages[] = {0x04, 0x03, 0x09, 0x04};
            uint16_t total = length < sizeof languages ? length : sizeof languages;
            memcpy(data, languages, total);
            return total;
        }
        case 1: return string_descriptor(manufacturer, data, length);
        case 2: return string_descriptor(product, data, length);
        case 3:
            if (device->serial != NULL) return string_descriptor(device->serial, data, length);
            return -1;
        default: return -1;
        }
    }
    if (request_type == 0x80 && request == 0x00) {
        uint16_t total = length < 2 ? length : 2;
        memset(data, 0, total);
        return total;
    }
    return -1;
}

// A control URB: the setup packet, then the data stage in the same buffer.
static void control_urb(UMockdevFT232H *device, struct usbdevfs_urb *urb) {
    if (urb->buffer_length < SETUP_LENGTH) {
        urb->status = -EINVAL;
        return;
    }
    uint8_t *setup = urb->buffer;
    const uint8_t request_type = setup[0], request = setup[1];
    const uint16_t value = (uint16_t) (setup[2] | (setup[3] << 8));
    const uint16_t index = (uint16_t) (setup[4] | (setup[5] << 8));
    uint16_t length = (uint16_t) (setup[6] | (setup[7] << 8));
    if (length > urb->buffer_length - SETUP_LENGTH) length = (uint16_t) (urb->buffer_length - SETUP_LENGTH);
    uint8_t *data = setup + SETUP_LENGTH;

    int result;
    if ((request_type & 0x60) == 0x40) {
        result = device->callbacks.on_control != NULL
            ? device->callbacks.on_control(device->callbacks.context, request_type, request, value,
                                           index, data, length)
            : -1;
    } else if ((request_type & 0x60) == 0x00) {
        result = standard_request(device, request_type, request, value, data, length);
    } else {
        result = -1;
    }
    if (result < 0) {
        urb->status = -EPIPE;
    } else {
        urb->actual_length = result > length ? length : result;
    }
}

void umockdev_ft232h_feed_pending_in_locked(UMockdevFT232H *device) {
    while (device->in_octets->len > 0 && !g_queue_is_empty(&device->pending_in)) {
        UMockdevIoctlData *ud = g_queue_pop_head(&device->pending_in);
        struct usbdevfs_urb *urb = (struct usbdevfs_urb *) ud->data;
        guint count = MIN((guint) urb->buffer_length, device->in_octets->len);
        memcpy(urb->buffer, device->in_octets->data, count);
        g_byte_array_remove_range(device->in_octets, 0, count);
        urb->actual_length = (int) count;
        urb->status = 0;
        g_queue_push_tail(&device->completed, ud);
    }
}

void umockdev_ft232h_disconnect_urbs(UMockdevFT232H *device) {
    g_mutex_lock(&device->lock);
    device->gone = TRUE;
    device->claimed_interfaces = 0;
    UMockdevIoctlData *ud;
    while ((ud = g_queue_pop_head(&device->pending_in)) != NULL) {
        struct usbdevfs_urb *urb = (struct usbdevfs_urb *) ud->data;
        urb->actual_length = 0;
        urb->status = -ENODEV;
        g_queue_push_tail(&device->completed, ud);
    }
    g_byte_array_set_size(device->in_octets, 0);
    g_mutex_unlock(&device->lock);
}

void umockdev_ft232h_drop_urbs_locked(UMockdevFT232H *device) {
    g_queue_clear_full(&device->pending_in, g_object_unref);
    g_queue_clear_full(&device->completed, g_object_unref);
}

static void submit_urb(UMockdevFT232H *device, UMockdevIoctlClient *client, UMockdevIoctlData *arg) {
    GError *error = NULL;
    UMockdevIoctlData *ud = umockdev_ioctl_data_resolve(arg, 0, sizeof(struct usbdevfs_urb), &error);
    if (ud == NULL) {
        g_clear_error(&error);
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return;
    }
    // Each open file descriptor is its own client, as in kernel usbfs: a URB is reaped and
    // discarded only by the client that submitted it (two handles on one device, for example
    // a loop's and a discovery's, must not reap each other's URBs).
    g_object_set_data(G_OBJECT(ud), URB_CLIENT_KEY, client);
    struct usbdevfs_urb *urb = (struct usbdevfs_urb *) ud->data;
    if (urb->buffer_length > 0) {
        // Copies the client's buffer and points urb->buffer at the copy; `ud` keeps it.
        UMockdevIoctlData *buffer = umockdev_ioctl_data_resolve(
            ud, offsetof(struct usbdevfs_urb, buffer), (gsize) urb->buffer_length, &error);
        if (buffer == NULL) {
            g_clear_error(&error);
            g_object_unref(ud);
            umockdev_ioctl_client_complete(client, -1, EFAULT);
            return;
        }
        g_object_unref(buffer);
    }
    urb->actual_length = 0;
    urb->status = 0;

    if (urb->type == USBDEVFS_URB_TYPE_CONTROL && urb->endpoint == 0x00) {
        control_urb(device, urb);
    } else if (urb->type == USBDEVFS_URB_TYPE_BULK && urb->endpoint == ENDPOINT_OUT) {
        if (device->callbacks.on_bulk_out != NULL) {
            device->callbacks.on_bulk_out(device->callbacks.context, urb->buffer,
                                          (size_t) urb->buffer_length);
        }
        urb->actual_length = urb->buffer_length;
    } else if (urb->type == USBDEVFS_URB_TYPE_BULK && urb->endpoint == ENDPOINT_IN) {
        g_mutex_lock(&device->lock);
        // An unplug between on_ioctl's check and here has already completed every pending URB:
        // one queued now would never complete, and libusb would wait for it forever. The kernel
        // refuses the submission of a disconnected device with ENODEV.
        if (device->gone) {
            g_mutex_unlock(&device->lock);
            g_object_unref(ud);
            umockdev_ioctl_client_complete(client, -1, ENODEV);
            return;
        }
        g_queue_push_tail(&device->pending_in, ud);
        umockdev_ft232h_feed_pending_in_locked(device);
        g_mutex_unlock(&device->lock);
        umockdev_ioctl_client_complete(client, 0, 0);
        return;
    } else {
        g_object_unref(ud);
        umockdev_ioctl_client_complete(client, -1, ENOENT);
        return;
    }
    g_mutex_lock(&device->lock);
    g_queue_push_tail(&device->completed, ud);
    g_mutex_unlock(&device->lock);
    umockdev_ioctl_client_complete(client, 0, 0);
}

// Whether `element` (a UMockdevIoctlData) was submitted by the client `client`.
static gint submitted_by(gconstpointer element, gconstpointer client) {
    return g_object_get_data(G_OBJECT(element), URB_CLIENT_KEY) == client ? 0 : 1;
}

// libusb only reaps without blocking (REAPURBNDELAY), polling the node's file descriptor.
static void reap_urb(UMockdevFT232H *device, UMockdevIoctlClient *client, UMockdevIoctlData *arg) {
    g_mutex_lock(&device->lock);
    GList *link = g_queue_find_custom(&device->completed, client, submitted_by);
    UMockdevIoctlData *ud = NULL;
    if (link != NULL) {
        ud = link->data;
        g_queue_delete_link(&device->completed, link);
    }
    const gboolean gone = device->gone;
    g_mutex_unlock(&device->lock);
    if (ud == NULL) {
        umockdev_ioctl_client_complete(client, -1, gone ? ENODEV : EAGAIN);
        return;
    }
    GError *error = NULL;
    UMockdevIoctlData *pointer = umockdev_ioctl_data_resolve(arg, 0, sizeof(void *), &error);
    if (pointer == NULL) {
        g_clear_error(&error);
        g_object_unref(ud);
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return;
    }
    // Writes the client's URB address into *arg and flushes the URB (status, length, IN data).
    umockdev_ioctl_data_set_ptr(pointer, 0, ud);
    g_object_unref(pointer);
    g_object_unref(ud);
    umockdev_ioctl_client_complete(client, 0, 0);
}

// A URB to look for: the client that submitted it and its address in that client.
typedef struct {
    const UMockdevIoctlClient *client;
    gulong address;
} ClientURB;

static gint same_client_address(gconstpointer element, gconstpointer wanted) {
    const UMockdevIoctlData *ud = element;
    const ClientURB *urb = wanted;
    return ud->client_addr == urb->address && submitted_by(element, urb->client) == 0 ? 0 : 1;
}

static void discard_urb(UMockdevFT232H *device, UMockdevIoctlClient *client, UMockdevIoctlData *arg) {
    ClientURB wanted = {client, 0};
    memcpy(&wanted.address, arg->data, MIN(sizeof wanted.address, (size_t) arg->data_len));
    g_mutex_lock(&device->lock);
    GList *link = g_queue_find_custom(&device->pending_in, &wanted, same_client_address);
    if (link != NULL) {
        UMockdevIoctlData *ud = link->data;
        g_queue_delete_link(&device->pending_in, link);
        struct usbdevfs_urb *urb = (struct usbdevfs_urb *) ud->data;
        urb->actual_length = 0;
        urb->status = -ENOENT;
        g_queue_push_tail(&device->completed, ud);
    }
    g_mutex_unlock(&device->lock);
    if (link != NULL) {
        umockdev_ioctl_client_complete(client, 0, 0);
    } else {
        umockdev_ioctl_client_complete(client, -1, EINVAL);
    }
}

// Reads the interface number (the first 4 octets of the argument for CLAIM, RELEASE and
// DISCONNECT_CLAIM) and updates the claim count.
static void claim_interface(UMockdevFT232H *device, UMockdevIoctlClient *client,
                            UMockdevIoctlData *arg, gboolean claim) {
    GError *error = NULL;
    UMockdevIoctlData *ud = umockdev_ioctl_data_resolve(arg, 0, sizeof(guint32), &error);
    if (ud == NULL) {
        g_clear_error(&error);
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return;
    }
    guint32 interface = 0;
    memcpy(&interface, ud->data, sizeof interface);
    g_object_unref(ud);
    if (interface != 0) {
        umockdev_ioctl_client_complete(client, -1, claim ? ENOENT : EINVAL);
        return;
    }
    g_mutex_lock(&device->lock);
    device->claimed_interfaces = claim ? 1 : 0;
    g_mutex_unlock(&device->lock);
    umockdev_ioctl_client_complete(client, 0, 0);
}

static void capabilities(UMockdevIoctlClient *client, UMockdevIoctlData *arg) {
    GError *error = NULL;
    UMockdevIoctlData *ud = umockdev_ioctl_data_resolve(arg, 0, sizeof(guint32), &error);
    if (ud == NULL) {
        g_clear_error(&error);
        umockdev_ioctl_client_complete(client, -1, EFAULT);
        return;
    }
    // Gotcha 3: BULK_SCATTER_GATHER makes libusb submit one URB per bulk transfer.
    const guint32 caps = USBDEVFS_CAP_ZERO_PACKET | USBDEVFS_CAP_BULK_CONTINUATION |
                         USBDEVFS_CAP_NO_PACKET_SIZE_LIM | USBDEVFS_CAP_BULK_SCATTER_GATHER;
    memcpy(ud->data, &caps, sizeof caps);
    g_object_unref(ud);
    umockdev_ioctl_client_complete(client, 0, 0);
}

static gboolean on_ioctl(UMockdevIoctlBase *handler, UMockdevIoctlClient *client, gpointer user_data) {
    (void) handler;
    UMockdevFT232H *device = user_data;
    const gulong request = umockdev_ioctl_client_get_request(client);
    UMockdevIoctlData *arg = umockdev_ioctl_client_get_arg(client);

    g_mutex_lock(&device->lock);
    device->ioctl_count += 1;
    const gboolean gone = device->gone;
    g_mutex_unlock(&device->lock);

    // As in the kernel, reaping works after a disconnect; everything else fails with ENODEV.
    if (request == USBDEVFS_REAPURBNDELAY) {
        reap_urb(device, client, arg);
        return TRUE;
    }
    if (gone) {
        umockdev_ioctl_client_complete(client, -1, ENODEV);
        return TRUE;
    }
    switch (request) {
    case USBDEVFS_GET_CAPABILITIES: capabilities(client, arg); break;
    case USBDEVFS_CLAIMINTERFACE:
    case USBDEVFS_DISCONNECT_CLAIM: claim_interface(device, client, arg, TRUE); break;
    case USBDEVFS_RELEASEINTERFACE: claim_interface(device, client, arg, FALSE); break;
    case USBDEVFS_GETDRIVER:
    case USBDEVFS_IOCTL: umockdev_ioctl_client_complete(client, -1, ENODATA); break;
    case USBDEVFS_SUBMITURB: submit_urb(device, client, arg); break;
    case USBDEVFS_DISCARDURB: discard_urb(device, client, arg); break;
    case USBDEVFS_RESET:
    case USBDEVFS_CLEAR_HALT: umockdev_ioctl_client_complete(client, 0, 0); break;
    default:
        // Gotcha 9: complete unknown requests with ENOTTY instead of returning FALSE.
        umockdev_ioctl_client_complete(client, -1, ENOTTY);
        break;
    }
    return TRUE;
}

void umockdev_ft232h_connect_handler(UMockdevFT232H *device, UMockdevIoctlBase *handler) {
    g_signal_connect(handler, "handle-ioctl", G_CALLBACK(on_ioctl), device);
}
