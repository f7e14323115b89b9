/// The start-of-frame delimiter sequence that ends the preamble (DW1000 User Manual §7.2.32, CHAN_CTRL.DWSFD).
public enum StartOfFrameDelimiter: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The IEEE 802.15.4 SFD: 8 symbols at 850 kbps and 6.8 Mbps, 64 at 110 kbps.
    case standard
    /// Decawave's proprietary SFD: 8, 16 or 64 symbols at 6.8 Mbps, 850 kbps or 110 kbps
    /// (the USR_SFD lengths Decawave's driver writes); better sensitivity at 850 kbps and 110 kbps.
    case decawave

    /// How many symbols the SFD occupies at a data rate.
    public func symbols(at rate: DataRate) -> Int {
        switch (self, rate) {
        case (_, .kbps110): 64
        case (.standard, _): 8
        case (.decawave, .kbps850): 16
        case (.decawave, .mbps6_8): 8
        }
    }

    /// "standard SFD" or "decawave SFD".
    public var description: String { "\(rawValue) SFD" }
}
