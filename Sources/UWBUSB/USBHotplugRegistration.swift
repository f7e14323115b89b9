import CLibUSB
import Logging

/// A hotplug callback registered with libusb (`libusb_hotplug_register_callback`); deregistered
/// when the registration goes.
///
/// The handler runs on the thread that calls ``USBContext/handleEvents(timeout:)``, so
/// registering and handling events on one thread needs no locking. In the handler, read the
/// device's descriptor but do not open it or transfer (libusb forbids it there); open it after
/// `handleEvents` returns.
public final class USBHotplugRegistration {
    /// The context the callback is registered with.
    public let context: USBContext
    private let handle: libusb_hotplug_callback_handle
    private let box: Unmanaged<HotplugHandlerBox>

    init(
        context: USBContext, vendorID: UInt16?, productID: UInt16?, enumerateAttached: Bool,
        handler: @escaping (USBHotplugEvent) -> Void
    ) throws(USBError) {
        guard context.supportsHotplug else {
            throw USBError(.notSupported, operation: "registering for USB hotplug events")
        }
        let box = Unmanaged.passRetained(HotplugHandlerBox(context: context, handler: handler))
        let events = Int32(LIBUSB_HOTPLUG_EVENT_DEVICE_ARRIVED.rawValue | LIBUSB_HOTPLUG_EVENT_DEVICE_LEFT.rawValue)
        let flags = enumerateAttached ? Int32(LIBUSB_HOTPLUG_ENUMERATE.rawValue) : 0
        var handle: libusb_hotplug_callback_handle = 0
        let result = libusb_hotplug_register_callback(
            context.pointer, events, flags,
            vendorID.map(Int32.init) ?? LIBUSB_HOTPLUG_MATCH_ANY,
            productID.map(Int32.init) ?? LIBUSB_HOTPLUG_MATCH_ANY,
            LIBUSB_HOTPLUG_MATCH_ANY, hotplugCallback, box.toOpaque(), &handle)
        do {
            try USBError.check(result, "registering for USB hotplug events")
        } catch {
            box.release()
            throw error
        }
        self.context = context
        self.handle = handle
        self.box = box
    }

    deinit {
        libusb_hotplug_deregister_callback(context.pointer, handle)
        box.release()
    }
}

extension USBContext {
    /// Calls `handler` when a device matching `vendorID` and `productID` (nil: any) arrives or
    /// leaves, until the returned registration goes. With `enumerateAttached`, devices already
    /// attached are reported as arrivals first. Events are delivered by ``handleEvents(timeout:)``.
    ///
    /// - Throws: ``USBError`` with ``USBErrorCode/notSupported`` if this libusb has no hotplug
    ///   support, or another code if registration fails.
    public func registerHotplug(
        vendorID: UInt16? = nil, productID: UInt16? = nil, enumerateAttached: Bool = false,
        handler: @escaping (USBHotplugEvent) -> Void
    ) throws(USBError) -> USBHotplugRegistration {
        try USBHotplugRegistration(
            context: self, vendorID: vendorID, productID: productID, enumerateAttached: enumerateAttached,
            handler: handler)
    }
}

/// The Swift handler behind a C hotplug callback's `user_data`.
private final class HotplugHandlerBox {
    let context: USBContext
    let handler: (USBHotplugEvent) -> Void
    /// Where arrivals and departures are logged, at `info` (``USBLogging``).
    let logger = USBLogging.logger()

    init(context: USBContext, handler: @escaping (USBHotplugEvent) -> Void) {
        self.context = context
        self.handler = handler
    }
}

/// The C callback libusb calls; returns 0 to stay registered.
private func hotplugCallback(
    _ context: OpaquePointer?, _ device: OpaquePointer?, _ event: libusb_hotplug_event,
    _ userData: UnsafeMutableRawPointer?
) -> Int32 {
    guard let device, let userData else { return 0 }
    let box = Unmanaged<HotplugHandlerBox>.fromOpaque(userData).takeUnretainedValue()
    let usbDevice = USBDevice(context: box.context, retaining: device)
    if event == LIBUSB_HOTPLUG_EVENT_DEVICE_ARRIVED {
        box.logger.info("USB device arrived", metadata: [USBLogging.deviceKey: "\(usbDevice.descriptor.location)"])
        box.handler(.arrived(usbDevice))
    } else if event == LIBUSB_HOTPLUG_EVENT_DEVICE_LEFT {
        box.logger.info("USB device left", metadata: [USBLogging.deviceKey: "\(usbDevice.descriptor.location)"])
        box.handler(.left(usbDevice))
    }
    return 0
}
