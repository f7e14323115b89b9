import Foundation
import DW1000Driver
import Testing
import UWBCore
@testable import UWBEmulator

/// What a chip's carrier phase does at a reset: kept (`fixed`), or drawn anew (`random`), as the
/// PLL of a DW1000 without SYNC relocks at an arbitrary phase.
@Suite("Virtual DW1000: the phase offset at a reset")
struct PhaseAtResetTests {
    static func chip(_ bench: ChipBench, _ behaviour: PhaseAtReset) -> VirtualDW1000 {
        var hardware = ChipBench.hardware()
        hardware.phaseOffset = Angle(radians: 0.9)
        hardware.phaseAtReset = behaviour
        return bench.addChip(hardware: hardware)
    }

    static func softReset(_ chip: VirtualDW1000) throws {
        try chip.writeOctets(.pmscCtrl0, [0x01])
        try chip.writeOctets(.pmscCtrl0, offset: 3, [0x00])
        try chip.writeOctets(.pmscCtrl0, offset: 3, [0xF0])
    }

    @Test("fixed: the hardware's offset, whatever the resets")
    func fixed() throws {
        let chip = Self.chip(ChipBench(), .fixed)
        #expect(chip.phaseOffset == Angle(radians: 0.9))
        try Self.softReset(chip)
        chip.hardReset()
        #expect(chip.phaseOffset == Angle(radians: 0.9))
    }

    @Test("random: each soft or hard reset adds a new phase in −π…π, spread over the circle")
    func random() throws {
        let chip = Self.chip(ChipBench(), .random)
        var added: [Double] = [(chip.phaseOffset - Angle(radians: 0.9)).wrapped.radians]
        for index in 0..<200 {
            if index.isMultiple(of: 2) { try Self.softReset(chip) } else { chip.hardReset() }
            added.append((chip.phaseOffset - Angle(radians: 0.9)).wrapped.radians)
        }
        #expect(Set(added).count == added.count, "every reset draws anew")
        #expect(added.allSatisfy { abs($0) <= Double.pi })
        // Uniform on the circle: the mean resultant length of 201 draws is about 1/√201 ≈ 0.07.
        let x = added.map { cos($0) }.reduce(0, +) / Double(added.count), y = added.map { sin($0) }.reduce(0, +) / Double(added.count)
        #expect((x * x + y * y).squareRoot() < 0.2)
    }
}
