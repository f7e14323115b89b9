import Testing
@testable import UWBCore

@Suite("DeviceDuration: signed spans of device ticks")
struct DeviceDurationTests {
    @Test("one microsecond is 63897.6 ticks, rounded to the nearest")
    func microsecond() throws {
        #expect(try DeviceDuration.microseconds(1).ticks == 63_898)
        #expect(try DeviceDuration.milliseconds(1).ticks == 63_897_600)
    }

    @Test("the DX_TIME granularity of 512 ticks is 8.0128 ns")
    func delayedTransmitGranularity() {
        #expect(abs(DeviceDuration(ticks: 512).seconds - 8.0128e-9) < 1e-13)
    }

    @Test("10 m of light travel is 33.356 ns, about 2131 ticks")
    func lightTravel() throws {
        let flight = try DeviceDuration(seconds: 10 / 299_792_458)
        #expect(flight.ticks == 2131)
        #expect(abs(flight.lightTravelDistance.metres - 10) < 0.0024)
    }

    @Test("non-finite and huge values are rejected")
    func rejectsNonFinite() {
        #expect(throws: DeviceDurationError.self) { try DeviceDuration(seconds: .nan) }
        #expect(throws: DeviceDurationError.self) { try DeviceDuration(seconds: .infinity) }
        #expect(throws: DeviceDurationError.self) { try DeviceDuration(seconds: 1e12) }
    }

    @Test("spans are ordered and signed")
    func ordering() {
        #expect(DeviceDuration(ticks: -5) < .zero)
        #expect(-DeviceDuration(ticks: 5) == DeviceDuration(ticks: -5))
        #expect(DeviceDuration(ticks: 3) + DeviceDuration(ticks: 4) == DeviceDuration(ticks: 7))
    }
}
