import XToolYAML

/// Whether digits a call sends are a number or text, by how the answers hold the same digits.
struct DigitsInAnswers {
    /// The digits held as text at an identifier's key (`id`, `…_id`, `…Id`): `"id": "1"`.
    private(set) var identifiers: Set<String> = []
    /// The digits of four or more held as text somewhere and never as a number: `"110101"`.
    private(set) var onlyText: Set<String> = []

    init(_ answers: [YAMLNode]) {
        var text: Set<String> = []
        var numbers: Set<String> = []
        for answer in answers { collect(answer, key: "", text: &text, numbers: &numbers) }
        onlyText = text.subtracting(numbers)
    }

    private mutating func collect(_ node: YAMLNode, key: String, text: inout Set<String>, numbers: inout Set<String>) {
        switch node.content {
        case .scalar(let scalar, let style):
            guard !scalar.isEmpty, scalar.utf8.count <= 20, scalar.utf8.allSatisfy({ (0x30...0x39).contains($0) })
            else { return }
            if style == .plain {
                if scalar.utf8.count >= 4 { numbers.insert(scalar) }
                return
            }
            if WireVocabulary.isIdentifier(key) { identifiers.insert(scalar) }
            if scalar.utf8.count >= 4 { text.insert(scalar) }
        case .sequence(let items):
            for item in items { collect(item, key: key, text: &text, numbers: &numbers) }
        case .mapping(let pairs):
            for pair in pairs {
                collect(pair.value, key: pair.key.scalarText ?? "", text: &text, numbers: &numbers)
            }
        }
    }
}
