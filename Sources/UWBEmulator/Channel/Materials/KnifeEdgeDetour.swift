import Foundation
import UWBCore

/// The path that bends round an obstacle's nearest edge instead of going through it: single
/// knife-edge diffraction (ITU-R P.526-15, "Propagation by diffraction", §4.1).
///
/// The edge stands `clearance` off the direct line, `near` from one end and `far` from the
/// other. The bent path is longer by √(d₁² + h²) + √(d₂² + h²) − (d₁ + d₂) and loses
/// J(ν) = 6.9 + 20·log₁₀(√((ν − 0.1)² + 1) + ν − 0.1) dB (P.526 eq. 31, for ν > −0.78), with
/// ν = h·√(2(d₁ + d₂)/(λ·d₁·d₂)) (eq. 26).
public struct KnifeEdgeDetour: Hashable, Sendable {
    /// How far the edge stands off the direct line.
    public let clearance: Distance
    /// The distances along the direct line from its two ends to the edge.
    public let near: Distance
    public let far: Distance

    /// A detour past an edge `clearance` off the line, `near` and `far` from its ends.
    public init(clearance: Distance, near: Distance, far: Distance) {
        self.clearance = clearance
        self.near = near
        self.far = far
    }

    /// How much longer the bent path is than the direct line.
    public var extraLength: Distance {
        let h = clearance.metres
        let bent = (near.metres * near.metres + h * h).squareRoot() + (far.metres * far.metres + h * h).squareRoot()
        return Distance(metres: bent - near.metres - far.metres)
    }

    /// The diffraction loss J(ν) at `wavelength` (0 dB when ν ≤ −0.78, where the edge no longer
    /// shadows the path).
    public func loss(wavelength: Distance) -> PowerRatio {
        let d1 = max(near.metres, 1e-3)
        let d2 = max(far.metres, 1e-3)
        let nu = clearance.metres * (2 * (d1 + d2) / (wavelength.metres * d1 * d2)).squareRoot()
        guard nu > -0.78 else { return PowerRatio(decibels: 0) }
        let shifted = nu - 0.1
        return PowerRatio(decibels: 6.9 + 20 * Foundation.log10((shifted * shifted + 1).squareRoot() + shifted))
    }
}
