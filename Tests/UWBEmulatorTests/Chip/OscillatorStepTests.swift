import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// Sudden steps of an oscillator's frequency (a scenario's `clock.steps`): the offset jumps at the
/// whole second given and the tick count follows the new rate from there, continuously.
@Suite("Oscillator: frequency steps")
struct OscillatorStepTests {
    @Test("the offset jumps at the second given; the tick count stays continuous and follows each rate exactly")
    func jump() {
        let oscillator = Oscillator(
            offset: ClockOffset(partsPerMillion: 10), drift: 0, random: SeededRandom(seed: 1),
            jumps: [2: ClockOffset(partsPerMillion: -30), 5: ClockOffset(partsPerMillion: 0)])
        #expect(oscillator.offset(at: SimulationTime(seconds: 1.999)).partsPerMillion == 10)
        #expect(oscillator.offset(at: SimulationTime(seconds: 2)).partsPerMillion == -30)
        #expect(oscillator.offset(at: SimulationTime(seconds: 4.5)).partsPerMillion == -30)
        #expect(oscillator.offset(at: SimulationTime(seconds: 5)).partsPerMillion == 0)
        // Ticks: 2 s at +10 ppm, then 3 s at −30 ppm, then nominal.
        let rate = DeviceClock.ticksPerSecond
        let atTwo = 2 * rate * (1 + 10e-6)
        let atFive = atTwo + 3 * rate * (1 - 30e-6)
        #expect(abs(oscillator.ticks(at: SimulationTime(seconds: 2)) - atTwo) < 1e-3)
        #expect(abs(oscillator.ticks(at: SimulationTime(seconds: 5)) - atFive) < 1e-3)
        #expect(abs(oscillator.ticks(at: SimulationTime(seconds: 6)) - (atFive + rate)) < 1e-3)
        // And back from ticks to time, across the steps.
        let time = oscillator.time(atTicks: atFive + rate / 2, after: SimulationTime(seconds: 1))
        #expect(abs(time.seconds - 5.5) < 1e-11)
    }

    @Test("a scenario's clock.steps reach the device's oscillator; steps out of order or out of range are refused naming the field")
    func scenario() throws {
        func scenario(_ steps: String) throws -> Scenario {
            let json = """
                {"name": "steps", "devices": [{"name": "a", "board": "ft232h-dw1000-single", "position": [0, 0, 0],
                 "clock": {"offsetPPM": 5, "steps": \(steps)}}]}
                """
            return try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
        }
        let parsed = try scenario("[{\"atSeconds\": 3, \"offsetPPM\": -12}, {\"atSeconds\": 7, \"offsetPPM\": 20}]")
        #expect(parsed.devices[0].clock.steps == [
            ClockStep(atSecond: 3, offset: ClockOffset(partsPerMillion: -12)), ClockStep(atSecond: 7, offset: ClockOffset(partsPerMillion: 20)),
        ])
        let emulation = try Emulation(scenario: parsed)
        let oscillator = emulation.devices[0].chips[0].oscillator
        #expect(oscillator.offset(at: SimulationTime(seconds: 2.5)).partsPerMillion == 5)
        #expect(oscillator.offset(at: SimulationTime(seconds: 3.5)).partsPerMillion == -12)
        #expect(oscillator.offset(at: SimulationTime(seconds: 8)).partsPerMillion == 20)
        let refusals: [(String, String)] = [
            ("[{\"atSeconds\": 5, \"offsetPPM\": 1}, {\"atSeconds\": 5, \"offsetPPM\": 2}]", "devices[0].clock.steps[1].atSeconds"),
            ("[{\"atSeconds\": 0, \"offsetPPM\": 1}]", "devices[0].clock.steps[0].atSeconds"),
            ("[{\"atSeconds\": 2.5, \"offsetPPM\": 1}]", "devices[0].clock.steps[0].atSeconds"),
            ("[{\"atSeconds\": 2, \"offsetPPM\": 500}]", "devices[0].clock.steps[0].offsetPPM"),
            ("[{\"atSeconds\": 2}]", "devices[0].clock.steps[0].offsetPPM"),
        ]
        for (steps, field) in refusals {
            #expect {
                _ = try scenario(steps)
            } throws: { error in
                (error as? ScenarioError)?.field == field
            }
        }
    }
}
