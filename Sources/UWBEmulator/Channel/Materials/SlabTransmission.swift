import Foundation
import UWBCore

/// What a slab of a material does to a wave that crosses it: the power it lets through and how
/// much later the wave arrives than through air (`Docs/reference/channel-and-receiver.md` §4).
///
/// The slab is lossy (complex permittivity ε = ε′ − jσ/(ωε₀), refractive index n − jκ = √ε) with a
/// face on each side (Fresnel reflection r = (1 − √ε)/(1 + √ε) at normal incidence). Its power
/// transmission is the Airy formula |(1 − r²)·e^(−jkd)/(1 − r²·e^(−2jkd))|², k = ω√ε/c, averaged over
/// the channel's band (``bandSamples`` frequencies): a UWB pulse sees the slab's fringes averaged out
/// [D]. A slab of no thickness lets everything through. The wave comes out (n − 1)·d/c later than through
/// air, the group delay of a slab whose dispersion is negligible [D].
///
/// A path at an angle to the slab crosses `thickness / cos θ` of it (``init(material:thickness:frequency:bandwidth:obliquity:)``).
public struct SlabTransmission: Hashable, Sendable {
    /// The vacuum permittivity ε₀, 8.8541878128e-12 F/m (CODATA 2018).
    static let vacuumPermittivity = 8.854_187_812_8e-12

    /// The power lost crossing the slab (zero for no slab).
    public let loss: PowerRatio
    /// How much later than through air the wave comes out.
    public let delay: Duration
    /// Whether nothing comes through (metal).
    public let isOpaque: Bool

    /// How many frequencies across the band the transmission is averaged over.
    static let bandSamples = 33

    /// The slab crossing of a wave at `frequency` with `bandwidth` through `thickness` of `material`,
    /// lengthened by `obliquity` (1 / cos of the angle to the slab's normal, at least 1).
    public init(material: Material, thickness: Distance, frequency: Frequency, bandwidth: Frequency, obliquity: Double = 1) {
        let length = thickness.metres * max(1, obliquity)
        guard !material.isOpaque else {
            self.init(loss: PowerRatio(decibels: .infinity), delaySeconds: 0, isOpaque: true)
            return
        }
        guard length > 0 else {
            self = .none
            return
        }
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        var sum = 0.0
        var centreIndex = 1.0
        for sample in 0..<Self.bandSamples {
            let offset = (Double(sample) / Double(Self.bandSamples - 1) - 0.5) * bandwidth.hertz
            let hertz = frequency.hertz + offset
            let (index, extinction) = Self.refractiveIndex(material, at: Frequency(hertz: hertz))
            if sample == Self.bandSamples / 2 { centreIndex = index }
            sum += Self.airy(index: index, extinction: extinction, angularFrequency: 2 * Double.pi * hertz, length: length, speed: speed)
        }
        let through = sum / Double(Self.bandSamples)
        self.init(
            loss: PowerRatio(decibels: through > 0 ? -10 * Foundation.log10(through) : .infinity),
            delaySeconds: (centreIndex - 1) * length / speed, isOpaque: through <= 0)
    }

    /// n and κ of √ε at `frequency` (√(ε′ − jε″) = n − jκ).
    private static func refractiveIndex(_ material: Material, at frequency: Frequency) -> (Double, Double) {
        let real = max(1, material.relativePermittivity(at: frequency))
        let imaginary = material.conductivity(at: frequency).value / (2 * Double.pi * frequency.hertz * vacuumPermittivity)
        let magnitude = (real * real + imaginary * imaginary).squareRoot()
        return (((magnitude + real) / 2).squareRoot(), ((magnitude - real) / 2).squareRoot())
    }

    /// |(1 − r²)·e^(−jkd)/(1 − r²·e^(−2jkd))|² for index n − jκ, in complex arithmetic on pairs.
    private static func airy(index: Double, extinction: Double, angularFrequency: Double, length: Double, speed: Double) -> Double {
        // r = (1 − √ε)/(1 + √ε) with √ε = n − jκ.
        let (numeratorRe, numeratorIm) = (1 - index, extinction)
        let (denominatorRe, denominatorIm) = (1 + index, -extinction)
        let scale = denominatorRe * denominatorRe + denominatorIm * denominatorIm
        let r = ((numeratorRe * denominatorRe + numeratorIm * denominatorIm) / scale,
                 (numeratorIm * denominatorRe - numeratorRe * denominatorIm) / scale)
        let r2 = (r.0 * r.0 - r.1 * r.1, 2 * r.0 * r.1)
        // e^(−jkd) = e^(−ωκd/c)·e^(−jωnd/c); its square for the round trip.
        let attenuation = Foundation.exp(-angularFrequency * extinction * length / speed)
        let phase = -angularFrequency * index * length / speed
        let once = (attenuation * Foundation.cos(phase), attenuation * Foundation.sin(phase))
        let twice = (once.0 * once.0 - once.1 * once.1, 2 * once.0 * once.1)
        let top = ((1 - r2.0) * once.0 + r2.1 * once.1, (1 - r2.0) * once.1 - r2.1 * once.0)
        let bottom = (1 - (r2.0 * twice.0 - r2.1 * twice.1), -(r2.0 * twice.1 + r2.1 * twice.0))
        return (top.0 * top.0 + top.1 * top.1) / (bottom.0 * bottom.0 + bottom.1 * bottom.1)
    }

    /// No slab at all.
    public static let none = SlabTransmission(loss: PowerRatio(decibels: 0), delaySeconds: 0, isOpaque: false)

    /// A crossing that costs `loss` and no time (an obstacle given only by its attenuation).
    init(loss: PowerRatio) {
        self.init(loss: loss, delaySeconds: 0, isOpaque: false)
    }

    /// The power that comes through, as a share of what went in (0 for an opaque slab).
    var powerShare: Double {
        isOpaque ? 0 : Foundation.pow(10, -loss.decibels / 10)
    }

    private init(loss: PowerRatio, delaySeconds: Double, isOpaque: Bool) {
        self.loss = loss
        self.delay = .seconds(delaySeconds)
        self.isOpaque = isOpaque
    }
}
