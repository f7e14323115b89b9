import ArgumentParser

/// Which register map `uwb registers` lists: the DW1000's or the DW3000 family's.
enum RegisterMapChoice: String, ExpressibleByArgument, CaseIterable {
    /// `Hardware/dw1000/registers.json`.
    case dw1000
    /// `Hardware/dw3000/registers.json`.
    case dw3000
}
