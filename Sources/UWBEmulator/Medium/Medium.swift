import Foundation
import UWBCore

/// The emulated radio world: devices at their poses, obstacles, a channel model, and every frame
/// on the air. It carries each transmission to the antenna of every chip that can hear it or be
/// disturbed by it, with the delay, level, timestamp error and phase the channel gives it, and
/// judges collisions. A frame below ``interferenceFloor`` at a device is not carried there: the
/// device could neither detect it nor have another frame spoiled by it (see
/// ``transmissionStarts(_:node:chip:)``).
///
/// Each chip's environment is its ``MediumPort``, which knows the chip's device and index, so
/// the per-frame work indexes arrays and looks nothing up by chip identity.
public final class Medium {
    /// Two frames collide at a receiver when the interferer is no more than this much weaker
    /// than the wanted frame [U: a capture threshold typical of impulse-radio receivers; the
    /// DW1000 documentation gives none].
    public static let captureMargin = PowerRatio(decibels: 6)

    /// A frame below sensitivity by more than this is not even detected: the receiver keeps
    /// hunting instead of reporting an error [U: modelling choice].
    public static let detectionMargin = PowerRatio(decibels: 6)

    /// The propagation model.
    public let channelModel: ChannelModel
    /// Walls and boxes that attenuate the line of sight.
    public let obstacles: [Obstacle]
    /// How each device's body shadows its antennas from the front.
    public let body: DeviceBodyModel
    /// The weakest level at which a frame can matter at a receiver: the lowest sensitivity of the
    /// receiver model (over every data rate) less ``detectionMargin`` (below that nothing is
    /// detected) less ``captureMargin`` (below that a frame cannot spoil a frame that is
    /// detected). −118 dBm for the standard receiver (−106 dBm at 110 kbps). Frames below it at a
    /// device are not carried there; nothing that device does or reports could depend on them.
    public var interferenceFloor: PowerLevel { PowerLevel(dBm: floorDBm) }

    /// The storage behind ``interferenceFloor``, in dBm: as an internal property, all its accesses
    /// are visible to the optimiser, which can then leave out the runtime exclusivity checks a
    /// public stored property of a class needs. Tests lower it before a run to carry every frame
    /// everywhere and compare.
    var floorDBm: Double

    package internal(set) var nodes: [MediumNode] = []
    /// Per device: its frame counts so far, kept as frames are sent and judged.
    var statistics: [DeviceStatistics] { nodes.map(\.statistics) }
    /// Per sender, per receiver: the frames received intact over that link so far (a row and a
    /// column for every device), what the emulator service's observers see as a link's traffic.
    package var linkReceptions: [[Int]] {
        nodes.indices.map { sender in
            nodes.map { receiver in receiver.receivedFrom.indices.contains(sender) ? receiver.receivedFrom[sender] : 0 }
        }
    }
    /// The trace being written, if any.
    var trace: TraceQueue?
    private let random: SeededRandom
    /// The seed every pair's channel is derived from, with the pair's names.
    private let channelSeed: UInt64
    /// What every pair's channel shares, one copy per part of the world (``WorldPart``): each keeps the
    /// responses its part's receivers work out.
    private let environments: [MultipathEnvironment]
    /// Per device: its name's hash, from which with the other end's its pairs' seeds are derived.
    private var nameHashes: [UInt64] = []
    /// Per device: the hash of its links' labels up to the receiver's name, "link <name> -> ", with
    /// which ``newLink(from:to:)`` splits the run's stream without putting the label together.
    private var linkLabels: [FNV1a.Hash64] = []
    /// Per device, per chip: the chip's port.
    private(set) var ports: [[MediumPort]] = []
    /// The world's parts, each of which carries every frame to its own devices.
    let parts: [WorldPart]

    /// An empty medium for a world of `parts`.
    init(
        channelModel: ChannelModel, obstacles: [Obstacle], body: DeviceBodyModel = .standard, random: SeededRandom, parts: [WorldPart]
    ) {
        self.parts = parts
        self.channelModel = channelModel
        self.obstacles = obstacles
        self.body = body
        var random = random
        var channelStream = random.split(label: "channel")
        channelSeed = channelStream.next()
        environments = parts.map { _ in
            MultipathEnvironment(
                profile: channelModel.kind.multipath, exponent: channelModel.pathLoss.exponent,
                shadowingDeviation: channelModel.pathLoss.shadowingDeviation,
                shadowingDecorrelation: LinkChannel.shadowingDecorrelation(lineOfSight: channelModel.kind.isLineOfSight))
        }
        self.random = random
        let weakest = DataRate.allCases.map { channelModel.receiver.sensitivity(for: $0).dBm }.min() ?? 0
        // Subtracted in this order so that, in floating point too, a level below the floor is
        // below every detection threshold and every capture threshold the medium computes.
        floorDBm = (weakest - Self.detectionMargin.decibels) - Self.captureMargin.decibels
    }

