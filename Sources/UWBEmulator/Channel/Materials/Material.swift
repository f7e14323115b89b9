import Foundation
import UWBCore

/// A building material whose electrical properties at a radio frequency come from ITU-R P.2040
/// ("Effects of building materials and structures on radiowave propagation above about 100 MHz",
/// Table 3): relative permittivity ε′ = a·f^b and conductivity σ = c·f^d S/m, f in GHz
/// (`Docs/reference/channel-and-receiver.md` §4).
///
/// The raw value is the scenario spelling (`"concrete"`, `"plasterboard"`, …); a material with
/// properties of its own is a ``custom(relativePermittivity:conductivity:)`` one.
public enum Material: Hashable, Sendable, CustomStringConvertible {
    /// Concrete: a 5.24, c 0.0462, d 0.7822 (valid 1–100 GHz).
    case concrete
    /// Brick: a 3.91, c 0.0238, d 0.16 (1–40 GHz).
    case brick
    /// Plasterboard (drywall): a 2.73, c 0.0085, d 0.9395 (1–100 GHz).
    case plasterboard
    /// Wood: a 1.99, c 0.0047, d 1.0718 (0.001–100 GHz).
    case wood
    /// Glass: a 6.31, c 0.0036, d 1.3394 (0.1–100 GHz).
    case glass
    /// Ceiling board: a 1.48, c 0.0011, d 1.075 (1–100 GHz).
    case ceilingBoard
    /// Chipboard: a 2.58, c 0.0217, d 0.78 (1–100 GHz).
    case chipboard
    /// Plywood: a 2.71, c 0.33, d 0 (1–40 GHz).
    case plywood
    /// Marble: a 7.074, c 0.0055, d 0.9262 (1–60 GHz).
    case marble
    /// Metal: ε′ 1, σ 10⁷ S/m; its skin depth at these frequencies is a few micrometres, so no
    /// wave goes through it.
    case metal
    /// A material given by its relative permittivity ε′ (≥ 1) and conductivity.
    case custom(relativePermittivity: Double, conductivity: SiemensPerMetre)

    /// The scenario spellings of the named materials, in the order a message lists them.
    public static let named: [Material] = [
        .concrete, .brick, .plasterboard, .wood, .glass, .ceilingBoard, .chipboard, .plywood, .marble, .metal,
    ]

    /// The named material spelt `name` in a scenario, or nil.
    public init?(named name: String) {
        guard let material = Self.named.first(where: { $0.description == name }) else { return nil }
        self = material
    }

    /// The scenario spelling: `concrete`, `ceiling-board`, …, or `custom`.
    public var description: String {
        switch self {
        case .concrete: "concrete"
        case .brick: "brick"
        case .plasterboard: "plasterboard"
        case .wood: "wood"
        case .glass: "glass"
        case .ceilingBoard: "ceiling-board"
        case .chipboard: "chipboard"
        case .plywood: "plywood"
        case .marble: "marble"
        case .metal: "metal"
        case .custom: "custom"
        }
    }

    /// Whether no wave goes through the material (metal): a path through it is removed, not attenuated.
    public var isOpaque: Bool { self == .metal }

    /// The relative permittivity ε′ at `frequency`.
    public func relativePermittivity(at frequency: Frequency) -> Double {
        switch self {
        case .custom(let permittivity, _): permittivity
        default: coefficients.a * Foundation.pow(frequency.hertz / 1e9, coefficients.b)
        }
    }

    /// The conductivity σ at `frequency`.
    public func conductivity(at frequency: Frequency) -> SiemensPerMetre {
        switch self {
        case .custom(_, let conductivity): conductivity
        default: SiemensPerMetre(coefficients.c * Foundation.pow(frequency.hertz / 1e9, coefficients.d))
        }
    }

    /// ITU-R P.2040 Table 3's a, b, c, d for the named materials (b is 0 for every building
    /// material); a custom material has none.
    private var coefficients: (a: Double, b: Double, c: Double, d: Double) {
        switch self {
        case .concrete: (5.24, 0, 0.0462, 0.7822)
        case .brick: (3.91, 0, 0.0238, 0.16)
        case .plasterboard: (2.73, 0, 0.0085, 0.9395)
        case .wood: (1.99, 0, 0.0047, 1.0718)
        case .glass: (6.31, 0, 0.0036, 1.3394)
        case .ceilingBoard: (1.48, 0, 0.0011, 1.075)
        case .chipboard: (2.58, 0, 0.0217, 0.78)
        case .plywood: (2.71, 0, 0.33, 0)
        case .marble: (7.074, 0, 0.0055, 0.9262)
        case .metal: (1, 0, 1e7, 0)
        case .custom: (1, 0, 0, 0)
        }
    }
}
