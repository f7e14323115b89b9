import Foundation
import UWBPlot

/// The Kolakowski data set's logs with their class (`results/labels.csv`: `file_id,label`, the labels `LOS`,
/// `NLOS` and `NDP NLOS`), those the copy holds and those it does not.
struct FirstPathDataSet {
    /// A log and its link's class.
    struct Link {
        let file: Int
        let path: String
        let linkClass: LinkClass
    }

    /// The link classes, in the order the tables show them.
    enum LinkClass: String, CaseIterable {
        case lineOfSight = "LOS"
        case nonLineOfSight = "NLOS"
        case noDirectPath = "NDP"
    }

    let links: [Link]
    let missing: [Int]

    /// The data set in the folder `root`.
    init(root: String) throws {
        let results = root + "/results"
        let text: String
        do {
            text = try String(contentsOfFile: results + "/labels.csv", encoding: .utf8)
        } catch {
            throw BenchmarkError.unexpected("cannot read \(results)/labels.csv (\(error.localizedDescription)): give --data a copy of github.com/marckolak/uwb-cirs-2018")
        }
        var links: [Link] = []
        var missing: [Int] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let parts = line.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let file = Int(parts[0]) else {
                throw BenchmarkError.unexpected("labels.csv: `\(line)` is not `file_id,label`")
            }
            let linkClass: LinkClass
            switch parts[1] {
            case "LOS": linkClass = .lineOfSight
            case "NLOS": linkClass = .nonLineOfSight
            case "NDP NLOS": linkClass = .noDirectPath
            default: throw BenchmarkError.unexpected("labels.csv: unknown label `\(parts[1])`")
            }
            let path = results + "/\(file).log"
            // A copy made from a snapshot may hold its largest logs as empty or pointer files.
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if size < 1000 {
                missing.append(file)
            } else {
                links.append(Link(file: file, path: path, linkClass: linkClass))
            }
        }
        self.links = links.sorted { $0.file < $1.file }
        self.missing = missing.sorted()
    }
}
