/// The targets of a `Package.swift`, read from its text.
///
/// `swift package dump-package` would be exact, but under `swift test` SwiftPM holds the lock on
/// `.build` and a nested `swift package` waits for it forever; it also needs the toolchain on the
/// path. The manifest is plain enough to read as text: this reader strips comments, reads string
/// literals, and finds every `.target(`, `.executableTarget(`, `.systemLibrary(`, `.testTarget(`,
/// `.binaryTarget(`, `.plugin(` and `.macro(` call with its `name:` and `dependencies:` arguments.
/// A dependency is a string (`"UWBCore"`), `.target(name:…)`, `.byName(name:…)` or
/// `.product(name:package:…)`; a dependency list may be followed by `+ someList`, where `someList`
/// is a `let someList: [Target.Dependency] = […]` of the manifest (the first definition counts,
/// which is the `#if os(Linux)` branch of this package's manifest). Both branches of an `#if` are
/// read, and a target declared in both is kept once.
struct PackageManifestText {
    /// What kind of target a declaration makes.
    enum Kind: String, Sendable {
        /// `.target(…)`: a library module.
        case target
        /// `.executableTarget(…)`.
        case executableTarget
        /// `.systemLibrary(…)`: a C library found through pkg-config.
        case systemLibrary
        /// `.testTarget(…)`.
        case testTarget
        /// `.binaryTarget(…)`.
        case binaryTarget
        /// `.plugin(…)`.
        case plugin
        /// `.macro(…)`.
        case macro

        /// Whether the module map documents targets of this kind (everything but tests).
        var isDocumented: Bool { self != .testTarget }
    }

    /// One target declaration.
    struct Target: Equatable, Sendable {
        /// The target's name.
        let name: String
        /// What the declaration makes.
        let kind: Kind
        /// The names it depends on: targets of this package and products of other packages.
        let dependencies: Set<String>
    }

    /// A problem that stops the reading.
    struct ReadError: Error, CustomStringConvertible {
        /// What is wrong, and where.
        let description: String
    }

    /// Every target, in the order of their first declaration.
    let targets: [Target]

    /// Reads `text`, the contents of a `Package.swift`.
    init(_ text: String) throws(ReadError) {
        let tokens = try Self.tokens(of: text)
        var dependencyLists: [String: Set<String>] = [:]
        var found: [Target] = []
        var index = 0
        while index < tokens.count {
            if let (name, list, end) = try Self.dependencyListDefinition(in: tokens, at: index) {
                if dependencyLists[name] == nil { dependencyLists[name] = list }
                index = end
            } else if case .punctuation(".") = tokens[index], index + 2 < tokens.count,
                case .identifier(let word) = tokens[index + 1], let kind = Kind(rawValue: word),
                tokens[index + 2] == .punctuation("(")
            {
                let close = try Self.matchingClose(in: tokens, from: index + 2)
                let arguments = Self.labelledArguments(in: tokens, from: index + 3, to: close)
                guard let nameRange = arguments["name"], nameRange.count == 1,
                    case .string(let name) = tokens[nameRange.lowerBound]
                else {
                    throw ReadError(description: "a .\(word)( call has no literal name: argument")
                }
                var dependencies: Set<String> = []
                if let range = arguments["dependencies"] {
                    dependencies = try Self.dependencies(in: tokens, range, lists: dependencyLists)
                }
                if !found.contains(where: { $0.name == name }) {
                    found.append(Target(name: name, kind: kind, dependencies: dependencies))
                }
                index = close + 1
            } else {
                index += 1
            }
        }
        targets = found
    }

