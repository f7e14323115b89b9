extension RadioConfig {
    /// Reed-Solomon coding sends 8 parity bits for every 48 data bits of the PHY payload: the payload
    /// takes 1/0.87 of its raw bit time (IEEE 802.15.4a; Decawave `dw1000_phy_frame_duration`).
    static let reedSolomonEfficiency = 0.87

    /// Bits counted for the PHY header. IEEE 802.15.4a's PHR has 19 (13 information bits and
    /// 6 SECDED parity bits); Decawave's `dw1000_phy_frame_duration` and `Docs/reference/uwb-physics.md`'s
    /// worked airtimes count 21, and so do we, so that our figures match theirs.
    static let phyHeaderBits = 21

    /// The synchronisation header: preamble plus SFD. Its end is the RMARKER, the instant every
    /// DW1000 timestamp refers to.
    public var synchronisationHeaderDuration: Duration {
        let symbols = preambleLength.symbols + startOfFrameDelimiter.symbols(at: dataRate)
        return Self.multiply(pulseRepetitionFrequency.preambleSymbolDuration, by: symbols)
    }

    /// The PHY header's airtime.
    public var phyHeaderDuration: Duration {
        Self.multiply(dataRate.headerBitDuration, by: Self.phyHeaderBits)
    }

    /// `duration` × `count`, exactly as `Duration`'s own `*` gives it, but on the attoseconds'
    /// `Int128` directly: the standard library's `*` for any integer type is not specialised for
    /// `Int` and costs hundreds of instructions, and every frame's airtime needs two.
    private static func multiply(_ duration: Duration, by count: Int) -> Duration {
        Duration(attoseconds: duration.attoseconds * Int128(count))
    }

    /// The whole airtime of a frame whose PHY payload (MAC header, payload and the 2-octet FCS) is
    /// `frameLength` octets: `Tpsym·(Npreamble + Nsfd) + Tbsym·21 + Tdsym·8·N/0.87`
    /// (`Docs/reference/uwb-physics.md` §1.3; Decawave `dw1000_phy_frame_duration`), plus the STS
    /// after the SFD when the configuration has one (SP1); in SP3 the STS follows the SFD and the
    /// frame has neither PHY header nor payload (§1.3a).
    public func airtime(frameLength: Int) -> Duration {
        let payloadBits = Double(max(0, frameLength) * 8) / Self.reedSolomonEfficiency
        let plain = synchronisationHeaderDuration + phyHeaderDuration + dataRate.bitDuration * payloadBits
        switch secureTimestamps {
        case nil: return plain
        case let sts? where sts.mode == .afterFrameDelimiter: return plain + sts.length.airtime
        case let sts?: return synchronisationHeaderDuration + sts.length.airtime
        }
    }
}
