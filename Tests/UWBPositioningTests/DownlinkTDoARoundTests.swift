import Testing
import UWBCore
import UWBPositioning

/// A clock of a device: its reading at a true time, in whole ticks modulo 2⁴⁰.
struct Clock {
    /// The reading at true time zero, in ticks.
    let offset: Double
    /// Its rate over the true one (1 + its frequency offset).
    let rate: Double

    /// The reading at `seconds` of true time, before rounding to a tick, modulo 2⁴⁰.
    func exactReading(at seconds: Double) -> Double {
        (offset + seconds * rate * DeviceClock.ticksPerSecond).truncatingRemainder(dividingBy: Double(DeviceClock.maximumTicks) + 1)
    }

    /// The reading at `seconds` of true time, in whole ticks.
    func reading(at seconds: Double) -> DeviceTime {
        DeviceTime(wrapping: UInt64(exactReading(at: seconds).rounded()))
    }
}

@Suite("DL-TDoA: a round's timestamps to pseudoranges")
struct DownlinkTDoARoundTests {
    static let speed = PhysicalConstants.speedOfLight.metresPerSecond

    /// The round a tag at `tag` hears of `anchors` (the first initiates, the rest respond), with
    /// the given clocks (initiator, responders…, tag last), as the frames and the tag's receiver
    /// would report it.
    static func round(anchors: [Anchor], tag: Vector3, clocks: [Clock]) -> DownlinkTDoARound {
        let initiator = anchors[0].position.metres
        let pollTime = 0.001
        let finalTime = pollTime + 0.004
        let tagClock = clocks[clocks.count - 1]
        let toTag = { (position: Vector3) in (tag - position).length / speed }
        let responses = anchors.dropFirst().enumerated().map { index, anchor in
            let clock = clocks[index + 1]
            let pollArrives = pollTime + (anchor.position.metres - initiator).length / speed
            // Each responder answers 300 µs + 200 µs per slot after the Poll, in its own ticks.
            let replyTicks = Int64(((0.0003 + 0.0002 * Double(index)) * DeviceClock.ticksPerSecond).rounded())
            // The responder sends `replyTicks` after its (whole-tick) reading of the Poll: in true
            // time, from the Poll's arrival, those ticks plus the reading's rounding.
            let received = clock.reading(at: pollArrives)
            let rounding = Double(received.ticks) - clock.exactReading(at: pollArrives)
            let responseSent = pollArrives + (Double(replyTicks) + rounding) / (clock.rate * DeviceClock.ticksPerSecond)
            return DownlinkTDoARound.Response(
                responder: anchor.name, replyTime: DeviceDuration(ticks: replyTicks), clockRatio: clock.rate / clocks[0].rate,
                received: tagClock.reading(at: responseSent + toTag(anchor.position.metres)))
        }
        return DownlinkTDoARound(
            initiator: anchors[0].name, pollSent: clocks[0].reading(at: pollTime), finalSent: clocks[0].reading(at: finalTime),
            pollReceived: tagClock.reading(at: pollTime + toTag(initiator)),
            finalReceived: tagClock.reading(at: finalTime + toTag(initiator)), responses: responses)
    }

    /// Clocks 20 ppm apart at most, with offsets `offsets` in ticks.
    static func clocks(offsets: [Double]) -> [Clock] {
        let rates = [1 + 3e-6, 1 - 11e-6, 1 + 9e-6, 1 - 4e-6, 1 + 17e-6]
        return offsets.enumerated().map { Clock(offset: $0.element, rate: rates[$0.offset % rates.count]) }
    }

    /// The value of pseudorange `measurement`, or nil for another kind.
    static func value(_ measurement: PositionMeasurement) -> Double? {
        if case .pseudorange(_, _, let value, _) = measurement { value.metres } else { nil }
    }

