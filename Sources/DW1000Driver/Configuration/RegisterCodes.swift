import UWBCore

extension DataRate {
    /// The TX_FCTRL.TXBR / RX_FINFO.RXBR code: 00 = 110 kbps, 01 = 850 kbps, 10 = 6.8 Mbps (UM §7.2.10).
    public var dw1000Code: UInt64 {
        switch self {
        case .kbps110: 0b00
        case .kbps850: 0b01
        case .mbps6_8: 0b10
        }
    }

    /// The rate a TXBR / RXBR code selects, or nil for the reserved code 11.
    public init?(dw1000Code: UInt64) {
        guard let rate = DataRate.allCases.first(where: { $0.dw1000Code == dw1000Code }) else { return nil }
        self = rate
    }
}

extension PulseRepetitionFrequency {
    /// The TX_FCTRL.TXPRF / CHAN_CTRL.RXPRF code: 01 = 16 MHz, 10 = 64 MHz (UM §7.2.10, §7.2.32).
    public var dw1000Code: UInt64 {
        self == .sixteenMegahertz ? 0b01 : 0b10
    }

    /// The PRF a code selects, or nil for 00 (4 MHz, which the receiver does not support) and 11.
    public init?(dw1000Code: UInt64) {
        guard let prf = PulseRepetitionFrequency.allCases.first(where: { $0.dw1000Code == dw1000Code }) else { return nil }
        self = prf
    }
}

extension PreambleLength {
    /// The TXPSR and PE codes of TX_FCTRL (also RXPSR and RXNSPL of RX_FINFO) for this length
    /// (UM §7.2.10, table of TXPSR/PE).
    public var dw1000Codes: (repetitions: UInt64, extension: UInt64) {
        switch self {
        case .symbols64: (0b01, 0b00)
        case .symbols128: (0b01, 0b01)
        case .symbols256: (0b01, 0b10)
        case .symbols512: (0b01, 0b11)
        case .symbols1024: (0b10, 0b00)
        case .symbols1536: (0b10, 0b01)
        case .symbols2048: (0b10, 0b10)
        case .symbols4096: (0b11, 0b00)
        }
    }

    /// The length a TXPSR/PE pair selects, or nil for pairs the table does not list.
    public init?(dw1000Repetitions repetitions: UInt64, extension code: UInt64) {
        guard let length = PreambleLength.allCases.first(where: {
            $0.dw1000Codes.repetitions == repetitions && $0.dw1000Codes.extension == code
        }) else { return nil }
        self = length
    }
}
