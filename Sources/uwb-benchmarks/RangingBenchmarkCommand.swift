import ArgumentParser
import Foundation
import UWBCore

/// `uwb-benchmarks ranging`: the ranging engine's accuracy on the emulator, section by section
/// (static line of sight, clock offsets, angle of arrival, NLOS detection, rate and latency).
/// Prints markdown tables; progress goes to standard error.
struct RangingBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ranging",
        abstract: "Measure the ranging engine's accuracy on emulated worlds with ground truth.",
        discussion: "Results and how to read them: Docs/benchmarks.md, section \"Ranging accuracy\".")

    @Option(help: "The repository root (for Hardware/boards); by default the one this executable was built from.")
    var repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Option(help: "Random seed of every world.")
    var seed: UInt64 = 1

    @Option(help: "Rounds per second in the accuracy worlds.")
    var rate = 100.0

    @Option(help: "Virtual seconds each accuracy world runs.")
    var seconds = 20.0

    @Option(help: "Virtual seconds the filters get to settle before their output counts.")
    var settle = 1.0

    @Option(parsing: .upToNextOption, help: "True distances of the static line-of-sight worlds, metres.")
    var distances: [Double] = [1, 3, 5, 9, 20]

    @Option(help: "True distance of the clock-offset worlds, metres.")
    var clockDistance = 5.0

    @Option(parsing: .upToNextOption, help: "Azimuths inside the field of view, degrees.")
    var angles: [Double] = Array(stride(from: -60.0, through: 60, by: 10))

    @Option(parsing: .upToNextOption, help: "Azimuths outside the field of view, degrees.")
    var outsideAngles: [Double] = [-90, -75, -65, 65, 75, 90, 135, 180]

    @Option(help: "Virtual seconds of the rate and latency worlds.")
    var timelinessSeconds = 20.0

    @Option(help: "The chip family of every device: dw1000 (single and triple DW1000 boards) or dw3000 (DWM3000 and DW3220 boards).")
    var family = ChipFamily.dw1000

    @Option(help: "The UWB channel of every world: 1, 2, 3, 4, 5 or 7 for the DW1000; 5 or 9 for the DW3000.")
    var channel = Channel.five

    @Flag(help: "Range with a scrambled timestamp sequence as sessions do (SP1, 64 symbols; a fixed test key and IV), every time of arrival through the STS check. DW3000 only.")
    var sts = false

    func validate() throws {
        guard rate > 0, seconds > settle, timelinessSeconds > 0, clockDistance >= 0.1, settle >= 0, !distances.isEmpty, distances.allSatisfy({ $0 >= 0.1 && $0 <= 200 })
        else { throw ValidationError("give --rate > 0, --seconds > --settle ≥ 0 and distances from 0.1 to 200 m") }
        guard family.channels.contains(channel) else {
            throw ValidationError("a \(family) has no \(channel); use one of " + family.channels.map { String($0.number) }.joined(separator: ", "))
        }
        guard !sts || family.supportsSecureTimestamps else {
            throw ValidationError("a \(family) has no scrambled timestamp sequence; give --sts only with --family dw3000")
        }
    }

    func run() throws {
        let boards = repository + "/Hardware/boards"
        let hardware = RangingHardware(
            family: family, channel: channel, secureTimestamps: sts ? try RangingHardware.testSecureTimestamps() : nil)
        print("# Ranging accuracy: \(hardware)\n")
        print("## Static line of sight (seed \(seed), \(Formatting.fixed(rate, 0)) Hz, \(Formatting.fixed(seconds, 0)) s per distance)\n")
        print(try StaticAccuracy(
            distances: distances, boards: boards, hardware: hardware, seed: seed, rate: rate, seconds: seconds, settle: settle).markdown + "\n")
        print("## Clock offsets at \(Formatting.fixed(clockDistance, 0)) m\n")
        print(try ClockOffsetAccuracy(
            distance: clockDistance, boards: boards, hardware: hardware, seed: seed, rate: rate, seconds: seconds).markdown + "\n")
        let aoa = try AngleAccuracy(
            insideAngles: angles, outsideAngles: outsideAngles, boards: boards, hardware: hardware, seed: seed, rate: rate, seconds: seconds,
            settle: settle)
        print("## Angle of arrival at 3 m, inside the field of view (\(hardware.arrayBoard))\n")
        print(aoa.insideMarkdown + "\n")
        print("## Angle of arrival at 3 m, outside the 60° field of view\n")
        print(aoa.outsideMarkdown + "\n")
        print("## NLOS flag (likelihood ≥ \(NLOSDetection.threshold))\n")
        print(try NLOSDetection(boards: boards, hardware: hardware, seed: seed, rate: rate, seconds: seconds).markdown + "\n")
        let timeliness = try Timeliness(boards: boards, hardware: hardware, seed: seed, seconds: timelinessSeconds)
        print("## Update rate of one pair\n")
        print(timeliness.rateMarkdown + "\n")
        print("## From the completing frame to the measurement\n")
        print(timeliness.latencyMarkdown)
    }
}