    /// Places a device's chips in the medium; returns the device's index.
    @discardableResult
    func attach(_ node: MediumNode) -> Int {
        let index = nodes.count
        nodes.append(node)
        nameHashes.append(FNV1a.Hash64(node.name).value)
        linkLabels.append(FNV1a.Hash64("link \(node.name) -> "))
        node.localIndex = node.part.members.count
        node.part.members.append(index)
        // A device may transmit until it is said to listen only.
        node.part.transmits = true
        node.part.deviceJoins(band: node.band)
        for part in parts {
            part.links.append(SenderLinks())
        }
        let nodePorts = node.chips.indices.map { MediumPort(medium: self, node: index, device: node, chip: $0) }
        ports.append(nodePorts)
        for (chip, port) in zip(node.chips, nodePorts) {
            chip.environment = port
        }
        return index
    }

    /// Puts an early-path attacker (the "Ghost Peak" distance reduction, `Docs/security.md`) at
    /// device `name`: the preamble's (Ipatov) first path of every frame reaching it whose RMARKER
    /// leaves the sender at `start` (from the beginning of the run) or later looks `advance`
    /// early, at the genuine first path's power, so its receive timestamps shrink each distance
    /// it takes part in. A frame's STS keeps its true first path: the
    /// attacker cannot predict it. Advancing a device again replaces its attack.
    ///
    /// - Throws: ``EmulationError/unknownDevice(_:available:)`` if no device has that name.
    public func advanceFirstPath(at name: String, by advance: Distance, from start: Duration) throws(EmulationError) {
        guard let node = nodes.first(where: { $0.name == name }) else {
            throw .unknownDevice(name, available: nodes.map(\.name))
        }
        node.firstPathAdvance = FirstPathAdvance(
            advance: .seconds(advance.metres / PhysicalConstants.speedOfLight.metresPerSecond),
            from: SimulationTime(seconds: start.secondsValue))
    }

    /// Puts a transmission from chip `senderChip` of device `senderIndex` on the air: counts it, and carries
    /// it to every chip of every other device that gets it at or above ``interferenceFloor``, in the
    /// sender's part now and in every other part of its group when that part next runs (``WorldPart``,
    /// ``PartGroups``).
    func transmissionStarts(_ transmission: Transmission, node senderIndex: Int, chip senderChip: Int) {
        let sender = nodes[senderIndex]
        precondition(
            !sender.listensOnly,
            "device \(sender.name) was set to listen only, yet it transmitted: the software set up on it is not what its harness said")
        if parts.count == 1, let trace {
            // One part runs on one thread, whoever runs it (the world's windows, the emulator service's
            // steps): the frames that settled before this one left are written now, as they stream.
            trace.collect(from: parts)
            trace.writeSettled(before: sender.part.simulator.now)
        }
        let channel = transmission.configuration?.channel ?? channelModel.channel
        let frame = OutgoingFrame(
            transmission: transmission,
            order: TransmissionOrder(sender: sender.owner.key, count: sender.transmissionsSent), sender: senderIndex, chip: senderChip,
            source: sender.antennaPosition(senderChip, at: transmission.rmarker), senderStill: sender.trajectory.isStationary,
            channelLoss: channel == channelModel.channel ? 0 : PathLossModel.frequencyTerm(
                from: channelModel.channel.centreFrequency, to: channel.centreFrequency).decibels,
            channel: channel,
            floor: floorDBm, tracing: trace != nil, nodes: nodes, ports: ports, medium: self)
        sender.transmissionsSent += 1
        sender.statistics.sent += 1
        if let address = MACHeaderLayout.shortSourceAddress(of: transmission.frame) {
            sender.shortAddressesSent[address] = sender.part.simulator.now
        }
        if frame.tracing {
            sender.part.trace.sent.append(TraceFragments.Sent(
                record: TraceRecord(time: transmission.rmarker.picoseconds, frame: transmission.frame, sender: sender.name, receptions: []),
                transmission: frame.order, settles: transmission.end))
        }
        for part in parts {
            if part === sender.part {
                carry(frame, in: part)
            } else if !part.members.isEmpty, sender.part.heeds(part.index) {
                sender.part.send(frame, to: part.index)
            }
        }
    }

