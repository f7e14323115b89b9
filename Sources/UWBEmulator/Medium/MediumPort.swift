import UWBCore

/// One chip's place in the medium, and the chip's ``ChipEnvironment``: it knows which device and
/// which chip it serves, so nothing is looked up by chip identity, and it keeps the frames on
/// the air at that chip's antenna.
///
/// The medium owns its ports, and each chip holds its own port (strongly, unlike other
/// environments: see `VirtualDW1000.attachedPort`). The port holds its medium, device and chip
/// `unowned`, so that there is no cycle: the `Emulation` owns the medium, the devices and
/// their chips together for the whole run.
final class MediumPort: ChipEnvironment {
    /// The medium this port belongs to; it owns the port, so it outlives it.
    unowned let medium: Medium
    /// The device's index in the medium.
    let node: Int
    /// The chip's index on its device.
    let chip: Int
    /// The device, held here so that the per-frame work reaches it without indexing the
    /// medium's devices.
    unowned let device: MediumNode
    /// The chip this port serves (it holds its port).
    unowned let virtualChip: any VirtualChip
    /// Frames that have reached this chip's antenna and may still be on the air: what the
    /// collision judgement needs of each, not the whole ``Arrival``.
    var arrivals: [FrameOnAir] = []

    /// What the medium's collision judgement needs of a frame on the air at an antenna.
    struct FrameOnAir {
        let transmissionIndex: Int
        let start: SimulationTime
        let end: SimulationTime
        let receivedLevel: PowerLevel
        /// The frame's STS as it reached the antenna, for frames that carry one.
        let secureTimestamp: SecureTimestampOnAir?
        /// The channel it was sent on, if known.
        let channel: Channel?

        /// Whether this frame is in a band that overlaps `channel`'s (any band if either channel
        /// is unknown): only then does it disturb a reception on `channel`.
        func disturbs(_ channel: Channel?) -> Bool {
            guard let own = self.channel, let channel else { return true }
            return own.overlaps(channel)
        }
    }
    /// The trace-record slot of the frame the chip is locked onto, if it counts for the
    /// statistics (see ``Medium/preambleArrives(_:at:slot:)``).
    var pending: Int?
    /// When the frame the chip last locked onto began at this antenna: while the chip receives
    /// it, frames that ended after this may still spoil it, so ``track(_:now:)`` keeps them.
    var lockedSince: SimulationTime = .zero

    init(medium: Medium, node: Int, device: MediumNode, chip: Int) {
        self.medium = medium
        self.simulator = medium.simulator
        self.device = device
        self.virtualChip = device.chips[chip]
        self.node = node
        self.chip = chip
    }

    /// The medium's simulator, held here because chips ask for it on every register access
    /// that needs the time.
    let simulator: Simulator

    /// Hands the transmission to the medium.
    func transmissionStarts(_ transmission: Transmission, from chip: VirtualRadio) {
        medium.transmissionStarts(transmission, node: node, chip: self.chip)
    }

    /// Asks the medium to judge the reception.
    func receptionFinished(_ arrival: Arrival, at chip: VirtualRadio) -> ReceptionOutcome {
        medium.receptionFinished(arrival, at: self)
    }

    /// Tells the medium that the chip's frame filter rejected the frame.
    func receptionRejected(_ arrival: Arrival, at chip: VirtualRadio) {
        medium.receptionRejected(arrival, at: self)
    }

    /// Tells the medium that the chip lost the frame to a PHY header error.
    func receptionLost(_ arrival: Arrival, at chip: VirtualRadio) {
        medium.receptionLost(arrival, at: self)
    }

    /// The STSs of the frames on the air at this antenna that overlap `arrival`, in time and band.
    func secureTimestampsOnAir(during arrival: Arrival, at chip: VirtualRadio) -> [SecureTimestampOnAir] {
        let channel = arrival.transmission.configuration?.channel
        return arrivals.compactMap { other in
            guard other.start < arrival.end, arrival.start < other.end, other.disturbs(channel) else { return nil }
            return other.secureTimestamp
        }
    }

    /// Forwards the IRQ change to the device's radio loop.
    func interruptChanged(on chip: VirtualRadio) {
        device.interruptHandler(virtualChip)
    }

    /// Remembers a frame on the air at the chip, forgetting those that can no longer overlap a
    /// frame the chip judges: those over before `now`, or, while the chip is receiving a frame,
    /// before that frame began (an interferer that came and went during the wanted frame still
    /// spoils it, whatever arrived since).
    func track(_ arrival: Arrival, now: SimulationTime) {
        let horizon = virtualChip.isReceiving ? min(lockedSince, now) : now
        arrivals.removeAll { $0.end < horizon }
        arrivals.append(FrameOnAir(
            transmissionIndex: arrival.transmissionIndex, start: arrival.start, end: arrival.end,
            receivedLevel: arrival.receivedLevel, secureTimestamp: SecureTimestampOnAir(arrival),
            channel: arrival.transmission.configuration?.channel))
    }
}
