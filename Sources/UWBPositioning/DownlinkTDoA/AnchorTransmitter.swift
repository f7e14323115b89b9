import UWBCore
import UWBRanging

/// What an anchor (DL-TDoA or UL-TDoA) needs to send its frames on time: its radio's transmit
/// clock (the delayed-TX grid and TX antenna delay, so each frame carries its own exact TX time),
/// and its identity and position, which every frame carries.
struct AnchorTransmitter {
    /// The radio. `unowned`: the radio's owner keeps the anchor that holds this.
    unowned let radio: any RadioHost
    let network: PANIdentifier
    let address: UInt16
    let position: Position
    /// Its floor and height above it, which DL-TDoA frames carry where the site gives them.
    let floor: FloorElevation?
    /// How long the host may take to program a frame.
    let hostAllowance: Duration
    private let clock: TransmitClock

    /// A transmitter on `radio`'s first chip.
    ///
    /// - Throws: ``DownlinkTDoAFrameError/positionOutOfRange(_:)`` for a position frames cannot carry,
    ///   ``DownlinkTDoAFrameError/floorOutOfRange(_:)`` for a floor they cannot carry.
    init(
        radio: any RadioHost, network: PANIdentifier, address: UInt16, position: Position, floor: FloorElevation? = nil,
        hostAllowance: Duration
    ) throws(DownlinkTDoAFrameError) {
        _ = try DownlinkTDoAFrame.millimetres(of: position)
        if let floor {
            _ = try DownlinkTDoAFrame.octets(of: floor)
        }
        self.radio = radio
        self.network = network
        self.address = address
        self.position = position
        self.floor = floor
        self.hostAllowance = hostAllowance
        clock = TransmitClock(
            granularity: radio.transceivers.first?.capabilities.delayedTransmitGranularity ?? .zero,
            antennaDelay: radio.board.chips.first?.calibration.txAntennaDelay ?? .zero)
    }

    /// The delayed-TX start, on the grid, of a frame whose TX timestamp should be no earlier than `stamp`.
    func start(forTimestamp stamp: DeviceTime) -> DeviceTime {
        clock.gridTime(notBefore: stamp - clock.antennaDelay)
    }

    /// The TX timestamp of a frame started at `start`.
    func timestamp(ofTransmissionAt start: DeviceTime) -> DeviceTime {
        clock.timestamp(ofTransmissionAt: start)
    }

    /// The earliest start of a frame sent now: the radio's clock plus the synchronisation header
    /// and the host's allowance, on the grid. It turns the radio off first.
    func earliestStart() throws(TransceiverError) -> DeviceTime {
        guard let transceiver = radio.transceivers.first else { throw .hardwareFault("the radio has no transceiver") }
        try transceiver.turnOff()
        let now = try transceiver.systemTime()
        return clock.gridTime(notBefore: now + Self.ticks(radio.configuration.synchronisationHeaderDuration + hostAllowance))
    }

    /// Sends a `kind` message of round `round` by delayed TX at `start` (on the grid) to
    /// `destination`, returning its TX timestamp.
    func send(_ kind: DownlinkTDoAMessage.Kind, round: UInt16, startingAt start: DeviceTime, to destination: MACAddress) throws(TransceiverError) -> DeviceTime {
        guard let transceiver = radio.transceivers.first else { throw .hardwareFault("the radio has no transceiver") }
        let stamp = clock.timestamp(ofTransmissionAt: start)
        let message = DownlinkTDoAMessage(kind: kind, round: round, transmitted: stamp, anchorPosition: position, anchorFloor: floor)
        let octets: [UInt8]
        do {
            octets = try DownlinkTDoAFrame(network: network, anchor: address, destination: destination, message: message).encoded()
        } catch {
            throw .hardwareFault("\(error)")
        }
        try transceiver.turnOff()
        try transceiver.transmit(octets, at: start, awaiting: nil)
        return stamp
    }

    /// Turns the receiver on until the next frame or event.
    func listen() throws(TransceiverError) {
        try radio.transceivers.first?.enableReceiver(.untilTurnedOff)
    }

    /// `duration` in whole device ticks, rounded up.
    static func ticks(_ duration: Duration) -> DeviceDuration {
        DeviceDuration(ticks: Int64((duration.secondsValue * DeviceClock.ticksPerSecond).rounded(.up)))
    }
}
