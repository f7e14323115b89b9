/// A markdown table built row by row: a header, an alignment per column, and cells as text.
struct MarkdownTable {
    /// How a column's cells are aligned.
    enum Alignment {
        /// Text columns.
        case left
        /// Number columns.
        case right
    }

    /// The column titles.
    let header: [String]
    /// One alignment per column.
    let alignments: [Alignment]
    /// The rows so far.
    private(set) var rows: [[String]] = []

    /// An empty table with these columns: the first left-aligned, the others right-aligned.
    init(_ header: [String]) {
        self.header = header
        alignments = header.indices.map { $0 == 0 ? .left : .right }
    }

    /// Appends a row.
    mutating func append(_ cells: [String]) {
        rows.append(cells)
    }

    /// The table.
    var markdown: String {
        let rule = alignments.map { $0 == .left ? "---" : "---:" }
        return ([header, rule] + rows).map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
    }
}
