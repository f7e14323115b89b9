@testable import EmulatorWeb
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// A command's id and what it does, to compare.
private struct Pair: Equatable {
    let id: Int
    let command: WorldCommand?
}

/// A page's commands: each type read into a world command, and everything else refused with a
/// message naming the problem (and the id, when it could be read).
@Suite("Page commands")
struct PageCommandTests {
    @Test("every command type is read with its id")
    func commands() throws {
        func read(_ text: String) throws -> Pair {
            let command = try PageCommand(text: text)
            guard case .world(let world) = command.action else { return Pair(id: command.id, command: nil) }
            return Pair(id: command.id, command: world)
        }
        #expect(try read(#"{"type":"move","id":1,"device":"tag","position":[1.0,1.0,-1.5]}"#)
            == Pair(id: 1, command: .move(device: "tag", to: Position(metres: Vector3(x: 1, y: 1, z: -1.5)))))
        #expect(try read(#"{"type":"rotate","id":2,"device":"tag","yawDegrees":90}"#)
            == Pair(id: 2, command: .rotate(device: "tag", yaw: .degrees(90))))
        #expect(try read(#"{"type":"pause","id":3}"#) == Pair(id: 3, command: .pause))
        #expect(try read(#"{"type":"resume","id":4}"#) == Pair(id: 4, command: .resume))
        #expect(try read(#"{"type":"step","id":5,"seconds":0.1}"#) == Pair(id: 5, command: .step(.seconds(0.1))))
        #expect(try read(#"{"type":"speed","id":6,"speed":2}"#) == Pair(id: 6, command: .speed(2)))
        let load = try PageCommand(text: #"{"type":"load","id":7,"scenario":"demo-room"}"#)
        #expect(load.id == 7 && load.action == .load("demo-room"))
    }

    @Test("malformed, unknown or incomplete messages are refused naming the problem (a cir request's missing, mistyped, fractional or negative fields too)", arguments: [
        ("{\"type\":", nil, "not valid JSON"),
        ("[1,2]", nil, "(top level): expected an object with a \"type\", got an array"),
        (#"{"id":3}"#, 3, "type: missing; this key is required"),
        (#"{"type":"teleport","id":4}"#, 4,
         #"type: "teleport" is not supported; use "move" or "rotate" or "pause" or "resume" or "step" or "speed" or "load""#),
        (#"{"type":"move","id":5,"device":"tag"}"#, 5, "position: missing; this key is required"),
        (#"{"type":"move","device":"tag","position":[1,1,1]}"#, nil, "id: missing; this key is required"),
        (#"{"type":"pause","id":1.5}"#, nil, "id: 1.5 is not a whole number"),
        (#"{"type":"move","id":6,"device":"tag","position":[1,1]}"#, 6, "position: expected 3 numbers in metres, got 2"),
        (#"{"type":"rotate","id":7,"device":"tag","yawDegrees":"east"}"#, 7, #"yawDegrees: expected a number, got a string ("east")"#),
        (#"{"type":"pause","id":8,"now":true}"#, 8, "now: unknown key; allowed here: type, id"),
        (#"{"type":"step","id":9,"seconds":0}"#, 9, "seconds: 0 s must be more than 0 s; a run lasts more than 0 s and at most one day (86400 s); durations are in seconds"),
        (#"{"type":"step","id":10,"seconds":1e300}"#, 10, "seconds: 1e+300 s is above the maximum of 86400 s"),
        (#"{"type":"load","id":11}"#, 11, "scenario: missing; this key is required"),
        (#"{"type":"load","id":12,"scenario":3}"#, 12, "scenario: expected a string, got a number"),
        (#"{"type":"cir","id":1,"device":0}"#, 1, "chip: missing; this key is required"),
        (#"{"type":"cir","id":2,"chip":0}"#, 2, "device: missing; this key is required"),
        (#"{"type":"cir","id":3,"device":"tag","chip":0}"#, 3, #"device: expected a number, got a string ("tag")"#),
        (#"{"type":"cir","id":4,"device":0,"chip":1.5}"#, 4, "chip: 1.5 is not a whole number"),
        (#"{"type":"cir","id":5,"device":-1,"chip":0}"#, 5, "device: -1 is negative; devices and chips are numbered from 0"),
        (#"{"type":"cir","id":6,"device":0,"chip":-2}"#, 6, "chip: -2 is negative; devices and chips are numbered from 0"),
        (#"{"type":"cir","id":7,"device":0,"chip":0,"window":128}"#, 7, "window: unknown key; allowed here: type, id, device, chip"),
        (#"{"type":"cir","device":0,"chip":0}"#, nil, "id: missing; this key is required"),
    ] as [(String, Int?, String)])
    func refused(text: String, id: Int?, message: String) {
        #expect {
            _ = try PageCommand(text: text)
        } throws: { error in
            guard let error = error as? PageCommandError else { return false }
            return error.id == id && error.description.hasPrefix(message)
        }
    }
}
