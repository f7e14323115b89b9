import UWBCore

/// The positioning network of a scenario (JSON: the root's `positioning` object): the network
/// identifier its anchors serve, how often each cluster runs a round, how precisely the tags
/// assume their receptions are timed, and where the site's origin is on the globe. Devices take
/// part through their ``PositioningRole``.
public struct PositioningSpec: Hashable, Sendable {
    /// The network the anchors serve: the PAN identifier of their frames, which a tag (or an
    /// `NIDLTDOAConfiguration`) names to listen to them.
    public var network: UInt16
    /// How the tags are positioned.
    public var method: PositioningMethod
    /// Rounds per second of every cluster (DL-TDoA), or syncs per second of every reference anchor
    /// and blinks per second of every tag (UL-TDoA).
    public var roundsPerSecond: Double
    /// The standard deviation of a reception's timestamp, as a distance, that the tags weigh their
    /// measurements with: a property of the site (its channel), set when it is surveyed.
    public var timestampDeviation: Distance
    /// Where the scenario's origin is on the globe, its x axis pointing east, y north and z up,
    /// or `nil` for a site on no map (positions stay in scenario coordinates).
    public var siteOrigin: GeodeticPosition?

    /// A network with the given properties. The JSON decoder checks them; this initializer does not.
    public init(
        network: UInt16 = Self.defaultNetwork, method: PositioningMethod = .downlinkTDoA, roundsPerSecond: Double = Self.defaultRoundsPerSecond,
        timestampDeviation: Distance = Self.defaultTimestampDeviation, siteOrigin: GeodeticPosition? = nil
    ) {
        self.network = network
        self.method = method
        self.roundsPerSecond = roundsPerSecond
        self.timestampDeviation = timestampDeviation
        self.siteOrigin = siteOrigin
    }

    /// The network when none is given: 1.
    public static let defaultNetwork: UInt16 = 1
    /// The round rate when none is given: 10 rounds per second, a fix every 100 ms.
    public static let defaultRoundsPerSecond = 10.0
    /// The timestamp deviation when none is given: 3 cm (100 ps), for line-of-sight links. The
    /// emulated DW1000's two-way ranging spreads 1.4 cm on line-of-sight links (`uwb range`, 2 to
    /// 30 m), which its four receptions per round make about 2.3 cm per timestamp; 3 cm leaves some room
    /// for weaker links (`Docs/positioning.md`), whose leading edge scatters more (about 3.2 cm at 35 dB
    /// over the noise, `Docs/reference/measured-channels.md` §8.3). Multipath sites need more (the
    /// shipped warehouse says 20 cm).
    public static let defaultTimestampDeviation = Distance.centimetres(3)
    /// The default network, DL-TDoA, rate and deviation, and no site origin.
    public static let `default` = PositioningSpec()
}
