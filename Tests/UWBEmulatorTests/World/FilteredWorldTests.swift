import DW1000Driver
import Foundation
import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

@Suite("Frame filtering through the real driver: a frame for another device costs its receiver nothing")
struct FilteredWorldTests {
    /// Every 20 ms, a data frame in PAN 0xDECA to short address 0x0002, then one to 0x0003.
    static func sender() -> (EmulatedRadio) -> ClosureApplication {
        var sequence: UInt8 = 0
        var send: (EmulatedRadio) -> Void = { _ in }
        send = { radio in
            radio.schedule(after: .milliseconds(20)) { send(radio) }
            sequence &+= 1
            let frame = (try? MACFrame(
                dataIn: PANIdentifier(rawValue: 0xDECA), from: .short(0x0001), to: .short(0x0002 + UInt16(sequence % 2)),
                sequenceNumber: sequence, payload: [sequence]).encoded(includingFCS: false)) ?? []
            do throws(TransceiverError) {
                try radio.primary.transmitImmediately(frame, awaiting: nil)
            } catch {
                radio.record(error)
            }
        }
        return { ClosureApplication(on: $0, onStart: { radio in radio.schedule(after: .milliseconds(5)) { send(radio) } }) }
    }

    /// Turns the filter on for `shortAddress` (if given), listens, and records every event; the
    /// receiver is enabled again after each.
    final class Listener: RadioEventHandler {
        unowned let radio: EmulatedRadio
        let shortAddress: UInt16?
        private(set) var events: [TransceiverEvent] = []

        init(on radio: EmulatedRadio, shortAddress: UInt16?) {
            self.radio = radio
            self.shortAddress = shortAddress
        }

        func radioStarted() {
            do throws(TransceiverError) {
                if let shortAddress, let driver = radio.primary as? DW1000 {
                    try driver.filterFrames(FrameFilter(pan: PANIdentifier(rawValue: 0xDECA), shortAddress: shortAddress))
                }
                try radio.primary.enableReceiver(.untilTurnedOff)
            } catch {
                radio.record(error)
            }
        }

        func radio(_ event: TransceiverEvent, fromChip chip: Int) {
            events.append(event)
            radioStarted()
        }

        /// The destination short addresses of the frames received.
        var destinations: [UInt16] {
            events.compactMap { event in
                guard case .frameReceived(let frame) = event, frame.frame.count >= 7 else { return nil }
                return UInt16(frame.frame[5]) | UInt16(frame.frame[6]) << 8
            }
        }
    }

    @Test("each listener hears only its frames, the others are rejected without an interrupt, and the trace says so")
    func filtered() throws {
        let world = try WorldFixtures.freeSpace()
        try world.add(WorldFixtures.device("alice", at: .zero), application: Self.sender())
        let bob = try world.adding(WorldFixtures.device("bob", at: Vector3(x: 0, y: 0, z: -3))) {
            Listener(on: $0, shortAddress: 0x0002)
        }
        let carol = try world.adding(WorldFixtures.device("carol", at: Vector3(x: 2, y: 0, z: -3))) {
            Listener(on: $0, shortAddress: 0x0003)
        }
        let records = try PcapngReader(bytes: try TraceCapture.bytes(of: world, until: SimulationTime(seconds: 1))).records
        // 50 frames, alternately to carol (odd sequence numbers) and bob.
        #expect(records.count == 50)
        #expect(bob.events.count == 25 && bob.destinations == Array(repeating: 0x0002, count: 25))
        #expect(carol.events.count == 25 && carol.destinations == Array(repeating: 0x0003, count: 25))
        let statistics = world.statistics
        #expect(statistics.map(\.received) == [0, 25, 25])
        #expect(statistics.map(\.rejected) == [0, 25, 25])
        let bobsOutcomes = records.flatMap(\.receptions).filter { $0.receiver == "bob" }.map(\.outcome)
        #expect(bobsOutcomes.filter { $0 == .rejected }.count == 25)
        #expect(world.devices.allSatisfy { $0.radio.errors.isEmpty })
    }

    @Test("without the filter every frame wakes the listener's driver")
    func unfiltered() throws {
        let world = try WorldFixtures.freeSpace()
        try world.add(WorldFixtures.device("alice", at: .zero), application: Self.sender())
        let bob = try world.adding(WorldFixtures.device("bob", at: Vector3(x: 0, y: 0, z: -3))) {
            Listener(on: $0, shortAddress: nil)
        }
        world.run(until: SimulationTime(seconds: 1))
        #expect(bob.events.count == 50)
        #expect(world.statistics.map(\.rejected) == [0, 0])
    }
}
