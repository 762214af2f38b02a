import Foundation

#if DEBUG
    extension JSON {
        /// The key paths of this value (a sample's payload as the server sent it) that are not in
        /// `written` (the decoded value encoded back): keys no member read, whose data the app never
        /// sees. Null, `false` and empty values carry no data (a member may read them as nil, as
        /// `emptyAsNil:` and `T | false` do), nor do arrays and objects of only such values;
        /// arrays are compared element by element. A key path
        /// that one of `ignoring` begins is left out: the models' `ignore:` lists, from the payload
        /// (`nil` stands for any key or index).
        func keysNotIn(_ written: JSON, ignoring: [[String?]], at path: [String] = []) -> [[String]] {
            switch (self, written) {
            case (.object(let sent), .object(let kept)):
                return sent.keys.sorted().flatMap { key -> [[String]] in
                    let value = sent[key] ?? .null
                    let place = path + [key]
                    guard !value.carriesNoData, !Self.isIgnored(place, by: ignoring) else { return [] }
                    guard let back = kept[key] else { return [place] }
                    return value.keysNotIn(back, ignoring: ignoring, at: place)
                }
            case (.array(let sent), .array(let kept)):
                return zip(sent, kept).enumerated().flatMap { index, pair in
                    pair.0.keysNotIn(pair.1, ignoring: ignoring, at: path + ["[\(index)]"])
                }
            default:
                return []
            }
        }

        /// null, false, an empty text, or an array or object of only such values
        /// (`"building": {"name": [], "type": []}`).
        private var carriesNoData: Bool {
            switch self {
            case .null, .bool(false): true
            case .string(let text): text.isEmpty
            case .array(let items): items.allSatisfy(\.carriesNoData)
            case .object(let members): members.values.allSatisfy(\.carriesNoData)
            default: false
            }
        }

        /// Whether one of `patterns` begins `path`: an element's `[index]` matches `nil` or the
        /// index's digits (`weather.0.id`), a key matches `nil` or itself.
        private static func isIgnored(_ path: [String], by patterns: [[String?]]) -> Bool {
            patterns.contains { pattern in
                pattern.count <= path.count
                    && zip(pattern, path).allSatisfy { wanted, component in
                        guard let wanted else { return true }
                        return component.hasPrefix("[") ? "[\(wanted)]" == component : wanted == component
                    }
            }
        }

        /// Key paths as the runtime's decoding errors write them: `statuses[0].user.mid`.
        static func text(of paths: [[String]]) -> String {
            paths.map { components in
                components.reduce("") { text, component in
                    component.hasPrefix("[") || text.isEmpty ? text + component : text + "." + component
                }
            }.joined(separator: ", ")
        }
    }
#endif
