extension ScenarioLimit {
    /// One day of virtual time, the most any scenario may simulate or wait.
    private static let oneDaySeconds = 86_400.0

    /// `durationSeconds`: more than 0, at most one day. Virtual time is counted in picoseconds
    /// in 64 bits (about 106 days), and a day of ranging already takes long to simulate.
    public static let duration = ScenarioLimit(
        0, oneDaySeconds, excludingLowerBound: true, unit: "s",
        reason: "a run lasts more than 0 s and at most one day (86400 s); durations are in seconds")

    /// `clock.steps[i].atSeconds`: a whole second from 1 to one day, when the frequency jumps (the
    /// oscillator's offset is piecewise constant over whole seconds).
    public static let clockStepTime = ScenarioLimit(
        1, oneDaySeconds, unit: "s",
        reason: "a whole second of the run, from 1 to one day (86400 s)")

    /// `seed`: a whole number from 0 to 2⁵³ − 1, the largest integer every JSON parser (which
    /// reads numbers as doubles) keeps exactly.
    public static let seed = ScenarioLimit(
        0, 9_007_199_254_740_991, unit: "",
        reason: "a seed is a whole number from 0 to 2^53 - 1, the largest a JSON number holds exactly")

    /// Every coordinate of a position: ±1 km. A DW1000 link reaches at most a few hundred metres
    /// (290 m at 110 kbps, DW1000 datasheet), so larger values are almost surely in the wrong unit.
    public static let coordinate = ScenarioLimit(
        -1000, 1000, unit: "m",
        reason: "positions are in metres and a DW1000 link reaches at most about 290 m (datasheet, 110 kbps)")

    /// `yawDegrees`, `pitchDegrees`, `rollDegrees`: ±360°, one turn either way, which expresses
    /// every orientation.
    public static let orientationAngle = ScenarioLimit(
        -360, 360, unit: "°", reason: "angles are in degrees and one turn either way expresses every orientation")

    /// `speedMetresPerSecond`: more than 0 (a device must arrive), at most 50 m/s (180 km/h),
    /// which covers people (about 1.4 m/s), vehicles and drones.
    public static let speed = ScenarioLimit(
        0, 50, excludingLowerBound: true, unit: "m/s",
        reason: "a device must move to arrive, and 50 m/s (180 km/h) covers people, vehicles and drones")

    /// `clock.offsetPPM`: ±100 ppm. A DW1000 crystal is specified to ±20 ppm (±25 ppm with trim;
    /// `Docs/reference/uwb-physics.md` §1.4); the wider limit leaves room for stress tests.
    public static let clockOffset = ScenarioLimit(
        -100, 100, unit: "ppm",
        reason: "a DW1000 crystal is within ±20 ppm (±25 with trim); the limit leaves room for stress tests")

    /// `clock.driftPPMPerSqrtSecond`: 0...1 ppm/√s. At 1 ppm/√s the offset already wanders by
    /// 10 ppm (one standard deviation) in 100 s, far more than a crystal at steady temperature.
    public static let clockDrift = ScenarioLimit(
        0, 1, unit: "ppm/√s",
        reason: "the offset's random walk; 1 ppm/√s already moves it 10 ppm in 100 s, far beyond a real crystal")

    /// `antennaDelays[i].txTicks` and `.rxTicks`: 0...65535, the range of the 16-bit TX_ANTD and
    /// LDE_RXANTD registers (DW1000 User Manual §7.2.41, §7.2.47.4).
    public static let antennaDelay = ScenarioLimit(
        0, 65_535, unit: "ticks",
        reason: "antenna delays fit the 16-bit TX_ANTD and LDE_RXANTD registers; one tick is 15.65 ps")

    /// `phaseOffsetsRadians[i]`: −π...π. A carrier phase is defined modulo 2π; write it wrapped,
    /// as board calibrations do.
    public static let phaseOffset = ScenarioLimit(
        -Double.pi, Double.pi, unit: "rad",
        reason: "a phase is defined modulo 2π; write it wrapped into −π...π radians")

