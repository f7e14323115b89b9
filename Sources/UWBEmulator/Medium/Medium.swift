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
    /// Per device: its frame counts so far, kept as frames are sent and judged.
    private(set) var statistics: [DeviceStatistics] = []
    /// The trace being written, if any.
    var trace: TraceQueue?
    /// How many transmissions the run has had: the next one's index.
    private var transmissions = 0
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
        statistics.append(DeviceStatistics(name: node.name))
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
        trace?.writeSettled(before: simulator.now)
        let index = transmissions
        transmissions += 1
        statistics[senderIndex].sent += 1
        let sender = nodes[senderIndex]
        let source = sender.antennaPosition(senderChip, at: transmission.rmarker)
        var receptions: [TraceReception] = []
        var settles = transmission.end
        // The sender's links, taken out of `links` for the loop and put back after it, so that
        // each receiver's link is a local array access rather than a checked access to the medium.
        var senderLinks = takeLinks(from: senderIndex)
        defer { links[senderIndex] = senderLinks }
        let senderStill = sender.trajectory.isStationary
        for (receiverIndex, receiver) in nodes.enumerated() where receiverIndex != senderIndex {
            var state = senderLinks[receiverIndex] ?? newLink(from: senderIndex, to: receiverIndex)
            let link: LinkSample
            let bothStill = senderStill && receiver.trajectory.isStationary
            if bothStill, let still = state.still, still.senderChip == senderChip,
               still.transmitLevel == transmission.power.dBm {
                // Neither device moves: the same geometry gives the same levels; only the
                // excess delay is drawn, as `ChannelModel.sampleLink` draws it.
                let excessSeconds = state.random.exponential(mean: channelModel.nlos.meanExcessSeconds)
                var sample = still.link
                sample.excessDelay = sample.lineOfSightBlocked ? .seconds(excessSeconds) : .zero
                link = sample
            } else {
                let destination = receiver.trajectory.position(at: transmission.rmarker)
                let path = destination.metres - source.metres
                link = body.shadowed(
                    channelModel.sampleLink(
                        from: source, to: destination, obstacles: obstacles,
                        transmitLevel: transmission.power, shadowing: state.shadowing, random: &state.random),
                    senderFront: DeviceBodyModel.isThroughFront(path, orientation: sender.orientation),
                    receiverFront: DeviceBodyModel.isThroughFront(path * -1, orientation: receiver.orientation))
                if bothStill {
                    let flight = source.distance(to: receiver.antennaPosition(0, at: transmission.rmarker)).metres
                        / PhysicalConstants.speedOfLight.metresPerSecond
                    state.still = StillLink(
                        senderChip: senderChip, transmitLevel: transmission.power.dBm, link: link,
                        flight: flight, flightPicoseconds: Int64((flight * 1e12).rounded()))
                }
            }
            let end = deliver(transmission, index: index, link: link, from: source, to: receiverIndex, state: &state,
                              still: bothStill ? state.still : nil, slot: receptions.count)
            settles = max(settles, end)
            if trace != nil {
                receptions.append(TraceReception(receiver: receiver.name, level: link.receivedLevel, outcome: .notListening))
            }
            senderLinks[receiverIndex] = state
        }
        trace?.add(
            TraceRecord(time: transmission.rmarker.picoseconds, frame: transmission.frame, sender: sender.name,
                        receptions: receptions),
            transmission: index, settles: settles)
    }

    /// Schedules the arrival at each chip of device `receiverIndex` of transmission `index`, the
    /// receiver's reception being `slot` of the frame's trace record. `still` is the link's fixed
    /// geometry when neither device moves. Returns when the frame ends at the receiver's first chip.
    private func deliver(
        _ transmission: Transmission, index: Int, link: LinkSample, from source: Position, to receiverIndex: Int,
        state: inout LinkState, still: StillLink?, slot: Int
    ) -> SimulationTime {
        let receiver = nodes[receiverIndex]
        let rate = transmission.configuration?.dataRate ?? .mbps6_8
        let prf = transmission.configuration?.pulseRepetitionFrequency
        let figures: ReceptionFigures
        if let cached = state.figures,
           cached.matches(level: link.receivedLevel.dBm, rate: rate, frameLength: transmission.frame.count, prf: prf) {
            figures = cached
        } else {
            figures = receptionFigures(level: link.receivedLevel, rate: rate, frameLength: transmission.frame.count, prf: prf)
            state.figures = figures
        }
        let decodable = state.random.unitInterval() < figures.success
        let detectable = figures.detectable
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let timestampError = state.random.normal(mean: 0, standardDeviation: figures.timingSigmaSeconds)
            + figures.biasSeconds + (link.lineOfSightBlocked ? Double(link.excessDelay.picoseconds) * 1e-12 : 0)
        let phaseSigma = figures.phaseSigma
        let wavenumber = 2 * Double.pi * channelModel.channel.centreFrequency.hertz
        let leadIn = transmission.rmarker.picoseconds - transmission.start.picoseconds
        var firstEnd = transmission.end
        for chip in receiver.chips.indices {
            let flight: Double
            let flightPicoseconds: Int64
            if chip == 0, let still {
                (flight, flightPicoseconds) = (still.flight, still.flightPicoseconds)
            } else {
                let antenna = receiver.antennaPosition(chip, at: transmission.rmarker)
                flight = source.distance(to: antenna).metres / speed
                flightPicoseconds = Int64((flight * 1e12).rounded())
            }
            let marker = SimulationTime(picoseconds: transmission.rmarker.picoseconds + flightPicoseconds)
            let arrival = Arrival(
                transmission: transmission,
                transmissionIndex: index,
                start: SimulationTime(picoseconds: marker.picoseconds - leadIn),
                rmarker: marker,
                end: SimulationTime(picoseconds: transmission.end.picoseconds + flightPicoseconds),
                receivedLevel: link.receivedLevel,
                firstPathLevel: link.firstPathLevel,
                timestampError: timestampError,
                carrierPhase: Angle(radians: -wavenumber * flight + state.random.normal(mean: 0, standardDeviation: phaseSigma)).wrapped,
                detectable: detectable,
                decodable: decodable)
            if chip == 0 {
                firstEnd = arrival.end
            }
            simulator.schedule(
                ArrivalEvent(port: ports[receiverIndex][chip], arrival: arrival, slot: chip == 0 ? slot : nil),
                at: arrival.start)
        }
        return firstEnd
    }

    /// The receiver model's figures for a frame at `level`: the frame success probability,
    /// detectability, timing and phase noise, and the range bias.
    private func receptionFigures(
        level: PowerLevel, rate: DataRate, frameLength: Int, prf: PulseRepetitionFrequency?
    ) -> ReceptionFigures {
        let model = channelModel.receiver
        let snr = model.timingSignalToNoiseRatio(receivedLevel: level, dataRate: rate)
        let sigma = model.timeOfArrivalStandardDeviation(snr: snr, bandwidth: channelModel.channel.bandwidth)
        let bias = RangeBiasTable.bias(
            receivedLevel: level, prf: prf ?? .sixtyFourMegahertz, wideband: channelModel.channel.isWideband)
        return ReceptionFigures(
            level: level.dBm, rate: rate, frameLength: frameLength, prf: prf,
            success: model.frameSuccessProbability(receivedLevel: level, dataRate: rate, frameLength: frameLength),
            detectable: level.dBm >= model.sensitivity(for: rate).dBm - Self.detectionMargin.decibels,
            timingSigmaSeconds: Double(sigma.picoseconds) * 1e-12,
            biasSeconds: bias.metres / PhysicalConstants.speedOfLight.metresPerSecond,
            phaseSigma: model.phaseStandardDeviation(snr: snr).radians)
    }

    /// A preamble reaches `port`'s chip: the chip may lock onto it. `slot` is the reception's
    /// place in the frame's trace record when it counts for the statistics (the device's first
    /// chip): a frame the chip locks onto is judged when it ends, one it misses while listening
    /// for it is lost.
    func preambleArrives(_ arrival: Arrival, at port: MediumPort, slot: Int?) {
        let chip = port.virtualChip
        port.track(arrival, now: simulator.now)
        let wasListening = chip.isListening
        let locked = chip.preambleArrives(arrival)
        guard let slot else { return }
        if locked {
            port.pending = slot
        } else if wasListening, let sent = arrival.transmission.configuration, chip.receives(sent) {
            count(.lost, of: arrival, at: port.node, slot: slot)
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
        if let slot = port.pending {
            port.pending = nil
            count(outcome, of: arrival, at: port.node, slot: slot)
        }
        return outcome
    }

    /// Counts what became of `arrival` at device `receiver`, whose reception is `slot` of the
    /// frame's trace record.
    private func count(_ outcome: ReceptionOutcome, of arrival: Arrival, at receiver: Int, slot: Int) {
        switch outcome {
        case .received: statistics[receiver].received += 1
        case .lost: statistics[receiver].lost += 1
        case .collided: statistics[receiver].collided += 1
        case .notListening: break
        }
        trace?.setOutcome(outcome, transmission: arrival.transmissionIndex, slot: slot)
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
        return LinkState(random: stream, shadowing: shadowing, still: nil, figures: nil)
    }
}
