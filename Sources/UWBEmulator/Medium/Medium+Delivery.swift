import Foundation
import UWBCore

extension Medium {
    /// Works out the link of `frame` to device `receiverIndex` and, if the receiver gets the frame at
    /// or above ``interferenceFloor``, schedules its arrival at each of the receiver's chips and adds the
    /// reception to `heard` (while a trace is written). `links` are the sender's links to the receiver's
    /// part. Returns whether it did. A frame below the floor still makes all of its draws on the link;
    /// one between devices fitted for bands that do not overlap (``MediumNode/band``) makes none, as none
    /// of that link's frames ever reaches its receiver.
    func carry(_ frame: OutgoingFrame, to receiverIndex: Int, links: inout SenderLinks, heard: inout TraceFragments.Heard) -> Bool {
        let receiver = frame.nodes[receiverIndex]
        if receiver.band != nil, !receiver.reaches(frame.nodes[frame.sender]) {
            return false
        }
        let transmission = frame.transmission
        let transmitLevel = transmission.power.dBm
        let local = receiver.localIndex
        var state = links.links[local] ?? newLink(from: frame.sender, to: receiverIndex)
        defer { links.links[local] = state }
        let bothStill = frame.senderStill && receiver.trajectory.isStationary
        let still: StillLink
        if bothStill, let index = state.cache, let cached = links.caches[index].still,
           cached.matches(senderChip: frame.chip, transmitLevel: transmitLevel, frequency: frame.frequency.hertz) {
            still = cached
        } else {
            still = link(of: frame, to: receiverIndex)
            if bothStill, still.level - frame.channelLoss >= frame.floor {
                links.caches[links.cacheIndex(for: &state)].still = still
            }
        }
        let level = still.level - frame.channelLoss
        guard level >= frame.floor else {
            state.skip(frames: 1, chips: receiver.chipCount, secondPorts: receiver.hasSecondPort)
            return false
        }
        let cacheIndex = links.cacheIndex(for: &state)
        let end = deliver(
            frame, link: still, level: PowerLevel(dBm: level), to: receiverIndex, state: &state,
            cache: &links.caches[cacheIndex], still: bothStill)
        if frame.tracing {
            heard.settles = max(heard.settles, end)
            heard.receptions.append(
                (receiverIndex, TraceReception(receiver: receiver.name, level: PowerLevel(dBm: level), outcome: .notListening)))
        }
        return true
    }

    /// The link of `frame` to device `receiverIndex` as it stands when the frame's RMARKER leaves: the
    /// received level (path loss and shadowing between the devices' centres, the obstacles and bodies on
    /// the way, averaged over fading) on the model's channel, and the flight time to its first chip.
    private func link(of frame: OutgoingFrame, to receiverIndex: Int) -> StillLink {
        let receiver = frame.nodes[receiverIndex]
        let sender = frame.nodes[frame.sender]
        let rmarker = frame.transmission.rmarker
        let senderCentre = sender.trajectory.position(at: rmarker)
        let receiverCentre = receiver.trajectory.position(at: rmarker)
        let path = receiverCentre.metres - senderCentre.metres
        let body = self.body.shares(
            senderFront: DeviceBodyModel.isThroughFront(path, orientation: sender.orientation),
            receiverFront: DeviceBodyModel.isThroughFront(path * -1, orientation: receiver.orientation))
        let obstruction = PathObstruction(
            from: senderCentre, to: receiverCentre, obstacles: obstacles, channel: frame.channel)
        let (pair, senderLower) = pairChannel(frame.sender, receiverIndex)
        let distance = senderCentre.distance(to: receiverCentre)
        let shadowing = pair.shadowing(
            lower: senderLower ? senderCentre.metres : receiverCentre.metres,
            upper: senderLower ? receiverCentre.metres : senderCentre.metres)
        let budget = channelModel.linkBudget
        let pathLevel = frame.transmission.power.dBm + budget.transmitAntennaGain.decibels + budget.receiveAntennaGain.decibels
            - channelModel.pathLoss.meanLoss(at: distance).decibels - shadowing.decibels
        let share = pair.meanPower(obstruction, body: body, distance: distance.metres)
        let flight = frame.source.distance(to: receiver.antennaPosition(0, at: rmarker)).metres
            / PhysicalConstants.speedOfLight.metresPerSecond
        return StillLink(
            senderChip: frame.chip, transmitLevel: frame.transmission.power.dBm, frequency: frame.frequency.hertz,
            level: share > 0 ? pathLevel + 10 * Foundation.log10(share) : -.infinity, pathLevel: pathLevel,
            obstruction: obstruction, body: body, pair: pair, senderLower: senderLower,
            flight: flight, flightPicoseconds: Self.picoseconds(ofFlight: flight))
    }

