import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// The update interval a ``SessionMesh`` runs its sessions at, and the worlds it refuses.
@Suite("SessionMesh: intervals and limits")
struct SessionMeshIntervalTests {
    /// The world of the shipped scenario `name`.
    static func world(_ name: String) throws -> Emulation {
        try Emulation(scenario: Scenario.load(
            from: Repository.path("Docs/scenarios/\(name).json"), boardSearchPaths: [Repository.boardsDirectory]))
    }

    @Test("without an interval, 100 ms where the radios keep it")
    func preferred() throws {
        let mesh = try SessionMesh(emulation: Self.world("two-devices-3m"), interval: nil, tokenSeed: 1)
        #expect(mesh.interval == .milliseconds(100))
        #expect(mesh.interval == SessionMesh.preferredInterval)
    }

    @Test("without an interval at 110 kbps, the nearest whole millisecond the radios keep, and the sessions range")
    func nearest() throws {
        let mesh = try SessionMesh(emulation: Self.world("office-wall"), interval: nil, tokenSeed: 1)
        // The device service keeps at least two of its longest rounds (secured frames): 138.84 ms at 110 kbps.
        #expect(mesh.updateIntervals.lowerBound > .milliseconds(138) && mesh.updateIntervals.lowerBound < .milliseconds(139))
        #expect(mesh.interval == .milliseconds(139))
        mesh.run(until: SimulationTime(seconds: 1), pacing: WallClockPacing(), speed: 0)
        let reports = mesh.collect()
        let measured = reports.filter { if case .measured = $0.event { true } else { false } }
        let ended = reports.filter {
            switch $0.event {
            case .removed, .invalidated: true
            case .started, .measured: false
            }
        }
        #expect(measured.count >= 10, "\(reports.count) reports")
        #expect(ended.isEmpty)
    }

    @Test("an interval asked for that the radios do not keep is refused with their range")
    func outOfRange() throws {
        let error = #expect(throws: SessionMeshError.self) {
            try SessionMesh(emulation: Self.world("office-wall"), interval: .milliseconds(100), tokenSeed: 1)
        }
        guard case .intervalOutOfRange(let interval, let lowest, let highest) = error else {
            Issue.record("expected intervalOutOfRange, got \(String(describing: error))")
            return
        }
        #expect(interval == .milliseconds(100) && lowest > interval && highest == .seconds(1))
        // The lower bound is rounded up, so the value the message gives is inside the range.
        #expect(error?.description == "an update interval of 100 ms is outside the 138.84 to 1000 ms the devices' radios keep")
    }

    @Test("one device is refused")
    func oneDevice() throws {
        let emulation = try Emulation(scenario: EmulatedRangingTests.scenario(devices: 1))
        let error = #expect(throws: SessionMeshError.notEnoughDevices(1)) {
            try SessionMesh(emulation: emulation, interval: nil, tokenSeed: 1)
        }
        #expect(error?.description == "devices: the scenario has 1 device; sessions need at least 2: add a device to the scenario")
    }

    @Test("more devices than a mesh may have are refused before any session is made")
    func tooManyDevices() throws {
        let emulation = try Emulation(scenario: EmulatedRangingTests.scenario(devices: SessionMesh.maximumDevices + 1))
        let error = #expect(throws: SessionMeshError.tooManyDevices(31)) {
            try SessionMesh(emulation: emulation, interval: nil, tokenSeed: 1)
        }
        #expect(error?.description.hasPrefix("devices: the scenario has 31 devices; sessions between every two of them work for at most 30 (435 pairs;") == true)
    }
}
