import EmulatorHarness
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// The update rate one pair achieves on the emulator and the time from the completing frame to a
/// result (see ``LatencyProbe`` for the definitions), at the highest rate `ScenarioRanging`
/// accepts for one peer. Two devices 3 m apart in free space, 0 ppm clocks (so device seconds are
/// virtual seconds).
struct Timeliness {
    /// One world's results.
    struct Row {
        /// Which boards.
        let name: String
        /// The rate asked for, rounds per second.
        let rate: Double
        /// Virtual seconds run.
        let seconds: Double
        /// Measurements per side.
        let measurements: (initiator: Int, responder: Int)
        /// Failed and skipped rounds.
        let failures: Int
        /// Rounds not started because the previous one held the radio.
        let skipped: Int
        /// Wall seconds the run took.
        let wall: Double
        /// The radio configuration.
        let configuration: RadioConfig
        /// The probes' samples per side.
        let samples: (initiator: [CompletionLatencyProbe.Sample], responder: [CompletionLatencyProbe.Sample])
    }

    /// One row per initiator board.
    let rows: [Row]

    /// Runs a pair of `hardware`'s one-antenna boards, then its direction-finding board as the
    /// initiator with a one-antenna responder, for `seconds`.
    init(boards: String, hardware: RangingHardware, seed: UInt64, seconds: Double) throws {
        rows = try [hardware.pairBoard, hardware.arrayBoard].map { board in
            var world = RangingWorld.pair(distance: 3, boards: boards, hardware: hardware)
            world.devices[0].board = board
            let scenario = try world.scenario()
            let rate = try Self.maximumRate(scenario: scenario, secureTimestamps: world.secureTimestamps)
            let ranging = try ScenarioRanging(scenario: scenario, seed: seed, rate: rate, secureTimestamps: world.secureTimestamps)
            let probes = try ranging.emulation.devices.map { device in
                guard let handler = device.radio.handler else { throw BenchmarkError.unexpected("\(device.name) has no handler") }
                let probe = CompletionLatencyProbe(wrapping: handler, on: device.radio, of: ranging)
                device.radio.adopt(probe)
                return probe
            }
            let clock = ContinuousClock()
            let start = clock.now
            ranging.run(until: SimulationTime(seconds: seconds))
            let wall = (clock.now - start).secondsValue
            guard probes.count == 2, probes.allSatisfy({ $0.readErrors == 0 }) else {
                throw BenchmarkError.unexpected("the device clock could not be read")
            }
            let names = ranging.emulation.devices.map(\.name)
            progress("rate \(board): \(ranging.records.count) measurements")
            return Row(
                name: board == "ft232h-dw1000-single" ? "single-chip pair" : "triple-chip initiator, single-chip responder",
                rate: rate, seconds: seconds,
                measurements: (ranging.records.filter { $0.observer == names[0] }.count,
                               ranging.records.filter { $0.observer == names[1] }.count),
                failures: ranging.failures.count, skipped: ranging.skippedRounds, wall: wall,
                configuration: ranging.configuration,
                samples: (probes[0].samples, probes[1].samples))
        }
    }

    /// The highest rate `ScenarioRanging` accepts with the scenario's one peer (the bound of the
    /// slots its `rateTooHigh` error reports), less 0.1 %, ranging with `secureTimestamps` if given.
    static func maximumRate(scenario: Scenario, secureTimestamps: SecureTimestampConfiguration? = nil) throws -> Double {
        do {
            _ = try ScenarioRanging(scenario: scenario, rate: 1e6, secureTimestamps: secureTimestamps)
        } catch .rateTooHigh(_, let slots) {
            return slots.rateBound * 0.999
        }
        throw BenchmarkError.unexpected("ScenarioRanging accepted a rate of 1 MHz")
    }

    /// How long `message`'s frame lasts after its RMARKER (PHY header and data), seconds.
    static func afterMarker(_ message: RangingMessageType, _ configuration: RadioConfig) -> Double {
        (configuration.airtime(frameLength: message.frameLength(secured: true))
            - configuration.synchronisationHeaderDuration).secondsValue
    }

    /// The rate table.
    var rateMarkdown: String {
        var table = MarkdownTable([
            "boards", "rate asked (Hz)", "virtual s", "measurements/s initiator / responder", "failed", "skipped",
            "POLL → completing frame, median (µs) initiator / responder", "wall s", "real-time factor",
            "measurements per wall second",
        ])
        for row in rows {
            let sincePoll = [row.samples.initiator, row.samples.responder].map { samples in
                Spread(samples.map(\.sincePoll)).map { Formatting.fixed($0.median * 1e6, 1) } ?? "–"
            }
            let total = Double(row.measurements.initiator + row.measurements.responder)
            table.append([
                row.name, Formatting.fixed(row.rate, 1), Formatting.fixed(row.seconds, 0),
                "\(Formatting.fixed(Double(row.measurements.initiator) / row.seconds, 1)) / \(Formatting.fixed(Double(row.measurements.responder) / row.seconds, 1))",
                "\(row.failures)", "\(row.skipped)", sincePoll.joined(separator: " / "),
                Formatting.fixed(row.wall, 3), Formatting.factor(row.seconds / row.wall), Formatting.rate(total / row.wall),
            ])
        }
        return table.markdown
    }

    /// The latency table: one row per board and side.
    var latencyMarkdown: String {
        var table = MarkdownTable([
            "boards", "side (completing frame)", "measurements", "virtual latency median (µs)", "min–max (µs)",
            "of which the frame after its RMARKER (µs)",
            "wall cost median (µs)", "wall cost p90 (µs)",
        ])
        for row in rows {
            let sides: [(String, RangingMessageType, [CompletionLatencyProbe.Sample])] = [
                ("initiator (REPORT)", .report, row.samples.initiator), ("responder (FINAL)", .final, row.samples.responder),
            ]
            for (side, message, samples) in sides {
                guard let latency = Spread(samples.map(\.latency)), let wall = Spread(samples.map(\.wall)) else { continue }
                let sorted = samples.map(\.wall).sorted()
                let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
                table.append([
                    row.name, side, "\(samples.count)", Formatting.fixed(latency.median * 1e6, 2),
                    "\(Formatting.fixed(latency.minimum * 1e6, 2))–\(Formatting.fixed(latency.maximum * 1e6, 2))",
                    Formatting.fixed(Self.afterMarker(message, row.configuration) * 1e6, 2),
                    Formatting.fixed(wall.median * 1e6, 1), Formatting.fixed(p90 * 1e6, 1),
                ])
            }
        }
        return table.markdown
    }
}