    /// The target called `name`, if the manifest declares one.
    func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }

    // MARK: - Tokens

    /// A piece of manifest text: comments and white space are dropped.
    enum Token: Equatable {
        /// A name or keyword (`let`, `target`, `simdDependencies`).
        case identifier(String)
        /// The contents of a string literal, escapes kept as written.
        case string(String)
        /// Any other character: `(`, `)`, `[`, `]`, `,`, `:`, `.`, `+`, `=`, `#`, ….
        case punctuation(Character)
    }

    /// Splits `text` into tokens.
    static func tokens(of text: String) throws(ReadError) -> [Token] {
        var result: [Token] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character.isWhitespace {
                index += 1
            } else if character == "/", next == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if character == "/", next == "*" {
                index += 2
                while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") {
                    index += 1
                }
                index += 2
            } else if character == "\"" {
                var contents = ""
                index += 1
                while index < characters.count, characters[index] != "\"" {
                    if characters[index] == "\\", index + 1 < characters.count {
                        contents.append(characters[index])
                        index += 1
                    }
                    if characters[index] == "\n" { throw ReadError(description: "a string literal runs past its line") }
                    contents.append(characters[index])
                    index += 1
                }
                index += 1
                result.append(.string(contents))
            } else if character.isLetter || character == "_" {
                var word = ""
                while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
                    word.append(characters[index])
                    index += 1
                }
                result.append(.identifier(word))
            } else {
                result.append(.punctuation(character))
                index += 1
            }
        }
        return result
    }

    // MARK: - Structure

    /// The index of the bracket that closes the one at `open` (`(` or `[`).
    static func matchingClose(in tokens: [Token], from open: Int) throws(ReadError) -> Int {
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index] {
            case .punctuation("("), .punctuation("["): depth += 1
            case .punctuation(")"), .punctuation("]"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        throw ReadError(description: "a bracket is never closed")
    }

    /// The index ranges of the comma-separated items between `start` and `end` (exclusive), split at
    /// commas outside any nested bracket.
    static func items(in tokens: [Token], from start: Int, to end: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var depth = 0
        var itemStart = start
        for index in start..<end {
            switch tokens[index] {
            case .punctuation("("), .punctuation("["): depth += 1
            case .punctuation(")"), .punctuation("]"): depth -= 1
            case .punctuation(",") where depth == 0:
                result.append(itemStart..<index)
                itemStart = index + 1
            default: break
            }
        }
        if itemStart < end { result.append(itemStart..<end) }
        return result
    }

    /// The value ranges of the labelled arguments (`label: value`) of a call whose arguments lie
    /// between `start` and `end`.
    static func labelledArguments(in tokens: [Token], from start: Int, to end: Int) -> [String: Range<Int>] {
        var result: [String: Range<Int>] = [:]
        for item in items(in: tokens, from: start, to: end) where item.count >= 2 {
            if case .identifier(let label) = tokens[item.lowerBound], tokens[item.lowerBound + 1] == .punctuation(":") {
                result[label] = (item.lowerBound + 2)..<item.upperBound
            }
        }
        return result
    }

    /// A `let name: [Target.Dependency] = [ … ]` starting at `index`: its name, its dependencies and
    /// the index after its closing bracket; nil for anything else.
    static func dependencyListDefinition(in tokens: [Token], at index: Int) throws(ReadError)
        -> (String, Set<String>, Int)?
    {
        let expectedShape: [Token?] = [
            .identifier("let"), nil, .punctuation(":"), .punctuation("["), .identifier("Target"), .punctuation("."),
            .identifier("Dependency"), .punctuation("]"), .punctuation("="), .punctuation("["),
        ]
        guard index + expectedShape.count <= tokens.count else { return nil }
        for (offset, expected) in expectedShape.enumerated() {
            if let expected, tokens[index + offset] != expected { return nil }
        }
        guard case .identifier(let name) = tokens[index + 1] else { return nil }
        let open = index + expectedShape.count - 1
        let close = try matchingClose(in: tokens, from: open)
        let list = try dependencies(in: tokens, open..<(close + 1), lists: [:])
        return (name, list, close + 1)
    }

    /// The dependencies named by the expression in `range`: array literals and named lists joined
    /// by `+`.
    static func dependencies(in tokens: [Token], _ range: Range<Int>, lists: [String: Set<String>]) throws(ReadError)
        -> Set<String>
    {
        var result: Set<String> = []
        var index = range.lowerBound
        while index < range.upperBound {
            switch tokens[index] {
            case .punctuation("["):
                let close = try matchingClose(in: tokens, from: index)
                for item in items(in: tokens, from: index + 1, to: close) {
                    result.insert(try dependencyName(in: tokens, item))
                }
                index = close + 1
            case .punctuation("+"):
                index += 1
            case .identifier(let list):
                guard let named = lists[list] else {
                    throw ReadError(description: "dependencies name the list \(list), which is not a let of [Target.Dependency]")
                }
                result.formUnion(named)
                index += 1
            default:
                throw ReadError(description: "unexpected \(tokens[index]) in a dependency list")
            }
        }
        return result
    }

    /// The name of one dependency: `"Name"`, `.target(name: "Name"…)`, `.byName(name: "Name"…)` or
    /// `.product(name: "Name", package: …)`.
    static func dependencyName(in tokens: [Token], _ item: Range<Int>) throws(ReadError) -> String {
        if item.count == 1, case .string(let name) = tokens[item.lowerBound] { return name }
        guard item.count >= 4, tokens[item.lowerBound] == .punctuation("."),
            case .identifier(let kind) = tokens[item.lowerBound + 1], ["target", "byName", "product"].contains(kind),
            tokens[item.lowerBound + 2] == .punctuation("(")
        else {
            throw ReadError(description: "a dependency that is neither a string nor .target/.byName/.product(name:)")
        }
        let close = try matchingClose(in: tokens, from: item.lowerBound + 2)
        let arguments = labelledArguments(in: tokens, from: item.lowerBound + 3, to: close)
        guard let nameRange = arguments["name"], nameRange.count == 1, case .string(let name) = tokens[nameRange.lowerBound]
        else {
            throw ReadError(description: "a .\(kind)( dependency has no literal name: argument")
        }
        return name
    }
}
