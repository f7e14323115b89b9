import EmulatorHarness
import Testing
import UWBCore
import UWBEmulator

@Suite("Ranging accuracy: update rate and latency (virtual time)")
struct TimelinessTests {
    @Test("one pair at 150 Hz: every round measured on both sides, each within 200 µs of its completing frame")
    func rateAndLatency() throws {
        let rate = 150.0
        let seconds = 1.0
        let ranging = try ScenarioRanging(scenario: try AccuracyWorld.pair(distance: 3).scenario(), seed: 7, rate: rate)
        let probes = ranging.emulation.devices.compactMap { device in
            device.radio.handler.map { handler in
                let probe = CompletionLatencyProbe(wrapping: handler, on: device.radio, of: ranging)
                device.radio.adopt(probe)
                return probe
            }
        }
        ranging.run(until: SimulationTime(seconds: seconds))

        #expect(ranging.failures.isEmpty && ranging.skippedRounds == 0)
        #expect(probes.count == 2)
        for probe in probes {
            #expect(Double(probe.samples.count) >= 0.95 * rate * seconds, "\(probe.samples.count) measurements")
            for sample in probe.samples {
                #expect(sample.latency > 0 && sample.latency < 200e-6, "latency \(sample.latency) s")
            }
        }
        let responder = try #require(probes.last)
        #expect(responder.samples.allSatisfy { $0.frame == $0.record.measurement.timestamps?.finalReceived },
                "the responder's measurement follows FINAL's reception")
        #expect(ranging.records.count == probes.reduce(0) { $0 + $1.samples.count }, "every measurement is made while handling a frame")
    }
}
