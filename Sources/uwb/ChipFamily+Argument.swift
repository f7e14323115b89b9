import ArgumentParser
import UWBCore

extension ChipFamily: ExpressibleByArgument {
    /// Parses `dw1000` or `dw3000`, in any case.
    public init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }
}
