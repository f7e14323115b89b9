import Foundation
import Testing
import UWBTestSupport

/// The layer diagram of `Docs/architecture.md` against `Package.swift`: every target but the test
/// targets is on it once, and each depends only on targets of lower layers.
@Suite("Layer order against Package.swift")
struct LayerOrderTests {
    @Test("every target is on the layer diagram once, and depends only on targets of lower layers")
    func dependenciesPointDown() throws {
        let manifest = try PackageManifestText(try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8))
        let layers = Self.layers(of: try String(contentsOfFile: Repository.path("Docs/architecture.md"), encoding: .utf8))
        let targets = manifest.targets.filter { $0.kind != .testTarget }
        let names = Set(targets.map(\.name))
        #expect(layers.count > 5, "Docs/architecture.md: no layer diagram found (a code block after \"## Layers\")")
        for target in targets where layers[target.name] == nil {
            Issue.record("Docs/architecture.md, ## Layers: the diagram lacks \(target.kind.rawValue) \"\(target.name)\" of Package.swift; add it on the layer above its highest dependency")
        }
        for name in layers.keys where !names.contains(name) {
            Issue.record("Docs/architecture.md, ## Layers: the diagram names \"\(name)\", which Package.swift does not declare (or only as a test target)")
        }
        for target in targets {
            guard let layer = layers[target.name] else { continue }
            for dependency in target.dependencies.sorted() {
                // Layer 0 is the top line's: a dependency must be on a line further down.
                guard let place = layers[dependency], place <= layer else { continue }
                Issue.record(
                    "\"\(target.name)\" depends on \"\(dependency)\", which the diagram puts \(place == layer ? "on its own layer" : "above it"): dependencies point down only; move one of them or change the dependency")
            }
        }
    }

    @Test("the diagram reader: a name at the left opens a layer, `|` lines share it, indented lines continue a description")
    func readerOnSample() {
        let sample = """
            ## Layers

            ```
             tool (CLI)      what it does,
                             continued
             Upper           a module
               | Beside      on Upper's layer
             Lower           the bottom
            ```

            ```
             NotADiagram
            ```
            """
        #expect(Self.layers(of: sample) == ["tool": 0, "Upper": 1, "Beside": 1, "Lower": 2])
    }

    /// Each module of the first code block after `## Layers`, by layer: 0 is the top line's.
    static func layers(of markdown: String) -> [String: Int] {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)[...]
        lines = lines.drop { $0 != "## Layers" }.drop { !$0.hasPrefix("```") }.dropFirst()
        var layers: [String: Int] = [:]
        var layer = -1
        for line in lines.prefix(while: { !$0.hasPrefix("```") }) {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if trimmed.hasPrefix("| "), let name = trimmed.dropFirst(2).split(separator: " ").first, layer >= 0 {
                layers[String(name)] = layer
            } else if indent == 1, let name = trimmed.split(separator: " ").first {
                layer += 1
                layers[String(name)] = layer
            }
        }
        return layers
    }
}
