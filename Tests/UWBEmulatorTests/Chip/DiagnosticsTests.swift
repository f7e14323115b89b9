import DW1000Driver
import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Virtual DW1000: reception diagnostics (UM §4.7, §7.2.19–7.2.21, §7.2.38, §7.2.40)")
struct DiagnosticsTests {
    /// Receives one frame at `level` (first path 2 dB lower) and returns the receiver.
    static func receive(
        _ config: RadioConfig, level: Double, transmitterOffset: Double = 0, receiverOffset: Double = 0
    ) throws -> VirtualDW1000 {
        let bench = ChipBench()
        bench.receivedLevel = PowerLevel(dBm: level)
        bench.firstPathLevel = PowerLevel(dBm: level - 2)
        let transmitter = bench.addChip(offset: transmitterOffset)
        let receiver = bench.addChip(offset: receiverOffset)
        try transmitter.program(config)
        try receiver.program(config)
        try receiver.write(.otpCtrl, Register.OtpCtrl.ldeload.mask)
        try receiver.command(Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(100))
        try transmitter.command(Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(5))
        #expect(try receiver.has(Register.SysStatus.rxfcg))
        return receiver
    }

    /// The UM §4.7 levels from the registers, through the driver's formula.
    static func levels(_ receiver: VirtualDW1000, _ config: RadioConfig) throws -> (total: Double, firstPath: Double, cirPower: UInt64) {
        let formula = SignalPowerFormula(configuration: config)
        let accumulated = Int(Register.RxFinfo.rxpacc.value(in: try receiver.read(.rxFinfo)))
        let count = formula.correctedPreambleCount(accumulated: accumulated, unsaturated: Int(try receiver.read(.rxpaccNosat)))
        let quality = try receiver.read(.rxFqual)
        let cirPower = Register.RxFqual.cirPwr.value(in: quality)
        let total = formula.receivedLevel(impulseResponsePower: Int(cirPower), preambleCount: count)
        let firstPath = formula.firstPathLevel(amplitudes: (
            Int(try receiver.read(.fpAmpl1)),
            Int(Register.RxFqual.fpAmpl2.value(in: quality)),
            Int(Register.RxFqual.fpAmpl3.value(in: quality))), preambleCount: count)
        return (total.dBm, firstPath.dBm, cirPower)
    }

    @Test("the UM §4.7 formulas on the written registers give back the arrival's levels within 0.5 dB, −100…−65 dBm",
          arguments: [RadioConfig.ranging, RadioConfig.powerOnDefault])
    func levelsRoundTrip(config: RadioConfig) throws {
        for level in stride(from: -100.0, through: -65, by: 5) {
            let receiver = try Self.receive(config, level: level)
            let measured = try Self.levels(receiver, config)
            #expect(abs(measured.total - level) < 0.5, "RX level at \(level) dBm")
            #expect(abs(measured.firstPath - (level - 2)) < 0.5, "first path at \(level - 2) dBm")
        }
    }

    /// The level at which CIR_PWR reaches 0xFFFF: 10·log10(65535·2¹⁷/N²) − A (UM §4.7.2).
    static func saturationLevel(_ config: RadioConfig, count: Int) -> Double {
        let correction = config.pulseRepetitionFrequency == .sixteenMegahertz ? 113.77 : 121.74
        return 10 * log10(65_535 * 131_072 / Double(count * count)) - correction
    }

