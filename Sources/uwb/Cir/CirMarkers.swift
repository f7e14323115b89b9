import UWBPlot

/// The places `uwb cir` marks in its table and CSV: the detected first path and, from the
/// emulator's truth, the direct path and the straight line, each on the tap it falls in.
struct CirMarkers {
    /// One marked place.
    struct Marker {
        /// The marker's word in CSV (`first_path`, `true_first_path`, `straight_line`).
        let key: String
        /// The marker's words in the table.
        let name: String
        /// The index, with its fraction.
        let index: Double
    }

    /// The markers, in the order above.
    let markers: [Marker]

    /// The markers of `document`.
    init(_ document: CIRDocument) {
        var markers: [Marker] = []
        if let index = document.firstPathIndex {
            markers.append(Marker(key: "first_path", name: "first path", index: index))
        }
        if let truth = document.truth {
            if let index = truth.directPathIndex {
                markers.append(Marker(key: "true_first_path", name: "true first path", index: index))
            }
            markers.append(Marker(key: "straight_line", name: "straight line", index: truth.straightLineIndex))
        }
        self.markers = markers
    }

    /// The markers that fall in tap `tap` (from `tap` up to, not including, `tap + 1`).
    func at(tap: Int) -> [Marker] {
        markers.filter { $0.index >= Double(tap) && $0.index < Double(tap) + 1 }
    }
}
