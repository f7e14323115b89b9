import Foundation
import UWBCore

extension Medium {
    /// Draws the link of `frame` to device `receiverIndex` and, if the receiver gets the frame at
    /// or above ``interferenceFloor``, schedules its arrival at each of the receiver's chips.
    /// Returns whether it did. A frame below the floor still makes all of its draws on the link.
    func carry(_ frame: OutgoingFrame, to receiverIndex: Int, links: inout SenderLinks, carried: inout CarriedFrame) -> Bool {
        let receiver = frame.nodes[receiverIndex]
        let transmission = frame.transmission
        let level = transmission.power.dBm
        var state = links.links[receiverIndex] ?? newLink(from: frame.sender, to: receiverIndex)
        defer { links.links[receiverIndex] = state }
        let bothStill = frame.senderStill && receiver.trajectory.isStationary
        // The link; its excess delay, in picoseconds, is apart (a still link's sample keeps the
        // first frame's), so that it need not go through a `Duration`.
        var link: LinkSample
        let excessPicoseconds: Int64
        var still: StillLink?
        if bothStill, let index = state.cache, let cached = links.caches[index].still,
           cached.matches(senderChip: frame.chip, transmitLevel: level) {
            // Neither device moves: the same geometry gives the same levels; only the excess
            // delay is drawn, as `ChannelModel.sampleLink` draws it.
            let excessSeconds = state.drawExcessDelay(meanSeconds: channelModel.nlos.meanExcessSeconds)
            link = cached.link
            excessPicoseconds = link.lineOfSightBlocked ? ExcessDelay.picoseconds(ofSeconds: excessSeconds) : 0
            still = cached
        } else {
            let destination = receiver.trajectory.position(at: transmission.rmarker)
            let path = destination.metres - frame.source.metres
            link = body.shadowed(
                channelModel.sampleLink(
                    from: frame.source, to: destination, obstacles: obstacles,
                    transmitLevel: transmission.power, shadowing: state.shadowing, random: &state.random),
                senderFront: DeviceBodyModel.isThroughFront(path, orientation: frame.nodes[frame.sender].orientation),
                receiverFront: DeviceBodyModel.isThroughFront(path * -1, orientation: receiver.orientation))
            excessPicoseconds = link.lineOfSightBlocked ? link.excessDelay.picoseconds : 0
            if bothStill, link.receivedLevel.dBm >= frame.floor {
                let flight = frame.source.distance(to: receiver.antennaPosition(0, at: transmission.rmarker)).metres
                    / PhysicalConstants.speedOfLight.metresPerSecond
                let fixed = StillLink(
                    senderChip: frame.chip, transmitLevel: level, link: link,
                    flight: flight, flightPicoseconds: Int64((flight * 1e12).rounded()))
                links.caches[links.cacheIndex(for: &state)].still = fixed
                still = fixed
            }
        }
        if frame.channelLoss != 0 {
            link = link.withExtraPathLoss(PowerRatio(decibels: frame.channelLoss))
        }
        guard link.receivedLevel.dBm >= frame.floor else {
            state.drawReception(
                chips: receiver.chips.count, secondPorts: receiver.hasSecondPort, timingSigma: 0, phaseSigma: 0
            ) { _, _, _, _, _ in }
            return false
        }
        let cacheIndex = links.cacheIndex(for: &state)
        let end = deliver(
            frame, link: link, excessPicoseconds: excessPicoseconds, to: receiverIndex, state: &state,
            cache: &links.caches[cacheIndex], still: still, slot: carried.receptions.count)
        carried.settles = max(carried.settles, end)
        if frame.tracing {
            carried.receptions.append(TraceReception(receiver: receiver.name, level: link.receivedLevel, outcome: .notListening))
        }
        return true
    }

