import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An SVG document read back with Foundation's XMLParser, for tests that check the data a figure
/// holds rather than its pixels.
final class SVGTree: NSObject, XMLParserDelegate {
    /// One element: its name, attributes, text and children.
    final class Node {
        let name: String
        let attributes: [String: String]
        var text = ""
        var children: [Node] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        /// This node and every node below it, in document order.
        var all: [Node] { [self] + children.flatMap(\.all) }

        /// Every node below with `class` attribute `className`.
        func elements(class className: String) -> [Node] {
            all.filter { $0.attributes["class"] == className }
        }

        /// A numeric attribute.
        func number(_ name: String) -> Double? {
            attributes[name].flatMap(Double.init)
        }
    }

    /// The root element.
    private(set) var root: Node?
    private var stack: [Node] = []
    private var parseError: (any Error)?

    /// The document `svg`, which must be well-formed XML.
    init(_ svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse(), root != nil else {
            throw parser.parserError ?? parseError ?? CocoaError(.fileReadCorruptFile)
        }
    }

    /// The series group named `name`.
    func series(_ name: String) -> Node? {
        root?.elements(class: "series").first { $0.attributes["data-name"] == name }
    }

    /// The names of the legend's entries, in order.
    var legendNames: [String] {
        root?.elements(class: "legend-entry").compactMap { $0.attributes["data-name"] } ?? []
    }

    /// The ticks of an axis (`x-axis` or `y-axis`): each value and the coordinate of its line.
    func ticks(_ axis: String) -> [(value: Double, position: Double)] {
        let group = root?.elements(class: axis).first
        return (group?.elements(class: "tick") ?? []).compactMap { tick in
            guard let value = tick.attributes["data-value"].flatMap(Double.init),
                  let line = tick.children.first(where: { $0.name == "line" }) else { return nil }
            let position = axis == "x-axis" ? line.number("x1") : line.number("y1")
            return position.map { (value, $0) }
        }
    }

    /// The data value at SVG coordinate `position` on an axis, through the line its first and last tick define.
    func value(atPosition position: Double, axis: String) -> Double? {
        let ticks = ticks(axis)
        guard let first = ticks.first, let last = ticks.last, last.position != first.position else { return nil }
        return first.value + (position - first.position) / (last.position - first.position) * (last.value - first.value)
    }

    /// The data value of a circle's centre on an axis (`cx` on the x axis, `cy` on the y axis).
    func value(of circle: Node, axis: String) -> Double? {
        circle.number(axis == "x-axis" ? "cx" : "cy").flatMap { value(atPosition: $0, axis: axis) }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes attributeDict: [String: String] = [:]) {
        let node = Node(name: elementName, attributes: attributeDict)
        if let parent = stack.last { parent.children.append(node) } else { root = node }
        stack.append(node)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        stack.last?.text += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) {
        parseError = error
    }
}
