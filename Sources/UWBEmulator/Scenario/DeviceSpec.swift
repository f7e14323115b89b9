import DW1000Driver
import UWBCore

/// One device of a scenario: a board at a pose, with its clock, its true antenna delays and phase
/// offsets, and optionally a path to move along and the software it runs: frames to send, an attack,
/// a part in positioning, or a phone of the accessory protocol (JSON: an element of `devices`).
///
/// The antenna delays and phase offsets here are the *true* hardware values the emulator
/// simulates; the board's calibration is what the driver believes. Leaving them at the board's
/// calibration gives a perfectly calibrated device.
public struct DeviceSpec: Hashable, Sendable {
    /// The device's name, unique in the scenario.
    public var name: String
    /// The board, resolved from its id through ``BoardCatalog``.
    public var board: BoardDescription
    /// Where the device's origin is at the start, in world metres.
    public var position: Position
    /// How the device is turned.
    public var orientation: Orientation
    /// The scripted movement, or `nil` if the device stays put.
    public var path: DevicePath?
    /// The board's oscillator.
    public var clock: ClockSpec
    /// The true TX and RX antenna delays of each chip, in the board's chip order.
    public var antennaDelays: [AntennaDelays]
    /// The true carrier phase offset of each chip, in the board's chip order, or `nil` for the
    /// board's calibration (a calibrated board, as with the antenna delays).
    public var phaseOffsets: [Angle]?
    /// What each chip's phase offset does at a reset (``PhaseAtReset``); `fixed` unless the
    /// scenario says otherwise.
    public var phaseAtReset: PhaseAtReset = .fixed
    /// The transmit level at the antenna, or `nil` for the emulator's default.
    public var transmitPower: PowerLevel?
    /// Frames the device sends by itself, or `nil` for none.
    public var transmit: TransmitScript?
    /// The attack the device carries out, or `nil` for an honest device.
    public var rogue: RogueSpec?
    /// Its part in positioning (an anchor or a tag), or `nil` for none.
    public var positioning: PositioningRole?
    /// The phone it plays, ranging with an accessory of the scenario, or `nil` for none.
    public var phone: PhoneSpec?
    /// Its own radio configuration, or `nil` for the scenario's: the device is then fitted for that
    /// channel's band, and neither hears nor reaches a device fitted for a band that does not overlap
    /// (``DeviceSetup/configuration``).
    public var radio: RadioConfig?

    /// A device with the given properties. The scenario decoder checks them; this initializer
    /// does not.
    public init(
        name: String, board: BoardDescription, position: Position, orientation: Orientation = .identity,
        path: DevicePath? = nil, clock: ClockSpec = .ideal, antennaDelays: [AntennaDelays],
        phaseOffsets: [Angle]? = nil, transmitPower: PowerLevel? = nil, transmit: TransmitScript? = nil,
        rogue: RogueSpec? = nil, positioning: PositioningRole? = nil, radio: RadioConfig? = nil
    ) {
        self.radio = radio
        self.name = name
        self.board = board
        self.position = position
        self.orientation = orientation
        self.path = path
        self.clock = clock
        self.antennaDelays = antennaDelays
        self.phaseOffsets = phaseOffsets
        self.transmitPower = transmitPower
        self.transmit = transmit
        self.rogue = rogue
        self.positioning = positioning
    }

    /// The closest two devices may start: 1 cm. Closer antennas would be collocated: the time of
    /// flight (33 ps, about two device ticks) drowns in timestamp noise, and the channel model's
    /// far-field path loss, referenced at 1 m, does not hold there.
    public static let minimumSeparation = Distance.centimetres(1)
}
