import EmulatedUSBDevice
import Foundation
import Synchronization

/// A vendor control request as the emulated device received it.
struct ReceivedControlRequest: Equatable, Sendable, CustomStringConvertible {
    var requestType: UInt8
    var request: UInt8
    var value: UInt16
    var index: UInt16

    var description: String {
        "type \(requestType) request \(request) value \(value) index \(index)"
    }
}

/// What the emulated FT232H saw, written on umockdev's worker thread and read by the test.
final class DeviceLog: Sendable {
    private struct State {
        var controlRequests: [ReceivedControlRequest] = []
        var bulkOut: [[UInt8]] = []
        var latencyTimer: UInt8 = 16
    }

    private let state = Mutex(State())

    var controlRequests: [ReceivedControlRequest] { state.withLock { $0.controlRequests } }
    /// The octets of each bulk OUT URB, in order.
    var bulkOut: [[UInt8]] { state.withLock { $0.bulkOut } }

    /// Records a vendor request that something else answers.
    func record(_ request: ReceivedControlRequest) {
        state.withLock { $0.controlRequests.append(request) }
    }

    /// A vendor request: records it and answers the FT232H requests the tests use.
    func control(_ request: ReceivedControlRequest, data: UnsafeMutablePointer<UInt8>?, length: Int) -> Int32 {
        state.withLock { state in
            state.controlRequests.append(request)
            switch (request.requestType, request.request) {
            case (0x40, 0x09):
                state.latencyTimer = UInt8(truncatingIfNeeded: request.value)
                return 0
            case (0x40, _):
                return 0
            case (0xC0, 0x0A):  // SIO_GET_LATENCY_TIMER
                guard length >= 1, let data else { return 0 }
                data[0] = state.latencyTimer
                return 1
            case (0xC0, 0x05):  // SIO_POLL_MODEM_STATUS
                guard length >= 2, let data else { return 0 }
                data[0] = 0x32
                data[1] = 0x60
                return 2
            default:
                return -1  // stall
            }
        }
    }

    func bulkOut(_ octets: [UInt8]) {
        state.withLock { $0.bulkOut.append(octets) }
    }
}

/// Errors of the test harness itself.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
}

/// What a ``UMockdevFT232HDevice`` does with its traffic besides logging it: answer vendor requests
/// and turn bulk OUT octets into bulk IN octets. Called on umockdev's worker thread, one call at a
/// time.
protocol EmulatedUSBResponder: AnyObject, Sendable {
    /// Answers a vendor request as `emulated_usb_control_fn` does: data-stage length, or −1 to stall.
    func control(_ request: ReceivedControlRequest, data: UnsafeMutablePointer<UInt8>?, length: Int) -> Int32
    /// The octets (status octets included) the device sends on its IN endpoint after `octets` came in.
    func bulkOut(_ octets: [UInt8]) -> [UInt8]
}

/// The log and the responder the C callbacks reach through their context pointer, and the C device
/// the responder's IN octets are queued on.
private final class DeviceCallbackTarget: @unchecked Sendable {
    let log: DeviceLog
    let responder: (any EmulatedUSBResponder)?
    /// Set once, right after the C device is created and before it is plugged in, so before any callback.
    var device: OpaquePointer?

    init(log: DeviceLog, responder: (any EmulatedUSBResponder)?) {
        self.log = log
        self.responder = responder
    }

    func control(_ request: ReceivedControlRequest, data: UnsafeMutablePointer<UInt8>?, length: Int) -> Int32 {
        guard let responder else { return log.control(request, data: data, length: length) }
        log.record(request)
        return responder.control(request, data: data, length: length)
    }

    func bulkOut(_ octets: [UInt8]) {
        log.bulkOut(octets)
        guard let responder, let device else { return }
        let reply = responder.bulkOut(octets)
        if !reply.isEmpty {
            reply.withUnsafeBufferPointer { umockdev_ft232h_queue_in(device, $0.baseAddress, $0.count) }
        }
    }
}

