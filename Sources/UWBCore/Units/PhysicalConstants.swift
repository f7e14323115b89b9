/// Physical constants used across the stack, each with its source.
public enum PhysicalConstants {
    /// The speed of light in vacuum, exact by the definition of the metre (SI Brochure, 9th edition, 2019).
    public static let speedOfLight = Speed(metresPerSecond: 299_792_458)
}
