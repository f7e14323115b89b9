import Foundation
import Testing
import UWBTestSupport

/// Every module a target's Swift files import is a dependency `Package.swift` declares for it (or
/// part of the toolchain): SwiftPM lets a file import any module built before it, so an undeclared
/// import works until the module that brought it in by chance is rewired.
@Suite("Imports against Package.swift")
struct DeclaredImportsTests {
    /// The toolchain's modules, which no target declares.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationXML", "FoundationEssentials", "Dispatch", "Synchronization", "Testing", "XCTest",
        "Glibc", "Musl",
    ]

    @Test("every import of every target is a declared dependency of that target")
    func importsAreDeclared() throws {
        let manifest = try PackageManifestText(try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8))
        var checkedFiles = 0
        for target in manifest.targets where target.kind != .systemLibrary {
            let folder = Repository.path((target.kind == .testTarget ? "Tests/" : "Sources/") + target.name)
            let allowed = Set(target.dependencies.map(Self.moduleName)).union(Self.toolchainModules)
            for file in Self.swiftFiles(under: folder) {
                checkedFiles += 1
                let text = try String(contentsOfFile: file, encoding: .utf8)
                for (line, module) in Self.imports(in: text) where !allowed.contains(module) && module != Self.moduleName(target.name) {
                    let path = file.replacingOccurrences(of: Repository.path("") , with: "")
                    Issue.record(
                        "\(path):\(line) imports \(module), which Package.swift does not declare as a dependency of \"\(target.name)\"; add it to that target's dependencies")
                }
            }
        }
        #expect(checkedFiles > 500, "only \(checkedFiles) Swift files found: the folders moved?")
    }

    @Test("the import reader: plain, attributed and kind-qualified imports; nothing else")
    func readerOnSample() {
        let sample = """
            import Foundation
            @testable import NearbyInteraction
            @_exported import Glibc
            import struct UWBCore.Distance
            // import Commented
            let text = "import Quoted"
            @Test("every import of it") func f() {}
              import Indented
            """
        #expect(Self.imports(in: sample).map(\.module) == ["Foundation", "NearbyInteraction", "Glibc", "UWBCore", "Indented"])
        // Inside a multi-line string literal nothing is an import.
        #expect(Self.imports(in: "let s = \"\"\"\nimport Quoted\n\"\"\"\nimport After").map(\.module) == ["After"])
        #expect(Self.moduleName("uwb-fuzz") == "uwb_fuzz")
    }

    /// The module a target or product name gives: hyphens become underscores.
    static func moduleName(_ name: String) -> String {
        name.replacingOccurrences(of: "-", with: "_")
    }

    /// The modules `text` imports, with their line numbers: lines that start (after spaces) with
    /// `import`, optionally after attributes (`@testable`, `@_exported`, …) and an access level, and
    /// optionally a declaration kind (`import struct M.T`).
    static func imports(in text: String) -> [(line: Int, module: String)] {
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
        var found: [(line: Int, module: String)] = []
        var inMultilineString = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.components(separatedBy: "\"\"\"").count.isMultiple(of: 2) {
                inMultilineString.toggle()
                continue
            }
            guard !inMultilineString else { continue }
            var words = line.split(separator: " ")[...]
            while let first = words.first, Self.isAttribute(first) || ["public", "package", "internal"].contains(first) {
                words = words.dropFirst()
            }
            guard words.first == "import" else { continue }
            words = words.dropFirst()
            if let kind = words.first, kinds.contains(kind) {
                words = words.dropFirst()
            }
            guard let path = words.first, let module = path.split(separator: ".").first else { continue }
            found.append((index + 1, String(module)))
        }
        return found
    }

    /// Whether `word` is an attribute an import may carry (`@testable`, `@_exported`,
    /// `@_spi(Name)`): it starts with `@` and quotes nothing, as `@Test("…")` does.
    static func isAttribute(_ word: Substring) -> Bool {
        word.hasPrefix("@") && !word.contains("\"")
    }

    /// The Swift files under `folder`, recursively; none if it does not exist.
    static func swiftFiles(under folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
    }
}
