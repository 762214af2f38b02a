import CXToolYAML
import XToolDiagnostics

/// One libyaml parser event, copied out of C memory.
enum YAMLEvent {
    case streamStart
    case streamEnd
    case documentStart
    case documentEnd
    case alias(anchor: String)
    case scalar(text: String, style: ScalarStyle, tag: String?, anchor: String?)
    case sequenceStart(tag: String?, anchor: String?)
    case sequenceEnd
    case mappingStart(tag: String?, anchor: String?)
    case mappingEnd
}

/// Pulls events from libyaml over a byte buffer that outlives the reader.
///
/// Lines and columns come from libyaml's marks (0-based, counted in characters) plus one.
struct EventReader: ~Copyable {
    /// On the heap because libyaml keeps a pointer to the parser for its string input.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeBufferPointer<UInt8>

    init(_ input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_input_string(parser, input.baseAddress, input.count)
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
    }

    /// The next event and where it starts.
    func next() throws(YAMLError) -> (YAMLEvent, SourceLocation) {
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw currentError() }
        defer { yaml_event_delete(&event) }
        let location = SourceLocation(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return (.streamStart, location)
        case YAML_STREAM_END_EVENT: return (.streamEnd, location)
        case YAML_DOCUMENT_START_EVENT: return (.documentStart, location)
        case YAML_DOCUMENT_END_EVENT: return (.documentEnd, location)
        case YAML_ALIAS_EVENT:
            return (.alias(anchor: string(event.data.alias.anchor) ?? ""), location)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(
                decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            return (
                .scalar(
                    text: text, style: ScalarStyle(scalar.style), tag: string(scalar.tag),
                    anchor: string(scalar.anchor)),
                location
            )
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            return (.sequenceStart(tag: string(start.tag), anchor: string(start.anchor)), location)
        case YAML_SEQUENCE_END_EVENT: return (.sequenceEnd, location)
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            return (.mappingStart(tag: string(start.tag), anchor: string(start.anchor)), location)
        case YAML_MAPPING_END_EVENT: return (.mappingEnd, location)
        default:
            throw YAMLError("libyaml produced an unknown event", at: location)
        }
    }

    /// libyaml's error as a `YAMLError`: its problem text, its context and where it happened.
    private func currentError() -> YAMLError {
        let parser = self.parser.pointee
        let problem = string(parser.problem) ?? "invalid YAML"
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad encoding, control characters) carry a byte offset, not a mark.
            let value = parser.problem_value
            let hex = String(value, radix: 16, uppercase: true)
            let detail = value >= 0 ? " #\(hex.count < 2 ? "0" + hex : hex)" : ""
            let offset = parser.problem_offset
            let brokenCharacter = problem.hasPrefix("invalid trailing") ? leadByte(before: offset) : offset
            return YAMLError(problem + detail, at: location(ofByteOffset: brokenCharacter))
        }
        var message = problem
        if let context = string(parser.context) {
            message += " (\(context) at \(SourceLocation(parser.context_mark)))"
        }
        return YAMLError(message, at: SourceLocation(parser.problem_mark))
    }

    /// The lead byte of the UTF-8 sequence whose trailing byte at `offset` is bad: libyaml
    /// reports the trailing byte, but the broken character starts at its lead byte.
    private func leadByte(before offset: Int) -> Int {
        var start = min(offset, input.count)
        while start > 0, offset - start < 3, (0x80...0xBF).contains(input[start - 1]) { start -= 1 }
        return start > 0 && input[start - 1] >= 0xC0 ? start - 1 : offset
    }

    /// Line and column of a byte offset, counting characters of the valid UTF-8 before it.
    private func location(ofByteOffset offset: Int) -> SourceLocation {
        let prefix = input.prefix(min(offset, input.count))
        let lineStart = (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
        let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
        return SourceLocation(line: line, column: column)
    }
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
    pointer.map { String(cString: $0) }
}

private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
}

extension SourceLocation {
    fileprivate init(_ mark: yaml_mark_t) {
        self.init(line: mark.line + 1, column: mark.column + 1)
    }
}

extension ScalarStyle {
    fileprivate init(_ style: yaml_scalar_style_t) {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: self = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: self = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: self = .literal
        case YAML_FOLDED_SCALAR_STYLE: self = .folded
        default: self = .plain
        }
    }
}
