import Foundation
import UWBCore

/// What a slab of a material does to a wave that crosses it: the power it lets through and how
/// much later the wave arrives than through air (`Docs/reference/channel-and-receiver.md` §4).
///
/// The slab is lossy (complex permittivity ε = ε′ − jσ/(ωε₀)) with an interface at each face:
/// - refractive index n − jκ = √ε; power attenuation inside e^(−2αd), α = ωκ/c;
/// - reflectance at each face R = |(1 − √ε)/(1 + √ε)|² (normal incidence, Fresnel);
/// - transmittance with the internal reflections added in power, T = (1 − R)²·A/(1 − R²·A²),
///   A = e^(−2αd): the Airy formula averaged over a band much wider than the slab's fringes,
///   which a 499.2 MHz UWB channel is for any wall thicker than a few centimetres [D];
/// - extra delay (n − 1)·d/c, the group delay of a slab whose dispersion is negligible [D].
///
/// A path at an angle to the slab crosses `thickness / cos θ` of it (``init(material:thickness:frequency:obliquity:)``).
public struct SlabTransmission: Hashable, Sendable {
    /// The vacuum permittivity ε₀, 8.8541878128e-12 F/m (CODATA 2018).
    static let vacuumPermittivity = 8.854_187_812_8e-12

    /// The power lost crossing the slab (zero for no slab).
    public let loss: PowerRatio
    /// How much later than through air the wave comes out.
    public let delay: Duration
    /// Whether nothing comes through (metal).
    public let isOpaque: Bool

    /// The slab crossing of a wave at `frequency` through `thickness` of `material`, lengthened by
    /// `obliquity` (1 / cos of the angle to the slab's normal, at least 1).
    public init(material: Material, thickness: Distance, frequency: Frequency, obliquity: Double = 1) {
        let length = thickness.metres * max(1, obliquity)
        guard !material.isOpaque else {
            self.init(loss: PowerRatio(decibels: .infinity), delaySeconds: 0, isOpaque: true)
            return
        }
        let omega = 2 * Double.pi * frequency.hertz
        let real = max(1, material.relativePermittivity(at: frequency))
        let imaginary = material.conductivity(at: frequency).value / (omega * Self.vacuumPermittivity)
        // √(ε′ − jε″) = n − jκ.
        let magnitude = (real * real + imaginary * imaginary).squareRoot()
        let index = ((magnitude + real) / 2).squareRoot()
        let extinction = ((magnitude - real) / 2).squareRoot()
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let inside = Foundation.exp(-2 * omega * extinction / speed * length)
        // |1 − √ε|² / |1 + √ε|² with √ε = n − jκ.
        let reflectance = ((1 - index) * (1 - index) + extinction * extinction)
            / ((1 + index) * (1 + index) + extinction * extinction)
        let through = (1 - reflectance) * (1 - reflectance) * inside / (1 - reflectance * reflectance * inside * inside)
        self.init(
            loss: PowerRatio(decibels: through > 0 ? -10 * Foundation.log10(through) : .infinity),
            delaySeconds: (index - 1) * length / speed, isOpaque: through <= 0)
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
