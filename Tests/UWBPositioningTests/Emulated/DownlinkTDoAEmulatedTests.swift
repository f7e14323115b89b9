import Testing
import EmulatorHarness
import UWBCore
import UWBEmulator
import UWBPositioning

@Suite("DL-TDoA anchors and tags on emulated DW1000 radios")
struct DownlinkTDoAEmulatedTests {
    /// A tag's handler that loses the frames `missed` picks (by the sending anchor's address and
    /// the message), as a receiver that could not decode them: the tag hears a failed reception.
    final class Missing: RadioEventHandler {
        let tag: DownlinkTDoATag
        let missed: (UInt16, DownlinkTDoAMessage) -> Bool

        init(_ tag: DownlinkTDoATag, missed: @escaping (UInt16, DownlinkTDoAMessage) -> Bool) {
            self.tag = tag
            self.missed = missed
        }

        func radioStarted() {
            tag.radioStarted()
        }

        func radio(_ event: TransceiverEvent, fromChip chip: Int) {
            if case .frameReceived(let received) = event, let frame = try? DownlinkTDoAFrame.decoded(from: received.frame),
                missed(frame.anchor, frame.message)
            {
                tag.radio(.receiveFailed(.frameCheckFailed), fromChip: chip)
            } else {
                tag.radio(event, fromChip: chip)
            }
        }
    }

