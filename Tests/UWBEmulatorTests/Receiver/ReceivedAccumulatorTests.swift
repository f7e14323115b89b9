import Foundation
import Testing
import UWBCore
import UWBEmulator

/// `VirtualRadio.lastReceivedAccumulator`: the last reception's whole accumulator without a read over
/// SPI, the same taps a driver then reads over SPI, with the chip's reading and the frame's instant.
@Suite("The last reception's accumulator, without SPI")
struct ReceivedAccumulatorTests {
    @Test("its taps are what the driver reads over SPI afterwards, unchanged by asking; its reading is the chip's",
          arguments: ["ft232h-dw1000-single", "ft232h-dwm3000-single"])
    func sameAsSPI(board: String) throws {
        let link = try AccumulatorReadTests.link(board: board)
        let chip = link.world.devices[1].chips[0]
        let received = try #require(chip.lastReceivedAccumulator)
        let reading = try #require(chip.lastPreambleReading)
        #expect(received.reading.edge == reading.edge)
        #expect(received.reading.noise == reading.noise)
        #expect(received.rmarker > .zero && received.rmarker <= link.world.simulator.now)
        let again = try #require(chip.lastReceivedAccumulator)
        #expect(again.rmarker == received.rmarker)
        let count = received.accumulator.format.sampleCount
        let taps = received.accumulator.taps(in: 0..<count)
        #expect(again.accumulator.taps(in: 0..<count).real == taps.real)
        let response = try link.world.devices[1].radio.transceivers[0].readChannelImpulseResponse(.preamble, samples: nil)
        #expect(response.samples.count == count)
        // The chip stores each part rounded to a whole number (and kept within its width).
        let differences = zip(response.samples, zip(taps.real, taps.imaginary)).map { sample, tap in
            max(abs(Double(sample.real) - tap.0), abs(Double(sample.imaginary) - tap.1))
        }
        #expect(differences.allSatisfy { $0 <= 0.5 + 1e-9 }, "largest difference \(differences.max() ?? 0)")
    }
}