    @Test("unsynchronised anchors and tag, 20 ppm apart: the initiator's pseudorange is 0, every responder's its true distance difference within 1 cm", arguments: [
        Vector3(x: 3, y: 1.2, z: 2), Vector3(x: 8, y: 1.2, z: 7), Vector3(x: -5, y: 1.2, z: 12),
    ])
    func differences(tag: Vector3) throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let round = Self.round(anchors: Site.room, tag: tag, clocks: Self.clocks(offsets: [1e9, 7e11, 3e10, 5e8, 9.9e11]))
        let measured = try round.pseudoranges(for: solver, clock: "round", timestampDeviation: Distance(metres: 0.03))
        #expect(measured.count == 4)
        for (measurement, anchor) in zip(measured, Site.room) {
            guard case .pseudorange(let name, let clock, let value, let deviation) = measurement else {
                Issue.record("\(measurement)")
                continue
            }
            let truth = (tag - anchor.position.metres).length - (tag - Site.room[0].position.metres).length
            #expect(name == anchor.name && clock == "round")
            #expect(abs(value.metres - truth) < 0.01, "\(name): \(value.metres) against \(truth)")
            #expect(abs(deviation.metres - (name == "A" ? 0.03 : 0.03 * 2.0.squareRoot())) < 1e-12)
        }
        let fix = try solver.fix(measured)
        #expect((fix.position.metres - tag).length < 0.03, "\(fix.position)")
    }

    @Test("ignoring the responders' clock rates would be metres off: the correction is what makes it work")
    func rateMatters() throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let tag = Vector3(x: 3, y: 1.2, z: 2)
        let round = Self.round(anchors: Site.room, tag: tag, clocks: Self.clocks(offsets: [0, 0, 0, 0, 0]))
        let (poll, final) = try (#require(round.poll), #require(round.final))
        let uncorrected = DownlinkTDoARound(
            initiator: round.initiator, pollSent: poll.sent, finalSent: final.sent, pollReceived: poll.received,
            finalReceived: final.received,
            responses: round.responses.map { .init(responder: $0.responder, replyTime: $0.replyTime, clockRatio: 1, received: $0.received) })
        let truth = (tag - Site.room[1].position.metres).length - (tag - Site.room[0].position.metres).length
        let value = try #require(Self.value(uncorrected.pseudoranges(for: solver, clock: "round", timestampDeviation: Distance(metres: 0.03))[1]))
        // 14 ppm of a 300 µs reply is 4.2 ns: 1.26 m.
        #expect(abs(value - truth) > 1, "\(value) against \(truth)")
    }

    @Test("a responder that heard the Poll 50 cm late answers 50 cm late: the flight it measured, which carries that lateness, gives the true pseudorange; the surveyed flight is 50 cm off")
    func measuredFlight() throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let tag = Vector3(x: 3, y: 1.2, z: 2)
        let clocks = Self.clocks(offsets: [0, 4e6, 9e6, 2e6, 7e6])
        let round = Self.round(anchors: Site.room, tag: tag, clocks: clocks)
        let (poll, final) = try (#require(round.poll), #require(round.final))
        let late = 0.5 / Self.speed
        let tagTicks = late * clocks[clocks.count - 1].rate * DeviceClock.ticksPerSecond
        let surveyed = (Site.room[1].position.metres - Site.room[0].position.metres).length / Self.speed
        // Its Response leaves `late` later than the reply time says, the tag hears it so much later,
        // and its two-way ranging (its reception of the Poll late, the initiator's of its Response
        // as late, by reciprocity) measures the flight that much longer.
        func delayed(flight: DeviceDuration?) -> DownlinkTDoARound {
            var responses = round.responses
            let first = responses[0]
            responses[0] = .init(
                responder: first.responder, replyTime: first.replyTime, clockRatio: first.clockRatio,
                received: first.received + DeviceDuration(ticks: Int64(tagTicks.rounded())), timeOfFlight: flight)
            return DownlinkTDoARound(
                initiator: round.initiator, pollSent: poll.sent, finalSent: final.sent, pollReceived: poll.received,
                finalReceived: final.received, responses: responses)
        }
        let truth = (tag - Site.room[1].position.metres).length - (tag - Site.room[0].position.metres).length
        let measured = DeviceDuration(ticks: Int64(((surveyed + late) * DeviceClock.ticksPerSecond).rounded()))
        let corrected = try #require(Self.value(delayed(flight: measured).pseudoranges(for: solver, clock: "r", timestampDeviation: .centimetres(3))[1]))
        let uncorrected = try #require(Self.value(delayed(flight: nil).pseudoranges(for: solver, clock: "r", timestampDeviation: .centimetres(3))[1]))
        // Whole ticks of 4.7 mm: within a centimetre.
        #expect(abs(corrected - truth) < 0.01, "\(corrected) against \(truth)")
        #expect(abs(uncorrected - truth - 0.5) < 0.01, "\(uncorrected) against \(truth)")
    }

    @Test("a Final heard 1 m late: with the tag's clock rate from two rounds it is a second reading of the Poll's arrival, so every responder's pseudorange moves alike, by half of it; with the rate from that Final, each moves in proportion to its Response's time in the round")
    func finalReadsThePollAgain() throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let tag = Vector3(x: 3, y: 1.2, z: 2)
        let clocks = Self.clocks(offsets: [1e9, 7e11, 3e10, 5e8, 9.9e11])
        let tagClock = clocks[clocks.count - 1]
        let round = Self.round(anchors: Site.room, tag: tag, clocks: clocks)
        let (poll, final) = try (#require(round.poll), #require(round.final))
        let late = DeviceDuration(ticks: Int64((1 / Self.speed * tagClock.rate * DeviceClock.ticksPerSecond).rounded()))
        func lateFinal(tagClockRatio: Double?) -> DownlinkTDoARound {
            DownlinkTDoARound(
                initiator: round.initiator, pollSent: poll.sent, finalSent: final.sent, pollReceived: poll.received,
                finalReceived: final.received + late, responses: round.responses, tagClockRatio: tagClockRatio)
        }
        let truths = Site.room.map { (tag - $0.position.metres).length - (tag - Site.room[0].position.metres).length }
        func errors(_ round: DownlinkTDoARound) throws -> [Double] {
            try zip(round.pseudoranges(for: solver, clock: "r", timestampDeviation: .centimetres(3)), truths).map {
                (Self.value($0) ?? .nan) - $1
            }
        }
        let fromRounds = lateFinal(tagClockRatio: tagClock.rate / clocks[0].rate)
        let alike = try errors(fromRounds)
        // The Poll's arrival, the mean of two readings, is half a metre late: every difference against it half a metre short.
        #expect(alike.dropFirst().allSatisfy { abs($0 + 0.5) < 0.01 }, "\(alike)")
        // 300, 500 and 700 µs into a 4 ms round: 7.5, 12.5 and 17.5 cm short.
        let scaled = try errors(lateFinal(tagClockRatio: nil))
        #expect(zip(scaled.dropFirst(), [0.075, 0.125, 0.175]).allSatisfy { abs($0 + $1) < 0.01 }, "\(scaled)")
    }

    @Test("a round whose Poll or Final the tag missed, with the tag's clock rate from earlier rounds: without the Final every pseudorange is the full round's, without the Poll each responder's is its distance difference against the first responder, within 1 cm")
    func missedPollOrFinal() throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let tag = Vector3(x: 8, y: 1.2, z: 7)
        let clocks = Self.clocks(offsets: [1e9, 7e11, 3e10, 5e8, 9.9e11])
        let round = Self.round(anchors: Site.room, tag: tag, clocks: clocks)
        let ratio = clocks[clocks.count - 1].rate / clocks[0].rate
        let truths = Site.room.map { (tag - $0.position.metres).length }
        let noFinal = try #require(DownlinkTDoARound(
            initiator: round.initiator, poll: round.poll, final: nil, responses: round.responses, tagClockRatio: ratio))
        let withoutFinal = try noFinal.pseudoranges(for: solver, clock: "r", timestampDeviation: .centimetres(3))
        #expect(withoutFinal.count == 4)
        for (measurement, truth) in zip(withoutFinal, truths) {
            let value = try #require(Self.value(measurement))
            #expect(abs(value - (truth - truths[0])) < 0.01, "\(measurement)")
        }
        let noPoll = try #require(DownlinkTDoARound(
            initiator: round.initiator, poll: nil, final: round.final, responses: round.responses, tagClockRatio: ratio))
        let withoutPoll = try noPoll.pseudoranges(for: solver, clock: "r", timestampDeviation: .centimetres(3))
        #expect(withoutPoll.count == 3)
        for (measurement, truth) in zip(withoutPoll, truths.dropFirst()) {
            guard case .pseudorange(_, _, let value, let deviation) = measurement else {
                Issue.record("\(measurement)")
                continue
            }
            #expect(abs(value.metres - (truth - truths[1])) < 0.01, "\(measurement)")
            #expect(abs(deviation.metres - 0.03 * 2.0.squareRoot()) < 1e-12)
        }
        // Three responders, a position in the plane and the round's offset: the fix is exact.
        let fix = try solver.fix(withoutPoll)
        #expect((fix.position.metres - tag).length < 0.03, "\(fix.position)")
        #expect(noPoll.lastReceived == round.final?.received && noFinal.lastReceived == round.responses.last?.received)
    }

    @Test("a missed Poll or Final without the tag's clock rate from earlier rounds is refused; a round of which nothing was heard is none")
    func missedWithoutRate() throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let round = Self.round(anchors: Site.room, tag: Vector3(x: 3, y: 1.2, z: 2), clocks: Self.clocks(offsets: [0, 0, 0, 0, 0]))
        for (poll, final) in [(round.poll, nil), (nil, round.final)] {
            let missed = try #require(DownlinkTDoARound(
                initiator: round.initiator, poll: poll, final: final, responses: round.responses, tagClockRatio: nil))
            #expect(Refusal(#expect(throws: PositioningError.self) {
                try missed.pseudoranges(for: solver, clock: "r", timestampDeviation: .centimetres(3))
            }) == .invalidMeasurement)
        }
        #expect(DownlinkTDoARound(initiator: round.initiator, poll: nil, final: round.final, responses: [], tagClockRatio: 1) != nil)
        #expect(DownlinkTDoARound(initiator: round.initiator, poll: nil, final: nil, responses: [], tagClockRatio: 1) == nil)
    }

    @Test("a round across the 32-bit and the 40-bit wraps of every clock gives the same pseudoranges (Loco TDoA3's 67 ms wrap)")
    func wraps() throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let tag = Vector3(x: 6, y: 1.2, z: 3)
        let plain = try Self.round(anchors: Site.room, tag: tag, clocks: Self.clocks(offsets: [1e9, 2e9, 3e9, 4e9, 5e9]))
            .pseudoranges(for: solver, clock: "round", timestampDeviation: Distance(metres: 0.03))
        // 2³² and 2⁴⁰ ticks less 1.5 ms of ticks: the Poll is read before each wrap, the rest after.
        let beforeWrap = 1.5e-3 * DeviceClock.ticksPerSecond
        let thirtyTwo = Double(UInt64(1) << 32) - beforeWrap
        let forty = Double(UInt64(1) << 40) - beforeWrap
        for offsets in [[thirtyTwo, thirtyTwo, 5 * thirtyTwo, thirtyTwo, thirtyTwo], [forty, forty, forty, forty, forty]] {
            let wrapped = try Self.round(anchors: Site.room, tag: tag, clocks: Self.clocks(offsets: offsets))
                .pseudoranges(for: solver, clock: "round", timestampDeviation: Distance(metres: 0.03))
            #expect(wrapped.count == plain.count)
            for (a, b) in zip(plain, wrapped) {
                let (x, y) = (Self.value(a) ?? .nan, Self.value(b) ?? .nan)
                #expect(abs(x - y) < 0.01, "\(x) against \(y)")
            }
        }
    }

    @Test("unknown anchors, a Final that does not follow the Poll, a clock ratio that is not positive: each refused")
    func badRounds() throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let round = Self.round(anchors: Site.room, tag: Vector3(x: 3, y: 1.2, z: 2), clocks: Self.clocks(offsets: [0, 0, 0, 0, 0]))
        let (poll, final) = try (#require(round.poll), #require(round.final))
        let noFinal = DownlinkTDoARound(
            initiator: round.initiator, pollSent: poll.sent, finalSent: poll.sent, pollReceived: poll.received,
            finalReceived: poll.received, responses: round.responses)
        #expect(Refusal(#expect(throws: PositioningError.self) { try noFinal.pseudoranges(for: solver, clock: "round", timestampDeviation: .zero) })
            == .invalidMeasurement)
        let stranger = DownlinkTDoARound(
            initiator: "Q", pollSent: poll.sent, finalSent: final.sent, pollReceived: poll.received,
            finalReceived: final.received, responses: round.responses)
        #expect(throws: PositioningError.unknownAnchor("Q")) { try stranger.pseudoranges(for: solver, clock: "round", timestampDeviation: .zero) }
        let badRatio = DownlinkTDoARound(
            initiator: round.initiator, pollSent: poll.sent, finalSent: final.sent, pollReceived: poll.received,
            finalReceived: final.received,
            responses: [.init(responder: "B", replyTime: .zero, clockRatio: 0, received: poll.received)])
        #expect(Refusal(#expect(throws: PositioningError.self) { try badRatio.pseudoranges(for: solver, clock: "round", timestampDeviation: .zero) })
            == .invalidMeasurement)
    }
}