    /// `txPowerDBm`: −60...0 dBm. The regulatory mask (−41.3 dBm/MHz) allows −14.3 dBm over a
    /// 499.2 MHz channel; the range also covers attenuated links and over-driven test setups.
    public static let transmitPower = ScenarioLimit(
        -60, 0, unit: "dBm",
        reason: "the −41.3 dBm/MHz mask gives −14.3 dBm over 499.2 MHz; −60...0 dBm covers test setups")

    /// `channel.pathLossExponent`: 1...6. Free space is 2; the IEEE 802.15.4a models measured
    /// about 1.6 (office LOS) to 4.6 (residential NLOS) (Molisch et al., final report, 2006).
    public static let pathLossExponent = ScenarioLimit(
        1, 6, unit: "",
        reason: "free space is 2 and IEEE 802.15.4a measured about 1.6 to 4.6 indoors")

    /// `channel.shadowingDB`: 0...20 dB, the standard deviation of log-normal shadowing. The
    /// IEEE 802.15.4a models use about 1–4 dB; 20 dB is an extreme cap.
    public static let shadowing = ScenarioLimit(
        0, 20, unit: "dB",
        reason: "the shadowing standard deviation; IEEE 802.15.4a measured about 1 to 4 dB")

    /// `channel.frameLossPercent`: 0...100 %, frames lost at every receiver on top of the receiver
    /// model, for fault tests.
    public static let frameLoss = ScenarioLimit(
        0, 100, unit: "%",
        reason: "the share of frames each receiver loses on top of the receiver model")

    /// `obstacles[i].attenuationDB`: 0...100 dB. Interior walls cost from a few dB to about 30 dB
    /// at UWB frequencies; 100 dB blocks any link completely.
    public static let attenuation = ScenarioLimit(
        0, 100, unit: "dB",
        reason: "walls cost a few dB to about 30 dB at UWB frequencies and 100 dB blocks any link")

    /// `obstacles[i].thicknessMetres`: 0 to 10 m; a slab thicker than that lets no UWB signal through.
    public static let thickness = ScenarioLimit(
        0, 10, unit: "m",
        reason: "a wall or piece of furniture is metres thick at most, and 10 m of any material stops a UWB signal")

    /// `obstacles[i].relativePermittivity`: 1 (air) to 100 (about water's).
    public static let permittivity = ScenarioLimit(
        1, 100, unit: "",
        reason: "a relative permittivity is 1 for air and about 80 for water; building materials lie between 1.5 and 10")

    /// `obstacles[i].conductivitySiemensPerMetre`: 0 to 10⁷ S/m (metals).
    public static let conductivity = ScenarioLimit(
        0, 10_000_000, unit: "S/m",
        reason: "a conductivity is 0 for a perfect insulator, about 0.01 to 1 S/m for building materials and 10⁷ S/m for metals")

    /// `transmit.intervalSeconds`: more than 0, at most one day; it must also be at least one
    /// frame's airtime (checked separately).
    public static let transmitInterval = ScenarioLimit(
        0, oneDaySeconds, excludingLowerBound: true, unit: "s",
        reason: "the interval is in seconds, more than 0 and at most one day")

    /// `transmit.startSeconds`: 0 to one day after the start of the run.
    public static let transmitStart = ScenarioLimit(
        0, oneDaySeconds, unit: "s", reason: "the start is in seconds from the beginning of the run, at most one day")

    /// `rogue.delaySeconds`: more than 0, at most 10 s (a replayer keeps what it heard that long).
    public static let replayDelay = ScenarioLimit(
        0, 10, excludingLowerBound: true, unit: "s", reason: "a replayer sends what it heard again after more than 0 and at most 10 s")

    /// `rogue.claimMetres`: 0 to 1000 m.
    public static let claimedDistance = ScenarioLimit(
        0, 1000, unit: "m", reason: "forged frames claim a distance from 0 to 1000 m")

