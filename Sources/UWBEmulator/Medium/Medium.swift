import Foundation
import UWBCore

/// The emulated radio world: devices at their poses, obstacles, a channel model, and every frame
/// on the air. It carries each transmission to every other chip's antenna with the delay, level,
/// timestamp error and phase the channel gives it, and judges collisions.
public final class Medium: ChipEnvironment {
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

    var nodes: [MediumNode] = []
    var records: [TransmissionRecord] = []
    private var random: SeededRandom
    private var linkRandom: [Int: SeededRandom] = [:]
    private var linkShadowing: [Int: PowerRatio] = [:]
    private var inFlight: [ObjectIdentifier: [Arrival]] = [:]
    private var pending: [ObjectIdentifier: (record: Int, slot: Int)] = [:]
    private var nodeOfChip: [ObjectIdentifier: (node: Int, chip: Int)] = [:]

    /// An empty medium.
    public init(simulator: Simulator, channelModel: ChannelModel, obstacles: [Obstacle], random: SeededRandom) {
        self.simulator = simulator
        self.channelModel = channelModel
        self.obstacles = obstacles
        self.random = random
    }

    /// Places a device's chips in the medium; returns the device's index.
    @discardableResult
    func attach(_ node: MediumNode) -> Int {
        let index = nodes.count
        nodes.append(node)
        for (chipIndex, chip) in node.chips.enumerated() {
            chip.environment = self
            nodeOfChip[ObjectIdentifier(chip)] = (index, chipIndex)
        }
        return index
    }

    /// Carries a transmission to every chip of every other device.
    public func transmissionStarts(_ transmission: Transmission, from chip: VirtualDW1000) {
        guard let (senderIndex, senderChip) = nodeOfChip[ObjectIdentifier(chip)] else { return }
        let sender = nodes[senderIndex]
        let source = sender.antennaPosition(senderChip, at: transmission.rmarker)
        let recordIndex = records.count
        records.append(TransmissionRecord(time: transmission.rmarker, frame: transmission.frame, sender: senderIndex, receptions: []))
        for (receiverIndex, receiver) in nodes.enumerated() where receiverIndex != senderIndex {
            let key = senderIndex * nodes.count + receiverIndex
            var stream = linkStream(from: senderIndex, to: receiverIndex)
            let shadowing = linkShadowing[key] ?? PowerRatio(decibels: stream.normal(
                mean: 0, standardDeviation: channelModel.pathLoss.shadowingDeviation.decibels))
            linkShadowing[key] = shadowing
            let link = channelModel.sampleLink(
                from: source, to: receiver.trajectory.position(at: transmission.rmarker), obstacles: obstacles,
                transmitLevel: transmission.power, shadowing: shadowing, random: &stream)
            let slot = records[recordIndex].receptions.count
            records[recordIndex].receptions.append((receiverIndex, link.receivedLevel, .notListening))
            deliver(transmission, link: link, from: source, to: receiver, random: &stream, record: (recordIndex, slot))
            linkRandom[key] = stream
        }
    }

    /// Schedules the arrival at each chip of `receiver`.
    private func deliver(
        _ transmission: Transmission, link: LinkSample, from source: Position, to receiver: MediumNode,
        random stream: inout SeededRandom, record: (Int, Int)
    ) {
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
        for (index, chip) in receiver.chips.enumerated() {
            let antenna = receiver.antennaPosition(index, at: transmission.rmarker)
            let flight = source.distance(to: antenna).metres / speed
            let flightPicoseconds = Int64((flight * 1e12).rounded())
            let marker = SimulationTime(picoseconds: transmission.rmarker.picoseconds + flightPicoseconds)
            let arrival = Arrival(
                transmission: transmission,
                start: SimulationTime(picoseconds: marker.picoseconds - leadIn),
                rmarker: marker,
                end: SimulationTime(picoseconds: transmission.end.picoseconds + flightPicoseconds),
                receivedLevel: link.receivedLevel,
                firstPathLevel: link.firstPathLevel,
                timestampError: timestampError,
                carrierPhase: Angle(radians: -wavenumber * flight + stream.normal(mean: 0, standardDeviation: phaseSigma)).wrapped,
                detectable: detectable,
                decodable: decodable)
            let counts = index == 0
            simulator.schedule(at: arrival.start) { [weak self, weak chip] in
                guard let self, let chip else { return }
                self.track(arrival, at: chip)
                let wasListening = chip.isListening
                let locked = chip.preambleArrives(arrival)
                guard counts else { return }
                if locked {
                    self.pending[ObjectIdentifier(chip)] = record
                } else if wasListening, let sent = arrival.transmission.configuration, chip.receives(sent) {
                    self.records[record.0].receptions[record.1].outcome = .lost
                }
            }
        }
    }

    /// Judges a finished reception: collided if another frame no more than the capture margin
    /// weaker overlapped it, lost if the payload did not decode, received otherwise.
    public func receptionFinished(_ arrival: Arrival, at chip: VirtualDW1000) -> ReceptionOutcome {
        let key = ObjectIdentifier(chip)
        let threshold = arrival.receivedLevel.dBm - Self.captureMargin.decibels
        let overlapped = inFlight[key, default: []].contains { other in
            other.rmarker != arrival.rmarker && other.start < arrival.end && arrival.start < other.end
                && other.receivedLevel.dBm >= threshold
        }
        let outcome: ReceptionOutcome = overlapped ? .collided : (arrival.decodable ? .received : .lost)
        if let record = pending.removeValue(forKey: key) {
            records[record.record].receptions[record.slot].outcome = outcome
        }
        return outcome
    }

    /// Forwards a chip's IRQ change to its device's radio loop.
    public func interruptChanged(on chip: VirtualDW1000) {
        guard let (node, _) = nodeOfChip[ObjectIdentifier(chip)] else { return }
        nodes[node].interruptHandler(chip)
    }

    /// Remembers a frame on the air at a chip, forgetting those long over.
    private func track(_ arrival: Arrival, at chip: VirtualDW1000) {
        let key = ObjectIdentifier(chip)
        var arrivals = inFlight[key, default: []]
        arrivals.removeAll { $0.end < simulator.now }
        arrivals.append(arrival)
        inFlight[key] = arrivals
    }

    /// The random stream of the link from one device to another, derived from the run's seed.
    private func linkStream(from sender: Int, to receiver: Int) -> SeededRandom {
        let key = sender * nodes.count + receiver
        if let stream = linkRandom[key] { return stream }
        return random.split(label: "link \(nodes[sender].name) -> \(nodes[receiver].name)")
    }
}
