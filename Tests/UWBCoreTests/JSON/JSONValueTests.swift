import Foundation
import Testing
import UWBCore

@Suite("JSON values from text")
struct JSONValueTests {
    @Test("every kind of value, nested: true and false apart from the numbers 1 and 0, null, strings, numbers as written")
    func kinds() throws {
        let text = #"{"a":[1,0,true,false,null,"x",{"b":1.5,"c":[]}],"d":-0.25,"e":"ä\"","f":{},"g":1e300}"#
        let expected = JSONValue.object([
            "a": .array([
                .number(1), .number(0), .bool(true), .bool(false), .null, .string("x"),
                .object(["b": .number(1.5), "c": .array([])]),
            ]),
            "d": .number(-0.25),
            "e": .string("ä\""),
            "f": .object([:]),
            "g": .number(1e300),
        ])
        #expect(try JSONValue.parse(Data(text.utf8)) == expected)
    }

    @Test("a value alone at the top level, and text that is not JSON refused at the top level")
    func fragmentsAndRefusals() throws {
        #expect(try JSONValue.parse(Data("true".utf8)) == .bool(true))
        #expect(try JSONValue.parse(Data("12".utf8)) == .number(12))
        #expect(try JSONValue.parse(Data(#""s""#.utf8)) == .string("s"))
        #expect(try JSONValue.parse(Data("null".utf8)) == .null)
        for text in ["{", "{\"a\" 1}", "", "[1 2]"] {
            #expect(throws: JSONFieldError.self, "\(text)") { try JSONValue.parse(Data(text.utf8)) }
        }
    }
}
