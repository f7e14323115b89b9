import DW3000Driver
import Foundation
import Testing
import UWBCore
import UWBTestSupport
@testable import UWBEmulator

/// The real DW3000 driver on virtual DW3000s in a free-space room, end to end: timestamps,
/// delayed TX, levels and clock offset as the driver reads them, the STS reading, and the PDoA of
/// a DW3220 against the plane-wave phase difference.
///
/// Figures worked by hand: λ = c/f is 46.196 mm on channel 5 (6489.6 MHz) and 37.534 mm on
/// channel 9 (7987.2 MHz); at 5.015 m the Friis loss on channel 5 is 48.692 + 20·log10(5.015) =
/// 62.70 dB, so −14.3 dBm arrives at −77.00 dBm (APS011's bias there is 0); channel 9 adds
/// 20·log10(7987.2/6489.6) = 1.80 dB.
@Suite("DW3000 driver on virtual DW3000s")
struct DW3000LinkTests {
    static let distance = 5.015
    static let flightTicks = distance / 299_792_458 * 63.8976e9
    /// A DW3110 sender facing a receiver on `receiverBoard` 5.015 m away along −z (their backs to each other,
    /// so no body is in the way), `count` frames, both configured with `configuration`.
    static func link(
        receiverBoard: String = "ft232h-dwm3000-single", senderPPM: Double = 0, angle: Double = 0, channel: Channel = .five,
        configuration: RadioConfig = .ranging, count: Int = 100, seed: UInt64 = 21
    ) throws -> OneWayLink {
        let theta = angle * .pi / 180
        let position = Vector3(x: distance * sin(theta), y: 0, z: -distance * cos(theta))
        let world = Emulation(seed: seed, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        let configured = try RadioConfig(
            channel: channel, pulseRepetitionFrequency: configuration.pulseRepetitionFrequency, preambleLength: configuration.preambleLength,
            preambleCode: configuration.preambleCode, startOfFrameDelimiter: configuration.startOfFrameDelimiter,
            dataRate: configuration.dataRate, secureTimestamps: configuration.secureTimestamps)
        return try OneWayLink.run(
            in: world,
            sender: WorldFixtures.device(
                "tag", at: position, boardID: "ft232h-dwm3000-single", clockOffset: senderPPM,
                orientation: Orientation(yaw: Angle(radians: theta + .pi))),
            receiver: WorldFixtures.device("station", at: .zero, boardID: receiverBoard), count: count,
            prepare: { sender, receiver in
                for transceiver in sender.radio.transceivers + receiver.radio.transceivers {
                    try transceiver.configure(configured)
                }
            })
    }

    @Test("RX − TX on a common clock is d/c, and a delayed TX starts on the 512-tick grid plus TX_ANTD")
    func timestamps() throws {
        let link = try Self.link()
        #expect(link.receptions.count == 100)
        let differences = try TimestampPhysicsTests.commonClockDifferences(link)
        // σ ≈ 2 cm = 4.3 ticks a frame: the mean of 100 is within ±1.3 ticks at 3σ.
        #expect(abs(mean(differences) - Self.flightTicks) < 1.5, "mean \(mean(differences)) ticks, d/c \(Self.flightTicks)")
        let antennaDelay = try WorldFixtures.board("ft232h-dwm3000-single").chips[0].calibration.txAntennaDelay
        for transmitted in link.transmitted {
            #expect((transmitted - antennaDelay).ticks & 511 == 0)
        }
    }

    @Test("levels and the clock offset as the driver reads them")
    func diagnostics() throws {
        let link = try Self.link(senderPPM: 10, count: 20)
        #expect(link.receptions.count == 20)
        for reception in link.receptions {
            let diagnostics = reception.frame.diagnostics
            #expect(abs(diagnostics.receivedLevel.dBm - -77.0) < 0.5, "\(diagnostics.receivedLevel)")
            // One clear path: the three taps after the first path hold nearly all of it.
            #expect((-0.5...1).contains(diagnostics.receivedLevel.dBm - diagnostics.firstPathLevel.dBm), "\(diagnostics.firstPathLevel)")
            // COE_PPM counts 2⁻²⁶ ≈ 0.0149 ppm.
            #expect(abs(diagnostics.clockOffset.partsPerMillion - 10) < 0.05, "\(diagnostics.clockOffset)")
        }
    }

    @Test("a shared STS: good quality and an STS time within 2 ns of the preamble's; without one, no reading")
    func secureTimestamp() throws {
        let link = try Self.link(configuration: RadioConfig.ranging.withSecureTimestamps(try TestSecureTimestamps.ranging()), count: 20)
        #expect(link.receptions.count == 20)
        for reception in link.receptions {
            let reading = try #require(reception.frame.diagnostics.secureTimestamp)
            #expect(reading.isGood)
            #expect(reading.quality == 64)
            #expect(abs((reading.time - reception.frame.timestamp).ticks) <= 128)
        }
        let plain = try Self.link(count: 5)
        #expect(plain.receptions.allSatisfy { $0.frame.diagnostics.secureTimestamp == nil })
    }

    @Test("DW3220 PDoA through the medium is 2π·d·sin θ/λ (d = 16.9 mm) on channels 5 and 9",
          arguments: [(Channel.five, 46.196e-3), (Channel.nine, 37.534e-3)], [-40.0, 0, 30])
    func phaseDifference(channel: (Channel, Double), degrees: Double) throws {
        let link = try Self.link(
            receiverBoard: "ft232h-dw3220-pdoa", angle: degrees, channel: channel.0,
            configuration: RadioConfig.ranging.withSecureTimestamps(try TestSecureTimestamps.ranging()), count: 40)
        let differences = link.receptions.compactMap { $0.frame.diagnostics.phaseDifference?.radians }
        #expect(differences.count == 40)
        let expected = Angle(radians: 2 * .pi * 0.0169 * sin(degrees * .pi / 180) / channel.1).wrapped.radians
        let measured = atan2(mean(differences.map(sin)), mean(differences.map(cos)))
        #expect(abs(Angle(radians: measured - expected).wrapped.radians) < 0.05, "PDoA \(measured) rad, expected \(expected)")
    }

    @Test("the DW3000 driver refuses 110 kbps")
    func noLowRate() throws {
        let world = try WorldFixtures.freeSpace()
        let device = try world.add(try WorldFixtures.device("a", at: .zero, boardID: "ft232h-dwm3000-single"))
        let slow = try RadioConfig(
            channel: .five, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols1024, preambleCode: 9,
            startOfFrameDelimiter: .standard, dataRate: .kbps110)
        #expect(throws: TransceiverError.self) { try device.radio.primary.configure(slow) }
    }
}
