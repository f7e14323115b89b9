import UWBCore

/// The USB side of an FTDI FT232H as the MPSSE layer needs it: bulk OUT to endpoint 0x02, bulk IN
/// from endpoint 0x81 (each packet starting with the chip's two modem-status octets) and vendor
/// control requests (`Docs/reference/ftdi-mpsse.md` §1–3).
///
/// `UWBUSB` provides it over libusb for a real board; an emulated FT232H provides it in tests.
/// Calls block; a link belongs to one radio loop, like the bus built on it.
public protocol FT232HLink: AnyObject {
    /// The bulk endpoints' packet size: 512 at high speed, 64 at full speed. Every IN packet
    /// carries two status octets, so it holds `maxPacketSize − 2` octets of data.
    var maxPacketSize: Int { get }
    /// Sends `octets` to the bulk OUT endpoint (0x02): MPSSE commands and their data.
    ///
    /// - Throws: ``SPIBusError/disconnected(_:)`` if the device is gone,
    ///   ``SPIBusError/timedOut(_:)`` or ``SPIBusError/transferFailed(_:)``.
    func write(_ octets: [UInt8], timeout: Duration) throws(SPIBusError)
    /// One bulk IN transfer from endpoint 0x81 into a buffer of `capacity` octets (a multiple of
    /// ``maxPacketSize``): the raw packets, status octets included. It may return only status
    /// octets when the chip had nothing to send before its latency timer expired.
    ///
    /// - Throws: as ``write(_:timeout:)``.
    func read(capacity: Int, timeout: Duration) throws(SPIBusError) -> [UInt8]
    /// A vendor request to the device (bmRequestType 0x40) with no data stage.
    ///
    /// - Throws: as ``write(_:timeout:)``.
    func control(request: UInt8, value: UInt16, index: UInt16, timeout: Duration) throws(SPIBusError)
    /// A vendor request from the device (bmRequestType 0xC0) reading up to `length` octets.
    ///
    /// - Throws: as ``write(_:timeout:)``.
    func controlIn(request: UInt8, value: UInt16, index: UInt16, length: Int, timeout: Duration) throws(SPIBusError) -> [UInt8]
    /// Lets go of the device at once (for libusb, releases the claimed interface), so that it can
    /// be opened again, by this process or another, before the link itself goes. Calls afterwards
    /// fail. Links that hold nothing do nothing; that is the default.
    func close()
}

extension FT232HLink {
    /// Does nothing: the link holds nothing another user needs.
    public func close() {}
}
