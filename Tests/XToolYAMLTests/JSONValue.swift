import Foundation
import XToolYAML

/// A JSON value for comparing the suite's `in.json` with what the parser loaded.
enum JSONValue: Equatable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    struct NotJSON: Error, CustomStringConvertible {
        let description: String
    }

    /// The JSON form of a YAML node by the core schema.
    init(yaml node: YAMLNode) throws {
        switch node.content {
        case .sequence(let items):
            self = .array(try items.map(JSONValue.init(yaml:)))
        case .mapping(let entries):
            var object: [String: JSONValue] = [:]
            for entry in entries {
                guard let key = entry.key.scalarText else { throw NotJSON(description: "a complex key") }
                object[key] = try JSONValue(yaml: entry.value)
            }
            self = .object(object)
        case .scalar:
            switch node.coreScalar {
            case .null, nil: self = .null
            case .bool(let value): self = .bool(value)
            case .int(let value): self = .number(Double(value))
            case .float(let value): self = .number(value)
            case .string(let value): self = .string(value)
            }
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .array(let items): "[\(items.map(\.description).joined(separator: ", "))]"
        case .object(let object):
            "{\(object.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", "))}"
        }
    }
}

/// Splits a stream of JSON texts written one after another (the suite's multi-document files).
enum JSONStream {
    static func values(in data: Data) throws -> [JSONValue] {
        let bytes = Array(data)
        var values: [JSONValue] = []
        var index = 0
        while true {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
            guard index < bytes.count else { return values }
            let end = endOfValue(in: bytes, from: index)
            values.append(try JSONDecoder().decode(JSONValue.self, from: Data(bytes[index..<end])))
            index = end
        }
    }

    /// The index just past the JSON value starting at `start`.
    private static func endOfValue(in bytes: [UInt8], from start: Int) -> Int {
        let isContainer = bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{")
        var depth = 0
        var inString = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                if !inString && !isContainer { return index }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return index }
            } else if !isContainer && [0x20, 0x0A, 0x0D, 0x09].contains(byte) {
                return index - 1
            }
        }
        return index
    }
}
