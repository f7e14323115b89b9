import FT232H

/// What sits on the pins of an emulated MPSSE: the pin levels it reads and the SPI chips its
/// data commands reach. ``MPSSEInterpreter`` calls it while it runs the command stream.
public protocol MPSSEPinsAndSPI: AnyObject {
    /// A 0x80 or 0x82 command set `bank` to these output levels and directions (1 = output).
    ///
    /// - Throws: ``MPSSEEmulationError`` if the new levels cannot be honoured.
    func setPins(_ bank: MPSSEPinBank, value: UInt8, direction: UInt8) throws(MPSSEEmulationError)
    /// The levels of `bank`'s eight pins for 0x81 or 0x83: driven outputs and whatever drives the
    /// inputs.
    func readPins(_ bank: MPSSEPinBank) -> UInt8
    /// A 0x11 command shifted these octets out on MOSI.
    ///
    /// - Throws: ``MPSSEEmulationError`` if the selected chip refuses them.
    func shiftOut(_ octets: [UInt8]) throws(MPSSEEmulationError)
    /// A 0x20 command shifts `count` octets in from MISO.
    ///
    /// - Throws: ``MPSSEEmulationError`` if the selected chip refuses the read.
    func shiftIn(count: Int) throws(MPSSEEmulationError) -> [UInt8]
}