/// The C emulated FT232H (EmulatedUSBDevice) with a Swift log behind its callbacks, and optionally
/// a responder that answers its traffic (an MPSSE model driving virtual chips).
///
/// Create it before any `USBContext` and destroy it after the last one is gone
/// (Docs/reference/usb-emulation.md gotchas 1 and 6).
final class UMockdevFT232HDevice: @unchecked Sendable {
    let log = DeviceLog()
    let serial: String?
    let bus: UInt8
    let port: UInt8
    let address: UInt8
    fileprivate let device: OpaquePointer
    private let target: DeviceCallbackTarget

    /// A device at `bus`/`port`/`address`; `beside` puts it in that device's testbed (a second
    /// board on the same machine), which then must be destroyed last.
    init(serial: String? = "UWB00042", bus: UInt8 = 1, port: UInt8 = 2, address: UInt8 = 5,
         responder: (any EmulatedUSBResponder)? = nil, beside: UMockdevFT232HDevice? = nil) throws {
        self.serial = serial
        self.bus = bus
        self.port = port
        self.address = address
        let target = DeviceCallbackTarget(log: log, responder: responder)
        self.target = target
        let callbacks = EmulatedUSBCallbacks(
            context: Unmanaged.passUnretained(target).toOpaque(),
            on_control: { context, requestType, request, value, index, data, length in
                guard let context else { return -1 }
                let target = Unmanaged<DeviceCallbackTarget>.fromOpaque(context).takeUnretainedValue()
                return target.control(
                    ReceivedControlRequest(requestType: requestType, request: request, value: value, index: index),
                    data: data, length: Int(length))
            },
            on_bulk_out: { context, octets, length in
                guard let context else { return }
                let target = Unmanaged<DeviceCallbackTarget>.fromOpaque(context).takeUnretainedValue()
                target.bulkOut(octets.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? [])
            })
        var message = [CChar](repeating: 0, count: 512)
        let created = serial.withOptionalCString { serialPointer in
            if let first = beside?.device {
                umockdev_ft232h_create_beside(first, serialPointer, bus, port, address, callbacks, &message, message.count)
            } else {
                umockdev_ft232h_create(serialPointer, bus, port, address, callbacks, &message, message.count)
            }
        }
        guard let created else {
            throw HarnessError(description: String(decoding: message.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self))
        }
        device = created
        target.device = created
    }

    /// Adds the device to the testbed: hotplug arrival.
    func plug() throws {
        var message = [CChar](repeating: 0, count: 512)
        guard umockdev_ft232h_plug(device, &message, message.count) == 0 else {
            throw HarnessError(description: String(decoding: message.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self))
        }
    }

    /// Removes the device: pending URBs fail with ENODEV, then hotplug removal.
    func unplug() {
        umockdev_ft232h_unplug(device)
    }

    /// Queues octets for the bulk IN endpoint.
    func queueIn(_ octets: [UInt8]) {
        octets.withUnsafeBufferPointer { umockdev_ft232h_queue_in(device, $0.baseAddress, $0.count) }
    }

    var queuedIn: Int { umockdev_ft232h_queued_in(device) }
    /// How many bulk IN URBs wait for octets: a read in progress.
    var pendingReads: Int { umockdev_ft232h_pending_reads(device) }
    var ioctlCount: UInt64 { umockdev_ft232h_ioctl_count(device) }
    /// How many file descriptors of this process have the device node open (libusb handles
    /// not yet closed), from /proc/self/fd. umockdev redirects the node into its testbed, so
    /// the links end in `/dev/bus/usb/BBB/DDD`, with ` (deleted)` once the device is unplugged.
    var openDeviceNodes: Int {
        let node = "/dev/bus/usb/" + [bus, address].map { value in
            let digits = String(value)
            return String(repeating: "0", count: 3 - digits.count) + digits
        }.joined(separator: "/")
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
            .filter { $0.hasSuffix(node) || $0.hasSuffix(node + " (deleted)") }
            .count
    }
    var claimedInterfaces: Int { Int(umockdev_ft232h_claimed_interfaces(device)) }

    /// Unplugs the device and removes the testbed; call after the last USBContext is gone.
    func destroy() {
        umockdev_ft232h_destroy(device)
    }
}

extension Optional where Wrapped == String {
    fileprivate func withOptionalCString<Result>(_ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        switch self {
        case .some(let string): string.withCString { body($0) }
        case .none: body(nil)
        }
    }
}
