import DW1000Driver
import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Virtual DW1000: reception diagnostics (UM §4.7, §7.2.19–7.2.21, §7.2.38, §7.2.40)")
struct DiagnosticsTests {
    /// Receives one frame at `level`, all in one clear path, and returns the receiver.
    static func receive(
        _ config: RadioConfig, level: Double, transmitterOffset: Double = 0, receiverOffset: Double = 0
    ) throws -> VirtualDW1000 {
        let bench = ChipBench()
        bench.receivedLevel = PowerLevel(dBm: level)
        let transmitter = bench.addChip(offset: transmitterOffset)
        let receiver = bench.addChip(offset: receiverOffset)
        try transmitter.program(config)
        try receiver.program(config)
        try receiver.write(.otpCtrl, DW1000Register.OtpCtrl.ldeload.mask)
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(100))
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(12))
        #expect(try receiver.has(DW1000Register.SysStatus.rxfcg))
        return receiver
    }

    /// The UM §4.7 levels from the registers, through the driver's formula.
    static func levels(_ receiver: VirtualDW1000, _ config: RadioConfig) throws -> (total: Double, firstPath: Double, cirPower: UInt64) {
        let formula = SignalPowerFormula(configuration: config)
        let accumulated = Int(DW1000Register.RxFinfo.rxpacc.value(in: try receiver.read(.rxFinfo)))
        let count = formula.correctedPreambleCount(accumulated: accumulated, unsaturated: Int(try receiver.read(.rxpaccNosat)))
        let quality = try receiver.read(.rxFqual)
        let cirPower = DW1000Register.RxFqual.cirPwr.value(in: quality)
        let total = formula.receivedLevel(impulseResponsePower: Int(cirPower), preambleCount: count)
        let firstPath = formula.firstPathLevel(amplitudes: (
            Int(try receiver.read(.fpAmpl1)),
            Int(DW1000Register.RxFqual.fpAmpl2.value(in: quality)),
            Int(DW1000Register.RxFqual.fpAmpl3.value(in: quality))), preambleCount: count)
        return (total.dBm, firstPath.dBm, cirPower)
    }

    @Test("one clear path: the UM §4.7 formulas on the written registers give back its level within 0.5 dB, −100…−60 dBm, and the first path reads within 1 dB below it (the pulse's energy beyond three taps)",
          arguments: [RadioConfig.ranging, RadioConfig.powerOnDefault])
    func levelsRoundTrip(config: RadioConfig) throws {
        for level in stride(from: -100.0, through: -60, by: 5) {
            let receiver = try Self.receive(config, level: level)
            let measured = try Self.levels(receiver, config)
            #expect(abs(measured.total - level) < 0.5, "RX level at \(level) dBm")
            #expect((-0.5...1).contains(measured.total - measured.firstPath), "RX − FP at \(level) dBm")
        }
    }

    /// A configuration with a preamble of `length` symbols (1024 and 4096 at 110 kbps, whose tuning they need).
    static func config(_ length: PreambleLength) throws -> RadioConfig {
        try RadioConfig(
            channel: .five, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: length, preambleCode: 9,
            startOfFrameDelimiter: .standard, dataRate: length.symbols >= 1024 ? .kbps110 : .mbps6_8)
    }

    /// The accumulator stops before a tap's part outgrows 2¹⁴ (DW1000 UM §7.2.40.12; 16 384 in measured
    /// captures), so a strong frame accumulates fewer symbols than its preamble has room for and neither
    /// CIR_PWR nor the first-path amplitudes clip: the levels read right from 64 to 4096 symbols.
    @Test("RXPACC stops short on strong frames and the levels read right without clipping, 64 to 4096 symbols",
          arguments: [PreambleLength.symbols64, .symbols128, .symbols1024, .symbols4096])
    func accumulationWithoutClipping(length: PreambleLength) throws {
        let config = try Self.config(length)
        for level in [-100.0, -85, -70, -55] {
            let receiver = try Self.receive(config, level: level)
            let accumulated = DW1000Register.RxFinfo.rxpacc.value(in: try receiver.read(.rxFinfo))
            let room = try receiver.read(.rxpaccNosat)
            #expect(accumulated <= room)
            #expect(room <= UInt64(length.symbols + 64), "room for the preamble and the SFD's symbols at most")
            let measured = try Self.levels(receiver, config)
            #expect(measured.cirPower < 0xFFFF, "CIR_PWR clipped at \(level) dBm, \(length)")
            // Within 0.5 dB where the taps stand well above the noise; at −100 dBm a 64-symbol accumulation
            // holds the channel only 10 dB above it, and the level reads within 1.5 dB.
            #expect(abs(measured.total - level) < (level < -95 && length.symbols < 1024 ? 1.5 : 0.5), "RX level at \(level) dBm, \(length)")
            let octets = try receiver.readOctets(.accMem, offset: 0, count: 1 + 4 * 1016)
            var largest = 0.0
            for start in stride(from: 1, to: octets.count - 3, by: 4) {
                largest = max(largest, abs(Self.signed16(octets[start], octets[start + 1])), abs(Self.signed16(octets[start + 2], octets[start + 3])))
            }
            #expect(largest <= 16_384 + 2_000, "a tap outgrew the accumulator at \(level) dBm (noise may add a little)")
        }
        // A strong frame stops well short; a weak one uses all the room, but for 4096 symbols, which fill a tap
        // even at −100 dBm (a real chip stops at 282 symbols at −79 dBm, 21 dB stronger: 11.2 times sooner).
        let strong = try Self.receive(config, level: -55)
        #expect(DW1000Register.RxFinfo.rxpacc.value(in: try strong.read(.rxFinfo)) < (try strong.read(.rxpaccNosat)))
        let weak = try Self.receive(config, level: -100)
        let weakCount = DW1000Register.RxFinfo.rxpacc.value(in: try weak.read(.rxFinfo))
        let weakRoom = try weak.read(.rxpaccNosat)
        if length.symbols <= 1024 {
            #expect(weakCount == weakRoom)
        } else {
            #expect(weakCount > 1000 && weakCount < weakRoom)
        }
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
        let raw = DW1000Register.RxTtcko.rxtofs.value(in: try chip.read(.rxTtcko))
        let signed = raw & 0x4_0000 != 0 ? Int64(raw) - 0x8_0000 : Int64(raw)
        #expect(abs(Double(signed) / Double(interval) * 1e6 - truth) <= 1e6 / Double(interval))
    }

    @Test("ACC_MEM reads start with a dummy octet; FP_AMPL1–3 are the magnitudes of the three taps after FP_INDEX's, as the LDE approximates them")
    func accumulator() throws {
        let chip = try Self.receive(.ranging, level: -90)
        let index = Int(try chip.read(.fpIndex) >> 6)
        let octets = try chip.readOctets(.accMem, offset: (index + 1) * 4, count: 1 + 12)
        #expect(octets.count == 13)
        #expect(octets[0] == 0)
        let quality = try chip.read(.rxFqual)
        let amplitudes = [
            Double(try chip.read(.fpAmpl1)), Double(DW1000Register.RxFqual.fpAmpl2.value(in: quality)),
            Double(DW1000Register.RxFqual.fpAmpl3.value(in: quality)),
        ]
        for (offset, start) in stride(from: 1, to: 13, by: 4).enumerated() {
            let real = Self.signed16(octets[start], octets[start + 1])
            let imaginary = Self.signed16(octets[start + 2], octets[start + 3])
            let magnitude = LeadingEdgeDetector.magnitude(real: real, imaginary: imaginary)
            #expect(abs(magnitude - amplitudes[offset]) <= 1.5)
        }
        // A read of one sample returns 1 + 4 octets, the dummy first, whatever the start index.
        #expect(try chip.readOctets(.accMem, offset: (index + 2) * 4, count: 5) == [0] + Array(octets[5..<9]))
        // Far from the first path the accumulator holds noise of the size STD_NOISE says.
        let noise = Double(DW1000Register.RxFqual.stdNoise.value(in: quality))
        let far = try chip.readOctets(.accMem, offset: 100 * 4, count: 1 + 4 * 200)
        var sum = 0.0
        for start in stride(from: 1, to: far.count - 3, by: 4) {
            sum += Self.signed16(far[start], far[start + 1]) * Self.signed16(far[start], far[start + 1])
        }
        let deviation = (sum / 200).squareRoot()
        #expect(deviation > 0.7 * noise && deviation < 1.3 * noise)
    }

    @Test("ACC_MEM's taps around the first path read back as the taps the leading-edge detection read, frame after frame, and at their reset value after a reset")
    func accumulatorWindowReadsBack() throws {
        let bench = ChipBench()
        bench.receivedLevel = PowerLevel(dBm: -85)
        let transmitter = bench.addChip()
        let receiver = bench.addChip()
        try transmitter.program(.ranging)
        try receiver.program(.ranging)
        try receiver.write(.otpCtrl, DW1000Register.OtpCtrl.ldeload.mask)
        var readings: [[UInt8]] = []
        for _ in 0..<2 {
            try receiver.command(DW1000Register.SysCtrl.rxenab)
            bench.run(for: .microseconds(100))
            try transmitter.command(DW1000Register.SysCtrl.txstrt)
            bench.run(for: .milliseconds(12))
            #expect(try receiver.has(DW1000Register.SysStatus.rxfcg))
            let reading = try #require(receiver.lastPreambleReading)
            let window = reading.window
            let taps = reading.taps
            let expected = [UInt8(0)] + window.indices.flatMap { index -> [UInt8] in
                let position = index - window.lowerBound
                let parts = [taps.real[position], taps.imaginary[position]].map {
                    UInt16(bitPattern: Int16($0.roundedInteger(within: -32_767...32_767)))
                }
                return parts.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
            }
            let octets = try receiver.readOctets(.accMem, offset: window.lowerBound * 4, count: 1 + 4 * window.count)
            #expect(octets == expected)
            readings.append(octets)
        }
        #expect(readings[0] != readings[1], "each frame has its own noise")
        // A reception, then a reset before any read: ACC_MEM reads as the reset left it.
        try receiver.command(DW1000Register.SysCtrl.rxenab)
        bench.run(for: .microseconds(100))
        try transmitter.command(DW1000Register.SysCtrl.txstrt)
        bench.run(for: .milliseconds(12))
        let window = try #require(receiver.lastPreambleReading).window
        receiver.hardReset()
        let octets = try receiver.readOctets(.accMem, offset: window.lowerBound * 4, count: 1 + 4 * window.count)
        #expect(octets == Array(repeating: 0, count: 1 + 4 * window.count))
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
