import XToolSpec
import XToolYAML

/// Whether digits a call sends are a number or text, by how the answers hold the same digits.
struct DigitsInAnswers {
    /// The digits held as text at an identifier's key (`id`, `…_id`, `…Id`): `"id": "1"`.
    private(set) var identifiers: Set<String> = []
    /// The digits of four or more held as text somewhere and never as a number: `"110101"`.
    private var onlyText: Set<String> = []
    /// How many digits the texts of four digits or more that a key holds have, at the keys that
    /// never hold such a number: `"typecode": "160303"` → `typecode: [6]`.
    private var textWidths: [String: Set<Int>] = [:]
    /// The keys that hold a number of four digits or more somewhere.
    private var numberKeys: Set<String> = []

    init(_ answers: [YAMLNode]) {
        var text: Set<String> = []
        var numbers: Set<String> = []
        for answer in answers {
            collect(answer, key: "", text: &text, numbers: &numbers)
        }
        onlyText = text.subtracting(numbers)
        for key in numberKeys { textWidths[key] = nil }
    }

    /// Whether digits sent as the parameter `name` are text: the answers hold the same digits
    /// only as text (`city=110101`, `"adcode": "110101"`), or digits as wide only as text at a key
    /// named like the parameter (`types=160300`, `"typecode": "160303"`) where no key named as
    /// the parameter holds a number of four digits or more.
    func areText(_ value: String, sentAs name: String) -> Bool {
        if onlyText.contains(value) { return true }
        let stem = SwiftNaming.singular(name).lowercased()
        guard stem.count >= 3, value.utf8.count >= 4, value.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            !numberKeys.contains(name), !numberKeys.contains(stem)
        else { return false }
        return textWidths.contains { key, widths in
            key.lowercased().hasPrefix(stem) && widths.contains(value.utf8.count)
        }
    }

    private mutating func collect(
        _ node: YAMLNode, key: String, text: inout Set<String>, numbers: inout Set<String>
    ) {
        switch node.content {
        case .scalar(let scalar, let style):
            guard !scalar.isEmpty, scalar.utf8.count <= 20, scalar.utf8.allSatisfy({ (0x30...0x39).contains($0) })
            else { return }
            if style == .plain {
                if scalar.utf8.count >= 4 {
                    numbers.insert(scalar)
                    numberKeys.insert(key)
                }
                return
            }
            if WireVocabulary.isIdentifier(key) { identifiers.insert(scalar) }
            if scalar.utf8.count >= 4 {
                text.insert(scalar)
                textWidths[key, default: []].insert(scalar.utf8.count)
            }
        case .sequence(let items):
            for item in items { collect(item, key: key, text: &text, numbers: &numbers) }
        case .mapping(let pairs):
            for pair in pairs {
                collect(pair.value, key: pair.key.scalarText ?? "", text: &text, numbers: &numbers)
            }
        }
    }
}
