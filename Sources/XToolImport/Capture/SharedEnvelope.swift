import XToolSamples
import XToolSpec
import XToolYAML

extension EnvelopeDraft {
    /// The envelope the bodies of the calls' successes (2xx) share (`shared(by:)` of bodies).
    static func shared(by exchanges: [CapturedExchange]) -> EnvelopeDraft? {
        shared(by: exchanges.filter { (200...299).contains($0.status) }.compactMap(\.responseJSON))
    }

    /// The envelope every success body shares: a payload key (`data`, `result`…) and a status key
    /// (`code`, `status`, `errno`…) in every one (`WireVocabulary`); success is the status's
    /// value in the bodies whose payload is not null. Without a payload key, a status beside the
    /// payload's own keys (`statusBeside`).
    static func shared(by bodies: [YAMLNode]) -> EnvelopeDraft? {
        let objects = bodies.filter(\.isMapping)
        guard !objects.isEmpty, objects.count == bodies.count else { return nil }
        var common = Set(objects[0].entries.map { $0.key })
        for object in objects.dropFirst() { common.formIntersection(object.entries.map { $0.key }) }
        guard let data = WireVocabulary.data.first(where: { common.contains($0) }),
            let status = WireVocabulary.status.first(where: { common.contains($0) })
        else { return statusBeside(in: objects, common: common) }
        let key = { Spec.KeyPath(components: [$0]) }
        var counts: [String: Int] = [:]
        for object in objects {
            // The status's value as the success test compares it.
            guard SampleLinter.envelopeValue(at: key(data), in: object) != nil,
                let value = SampleLinter.successTestValue(at: key(status), in: object).text
            else { continue }
            counts[value, default: 0] += 1
        }
        guard let value = counts.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).first?.key else { return nil }
        let message = WireVocabulary.message.first { common.contains($0) }
        return EnvelopeDraft(
            data: key(data), successPath: key(status), successValue: value, message: message.map(key),
            code: WireVocabulary.successFlag.contains(status) ? nil : key(status))
    }

    /// An envelope with no payload key, whose payload is the document beside its keys (Amap's
    /// `{status: "1", info, infocode, <payload keys>…}`), found from the bodies: a key in every
    /// one whose scalar value, of two or three kinds, is one in two answers or more that carry
    /// the most (success) and another in the failures (`status: "0"`, `ok: false`,
    /// `status: "ERROR"`). The failures hold a message (words: `info`, `error`) and nothing of a
    /// payload: only the status, the message, a code (digits in every failure: `infocode`), keys
    /// every success holds and scalars no success holds; and every success holds a key no failure
    /// does, unless the key is named a status (`WireVocabulary.status`). The code is the status
    /// itself, not a flag, where the failures hold none. Of several such keys, the one of fewest
    /// values, then the one named a status. Without a failure, no envelope: a key of one value is
    /// no evidence. A payload key every success holds and no failure does is `data:`.
    private static func statusBeside(in objects: [YAMLNode], common: Set<String>) -> EnvelopeDraft? {
        let key = { Spec.KeyPath(components: [$0]) }
        var found: (envelope: EnvelopeDraft, values: Int)?
        for status in objects[0].entries.map(\.key) where common.contains(status) {
            let values = objects.map { object -> String? in
                guard object[status]?.scalarText != nil else { return nil }
                return SampleLinter.successTestValue(at: key(status), in: object).text
            }
            guard values.allSatisfy({ $0 != nil }) else { continue }
            let distinct = Set(values.map { $0! })
            guard (2...3).contains(distinct.count) else { continue }
            // The success: a value two answers hold or more, those of the most keys first.
            let byValue = Dictionary(grouping: objects.indices, by: { values[$0]! })
            let sizes = byValue.mapValues { indices in indices.map { objects[$0].entries.count }.max()! }
            let candidates = byValue.keys.filter { byValue[$0]!.count > 1 }.sorted {
                (sizes[$1]!, $0) < (sizes[$0]!, $1)
            }
            guard
                let envelope = candidates.lazy.compactMap({ success in
                    Self.envelope(
                        status: status, success: success,
                        failures: objects.indices.filter { values[$0] != success }.map { objects[$0] },
                        successes: byValue[success]!.map { objects[$0] })
                }).first
            else { continue }
            if let best = found {
                let named = { WireVocabulary.status.contains($0) }
                let bestStatus = best.envelope.successPath.components[0]
                guard
                    distinct.count < best.values
                        || (distinct.count == best.values && named(status) && !named(bestStatus))
                else { continue }
            }
            found = (envelope, distinct.count)
        }
        return found?.envelope
    }

    /// The envelope of `status`, whose value `success` the `successes` hold and the `failures`
    /// don't, where the failures hold nothing of a payload (see `statusBeside`).
    private static func envelope(status: String, success: String, failures: [YAMLNode], successes: [YAMLNode])
        -> EnvelopeDraft?
    {
        let key = { Spec.KeyPath(components: [$0]) }
        var shared = Set(failures[0].entries.map(\.key))
        for failure in failures.dropFirst() { shared.formIntersection(failure.entries.map(\.key)) }
        shared.remove(status)
        let texts = { (name: String) in failures.compactMap { $0[name]?.scalarText } }
        let isCode = { (name: String) in
            texts(name).count == failures.count && texts(name).allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        }
        // A message: words in every failure that holds it (some may not: a failure that needs
        // no word).
        let isMessage = { (name: String) in
            name != status
                && failures.allSatisfy { failure in
                    failure[name].map { $0.scalarText?.contains(where: \.isLetter) ?? false } ?? true
                } && !texts(name).isEmpty
        }
        let order = failures.flatMap { $0.entries.map(\.key) }
        let code =
            WireVocabulary.code.first { shared.contains($0) && isCode($0) }
            ?? order.first { shared.contains($0) && isCode($0) }
        guard
            let message = WireVocabulary.message.first(where: isMessage)
                ?? order.filter(isMessage).max(by: { texts($0).count < texts($1).count })
        else { return nil }
        var everySuccess = Set(successes[0].entries.map(\.key))
        for other in successes.dropFirst() { everySuccess.formIntersection(other.entries.map(\.key)) }
        let successKeys = Set(successes.flatMap { $0.entries.map(\.key) })
        let failureKeys = Set(failures.flatMap { $0.entries.map(\.key) })
        let failureOnly = { (name: String) in
            !successKeys.contains(name) && failures.allSatisfy { $0[name].map { $0.scalarText != nil } ?? true }
        }
        guard
            failureKeys.allSatisfy({
                [status, message, code].contains($0) || everySuccess.contains($0) || failureOnly($0)
            }),
            WireVocabulary.status.contains(status)
                || successes.allSatisfy({ $0.entries.contains { !failureKeys.contains($0.key) } })
        else { return nil }
        let isFlag = ["true", "false"].contains(success)
        // A payload key every success holds and no failure does (`{code: 0, data}` beside
        // `{code: 40001, msg}`) is the payload after all.
        let data = WireVocabulary.data.first { everySuccess.contains($0) && !failureKeys.contains($0) }
        return EnvelopeDraft(
            data: data.map(key), successPath: key(status), successValue: success, message: key(message),
            code: code.map(key) ?? (isFlag ? nil : key(status)))
    }
}