    /// Schedules the arrival of `frame` at each chip of device `receiverIndex`, the receiver's
    /// reception being `slot` of the frame's trace record; the first path comes
    /// `excessPicoseconds` late. `still` is the link's fixed geometry when neither device moves.
    /// Returns when the frame ends at the receiver's first chip.
    private func deliver(
        _ frame: OutgoingFrame, link: LinkSample, excessPicoseconds: Int64, to receiverIndex: Int, state: inout LinkState,
        cache: inout LinkCache, still: StillLink?, slot: Int
    ) -> SimulationTime {
        let transmission = frame.transmission
        let receiver = frame.nodes[receiverIndex]
        let rate = transmission.configuration?.dataRate ?? .mbps6_8
        let prf = transmission.configuration?.pulseRepetitionFrequency
        var figures: ReceptionFigures
        if let cached = cache.figures.take(), cached.matches(level: link.receivedLevel.dBm, rate: rate, prf: prf) {
            figures = cached
        } else {
            figures = receptionFigures(level: link.receivedLevel, rate: rate, prf: prf)
        }
        let success = figures.success(frameLength: transmission.frame.count) * (1 - channelModel.injectedFrameLoss)
        cache.figures = figures
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let excess = link.lineOfSightBlocked ? Double(excessPicoseconds) * 1e-12 : 0
        let wavenumber = frame.angularFrequency
        let leadIn = transmission.rmarker.picoseconds - transmission.start.picoseconds
        let receiverPorts = frame.ports[receiverIndex]
        var firstEnd = transmission.end
        state.drawReception(
            chips: receiver.chips.count, secondPorts: receiver.hasSecondPort, timingSigma: figures.timingSigmaSeconds,
            phaseSigma: figures.phaseSigma
        ) { chip, phaseError, secondPortPhaseError, decodeDraw, timingError in
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
            var arrival = Arrival(
                transmission: transmission,
                transmissionIndex: frame.index,
                sender: frame.sender,
                start: SimulationTime(picoseconds: marker.picoseconds - leadIn),
                rmarker: marker,
                end: SimulationTime(picoseconds: transmission.end.picoseconds + flightPicoseconds),
                receivedLevel: link.receivedLevel,
                firstPathLevel: link.firstPathLevel,
                timestampError: timingError + figures.biasSeconds + excess,
                carrierPhase: Angle(radians: -wavenumber * flight + phaseError),
                detectable: figures.detectable,
                decodable: decodeDraw < success)
            if let attack = receiver.firstPathAdvance, transmission.rmarker >= attack.from {
                arrival.firstPathAdvance = attack.advance
            }
            if let secondPortPhaseError, let antenna = receiver.secondPortPosition(chip, at: transmission.rmarker) {
                let secondFlight = frame.source.distance(to: antenna).metres / speed
                arrival.secondPortPhase = Angle(radians: -wavenumber * secondFlight + secondPortPhaseError)
            }
            if chip == 0 {
                firstEnd = arrival.end
            }
            simulator.schedule(
                ArrivalEvent(port: receiverPorts[chip], arrival: arrival, slot: chip == 0 ? slot : nil), at: arrival.start)
        }
        return firstEnd
    }

    /// The receiver model's figures for a frame at `level`: the 20-octet success probability,
    /// detectability, timing and phase noise, and the range bias.
    private func receptionFigures(level: PowerLevel, rate: DataRate, prf: PulseRepetitionFrequency?) -> ReceptionFigures {
        let model = channelModel.receiver
        let snr = model.timingSignalToNoiseRatio(receivedLevel: level, dataRate: rate)
        let sigma = model.timeOfArrivalStandardDeviation(snr: snr, bandwidth: channelModel.channel.bandwidth)
        let bias = RangeBiasTable.bias(
            receivedLevel: level, prf: prf ?? .sixtyFourMegahertz, wideband: channelModel.channel.isWideband)
        return ReceptionFigures(
            level: level.dBm, rate: rate, prf: prf,
            referenceSuccess: model.referenceSuccessProbability(receivedLevel: level, dataRate: rate),
            detectable: level.dBm >= model.sensitivity(for: rate).dBm - Self.detectionMargin.decibels,
            timingSigmaSeconds: Double(sigma.picoseconds) * 1e-12,
            biasSeconds: bias.metres / PhysicalConstants.speedOfLight.metresPerSecond,
            phaseSigma: model.phaseStandardDeviation(snr: snr).radians)
    }
}
