import DW1000Driver
import DW3000Driver
import UWBCore

/// Where the header of a write ends in the octets the host shifted out while a chip was selected:
/// the wire carries one stream of octets, and which of them are the header depends on the chip's
/// family (DW1000 User Manual §2.2.1.2: one to three octets; DW3000 User Manual §2.3.1.2: one
/// octet for a short-addressed access or a fast command, two for a full-addressed one).
enum WriteFrameHeader {
    /// How many of `written`'s first octets are the header, for a chip of `family`.
    ///
    /// - Throws: ``MPSSEEmulationError/chipRefused(_:)`` naming `chip` when the octets do not
    ///   start with a header of that family.
    static func length(of written: [UInt8], family: ChipFamily, chip: ChipSelect) throws(MPSSEEmulationError) -> Int {
        switch family {
        case .dw1000:
            do {
                return try DW1000SPIHeader.decode(written).length
            } catch {
                throw .chipRefused("\(chip): \(error.description)")
            }
        case .dw3000:
            do {
                switch try DW3000SPIHeader.decode(written) {
                case .register(_, let headerLength): return headerLength
                case .fastCommand: return 1
                }
            } catch {
                throw .chipRefused("\(chip): \(error.description)")
            }
        }
    }
}
