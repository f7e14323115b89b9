import UWBCore

/// One chip's place in the medium, and the chip's ``ChipEnvironment``: it knows which device and
/// which chip it serves, so nothing is looked up by chip identity, and it keeps the frames on
/// the air at that chip's antenna.
///
/// The medium owns its ports, and each chip holds its own port (strongly, unlike other
/// environments: see `VirtualDW1000.attachedPort`). The port holds its medium, device and chip
/// `unowned(unsafe)`, so that there is no cycle: the `Emulation` owns the medium, the devices and
/// their chips together for the whole run, and nothing calls a port once they are gone (decision
/// 0020's ownership invariant; with checked `unowned` such a call trapped, so no caller relied on
/// it). Unchecked because a checked `unowned` reference retains its object at every read, a write
/// to a cold object's count on every frame: `swift_unownedRetainStrong` alone took 0.91 M of the
/// crowd's 22.97 M cache misses a virtual second.
final class MediumPort: ChipEnvironment {
    /// The medium this port belongs to; it owns the port, so it outlives every use of it.
    unowned(unsafe) let medium: Medium
    /// The device's index in the medium.
    let node: Int
    /// The chip's index on its device.
    let chip: Int
    /// The device, held here so that the per-frame work reaches it without indexing the
    /// medium's devices.
    unowned(unsafe) let device: MediumNode
    /// The chip this port serves (it holds its port).
    unowned(unsafe) let virtualChip: any VirtualChip
    /// Frames that have reached, or are on their way to, this chip's antenna and may still be
    /// on the air, in the order their arrivals run: what the collision judgement needs of each,
    /// not the whole ``Arrival``. Changed for every frame carried; like ``deferred``, no access to
    /// it calls out of this class, so accesses cannot overlap and it goes without the runtime
    /// exclusivity check (decision 0020).
    @exclusivity(unchecked) var arrivals: [FrameOnAir] = []
    /// The STSs of the frames in ``arrivals`` that carry one, in the same order, kept apart so that a
    /// ``FrameOnAir`` is a plain value, copied and dropped without reference counting.
    @exclusivity(unchecked) private var secureTimestamps: [SecureFrameOnAir] = []
    /// Arrivals carried while the chip's receiver was not hunting (see ``carry(_:counts:)``); those
    /// whose preamble has arrived are dropped when the list is next pruned.
    @exclusivity(unchecked) private var deferred: [DeferredArrival] = []
    /// How many frames ``arrivals`` and ``deferred`` hold before they are pruned of those that
    /// can no longer matter: pruning on every frame cost more than looking past a few old ones.
    static let keptWithoutPruning = 4

    /// What the medium's collision judgement needs of a frame on the air at an antenna.
    struct FrameOnAir {
        /// Which transmission it is: what tells two frames apart, and orders frames that start at the
        /// same instant.
        let order: TransmissionOrder
        let start: SimulationTime
        let end: SimulationTime
        let receivedLevel: PowerLevel
        /// The channel it was sent on, if known.
        let channel: Channel?

        /// Whether this frame starts before `other`, or at the same instant from a sender with a lower
        /// key, or from the same sender earlier.
        func comesBefore(_ other: FrameOnAir) -> Bool {
            start != other.start ? start < other.start : order.precedes(other.order)
        }

        /// Whether this frame is in a band that overlaps `channel`'s (any band if either channel
        /// is unknown): only then does it disturb a reception on `channel`.
        func disturbs(_ channel: Channel?) -> Bool {
            guard let own = self.channel, let channel else { return true }
            return own.overlaps(channel)
        }
    }
    /// A frame on the air at the antenna with the STS it carries, as it reached the antenna.
    struct SecureFrameOnAir {
        let frame: FrameOnAir
        let secureTimestamp: SecureTimestampOnAir
    }
    /// Whether the frame the chip is locked onto counts for the statistics and trace, and is still to
    /// be counted (see ``Medium/preambleArrives(_:at:counts:)``).
    var pending = false
    /// When the frame the chip last locked onto began at this antenna: while the chip receives
    /// it, frames that ended after this may still spoil it, so ``track(_:)`` keeps them.
    var lockedSince: SimulationTime = .zero

    init(medium: Medium, node: Int, device: MediumNode, chip: Int) {
        self.medium = medium
        self.simulator = device.part.simulator
        self.device = device
        self.virtualChip = device.chips[chip]
        self.node = node
        self.chip = chip
    }

