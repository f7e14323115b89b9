import Testing
import EmulatorHarness
import UWBCore
import UWBEmulator

@Suite("An emulated world goes with everything in it")
struct WorldLifetimeTests {
    @Test("the warehouse's DL-TDoA world, stopped with events queued and arrivals kept back at chips that were sending, frees its simulator, medium and chips once released (each world of a benchmark's loop stayed, 60 MB and more)")
    func freed() throws {
        weak var simulator: Simulator?
        weak var medium: Medium?
        weak var chip: AnyObject?
        do {
            let positioning = try ScenarioPositioning(scenario: Scenario.load(from: "warehouse"))
            positioning.run(until: SimulationTime(seconds: 0.3105))
            #expect(positioning.emulation.simulator.nextEventTime != nil)
            simulator = positioning.emulation.simulator
            medium = positioning.emulation.medium
            chip = positioning.emulation.devices[0].chips[0] as AnyObject
        }
        #expect(simulator == nil)
        #expect(medium == nil)
        #expect(chip == nil)
    }
}
