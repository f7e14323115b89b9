import FT232H
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

    /// The open device.
    public var handle: USBDeviceHandle { claim.handle }

    /// Opens `device` as an FT232H: open, detach `ftdi_sio`, claim interface 0, read the packet size.
    ///
    /// - Throws: ``USBError``: ``USBErrorCode/accessDenied`` without the udev rule,
    ///   ``USBErrorCode/busy`` if another program holds the board.
    public convenience init(device: USBDevice) throws(USBError) {
        let handle = try USBDeviceHandle(device: device)
        try handle.detachKernelDriver(interface: Self.interfaceNumber)
        try self.init(claim: handle.claimInterface(Self.interfaceNumber))
    }

    /// A link on an interface already claimed (interface 0 of an FT232H).
    ///
    /// - Throws: ``USBError`` if the IN endpoint's descriptor cannot be read.
    public init(claim: USBInterfaceClaim) throws(USBError) {
        self.claim = claim
        maxPacketSize = try claim.handle.device.maxPacketSize(endpoint: Self.inEndpoint)
    }

    /// Releases the claimed interface (``USBInterfaceClaim/release()``): the board can be opened
    /// again at once; transfers on this link fail from then on.
    public func close() {
        claim.release()
    }

    /// Sends `octets` to endpoint 0x02.
    ///
    /// - Throws: ``SPIBusError`` mapped from the USB error.
    public func write(_ octets: [UInt8], timeout: Duration) throws(SPIBusError) {
        do {
            try handle.bulkWrite(octets, to: Self.outEndpoint, timeout: timeout)
        } catch {
            throw SPIBusError(error)
        }
    }

    /// One bulk IN transfer from endpoint 0x81, status octets included.
    ///
    /// - Throws: ``SPIBusError`` mapped from the USB error.
    public func read(capacity: Int, timeout: Duration) throws(SPIBusError) -> [UInt8] {
        do {
            return try handle.bulkRead(from: Self.inEndpoint, capacity: capacity, timeout: timeout)
        } catch {
            throw SPIBusError(error)
        }
    }

    /// A vendor request (bmRequestType 0x40) with no data stage.
    ///
    /// - Throws: ``SPIBusError`` mapped from the USB error.
    public func control(request: UInt8, value: UInt16, index: UInt16, timeout: Duration) throws(SPIBusError) {
        do {
            try handle.controlWrite(requestType: Self.vendorOut, request: request, value: value, index: index, timeout: timeout)
        } catch {
            throw SPIBusError(error)
        }
    }

    /// A vendor request (bmRequestType 0xC0) reading up to `length` octets.
    ///
    /// - Throws: ``SPIBusError`` mapped from the USB error.
    public func controlIn(request: UInt8, value: UInt16, index: UInt16, length: Int, timeout: Duration) throws(SPIBusError) -> [UInt8] {
        do {
            return try handle.controlRead(
                requestType: Self.vendorIn, request: request, value: value, index: index, length: length, timeout: timeout)
        } catch {
            throw SPIBusError(error)
        }
    }
}