    /// What the tags at `tags` heard in `seconds`, the anchors running as the hall's clusters say,
    /// and the virtual time each observation was handed on. An anchor at device index `silent`
    /// serves another network, so its initiator never hears it; the tags lose the frames `missed` picks.
    static func observations(
        tags: [(x: Double, z: Double, ppm: Double)], network: UInt16 = 42, tagNetwork: UInt16 = 42, seconds: Double = 1, silent: Int? = nil,
        missed: @escaping (UInt16, DownlinkTDoAMessage) -> Bool = { _, _ in false }
    )
        throws -> (
            emulation: Emulation, heard: [(tag: Int, observation: DownlinkTDoAObservation)], anchors: [DownlinkTDoAAnchor], handedAt: [Duration]
        )
    {
        let scenario = try PositioningHall.scenario(tags: tags)
        let emulation = try Emulation(scenario: scenario)
        var anchors: [DownlinkTDoAAnchor] = []
        var start = Duration.milliseconds(10)
        for cluster in [0..<4, 4..<8] {
            let schedule = DownlinkTDoASchedule(configuration: emulation.configuration, responders: cluster.count - 1, kind: .emulated)
            for index in cluster {
                let radio = emulation.devices[index].radio
                let role: DownlinkTDoAAnchor.Role = index == cluster.lowerBound
                    ? .initiator(period: .milliseconds(100), firstRound: start)
                    : .responder(initiator: UInt16(cluster.lowerBound + 1), slot: index - cluster.lowerBound - 1)
                let anchor = try DownlinkTDoAAnchor(
                    on: radio, network: PANIdentifier(rawValue: index == silent ? network &+ 1 : network), address: UInt16(index + 1),
                    position: try #require(emulation.antennaPosition(of: index, at: .zero)), role: role, schedule: schedule)
                radio.adopt(anchor)
                anchors.append(anchor)
            }
            start += schedule.roundDuration + DownlinkTDoASchedule.guardTime
        }
        final class Heard {
            var all: [(tag: Int, observation: DownlinkTDoAObservation)] = []
            var times: [Duration] = []
        }
        let heard = Heard()
        for index in 8..<emulation.devices.count {
            let radio = emulation.devices[index].radio
            let tag = DownlinkTDoATag(on: radio, network: PANIdentifier(rawValue: tagNetwork)) {
                heard.all.append((index, $0))
                heard.times.append(radio.now)
            }
            radio.adopt(Missing(tag, missed: missed))
        }
        emulation.run(until: SimulationTime(seconds: seconds))
        return (emulation, heard.all, anchors, heard.times)
    }

    @Test("every responder's pseudorange is its true distance difference against the initiator, within 4σ of the timestamps' spread")
    func pseudoranges() throws {
        let (emulation, heard, anchors, _) = try Self.observations(tags: [(5, 5, -15), (12, 9, 9), (17, 3, 4)])
        #expect(anchors.allSatisfy { $0.failures == 0 })
        #expect(heard.count == 3 * 2 * 10)
        var errors: [Double] = []
        for (tag, observation) in heard {
            let truth = try #require(emulation.antennaPosition(of: tag, at: .zero)).metres
            let solver = try PositionSolver(anchors: observation.anchors, geometry: .spatial)
            let measured = try observation.round.pseudoranges(for: solver, clock: "round", timestampDeviation: .centimetres(3))
            let reference = try #require(solver.anchors[observation.round.initiator]).position.metres
            for case .pseudorange(let name, _, let value, _) in measured.dropFirst() {
                let anchor = try #require(solver.anchors[name]).position.metres
                errors.append(value.metres - ((truth - anchor).length - (truth - reference).length))
            }
        }
        // Two receptions of about 3.2 cm each per pseudorange: the emulated DW1000 on these links (about 35 dB
        // over the noise), whose leading-edge rule scatters with the noise as the chip's does
        // (`Docs/reference/measured-channels.md` §8.3).
        let mean = errors.reduce(0, +) / Double(errors.count)
        #expect(errors.count > 150)
        #expect(abs(mean) < 0.01, "mean \(mean)")
        #expect(errors.allSatisfy { abs($0) < 4 * 0.045 }, "\(errors.map { abs($0) }.max() ?? 0)")
    }

    @Test("each responder's clock rate over its initiator's, learnt from the anchors' rounds, matches the scenario's clocks to 10⁻⁸")
    func clockRates() throws {
        let (_, heard, _, _) = try Self.observations(tags: [(8, 6, 20)])
        let ppm = PositioningHall.anchors.map(\.ppm)
        var checked = 0
        for (_, observation) in heard {
            let initiator = try #require(Int(observation.round.initiator.dropFirst(2), radix: 16)) - 1
            for response in observation.round.responses where !observation.responderRatesFromCarrier.contains(response.responder) {
                let responder = try #require(Int(response.responder.dropFirst(2), radix: 16)) - 1
                let truth = (1 + ppm[responder] * 1e-6) / (1 + ppm[initiator] * 1e-6)
                #expect(abs(response.clockRatio - truth) < 1e-8, "\(response.responder): \(response.clockRatio) against \(truth)")
                checked += 1
            }
        }
        // The first round of each cluster takes the rates from the carrier: 2 × 3 responders.
        #expect(checked == heard.count * 3 - 6)
    }

    @Test("the tag's clock rate over each initiator's, from that initiator's Polls 100 ms apart, matches the scenario's clocks to 10⁻⁸ from the second round; the first has none")
    func tagClockRates() throws {
        let tagPPM = 20.0
        let (_, heard, _, _) = try Self.observations(tags: [(8, 6, tagPPM)])
        let ppm = PositioningHall.anchors.map(\.ppm)
        var initiatorsSeen: Set<String> = []
        for (_, observation) in heard {
            let initiator = try #require(Int(observation.round.initiator.dropFirst(2), radix: 16)) - 1
            guard initiatorsSeen.insert(observation.round.initiator).inserted == false else {
                #expect(observation.round.tagClockRatio == nil)
                continue
            }
            let truth = (1 + tagPPM * 1e-6) / (1 + ppm[initiator] * 1e-6)
            let ratio = try #require(observation.round.tagClockRatio)
            #expect(abs(ratio - truth) < 1e-8, "\(observation.round.initiator): \(ratio) against \(truth)")
        }
        #expect(initiatorsSeen.count == 2 && heard.count == 20)
    }

    @Test("each initiator's Final lists every Response it received, and from their second round the responders carry the flight they measured with it, within 4 cm of the surveyed one")
    func measuredFlights() throws {
        let (_, heard, _, _) = try Self.observations(tags: [(8, 6, 20)])
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        var carried = 0
        for (_, observation) in heard {
            let final = try #require(observation.messages.last?.message)
            guard case .final(let listed) = final.kind else {
                Issue.record("a round that does not end with a Final")
                continue
            }
            #expect(Set(listed.map(\.responder)) == Set(observation.messages.dropFirst().dropLast().map(\.anchor)))
            let initiator = try #require(observation.anchors.first).position.metres
            for (response, anchor) in zip(observation.round.responses, observation.anchors.dropFirst()) {
                // A cluster's first round has none yet: its Final completes the first ranging.
                guard let flight = response.timeOfFlight else { continue }
                let measured = flight.seconds * speed
                // One round's two-way ranging: about 2 cm of spread with 3.2 cm per reception; 2σ.
                #expect(abs(measured - (anchor.position.metres - initiator).length) < 0.04, "\(response.responder): \(measured) m")
                carried += 1
            }
        }
        // 10 rounds of 2 clusters of 3 responders, less each cluster's first.
        #expect(carried == 2 * 3 * 9)
    }

    @Test("a responder that never answers: its initiator's Final still leaves on time, when the last slot is over, listing the two Responses it heard, whose responders still measure their flights")
    func missingResponse() throws {
        // Device 3, cluster 0's third responder, serves another network.
        let (_, heard, anchors, _) = try Self.observations(tags: [(8, 6, 20)], silent: 3)
        #expect(anchors.allSatisfy { $0.failures == 0 })
        let west = heard.map(\.observation).filter { $0.round.initiator == DownlinkTDoAObservation.anchorName(1) }
        let east = heard.map(\.observation).filter { $0.round.initiator == DownlinkTDoAObservation.anchorName(5) }
        #expect(west.count == 10 && east.count == 10)
        // Both clusters have three responders, so the same schedule: the Final that waited for the
        // silent responder's slot to end leaves as long after its Poll as the one that heard all three.
        let interval = { (round: DownlinkTDoARound) -> Double in
            guard let poll = round.poll, let final = round.final else { return .nan }
            return Double(final.sent.elapsed(since: poll.sent).ticks) / DeviceClock.ticksPerSecond
        }
        for (w, e) in zip(west, east) {
            #expect(abs(interval(w.round) - interval(e.round)) < 1e-7, "\(interval(w.round)) s against \(interval(e.round)) s")
            guard case .final(let listed)? = w.messages.last?.message.kind else {
                Issue.record("a west round without a Final")
                continue
            }
            #expect(listed.map(\.responder) == [2, 3])
        }
        #expect(west.dropFirst().allSatisfy { $0.round.responses.count == 2 && $0.round.responses.allSatisfy { $0.timeOfFlight != nil } })
    }

    @Test("rounds whose Final or Poll (or both) the tag missed are handed on all the same, when the Final was due (not with the next round's first frame, a period later after the last cluster), with their pseudoranges within 4σ of the truth: against the first responder without the Poll")
    func missedFrames() throws {
        let (west, east): (UInt16, UInt16) = (1, 5)
        // West: the Final of round 3, the Poll of round 6. East (the period's last cluster): the Final of round 5, the Poll and Final of round 8.
        let lost: Set<[UInt16]> = [[west, 3, 2], [west, 6, 0], [east, 5, 2], [east, 8, 0], [east, 8, 2]]
        let (emulation, heard, _, handedAt) = try Self.observations(tags: [(8, 6, 20)]) { anchor, message in
            let kind: UInt16
            switch message.kind {
            case .poll: kind = 0
            case .response: kind = 1
            case .final: kind = 2
            }
            return lost.contains([anchor, message.round, kind])
        }
        #expect(heard.count == 20)
        let rescued = heard.filter { $0.observation.round.poll == nil || $0.observation.round.final == nil }
        #expect(rescued.map { "\($0.observation.round.initiator) #\($0.observation.roundNumber)" }.sorted()
            == ["0x0001 #3", "0x0001 #6", "0x0005 #5", "0x0005 #8"])
        // A round without its Poll still names its initiator: the Responses' destination.
        #expect(heard.allSatisfy { DownlinkTDoAObservation.anchorName($0.observation.initiator) == $0.observation.round.initiator })
        // Each initiator's rounds are handed on 100 ms apart, however they ended: 5 ms of grace at most late.
        for initiator in [west, east] {
            let times = zip(heard, handedAt).filter { $0.0.observation.round.initiator == DownlinkTDoAObservation.anchorName(initiator) }.map(\.1)
            let gaps = zip(times.dropFirst(), times).map { ($0 - $1).secondsValue }
            #expect(times.count == 10 && gaps.allSatisfy { abs($0 - 0.1) < 0.0055 }, "\(initiator): \(gaps)")
        }
        let truth = try #require(emulation.antennaPosition(of: 8, at: .zero)).metres
        var checked = 0
        for (_, observation) in heard {
            let solver = try PositionSolver(anchors: PositioningHall.anchors.indices.compactMap { index in
                emulation.antennaPosition(of: index, at: .zero).map { Anchor(name: DownlinkTDoAObservation.anchorName(UInt16(index + 1)), position: $0) }
            }, geometry: .spatial)
            let measured = try observation.round.pseudoranges(for: solver, clock: "round", timestampDeviation: .centimetres(3))
            let reference = try #require(solver.anchors[observation.round.poll == nil
                ? observation.round.responses[0].responder : observation.round.initiator]).position.metres
            #expect(measured.count == observation.round.responses.count + (observation.round.poll == nil ? 0 : 1))
            for case .pseudorange(let name, _, let value, _) in measured {
                let anchor = try #require(solver.anchors[name]).position.metres
                let error = value.metres - ((truth - anchor).length - (truth - reference).length)
                #expect(abs(error) < 4 * 0.045, "\(observation.round.initiator) #\(observation.roundNumber) \(name): \(error)")
                checked += 1
            }
        }
        #expect(checked == 20 * 4 - 2)
    }

    @Test("a round of an initiator whose Final the tag has never heard is handed on when the latest Final could have come, not with the next frame, which may be long in coming")
    func initiatorNeverWhole() throws {
        let (west, east): (UInt16, UInt16) = (1, 5)
        // West's Final never heard, its Poll until round 3; from round 6 on (east: 5) nothing at all,
        // as a tag between two racks hears nothing for a while.
        let (emulation, heard, _, handedAt) = try Self.observations(tags: [(8, 6, 20)]) { anchor, message in
            if anchor >= east { return message.round >= 5 }
            if message.round >= 6 { return true }
            switch message.kind {
            case .final: return true
            case .poll: return message.round >= 4
            case .response: return false
            }
        }
        let westRounds = zip(heard, handedAt).filter { $0.0.observation.initiator == west }
        // The first round has no clock rate of the tag's yet (`clockRates`), so none without its Final.
        #expect(westRounds.map(\.0.observation.roundNumber) == [2, 3, 4, 5])
        // Rounds 2 to 4 end with the east cluster's next frame, a few milliseconds on; round 5, after which
        // nothing comes, when the latest Final could have come (its Poll 410 ms in), and the grace.
        let times = westRounds.map(\.1)
        #expect(zip(times, [110.0, 210, 310]).allSatisfy { ($0 - .milliseconds($1)).secondsValue < 0.004 }, "\(times)")
        let latest = DownlinkTDoASchedule(
            configuration: emulation.configuration, responders: DownlinkTDoAFrame.maximumResponsesInFinal, kind: .usb).finalDelay
        let last = try #require(times.last) - .milliseconds(410) - latest - DownlinkTDoATag.finalGrace
        #expect(abs(last.secondsValue) < 0.0005, "\(times)")
    }

    @Test("a tag listening to a network no anchor serves hears no round: no observation, never a made-up one")
    func otherNetwork() throws {
        let (_, heard, _, _) = try Self.observations(tags: [(8, 6, 0)], network: 42, tagNetwork: 7)
        #expect(heard.isEmpty)
    }
}
