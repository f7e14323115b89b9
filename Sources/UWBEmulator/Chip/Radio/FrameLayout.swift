import UWBCore

/// How a frame sits on the air around its RMARKER, the end of the SFD that every timestamp
/// refers to: the synchronisation header (preamble and SFD) before it; after it, the STS if the
/// frame has one (IEEE 802.15.4z packet configurations SP1 and SP3, `Docs/reference/uwb-physics.md`
/// §1.3a), then the PHY header and the payload (none in SP3).
struct FrameLayout {
    /// The PHY payload as sent, FCS included (empty in SP3).
    let frame: [UInt8]
    /// The configuration it is sent with, or nil if the registers select none a receiver could
    /// decode (then the frame takes no time).
    let configuration: RadioConfig?
    /// Preamble and SFD: the time from the first preamble symbol to the RMARKER.
    let header: Duration
    /// The preamble alone.
    let preamble: Duration
    /// The time from the RMARKER to the end of the PHY header (to the end of the STS in SP3).
    let headerSentAfterMarker: Duration
    /// The time from the RMARKER to the frame's last bit.
    let afterMarker: Duration

    /// The layout of `frame` sent with `configuration`.
    init(frame: [UInt8], configuration: RadioConfig?) {
        self.frame = frame
        self.configuration = configuration
        guard let configuration else {
            header = .zero
            preamble = .zero
            headerSentAfterMarker = .zero
            afterMarker = .zero
            return
        }
        let header = configuration.synchronisationHeaderDuration
        self.header = header
        preamble = configuration.pulseRepetitionFrequency.preambleSymbolDuration * configuration.preambleLength.symbols
        afterMarker = configuration.airtime(frameLength: frame.count) - header
        switch configuration.secureTimestamps {
        case nil:
            headerSentAfterMarker = configuration.phyHeaderDuration
        case let secure? where secure.mode == .afterFrameDelimiter:
            headerSentAfterMarker = secure.length.airtime + configuration.phyHeaderDuration
        case let secure?:
            headerSentAfterMarker = secure.length.airtime
        }
    }
}
