import Foundation
import Testing
import UWBTestSupport

/// `Docs/architecture.md`'s module table and the README's layout against `Package.swift`: whoever
/// adds, removes or rewires a target is told which row to fix.
@Suite("Module map against Package.swift")
struct ModuleMapTests {
    /// The manifest's targets.
    let manifest: PackageManifestText
    /// The targets the maps document (every kind but tests).
    let documented: [PackageManifestText.Target]

    /// Reads `Package.swift`.
    init() throws {
        manifest = try PackageManifestText(try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8))
        documented = manifest.targets.filter(\.kind.isDocumented)
    }

    /// Every documented target has exactly one row naming exactly its dependencies; no row names
    /// something Package.swift lacks.
    @Test("Docs/architecture.md has one row per target, with exactly its dependencies")
    func architectureTable() throws {
        let rows = ModuleMapText.architectureRows(
            of: try String(contentsOfFile: Repository.path("Docs/architecture.md"), encoding: .utf8))
        #expect(!rows.isEmpty, "Docs/architecture.md has no table whose header starts \"| Module | Depends on |\"")
        for row in rows where row.modules.count != 1 {
            Issue.record(
                "Docs/architecture.md:\(row.line): a module-table row must name exactly one module in back quotes, not \(row.modules)")
        }
        let byModule = Dictionary(rows.filter { $0.modules.count == 1 }.map { ($0.modules[0], $0) }) { first, _ in first }
        for target in documented {
            let expected = target.dependencies.sorted().map { "`\($0)`" }.joined(separator: ", ")
            guard let row = byModule[target.name] else {
                Issue.record(
                    """
                    Docs/architecture.md: the module table has no row for the \(target.kind.rawValue) "\(target.name)" of \
                    Package.swift; add "| `\(target.name)` | \(expected.isEmpty ? "(no dependencies: say what it needs outside the package)" : expected) | … |"
                    """)
                continue
            }
            let missing = target.dependencies.subtracting(row.dependencies).sorted()
            let extra = row.dependencies.subtracting(target.dependencies).sorted()
            if !missing.isEmpty || !extra.isEmpty {
                Issue.record(
                    """
                    Docs/architecture.md:\(row.line): the row of "\(target.name)" must list, in back quotes, exactly the \
                    dependencies Package.swift gives it (\(expected.isEmpty ? "none" : expected)); \
                    missing \(missing), not in Package.swift \(extra)
                    """)
            }
        }
        let names = Set(documented.map(\.name))
        for row in rows where row.modules.count == 1 && !names.contains(row.modules[0]) {
            Issue.record(
                "Docs/architecture.md:\(row.line): the module table has a row for \"\(row.modules[0])\", which Package.swift does not declare (or only as a test target)")
        }
        for (index, row) in rows.enumerated() where row.modules.count == 1 {
            if rows[..<index].contains(where: { $0.modules == row.modules }) {
                Issue.record("Docs/architecture.md:\(row.line): a second row for \"\(row.modules[0])\"")
            }
        }
    }

    /// Every documented target's folder is under Sources/ in the README's layout, and nothing else is.
    @Test("the README's layout lists every target's folder under Sources/, and nothing else")
    func readmeLayout() throws {
        let folders = ModuleMapText.readmeSourceFolders(
            of: try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8))
        #expect(!folders.isEmpty, "README.md: no Sources/ folders found in the code block after \"## Layout\"")
        let listed = Set(folders.map(\.name))
        for target in documented where !listed.contains(target.name) {
            Issue.record(
                "README.md, ## Layout: Sources/ lacks \"\(target.name)/\", the \(target.kind.rawValue) of Package.swift; add a line \"  \(target.name)/   what it holds\"")
        }
        let names = Set(documented.map(\.name))
        for folder in folders where !names.contains(folder.name) {
            Issue.record(
                "README.md:\(folder.line): the layout lists \"\(folder.name)/\" under Sources/, but Package.swift declares no such target")
        }
    }

    /// The reader on the real manifest agrees with facts stated plainly in it.
    @Test("the manifest reader finds what Package.swift plainly says")
    func readerSanity() throws {
        #expect(manifest.target(named: "UWBCore") == .init(name: "UWBCore", kind: .target, dependencies: []))
        #expect(manifest.target(named: "UCIClient")?.dependencies == ["UCI", "UWBCore", "Logging"])
        #expect(manifest.target(named: "CLibUSB")?.kind == .systemLibrary)
        #expect(manifest.target(named: "uwb")?.kind == .executableTarget)
        #expect(manifest.target(named: "UWBCoreTests")?.kind == .testTarget)
        #expect(manifest.target(named: "UWBRanging")?.dependencies == ["UWBCore", "Crypto", "CryptoExtras"])
    }

    /// The reader on a sample with every form the manifest may use.
    @Test("the manifest reader: multi-line calls, products, conditions, comments and appended lists")
    func readerOnSample() throws {
        let sample = """
            // .target(name: "Commented")
            #if os(Linux)
            let extra: [Target.Dependency] = [.target(name: "simd", condition: .when(platforms: [.linux]))]
            let extraTargets: [Target] = [.target(name: "simd")]
            #else
            let extra: [Target.Dependency] = []
            let extraTargets: [Target] = []
            #endif
            let package = Package(
                name: "p",
                targets: [
                    .target(name: "A"), /* .target(name: "B") */
                    .target(
                        name: "C",
                        dependencies: ["A", .product(name: "Crypto", package: "swift-crypto"), .byName(name: "D")] + extra
                    ),
                    .executableTarget(name: "tool", dependencies: [.target(name: "C")], path: "Sources/tool"),
                    .systemLibrary(name: "CLib", pkgConfig: "lib", providers: [.apt(["lib-dev"])]),
                    .testTarget(name: "ATests", dependencies: ["A"]),
                ] + extraTargets
            )
            """
        let read = try PackageManifestText(sample)
        #expect(
            read.targets == [
                .init(name: "simd", kind: .target, dependencies: []),
                .init(name: "A", kind: .target, dependencies: []),
                .init(name: "C", kind: .target, dependencies: ["A", "Crypto", "D", "simd"]),
                .init(name: "tool", kind: .executableTarget, dependencies: ["C"]),
                .init(name: "CLib", kind: .systemLibrary, dependencies: []),
                .init(name: "ATests", kind: .testTarget, dependencies: ["A"]),
            ])
    }

    /// The Markdown readers on small samples.
    @Test("the map readers: one row per module, back-quoted dependencies, folders under Sources/ only")
    func mapReadersOnSample() {
        let table = """
            | Module | Depends on | What |
            |---|---|---|
            | `A` | Foundation only | a |
            | `C` | `A`, swift-crypto (`Crypto`), `simd` (Linux only) | c |

            | Other | table |
            """
        #expect(
            ModuleMapText.architectureRows(of: table) == [
                .init(line: 3, modules: ["A"], dependencies: []),
                .init(line: 4, modules: ["C"], dependencies: ["A", "Crypto", "simd"]),
            ])
        let readme = """
            ## Layout

            ```
            Package.swift
            Sources/
              A/        a
              C/        c, see Docs/
            Tests/      tests
              ATests/
            ```
            """
        #expect(ModuleMapText.readmeSourceFolders(of: readme).map(\.name) == ["A", "C"])
    }
}