    /// Carries `frame` to every chip of every device of `part` but its sender that gets it at or above
    /// ``interferenceFloor``, on `part`'s thread.
    ///
    /// Every link draws its random numbers for every frame, carried or not, as it always has, so
    /// the run is the same as if every frame were carried everywhere: only what cannot matter is
    /// left out. A sender that stands still keeps, in each part, a ``Reach`` and carries its frames to
    /// those receivers only; the links it leaves out catch up on their draws when the reach changes.
    func carry(_ frame: OutgoingFrame, in part: WorldPart) {
        let senderIndex = frame.sender
        var heard = TraceFragments.Heard(transmission: frame.order, settles: frame.transmission.end)
        // The sender's links to the part's devices, taken out of the part for the loop and put back after
        // it, so that each receiver's link is a local array access rather than an access to the part's property.
        var links = takeLinks(from: senderIndex, in: part)
        defer { part.links[senderIndex] = links }
        // The level the reach is for: the transmit level less the frequency term of the frame's
        // channel (see `OutgoingFrame.channelLoss`), which changes what a receiver gets as a
        // level would.
        let level = frame.transmission.power.dBm - frame.channelLoss
        if frame.senderStill, var reach = links.reach,
           reach.holds(senderChip: frame.chip, transmitLevel: level, devices: nodes.count) {
            for receiver in reach.receivers {
                _ = carry(frame, to: receiver, links: &links, heard: &heard)
            }
            reach.skippedFrames += 1
            links.reach = reach
        } else {
            if let reach = links.reach {
                catchUp(links: &links, leftOutBy: reach, sender: senderIndex, in: part)
            }
            var reached: [Int] = []
            for receiver in part.members where receiver != senderIndex {
                if carry(frame, to: receiver, links: &links, heard: &heard) || !nodes[receiver].trajectory.isStationary {
                    reached.append(receiver)
                }
            }
            links.reach = frame.senderStill
                ? Reach(senderChip: frame.chip, transmitLevel: level, devices: nodes.count, receivers: reached) : nil
        }
        if frame.tracing, !heard.receptions.isEmpty {
            part.trace.heard.append(heard)
        }
    }

    /// Makes the links to `part`'s devices that `reach` left out draw for the frames they were not carried,
    /// so that their streams are where they would be had every frame been carried to them.
    func catchUp(links: inout SenderLinks, leftOutBy reach: Reach, sender: Int, in part: WorldPart) {
        guard reach.skippedFrames > 0 else { return }
        var next = 0
        for receiver in part.members where receiver != sender && receiver < reach.devices {
            while next < reach.receivers.count, reach.receivers[next] < receiver {
                next += 1
            }
            if next < reach.receivers.count, reach.receivers[next] == receiver {
                continue
            }
            let node = nodes[receiver]
            links.links[node.localIndex]?.skip(frames: reach.skippedFrames, chips: node.chipCount, secondPorts: node.hasSecondPort)
        }
    }

    /// A preamble reaches `port`'s chip: the chip may lock onto it. When the reception `counts` for the
    /// statistics and the trace (the device's first chip), a frame the chip locks onto is judged when it
    /// ends, one it misses while listening for it is lost.
    func preambleArrives(_ arrival: Arrival, at port: MediumPort, counts: Bool) {
        let locked = port.virtualChip.preambleArrives(arrival)
        if locked {
            port.lockedSince = arrival.start
        }
        guard counts else { return }
        if locked {
            port.pending = true
        } else {
            // A chip that does not lock on changes nothing, so it hunts now if it hunted before.
            preambleMissed(
                from: arrival.sender, transmission: arrival.order, sent: arrival.transmission.configuration,
                at: port)
        }
    }

    /// A preamble reaches `port`'s chip, whose receptions count for the statistics, and the
    /// chip does not lock onto it (or cannot: ``UndetectedPreambleEvent``): the frame is lost if the chip
    /// was hunting for a preamble it is configured for, and unnoticed otherwise.
    func preambleMissed(from sender: Int, transmission: TransmissionOrder, sent: RadioConfig?, at port: MediumPort) {
        let chip = port.virtualChip
        guard chip.isListening, let sent, chip.receives(sent) else { return }
        count(.lost, sender: sender, transmission: transmission, at: port.node)
    }

