/// The version of swift-uwb that `uwb --version` prints.
enum UWBVersion {
    /// Semantic version of this release.
    static let current = "0.1.0"
}
