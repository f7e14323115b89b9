import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// Materials and slabs against ITU-R P.2040 Table 3 and the band-averaged Airy losses worked out
/// independently in `Docs/reference/channel-and-receiver.md` §4.
@Suite("Materials: ITU-R P.2040 slabs and knife edges")
struct MaterialTests {
    static let channelTwo = Channel.two.centreFrequency
    static let channelFive = Channel.five.centreFrequency
    static let band = Channel.five.bandwidth

    @Test("P.2040's fits: ε′ = a and σ = c·f^d, f in GHz")
    func properties() {
        #expect(Material.concrete.relativePermittivity(at: Self.channelFive) == 5.24)
        // 0.0462·6.4896^0.7822 = 0.19951 S/m.
        #expect(abs(Material.concrete.conductivity(at: Self.channelFive).value - 0.199_51) < 1e-4)
        #expect(Material.custom(relativePermittivity: 3, conductivity: SiemensPerMetre(0.01)).relativePermittivity(at: Self.channelFive) == 3)
        #expect(Material(named: "ceiling-board") == .ceilingBoard)
        #expect(Material(named: "unobtainium") == nil)
        #expect(Material.named.count == 10)
    }

    @Test("slab losses match the reference's band-averaged Airy values on channels 2 and 5", arguments: [
        (Material.concrete, 0.1, 11.1, 15.7),
        (.brick, 0.1, 3.5, 3.8),
        (.plasterboard, 0.0125, 1.4, 0.8),
        (.wood, 0.04, 1.4, 2.0),
        (.glass, 0.006, 3.1, 2.9),
    ])
    func losses(material: Material, thickness: Double, two: Double, five: Double) {
        let atTwo = SlabTransmission(material: material, thickness: Distance(metres: thickness), frequency: Self.channelTwo, bandwidth: Self.band)
        let atFive = SlabTransmission(material: material, thickness: Distance(metres: thickness), frequency: Self.channelFive, bandwidth: Self.band)
        #expect(abs(atTwo.loss.decibels - two) < 0.1, "\(material) on channel 2: \(atTwo.loss)")
        #expect(abs(atFive.loss.decibels - five) < 0.1, "\(material) on channel 5: \(atFive.loss)")
    }

    @Test("a slab delays the wave by (√εr − 1)·d/c for a low-loss material, and by (n − 1)·d/c with n from the complex permittivity")
    func delay() {
        for thickness in [0.02, 0.1, 0.3] {
            let wood = SlabTransmission(material: .wood, thickness: Distance(metres: thickness), frequency: Self.channelFive, bandwidth: Self.band)
            // Wood: ε′ 1.99 and a loss tangent of 0.0047·6.49^1.07/(ωε₀·1.99) = 0.025, which adds
            // tan²δ/8 = 0.008 % to n; (n − 1) moves by 0.1 %.
            let expected = (1.99.squareRoot() - 1) * thickness / 299_792_458
            #expect(abs(wood.delay.secondsValue - expected) / expected < 2e-3)
        }
        // Concrete 10 cm: n = 2.2923 (worked by hand from P.2040): 12.92 cm of light time.
        let concrete = SlabTransmission(material: .concrete, thickness: Distance(metres: 0.1), frequency: Self.channelFive, bandwidth: Self.band)
        #expect(abs(concrete.delay.secondsValue * 299_792_458 - 0.1292) < 0.0005)
        // A path at 60° to the normal crosses twice the thickness.
        let oblique = SlabTransmission(material: .concrete, thickness: Distance(metres: 0.05), frequency: Self.channelFive, bandwidth: Self.band, obliquity: 2)
        #expect(abs(oblique.delay.secondsValue - concrete.delay.secondsValue) < 1e-15)
    }

    @Test("metal lets nothing through; a slab of no thickness lets everything through")
    func extremes() {
        let metal = SlabTransmission(material: .metal, thickness: Distance(metres: 0.001), frequency: Self.channelFive, bandwidth: Self.band)
        #expect(metal.isOpaque)
        #expect(metal.powerShare == 0)
        let nothing = SlabTransmission(material: .concrete, thickness: Distance(metres: 0), frequency: Self.channelFive, bandwidth: Self.band)
        #expect(nothing == .none)
        #expect(nothing.powerShare == 1)
    }

    @Test("knife-edge loss: 6.0 dB with the edge on the line (ν = 0), none once it clears by ν ≤ −0.78, and the detour's length")
    func knifeEdge() {
        let wavelength = Distance(metres: 0.046_196)
        // ν = 0: J = 6.9 + 20·log₁₀(√(0.01 + 1) − 0.1) = 6.03 dB (ITU-R P.526 eq. 31).
        let grazing = KnifeEdgeDetour(clearance: .zero, near: Distance(metres: 2), far: Distance(metres: 3))
        #expect(abs(grazing.loss(wavelength: wavelength).decibels - 6.03) < 0.01)
        #expect(grazing.extraLength == .zero)
        let clear = KnifeEdgeDetour(clearance: Distance(metres: -0.2), near: Distance(metres: 1), far: Distance(metres: 1))
        #expect(clear.loss(wavelength: wavelength).decibels == 0)
        // 3-4-5 triangles: 0.3 m off the line, 0.4 m from each end: 2·0.5 − 0.8 = 0.2 m longer.
        let detour = KnifeEdgeDetour(clearance: Distance(metres: 0.3), near: Distance(metres: 0.4), far: Distance(metres: 0.4))
        #expect(abs(detour.extraLength.metres - 0.2) < 1e-12)
    }

    @Test("a crossing's obliquity is 1/cos of the angle to the box's thinnest axis, at most 4; a box beside the line is no crossing")
    func crossing() throws {
        let wall = try Obstacle(
            name: "wall", minimum: Position(metres: Vector3(x: 1, y: -5, z: -5)), maximum: Position(metres: Vector3(x: 1.1, y: 5, z: 5)),
            material: .brick, thickness: Distance(metres: 0.1))
        let straight = try #require(wall.crossing(from: .origin, to: Position(metres: Vector3(x: 3, y: 0, z: 0))))
        #expect(abs(straight.obliquity - 1) < 1e-12)
        let slanted = try #require(wall.crossing(from: .origin, to: Position(metres: Vector3(x: 2, y: 2, z: 0))))
        #expect(abs(slanted.obliquity - 2.0.squareRoot()) < 1e-12)
        let grazing = try #require(wall.crossing(from: Position(metres: Vector3(x: 0.9, y: -4, z: 0)), to: Position(metres: Vector3(x: 1.2, y: 4, z: 0))))
        #expect(grazing.obliquity == Obstacle.maximumObliquity)
        #expect(wall.crossing(from: .origin, to: Position(metres: Vector3(x: 0.5, y: 3, z: 0))) == nil)
    }
}
