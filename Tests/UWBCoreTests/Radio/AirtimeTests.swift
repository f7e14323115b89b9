import Testing
@testable import UWBCore

/// The worked airtimes of `Docs/reference/uwb-physics.md` §1.3 (64 MHz PRF, PHR counted as 21 bits),
/// computed there by hand from `Tpsym·(Nsync+Nsfd) + Tbsym·Nphr + Tdsym·8·N/0.87`.
@Suite("Frame airtime against the physics reference")
struct AirtimeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let rate: DataRate
        let length: PreambleLength
        let sfd: StartOfFrameDelimiter
        let octets: Int
        let milliseconds: Double
        var testDescription: String { "\(rate), \(length), \(octets) octets: \(milliseconds) ms" }
    }

    static let cases = [
        Case(rate: .kbps110, length: .symbols1024, sfd: .decawave, octets: 24, milliseconds: 3.09),
        Case(rate: .kbps110, length: .symbols1024, sfd: .decawave, octets: 15, milliseconds: 2.41),
        Case(rate: .kbps850, length: .symbols1024, sfd: .standard, octets: 24, milliseconds: 1.30),
        Case(rate: .mbps6_8, length: .symbols128, sfd: .standard, octets: 24, milliseconds: 0.19),
    ]

    @Test("within 1% of the reference's worked values", arguments: cases)
    func workedAirtimes(_ example: Case) throws {
        let config = try RadioConfig(
            channel: .two, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: example.length,
            preambleCode: 9, startOfFrameDelimiter: example.sfd, dataRate: example.rate)
        let airtime = config.airtime(frameLength: example.octets)
        let milliseconds = airtime.secondsValue * 1000
        #expect(abs(milliseconds - example.milliseconds) / example.milliseconds < 0.01, "got \(milliseconds) ms")
    }

    @Test("each extra octet adds 8 bit times over 0.87 (6.8 Mbps: 1.179 us)")
    func perOctet() throws {
        let config = RadioConfig.ranging
        let delta = config.airtime(frameLength: 25) - config.airtime(frameLength: 24)
        let microseconds = delta.secondsValue * 1e6
        #expect(abs(microseconds - 8 * 0.12821 / 0.87) < 0.001)
    }
}
