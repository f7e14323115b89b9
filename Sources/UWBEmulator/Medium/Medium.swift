import Foundation
import UWBCore

/// The emulated radio world: devices at their poses, obstacles, a channel model, and every frame
/// on the air. It carries each transmission to every other chip's antenna with the delay, level,
/// timestamp error and phase the channel gives it, and judges collisions.
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

    /// The simulator the medium and its chips run on.
    public let simulator: Simulator
    /// The propagation model.
    public let channelModel: ChannelModel
    /// Walls and boxes that attenuate the line of sight.
    public let obstacles: [Obstacle]
    /// How each device's body shadows its antennas from the front.
    public let body: DeviceBodyModel

    var nodes: [MediumNode] = []
    var records: [TransmissionRecord] = []
    private var random: SeededRandom
    /// Per sender, per receiver: the link's state once it has carried a frame.
    private var links: [[LinkState?]] = []
    /// Per device, per chip: the chip's port.
    private var ports: [[MediumPort]] = []

    /// An empty medium.
    public init(
        simulator: Simulator, channelModel: ChannelModel, obstacles: [Obstacle], body: DeviceBodyModel = .standard,
        random: SeededRandom
    ) {
        self.simulator = simulator
        self.channelModel = channelModel
        self.obstacles = obstacles
        self.body = body
        self.random = random
    }

    /// Places a device's chips in the medium; returns the device's index.
    @discardableResult
    func attach(_ node: MediumNode) -> Int {
        let index = nodes.count
        nodes.append(node)
        let nodePorts = node.chips.indices.map { MediumPort(medium: self, node: index, device: node, chip: $0) }
        ports.append(nodePorts)
        for (chip, port) in zip(node.chips, nodePorts) {
            chip.environment = port
        }
        return index
    }

    /// Carries a transmission from chip `senderChip` of device `senderIndex` to every chip of
    /// every other device.
    func transmissionStarts(_ transmission: Transmission, node senderIndex: Int, chip senderChip: Int) {
        let sender = nodes[senderIndex]
        let source = sender.antennaPosition(senderChip, at: transmission.rmarker)
        let recordIndex = records.count
        var receptions: [(receiver: Int, level: PowerLevel, outcome: ReceptionOutcome)] = []
        receptions.reserveCapacity(nodes.count - 1)
        // The sender's links, taken out of `links` for the loop and put back after it, so that
        // each receiver's link is a local array access rather than a checked access to the medium.
        var senderLinks = takeLinks(from: senderIndex)
        defer { links[senderIndex] = senderLinks }
        for (receiverIndex, receiver) in nodes.enumerated() where receiverIndex != senderIndex {
            var state = senderLinks[receiverIndex] ?? newLink(from: senderIndex, to: receiverIndex)
            let destination = receiver.trajectory.position(at: transmission.rmarker)
            let path = destination.metres - source.metres
            let link = body.shadowed(
                channelModel.sampleLink(
                    from: source, to: destination, obstacles: obstacles,
                    transmitLevel: transmission.power, shadowing: state.shadowing, random: &state.random),
                senderFront: DeviceBodyModel.isThroughFront(path, orientation: sender.orientation),
                receiverFront: DeviceBodyModel.isThroughFront(path * -1, orientation: receiver.orientation))
            receptions.append((receiverIndex, link.receivedLevel, .notListening))
            deliver(transmission, link: link, from: source, to: receiverIndex, random: &state.random,
                    record: (recordIndex, receptions.count - 1))
            senderLinks[receiverIndex] = state
        }
        records.append(TransmissionRecord(
            time: transmission.rmarker, frame: transmission.frame, sender: senderIndex, receptions: receptions))
    }

    /// Schedules the arrival at each chip of device `receiverIndex`.
    private func deliver(
        _ transmission: Transmission, link: LinkSample, from source: Position, to receiverIndex: Int,
        random stream: inout SeededRandom, record: (Int, Int)
    ) {
        let receiver = nodes[receiverIndex]
        let model = channelModel.receiver
        let rate = transmission.configuration?.dataRate ?? .mbps6_8
        let success = model.frameSuccessProbability(
            receivedLevel: link.receivedLevel, dataRate: rate, frameLength: transmission.frame.count)
        let decodable = stream.unitInterval() < success
        let detectable = link.receivedLevel.dBm >= model.sensitivity(for: rate).dBm - Self.detectionMargin.decibels
        let snr = model.timingSignalToNoiseRatio(receivedLevel: link.receivedLevel, dataRate: rate)
        let sigma = model.timeOfArrivalStandardDeviation(snr: snr, bandwidth: channelModel.channel.bandwidth)
        let bias = RangeBiasTable.bias(
            receivedLevel: link.receivedLevel, prf: transmission.configuration?.pulseRepetitionFrequency ?? .sixtyFourMegahertz,
            wideband: channelModel.channel.isWideband)
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let timestampError = stream.normal(mean: 0, standardDeviation: Double(sigma.picoseconds) * 1e-12)
            + bias.metres / speed + Double(link.excessDelay.picoseconds) * 1e-12
        let phaseSigma = model.phaseStandardDeviation(snr: snr).radians
        let wavenumber = 2 * Double.pi * channelModel.channel.centreFrequency.hertz
        let leadIn = transmission.rmarker.picoseconds - transmission.start.picoseconds
        for index in receiver.chips.indices {
            let antenna = receiver.antennaPosition(index, at: transmission.rmarker)
            let flight = source.distance(to: antenna).metres / speed
            let flightPicoseconds = Int64((flight * 1e12).rounded())
            let marker = SimulationTime(picoseconds: transmission.rmarker.picoseconds + flightPicoseconds)
            let arrival = Arrival(
                transmission: transmission,
                transmissionIndex: record.0,
                start: SimulationTime(picoseconds: marker.picoseconds - leadIn),
                rmarker: marker,
                end: SimulationTime(picoseconds: transmission.end.picoseconds + flightPicoseconds),
                receivedLevel: link.receivedLevel,
                firstPathLevel: link.firstPathLevel,
                timestampError: timestampError,
                carrierPhase: Angle(radians: -wavenumber * flight + stream.normal(mean: 0, standardDeviation: phaseSigma)).wrapped,
                detectable: detectable,
                decodable: decodable)
            simulator.schedule(
                ArrivalEvent(port: ports[receiverIndex][index], arrival: arrival, record: index == 0 ? record : nil),
                at: arrival.start)
        }
    }

    /// A preamble reaches `port`'s chip: the chip may lock onto it. `record` is the reception's
    /// transmission record and slot when it counts for the statistics: a frame the chip locks
    /// onto is judged when it ends, one it misses while listening for it is lost.
    func preambleArrives(_ arrival: Arrival, at port: MediumPort, record: (record: Int, slot: Int)?) {
        let chip = port.virtualChip
        port.track(arrival, now: simulator.now)
        let wasListening = chip.isListening
        let locked = chip.preambleArrives(arrival)
        guard let record else { return }
        if locked {
            port.pending = record
        } else if wasListening, let sent = arrival.transmission.configuration, chip.receives(sent) {
            records[record.record].receptions[record.slot].outcome = .lost
        }
    }

    /// Judges a finished reception at `port`'s chip: collided if another frame no more than the
    /// capture margin weaker overlapped it, lost if the payload did not decode, received otherwise.
    func receptionFinished(_ arrival: Arrival, at port: MediumPort) -> ReceptionOutcome {
        let threshold = arrival.receivedLevel.dBm - Self.captureMargin.decibels
        let overlapped = port.arrivals.contains { other in
            other.transmissionIndex != arrival.transmissionIndex && other.start < arrival.end && arrival.start < other.end
                && other.receivedLevel.dBm >= threshold
        }
        let outcome: ReceptionOutcome = overlapped ? .collided : (arrival.decodable ? .received : .lost)
        if let record = port.pending {
            port.pending = nil
            records[record.record].receptions[record.slot].outcome = outcome
        }
        return outcome
    }

    /// The links from `sender` to every device, its slot in ``links`` left empty until they are
    /// put back.
    private func takeLinks(from sender: Int) -> [LinkState?] {
        while links.count <= sender {
            links.append([])
        }
        var row: [LinkState?] = []
        swap(&row, &links[sender])
        if row.count < nodes.count {
            row.append(contentsOf: repeatElement(nil, count: nodes.count - row.count))
        }
        return row
    }

    /// The state of the link from one device to another, made from the run's seed when the link
    /// carries its first frame.
    private func newLink(from sender: Int, to receiver: Int) -> LinkState {
        var stream = random.split(label: "link \(nodes[sender].name) -> \(nodes[receiver].name)")
        let shadowing = PowerRatio(decibels: stream.normal(
            mean: 0, standardDeviation: channelModel.pathLoss.shadowingDeviation.decibels))
        return LinkState(random: stream, shadowing: shadowing)
    }
}
