import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// Hostile frames from the air: a third device answers a secured ranging frame of each round it
/// hears with a damaged copy, sent 2 ms later, between the rounds: cut short, lengthened, with another key index, with the frame
/// counter at its last value, with a MIC of the wrong length for its security level, and with one
/// MIC octet changed. The sessions must drop each, count it, and keep ranging with their real peer.
@Suite("Sessions: hostile frames from the air")
struct HostileFrameSessionTests {
    /// Sends a damaged copy of the first frame it hears of each round, 2 ms later, the damages in turn.
    final class HostileCopier: RadioEventHandler {
        private unowned let radio: EmulatedRadio
        private(set) var sent = 0
        private var next = 0
        /// Whether a copy is waiting to be sent.
        private var waiting = false

        /// The damages, in turn.
        static let damages: [@Sendable ([UInt8]) -> [UInt8]] = [
            { Array($0.dropLast(3)) },                                   // truncated: MIC cut short
            { $0 + [UInt8](repeating: 0xA5, count: 12) },                // oversized payload
            { var octets = $0; octets[14] = 3; return octets },          // key index 3: no such key
            { var octets = $0; octets.replaceSubrange(10..<14, with: [0xFF, 0xFF, 0xFF, 0xFF]); return octets },  // counter 0xFFFFFFFF
            { var octets = $0; octets[9] = (octets[9] & ~0b111) | 3; return octets },  // level 3: a 16-octet MIC
            { var octets = $0; octets[octets.count - 1] ^= 0x01; return octets },     // one MIC bit flipped
        ]

        /// A copier on `radio`.
        init(on radio: EmulatedRadio) {
            self.radio = radio
        }

        func radioStarted() {
            try? radio.primary.enableReceiver(.untilTurnedOff)
        }

        func radio(_ event: TransceiverEvent, fromChip chip: Int) {
            guard chip == 0 else { return }
            if case .frameReceived(let received) = event, received.frame.count > 16, received.frame[0] & 0x08 != 0, !waiting {
                let damaged = Self.damages[next % Self.damages.count](received.frame)
                next += 1
                waiting = true
                radio.schedule(after: .milliseconds(2)) { [weak self] in
                    guard let self else { return }
                    self.waiting = false
                    let primary = self.radio.primary
                    if (try? primary.turnOff()) != nil, (try? primary.transmitImmediately(damaged, awaiting: nil)) != nil {
                        self.sent += 1
                    } else {
                        try? primary.enableReceiver(.untilTurnedOff)
                    }
                }
            }
            try? radio.primary.enableReceiver(.untilTurnedOff)
        }
    }

    @Test("truncated, oversized, wrong-key, exhausted-counter, wrong-MIC-length and altered frames are each dropped and counted; every distance stays true")
    func hostileCopies() throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        let setup = try SessionWorld.device("mallory", at: Vector3(x: 2, y: 0, z: 0.5))
        let copier = try pair.world.emulation.adding(setup) { HostileCopier(on: $0) }
        try pair.run()
        pair.world.advance(by: .seconds(6))
        #expect(copier.sent > 40, "\(copier.sent) damaged frames sent")
        let rejected = try ["alice", "bob"].reduce(into: [FrameRejection: Int]()) {
            $0.merge(try pair.world.service($1).rejectedFrames, uniquingKeysWith: +)
        }
        for reason in [FrameRejection.malformed, .wrongKey, .badMessageIntegrityCode] {
            #expect((rejected[reason] ?? 0) > 3, "\(reason): \(rejected)")
        }
        for log in pair.logs {
            #expect(log.distances.count > 20, "\(log.distances.count) updates")
            #expect(log.distances.allSatisfy { abs($0 - 4) < 0.15 }, "\(log.distances.filter { abs($0 - 4) >= 0.15 })")
            #expect(!log.calls.contains { if case .removed = $0 { true } else { false } })
        }
    }
}