    /// The simulator of the device's part of the world, held here because chips ask for it on every
    /// register access that needs the time.
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
        return secureTimestamps.compactMap { other in
            guard other.frame.start < arrival.end, arrival.start < other.frame.end, other.frame.disturbs(channel) else { return nil }
            return other.secureTimestamp
        }
    }

    /// Forwards the IRQ change to the device's radio loop.
    func interruptChanged(on chip: VirtualRadio) {
        device.interruptListener?.interruptChanged(virtualChip)
    }

    /// A frame reaches the chip's antenna at `arrival.start` (now or later): the
    /// port remembers it for the collision judgement at once, and queues its arrival if the chip's
    /// receiver is hunting for a preamble. Otherwise the arrival waits in the port, with its place in
    /// the simulator's order, until the receiver starts hunting (``receiverStartsHunting()``): a
    /// receiver that does not hunt when the preamble arrives cannot lock onto it, so the event
    /// would do nothing, and many frames reach chips that are not listening. What the arrival does
    /// depends only on the chip at the preamble's arrival, not on when it was carried.
    func carry(_ arrival: consuming Arrival, counts: Bool) {
        let frame = FrameOnAir(
            order: arrival.order, start: arrival.start, end: arrival.end,
            receivedLevel: arrival.receivedLevel, channel: arrival.transmission.configuration?.channel)
        if let secureTimestamp = SecureTimestampOnAir(arrival) {
            Self.insert(SecureFrameOnAir(frame: frame, secureTimestamp: secureTimestamp), into: &secureTimestamps, horizon: pruningHorizon) {
                $0.frame
            }
        }
        let event = ArrivalEvent(port: self, arrival: arrival, counts: counts)
        let key = arrivalKey(frame)
        if tracksHunting(frame) {
            simulator.schedule(event, key: key, owner: device.owner)
        } else {
            keepBack(.arrival(event), key: key)
        }
    }

    /// A frame too weak for the chip to detect, without an STS, reaches its antenna as `frame`
    /// says: remembered for the collision judgement like any other; at the device's first chip
    /// (`preamble` not nil) it may also be lost to a chip hunting for it, which an
    /// ``UndetectedPreambleEvent`` judges, made only once the chip hunts; at other chips nothing
    /// else can come of it.
    func carryUndetected(_ frame: FrameOnAir, preamble: UndetectedPreamble?) {
        guard let preamble else {
            track(frame)
            return
        }
        let key = arrivalKey(frame)
        if tracksHunting(frame) {
            simulator.schedule(UndetectedPreambleEvent(port: self, preamble: preamble), key: key, owner: device.owner)
        } else {
            keepBack(.undetected(preamble), key: key)
        }
    }

    /// The place in the simulator's order of `frame`'s preamble reaching this chip.
    private func arrivalKey(_ frame: FrameOnAir) -> EventKey {
        EventKey.arrival(at: frame.start, receiver: device.owner.key, transmission: frame.order, chip: chip)
    }

    /// Tracks `frame` and tells whether the chip's receiver is hunting for a preamble.
    private func tracksHunting(_ frame: FrameOnAir) -> Bool {
        track(frame)
        return virtualChip.isHunting
    }

    /// Keeps back what arrives at `key`'s place in the order.
    private func keepBack(_ kind: DeferredArrival.Kind, key: EventKey) {
        if deferred.count >= Self.keptWithoutPruning {
            let now = simulator.now
            deferred.removeAll { $0.start < now }
        }
        deferred.append(DeferredArrival(kind: kind, key: key))
    }

    /// The chip's receiver starts hunting for a preamble: the arrivals the port kept back are
    /// queued in their places, those still to come.
    func receiverStartsHunting() {
        guard !deferred.isEmpty else { return }
        for kept in deferred {
            let event: ScheduledEvent = switch kept.kind {
            case .arrival(let event): event
            case .undetected(let preamble): UndetectedPreambleEvent(port: self, preamble: preamble)
            }
            simulator.schedule(event, key: kept.key, owner: device.owner)
        }
        deferred.removeAll(keepingCapacity: true)
    }

    /// Remembers a frame on the air at the chip (``insert(_:into:horizon:frame:)``).
    private func track(_ frame: FrameOnAir) {
        Self.insert(frame, into: &arrivals, horizon: pruningHorizon) { $0 }
    }

    /// Before which the frames a port remembers can no longer overlap a frame the chip judges: now, or,
    /// while the chip is receiving a frame, when that frame began if earlier (an interferer that came and
    /// went during the wanted frame still spoils it, whatever arrived since).
    private var pruningHorizon: SimulationTime {
        let now = simulator.now
        return virtualChip.isReceiving ? min(lockedSince, now) : now
    }

    /// Adds `element` to `list`, in the order of the frames' starts and, at the same start, of their
    /// senders' keys and counts: the order their arrivals run in, whatever order they were carried in. Once the list holds ``keptWithoutPruning``
    /// elements it first forgets those whose frames ended before `horizon`. Forgetting only saves memory:
    /// every judgement compares the times.
    private static func insert<Element>(
        _ element: Element, into list: inout [Element], horizon: @autoclosure () -> SimulationTime, frame: (Element) -> FrameOnAir
    ) {
        if list.count >= keptWithoutPruning {
            let before = horizon()
            list.removeAll { frame($0).end < before }
        }
        // Frames come in the order they are carried, their starts nearly so: the new one goes last,
        // then moves back past any that come after it.
        let new = frame(element)
        list.append(element)
        var index = list.count - 1
        while index > 0, new.comesBefore(frame(list[index - 1])) {
            list.swapAt(index, index - 1)
            index -= 1
        }
    }
}
