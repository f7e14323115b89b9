extension NIAlgorithmConvergenceStatus {
    /// Why camera assistance has not converged: what the user should do (Apple: iOS 16).
    ///
    /// Apple's constants are strings whose values it does not publish; here each one's raw value is
    /// its Swift name. Compare reasons with the constants, never with strings.
    public struct Reason: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        /// The reason's name, for example `insufficientMovement`.
        public let rawValue: String

        /// The reason named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The user should move the device more overall.
        public static let insufficientMovement = Reason(rawValue: "insufficientMovement")
        /// The user should sweep the device more from side to side.
        public static let insufficientHorizontalSweep = Reason(rawValue: "insufficientHorizontalSweep")
        /// The user should sweep the device more up and down.
        public static let insufficientVerticalSweep = Reason(rawValue: "insufficientVerticalSweep")
        /// The surroundings are too dark for the camera.
        public static let insufficientLighting = Reason(rawValue: "insufficientLighting")
        /// The signal is too weak: the users may be too far apart.
        public static let insufficientSignalStrength = Reason(rawValue: "insufficientSignalStrength")

        /// What the user should do, in a sentence (Apple's `NIAlgorithmConvergenceStatusReasonDescription`);
        /// nil for a reason that is not one of the constants.
        public var localizedDescription: String? {
            switch self {
            case .insufficientMovement: "Move the device around more."
            case .insufficientHorizontalSweep: "Sweep the device from side to side."
            case .insufficientVerticalSweep: "Sweep the device up and down."
            case .insufficientLighting: "Find a brighter place."
            case .insufficientSignalStrength: "Move closer to the other device."
            default: nil
            }
        }

        /// The raw value.
        public var description: String {
            rawValue
        }
    }
}
