import FT232H
import Logging
import UWBCore

/// ``FT232HLink`` over libusb: an opened FT232H with interface 0 (interface A) claimed.
///
/// Opening detaches the kernel's `ftdi_sio` driver from the interface if it is bound, claims the
/// interface and reads the bulk packet size from the IN endpoint's descriptor. Bulk OUT goes to
/// endpoint 0x02, bulk IN comes from 0x81, vendor requests use bmRequestType 0x40 / 0xC0
/// (`Docs/reference/ftdi-mpsse.md` §1–2). USB errors become ``SPIBusError``s: an unplugged board is
/// ``SPIBusError/disconnected(_:)``, a timeout ``SPIBusError/timedOut(_:)``.
///
/// The link owns the claim, which owns the open handle, which owns the device and the context:
/// when the link goes, the interface is released, then the handle closed.
public final class FT232HUSBLink: FT232HLink {
    /// The interface the FT232H's MPSSE engine is on (bInterfaceNumber 0).
    public static let interfaceNumber: Int32 = 0
    /// The bulk OUT endpoint: MPSSE commands and data to the chip.
    public static let outEndpoint: UInt8 = 0x02
    /// The bulk IN endpoint: two status octets, then data, per packet.
    public static let inEndpoint: UInt8 = 0x81
    /// The wIndex of vendor requests to interface A (FTDI numbers interfaces from 1).
    public static let interfaceAIndex: UInt16 = 1
    /// bmRequestType of a vendor request to the device with no data or data out.
    public static let vendorOut: UInt8 = 0x40
    /// bmRequestType of a vendor request reading from the device.
    public static let vendorIn: UInt8 = 0xC0

    /// The bulk endpoints' packet size, from the IN endpoint's descriptor (512 at high speed).
    public let maxPacketSize: Int
    /// The claimed interface; through it, the open device.
    public let claim: USBInterfaceClaim

    /// Where the link logs (``USBLogging``), with the `usb.device` metadata key set.
    let logger: Logger
    /// Whether ``logger`` was at `trace` when the link was made: then every transfer is logged.
    /// Asked once, so that a link that does not trace pays one test of a stored flag per transfer.
    let tracesTransfers: Bool

    /// The open device.
    public var handle: USBDeviceHandle { claim.handle }

    /// Opens `device` as an FT232H: open, detach `ftdi_sio`, claim interface 0, read the packet size.
    ///
    /// - Throws: ``USBError``: ``USBErrorCode/accessDenied`` without the udev rule,
    ///   ``USBErrorCode/busy`` if another program holds the board.
    ///
    /// It logs to `logger` (``USBLogging``): the claim at `debug`, a failure at `warning`.
    public convenience init(device: USBDevice, logger: Logger = USBLogging.logger()) throws(USBError) {
        var logger = logger
        logger[metadataKey: USBLogging.deviceKey] = "\(device.descriptor.location)"
        let claim: USBInterfaceClaim
        do {
            let handle = try USBDeviceHandle(device: device)
            if try handle.detachKernelDriver(interface: Self.interfaceNumber) {
                logger.debug("detached the kernel driver from interface \(Self.interfaceNumber)")
            }
            claim = try handle.claimInterface(Self.interfaceNumber)
        } catch {
            logger.warning("cannot open the FT232H", metadata: [LogMetadataKey.error: "\(error)"])
            throw error
        }
        try self.init(claim: claim, logger: logger)
    }

    /// A link on an interface already claimed (interface 0 of an FT232H).
    ///
    /// - Throws: ``USBError`` if the IN endpoint's descriptor cannot be read.
    public init(claim: USBInterfaceClaim, logger: Logger = USBLogging.logger()) throws(USBError) {
        self.claim = claim
        self.logger = logger
        tracesTransfers = logger.logLevel == .trace
        maxPacketSize = try claim.handle.device.maxPacketSize(endpoint: Self.inEndpoint)
        logger.debug("claimed interface \(Self.interfaceNumber)", metadata: ["usb.max_packet_size": "\(maxPacketSize)"])
    }

    /// Releases the claimed interface (``USBInterfaceClaim/release()``): the board can be opened
    /// again at once; transfers on this link fail from then on.
    public func close() {
        claim.release()
        logger.debug("released interface \(Self.interfaceNumber)")
    }

    /// Sends `octets` to endpoint 0x02.
    ///
    /// - Throws: ``SPIBusError`` mapped from the USB error.
    public func write(_ octets: [UInt8], timeout: Duration) throws(SPIBusError) {
        if tracesTransfers {
            logger.trace("bulk OUT", metadata: ["usb.octets": "\(octets.map(hex2).joined(separator: " "))"])
        }
        do {
            try handle.bulkWrite(octets, to: Self.outEndpoint, timeout: timeout)
        } catch {
            throw failed("bulk OUT", error)
        }
    }

    /// One bulk IN transfer from endpoint 0x81, status octets included.
    ///
    /// - Throws: ``SPIBusError`` mapped from the USB error.
    public func read(capacity: Int, timeout: Duration) throws(SPIBusError) -> [UInt8] {
        do {
            let octets = try handle.bulkRead(from: Self.inEndpoint, capacity: capacity, timeout: timeout)
            if tracesTransfers {
                logger.trace("bulk IN", metadata: ["usb.octets": "\(octets.map(hex2).joined(separator: " "))"])
            }
            return octets
        } catch {
            throw failed("bulk IN", error)
        }
    }

    /// A vendor request (bmRequestType 0x40) with no data stage.
    ///
    /// - Throws: ``SPIBusError`` mapped from the USB error.
    public func control(request: UInt8, value: UInt16, index: UInt16, timeout: Duration) throws(SPIBusError) {
        if tracesTransfers {
            logger.trace("control OUT", metadata: ["usb.request": "\(hex2(request))", "usb.value": "\(value)"])
        }
        do {
            try handle.controlWrite(requestType: Self.vendorOut, request: request, value: value, index: index, timeout: timeout)
        } catch {
            throw failed("control OUT", error)
        }
    }

    /// A vendor request (bmRequestType 0xC0) reading up to `length` octets.
    ///
    /// - Throws: ``SPIBusError`` mapped from the USB error.
    public func controlIn(request: UInt8, value: UInt16, index: UInt16, length: Int, timeout: Duration) throws(SPIBusError) -> [UInt8] {
        if tracesTransfers {
            logger.trace("control IN", metadata: ["usb.request": "\(hex2(request))", "usb.value": "\(value)"])
        }
        do {
            return try handle.controlRead(
                requestType: Self.vendorIn, request: request, value: value, index: index, length: length, timeout: timeout)
        } catch {
            throw failed("control IN", error)
        }
    }

    /// `error` of a `transfer` as an ``SPIBusError``, logged at `warning` (a timeout, while the
    /// driver polls, at `debug`).
    private func failed(_ transfer: String, _ error: USBError) -> SPIBusError {
        let busError = SPIBusError(error)
        if case .timedOut = busError {
            logger.debug("\(transfer) timed out", metadata: [LogMetadataKey.error: "\(error)"])
        } else {
            logger.warning("\(transfer) failed", metadata: [LogMetadataKey.error: "\(error)"])
        }
        return busError
    }
}
