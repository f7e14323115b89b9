import ArgumentParser

/// The output formats of `uwb registers --read`.
enum RegisterDumpFormat: String, ExpressibleByArgument, CaseIterable {
    /// One block per register.
    case text
    /// One JSON object.
    case json
}
