import Testing
import UWBCore
@testable import UWBRanging

/// Which STS counter each frame of a secured round uses, and how a responder that missed a POLL
/// finds the initiator's counters again (`Docs/decisions/0023-sts-counters-from-frame-counters.md`).
@Suite("STS counters of secured rounds")
struct SecureTimestampCounterTests {
    typealias F = RoundFixtures
    typealias G = SecuredGoldenFrames

    @Test("a round's four frames take the POLL's frame counter and the next three")
    func countersOfARound() {
        let counters = SecureTimestampRound(poll: 0x40)
        let expected: [(RangingMessageType, UInt32)] = [
            (.poll, 0x40), (.groupPoll, 0x40), (.response, 0x41), (.final, 0x42), (.groupFinal, 0x42), (.report, 0x43),
        ]
        for (message, counter) in expected {
            #expect(counters.frame(of: message) == counter, "\(message)")
        }
    }

    @Test("a POLL's frame counter is the first multiple of four at or above the next free one, and a round needs four left")
    func pollCounters() throws {
        #expect(try SecureTimestampRound.pollFrameCounter(atLeast: 0) == 0)
        #expect(try SecureTimestampRound.pollFrameCounter(atLeast: 1) == 4)
        #expect(try SecureTimestampRound.pollFrameCounter(atLeast: 4) == 4)
        #expect(try SecureTimestampRound.pollFrameCounter(atLeast: 0xFFFF_FFF8) == 0xFFFF_FFF8)
        #expect(throws: RangingFrameError.frameCountersExhausted) {
            try SecureTimestampRound.pollFrameCounter(atLeast: 0xFFFF_FFF9)
        }
    }

    /// The STS counters a list of commands loads, and its transmission's frame.
    static func split(_ commands: [RangingCommand]) throws -> (loaded: [UInt32], frame: [UInt8], stamp: DeviceTime) {
        var loaded: [UInt32] = []
        var sent: ([UInt8], DeviceTime)?
        for command in commands {
            switch command {
            case .loadSecureTimestampSequence(frame: let counter):
                #expect(sent == nil, "the counter is loaded before the frame is scheduled")
                loaded.append(counter)
            case .transmit(let frame, let at, _):
                sent = (frame, at + F.clock.antennaDelay)
            default:
                break
            }
        }
        let (frame, stamp) = try #require(sent, "no transmission in \(commands)")
        return (loaded, frame, stamp)
    }

    @Test("secured initiator and responder load the same counter for each frame, round after round, and the responder listens with the next POLL's")
    func lockstep() throws {
        let initiator = Initiator(
            session: F.session, localAddress: F.initiatorAddress, peerAddress: F.responderAddress, pan: F.pan,
            timing: F.timing, transmitClock: F.clock, protection: LinkProtection(keys: G.keys, role: .initiator))
        let responder = Responder(
            session: F.session, localAddress: F.responderAddress, peerAddress: F.initiatorAddress, pan: F.pan,
            timing: F.timing, transmitClock: F.clock, protection: LinkProtection(keys: G.keys, role: .responder))
        #expect(responder.handle(.start(now: F.time(0))) == [.loadSecureTimestampSequence(frame: 0), .listen(.untilTurnedOff)])
        var now = F.time(1_000_000)
        for poll: UInt32 in [0, 4, 8] {
            let sentPoll = try Self.split(initiator.handle(.start(now: now)))
            #expect(sentPoll.loaded == [poll])
            _ = initiator.handle(.transmitScheduled(sentPoll.stamp))
            let response = try Self.split(responder.handle(F.received(sentPoll.frame, at: sentPoll.stamp + DeviceDuration(ticks: 900))))
            #expect(response.loaded == [poll + 1])
            _ = responder.handle(.transmitScheduled(response.stamp))
            let final = try Self.split(initiator.handle(F.received(response.frame, at: response.stamp + DeviceDuration(ticks: 900))))
            #expect(final.loaded == [poll + 2])
            _ = initiator.handle(.transmitScheduled(final.stamp))
            let report = try Self.split(responder.handle(F.received(final.frame, at: final.stamp + DeviceDuration(ticks: 900))))
            #expect(report.loaded == [poll + 3])
            _ = responder.handle(.transmitScheduled(report.stamp))
            let done = initiator.handle(F.received(report.frame, at: report.stamp + DeviceDuration(ticks: 900)))
            #expect(done.contains { if case .completed = $0 { true } else { false } }, "\(done)")
            #expect(responder.link.protection?.expectedPollFrameCounter == poll + 4)
            now = report.stamp + DeviceDuration(ticks: 100_000_000)
        }
    }

    @Test("a responder that never heard a POLL expects the lost one; the next POLL's authenticated counter sets it right")
    func missedPoll() throws {
        let initiator = RangingLink(
            session: F.session, pan: F.pan, localAddress: F.initiatorAddress, peerAddress: F.responderAddress,
            protection: LinkProtection(keys: G.keys, role: .initiator))
        let responder = RangingLink(
            session: F.session, pan: F.pan, localAddress: F.responderAddress, peerAddress: F.initiatorAddress,
            protection: LinkProtection(keys: G.keys, role: .responder))
        _ = try responder.decode(try initiator.encode(round: 1, message: .poll))
        #expect(responder.protection?.expectedPollFrameCounter == 4)
        _ = try initiator.encode(round: 2, message: .poll)  // never heard: counter 4
        let third = try initiator.encode(round: 3, message: .poll)  // counter 8
        #expect(try RangingFrame(decoding: third).protection?.frameCounter == 8)
        #expect(responder.protection?.expectedPollFrameCounter == 4, "still the lost POLL's")
        _ = try responder.decode(third)
        #expect(responder.protection?.expectedPollFrameCounter == 12)
        // A replayed POLL is refused and moves nothing.
        #expect(throws: RangingFrameError.rejected(.replayed)) { try responder.decode(third) }
        #expect(responder.protection?.expectedPollFrameCounter == 12)
    }
}
