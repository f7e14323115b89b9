/// The two module maps the repository keeps by hand, read from their Markdown.
enum ModuleMapText {
    /// One row of the module table in `Docs/architecture.md`.
    struct Row: Equatable {
        /// The 1-based line of the row in the file, for messages.
        let line: Int
        /// The back-quoted names of the first cell (exactly one in a well-formed row).
        let modules: [String]
        /// The back-quoted names of the second cell, "Depends on".
        let dependencies: Set<String>
    }

    /// The rows of the table whose header starts `| Module | Depends on |`, in order.
    static func architectureRows(of text: String) -> [Row] {
        var rows: [Row] = []
        var inTable = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingPrefix(while: \.isWhitespace)
            if trimmed.hasPrefix("| Module | Depends on |") {
                inTable = true
                continue
            }
            guard inTable else { continue }
            guard trimmed.hasPrefix("|") else { break }
            let cells = trimmed.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
            guard cells.count >= 2, !cells[cells.startIndex].contains("---") else { continue }
            rows.append(
                Row(
                    line: offset + 1,
                    modules: backQuoted(in: cells[cells.startIndex]),
                    dependencies: Set(backQuoted(in: cells[cells.startIndex + 1]))))
        }
        return rows
    }

    /// The folders listed under `Sources/` in the first code block after `## Layout` in the README,
    /// with their 1-based lines.
    static func readmeSourceFolders(of text: String) -> [(name: String, line: Int)] {
        var folders: [(name: String, line: Int)] = []
        var stage = 0  // 0: before ## Layout, 1: before the code block, 2: in it, 3: under Sources/
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            switch stage {
            case 0 where line.hasPrefix("## Layout"): stage = 1
            case 1 where line.hasPrefix("```"): stage = 2
            case 2 where line.hasPrefix("```"): return folders
            case 2 where line.hasPrefix("Sources/"): stage = 3
            case 3:
                guard line.first == " " else { return folders }
                let word = line.split(separator: " ").first.map(String.init) ?? ""
                if word.hasSuffix("/") { folders.append((String(word.dropLast()), offset + 1)) }
            default: break
            }
        }
        return folders
    }

    /// The texts between pairs of back quotes in `cell`.
    static func backQuoted(in cell: Substring) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }
}
