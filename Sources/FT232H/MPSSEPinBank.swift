import UWBCore

/// One of the two 8-bit GPIO banks of an FT232H in MPSSE mode (`Docs/reference/ftdi-mpsse.md` §4.2, §5).
public enum MPSSEPinBank: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// ADBUS0–7: SCK, MOSI, MISO, CS# and GPIOL0–3; set with 0x80, read with 0x81.
    case low = 0
    /// ACBUS0–7: GPIOH0–7; set with 0x82, read with 0x83.
    case high = 1

    /// The opcode that sets this bank's levels and directions (0x80 or 0x82).
    public var setOpcode: UInt8 {
        switch self {
        case .low: MPSSEOpcode.setLowBits
        case .high: MPSSEOpcode.setHighBits
        }
    }

    /// The opcode that reads this bank's levels (0x81 or 0x83).
    public var readOpcode: UInt8 {
        switch self {
        case .low: MPSSEOpcode.readLowBits
        case .high: MPSSEOpcode.readHighBits
        }
    }

    /// `ADBUS` or `ACBUS`.
    public var description: String {
        switch self {
        case .low: "ADBUS"
        case .high: "ACBUS"
        }
    }
}

extension FT232HPin {
    /// The bank the pin belongs to: ADBUS pins are in ``MPSSEPinBank/low``, ACBUS pins in
    /// ``MPSSEPinBank/high``.
    public var bank: MPSSEPinBank {
        switch self {
        case .adbus0, .adbus1, .adbus2, .adbus3, .adbus4, .adbus5, .adbus6, .adbus7: .low
        case .acbus0, .acbus1, .acbus2, .acbus3, .acbus4, .acbus5, .acbus6, .acbus7: .high
        }
    }

    /// The pin's bit in its bank's value and direction octets (ADBUS3 → 0x08, ACBUS0 → 0x01).
    public var mask: UInt8 {
        switch self {
        case .adbus0, .acbus0: 0x01
        case .adbus1, .acbus1: 0x02
        case .adbus2, .acbus2: 0x04
        case .adbus3, .acbus3: 0x08
        case .adbus4, .acbus4: 0x10
        case .adbus5, .acbus5: 0x20
        case .adbus6, .acbus6: 0x40
        case .adbus7, .acbus7: 0x80
        }
    }
}