    /// Judges a finished reception at `port`'s chip: collided if another frame no more than the
    /// capture margin weaker overlapped it in time and band (a frame on channel 9 does not spoil
    /// one on channel 5), lost if the payload did not decode, received otherwise.
    func receptionFinished(_ arrival: Arrival, at port: MediumPort) -> ReceptionOutcome {
        let threshold = arrival.receivedLevel.dBm - Self.captureMargin.decibels
        let channel = arrival.transmission.configuration?.channel
        let overlapped = port.arrivals.contains { other in
            other.order != arrival.order && other.start < arrival.end && arrival.start < other.end
                && other.receivedLevel.dBm >= threshold && other.disturbs(channel)
        }
        let outcome: ReceptionOutcome = overlapped ? .collided : (arrival.decodable ? .received : .lost)
        if port.pending {
            port.pending = false
            count(outcome, of: arrival, at: port.node)
        }
        return outcome
    }

    /// Counts a frame `port`'s chip lost to a PHY header error, if it counts for the statistics.
    func receptionLost(_ arrival: Arrival, at port: MediumPort) {
        guard port.pending else { return }
        port.pending = false
        port.device.statistics.headerErrors += 1
        count(.lost, of: arrival, at: port.node)
    }

    /// Counts a frame the frame filter of `port`'s chip rejected, if it counts for the statistics.
    func receptionRejected(_ arrival: Arrival, at port: MediumPort) {
        guard port.pending else { return }
        port.pending = false
        count(.rejected, of: arrival, at: port.node)
    }

    /// Counts what became of `arrival` at device `receiver`.
    private func count(_ outcome: ReceptionOutcome, of arrival: Arrival, at receiver: Int) {
        count(outcome, sender: arrival.sender, transmission: arrival.order, at: receiver)
    }

    /// The device that last sent a frame from short source address `address`, if any has: how the
    /// emulator service tells which device an app's measurement names as its peer.
    package func lastSender(ofShortAddress address: UInt16) -> Int? {
        var latest: (index: Int, time: SimulationTime)?
        for (index, node) in nodes.enumerated() {
            guard let time = node.shortAddressesSent[address] else { continue }
            if latest.map({ time >= $0.time }) ?? true {
                latest = (index, time)
            }
        }
        return latest?.index
    }

    /// Counts what became of transmission `transmission` from device `sender` at device `receiver`, in its
    /// statistics and the trace.
    private func count(_ outcome: ReceptionOutcome, sender: Int, transmission: TransmissionOrder, at receiver: Int) {
        let node = nodes[receiver]
        switch outcome {
        case .received:
            node.statistics.received += 1
            if node.receivedFrom.count <= sender {
                node.receivedFrom.append(contentsOf: repeatElement(0, count: sender + 1 - node.receivedFrom.count))
            }
            node.receivedFrom[sender] += 1
        case .lost: node.statistics.lost += 1
        case .collided: node.statistics.collided += 1
        case .rejected: node.statistics.rejected += 1
        case .notListening: break
        }
        if trace != nil {
            node.part.trace.outcomes.append(TraceFragments.Outcome(outcome: outcome, transmission: transmission, receiver: receiver))
        }
    }

    /// The links of sender `sender` to `part`'s devices, left empty in the part until they are put back,
    /// with a place for every device of the part.
    func takeLinks(from sender: Int, in part: WorldPart) -> SenderLinks {
        var row = SenderLinks()
        swap(&row, &part.links[sender])
        if row.links.count < part.members.count {
            row.links.append(contentsOf: repeatElement(nil, count: part.members.count - row.links.count))
        }
        return row
    }

    /// The state of the link from one device to another, made when the link carries its first frame
    /// from the run's seed and the two devices' names only, so that its draws are the same whichever
    /// links carried frames before it.
    func newLink(from sender: Int, to receiver: Int) -> LinkState {
        var label = linkLabels[sender]
        label.add(nodes[receiver].name)
        return LinkState(random: random.derived(label: label))
    }

    /// The channel between devices `first` and `second` in `second`'s part's environment (the receiver's, whose
    /// part works out the responses), the same whichever sends, from the world's channel
    /// seed and the two names (not from the order frames went), and whether `first` is its lower end.
    func pairChannel(_ first: Int, _ second: Int) -> (channel: LinkChannel, firstIsLower: Bool) {
        let firstIsLower = isLower(first, than: second)
        let (low, high) = firstIsLower ? (first, second) : (second, first)
        let channel = LinkChannel(
            environment: environments[nodes[second].part.index], seed: SeededRandom.derived(from: channelSeed, lower: nameHashes[low], upper: nameHashes[high]))
        return (channel, firstIsLower)
    }

    /// Whether device `first` is the lower end of its pair with `second`: its name sorts first.
    func isLower(_ first: Int, than second: Int) -> Bool {
        nodes[first].name < nodes[second].name
    }
}
