import EmulatorHarness
import FT232H
import FT232HEmulation
import Foundation
import NearbyInteraction
import UWBCore
import UWBDevices
import UWBEmulator
import UWBRanging

/// The shortest reply delay two USB boards keep up with: two single-chip boards 3 m apart behind
/// emulated FT232Hs whose IN transfers each take a given latency, each on a loop thread, ranging
/// through NISessions with a given reply delay for a few wall-clock seconds. The share of the
/// rounds due that produced an update, per latency and reply delay, and the USB traffic.
struct USBReplyDelay {
    /// One run.
    struct Row {
        /// The emulated latency of each IN transfer.
        let latency: Duration
        /// The reply delay asked for.
        let replyDelay: Duration
        /// Updates received on both sides.
        let updates: Int
        /// Updates the interval allowed on both sides in the time run.
        let expected: Double
        /// USB round trips per second, both boards together (IRQ polling included).
        let roundTripsPerSecond: Double
    }

    /// The runs, latency by latency.
    let rows: [Row]
    /// Wall seconds per run.
    let seconds: Double

    /// Runs every latency with every reply delay.
    init(latencies: [Duration], replyDelays: [Duration], boards: String, seconds: Double) throws {
        self.seconds = seconds
        var rows: [Row] = []
        for latency in latencies {
            for delay in replyDelays {
                progress("usb: latency \(latency), reply delay \(delay)")
                rows.append(try Self.run(latency: latency, replyDelay: delay, boards: boards, seconds: seconds))
            }
        }
        self.rows = rows
    }

    private static func run(latency: Duration, replyDelay: Duration, boards: String, seconds: Double) throws -> Row {
        let world = RangingWorld.pair(distance: 3, boards: boards)
        let emulation = try Emulation(scenario: try world.scenario(), seed: 1)
        let room = try EmulatedUSBRoom(emulation: emulation, readLatency: latency)
        let timing = try RangingTiming.usb(for: emulation.configuration).withDelays(replyDelay)
        var waiters: [SessionWaiter] = []
        var sessions: [NISession] = []
        var interval = Duration.zero
        for (index, radio) in room.radios.enumerated() {
            let service = DeviceService(
                radio: radio, settings: DeviceServiceSettings(tokenSeed: UInt64(index + 1), timing: timing))
            interval = service.defaultUpdateInterval
            let session = NISession(device: service)
            let waiter = SessionWaiter(name: radio.name)
            waiter.listen(to: session)
            waiters.append(waiter)
            sessions.append(session)
        }
        let started = ContinuousClock.now
        try TokenSwap.runBoth(sessions[0], sessions[1])
        Thread.sleep(forTimeInterval: seconds)
        sessions.forEach { $0.invalidate() }
        room.stop()
        let elapsed = (ContinuousClock.now - started).secondsValue
        let updates = waiters.reduce(0) { count, waiter in waiter.queue.sync { count + waiter.measured.count } }
        let roundTrips = room.buses.reduce(0) { $0 + $1.statistics.roundTrips }
        return Row(
            latency: latency, replyDelay: replyDelay, updates: updates,
            expected: 2 * (elapsed / interval.secondsValue - 1), roundTripsPerSecond: Double(roundTrips) / elapsed)
    }

    /// The results as a markdown table.
    var markdown: String {
        var table = MarkdownTable(["IN latency (ms)", "reply delay (ms)", "updates", "of the rounds due", "USB round trips/s"])
        for row in rows {
            table.append([
                Formatting.fixed(row.latency.secondsValue * 1000, 2), Formatting.fixed(row.replyDelay.secondsValue * 1000, 2),
                "\(row.updates)", Formatting.fixed(100 * Double(row.updates) / max(row.expected, 1), 0) + " %",
                Formatting.rate(row.roundTripsPerSecond),
            ])
        }
        return table.markdown
    }
}