    /// CIR_PWR is 16 bits: it saturates where C·2¹⁷/N² = 10^((L + A)/10) exceeds 65535. With a
    /// 128-symbol preamble that is above −65 dBm (≈ −55.0 dBm at 16 MHz PRF, ≈ −63.0 dBm at 64 MHz,
    /// N = 107); with 1024 symbols (N = 955) it is ≈ −74.0 dBm at 16 MHz and ≈ −82.0 dBm at 64 MHz PRF, so long
    /// preambles at short range read 0xFFFF and under-report the level.
    @Test("CIR_PWR saturates at 0xFFFF where the manual's formula says; beyond it the level reads low")
    func impulsePowerSaturation() throws {
        let config = try RadioConfig(channel: .five, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols1024,
                                     preambleCode: 9, startOfFrameDelimiter: .standard, dataRate: .mbps6_8)
        let probe = try Self.receive(config, level: -90)
        let accumulated = Int(Register.RxFinfo.rxpacc.value(in: try probe.read(.rxFinfo)))
        let count = accumulated - 5   // standard SFD, RXPACC = RXPACC_NOSAT (UM §7.2.40.12)
        let saturation = Self.saturationLevel(config, count: count)
        #expect(saturation > -85 && saturation < -78)
        #expect(abs(Self.saturationLevel(.ranging, count: 107) - -63.0) < 0.05)
        let below = try Self.levels(try Self.receive(config, level: saturation - 1), config)
        #expect(below.cirPower < 0xFFFF)
        #expect(abs(below.total - (saturation - 1)) < 0.5)
        let above = try Self.levels(try Self.receive(config, level: saturation + 6), config)
        #expect(above.cirPower == 0xFFFF)
        #expect(abs(above.total - saturation) < 0.05)
    }

    @Test("the carrier integrator gives back the true relative clock offset (transmitter relative to receiver)",
          arguments: [(10.0, -5.0), (-20, 20), (0, 0), (3.5, 3.5)])
    func carrierIntegrator(transmitter: Double, receiver: Double) throws {
        let config = RadioConfig.ranging
        let chip = try Self.receive(config, level: -80, transmitterOffset: transmitter, receiverOffset: receiver)
        let truth = ((1 + transmitter * 1e-6) / (1 + receiver * 1e-6) - 1) * 1e6
        let measured = CarrierIntegrator(configuration: config).clockOffset(registerValue: try chip.read(.drxCarInt))
        // One integrator unit is 998.4e6/2/1024/131072 Hz = 3.72 Hz, 5.73e-4 ppm at 6.4896 GHz.
        #expect(abs(measured.partsPerMillion - truth) <= 5.8e-4)
        // RX_TTCKO/RX_TTCKI gives the same offset to the tracking offset's resolution (UM §7.2.21).
        let interval = try chip.read(.rxTtcki)
        #expect(interval == 0x01FC_0000)
        let raw = Register.RxTtcko.rxtofs.value(in: try chip.read(.rxTtcko))
        let signed = raw & 0x4_0000 != 0 ? Int64(raw) - 0x8_0000 : Int64(raw)
        #expect(abs(Double(signed) / Double(interval) * 1e6 - truth) <= 1e6 / Double(interval))
    }

    @Test("ACC_MEM reads start with a dummy octet; the first-path samples have the first-path amplitude")
    func accumulator() throws {
        let chip = try Self.receive(.ranging, level: -90)
        let index = Int(try chip.read(.fpIndex) >> 6)
        let octets = try chip.readOctets(.accMem, offset: index * 4, count: 1 + 12)
        #expect(octets.count == 13)
        #expect(octets[0] == 0)
        let amplitude = Double(try chip.read(.fpAmpl1))
        for start in stride(from: 1, to: 13, by: 4) {
            let real = Self.signed16(octets[start], octets[start + 1])
            let imaginary = Self.signed16(octets[start + 2], octets[start + 3])
            let magnitude: Double = (real * real + imaginary * imaginary).squareRoot()
            #expect(abs(magnitude - amplitude) <= 1.5)
        }
        // A read of one sample returns 1 + 4 octets, the dummy first, whatever the start index.
        #expect(try chip.readOctets(.accMem, offset: index * 4 + 4, count: 5) == [0] + Array(octets[5..<9]))
    }

    /// A signed 16-bit accumulator part from its two octets, low first.
    static func signed16(_ low: UInt8, _ high: UInt8) -> Double {
        let bits: UInt16 = UInt16(low) | UInt16(high) << 8
        return Double(Int16(bitPattern: bits))
    }

    @Test("the last accumulator sample can be read with its dummy octet")
    func lastAccumulatorSample() throws {
        let chip = ChipBench().addChip()
        #expect(try chip.readOctets(.accMem, offset: 4_060, count: 5).count == 5)
        #expect(try chip.readOctets(.accMem, offset: 0, count: 4_065).count == 4_065)
        #expect(throws: VirtualChipError.self) {
            try chip.readOctets(.accMem, offset: 4_060, count: 6)
        }
    }
}
