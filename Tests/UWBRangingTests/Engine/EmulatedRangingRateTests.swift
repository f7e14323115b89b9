import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// The rate ``ScenarioRanging`` ranges at, the set-ups it refuses, and measurements taken as the
/// world runs.
@Suite("ScenarioRanging: rates, limits and streaming")
struct EmulatedRangingRateTests {
    @Test("without a rate, 10 Hz where the slots allow it")
    func preferredRate() throws {
        let ranging = try ScenarioRanging(scenario: EmulatedRangingTests.scenario(devices: 3), rate: nil)
        #expect(ranging.rate == ScenarioRanging.preferredRate)
        #expect(ranging.rate == 10)
    }

    @Test("without a rate, the fastest the slots allow when 10 Hz does not fit the peers (the shipped hall)")
    func fastestRate() throws {
        let hall = try Scenario.load(
            from: Repository.path("Docs/scenarios/hall-twenty.json"), boardSearchPaths: [Repository.boardsDirectory])
        let ranging = try ScenarioRanging(scenario: hall, rate: nil)
        #expect(ranging.slots.peers == 19)
        #expect(!ranging.slots.fits(10))
        #expect(ranging.rate == ranging.slots.fastestRate)
        #expect(ranging.rate > 9 && ranging.rate < 10)
        ranging.run(until: SimulationTime(seconds: 1))
        #expect(ranging.skippedRounds == 0)
        #expect(!ranging.records.isEmpty)
    }

    @Test("a rate asked for that does not fit is refused with the fastest that does")
    func explicitRateTooHigh() throws {
        let error = #expect(throws: ScenarioRangingError.self) {
            try ScenarioRanging(scenario: EmulatedRangingTests.scenario(devices: 20), rate: 10)
        }
        guard case .rateTooHigh(let hertz, let slots) = error else {
            Issue.record("expected rateTooHigh, got \(String(describing: error))")
            return
        }
        #expect(hertz == 10 && slots.peers == 19)
        let text = try #require(error?.description)
        #expect(text.hasPrefix("--rate 10 Hz with 19 peers leaves each peer a slot shorter than the "))
        #expect(text.hasSuffix("; use at most \(JSONNumberText.text(slots.fastestRate)) Hz"))
    }

    @Test("rates that are not numbers, not positive, or slower than a round a day are refused", arguments: [
        0, -1, .nan, .infinity, 1e-30,
    ])
    func invalidRates(rate: Double) throws {
        let error = #expect(throws: ScenarioRangingError.self) {
            try ScenarioRanging(scenario: EmulatedRangingTests.scenario(devices: 2), rate: rate)
        }
        #expect(error?.description.contains("at least 1/86400 (one round a day, the longest run)") == true)
    }

    @Test("more devices than a scenario may have, built in code, are refused before the world is built")
    func tooManyDevices() throws {
        var scenario = try EmulatedRangingTests.scenario(devices: 2)
        let device = scenario.devices[1]
        scenario.devices = Array(repeating: device, count: Scenario.maximumDeviceCount + 1)
        #expect(throws: ScenarioRangingError.tooManyDevices(16_385)) { try ScenarioRanging(scenario: scenario, rate: nil) }
    }

    @Test("one device is refused with the field and what to do")
    func oneDevice() throws {
        let error = #expect(throws: ScenarioRangingError.notEnoughDevices(1)) {
            try ScenarioRanging(scenario: EmulatedRangingTests.scenario(devices: 1), rate: nil)
        }
        #expect(error?.description == "devices: the scenario has 1 device; ranging needs at least 2: add a device to the scenario")
    }

    @Test("taking the records and failures as the world runs gives the same measurements as keeping them")
    func streaming() throws {
        let scenario = try EmulatedRangingTests.scenario(devices: 3)
        let kept = try ScenarioRanging(scenario: scenario, rate: nil)
        kept.run(until: SimulationTime(seconds: 2))
        let streamed = try ScenarioRanging(scenario: scenario, rate: nil)
        var taken: [RangingRecord] = []
        var failures = 0
        for tenth in 1...20 {
            streamed.run(until: SimulationTime(seconds: Double(tenth) / 10))
            taken += streamed.takeRecords()
            failures += streamed.takeFailures().count
        }
        #expect(taken == kept.records)
        #expect(failures == kept.failures.count)
        #expect(streamed.records.isEmpty && streamed.failures.isEmpty)
        #expect(taken.count == 80)
    }
}