    /// Schedules the arrival of `frame` at each chip of device `receiverIndex` at `level`; the first chip's
    /// reception counts for the receiver's statistics and trace. `still` says the link's flight time to
    /// the first chip holds for every frame. Returns when the frame ends at the receiver's first chip.
    private func deliver(
        _ frame: OutgoingFrame, link: StillLink, level: PowerLevel, to receiverIndex: Int, state: inout LinkState,
        cache: inout LinkCache, still: Bool
    ) -> SimulationTime {
        let transmission = frame.transmission
        let receiver = frame.nodes[receiverIndex]
        let rate = transmission.configuration?.dataRate ?? .mbps6_8
        var figures: ReceptionFigures
        if let cached = cache.figures.take(), cached.matches(level: level.dBm, rate: rate) {
            figures = cached
        } else {
            figures = receptionFigures(level: level, rate: rate)
        }
        defer { cache.figures = figures }
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let wavenumber = frame.angularFrequency
        let leadIn = transmission.rmarker.picoseconds - transmission.start.picoseconds
        let receiverPorts = frame.ports[receiverIndex]
        let senderLower = link.senderLower

        let pathLevel = PowerLevel(dBm: link.pathLevel - frame.channelLoss)
        // Where chip `chip`'s antenna is, if it had to be worked out (a link that stands still keeps
        // its first chip's flight), and the flight to it.
        func flight(to chip: Int) -> (antenna: Position?, seconds: Double, picoseconds: Int64) {
            if chip == 0, still {
                return (nil, link.flight, link.flightPicoseconds)
            }
            let antenna = receiver.antennaPosition(chip, at: transmission.rmarker)
            let seconds = frame.source.distance(to: antenna).metres / speed
            return (antenna, seconds, Self.picoseconds(ofFlight: seconds))
        }
        // A preamble the chip cannot detect needs none of the channel's detail, nor the link's draws'
        // values, unless its STS may be correlated (the STS correlator looks at every frame on the air).
        if !figures.detectable, transmission.secureTimestamp == nil {
            state.skip(frames: 1, chips: receiver.chipCount, secondPorts: receiver.hasSecondPort)
            var firstEnd = transmission.end
            for chip in 0..<receiver.chipCount {
                let flightPicoseconds = flight(to: chip).picoseconds
                let end = SimulationTime(picoseconds: transmission.end.picoseconds + flightPicoseconds)
                if chip == 0 {
                    firstEnd = end
                }
                receiverPorts[chip].carryUndetected(
                    MediumPort.FrameOnAir(
                        order: frame.order,
                        start: SimulationTime(picoseconds: transmission.rmarker.picoseconds + flightPicoseconds - leadIn),
                        end: end, receivedLevel: level, channel: transmission.configuration?.channel),
                    preamble: chip == 0
                        ? UndetectedPreamble(
                            sender: frame.sender, transmission: frame.order, sent: transmission.configuration)
                        : nil)
            }
            return firstEnd
        }
        let success = figures.success(frameLength: transmission.frame.count) * (1 - channelModel.injectedFrameLoss)
        var firstEnd = transmission.end
        state.drawReception(chips: receiver.chipCount, secondPorts: receiver.hasSecondPort, phaseSigma: figures.phaseSigma) {
            chip, phaseError, secondPortPhaseError, decodeDraw in
            let (antenna, flight, flightPicoseconds) = flight(to: chip)
            let position = antenna ?? receiver.antennaPosition(chip, at: transmission.rmarker)
            let marker = SimulationTime(picoseconds: transmission.rmarker.picoseconds + flightPicoseconds)
            let channel = ChannelLookup(
                link: link.pair, lower: senderLower ? frame.source.metres : position.metres,
                upper: senderLower ? position.metres : frame.source.metres, wavelength: frame.wavelength,
                obstruction: link.obstruction, body: link.body, pathLevel: pathLevel, still: chip == 0 && still ? link : nil)
            var advance = Duration.zero
            if let attack = receiver.firstPathAdvance, transmission.rmarker >= attack.from {
                advance = attack.advance
            }
            var secondPortPhase: Angle?
            if let secondPortPhaseError, let port = receiver.secondPortPosition(chip, at: transmission.rmarker) {
                let secondFlight = frame.source.distance(to: port).metres / speed
                secondPortPhase = Angle(radians: -wavenumber * secondFlight + secondPortPhaseError)
            }
            let arrival = Arrival(
                transmission: transmission,
                order: frame.order,
                sender: frame.sender,
                start: SimulationTime(picoseconds: marker.picoseconds - leadIn),
                rmarker: marker,
                end: SimulationTime(picoseconds: transmission.end.picoseconds + flightPicoseconds),
                receivedLevel: level,
                channel: consume channel,
                carrierPhase: Angle(radians: -wavenumber * flight + phaseError),
                detectable: figures.detectable,
                decodable: decodeDraw < success,
                secondPortPhase: secondPortPhase,
                firstPathAdvance: advance)
            if chip == 0 {
                firstEnd = arrival.end
            }
            // The channel lookup moves into the arrival (`consume`) rather than being copied with a retain of
            // every reference it holds.
            receiverPorts[chip].carry(arrival, counts: chip == 0)
        }
        return firstEnd
    }

    /// A flight of `seconds` in whole picoseconds, at least one: a frame reaches even an antenna at
    /// the sender's own place after it leaves, so that a world split into parts can let each part run
    /// to a picosecond past the earliest transmission any other part may start (decision 0030).
    static func picoseconds(ofFlight seconds: Double) -> Int64 {
        max(1, Int64((seconds * 1e12).rounded()))
    }

    /// The receiver model's figures for a frame at `level`: the 20-octet success probability,
    /// detectability and the carrier-phase noise.
    private func receptionFigures(level: PowerLevel, rate: DataRate) -> ReceptionFigures {
        let model = channelModel.receiver
        let snr = model.timingSignalToNoiseRatio(receivedLevel: level, dataRate: rate)
        return ReceptionFigures(
            level: level.dBm, rate: rate,
            referenceSuccess: model.referenceSuccessProbability(receivedLevel: level, dataRate: rate),
            detectable: level.dBm >= model.sensitivity(for: rate).dBm - Self.detectionMargin.decibels,
            phaseSigma: model.phaseStandardDeviation(snr: snr).radians)
    }
}
