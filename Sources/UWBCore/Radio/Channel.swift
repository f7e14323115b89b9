/// A UWB channel of the IEEE 802.15.4 HRP UWB PHY that a supported chip can use: the DW1000 has
/// channels 1, 2, 3, 4, 5 and 7 (DW1000 User Manual Table 59), the DW3000 family 5 and 9
/// (`Docs/reference/uwb-physics.md` §1.3).
public enum Channel: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Channel 1: 3494.4 MHz, 499.2 MHz wide.
    case one = 1
    /// Channel 2: 3993.6 MHz, 499.2 MHz wide.
    case two = 2
    /// Channel 3: 4492.8 MHz, 499.2 MHz wide.
    case three = 3
    /// Channel 4: 3993.6 MHz, 1331.2 MHz wide (the DW1000 sends about 900 MHz).
    case four = 4
    /// Channel 5: 6489.6 MHz, 499.2 MHz wide; the usual ranging channel.
    case five = 5
    /// Channel 7: 6489.6 MHz, 1081.6 MHz wide (the DW1000 sends about 900 MHz).
    case seven = 7
    /// Channel 9: 7987.2 MHz, 499.2 MHz wide; DW3000 family only.
    case nine = 9

    /// The channel with the given number.
    ///
    /// - Throws: ``RadioConfigError/unsupportedChannel(_:)`` for numbers other than 1, 2, 3, 4, 5, 7 and 9.
    public init(number: Int) throws(RadioConfigError) {
        guard let channel = Channel(rawValue: number) else { throw .unsupportedChannel(number) }
        self = channel
    }

    /// The channel number.
    public var number: Int { rawValue }

    /// The centre frequency of the channel (UM Table 59; IEEE 802.15.4-2020 Table 15-11 for channel 9).
    public var centreFrequency: Frequency {
        switch self {
        case .one: .megahertz(3494.4)
        case .two, .four: .megahertz(3993.6)
        case .three: .megahertz(4492.8)
        case .five, .seven: .megahertz(6489.6)
        case .nine: .megahertz(7987.2)
        }
    }

    /// The nominal bandwidth of the channel (UM Table 59).
    public var bandwidth: Frequency {
        switch self {
        case .one, .two, .three, .five, .nine: .megahertz(499.2)
        case .four: .megahertz(1331.2)
        case .seven: .megahertz(1081.6)
        }
    }

    /// Whether this is one of the wide (about 900 MHz) channels, 4 and 7.
    public var isWideband: Bool { self == .four || self == .seven }

    /// The preamble codes this channel allows at a pulse repetition frequency (UM Table 59;
    /// IEEE 802.15.4-2020 Table 15-6 for channel 9).
    public func preambleCodes(at prf: PulseRepetitionFrequency) -> [Int] {
        switch (self, prf) {
        case (.one, .sixteenMegahertz): [1, 2]
        case (.two, .sixteenMegahertz), (.five, .sixteenMegahertz), (.nine, .sixteenMegahertz): [3, 4]
        case (.three, .sixteenMegahertz): [5, 6]
        case (.four, .sixteenMegahertz), (.seven, .sixteenMegahertz): [7, 8]
        case (.one, .sixtyFourMegahertz), (.two, .sixtyFourMegahertz),
             (.three, .sixtyFourMegahertz), (.five, .sixtyFourMegahertz), (.nine, .sixtyFourMegahertz): [9, 10, 11, 12]
        case (.four, .sixtyFourMegahertz), (.seven, .sixtyFourMegahertz): [17, 18, 19, 20]
        }
    }

    /// "channel N".
    public var description: String { "channel \(rawValue)" }
}
