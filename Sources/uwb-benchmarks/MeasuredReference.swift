import Foundation

/// The measured DW1000 statistics the channel benchmark compares the emulator with, read from the file
/// `Docs/reference/measurements/kolakowski2018.py` derives from the Kolakowski 2018 data set
/// (`Docs/reference/measured-channels.md`): per class, and per link its class and true distance.
struct MeasuredReference {
    /// One measured link.
    struct Link {
        /// `LOS`, `NLOS` (walls and furniture) or `NDP` (no direct path).
        let label: String
        /// The true distance, metres.
        let distance: Double
    }

    /// The links, in file order.
    let links: [Link]
    /// The whole document, for the per-class figures (``value(_:)``).
    private let document: [String: Any]

    /// The reference in the file at `path`.
    ///
    /// - Throws: ``BenchmarkError`` if it cannot be read or is not the script's output.
    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path),
              let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let links = document["links"] as? [[String: Any]]
        else { throw BenchmarkError.unexpected("\(path) is not the output of kolakowski2018.py; run it as measured-channels.md says") }
        self.document = document
        self.links = try links.map { link in
            guard let label = link["class"] as? String, let distance = link["true_distance_m"] as? Double else {
                throw BenchmarkError.unexpected("\(path): a link without class or true_distance_m")
            }
            return Link(label: label, distance: distance)
        }
    }

    /// The number at `path` (keys from the top of the document), if there is one.
    func value(_ path: [String]) -> Double? {
        var node: Any = document
        for key in path {
            guard let object = node as? [String: Any], let next = object[key] else { return nil }
            node = next
        }
        return node as? Double
    }
}
