import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

/// A board unplugged at every step of a ranging exchange ends the same two ways, with no hang: the
/// unplugged side's session is invalidated with `sessionFailed`, and its peer, which hears nothing
/// more, removes it with `.timeout` one removal timeout after its last update.
///
/// The pair ranges every 100 ms and its rounds start on the interval (the air is free), so the
/// round after 1 s starts at 1.1 s and lasts about 1 ms. Unplugging at 1.1 s plus 0 to 1.2 ms in
/// 100 µs steps lands before the POLL, with the POLL on the air, with a RESPONSE, the FINAL and the
/// REPORT pending and after the round, on either side.
@Suite("Sessions: a board unplugged during an exchange")
struct UnplugDuringExchangeTests {
    /// The removal timeout: short, because an unplugged board costs wall time per virtual second.
    static let removalTimeout = Duration.milliseconds(300)

    /// When the round the unplugs fall into starts.
    static let roundStart = Duration.milliseconds(1100)

    /// The offsets into that round, in microseconds.
    static let offsets = Array(stride(from: 0, through: 1200, by: 100))

    @Test("unplugged at any step, on either side: sessionFailed there, .timeout at the peer, nothing after",
          arguments: ["alice", "bob"], offsets)
    func unplug(side: String, offset: Int) throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0), settings: DeviceServiceSettings(removalTimeout: Self.removalTimeout))
        try pair.run(interval: .milliseconds(100))
        let unplugAt = Self.roundStart + .microseconds(offset)
        let before = pair.world.advance(by: unplugAt, step: .milliseconds(10), watching: pair.logs)
        let device = try #require(pair.world.emulation.devices.first { $0.name == side })
        device.unplug()
        let after = pair.world.advance(by: Self.removalTimeout + .milliseconds(100), step: .milliseconds(1), watching: pair.logs)

        let (unplugged, peer) = side == "alice" ? (0, 1) : (1, 0)
        #expect(before[unplugged].filter(\.isUpdate).count >= 9, "ranging before the unplug")
        // The unplugged side: invalidated at its radio's next access, and nothing after.
        let lifecycle = after[unplugged].filter { !$0.isUpdate }.map(\.call)
        #expect(lifecycle == [.invalidated(.sessionFailed)], "\(side) at +\(offset) µs: \(lifecycle)")
        #expect(after[unplugged].last?.call == .invalidated(.sessionFailed))
        // The peer: at most the round in progress completes on its side, then silence and removal.
        let peerCalls = after[peer]
        #expect(peerCalls.filter { !$0.isUpdate }.map(\.call) == [.removed(.timeout)], "peer of \(side) at +\(offset) µs: \(peerCalls)")
        #expect(peerCalls.filter(\.isUpdate).count <= 1)
        if let removal = peerCalls.last(where: { !$0.isUpdate }),
           let last = (before[peer] + peerCalls).last(where: \.isUpdate) {
            let silence = removal.time - last.time
            #expect(silence >= Self.removalTimeout - .milliseconds(10) && silence <= Self.removalTimeout + .milliseconds(12),
                    "removed \(silence) after the last update")
            #expect(peerCalls.last == removal, "nothing after the removal")
        }
    }
}
