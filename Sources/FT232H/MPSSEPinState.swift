import UWBCore

/// The output levels and directions of both GPIO banks, as the last 0x80 and 0x82 commands set
/// them.
///
/// Every 0x80/0x82 writes all eight pins of its bank, so the bus keeps this shadow and changes
/// one pin at a time in it (`Docs/reference/ftdi-mpsse.md` §5); the emulated FT232H keeps one to know what the
/// host drives.
public struct MPSSEPinState: Hashable, Sendable {
    /// The output levels of ADBUS0–7 and ACBUS0–7, by ``MPSSEPinBank/rawValue``.
    public private(set) var values: [UInt8] = [0, 0]
    /// The directions (1 = output) of ADBUS0–7 and ACBUS0–7, by ``MPSSEPinBank/rawValue``.
    public private(set) var directions: [UInt8] = [0, 0]

    /// Every pin an input, every output level low: the state after a bit-mode reset.
    public init() {}

    /// The output levels of `bank`.
    public func value(of bank: MPSSEPinBank) -> UInt8 { values[bank.rawValue] }

    /// The directions of `bank` (1 = output).
    public func direction(of bank: MPSSEPinBank) -> UInt8 { directions[bank.rawValue] }

    /// Whether `pin` is an output.
    public func isOutput(_ pin: FT232HPin) -> Bool { direction(of: pin.bank) & pin.mask != 0 }

    /// Whether `pin` is an output driving low.
    public func drivesLow(_ pin: FT232HPin) -> Bool { isOutput(pin) && value(of: pin.bank) & pin.mask == 0 }

    /// Makes `pin` an output at `high` or low.
    public mutating func drive(_ pin: FT232HPin, high: Bool) {
        directions[pin.bank.rawValue] |= pin.mask
        if high {
            values[pin.bank.rawValue] |= pin.mask
        } else {
            values[pin.bank.rawValue] &= ~pin.mask
        }
    }

    /// Makes `pin` an input (its output level is kept low, so that it never drives high later).
    public mutating func release(_ pin: FT232HPin) {
        directions[pin.bank.rawValue] &= ~pin.mask
        values[pin.bank.rawValue] &= ~pin.mask
    }

    /// Replaces a whole bank, as a 0x80 or 0x82 command does.
    public mutating func set(_ bank: MPSSEPinBank, value: UInt8, direction: UInt8) {
        values[bank.rawValue] = value
        directions[bank.rawValue] = direction
    }

    /// The command that puts `bank` into this state: `80 value direction` or `82 value direction`.
    public func command(for bank: MPSSEPinBank) -> MPSSECommand {
        .setPins(bank, value: value(of: bank), direction: direction(of: bank))
    }
}
