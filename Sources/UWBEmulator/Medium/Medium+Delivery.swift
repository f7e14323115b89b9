import Foundation
import UWBCore

extension Medium {
    /// Draws the link of `frame` to device `receiverIndex` and, if the receiver gets the frame at
    /// or above ``interferenceFloor``, schedules its arrival at each of the receiver's chips.
    /// Returns whether it did. A frame below the floor still makes all of its draws on the link.
    func carry(_ frame: OutgoingFrame, to receiverIndex: Int, links: inout SenderLinks, carried: inout CarriedFrame) -> Bool {
        let receiver = nodes[receiverIndex]
        let transmission = frame.transmission
        let level = transmission.power.dBm
        var state = links.links[receiverIndex] ?? newLink(from: frame.sender, to: receiverIndex)
        defer { links.links[receiverIndex] = state }
        let bothStill = frame.senderStill && receiver.trajectory.isStationary
        let link: LinkSample
        var still: StillLink?
        if bothStill, let index = state.cache, let cached = links.caches[index].still,
           cached.matches(senderChip: frame.chip, transmitLevel: level) {
            // Neither device moves: the same geometry gives the same levels; only the excess
            // delay is drawn, as `ChannelModel.sampleLink` draws it.
            let excessSeconds = state.drawExcessDelay(meanSeconds: channelModel.nlos.meanExcessSeconds)
            var sample = cached.link
            sample.excessDelay = sample.lineOfSightBlocked ? .seconds(excessSeconds) : .zero
            link = sample
            still = cached
        } else {
            let destination = receiver.trajectory.position(at: transmission.rmarker)
            let path = destination.metres - frame.source.metres
            link = body.shadowed(
                channelModel.sampleLink(
                    from: frame.source, to: destination, obstacles: obstacles,
                    transmitLevel: transmission.power, shadowing: state.shadowing, random: &state.random),
                senderFront: DeviceBodyModel.isThroughFront(path, orientation: nodes[frame.sender].orientation),
                receiverFront: DeviceBodyModel.isThroughFront(path * -1, orientation: receiver.orientation))
            if bothStill, link.receivedLevel.dBm >= interferenceFloor.dBm {
                let flight = frame.source.distance(to: receiver.antennaPosition(0, at: transmission.rmarker)).metres
                    / PhysicalConstants.speedOfLight.metresPerSecond
                let fixed = StillLink(
                    senderChip: frame.chip, transmitLevel: level, link: link,
                    flight: flight, flightPicoseconds: Int64((flight * 1e12).rounded()))
                links.caches[links.cacheIndex(for: &state)].still = fixed
                still = fixed
            }
        }
        guard link.receivedLevel.dBm >= interferenceFloor.dBm else {
            state.drawReception(chips: receiver.chips.count, timingSigma: 0, phaseSigma: 0) { _, _, _, _ in }
            return false
        }
        let cacheIndex = links.cacheIndex(for: &state)
        let end = deliver(
            frame, link: link, to: receiverIndex, state: &state, cache: &links.caches[cacheIndex], still: still,
            slot: carried.receptions.count)
        carried.settles = max(carried.settles, end)
        if trace != nil {
            carried.receptions.append(TraceReception(receiver: receiver.name, level: link.receivedLevel, outcome: .notListening))
        }
        return true
    }

    /// Schedules the arrival of `frame` at each chip of device `receiverIndex`, the receiver's
    /// reception being `slot` of the frame's trace record. `still` is the link's fixed geometry
    /// when neither device moves. Returns when the frame ends at the receiver's first chip.
    private func deliver(
        _ frame: OutgoingFrame, link: LinkSample, to receiverIndex: Int, state: inout LinkState, cache: inout LinkCache,
        still: StillLink?, slot: Int
    ) -> SimulationTime {
        let transmission = frame.transmission
        let receiver = nodes[receiverIndex]
        let rate = transmission.configuration?.dataRate ?? .mbps6_8
        let prf = transmission.configuration?.pulseRepetitionFrequency
        let figures: ReceptionFigures
        if let cached = cache.figures,
           cached.matches(level: link.receivedLevel.dBm, rate: rate, frameLength: transmission.frame.count, prf: prf) {
            figures = cached
        } else {
            figures = receptionFigures(level: link.receivedLevel, rate: rate, frameLength: transmission.frame.count, prf: prf)
            cache.figures = figures
        }
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let excess = link.lineOfSightBlocked ? Double(link.excessDelay.picoseconds) * 1e-12 : 0
        let wavenumber = 2 * Double.pi * channelModel.channel.centreFrequency.hertz
        let leadIn = transmission.rmarker.picoseconds - transmission.start.picoseconds
        let receiverPorts = ports[receiverIndex]
        var firstEnd = transmission.end
        state.drawReception(
            chips: receiver.chips.count, timingSigma: figures.timingSigmaSeconds, phaseSigma: figures.phaseSigma
        ) { chip, phaseError, decodeDraw, timingError in
            let flight: Double
            let flightPicoseconds: Int64
            if chip == 0, let still {
                (flight, flightPicoseconds) = (still.flight, still.flightPicoseconds)
            } else {
                let antenna = receiver.antennaPosition(chip, at: transmission.rmarker)
                flight = frame.source.distance(to: antenna).metres / speed
                flightPicoseconds = Int64((flight * 1e12).rounded())
            }
            let marker = SimulationTime(picoseconds: transmission.rmarker.picoseconds + flightPicoseconds)
            let arrival = Arrival(
                transmission: transmission,
                transmissionIndex: frame.index,
                start: SimulationTime(picoseconds: marker.picoseconds - leadIn),
                rmarker: marker,
                end: SimulationTime(picoseconds: transmission.end.picoseconds + flightPicoseconds),
                receivedLevel: link.receivedLevel,
                firstPathLevel: link.firstPathLevel,
                timestampError: timingError + figures.biasSeconds + excess,
                carrierPhase: Angle(radians: -wavenumber * flight + phaseError).wrapped,
                detectable: figures.detectable,
                decodable: decodeDraw < figures.success)
            if chip == 0 {
                firstEnd = arrival.end
            }
            simulator.schedule(
                ArrivalEvent(port: receiverPorts[chip], arrival: arrival, slot: chip == 0 ? slot : nil), at: arrival.start)
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
}