    /// `rogue.leadSeconds`: 0 to 20 µs, less than the 30 µs a receiver listens before a reply is due.
    public static let lead = ScenarioLimit(
        0, 20e-6, unit: "s", reason: "a forged frame starts at most 20 µs before the real one, while its victim already listens")

    /// `rogue.dutyCycle`: more than 0, at most 1.
    public static let dutyCycle = ScenarioLimit(
        0, 1, excludingLowerBound: true, unit: "", reason: "the share of the air a jammer takes, more than 0 and at most 1")

    /// `rogue.advanceMetres`: more than 0, at most 100 m, within the ±0.5 µs (150 m) an STS
    /// correlator searches around the preamble's first path.
    public static let firstPathAdvance = ScenarioLimit(
        0, 100, excludingLowerBound: true, unit: "m",
        reason: "an early-path attacker advances the first path by more than 0 and at most 100 m")

    /// `rogue.startSeconds`: 0 to one day after the start of the run.
    public static let rogueStart = ScenarioLimit(
        0, oneDaySeconds, unit: "s", reason: "the start is in seconds from the beginning of the run, at most one day")

    /// `transmit.payloadLength`: 0...116 octets (``TransmitScript/maximumPayloadLength``).
    public static let payloadLength = ScenarioLimit(
        0, Double(TransmitScript.maximumPayloadLength), unit: "octets",
        reason: "a frame holds 127 octets, 9 of them MAC header and 2 FCS")

    /// `positioning.networkIdentifier`: 0...65534, a PAN identifier; 65535 (0xFFFF) is the
    /// broadcast PAN (IEEE 802.15.4-2011 §5.1.1), which no network may claim.
    public static let network = ScenarioLimit(
        0, 65_534, unit: "",
        reason: "the network is the anchors' PAN identifier, 0 to 65534; 65535 is the broadcast PAN")

    /// `positioning.roundsPerSecond`: more than 0, at most 1000; a DL-TDoA round of a few anchors
    /// lasts about a millisecond at 6.8 Mbps, so faster rounds could not follow each other.
    public static let roundsPerSecond = ScenarioLimit(
        0, 1000, excludingLowerBound: true, unit: "Hz",
        reason: "each cluster runs at least some rounds and a round lasts about a millisecond, so at most 1000 a second")

    /// `positioning.timestampDeviationMetres`: more than 0, at most 10 m; a reception timed worse
    /// than 30 ns is no ranging radio's.
    public static let timestampDeviation = ScenarioLimit(
        0, 10, excludingLowerBound: true, unit: "m",
        reason: "the spread of a reception's timestamp as a distance, in metres: centimetres on clear links, decimetres in multipath")

    /// An anchor's `floor.number`: −128...127, what an anchor's frame carries (8 bits).
    public static let floorNumber = ScenarioLimit(
        -128, 127, unit: "", reason: "an anchor's frames carry its floor number in 8 bits: 0 the ground floor, negative below it")

    /// An anchor's `floor.heightMetres`: ±32.767 m, what an anchor's frame carries (16-bit millimetres).
    public static let heightAboveFloor = ScenarioLimit(
        -32.767, 32.767, unit: "m", reason: "an anchor's frames carry its height above the floor in 16-bit millimetres")

    /// `positioning.siteOrigin.latitudeDegrees`: −90...90°, pole to pole.
    public static let latitude = ScenarioLimit(
        -90, 90, unit: "°", reason: "a latitude lies between the south pole (-90°) and the north pole (90°)")

    /// `positioning.siteOrigin.longitudeDegrees`: −180...180°, west and east of Greenwich.
    public static let longitude = ScenarioLimit(
        -180, 180, unit: "°", reason: "a longitude lies between -180° (west) and 180° (east) of Greenwich")

    /// `positioning.siteOrigin.altitudeMetres`: ±11 km above the WGS-84 ellipsoid, from the deepest
    /// ocean trench (about −11 km) to above the highest summit (8.8 km).
    public static let altitude = ScenarioLimit(
        -11_000, 11_000, unit: "m",
        reason: "a site on the globe lies between the deepest trench (about -11 km) and above the highest summit (8.8 km)")
}
